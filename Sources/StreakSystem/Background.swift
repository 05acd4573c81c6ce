#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Starts this same program again, detached, and does not wait for it: how the prompt has the
/// cache rebuilt without spending the rebuild's time itself.
public enum Background {
    /// `POSIX_SPAWN_SETSID`, which the C headers only show with `_GNU_SOURCE` on Linux.
    #if canImport(Darwin)
    static let newSession: Int32 = 0x0400
    #else
    static let newSession: Int32 = 0x80
    #endif

    /// The running executable's path.
    public static var executablePath: String? {
        // Not `CommandLine.arguments`: the prompt must not pay for building it.
        ExecutablePath.current(arguments: [])
    }

    /// Starts `executablePath ARGUMENTS` in a new session with no terminal, standard streams on
    /// /dev/null, the parent's environment, and no signal blocked. Fire and forget: the
    /// process is reparented when we exit, so it leaves no zombie. False if it could not start.
    @discardableResult
    public static func start(_ arguments: [String]) -> Bool {
        guard let path = executablePath else { return false }
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        for fd: Int32 in [0, 1, 2] {
            posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(Background.newSession | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = ([path] + arguments).map { strdup($0) }
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let result = (argv + [nil]).withUnsafeBufferPointer { pointers in
            posix_spawn(&pid, path, &actions, &attributes, pointers.baseAddress!, environ)
        }
        return result == 0
    }
}
