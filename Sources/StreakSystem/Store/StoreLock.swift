#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import StreakCore

/// The data folder's lock: one writer at a time, and an interrupted journal finished first.
extension Store {
    /// Runs `body` holding the data folder's lock, creating the folder first. A write an
    /// earlier process was killed in the middle of (see `Journal`) is finished first, so
    /// `body` always starts from a whole state.
    public func locked<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        try locked(waitingAtMost: Store.lockWait, body)
    }

    /// `locked`, waiting at most `milliseconds` for another process to release the lock
    /// (`StoreError.busy` after that).
    public func locked<T>(waitingAtMost milliseconds: Int, _ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        let held: FileDescriptor?
        do throws(SystemError) {
            try Files.makeFolders(home)
            held = try FileDescriptor.holdingLock(lockPath, mode: 0o644, waitingAtMost: milliseconds)
        } catch {
            throw .system(error)
        }
        guard let lock = held else { throw .busy(lockPath, milliseconds) }
        defer { lock.unlock() }
        try finishJournal(in: lock)
        return try body()
    }

    /// Runs `body` holding the lock if the lock file exists (else no writer ever ran), for a
    /// reader that needs files and cache from one moment. Creates nothing, finishes nothing.
    public func readLocked<T>(waitingAtMost milliseconds: Int = Store.lockWait, _ body: () -> T) throws(StoreError) -> T {
        guard let lock = try? FileDescriptor.openRegular(lockPath, O_RDONLY) else { return body() }
        let taken: Bool
        do throws(SystemError) {
            taken = try lock.lockExclusive(waitingAtMost: milliseconds)
        } catch {
            throw .system(error)
        }
        guard taken else { throw .busy(lockPath, milliseconds) }
        defer { lock.unlock() }
        return body()
    }

}
