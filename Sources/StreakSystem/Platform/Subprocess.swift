#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import StreakCore

/// What a finished program left behind.
public struct ProcessOutcome: Sendable {
    /// The exit status, or 128 + the signal number when a signal ended it (as shells report it).
    public var status: Int32
    public var stdout: [UInt8]
    /// The start of what it wrote to stderr (kept for error messages; the rest is drained).
    public var stderr: [UInt8]

    public var succeeded: Bool { status == 0 }

    /// Standard output as text, without its trailing line breaks.
    public var text: String {
        var text = String(decoding: stdout, as: UTF8.self)
        while text.hasSuffix("\n") || text.hasSuffix("\r") { text.removeLast() }
        return text
    }

    /// Standard error as one line (its non-blank lines joined), for a message.
    public var errorText: String {
        String(decoding: stderr, as: UTF8.self).split(whereSeparator: \.isNewline)
            .map { String($0.trimmingSpaces()) }.filter { !$0.isEmpty }.joined(separator: " / ")
    }

    /// The first line of stderr, for a message that quotes what went wrong.
    public var firstErrorLine: String {
        let line = stderr.split(separator: UInt8(ascii: "\n")).first.map(Array.init) ?? []
        return String(decoding: line, as: UTF8.self)
    }
}

/// Runs a program to completion, without Foundation (the shipped binary does not link it):
/// stdin from `/dev/null`, stdout and stderr through pipes read until the end.
///
/// Bounded on every side, because it runs inside git hooks that must never hang or flood:
/// stdout beyond `limit` bytes or a run past `timeout` kills the program and is an error; only
/// the first 64 KiB of stderr are kept. The program is found with the environment's `PATH`
/// (`ExecutablePath.search`) and started by `Spawn`.
public enum Subprocess {
    /// How much of stderr is kept.
    public static let stderrKept = 64 << 10

    /// Runs `arguments[0]` (looked up in `PATH`) with the rest as its arguments.
    ///
    /// - Parameters:
    ///   - environment: what the program inherits.
    ///   - unsetting: variables removed from it.
    ///   - setting: variables set (or replaced) in it.
    ///   - limit: the most stdout bytes accepted.
    ///   - timeout: milliseconds before the program is killed; nil waits for ever.
    ///   - progress: called as stdout arrives, with the number of lines read so far.
    public static func run(_ arguments: [String], environment: Environment, unsetting: [String] = [],
                           setting: [String: String] = [:], limit: Int = 64 << 20, timeout: Int? = nil,
                           progress: ((Int) -> Void)? = nil) throws(SystemError) -> ProcessOutcome {
        precondition(!arguments.isEmpty, "a program to run")
        let program = arguments[0]
        guard let path = ExecutablePath.search(program, environment: environment) else {
            throw SystemError("run", program, code: ENOENT)
        }
        let out = try Pipe(program)
        let err = try Pipe(program)
        let removed = unsetting + Array(setting.keys)
        var entries = environment.entries().filter { entry in
            let name = entry.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? entry
            return !removed.contains(name)
        }
        for (name, value) in setting.sorted(by: { $0.key < $1.key }) { entries.append(name + "=" + value) }
        let pid: pid_t
        do {
            pid = try Spawn.start(path, arguments: arguments, environment: entries, stdout: out.write, stderr: err.write)
        } catch {
            out.closeWrite()
            err.closeWrite()
            out.closeRead()
            err.closeRead()
            throw SystemError("run", program, code: error.code)
        }
        // The child holds its own copies of the write ends; ours must go, or reading never ends.
        out.closeWrite()
        err.closeWrite()

        var collected = Collected(limit: limit)
        let deadline = timeout.map { Monotonic.milliseconds() + Int64($0) }
        var failure: Int32?
        var open = [out.read, err.read]
        while !open.isEmpty {
            var polled = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            var wait: Int32 = -1
            if let deadline {
                let left = deadline - Monotonic.milliseconds()
                if left <= 0 { failure = ETIMEDOUT; break }
                wait = Int32(min(left, Int64(Int32.max)))
            }
            let ready = polled.withUnsafeMutableBufferPointer { poll($0.baseAddress, nfds_t($0.count), wait) }
            if ready < 0 {
                if errno == EINTR { continue }
                failure = errno
                break
            }
            for entry in polled where entry.revents != 0 {
                let isOut = entry.fd == out.read
                switch collected.drain(entry.fd, into: isOut ? .stdout : .stderr) {
                case .more: break
                case .end: open.removeAll { $0 == entry.fd }
                case .failed(let code): failure = code
                }
                if isOut, let progress { progress(collected.lines) }
            }
            if failure != nil { break }
        }
        if failure != nil { _ = kill(pid, SIGKILL) }
        out.closeRead()
        err.closeRead()
        let status = reap(pid)
        if let failure { throw SystemError("run", program, code: failure) }
        return ProcessOutcome(status: status, stdout: collected.stdout, stderr: collected.stderr)
    }

    /// Waits for the child and decodes its status (the `WIFEXITED` macros are not visible to Swift).
    private static func reap(_ pid: pid_t) -> Int32 {
        var raw: Int32 = 0
        while waitpid(pid, &raw, 0) < 0 {
            if errno != EINTR { return 127 }
        }
        let signal = raw & 0x7F
        return signal == 0 ? (raw >> 8) & 0xFF : 128 + signal
    }

    /// Runs a program with its output thrown away; its status and how long it took, start to
    /// exit, in nanoseconds.
    public static func time(_ arguments: [String], environment: Environment, setting: [String: String] = [:])
        throws(SystemError) -> (status: Int32, nanoseconds: Int64) {
        let start = Monotonic.nanoseconds()
        let outcome = try run(arguments, environment: environment, setting: setting, limit: 1 << 20)
        return (outcome.status, Monotonic.nanoseconds() - start)
    }
}

/// A pipe whose ends are closed on exec, so no other child inherits them.
private final class Pipe {
    private(set) var read: Int32
    private(set) var write: Int32

    init(_ program: String) throws(SystemError) {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw SystemError("create a pipe for", program) }
        read = fds[0]
        write = fds[1]
        _ = fcntl(read, F_SETFD, FD_CLOEXEC)
        _ = fcntl(write, F_SETFD, FD_CLOEXEC)
    }

    func closeWrite() {
        if write >= 0 { _ = close(write); write = -1 }
    }

    func closeRead() {
        if read >= 0 { _ = close(read); read = -1 }
    }

    deinit {
        closeWrite()
        closeRead()
    }
}

/// What has been read from the child so far.
private struct Collected {
    enum Stream { case stdout, stderr }
    enum Drained { case more, end, failed(Int32) }

    let limit: Int
    var stdout: [UInt8] = []
    var stderr: [UInt8] = []
    var lines = 0
    private var chunk = [UInt8](repeating: 0, count: 64 << 10)

    init(limit: Int) { self.limit = limit }

    /// Reads what one ready descriptor has.
    mutating func drain(_ fd: Int32, into stream: Stream) -> Drained {
        let count = chunk.withUnsafeMutableBytes { raw in systemRead(fd, raw.baseAddress!, raw.count) }
        if count < 0 { return errno == EAGAIN ? .more : .failed(errno) }
        if count == 0 { return .end }
        let bytes = chunk[0..<count]
        switch stream {
        case .stdout:
            guard stdout.count + count <= limit else { return .failed(EFBIG) }
            stdout.append(contentsOf: bytes)
            for byte in bytes where byte == 0x0A { lines += 1 }
        case .stderr:
            let room = max(0, Subprocess.stderrKept - stderr.count)
            stderr.append(contentsOf: bytes.prefix(room))
        }
        return .more
    }
}

/// Starts a program with `posix_spawn`: the one place a process is started, for the programs
/// a command runs and waits for (`Subprocess`) and the one the prompt leaves running
/// (`Background`).
///
/// The child starts with default handling for the signals a command line may have changed for
/// itself (the CLI ignores SIGPIPE; a child must not inherit that), an empty signal mask, and
/// only the descriptors given: every other one is close-on-exec.
enum Spawn {
    /// `POSIX_SPAWN_SETSID`, which the C headers only show with `_GNU_SOURCE` on Linux.
    #if canImport(Darwin)
    static let newSessionFlag: Int32 = 0x0400
    #else
    static let newSessionFlag: Int32 = 0x80
    #endif

    /// Starts `path` with `arguments` (the first is its `argv[0]`) and `environment`
    /// (`NAME=VALUE` entries). Standard input, output and error are the descriptors given, or
    /// `/dev/null` for nil. `newSession` detaches it from the terminal (`setsid`). Returns the
    /// child's process id.
    static func start(_ path: String, arguments: [String], environment: [String], stdin: Int32? = nil,
                      stdout: Int32? = nil, stderr: Int32? = nil, newSession: Bool = false) throws(SystemError) -> pid_t {
        var actions = FileActions()
        var attributes = SpawnAttributes()
        defer {
            actions.destroy()
            attributes.destroy()
        }
        for (target, source) in [(Int32(0), stdin), (1, stdout), (2, stderr)] {
            if let source {
                actions.redirect(source, to: target)
            } else {
                actions.openNull(as: target, writing: target != 0)
            }
        }
        attributes.resetSignals(newSession: newSession)
        let argv = CStrings(arguments)
        let envp = CStrings(environment)
        defer {
            argv.free()
            envp.free()
        }
        var pid = pid_t()
        let result = path.withCString { posix_spawn(&pid, $0, &actions.raw, &attributes.raw, argv.pointers, envp.pointers) }
        guard result == 0 else { throw SystemError("run", path, code: result) }
        return pid
    }
}

/// NUL-terminated copies of strings, for `argv` and `envp`, freed explicitly.
private struct CStrings {
    let pointers: [UnsafeMutablePointer<CChar>?]

    init(_ strings: [String]) {
        pointers = strings.map { strdup($0) } + [nil]
    }

    func free() {
        for pointer in pointers { freeMemory(pointer) }
    }
}

@inline(__always)
private func freeMemory(_ pointer: UnsafeMutableRawPointer?) {
    free(pointer)
}

private struct FileActions {
    #if canImport(Darwin)
    var raw: posix_spawn_file_actions_t? = nil
    #else
    var raw = posix_spawn_file_actions_t()
    #endif

    init() { posix_spawn_file_actions_init(&raw) }

    mutating func redirect(_ fd: Int32, to target: Int32) {
        posix_spawn_file_actions_adddup2(&raw, fd, target)
    }

    mutating func openNull(as target: Int32, writing: Bool) {
        posix_spawn_file_actions_addopen(&raw, target, "/dev/null", writing ? O_WRONLY : O_RDONLY, 0)
    }

    mutating func destroy() { posix_spawn_file_actions_destroy(&raw) }
}

private struct SpawnAttributes {
    #if canImport(Darwin)
    var raw: posix_spawnattr_t? = nil
    #else
    var raw = posix_spawnattr_t()
    #endif

    init() { posix_spawnattr_init(&raw) }

    /// Default handling for SIGPIPE (and the usual suspects), no blocked signal, and a session
    /// of its own when asked.
    mutating func resetSignals(newSession: Bool) {
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGINT, SIGQUIT, SIGTERM, SIGCHLD] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&raw, &defaults)
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&raw, &mask)
        var flags = Int32(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK)
        if newSession { flags |= Spawn.newSessionFlag }
        posix_spawnattr_setflags(&raw, Int16(flags))
    }

    mutating func destroy() { posix_spawnattr_destroy(&raw) }
}
