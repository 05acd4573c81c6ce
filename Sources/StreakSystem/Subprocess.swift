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

/// Runs a program to completion with `posix_spawn`, without Foundation (the shipped binary does
/// not link it): stdin from `/dev/null`, stdout and stderr through pipes read until the end.
///
/// Bounded on every side, because it runs inside git hooks that must never hang or flood:
/// stdout beyond `limit` bytes or a run past `timeout` kills the program and is an error; only
/// the first 64 KiB of stderr are kept. The child starts with default signal handling (the CLI
/// ignores SIGPIPE for itself; a child must not inherit that) and an empty signal mask.
public enum Subprocess {
    /// How much of stderr is kept.
    public static let stderrKept = 64 << 10

    /// Runs `arguments[0]` (looked up in `PATH`) with the rest as its arguments.
    ///
    /// - Parameters:
    ///   - unsetting: variables removed from the inherited environment.
    ///   - setting: variables set (or replaced) in it.
    ///   - limit: the most stdout bytes accepted.
    ///   - timeout: milliseconds before the program is killed; nil waits for ever.
    ///   - progress: called as stdout arrives, with the number of lines read so far.
    public static func run(_ arguments: [String], unsetting: [String] = [], setting: [String: String] = [:],
                           limit: Int = 64 << 20, timeout: Int? = nil,
                           progress: ((Int) -> Void)? = nil) throws(SystemError) -> ProcessOutcome {
        precondition(!arguments.isEmpty, "a program to run")
        let program = arguments[0]
        let out = try Pipe(program)
        let err = try Pipe(program)

        var actions = FileActions()
        var attributes = SpawnAttributes()
        defer {
            actions.destroy()
            attributes.destroy()
        }
        actions.redirect(out.write, to: 1)
        actions.redirect(err.write, to: 2)
        actions.openNull(as: 0)
        attributes.resetSignals()

        let argv = CStrings(arguments)
        let envp = CStrings(environment(unsetting: unsetting + Array(setting.keys), setting: setting))
        defer {
            argv.free()
            envp.free()
        }
        var pid = pid_t()
        let spawned = program.withCString { path in
            posix_spawnp(&pid, path, &actions.raw, &attributes.raw, argv.pointers, envp.pointers)
        }
        // The child holds its own copies of the write ends; ours must go, or reading never ends.
        out.closeWrite()
        err.closeWrite()
        guard spawned == 0 else {
            out.closeRead()
            err.closeRead()
            throw SystemError("run", program, code: spawned)
        }

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

    /// The inherited environment, minus the named variables, plus the ones set.
    private static func environment(unsetting: [String], setting: [String: String]) -> [String] {
        var result: [String] = []
        guard var entry = currentEnvironment() else { return result }
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            let name = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? text
            if !unsetting.contains(name) { result.append(text) }
            entry += 1
        }
        for (name, value) in setting.sorted(by: { $0.key < $1.key }) { result.append(name + "=" + value) }
        return result
    }

    /// Runs a program with its output thrown away; its status and how long it took, start to
    /// exit, in nanoseconds.
    public static func time(_ arguments: [String], setting: [String: String] = [:])
        throws(SystemError) -> (status: Int32, nanoseconds: Int64) {
        let start = Monotonic.nanoseconds()
        let outcome = try run(arguments, setting: setting, limit: 1 << 20)
        return (outcome.status, Monotonic.nanoseconds() - start)
    }

    private static func currentEnvironment() -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
        #if canImport(Darwin)
        return _NSGetEnviron()?.pointee
        #else
        return environ
        #endif
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
        let count = chunk.withUnsafeMutableBytes { raw in retrying { Glibc.read(fd, raw.baseAddress!, raw.count) } }
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

/// NUL-terminated copies of strings, for `argv` and `envp`, freed explicitly.
private struct CStrings {
    let pointers: [UnsafeMutablePointer<CChar>?]

    init(_ strings: [String]) {
        pointers = strings.map { strdup($0) } + [nil]
    }

    func free() {
        for pointer in pointers { Glibc.free(pointer) }
    }
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

    mutating func openNull(as target: Int32) {
        posix_spawn_file_actions_addopen(&raw, target, "/dev/null", O_RDONLY, 0)
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

    /// Default handling for SIGPIPE (and the usual suspects), and no blocked signals.
    mutating func resetSignals() {
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGINT, SIGQUIT, SIGTERM, SIGCHLD] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&raw, &defaults)
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&raw, &mask)
        posix_spawnattr_setflags(&raw, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
    }

    mutating func destroy() { posix_spawnattr_destroy(&raw) }
}

/// A clock that never jumps, for deadlines.
enum Monotonic {
    static func nanoseconds() -> Int64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Int64(spec.tv_sec) * 1_000_000_000 + Int64(spec.tv_nsec)
    }

    static func milliseconds() -> Int64 {
        nanoseconds() / 1_000_000
    }
}

#if canImport(Darwin)
private enum Glibc {
    static func read(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int { Darwin.read(fd, buffer, count) }
    static func free(_ pointer: UnsafeMutableRawPointer?) { Darwin.free(pointer) }
}
#elseif canImport(Musl)
private enum Glibc {
    static func read(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int { Musl.read(fd, buffer, count) }
    static func free(_ pointer: UnsafeMutableRawPointer?) { Musl.free(pointer) }
}
#endif
