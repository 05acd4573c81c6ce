#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import StreakCore

/// What `opendir` returns.
#if canImport(Darwin)
typealias FolderStream = UnsafeMutablePointer<DIR>
#else
typealias FolderStream = OpaquePointer
#endif

/// Whole-file operations built on `FileDescriptor`.
public enum Files {
    /// The whole file, which must be a regular file (see `FileDescriptor.openRegular`: a named
    /// pipe or a folder in its place is an error, never a wait), or a `SystemError` (`EFBIG`
    /// past `limit`). A symbolic link is refused unless `followLinks` (see `openRegular`).
    public static func read(_ path: String, limit: Int, followLinks: Bool = false) throws(SystemError) -> [UInt8] {
        let file = try FileDescriptor.openRegular(path, O_RDONLY, followLinks: followLinks)
        return try file.readAll(limit: limit)
    }

    /// Everything a file, a pipe or a terminal gives until its end: for a file the user names
    /// (`import FILE`, `import -`, `import <(…)`), where waiting for the writer is expected.
    public static func readStream(_ path: String, limit: Int) throws(SystemError) -> [UInt8] {
        let file = try FileDescriptor.open(path, O_RDONLY)
        return try file.readAll(limit: limit)
    }

    /// The whole file in memory it owns, for the prompt's path (no array: see `FileBytes`).
    /// A regular file only, opened without blocking; one `fstat` checks its kind and size.
    public static func readBytes(_ path: String, limit: Int, followLinks: Bool = false) throws(SystemError) -> FileBytes {
        var size = 0
        let file = try FileDescriptor.openRegular(path, O_RDONLY, followLinks: followLinks, size: &size)
        guard size <= limit else { throw SystemError("read", path, code: EFBIG) }
        var capacity = size + 1
        guard var memory = malloc(capacity)?.assumingMemoryBound(to: UInt8.self) else {
            throw SystemError("read", path, code: ENOMEM)
        }
        var filled = 0
        while true {
            if filled == capacity {
                // The file grew while we read it.
                capacity *= 2
                guard capacity <= limit + 1, let grown = realloc(memory, capacity) else {
                    free(memory)
                    throw SystemError("read", path, code: EFBIG)
                }
                memory = grown.assumingMemoryBound(to: UInt8.self)
            }
            let n = systemRead(file.raw, memory + filled, capacity - filled)
            if n < 0 {
                let failure = SystemError("read", path)
                free(memory)
                throw failure
            }
            if n == 0 { break }
            filled += n
        }
        return FileBytes(memory: memory, count: filled)
    }

    /// The whole file, or nil if it does not exist.
    public static func readIfPresent(_ path: String, limit: Int, followLinks: Bool = false) throws(SystemError) -> [UInt8]? {
        do {
            return try read(path, limit: limit, followLinks: followLinks)
        } catch where error.isNotFound {
            return nil
        }
    }

    /// Replaces the file at `path` so that a reader, or a crash at any instant, sees either the
    /// old content or the new one, never a mix: write a temporary file in the same folder, flush
    /// it, rename it over the old one, then flush the folder so the rename itself is kept.
    ///
    /// With `durable: false` the two flushes are skipped: the switch is still atomic for every
    /// other process (and for `kill -9`), but a power cut may lose it. Only for derived files.
    ///
    /// `locked` says the caller holds a lock that serialises every writer of `path`: the
    /// temporary file then has a fixed name, so one left by a writer killed mid-way is simply
    /// reused instead of piling up. Without it the name is made unique with the process id.
    ///
    /// `beneath`: the folder `path` is in, opened already (`makeFolders(_:below:)`): the
    /// temporary file, the rename and the flush go through it, so a folder on the way swapped
    /// for a link after that open cannot send the write elsewhere.
    public static func writeAtomically(_ path: String, _ bytes: some Collection<UInt8>, mode: mode_t = 0o644,
                                       durable: Bool = true, locked: Bool = false,
                                       beneath folderFile: FileDescriptor? = nil) throws(SystemError) {
        let folder = Paths.folder(of: path)
        let at = folderFile?.raw ?? AT_FDCWD
        let temporary = folder + "/." + Paths.lastComponent(of: path) + (locked ? ".tmp" : ".tmp-" + String(getpid()))
        // The names the calls take: relative to the open folder, else the paths.
        let temporaryName = folderFile == nil ? temporary : Paths.lastComponent(of: temporary)
        let name = folderFile == nil ? path : Paths.lastComponent(of: path)
        func removeTemporary() { _ = temporaryName.withCString { unlinkat(at, $0, 0) } }
        do {
            // A leftover temporary file of any kind (a FIFO would block the open) goes first.
            removeTemporary()
            let file = try FileDescriptor.openRegular(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_EXCL, mode: mode, beneath: folderFile)
            try file.writeAll(bytes)
            if durable { try file.sync() }
        } catch {
            removeTemporary()
            throw error
        }
        TestPoint.reach("write-before-rename")
        let renamed = temporaryName.withCString { from in name.withCString { to in renameat(at, from, at, to) } }
        guard renamed == 0 else {
            let failure = SystemError("replace", path)
            removeTemporary()
            throw failure
        }
        if durable {
            if let folderFile { try folderFile.syncFolder() } else { try syncFolder(folder) }
        }
    }

    /// Flushes a folder's entries (a rename or a new file in it) to disk.
    public static func syncFolder(_ folder: String) throws(SystemError) {
        #if canImport(Darwin)
        // macOS cannot fsync a folder opened read-only; its rename is journaled.
        _ = folder
        #else
        try FileDescriptor.open(folder, O_RDONLY | O_DIRECTORY).syncFolder()
        #endif
    }

    /// Flushes many files written without a flush of their own (and their folders) to disk
    /// at once: on Linux one `syncfs` of the file system holding `home`, elsewhere one `fsync`
    /// per file and folder.
    public static func syncAll(_ paths: [String], home: String) throws(SystemError) {
        guard !paths.isEmpty else { return }
        #if os(Linux)
        let folder = try FileDescriptor.open(home, O_RDONLY | O_DIRECTORY)
        guard retrying({ linuxSyncFileSystem(folder.raw) }) == 0 else { throw SystemError("sync", home) }
        #else
        var folders = Set<String>()
        for path in paths {
            try FileDescriptor.openRegular(path, O_RDONLY).sync()
            folders.insert(Paths.folder(of: path))
        }
        for folder in folders.sorted() { try syncFolder(folder) }
        try syncFolder(Paths.join(home, "streaks"))
        #endif
    }

    /// Creates the folder and any missing parents (like `mkdir -p`).
    public static func makeFolders(_ path: String, mode: mode_t = 0o755) throws(SystemError) {
        if isFolder(path) { return }
        let parent = Paths.folder(of: path)
        if parent != path, !parent.isEmpty { try makeFolders(parent, mode: mode) }
        if path.withCString({ mkdir($0, mode) }) != 0, errno != EEXIST {
            throw SystemError("create the folder", path)
        }
    }

    /// Creates the folder `path` and any missing parents below `root`, one name at a time from
    /// `root` with `mkdirat` and `openat(O_NOFOLLOW | O_DIRECTORY)`: a symbolic link (or a file)
    /// anywhere below `root` is refused, never followed, so nothing is created or written in the
    /// folder a link points at. `root` itself (the data folder, which a dotfile manager may make a
    /// link) is followed, and made when missing. A `path` not below `root` is `makeFolders(path)`.
    ///
    /// Returns the folder, open: what a write into it goes through (`openRegular(beneath:)`,
    /// `writeAtomically(beneath:)`), so that a folder on the way swapped for a link after this
    /// walk still cannot send the write elsewhere.
    @discardableResult
    public static func makeFolders(_ path: String, below root: String, mode: mode_t = 0o755) throws(SystemError) -> FileDescriptor {
        guard path.hasPrefix(root + "/") else {
            try makeFolders(path, mode: mode)
            return try FileDescriptor.open(path, O_RDONLY | O_DIRECTORY)
        }
        try makeFolders(root, mode: mode)
        var folder = try FileDescriptor.open(root, O_RDONLY | O_DIRECTORY)
        var walked = root
        for name in path.dropFirst(root.count + 1).split(separator: "/").map(String.init) {
            walked += "/" + name
            if name.withCString({ mkdirat(folder.raw, $0, mode) }) != 0, errno != EEXIST {
                throw SystemError("create the folder", walked)
            }
            let next = retrying { name.withCString { openat(folder.raw, $0, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC) } }
            guard next >= 0 else {
                let failure = errno
                var info = stat()
                if fstatat(folder.raw, name, &info, AT_SYMLINK_NOFOLLOW) == 0, (info.st_mode & S_IFMT) == S_IFLNK {
                    throw SystemError.link(walked)
                }
                throw SystemError("create the folder", walked, code: failure)
            }
            folder = FileDescriptor(raw: next, path: walked)
        }
        return folder
    }

    /// The file's modification time as `SECONDS.NANOSECONDS`, or "" if it does not exist.
    /// Cheap enough for the prompt: one `stat`.
    public static func stamp(_ path: String) -> String {
        var seconds = 0
        var nanoseconds = 0
        guard modified(path, &seconds, &nanoseconds) else { return "" }
        return String(seconds) + "." + String(nanoseconds)
    }

    /// `stamp`, read for a cache that is about to be written: when the folder changed in the
    /// current tick of the clock the file system stamps with (a few milliseconds), waits for
    /// that tick to pass, so that any later change gets a time of its own. Otherwise a change
    /// in the same tick (a killed `add`, a second command a millisecond later) would leave the
    /// stamp as it is and the stale cache trusted ("racy" stamps, as git calls its index
    /// entries of the same second). Waits only right after a folder changed, never on a
    /// prompt that reads a fresh cache.
    public static func settledStamp(_ path: String) -> String {
        var seconds = 0
        var nanoseconds = 0
        guard modified(path, &seconds, &nanoseconds) else { return "" }
        for _ in 0..<100 {
            var now = timespec()
            #if os(Linux)
            clock_gettime(CLOCK_REALTIME_COARSE, &now)
            #else
            clock_gettime(CLOCK_REALTIME, &now)
            #endif
            if Int(now.tv_sec) > seconds || (Int(now.tv_sec) == seconds && Int(now.tv_nsec) > nanoseconds) { break }
            var pause = timespec(tv_sec: 0, tv_nsec: 1_000_000)
            nanosleep(&pause, nil)
        }
        return String(seconds) + "." + String(nanoseconds)
    }

    /// Whether the file's modification time is the one `stamp` wrote: the prompt's check, one
    /// `stat` and no string built.
    public static func stampMatches(_ path: String, _ stamp: String) -> Bool {
        var seconds = 0
        var nanoseconds = 0
        guard modified(path, &seconds, &nanoseconds) else { return stamp.isEmpty }
        var stamp = stamp
        return stamp.withUTF8 { matches($0, seconds: seconds, nanoseconds: nanoseconds) }
    }

    /// `stampMatches` for many streak folders, by their names' bytes, without a string a
    /// folder: `body` gets a checker of `(name, stamp)`, both ranges of `bytes` (a change
    /// checks every line of the prompt cache it keeps). Each folder is looked at from the
    /// folder that holds them, opened once (`fstatat`): a whole path walked again for each
    /// of fifty streaks took twice as long as the stats themselves. Where it cannot be opened
    /// (no read permission), by whole paths.
    static func stampsMatch<T>(in folder: String, _ bytes: UnsafeBufferPointer<UInt8>,
                               _ body: ((Range<Int>, Range<Int>) -> Bool) -> T) -> T {
        let parent = openFolder(folder)
        defer { closeFolder(parent) }
        var path = parent >= 0 ? [] : Array(folder.utf8) + [UInt8(ascii: "/")]
        let prefix = path.count
        return body { name, stamp in
            path.removeSubrange(prefix...)
            path.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[name]))
            path.append(0)
            var info = stat()
            let found = path.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { parent >= 0 ? fstatat(parent, $0.baseAddress!, &info, 0) : stat($0.baseAddress!, &info) }
            } == 0
            guard found else { return stamp.isEmpty }
            #if canImport(Darwin)
            let time = info.st_mtimespec
            #else
            let time = info.st_mtim
            #endif
            return matches(UnsafeBufferPointer(rebasing: bytes[stamp]), seconds: Int(time.tv_sec), nanoseconds: Int(time.tv_nsec))
        }
    }

    /// Whether `stamp` (`SECONDS.NANOSECONDS`) is that time.
    private static func matches(_ stamp: UnsafeBufferPointer<UInt8>, seconds: Int, nanoseconds: Int) -> Bool {
        // SECONDS.NANOSECONDS, read by hand: a generic parser called across modules would cost
        // the prompt a runtime type lookup.
        var parts = (0, 0)
        var dots = 0
        var digits = 0
        for byte in stamp {
            if byte == UInt8(ascii: ".") {
                dots += 1
                digits = 0
                continue
            }
            // 18 digits a part at most: one more could overflow an Int, and no time has more.
            guard byte >= 0x30, byte <= 0x39, digits < 18 else { return false }
            digits += 1
            if dots == 0 { parts.0 = parts.0 * 10 + Int(byte - 0x30) } else { parts.1 = parts.1 * 10 + Int(byte - 0x30) }
        }
        return dots == 1 && parts.0 == seconds && parts.1 == nanoseconds
    }

    /// The folder `path`, opened for `stampMatches(in:_:_:)`; -1 when it cannot be (then
    /// give whole paths to `stampMatches(_:_:)`). Close it with `closeFolder`.
    public static func openFolder(_ path: String) -> Int32 {
        path.withCString { open($0, O_RDONLY | O_DIRECTORY | O_NONBLOCK | O_CLOEXEC) }
    }

    public static func closeFolder(_ fd: Int32) {
        if fd >= 0 { close(fd) }
    }

    /// `stampMatches` for the entry `name` of the folder `path`, opened as `folder` (from
    /// `openFolder`): no whole path walked again for each of many streaks; by the whole path
    /// when it could not be opened (-1).
    public static func stampMatches(in folder: Int32, path: String, _ name: String, _ stamp: String) -> Bool {
        guard folder >= 0 else { return stampMatches(path.hasSuffix("/") ? path + name : Paths.join(path, name), stamp) }
        var seconds = 0
        var nanoseconds = 0
        guard modified(name, in: folder, &seconds, &nanoseconds) else { return stamp.isEmpty }
        var stamp = stamp
        return stamp.withUTF8 { matches($0, seconds: seconds, nanoseconds: nanoseconds) }
    }

    /// The modification time, through `inout`s: an optional tuple would need its type made at
    /// run time, which costs the prompt more than the `stat`. `folder`: a path relative to it.
    private static func modified(_ path: String, in folder: Int32 = AT_FDCWD, _ seconds: inout Int, _ nanoseconds: inout Int) -> Bool {
        var info = stat()
        guard fstatat(folder, path, &info, 0) == 0 else { return false }
        #if canImport(Darwin)
        let time = info.st_mtimespec
        #else
        let time = info.st_mtim
        #endif
        seconds = Int(time.tv_sec)
        nanoseconds = Int(time.tv_nsec)
        return true
    }

    /// The file's last `limit` bytes from the start of a line (the whole file when it is
    /// smaller): what was appended last, for a reader that only wants the latest lines.
    public static func readTail(_ path: String, limit: Int) throws(SystemError) -> [UInt8] {
        var size = 0
        let file = try FileDescriptor.openRegular(path, O_RDONLY, size: &size)
        guard size > limit else { return try file.contents(count: size, at: 0) }
        let bytes = try file.contents(count: limit, at: size - limit)
        // The first line is cut where the window starts, unless a line break just precedes it.
        if try file.byte(at: size - limit - 1) == 0x0A { return bytes }
        guard let lineBreak = bytes.firstIndex(of: 0x0A) else { return [] }
        return Array(bytes[(lineBreak + 1)...])
    }

    /// The file's size in bytes (0 when it cannot be read).
    public static func size(_ path: String) -> Int {
        var info = stat()
        guard stat(path, &info) == 0 else { return 0 }
        return Int(info.st_size)
    }

    /// Whether `path` was modified after `reference` (true when either cannot be read: the
    /// caller then does not rely on the order).
    public static func modifiedAfter(_ path: String, _ reference: String) -> Bool {
        var seconds = 0, nanoseconds = 0, referenceSeconds = 0, referenceNanoseconds = 0
        guard modified(path, &seconds, &nanoseconds), modified(reference, &referenceSeconds, &referenceNanoseconds) else {
            return true
        }
        return (seconds, nanoseconds) > (referenceSeconds, referenceNanoseconds)
    }

    /// The file's modification time in nanoseconds since 1970, or -1 when it cannot be read.
    public static func modifiedNanoseconds(_ path: String) -> Int64 {
        var seconds = 0, nanoseconds = 0
        guard modified(path, &seconds, &nanoseconds) else { return -1 }
        return Int64(seconds) * 1_000_000_000 + Int64(nanoseconds)
    }

    /// Sets the file's (or folder's) modification time to now.
    public static func touch(_ path: String) {
        _ = utimensat(AT_FDCWD, path, nil, 0)
    }

    /// Removes an empty folder; false when it is not empty or cannot be removed.
    @discardableResult
    public static func removeEmptyFolder(_ path: String) -> Bool {
        path.withCString { rmdir($0) } == 0
    }

    /// Whether something at `path` is a regular file (links followed).
    public static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    public static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// Whether `path` is a regular file this process may run (links followed).
    public static func isExecutable(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return false }
        return access(path, X_OK) == 0
    }

    /// Whether two paths name one file (links followed): the same device and inode.
    public static func sameFile(_ a: String, _ b: String) -> Bool {
        var first = stat()
        var second = stat()
        guard stat(a, &first) == 0, stat(b, &second) == 0 else { return false }
        return first.st_dev == second.st_dev && first.st_ino == second.st_ino
    }

    /// Whether `path` is a symbolic link (not followed).
    public static func isLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
    }

    /// The file a symbolic link at `path` leads to in the end (links followed), or nil when
    /// `path` is no link or leads nowhere that exists.
    public static func resolvedLink(_ path: String) -> String? {
        guard isLink(path), let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Where the symbolic link at `path` points, as written in it; nil when it is none.
    public static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 4097)
        let count = readlink(path, &buffer, 4096)
        guard count >= 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    public static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// The names in a folder (without `.` and `..`), sorted; empty if the folder does not exist.
    public static func list(_ path: String) throws(SystemError) -> [String] {
        guard let dir = opendir(path) else {
            if errno == ENOENT { return [] }
            throw SystemError("list", path)
        }
        defer { closedir(dir) }
        return names(in: dir)
    }

    /// The names an open folder lists from where it stands (without `.` and `..`), sorted.
    static func names(in dir: FolderStream) -> [String] {
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    public static func rename(_ from: String, to: String) throws(SystemError) {
        let result = from.withCString { a in to.withCString { b in posixRename(a, b) } }
        guard result == 0 else { throw SystemError("move", from) }
    }

    public static func remove(_ path: String) throws(SystemError) {
        guard path.withCString({ unlink($0) }) == 0 || errno == ENOENT else { throw SystemError("remove", path) }
    }

    /// The process's current folder, or nil when it cannot be told (it was removed).
    public static func currentFolder() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Whether this process may create files in the folder.
    public static func isWritableFolder(_ path: String) -> Bool {
        path.withCString { access($0, W_OK | X_OK) } == 0
    }
}

#if os(Linux)
/// `syncfs(2)`, which Glibc's headers only show with `_GNU_SOURCE`.
@_silgen_name("syncfs")
private func linuxSyncFileSystem(_ fd: Int32) -> Int32
#endif

@inline(__always)
private func posixRename(_ a: UnsafePointer<CChar>, _ b: UnsafePointer<CChar>) -> Int32 {
    rename(a, b)
}

/// Bytes read from a file into memory this object owns and frees.
///
/// The prompt reads its cache through this instead of an `[UInt8]`: in a statically linked
/// binary the first array of a type costs a runtime metadata instantiation that is larger than
/// the rest of the prompt's own work.
public final class FileBytes {
    public let buffer: UnsafeBufferPointer<UInt8>

    init(memory: UnsafeMutablePointer<UInt8>, count: Int) {
        buffer = UnsafeBufferPointer(start: memory, count: count)
    }

    deinit {
        free(UnsafeMutableRawPointer(mutating: buffer.baseAddress))
    }
}

