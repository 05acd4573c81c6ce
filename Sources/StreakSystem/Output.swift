#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

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
        // EPIPE and friends: nobody is reading any more.
        if !systemWriteAll(fd, memory, count) { closed = true }
        count = 0
    }

    /// Whether the output goes to a terminal.
    public var isTerminal: Bool { isatty(fd) == 1 }

    /// Writes a message to standard error at once (unbuffered: it must survive an exit).
    public static func error(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            if let base = bytes.baseAddress { _ = systemWriteAll(2, base, bytes.count) }
        }
    }
}
