#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import StreakCore

/// One thing `doctor` found.
public struct Finding: Sendable, Equatable {
    public enum Level: String, Sendable, Comparable {
        /// Checked and fine.
        case ok
        /// Worth knowing; nothing is wrong.
        case note
        /// Something that may bite later; not counted as a problem.
        case warning
        /// Something is wrong: `doctor` exits 1.
        case problem

        var rank: Int { [.ok, .note, .warning, .problem].firstIndex(of: self)! }
        public static func < (a: Level, b: Level) -> Bool { a.rank < b.rank }
    }

    public var area: String
    public var level: Level
    public var message: String

    public init(_ area: String, _ level: Level, _ message: String) {
        self.area = area
        self.level = level
        self.message = message
    }
}

/// The checks of `streakprompt doctor`. Each one reads and reports; only `Repair` changes
/// anything.
public struct Checkup {
    public let store: Store
    /// Where the checks look: `HOME`, `PATH`, `SHELL`, the XDG folders, and what git reads.
    public let environment: Environment

    /// Bad lines listed per file before the rest are summed up.
    static let linesListed = 20

    public init(store: Store, environment: Environment) {
        self.store = store
        self.environment = environment
    }

    // MARK: Data

    /// The data folder, every settings file and every log.
    public func data() -> [Finding] {
        let area = "data"
        var findings: [Finding] = []
        let home = store.home
        guard Files.exists(home) else {
            return [Finding(area, .note, "no data folder yet at \(home): the first 'streakprompt tick' creates it")]
        }
        guard Files.isFolder(home) else {
            return [Finding(area, .problem, "\(home) is not a folder; move it away or set STREAKPROMPT_HOME")]
        }
        if Files.isWritableFolder(home) {
            findings.append(Finding(area, .ok, "\(home) exists and is writable"))
        } else {
            findings.append(Finding(area, .problem, "\(home) is not writable: ticks will fail; fix its permissions"))
        }
        let entries: [String]
        do throws(SystemError) {
            entries = try Files.list(store.streaksFolder)
        } catch {
            findings.append(Finding(area, .problem, error.message))
            return findings
        }
        findings += linkFindings(entries)
        var streaks = 0
        var logs = 0
        var actions = 0
        var eventLogs = 0
        var events = 0
        // Hidden entries (a file manager's `.DS_Store`, a sync tool's state) are not ours.
        for entry in entries where !entry.hasPrefix(".") {
            let folder = Paths.join(store.streaksFolder, entry)
            guard StreakName.problem(with: entry) == nil, Files.isFolder(folder), !Files.isLink(folder) else {
                findings.append(Finding(area, .warning, "\(folder) is not a streak (not a folder with a valid name): ignored"))
                continue
            }
            streaks += 1
            findings += settingsFindings(Paths.join(folder, "streak.conf"))
            let files = (try? Files.list(folder)) ?? []
            var known: Set<Action.Identity>?
            for file in files {
                let path = Paths.join(folder, file)
                if file.hasSuffix(Store.actionsSuffix) && !file.hasPrefix(".") {
                    logs += 1
                    let (count, found) = logFindings(path, events: false)
                    actions += count
                    findings += found
                } else if file.hasSuffix(Store.eventsSuffix) && !file.hasPrefix(".") {
                    eventLogs += 1
                    let (count, found) = logFindings(path, events: true)
                    events += count
                    findings += found
                } else if file.contains(".corrupt-") {
                    if known == nil, let name = try? StreakName(entry) {
                        known = Set(((try? store.actions(of: name))?.actions ?? []).map(\.identity))
                    }
                    findings.append(setAsideFinding(path, isLog: file.contains(".log.corrupt-"), known: known ?? []))
                } else if file.hasPrefix(".") && (file.hasSuffix(".tmp") || file.contains(".tmp-")) {
                    findings.append(Finding(area, .note, "\(path) is left over from an interrupted write; safe to delete"))
                } else if file.hasPrefix("streak.sync-conflict-") && file.hasSuffix(".conf") {
                    // Syncthing's copy of a streak.conf two machines changed: not read.
                    findings.append(Finding(area, .problem, "\(path) is a sync tool's conflict copy of \(Paths.join(folder, "streak.conf")), which two machines changed; only streak.conf is read: compare the two, keep the lines you want in streak.conf, then delete the copy"))
                }
            }
        }
        for twins in store.caseTwins() {
            let names = twins.map(\.text)
            findings.append(Finding(area, .problem, "the streaks \(names.dropLast().joined(separator: ", ")) and \(names.last!) differ only in letter case: one folder on macOS and Windows disks, and an export holding both cannot be imported anywhere; 'streakprompt doctor --repair' makes them one streak, keeping every action"))
        }
        findings += lockFindings()
        if store.hasUnfinishedWrite {
            findings.append(Finding(area, .problem, "an import was interrupted and is not finished yet (its journal is in \(store.lockPath)); the next command that can write finishes it"))
        }
        var counted = "\(streaks) \(streaks == 1 ? "streak" : "streaks"), \(logs) \(logs == 1 ? "log" : "logs"), \(actions) readable \(actions == 1 ? "action" : "actions")"
        if eventLogs > 0 {
            counted += ", \(eventLogs) event \(eventLogs == 1 ? "log" : "logs"), \(events) readable \(events == 1 ? "record" : "records")"
        }
        findings.insert(Finding(area, .ok, counted), at: min(1, findings.count))
        return findings
    }

    /// The lock every write takes: something that is not a file there (a folder, a pipe) or a
    /// file this user cannot write stops every command that writes. (A link is named with the
    /// other links.)
    func lockFindings() -> [Finding] {
        var info = stat()
        guard lstat(store.lockPath, &info) == 0, (info.st_mode & S_IFMT) != S_IFLNK else { return [] }
        if (info.st_mode & S_IFMT) != S_IFREG {
            let error = SystemError.notRegular("use", store.lockPath, mode: info.st_mode)
            return [Finding("data", .problem, error.message + ": every command that writes fails; 'streakprompt doctor --repair' moves it out of the way")]
        }
        if access(store.lockPath, W_OK) != 0 {
            return [Finding("data", .problem, "cannot write \(store.lockPath) (\(SystemError.describe(errno))): every command that writes fails; fix its permissions, or remove it (it holds no data)")]
        }
        return []
    }

    /// Every symbolic link where the data folder keeps its own files (the home folder itself
    /// may be one): the streaks folder, the lock, the cache, each streak's folder and the files
    /// in it. None is read or written through, so what a linked log holds is not counted: a
    /// link that came by sync (a repository can hold one) or from another user is named here.
    func linkFindings(_ entries: [String]) -> [Finding] {
        var paths = [store.streaksFolder, store.lockPath, store.cachePath]
        for entry in entries {
            let folder = Paths.join(store.streaksFolder, entry)
            paths.append(folder)
            if !Files.isLink(folder) { paths += ((try? Files.list(folder)) ?? []).map { Paths.join(folder, $0) } }
        }
        return paths.filter(Files.isLink).map { path in
            Finding("data", .problem, "\(path) is a symbolic link (to \(Text.visible(Files.linkTarget(path) ?? "?"))): streakprompt never reads or writes its data through a link, so nothing in it counts; put the file itself there, or remove the link (one that came by sync: remove it from the repository too)")
        }
    }

    /// What a file that cannot be read means, and what to do about it.
    static func unreadable(_ error: SystemError, holds: String) -> Finding {
        if error.isLink {
            return Finding("data", .problem, error.message + "; \(holds): " + error.advice)
        }
        if error.isNotRegularFile {
            return Finding("data", .problem, error.message + "; 'streakprompt doctor --repair' moves it out of the way")
        }
        if error.code == EFBIG {
            let limit = error.path.hasSuffix("/" + Store.settingsFile) ? "\(Store.settingsLimit >> 10) KB" : "\(Store.fileLimit >> 20) MB"
            return Finding("data", .problem, "cannot read \(error.path): larger than \(limit), so no command reads it; 'streakprompt doctor --repair' keeps its readable lines and sets the rest aside")
        }
        return Finding("data", .problem, error.message + "; \(holds) until it reads: \(error.isPermission ? "fix its permissions" : "check the disk") (a repair leaves it where it is)")
    }

    /// A file an earlier repair set aside: whether anything readable in it is missing from
    /// the logs (then it must be kept, and a repair puts those actions back).
    func setAsideFinding(_ path: String, isLog: Bool, known: Set<Action.Identity>) -> Finding {
        guard isLog else {
            return Finding("data", .note, "\(path) holds lines a repair set aside; delete it once you have read them")
        }
        let bytes: [UInt8]
        do throws(SystemError) {
            bytes = try Files.read(path, limit: Repair.readLimit)
        } catch where error.isNotRegularFile {
            return Finding("data", .note, "\(path) was moved aside by a repair (\(error.reason)); it holds no actions: delete it when you like")
        } catch {
            return Finding("data", .warning, "\(error.message): it may hold actions, so keep it; once it reads, 'streakprompt doctor --repair' puts back any the logs lack")
        }
        // Lines that did not read where they were, set aside by this version's repair.
        let actions = Repair.holdsOnlyUnreadLines(bytes) ? [] : ActionLog.parse(bytes).actions
        let missing = Set(actions.map(\.identity)).subtracting(known).count
        if missing > 0 {
            return Finding("data", .problem, "\(path) holds \(missing) \(missing == 1 ? "action" : "actions") no log has (set aside by an earlier repair); 'streakprompt doctor --repair' puts them back")
        }
        if actions.isEmpty {
            return Finding("data", .note, "\(path) holds lines a repair set aside because they did not read; delete it once you have read them")
        }
        return Finding("data", .note, "\(path) was set aside by a repair; every action in it is also in the logs, so delete it once you have read its other lines")
    }

    func settingsFindings(_ path: String) -> [Finding] {
        let bytes: [UInt8]?
        do throws(SystemError) {
            bytes = try Files.readIfPresent(path, limit: Store.settingsLimit)
        } catch where error.isLink {
            return []  // named by `linkFindings`
        } catch {
            return [Checkup.unreadable(error, holds: "the streak cannot be read")]
        }
        guard let bytes else { return [] }
        if case .failure(let bad) = StreakSettings.parse(bytes) {
            return [Finding("data", .problem, "\(path):\(bad.line): \(bad.reason)")]
        }
        // A setting given twice reads as its last line: two sides of a merge left in the file
        // (by hand, or git's markers taken out) decide by their order.
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        return Checkup.settingsGivenAgain(lines).map { again in
            Finding("data", .problem, "\(path):\(again.line): \(again.key) is given again (line \(again.later) too); the last one counts: keep the line you want and delete the other, or 'streakprompt doctor --repair' sets the earlier one aside")
        }
    }

    /// The settings lines of a `streak.conf` that a later line gives again (the last one is
    /// the one read): each line's number, its key, and the number of the last line giving it.
    static func settingsGivenAgain(_ lines: [ArraySlice<UInt8>]) -> [(line: Int, key: String, later: Int)] {
        var last: [(key: String, line: Int)] = []
        var keyed: [(line: Int, key: String)] = []
        for (index, line) in lines.enumerated() {
            guard line.first != UInt8(ascii: "#"), let equals = line.firstIndex(of: UInt8(ascii: "=")) else { continue }
            let key = String(decoding: line[..<equals], as: UTF8.self).trimmingSpaces()
            guard SettingsField.named(key) != nil else { continue }
            let text = String(key)
            keyed.append((index + 1, text))
            if let at = last.firstIndex(where: { $0.key == text }) { last[at].line = index + 1 } else { last.append((text, index + 1)) }
        }
        return keyed.compactMap { entry in
            guard let final = last.first(where: { $0.key == entry.key })?.line, final != entry.line else { return nil }
            return (entry.line, entry.key, final)
        }
    }

    /// The readable records of an action log (or, with `events`, an event log), and its
    /// problems. Records of a kind a newer version wrote are a note: kept, not damage.
    func logFindings(_ path: String, events: Bool) -> (Int, [Finding]) {
        let bytes: [UInt8]
        do throws(SystemError) {
            bytes = try Files.read(path, limit: Store.fileLimit)
        } catch where error.isLink {
            return (0, [])  // named by `linkFindings`
        } catch {
            return (0, [Checkup.unreadable(error, holds: "its actions do not count")])
        }
        let parsed: (count: Int, bad: [BadLine], newer: [BadLine], endsTorn: Bool, conflictMarkers: [Int])
        if events {
            let log = EventLog.parse(bytes)
            parsed = (log.events.count, log.bad, log.newer, log.endsTorn, log.conflictMarkers)
        } else {
            let log = ActionLog.parse(bytes)
            parsed = (log.actions.count, log.bad, [], log.endsTorn, log.conflictMarkers)
        }
        var findings: [Finding] = []
        for newer in parsed.newer.prefix(Checkup.linesListed) {
            findings.append(Finding("data", .note, "\(path):\(newer.line): \(newer.reason)"))
        }
        for bad in parsed.bad.prefix(Checkup.linesListed) {
            findings.append(Finding("data", .problem, "\(path):\(bad.line): \(bad.reason)"))
        }
        if parsed.bad.count > Checkup.linesListed {
            findings.append(Finding("data", .problem, "\(path): \(parsed.bad.count - Checkup.linesListed) more unreadable lines"))
        }
        if let first = parsed.conflictMarkers.first {
            let lines = parsed.conflictMarkers.count == 1 ? "line \(first)" : "lines " + parsed.conflictMarkers.map(String.init).joined(separator: ", ")
            findings.append(Finding("data", .problem, "\(path):\(first): git conflict markers (\(lines)) from a merge that stopped half way; both sides' lines count, but the file is not merged: delete the marker lines, or run 'streakprompt doctor --repair'"))
        }
        if parsed.endsTorn && parsed.bad.isEmpty && bytes.last != 0x0A && !bytes.isEmpty {
            findings.append(Finding("data", .note, "\(path) does not end with a line break (the next tick adds one)"))
        }
        return (parsed.count, findings)
    }

    /// The data and the prompt cache, checked under the data folder's lock when there is one,
    /// so that no write lands between reading the logs and reading the cache (which would
    /// look like a stale cache). Never creates the lock or the folder.
    public func dataAndCache(zone: some ZoneRules) -> [Finding] {
        do throws(StoreError) {
            return try store.readLocked { data() + cache(zone: zone) }
        } catch {
            return [Finding("data", .warning, "the data folder stayed locked by another streakprompt process; checked without the lock")]
                + data() + cache(zone: zone)
        }
    }
}
