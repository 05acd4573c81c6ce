#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import StreakCore

/// What `doctor --repair` does: set aside the lines that do not read, keeping every readable
/// line in place, put back actions an earlier repair set aside, add the sharing files a
/// shared folder lacks, and rebuild the prompt cache.
///
/// Nothing is deleted, and nothing readable is moved out of sight. The unreadable lines of a
/// file are first written, flushed to disk, to `FILE.corrupt-STAMP` (a name no command reads),
/// and only then is the file replaced, atomically, by its readable lines: at every instant the
/// file holds either all its old lines or all its readable ones, and the unreadable ones are
/// in the copy. A file that cannot be read (its permissions, a disk error) is left where it
/// is and reported: its actions count again as soon as it reads. Only what is not a file at
/// all (a folder or a named pipe where a log belongs) is renamed out of the way.
public struct Repair {
    public let store: Store
    /// Goes into the names of set-aside files: `20261122T215705`.
    public let stamp: String

    /// The largest file a repair reads (16 times what commands read): past this it is left
    /// alone and reported.
    static let readLimit = Store.fileLimit * 16

    /// The first line of a file `setAside` wrote: it holds only lines that did not read where
    /// they were (a line cut short, written out here with a newline, would read alone), so
    /// nothing in it is an action to put back or to miss.
    static let setAsideHeader = "# streakprompt doctor --repair set these lines of "

    static func holdsOnlyUnreadLines(_ bytes: [UInt8]) -> Bool { bytes.starts(with: setAsideHeader.utf8) }

    public init(store: Store, stamp: String) {
        self.store = store
        self.stamp = stamp
    }

    /// Repairs what it can and returns what it did.
    public func run(zone: some ZoneRules) throws(StoreError) -> [Finding] {
        guard Files.isFolder(store.home) else {
            return [Finding("repair", .note, "no data folder yet: nothing to repair")]
        }
        return try freeLock() + store.locked { () throws(StoreError) -> [Finding] in try runLocked(zone: zone) }
    }

    /// A lock that is not a file (a folder, a pipe) cannot be taken: moved aside, before the
    /// repair takes the lock.
    public func freeLock() throws(StoreError) -> [Finding] {
        let lock = store.lockPath
        guard Files.exists(lock), !Files.isLink(lock), !Files.isRegularFile(lock) else { return [] }
        let aside = freeName(for: lock)
        do throws(SystemError) {
            try Files.rename(lock, to: aside)
        } catch {
            throw .system(error)
        }
        return [Finding("repair", .ok, "moved \(lock) aside to \(aside) (not a file: the lock every write takes is made there)")]
    }

    /// `run` with the data folder's lock held, so that a check made under the same lock sees
    /// what the repair left and no concurrent write.
    public func runLocked(zone: some ZoneRules) throws(StoreError) -> [Finding] {
        // Streaks whose names differ only in letter case become one, before the rest.
        var done = try store.mergeCaseTwinsLocked(stamp: stamp, zone: zone).map { Finding("repair", .ok, $0.message) }
        for name in try store.names() {
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
            done += try restoreSetAside(name, files: files)
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
        // Derived files that are not files (a folder, a pipe, something not this user's to
        // replace) would stop the cache from ever being written: moved aside, as a log is.
        for path in [store.cachePath, Paths.join(store.home, "." + Store.cacheName + ".tmp")]
            where Files.exists(path) && !Files.isLink(path) && !Files.isRegularFile(path) {
            let aside = freeName(for: path)
            do throws(SystemError) {
                try Files.rename(path, to: aside)
            } catch {
                throw .system(error)
            }
            done.append(Finding("repair", .ok, "moved \(path) aside to \(aside) (not a file: the prompt cache is written there)"))
        }
        try store.rebuildCacheLocked(zone: zone)
        done.append(Finding("repair", .ok, "rebuilt the prompt cache from the logs"))
        return done
    }

    /// Keeps a log's readable lines (and comments) in place; its unreadable lines go aside.
    /// With `events`, an event log: records of a kind a newer version wrote are kept.
    func repairLog(_ path: String, events: Bool) throws(StoreError) -> [Finding] {
        switch try readForRepair(path) {
        case .missing: return []
        case .notAFile(let finding), .unreadable(let finding): return [finding]
        case .bytes(let bytes):
            let split = LogLines.split(bytes, events: events)
            guard !split.bad.isEmpty else { return [] }
            let aside = try setAside(path, split.bad)
            do throws(SystemError) {
                try Files.writeAtomically(path, split.kept, beneath: try store.makeFolders(Paths.folder(of: path)))
            } catch {
                throw .system(error)
            }
            var removed: [String] = []
            let unreadable = split.bad.count - split.markers
            if unreadable > 0 { removed.append(unreadable == 1 ? "1 unreadable line" : "\(unreadable) unreadable lines") }
            if split.markers > 0 { removed.append(split.markers == 1 ? "1 conflict marker" : "\(split.markers) conflict markers") }
            return [Finding("repair", .ok, "\(path): kept \(split.actions) readable \(events ? "records" : "actions"); set \(removed.joined(separator: " and ")) aside in \(aside)")]
        }
    }

    /// Keeps a settings file's readable lines; its unreadable lines go aside.
    func repairSettings(_ path: String) throws(StoreError) -> [Finding] {
        let bytes: [UInt8]
        switch try readForRepair(path) {
        case .missing: return []
        case .notAFile(let finding), .unreadable(let finding): return [finding]
        case .bytes(let read): bytes = read
        }
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
        var bad: [(Int, [UInt8])] = []
        while case .failure(let problem) = StreakSettings.parse(Array(lines.joined(separator: [0x0A]))) {
            guard problem.line >= 1, problem.line <= lines.count, !lines[problem.line - 1].isEmpty else { break }
            // An empty line reads as nothing: the line keeps its place, so later numbers hold.
            bad.append((problem.line, lines[problem.line - 1]))
            lines[problem.line - 1] = []
        }
        let unreadable = bad.count
        // A setting given again (both sides of a merge): the last line is the one read; the
        // earlier ones go aside too, so the file says what it means.
        for again in Checkup.settingsGivenAgain(lines.map { $0[...] }) {
            bad.append((again.line, lines[again.line - 1]))
            lines[again.line - 1] = []
        }
        guard !bad.isEmpty else { return [] }
        let kept = Array(lines.filter { !$0.isEmpty }.joined(separator: [0x0A])) + [0x0A]
        let aside = try setAside(path, bad.sorted { $0.0 < $1.0 })
        do throws(SystemError) {
            try Files.writeAtomically(path, kept, beneath: try store.makeFolders(Paths.folder(of: path)))
        } catch {
            throw .system(error)
        }
        let again = bad.count - unreadable
        var what: [String] = []
        if unreadable > 0 { what.append("\(unreadable) unreadable \(unreadable == 1 ? "line" : "lines")") }
        if again > 0 { what.append("\(again) \(again == 1 ? "setting" : "settings") given again later (the last one counts)") }
        return [Finding("repair", .ok, "\(path): kept the readable settings; set \(what.joined(separator: " and ")) aside in \(aside)")]
    }

    /// Puts back the actions of files an earlier repair set aside whole (the first release
    /// moved a log it could not read out of the way, actions and all) that no log has: into
    /// this machine's log, as an import would.
    func restoreSetAside(_ name: StreakName, files: [String]) throws(StoreError) -> [Finding] {
        let copies = files.filter { $0.contains(".log.corrupt-") && !$0.hasPrefix(".") }
        guard !copies.isEmpty else { return [] }
        var known = Set(try store.actions(of: name).actions.map(\.identity))
        var done: [Finding] = []
        for copy in copies {
            let path = Paths.join(store.folder(of: name), copy)
            guard let bytes = try? Files.read(path, limit: Store.fileLimit), !Repair.holdsOnlyUnreadLines(bytes) else { continue }
            let missing = ActionLog.parse(bytes).actions.filter { known.insert($0.identity).inserted }
            guard !missing.isEmpty else { continue }
            try store.append(missing, to: name)
            done.append(Finding("repair", .ok, "put back \(missing.count) \(missing.count == 1 ? "action" : "actions") from \(path) (set aside by an earlier repair) into \(store.ownLogPath(of: name))"))
        }
        return done
    }

    enum Read {
        case missing
        case bytes([UInt8])
        /// Not a regular file: renamed out of the way (or not), as the finding says.
        case notAFile(Finding)
        /// A file that cannot be read: left in place.
        case unreadable(Finding)
    }

    /// The file's bytes, however large (a repair must keep the readable lines of a log too big
    /// for the commands to read); or what was done about a file that is not one.
    func readForRepair(_ path: String) throws(StoreError) -> Read {
        do throws(SystemError) {
            return .bytes(try Files.read(path, limit: Repair.readLimit))
        } catch where error.isNotFound {
            return .missing
        } catch where error.isNotRegularFile {
            // A folder or a named pipe holds no line of ours: renaming it keeps it whole.
            let aside = freeName(for: path)
            do throws(SystemError) {
                try Files.rename(path, to: aside)
                try Files.syncFolder(Paths.folder(of: path))
            } catch {
                throw .system(error)
            }
            return .notAFile(Finding("repair", .ok, "moved \(path) aside to \(aside) (\(error.reason))"))
        } catch {
            return .unreadable(Finding("repair", .problem, "\(error.message): left in place; its lines count again as soon as it reads (\(error.isPermission ? "fix its permissions" : "check the disk"), then run 'streakprompt doctor')"))
        }
    }

    /// A durable file next to `path`, under a name no command reads, holding the lines that
    /// did not read (each after a comment naming its line number in the old file).
    func setAside(_ path: String, _ lines: [(Int, [UInt8])]) throws(StoreError) -> String {
        let aside = freeName(for: path)
        var bytes = Array("\(Repair.setAsideHeader)\(path) aside: they did not read\n".utf8)
        for (number, line) in lines {
            bytes += Array("# line \(number):\n".utf8) + line + [0x0A]
        }
        do throws(SystemError) {
            try Files.writeAtomically(aside, bytes, beneath: try store.makeFolders(Paths.folder(of: aside)))
        } catch {
            throw .system(error)
        }
        return aside
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

/// A log's lines sorted into those that read (kept in place) and those that do not.
enum LogLines {
    struct Split {
        /// The readable lines and comments, in order, each ending with a line break.
        var kept: [UInt8] = []
        /// The unreadable lines and git's conflict markers (the lines of both sides between
        /// the markers read as usual and stay), with their numbers.
        var bad: [(Int, [UInt8])] = []
        /// How many of `bad` are conflict markers.
        var markers = 0
        /// The readable actions (or, in an event log, records).
        var actions = 0
    }

    /// The lines of an action log, or with `events` of an event log (whose records of a kind
    /// a newer version wrote are kept).
    static func split(_ bytes: [UInt8], events: Bool) -> Split {
        var split = Split()
        let parsed: (count: Int, bad: [BadLine], markers: [Int])
        if events {
            let log = EventLog.parse(bytes)
            parsed = (log.events.count, log.bad, log.conflictMarkers)
        } else {
            let log = ActionLog.parse(bytes)
            parsed = (log.actions.count, log.bad, log.conflictMarkers)
        }
        guard !parsed.bad.isEmpty || !parsed.markers.isEmpty else { return split }
        split.actions = parsed.count
        split.markers = parsed.markers.count
        let dropped = Set(parsed.bad.map(\.line) + parsed.markers)
        var number = 0
        var start = 0
        while start < bytes.count {
            number += 1
            let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
            let line = Array(bytes[start..<end])
            if dropped.contains(number) {
                split.bad.append((number, line))
            } else {
                split.kept += line + [0x0A]
            }
            start = end + 1
        }
        return split
    }
}
