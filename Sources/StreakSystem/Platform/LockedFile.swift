#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import StreakCore

/// A file outside the data folder that commands change by reading it, changing it and
/// writing it whole (the config file). Two such changes at once would each write what they
/// read plus their own line, and the later rename would drop the other's: so each change
/// holds a lock file beside the file, from the read to the rename, and changes made at once
/// land one after the other.
///
/// The lock is `.NAME.lock` in the folder of the file written (behind a link, the file it
/// names, so every path to one file takes one lock). It is opened without following a link
/// and never blocks: a lock held longer than the wait (a process that hangs) is said, not
/// waited on for ever. The data folder has its own lock (`Store.locked`).
public enum LockedFile {
    public enum Failure: Error, Sendable {
        case system(SystemError)
        /// Another process held the lock at this path for this many milliseconds.
        case busy(String, Int)
    }

    /// The file a change of `path` writes: behind a link (a dotfiles manager links the
    /// config file), the file it names.
    public static func target(of path: String) -> String { Files.resolvedLink(path) ?? path }

    /// The lock file guarding `target`.
    public static func lockPath(of target: String) -> String {
        Paths.join(Paths.folder(of: target), "." + Paths.lastComponent(of: target) + ".lock")
    }

    /// Reads the file at `path` (the file behind a link), gives its bytes to `change` (nil:
    /// there is none) and writes the bytes `change` returns atomically (nil: nothing to
    /// write), holding the lock throughout; makes the file's folder first. Returns what
    /// `change` returns.
    public static func edit<T>(_ path: String, limit: Int, waitingAtMost milliseconds: Int = Store.lockWait,
                               _ change: ([UInt8]?) -> (write: [UInt8]?, result: T)) throws(Failure) -> T {
        let target = target(of: path)
        let lockPath = lockPath(of: target)
        let held: FileDescriptor?
        do throws(SystemError) {
            try Files.makeFolders(Paths.folder(of: target))
            held = try FileDescriptor.holdingLock(lockPath, mode: 0o600, waitingAtMost: milliseconds)
        } catch {
            throw .system(error)
        }
        guard let lock = held else { throw .busy(lockPath, milliseconds) }
        defer { lock.unlock() }
        do throws(SystemError) {
            let old = try Files.readIfPresent(target, limit: limit, followLinks: true)
            let (new, result) = change(old)
            // The temporary file's name is fixed: only the lock's holder writes it.
            if let new { try Files.writeAtomically(target, new, locked: true) }
            return result
        } catch {
            throw .system(error)
        }
    }
}

extension FileDescriptor {
    /// The lock file at `path`, made if missing (never through a link, never blocking), held
    /// exclusively; nil when another process held it for `milliseconds`. `unlock()` (or the
    /// end of the process, even a kill) releases it.
    public static func holdingLock(_ path: String, mode: mode_t, waitingAtMost milliseconds: Int) throws(SystemError) -> FileDescriptor? {
        let lock = try FileDescriptor.openRegular(path, O_RDWR | O_CREAT, mode: mode)
        return try lock.lockExclusive(waitingAtMost: milliseconds) ? lock : nil
    }
}
