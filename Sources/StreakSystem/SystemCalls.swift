#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import StreakCore

/// A failed system call: what was attempted, on which path, and the `errno` it gave.
public struct SystemError: Error, Equatable, Sendable {
    public var operation: String
    public var path: String
    public var code: Int32

    public init(_ operation: String, _ path: String, code: Int32 = errno) {
        self.operation = operation
        self.path = path
        self.code = code
    }

    /// `cannot open /x/y: Permission denied`.
    public var message: String {
        "cannot \(operation) \(path): \(SystemError.describe(code))"
    }

    public static func describe(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }

    public var isNotFound: Bool { code == ENOENT || code == ENOTDIR }
}

/// Retries a system call interrupted by a signal.
@inline(__always)
func retrying<T: SignedInteger>(_ call: () -> T) -> T {
    while true {
        let result = call()
        if result == -1 && errno == EINTR { continue }
        return result
    }
}

/// `read(2)`, under a name no type's own `read` method can shadow.
@inline(__always)
func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    retrying { read(fd, buffer, count) }
}

/// Writes every byte, retrying interrupted and short writes. False on any other error (a
/// closed pipe, a full disk): the caller decides whether that matters.
func systemWriteAll(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Bool {
    var written = 0
    while written < count {
        let n = retrying { write(fd, buffer + written, count - written) }
        if n < 0 { return false }
        written += n
    }
    return true
}

/// Process-wide settings for a command-line tool.
public enum ProcessSetup {
    /// A closed pipe then shows up as `EPIPE` on write, which `Output` treats as the reader
    /// having gone away, instead of killing the process.
    public static func ignoreBrokenPipe() {
        signal(SIGPIPE, SIG_IGN)
    }
}

/// An open file descriptor, closed when the last reference goes.
public final class FileDescriptor {
    public let raw: Int32
    public let path: String

    public static func open(_ path: String, _ flags: Int32, mode: mode_t = 0o644) throws(SystemError) -> FileDescriptor {
        let fd = retrying { path.withCString { openFile($0, flags | O_CLOEXEC, mode) } }
        guard fd >= 0 else { throw SystemError("open", path) }
        return FileDescriptor(raw: fd, path: path)
    }

    private init(raw: Int32, path: String) {
        self.raw = raw
        self.path = path
    }

    deinit {
        _ = close(raw)
    }

    public func size() throws(SystemError) -> Int {
        var info = stat()
        guard fstat(raw, &info) == 0 else { throw SystemError("stat", path) }
        return Int(info.st_size)
    }

    /// Everything from the current offset to the end, refusing files larger than `limit`.
    public func readAll(limit: Int) throws(SystemError) -> [UInt8] {
        let expected = try size()
        guard expected <= limit else { throw SystemError("read", path, code: EFBIG) }
        var buffer = [UInt8](repeating: 0, count: max(expected, 0) + 1)
        var filled = 0
        while true {
            if filled == buffer.count {
                guard buffer.count <= limit else { throw SystemError("read", path, code: EFBIG) }
                buffer.append(contentsOf: [UInt8](repeating: 0, count: max(4096, buffer.count)))
            }
            let n = buffer.withUnsafeMutableBytes { raw in
                retrying { read(self.raw, raw.baseAddress! + filled, raw.count - filled) }
            }
            if n < 0 { throw SystemError("read", path) }
            if n == 0 { break }
            filled += n
        }
        guard filled <= limit else { throw SystemError("read", path, code: EFBIG) }
        buffer.removeLast(buffer.count - filled)
        return buffer
    }

    /// Writes every byte, retrying short writes.
    public func writeAll(_ bytes: some Collection<UInt8>) throws(SystemError) {
        let array = Array(bytes)
        let ok = array.withUnsafeBytes { raw in
            raw.baseAddress.map { systemWriteAll(self.raw, $0, raw.count) } ?? true
        }
        if !ok { throw SystemError("write", path) }
    }

    public func sync() throws(SystemError) {
        guard retrying({ fsync(raw) }) == 0 else { throw SystemError("sync", path) }
    }

    /// The byte at `offset`, or nil past the end.
    public func byte(at offset: Int) throws(SystemError) -> UInt8? {
        var byte: UInt8 = 0
        let n = retrying { pread(raw, &byte, 1, off_t(offset)) }
        if n < 0 { throw SystemError("read", path) }
        return n == 1 ? byte : nil
    }

    /// Up to `count` bytes from `offset` (fewer at the end of the file).
    public func bytes(at offset: Int, count: Int) throws(SystemError) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: max(0, count))
        var filled = 0
        while filled < buffer.count {
            let n = buffer.withUnsafeMutableBytes { raw in
                retrying { pread(self.raw, raw.baseAddress! + filled, raw.count - filled, off_t(offset + filled)) }
            }
            if n < 0 { throw SystemError("read", path) }
            if n == 0 { break }
            filled += n
        }
        buffer.removeLast(buffer.count - filled)
        return buffer
    }

    /// Blocks until this process holds the exclusive lock on the file (released on close, or
    /// when the process dies, even by `kill -9`).
    public func lockExclusive() throws(SystemError) {
        guard retrying({ flock(raw, LOCK_EX) }) == 0 else { throw SystemError("lock", path) }
    }

    public func unlock() {
        _ = flock(raw, LOCK_UN)
    }
}

// One spelling of the three-argument `open` for every libc.
@inline(__always)
func openFile(_ path: UnsafePointer<CChar>, _ flags: Int32, _ mode: mode_t) -> Int32 {
    open(path, flags, mode)
}

/// POSIX extended regular expressions, as the C library compiles them: what bash's `=~` and
/// zsh's `=~` (without PCRE) match a command line with, so a pattern `init --tick-on` accepts is
/// one the shell will read.
public enum ExtendedRegex {
    /// Why the pattern is refused, or nil when it compiles.
    public static func problem(_ pattern: String) -> String? {
        if pattern.isEmpty { return "it is empty" }
        if pattern.unicodeScalars.contains(where: Text.isControl) { return "it holds a control character" }
        var compiled = regex_t()
        let code = regcomp(&compiled, pattern, REG_EXTENDED | REG_NOSUB)
        guard code != 0 else {
            regfree(&compiled)
            return nil
        }
        var buffer = [CChar](repeating: 0, count: 256)
        regerror(code, &compiled, &buffer, buffer.count)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
