#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A program run to completion with `posix_spawn`: `git` for `sync` and `doctor`, and this
/// binary itself when `doctor` times the prompt. Standard input is `/dev/null`, so a child
/// that would ask a question fails instead of waiting; the environment is inherited.
public enum SpawnedProcess {
    /// How a child ended, and what it printed.
    public struct Outcome: Sendable {
        /// The exit status, or 128 + the signal that killed it.
        public var status: Int32
        public var output: [UInt8]
        public var errors: [UInt8]

        public var succeeded: Bool { status == 0 }

        /// Standard output as text, without its trailing line break.
        public var text: String {
            var text = String(decoding: output, as: UTF8.self)
            while text.hasSuffix("\n") || text.hasSuffix("\r") { text.removeLast() }
            return text
        }

        /// Standard error as one line, for a message.
        public var errorText: String {
            String(decoding: errors, as: UTF8.self).split(whereSeparator: \.isNewline)
                .map { $0.trimmedOfBlanks() }.filter { !$0.isEmpty }.joined(separator: " / ")
        }
    }

    /// Runs `arguments` (the program is looked up on `PATH`), collecting both outputs.
    public static func run(_ arguments: [String], environment extra: [String: String] = [:]) throws(SystemError) -> Outcome {
        precondition(!arguments.isEmpty)
        var outPipe: [Int32] = [-1, -1]
        var errPipe: [Int32] = [-1, -1]
        guard pipe(&outPipe) == 0 else { throw SystemError("create a pipe for", arguments[0]) }
        guard pipe(&errPipe) == 0 else {
            let failure = SystemError("create a pipe for", arguments[0])
            close(outPipe[0]); close(outPipe[1])
            throw failure
        }
        let pid: pid_t
        do {
            pid = try spawn(arguments, extra: extra, stdout: .fd(outPipe[1]), stderr: .fd(errPipe[1]))
        } catch {
            for fd in outPipe + errPipe { close(fd) }
            throw error
        }
        close(outPipe[1])
        close(errPipe[1])
        var output: [UInt8] = []
        var errors: [UInt8] = []
        drain(outPipe[0], into: &output, and: errPipe[0], into: &errors)
        close(outPipe[0])
        close(errPipe[0])
        return Outcome(status: wait(for: pid), output: output, errors: errors)
    }

    /// Runs `arguments` with its output thrown away, and returns its status and how long it
    /// took, start to exit, in nanoseconds.
    public static func time(_ arguments: [String], environment extra: [String: String] = [:])
        throws(SystemError) -> (status: Int32, nanoseconds: Int64)
    {
        let start = monotonicNanoseconds()
        let pid = try spawn(arguments, extra: extra, stdout: .null, stderr: .null)
        let status = wait(for: pid)
        return (status, monotonicNanoseconds() - start)
    }

    /// Where this running program's executable is, for running itself again.
    public static func currentExecutable() -> String {
        #if os(Linux)
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        if count > 0 {
            return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        #endif
        return CommandLine.arguments.first ?? "streakprompt"
    }

    // MARK: Internals

    enum Sink {
        case fd(Int32)
        case null
    }

    static func spawn(_ arguments: [String], extra: [String: String], stdout: Sink, stderr: Sink) throws(SystemError) -> pid_t {
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        #else
        var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        for (target, sink) in [(Int32(1), stdout), (Int32(2), stderr)] {
            switch sink {
            case .fd(let fd): posix_spawn_file_actions_adddup2(&actions, fd, target)
            case .null: posix_spawn_file_actions_addopen(&actions, target, "/dev/null", O_WRONLY, 0)
            }
        }

        var environment = currentEnvironment()
        for (key, value) in extra {
            environment.removeAll { $0.hasPrefix(key + "=") }
            environment.append(key + "=" + value)
        }
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        // This process ignores SIGPIPE (a closed stdout is handled as an error instead); an
        // ignored signal would be inherited, so the child gets the default back.
        #if canImport(Darwin)
        var attributes: posix_spawnattr_t?
        #else
        var attributes = posix_spawnattr_t()
        #endif
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))

        var pid: pid_t = 0
        let result = posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, envp)
        guard result == 0 else { throw SystemError("run", arguments[0], code: result) }
        return pid
    }

    static func currentEnvironment() -> [String] {
        #if canImport(Darwin)
        guard var pointer = darwinEnviron().pointee else { return [] }
        #else
        guard var pointer = environ as UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? else { return [] }
        #endif
        var out: [String] = []
        while let entry = pointer.pointee {
            out.append(String(cString: entry))
            pointer += 1
        }
        return out
    }

    /// Reads two pipes to their ends at once, so a child that fills one while we wait on the
    /// other never blocks.
    static func drain(_ a: Int32, into first: inout [UInt8], and b: Int32, into second: inout [UInt8]) {
        var open = [a, b]
        var chunk = [UInt8](repeating: 0, count: 65536)
        while !open.isEmpty {
            var fds = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let ready = poll(&fds, nfds_t(fds.count), -1)
            if ready < 0 {
                if errno == EINTR { continue }
                return
            }
            for entry in fds where entry.revents != 0 {
                let n = chunk.withUnsafeMutableBytes { read(entry.fd, $0.baseAddress!, $0.count) }
                if n > 0 {
                    if entry.fd == a { first.append(contentsOf: chunk[0..<n]) } else { second.append(contentsOf: chunk[0..<n]) }
                } else if n == 0 || errno != EINTR {
                    open.removeAll { $0 == entry.fd }
                }
            }
        }
    }

    static func wait(for pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 {
            if errno != EINTR { return 127 }
        }
        // The <sys/wait.h> macros are not visible to Swift: exited when the low 7 bits are 0.
        if status & 0x7F == 0 { return (status >> 8) & 0xFF }
        return 128 + (status & 0x7F)
    }

    static func monotonicNanoseconds() -> Int64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Int64(spec.tv_sec) * 1_000_000_000 + Int64(spec.tv_nsec)
    }
}

extension Substring {
    func trimmedOfBlanks() -> String {
        var s = self
        while let first = s.first, first == " " || first == "\t" { s.removeFirst() }
        while let last = s.last, last == " " || last == "\t" { s.removeLast() }
        return String(s)
    }
}

#if canImport(Darwin)
// `environ` is not visible to Swift on Darwin; the C library hands it out through this call.
@_silgen_name("_NSGetEnviron")
private func darwinEnviron() -> UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
#endif
