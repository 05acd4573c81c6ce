import StreakCore
import StreakSystem

/// How a command fails, the one error every command throws: a mistake in the command line
/// (exit 2; the message names the closest valid word) or a failed operation (exit 1). Either way
/// one line on stderr, `streakprompt: <what went wrong>; <what to do>`.
public enum CommandError: Error, Equatable, Sendable {
    case usage(String)
    case failure(String)

    public var message: String {
        switch self {
        case .usage(let message), .failure(let message): return message
        }
    }

    public var exitCode: Int32 {
        switch self {
        case .usage: return 2
        case .failure: return 1
        }
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
