import StreakCore
import StreakSystem

// Not built yet: see the issue that owns this command.
enum Export: Command {
    static let spec = CommandSpec(["export"], usage: "[--format json|csv]", summary: "everything, to stdout", count: 0...16)

    static func run(_ invocation: Invocation, _ context: Context) throws -> Int32 {
        throw Failure("'\(spec.name)' is not built yet")
    }
}
