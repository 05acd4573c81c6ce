import StreakBuildInfo
import StreakCore
import StreakSystem

/// `streakprompt version` (and `--version`): the version, one line; with `--json`, also the
/// commit the binary was built from, for bug reports and scripts.
enum Version: Command {
    static let spec = CommandSpec(
        ["version"], usage: "[--json]", summary: "print the version (also --version)",
        details: """
        --json adds the commit it was built from ("-dirty" after it when built with
        uncommitted changes, "unknown" when not built from a git checkout).
        """,
        flags: [CommandTable.json])

    static var line: String { "streakprompt \(BuildInfo.version)" }

    static func run(_ invocation: Invocation, _ context: Context) throws(CommandError) -> Int32 {
        if invocation.has(CommandTable.json) {
            context.out.line(JSON.object([("version", .string(BuildInfo.version)),
                                          ("commit", .string(BuildInfo.commit))]).pretty)
            return 0
        }
        context.out.line(line)
        return 0
    }
}
