import StreakCore
import StreakSystem

// Not built yet: see the issue that owns this command.
enum Calendar: Command {
    static let spec = CommandSpec(["calendar"], usage: "[NAME] [--weeks N]", summary: "GitHub-style heat map in the terminal", count: 0...16)

    static func run(_ invocation: Invocation, _ context: Context) throws -> Int32 {
        throw Failure("'\(spec.name)' is not built yet")
    }
}
