import StreakCore
import StreakSystem

// Not built yet: see the issue that owns this command.
enum Doctor: Command {
    static let spec = CommandSpec(["doctor"], usage: "[--repair]", summary: "checks data, cache, hooks; rebuilds what is derived", count: 0...16)

    static func run(_ invocation: Invocation, _ context: Context) throws -> Int32 {
        throw Failure("'\(spec.name)' is not built yet")
    }
}
