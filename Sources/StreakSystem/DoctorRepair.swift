#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import StreakCore

/// What `doctor --repair` does: set unreadable files aside, keeping every readable line in
/// place, add the sharing files a shared folder lacks, and rebuild the prompt cache.
///
/// Nothing is deleted. A file with unreadable lines is first copied whole, flushed to disk, to
/// `FILE.corrupt-STAMP` (a name no command reads), and only then replaced, atomically, by its
/// readable lines: at every instant the file holds either all its old lines or all its
/// readable ones, and the unreadable ones are in the copy. A file that cannot be read at all
/// is renamed aside.
public struct Repair {
    public let store: Store
    /// Goes into the names of set-aside files: `20261122T215705`.
    public let stamp: String

    public init(store: Store, stamp: String) {
        self.store = store
        self.stamp = stamp
    }

    /// Repairs what it can and returns what it did.
    public func run(zone: some ZoneRules) throws(StoreError) -> [Finding] {
        guard Files.isFolder(store.home) else {
            return [Finding("repair", .note, "no data folder yet: nothing to repair")]
        }
        var done = try store.locked { () throws(StoreError) -> [Finding] in
            var done: [Finding] = []
            let names = try store.names()
            for name in names {
                let folder = store.folder(of: name)
                done += try repairSettings(store.settingsPath(of: name))
                let files: [String]
                do throws(SystemError) {
                    files = try Files.list(folder)
                } catch {
                    throw .system(error)
                }
                for file in files where !file.hasPrefix(".") {
                    if file.hasSuffix(Store.actionsSuffix) {
                        done += try repairLog(Paths.join(folder, file), events: false)
                    } else if file.hasSuffix(Store.eventsSuffix) {
                        done += try repairLog(Paths.join(folder, file), events: true)
                    }
                }
            }
            for file in SharedFolder.filesWanted(home: store.home) {
                do throws(SystemError) {
                    if try SharedFolder.ensure(file, home: store.home) {
                        done.append(Finding("repair", .ok, "added streakprompt's lines to \(Paths.join(store.home, file.rawValue))"))
                    }
                } catch {
                    throw .system(error)
                }
            }
            return done
        }
        try store.rebuildCache(zone: zone)
        done.append(Finding("repair", .ok, "rebuilt the prompt cache from the logs"))
        return done
    }

    /// Keeps a log's readable lines (and comments) in place; the whole old file goes aside.
    /// With `events`, an event log: records of a kind a newer version wrote are kept.
    func repairLog(_ path: String, events: Bool) throws(StoreError) -> [Finding] {
        let bytes: [UInt8]
        do throws(SystemError) {
            bytes = try Files.read(path, limit: Store.fileLimit)
        } catch where error.isNotFound {
            return []
        } catch {
            return try moveAside(path, because: error.message)
        }
        let parsed: (count: Int, bad: [BadLine], markers: [Int])
        if events {
            let log = EventLog.parse(bytes)
            parsed = (log.events.count, log.bad, log.conflictMarkers)
        } else {
            let log = ActionLog.parse(bytes)
            parsed = (log.actions.count, log.bad, log.conflictMarkers)
        }
        guard !parsed.bad.isEmpty || !parsed.markers.isEmpty else { return [] }
        // Conflict markers go too: the lines of both sides stay, merged.
        let dropped = Set(parsed.bad.map(\.line) + parsed.markers)
        var kept: [UInt8] = []
        var number = 0
        for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
            number += 1
            if dropped.contains(number) { continue }
            kept += line
            kept.append(0x0A)
        }
        // The split yields one empty piece after a final line break: do not double it.
        if bytes.last == 0x0A || bytes.isEmpty, kept.last == 0x0A { kept.removeLast() }
        if !kept.isEmpty && kept.last != 0x0A { kept.append(0x0A) }
        let aside = try setAside(path, bytes)
        do throws(SystemError) {
            try Files.writeAtomically(path, kept)
        } catch {
            throw .system(error)
        }
        var removed: [String] = []
        if !parsed.bad.isEmpty { removed.append(parsed.bad.count == 1 ? "1 unreadable line" : "\(parsed.bad.count) unreadable lines") }
        if !parsed.markers.isEmpty {
            removed.append(parsed.markers.count == 1 ? "1 conflict marker" : "\(parsed.markers.count) conflict markers")
        }
        return [Finding("repair", .ok, "\(path): kept \(parsed.count) readable \(events ? "records" : "actions"); \(removed.joined(separator: " and ")) set aside with the whole old file in \(aside)")]
    }

    /// Keeps a settings file's readable lines; the whole old file goes aside.
    func repairSettings(_ path: String) throws(StoreError) -> [Finding] {
        let bytes: [UInt8]
        do throws(SystemError) {
            guard let read = try Files.readIfPresent(path, limit: Store.settingsLimit) else { return [] }
            bytes = read
        } catch {
            return try moveAside(path, because: error.message)
        }
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
        var dropped = 0
        while case .failure(let bad) = StreakSettings.parse(Array(lines.joined(separator: [0x0A]))) {
            guard bad.line >= 1, bad.line <= lines.count, !lines[bad.line - 1].isEmpty else { break }
            // An empty line reads as nothing: the line keeps its place, so later numbers hold.
            lines[bad.line - 1] = []
            dropped += 1
        }
        guard dropped > 0 else { return [] }
        let kept = Array(lines.filter { !$0.isEmpty }.joined(separator: [0x0A])) + [0x0A]
        let aside = try setAside(path, bytes)
        do throws(SystemError) {
            try Files.writeAtomically(path, kept)
        } catch {
            throw .system(error)
        }
        return [Finding("repair", .ok, "\(path): kept the readable settings; \(dropped) unreadable \(dropped == 1 ? "line" : "lines") set aside with the whole old file in \(aside)")]
    }

    /// A durable copy of `bytes` next to `path`, under a name no command reads.
    func setAside(_ path: String, _ bytes: [UInt8]) throws(StoreError) -> String {
        let aside = freeName(for: path)
        do throws(SystemError) {
            try Files.writeAtomically(aside, bytes)
        } catch {
            throw .system(error)
        }
        return aside
    }

    /// Renames a file that cannot be read out of the way.
    func moveAside(_ path: String, because reason: String) throws(StoreError) -> [Finding] {
        let aside = freeName(for: path)
        do throws(SystemError) {
            try Files.rename(path, to: aside)
            try Files.syncFolder(Paths.folder(of: path))
        } catch {
            throw .system(error)
        }
        return [Finding("repair", .ok, "moved \(path) aside to \(aside) (\(reason))")]
    }

    func freeName(for path: String) -> String {
        var candidate = path + ".corrupt-" + stamp
        var suffix = 2
        while Files.exists(candidate) {
            candidate = path + ".corrupt-" + stamp + "-" + String(suffix)
            suffix += 1
        }
        return candidate
    }
}
