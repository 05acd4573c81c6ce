import StreakCore
import StreakSystem

// Not built yet: see the issue that owns this command.
enum Import: Command {
    static let spec = CommandSpec(["import"], usage: "FILE", summary: "merge an export (json or csv); idempotent", count: 0...16)

    static func run(_ invocation: Invocation, _ context: Context) throws -> Int32 {
        throw Failure("'\(spec.name)' is not built yet")
    }
}
