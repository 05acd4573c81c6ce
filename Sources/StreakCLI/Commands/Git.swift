import StreakCore
import StreakSystem

// Not built yet: see the issue that owns these commands.
enum GitInstall: Command {
    static let spec = CommandSpec(["git", "install"], usage: "[--global] [--name NAME]",
                                  summary: "add the post-commit hook to this repository", count: 0...16)

    static func run(_ invocation: Invocation, _ context: Context) throws -> Int32 {
        throw Failure("'\(spec.name)' is not built yet")
    }
}

enum GitUninstall: Command {
    static let spec = CommandSpec(["git", "uninstall"], usage: "[--global]",
                                  summary: "remove the hook, restoring what was there", count: 0...16)

    static func run(_ invocation: Invocation, _ context: Context) throws -> Int32 {
        throw Failure("'\(spec.name)' is not built yet")
    }
}

enum GitStatus: Command {
    static let spec = CommandSpec(["git", "status"], usage: "[--global]",
                                  summary: "show where the hook is installed", count: 0...16)

    static func run(_ invocation: Invocation, _ context: Context) throws -> Int32 {
        throw Failure("'\(spec.name)' is not built yet")
    }
}
