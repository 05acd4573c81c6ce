import StreakCore
import StreakSystem

/// A failed operation: `streakprompt: <what went wrong>; <what to do>` on stderr, exit 1.
public struct Failure: Error, Sendable {
    public var message: String
    public var exitCode: Int32

    public init(_ message: String, exitCode: Int32 = 1) {
        self.message = message
        self.exitCode = exitCode
    }
}

/// The one way commands end: an exit code, and for errors one message on stderr.
enum Exit {
    static func report(_ message: String) {
        Output.error("streakprompt: " + message + "\n")
    }

    static func warn(_ message: String) {
        report("warning: " + message)
    }
}
