import StreakCore
import StreakSystem

/// `streakprompt version` (and `--version`): the version, one line.
enum Version: Command {
    static let spec = CommandSpec(["version"], usage: "", summary: "print the version (also --version)")

    static var line: String { "streakprompt \(CLI.version)" }

    static func run(_ invocation: Invocation, _ context: Context) throws(CommandError) -> Int32 {
        context.out.line(line)
        return 0
    }
}
