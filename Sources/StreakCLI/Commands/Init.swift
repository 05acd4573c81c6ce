import StreakCore
import StreakSystem

// Not built yet: see the issue that owns this command.
enum Init: Command {
    static let spec = CommandSpec(["init"], usage: "bash|zsh|fish [--tick-on REGEX] [--name NAME]", summary: "print the shell plugin to eval", count: 0...16)

    static func run(_ invocation: Invocation, _ context: Context) throws -> Int32 {
        throw Failure("'\(spec.name)' is not built yet")
    }
}
