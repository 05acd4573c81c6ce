#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import StreakCore

/// Reading the data folder: the streaks, their settings, their action and event logs, and a
/// streak replayed from them. Readers take no lock and never write.
extension Store {
    /// Every streak, by name. Folders whose names are not valid streak names are ignored.
    public func names() throws(StoreError) -> [StreakName] {
        let found: [StreakName]
        do throws(SystemError) {
            found = try Files.list(streaksFolder).compactMap { entry -> StreakName? in
                // A link in place of a streak's folder is not followed (`doctor` names it).
                guard let name = try? StreakName(entry), exists(name) else { return nil }
                return name
            }
        } catch {
            throw .system(error)
        }
        let order = self.order()
        guard !order.isEmpty else { return found }
        return StreakOrder.arranged(found.map(\.text), by: order).compactMap { try? StreakName($0) }
    }

    /// Where the streaks' order is kept (`StreakOrder`).
    public var orderPath: String { Paths.join(streaksFolder, StreakOrder.fileName) }

    /// The names the order file lists (not all of them need exist); none when there is no
    /// file, or it cannot be read (the order is a preference: it never stops a command).
    public func order() -> [String] {
        guard let bytes = try? Files.readIfPresent(orderPath, limit: 64 * 1024) else { return [] }
        return StreakOrder.parse(bytes)
    }

    public func exists(_ name: StreakName) -> Bool {
        Files.isFolder(folder(of: name)) && !Files.isLink(folder(of: name))
    }

    /// The error for a streak that `exists` not: missing, or a folder it may not look into
    /// (a data folder another user owns), which must not read as "no streak" (its advice
    /// would start a second one).
    public func absence(of name: StreakName) -> StoreError {
        var info = stat()
        let path = folder(of: name)
        guard lstat(path, &info) != 0, errno != ENOENT, errno != ENOTDIR else {
            let twin = (try? names())?.first { $0.text.lowercased() == name.text.lowercased() }
            return .missing(name, twin: twin)
        }
        return .system(SystemError("read", path))
    }

    /// The streak's settings: defaults when it has no `streak.conf`.
    public func settings(of name: StreakName) throws(StoreError) -> StreakSettings {
        let path = settingsPath(of: name)
        let bytes: [UInt8]?
        do throws(SystemError) {
            bytes = try Files.readIfPresent(path, limit: Store.settingsLimit)
        } catch {
            throw .system(error)
        }
        guard let bytes else { return StreakSettings() }
        switch StreakSettings.parse(bytes) {
        case .success(let settings): return settings
        case .failure(let bad): throw .corrupt(FileProblem(path: path, line: bad.line, reason: bad.reason))
        }
    }

    /// Calls `read` with the path and bytes of every machine's file of the streak ending in
    /// `suffix`. A file that cannot be read is a problem reported with the others: one
    /// unreadable log must not hide the others, nor stop a tick from recording.
    private func eachFile(of name: StreakName, suffix: String, problems: inout [FileProblem],
                          _ read: (String, [UInt8]) -> Void) throws(StoreError) {
        let folder = folder(of: name)
        let entries: [String]
        do throws(SystemError) {
            entries = try Files.list(folder)
        } catch {
            throw .system(error)
        }
        for entry in entries where entry.hasSuffix(suffix) && !entry.hasPrefix(".") {
            let path = Paths.join(folder, entry)
            let bytes: [UInt8]
            do throws(SystemError) {
                bytes = try Files.read(path, limit: Store.fileLimit)
            } catch where error.isNotFound {
                continue
            } catch {
                problems.append(FileProblem(path: path, line: 0, reason: "cannot be read: " + error.reason))
                continue
            }
            read(path, bytes)
        }
    }

    /// Every action of the streak, from every machine's log, with the lines that could not be
    /// read (reported, never dropped from the files).
    public func actions(of name: StreakName) throws(StoreError) -> Actions {
        var result = Actions()
        var unreadable: [FileProblem] = []
        try eachFile(of: name, suffix: Store.actionsSuffix, problems: &unreadable) { path, bytes in
            let parsed = ActionLog.parse(bytes)
            result.actions.append(contentsOf: parsed.actions)
            result.problems.append(contentsOf: parsed.bad.map { FileProblem(path: path, line: $0.line, reason: $0.reason) })
        }
        result.problems += unreadable
        result.actions.sort()
        return result
    }

    /// Each machine's actions of the streak (the machine named by its log's file name), with
    /// the lines that could not be read: what `log` shows.
    public func actionsByMachine(of name: StreakName) throws(StoreError) -> (machines: [(machine: String, actions: [Action])], problems: [FileProblem]) {
        var machines: [(machine: String, actions: [Action])] = []
        var problems: [FileProblem] = []
        var unreadable: [FileProblem] = []
        try eachFile(of: name, suffix: Store.actionsSuffix, problems: &unreadable) { path, bytes in
            let parsed = ActionLog.parse(bytes)
            let file = Paths.lastComponent(of: path)
            machines.append((String(file.dropLast(Store.actionsSuffix.count)), parsed.actions))
            problems.append(contentsOf: parsed.bad.map { FileProblem(path: path, line: $0.line, reason: $0.reason) })
        }
        return (machines, problems + unreadable)
    }

    /// Whether the streak is archived (`EventLog.archived`), from its event logs alone; a
    /// streak whose event logs cannot be read is shown.
    public func isArchived(_ name: StreakName) -> Bool {
        guard let events = try? events(of: name) else { return false }
        return EventLog.archived(events.events)
    }

    /// Every event record of the streak (rule changes, pauses, …), from every machine's event
    /// log, with the lines that could not be read and those a newer version wrote.
    public func events(of name: StreakName) throws(StoreError) -> Events {
        var result = Events()
        var unreadable: [FileProblem] = []
        try eachFile(of: name, suffix: Store.eventsSuffix, problems: &unreadable) { path, bytes in
            let parsed = EventLog.parse(bytes)
            result.events.append(contentsOf: parsed.events)
            result.problems.append(contentsOf: parsed.bad.map { FileProblem(path: path, line: $0.line, reason: $0.reason) })
            result.newer.append(contentsOf: parsed.newer.map { FileProblem(path: path, line: $0.line, reason: $0.reason) })
        }
        result.problems += unreadable
        return result
    }

    /// Settings, actions and events of one streak, replayed.
    public func load(_ name: StreakName, zone: some ZoneRules) throws(StoreError) -> LoadedStreak {
        // Taken before anything is read: a change that lands while we read makes it differ.
        let stamp = Files.stamp(folder(of: name))
        let files = filesSize(of: name)
        let settings = try settings(of: name)
        let actions = try actions(of: name)
        let events = try events(of: name)
        return loaded(name, settings: settings, actions: actions.actions, events: events.events,
                      problems: actions.problems + events.problems, newer: events.newer, stamp: stamp, files: files,
                      zone: zone)
    }

    /// A streak from what was read of it, replayed with this store's week start.
    /// `files` is the bytes of its files as read (`filesSize`, taken before reading, plus what
    /// was appended since).
    func loaded(_ name: StreakName, settings: StreakSettings, actions: [Action], events: [StreakEvent],
                problems: [FileProblem], newer: [FileProblem], stamp: String, files: Int, zone: some ZoneRules) -> LoadedStreak {
        let history = StreakHistory(rules: settings.rules, actions: actions, events: events)
        var streak = LoadedStreak(name: name, settings: settings, history: history, events: events, problems: problems,
                                  newer: newer, replay: Replay(history: history, zone: zone, weekStart: weekStart),
                                  stamp: stamp, today: today)
        streak.files = files
        return streak
    }

    /// The bytes of the streak's files (its settings, logs and event logs, and any other file
    /// that is not hidden): what a cache line records, so that a file changed in place is
    /// seen even when its timestamp is the cache's.
    public func filesSize(of name: StreakName) -> Int {
        let folder = folder(of: name)
        var total = 0
        for file in (try? Files.list(folder)) ?? [] where !file.hasPrefix(".") {
            total += Files.size(Paths.join(folder, file))
        }
        return total
    }

    /// The latest met date the prompt cache shows for the streak, without reading its logs;
    /// nil when the cache cannot say: no cache, an unreadable one, no line for it, or a line
    /// written before the streak's folder last changed (as the prompt finds it stale: a log
    /// a sync tool rewrote, an untick from another machine, a hand edit), one stat.
    public static func lastCachedMetDay(of name: String, home: String) -> StreakDay? {
        guard let bytes = try? Files.readIfPresent(cachePath(home: home), limit: PromptCache.maxBytes) else { return nil }
        var line = PromptCache.Entry(name: "", icon: "", progress: Progress(rules: Rules()))
        guard PromptCache.read(&line, named: name, in: bytes),
              Files.stampMatches(Paths.join(Paths.join(home, "streaks"), name), line.stamp)
        else { return nil }
        return line.progress.lastMet
    }
}
