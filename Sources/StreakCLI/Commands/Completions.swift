import StreakCore
import StreakSystem

// Not built yet: see the issue that owns this command.
enum Completions: Command {
    static let spec = CommandSpec(["completions"], usage: "bash|zsh|fish", summary: "print shell completions", count: 0...16)

    static func run(_ invocation: Invocation, _ context: Context) throws -> Int32 {
        throw Failure("'\(spec.name)' is not built yet")
    }
}
