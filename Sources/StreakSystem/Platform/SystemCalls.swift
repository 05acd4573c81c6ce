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
    /// Why, in words, when `errno` would mislead: a named pipe where a file belongs has no
    /// `errno` of its own.
    public var detail: String?

    public init(_ operation: String, _ path: String, code: Int32 = errno, detail: String? = nil) {
        self.operation = operation
        self.path = path
        self.code = code
        self.detail = detail
    }

    /// `cannot open /x/y: Permission denied`.
    public var message: String {
        "cannot \(operation) \(path): \(reason)"
    }

    /// `Permission denied`, or the detail.
    public var reason: String {
        detail ?? SystemError.describe(code)
    }

    /// The disk (or the user's quota) is full: nothing more can be written until space is freed.
    public var isDiskFull: Bool { code == ENOSPC || code == EDQUOT }

    /// Permissions, or a read-only file system: the folder's owner can fix it.
    public var isPermission: Bool { code == EACCES || code == EPERM || code == EROFS }

    /// What to do about it, for the end of an error message.
    public var advice: String {
        if isDiskFull { return "the disk is full (or your quota is used up): free some space, then try again" }
        if code == EROFS { return "the file system is read-only: set STREAKPROMPT_HOME to a folder on a writable disk" }
        if isNotRegularFile { return "move it out of the way: streakprompt never wrote it" }
        if isLink { return "replace the link with the file it points at, or remove it" }
        if code == EMFILE || code == ENFILE { return "too many files are open (see 'ulimit -n'); close some, then try again" }
        return "check the folder's permissions, or set STREAKPROMPT_HOME to a folder you can write"
    }

    /// What stands at the path is not a regular file (a folder, a named pipe, a device).
    public var isNotRegularFile: Bool { detail != nil && code == EINVAL }
    /// A symbolic link where a data file belongs (`link(_:)`).
    public var isLink: Bool { detail != nil && code == ELOOP }

    /// A symbolic link where a data file belongs: never read or written through.
    static func link(_ path: String) -> SystemError {
        SystemError("open", path, code: ELOOP,
                    detail: "it is a symbolic link, and streakprompt never reads or writes its data through a link ('streakprompt doctor' lists every link in the data folder)")
    }

    /// A name for a file that is not a regular file, from its mode: `a folder`, `a named pipe`.
    static func notRegular(_ operation: String, _ path: String, mode: mode_t) -> SystemError {
        let kind: String
        switch mode & S_IFMT {
        case S_IFDIR: kind = "a folder"
        case S_IFIFO: kind = "a named pipe (FIFO)"
        case S_IFSOCK: kind = "a socket"
        case S_IFCHR, S_IFBLK: kind = "a device"
        default: kind = "not a regular file"
        }
        return SystemError(operation, path, code: EINVAL,
                           detail: kind == "not a regular file" ? kind : "it is \(kind), not a regular file")
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

/// The bytes from `fd`'s offset to its end, read into an array sized by the file (`size`,
/// from `fstat`; a byte more, to see it end) and not zeroed first (zeroing a buffer for each
/// view and the columns file a change reads cost more than reading them), growing only if
/// the file grew, to at most `limit` + 1 bytes (more than `limit`: the caller refuses it).
/// Reaching `size` is the end of a regular file (a read stops short only there). nil: a
/// read failed.
func systemReadToEnd(_ fd: Int32, size: Int, limit: Int) -> [UInt8]? {
    var capacity = Swift.min(Swift.max(size, 0), limit) + 1
    var before: [UInt8] = []
    while true {
        var failed = false
        var full = false
        let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
            let base = buffer.baseAddress!
            before.withUnsafeBufferPointer { if let old = $0.baseAddress { base.initialize(from: old, count: $0.count) } }
            count = before.count
            while count < capacity {
                let n = systemRead(fd, base + count, capacity - count)
                if n < 0 {
                    failed = true
                    return
                }
                if n == 0 || count + n == size {
                    count += n
                    return
                }
                count += n
            }
            full = true
        }
        if failed { return nil }
        if !full || capacity > limit { return bytes }
        before = bytes
        capacity = Swift.min(Swift.max(2 * capacity, 4096), limit + 1)
    }
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

/// Finding a byte in a buffer: `memchr`, a vector's width at a time, where a loop would look at
/// each byte with a bounds check.
enum ByteSearch {
    /// The first index of `byte` in `bytes` at or after `start`, or nil.
    static func index(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let base = bytes.baseAddress, start < bytes.count,
              let found = memchr(base + start, Int32(byte), bytes.count - start)
        else { return nil }
        return UnsafeRawPointer(found) - UnsafeRawPointer(base)
    }
}

/// Process-wide settings for a command-line tool.
public enum ProcessSetup {
    /// A closed pipe then shows up as `EPIPE` on write, which `Output` treats as the reader
    /// having gone away, instead of killing the process.
    public static func ignoreBrokenPipe() {
        signal(SIGPIPE, SIG_IGN)
    }

    /// Ends the process (SIGALRM, default action) once it has run `seconds` from now: the
    /// bound on what the prompt and its background refresh may spend, whatever the file
    /// system does. Everything they write is atomic, so being cut short leaves nothing half
    /// done. Not inherited by processes they start.
    public static func limitRunTime(seconds: UInt32) {
        signal(SIGALRM, SIG_DFL)
        alarm(seconds)
    }

    /// Runs `body` with standard input, output and error on /dev/null, then puts them back as
    /// they were (one closed before is closed again): what a hook git runs does for its own
    /// work, so that nothing it or the runtime could print reaches the commit's output, while a
    /// hook it runs next gets git's own streams.
    public static func quietly(_ body: () -> Void) {
        // Above the standard three: with one of them closed, open would hand out that number,
        // which closing `null` below would leave free for a file the body opens.
        var null = open("/dev/null", O_RDWR | O_CLOEXEC)
        if null >= 0, null < 3 {
            let high = fcntl(null, F_DUPFD_CLOEXEC, 3)
            close(null)
            null = high
        }
        var saved: [Int32] = [-1, -1, -1]
        if null >= 0 {
            for fd in Int32(0)..<3 {
                saved[Int(fd)] = fcntl(fd, F_DUPFD_CLOEXEC, 3)
                dup2(null, fd)
            }
            close(null)
        }
        body()
        guard null >= 0 else { return }
        for fd in Int32(0)..<3 {
            if saved[Int(fd)] >= 0 {
                dup2(saved[Int(fd)], fd)
                close(saved[Int(fd)])
            } else {
                close(fd)
            }
        }
    }

    /// Replaces this process with the program at `path`, as a shell's `exec` does: the same
    /// environment and standard streams, `arguments` as its whole argument vector, and the
    /// signal dispositions a shell would pass on (a broken pipe kills it again). Returns only
    /// when the program could not be started.
    public static func replace(with path: String, arguments: [String]) {
        signal(SIGPIPE, SIG_DFL)
        var vector: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
        vector.append(nil)
        _ = path.withCString { execv($0, &vector) }
        for pointer in vector { free(pointer) }
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

    /// Opens a file that must be a regular file, without ever blocking: a named pipe, a
    /// device or a folder put where a data file belongs is refused instead of waited on (an
    /// `open` of a FIFO blocks until someone writes to it, which would hang a prompt or a tick
    /// holding the lock). Regular files ignore `O_NONBLOCK`, so reads and writes are as usual.
    /// `size` receives the file's size from the same `fstat` that checked its kind.
    ///
    /// A symbolic link is refused too (`O_NOFOLLOW`), unless `followLinks`: whoever can put a
    /// link in the data folder (a synced repository, another user of a shared folder) would
    /// otherwise make a tick append to, or an import truncate, the file it points at. Files
    /// the user names or keeps elsewhere (the config file, an import file, git's hooks) follow
    /// links, as dotfile managers make them.
    ///
    /// `beneath`: the folder `path` is in, opened already (`Files.openFolder(_:below:)`): the
    /// file is opened relative to it (`openat`), so a folder on the way swapped for a link
    /// after that open cannot send the open elsewhere.
    public static func openRegular(_ path: String, _ flags: Int32, mode: mode_t = 0o644, followLinks: Bool = false,
                                   beneath folder: FileDescriptor? = nil, size: inout Int) throws(SystemError) -> FileDescriptor {
        let at = folder?.raw ?? AT_FDCWD
        let name = folder == nil ? path : Paths.lastComponent(of: path)
        func look(_ info: inout stat, following: Bool) -> Bool {
            name.withCString { fstatat(at, $0, &info, following ? 0 : AT_SYMLINK_NOFOLLOW) } == 0
        }
        if flags & (O_WRONLY | O_RDWR) != 0 {
            // Opening a FIFO for writing blocks (or fails with ENXIO): look before opening.
            var info = stat()
            if look(&info, following: followLinks) {
                if !followLinks, (info.st_mode & S_IFMT) == S_IFLNK { throw SystemError.link(path) }
                if (info.st_mode & S_IFMT) != S_IFREG { throw SystemError.notRegular("open", path, mode: info.st_mode) }
            }
        }
        let noFollow = followLinks ? 0 : O_NOFOLLOW
        let fd = retrying { name.withCString { openat(at, $0, flags | O_CLOEXEC | O_NONBLOCK | O_NOCTTY | noFollow, mode) } }
        guard fd >= 0 else {
            let failure = errno
            var info = stat()
            if !followLinks, failure == ELOOP || failure == EMLINK, look(&info, following: false), (info.st_mode & S_IFMT) == S_IFLNK {
                throw SystemError.link(path)
            }
            if failure == ENXIO || failure == EISDIR, look(&info, following: true) {
                throw SystemError.notRegular("open", path, mode: info.st_mode)
            }
            throw SystemError("open", path, code: failure)
        }
        let file = FileDescriptor(raw: fd, path: path)
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw SystemError("stat", path) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw SystemError.notRegular("read", path, mode: info.st_mode) }
        size = Int(info.st_size)
        return file
    }

    /// `openRegular` without the size.
    public static func openRegular(_ path: String, _ flags: Int32, mode: mode_t = 0o644,
                                   followLinks: Bool = false, beneath folder: FileDescriptor? = nil) throws(SystemError) -> FileDescriptor {
        var size = 0
        return try openRegular(path, flags, mode: mode, followLinks: followLinks, beneath: folder, size: &size)
    }

    /// Owns `raw`, an open descriptor (closed with this).
    init(raw: Int32, path: String) {
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

    /// Flushes the entries of the folder this is (`Files.syncFolder`); nothing on macOS, which
    /// cannot fsync a folder opened read-only (its rename is journaled).
    public func syncFolder() throws(SystemError) {
        #if !canImport(Darwin)
        try sync()
        #endif
    }

    /// Everything from the current offset to the end, refusing files larger than `limit`.
    public func readAll(limit: Int) throws(SystemError) -> [UInt8] {
        let expected = try size()
        guard expected <= limit else { throw SystemError("read", path, code: EFBIG) }
        guard let bytes = systemReadToEnd(raw, size: expected, limit: limit) else { throw SystemError("read", path) }
        guard bytes.count <= limit else { throw SystemError("read", path, code: EFBIG) }
        return bytes
    }

    /// Writes every byte, retrying short writes.
    public func writeAll(_ bytes: some Collection<UInt8>) throws(SystemError) {
        let array = Array(bytes)
        let ok = array.withUnsafeBytes { raw in
            raw.baseAddress.map { systemWriteAll(self.raw, $0, raw.count) } ?? true
        }
        if !ok { throw SystemError("write", path) }
    }

    /// Cuts the file back to `size` bytes and flushes that, as well as it can (used to take
    /// back a write that failed half-way; a truncation needs no free space).
    public func truncate(to size: Int) {
        _ = retrying { ftruncate(raw, off_t(size)) }
        _ = retrying { fsync(raw) }
    }

    /// Writes `bytes` at `offset`, all of them.
    public func write(_ bytes: [UInt8], at offset: Int) throws(SystemError) {
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { raw in
                retrying { pwrite(self.raw, raw.baseAddress! + written, raw.count - written, off_t(offset + written)) }
            }
            if n < 0 { throw SystemError("write", path) }
            written += n
        }
    }

    /// `count` bytes from `offset` (fewer at the end of the file).
    public func contents(count: Int, at offset: Int) throws(SystemError) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let n = buffer.withUnsafeMutableBytes { raw in
                retrying { pread(self.raw, raw.baseAddress! + filled, raw.count - filled, off_t(offset + filled)) }
            }
            if n < 0 { throw SystemError("read", path) }
            if n == 0 { break }
            filled += n
        }
        buffer.removeLast(count - filled)
        return buffer
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

    /// Takes the exclusive lock on the file (released on close, or when the process dies, even
    /// by `kill -9`), waiting at most `milliseconds` for another holder to let go. False when
    /// the time ran out.
    ///
    /// The wait polls (1 ms, doubling to 20 ms) rather than blocking in `flock`: a blocking
    /// wait can only be cut short by a signal, which would take the process's one alarm.
    public func lockExclusive(waitingAtMost milliseconds: Int) throws(SystemError) -> Bool {
        let deadline = Monotonic.milliseconds() + Int64(milliseconds)
        var pause: Int64 = 1
        while true {
            if retrying({ flock(raw, LOCK_EX | LOCK_NB) }) == 0 { return true }
            guard errno == EWOULDBLOCK || errno == EAGAIN else { throw SystemError("lock", path) }
            let left = deadline - Monotonic.milliseconds()
            if left <= 0 { return false }
            Monotonic.sleep(milliseconds: min(pause, left))
            pause = min(pause * 2, 20)
        }
    }

    /// Takes the lock if nobody holds it; false at once otherwise.
    public func tryLockExclusive() -> Bool {
        retrying({ flock(raw, LOCK_EX | LOCK_NB) }) == 0
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

#if os(Linux) && canImport(Glibc)
@_silgen_name("renameat2")
private func c_renameat2(_ fromFolder: Int32, _ from: UnsafePointer<CChar>, _ toFolder: Int32, _ to: UnsafePointer<CChar>,
                         _ flags: UInt32) -> Int32
#endif

/// Swaps two names in one step (`renameat2` with `RENAME_EXCHANGE`, Linux 3.15 and glibc
/// 2.28 on): a reader finds one file or the other whole, never neither. Fails with `ENOSYS`
/// where there is no such call (then `errno` says so and the caller renames instead), and
/// with `EINVAL` on a file system that cannot swap.
func systemExchange(_ folder: Int32, _ first: String, _ second: String) -> Bool {
    #if os(Linux) && canImport(Glibc)
    return first.withCString { a in second.withCString { b in c_renameat2(folder, a, folder, b, 2) } } == 0
    #else
    errno = ENOSYS
    return false
    #endif
}

