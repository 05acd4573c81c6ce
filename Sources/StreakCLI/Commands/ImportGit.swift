import StreakCore
import StreakSystem

// Not built yet: see the issue that owns this command.
enum ImportGit: Command {
    static let spec = CommandSpec(["import", "git"], usage: "[PATH...] [--author EMAIL] [--name NAME]", summary: "backfill a streak from git history", count: 0...16)

    static func run(_ invocation: Invocation, _ context: Context) throws -> Int32 {
        throw Failure("'\(spec.name)' is not built yet")
    }
}
