#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import StreakCore

/// Standard output, buffered and written with `write(2)`. A reader that goes away (`| head`)
/// is not an error: the rest of the output is dropped and the command still succeeds.
public final class Output {
    private let fd: Int32
    // Raw memory rather than [UInt8]: see `FileBytes` for why the prompt avoids arrays.
    private var memory: UnsafeMutablePointer<UInt8>
    private var capacity = 4096
    private var count = 0
    private(set) var closed = false

    public init(fd: Int32) {
        self.fd = fd
        memory = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    }

    deinit {
        memory.deallocate()
    }

    public func write(_ text: String) {
        guard !closed else { return }
        var text = text
        text.withUTF8 { bytes in
            if count + bytes.count > capacity {
                flush()
                if bytes.count > capacity {
                    let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: bytes.count)
                    memory.deallocate()
                    memory = grown
                    capacity = bytes.count
                }
            }
            guard let base = bytes.baseAddress else { return }
            (memory + count).update(from: base, count: bytes.count)
            count += bytes.count
        }
    }

    public func line(_ text: String = "") {
        write(text)
        write("\n")
    }

    public func flush() {
        guard !closed, count > 0 else { return }
        var written = 0
        while written < count {
            let n = Glibc.write(fd, memory + written, count - written)
            if n < 0 {
                if errno == EINTR { continue }
                closed = true  // EPIPE and friends: nobody is reading any more.
                break
            }
            written += n
        }
        count = 0
    }

    /// Whether the output goes to a terminal.
    public var isTerminal: Bool { isatty(fd) == 1 }
}

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
        let text = "streakprompt: " + message + "\n"
        var bytes = Array(text.utf8)
        bytes.withUnsafeMutableBytes { raw in
            var written = 0
            while written < raw.count {
                let n = Glibc.write(2, raw.baseAddress! + written, raw.count - written)
                if n < 0 { if errno == EINTR { continue }; return }
                written += n
            }
        }
    }

    static func warn(_ message: String) {
        report("warning: " + message)
    }
}

#if canImport(Darwin)
private enum Glibc {
    static func write(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int { Darwin.write(fd, buffer, count) }
}
#elseif canImport(Musl)
private enum Glibc {
    static func write(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int { Musl.write(fd, buffer, count) }
}
#endif
