#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import StreakCore

/// The data folder: every streak's settings and actions, and the derived prompt cache.
///
/// ```
/// HOME/
///   streaks/NAME/streak.conf       settings (key=value), optional
///   streaks/NAME/MACHINE.log       actions recorded on MACHINE, appended, one per line
///   streaks/NAME/MACHINE.events    rule changes, pauses and other records made on MACHINE
///   backups/NAME-STAMP/            what `remove` took away
///   streaks/NAME/*.corrupt-STAMP   a damaged file set aside by `doctor --repair`
///   prompt.cache                   derived: what the prompt reads
///   .lock                          serialises writers
///   .gitignore, .gitattributes, .stignore   for sharing the folder (`sync`, `doctor --repair`)
/// ```
///
/// Each machine appends only to its own log and event log, so a folder shared by several
/// machines (a file sync tool, a git repository) never has two writers on one file: the union
/// of the logs is the truth. Writers take `.lock` for the whole update, so concurrent ticks queue instead of
/// racing; readers take no lock and never write.
public struct Store: Sendable {
    public let home: String
    public let machine: String
    /// The first day of a week (`STREAKPROMPT_WEEK_START`): an input to the fold, like the
    /// zone, for weekly streaks and changes that wait for a week start. Never stored with the
    /// data; each prompt cache line records the one it was folded with.
    public var weekStart: WeekStart = .monday
    /// The date the command acts on. A cache line whose plans ahead reach no further than
    /// this date is written as of this date (`Replay.cachedState`); nil: after the last action.
    public var today: StreakDay?
    /// The moment the command acts at (`--now`, `STREAKPROMPT_NOW`), from which the views are
    /// rendered when the data changes (`Views`); nil: the clock.
    public var now: Int64?
    /// The environment the command runs in, for pushing to tmux (`TmuxPush`); nil: no push.
    public var environment: Environment?

    /// Logs and settings larger than this are refused rather than read into memory (a log
    /// holding a tick a minute for a century is 80 MB less than this; a damaged one can be
    /// anything). `doctor --repair` still keeps the readable lines of a larger one.
    public static let fileLimit = 64 << 20
    public static let settingsLimit = 64 << 10
    /// How long a command waits for another one to release the data folder's lock before it
    /// gives up and says so (a writer holds it for milliseconds; this only ends a wait on one
    /// that hangs, so a hook or a prompt refresh never waits for ever).
    public static let lockWait = 30_000

    public init(home: String, machine: String) {
        self.home = home
        self.machine = machine
    }

    /// The data folder the environment names, for this machine; nil when there is no home
    /// folder to put it in.
    public init?(_ environment: Environment) {
        guard let home = Store.defaultHome(environment) else { return nil }
        self.init(home: home, machine: environment.machineName)
        self.environment = environment
    }

    /// `STREAKPROMPT_HOME`, else `$XDG_DATA_HOME/streakprompt`, else
    /// `~/.local/share/streakprompt`. Nil when there is no home folder to put it in, or when
    /// `STREAKPROMPT_HOME` is not an absolute path (see `homeProblem`).
    public static func defaultHome(_ environment: Environment) -> String? {
        // The first byte, not `hasPrefix`: this runs on the prompt's path (see `FileBytes`).
        if let home = environment.nonEmpty("STREAKPROMPT_HOME") { return home.utf8.first == UInt8(ascii: "/") ? home : nil }
        if let xdg = environment.nonEmpty("XDG_DATA_HOME"), xdg.hasPrefix("/") {
            return Paths.join(xdg, "streakprompt")
        }
        guard let home = environment.homeFolder else { return nil }
        return Paths.join(home, ".local/share/streakprompt")
    }

    /// Why the environment names no usable data folder, or nil when it names one.
    ///
    /// A relative `STREAKPROMPT_HOME` would put the data wherever the command happens to run
    /// (each project folder growing its own streaks): refused rather than guessed.
    public static func homeProblem(_ environment: Environment) -> String? {
        if let home = environment.nonEmpty("STREAKPROMPT_HOME"), !home.hasPrefix("/") {
            let rest = home.hasPrefix("~/") || home.hasPrefix("./") ? String(home.dropFirst(2)) : home
            return "STREAKPROMPT_HOME='\(Text.visible(home))' is not an absolute path, so the data would land in whatever folder you run a command from; set it to a full path such as $HOME/\(Text.visible(rest))"
        }
        if defaultHome(environment) == nil { return "cannot find a data folder: HOME is not set; set HOME or STREAKPROMPT_HOME" }
        return nil
    }

    /// A moment as it goes into the names of backups and set-aside files: the local time
    /// without dashes and colons, `20261122T215705`.
    public static func stamp(at moment: Int64, zone: some ZoneRules) -> String {
        String(zone.local(at: moment).local.description.unicodeScalars.filter { $0 != "-" && $0 != ":" }.map(Character.init))
    }

    public var streaksFolder: String { Paths.join(home, "streaks") }
    public var backupsFolder: String { Paths.join(home, "backups") }
    public var cachePath: String { Store.cachePath(home: home) }
    public var lockPath: String { Paths.join(home, ".lock") }

    public static func cachePath(home: String) -> String { Paths.join(home, "prompt.cache") }

    public func folder(of name: StreakName) -> String { Paths.join(streaksFolder, name.text) }
    public func settingsPath(of name: StreakName) -> String { Paths.join(folder(of: name), "streak.conf") }
    public func ownLogPath(of name: StreakName) -> String { Paths.join(folder(of: name), machine + ".log") }
    public func ownEventsPath(of name: StreakName) -> String { Paths.join(folder(of: name), machine + ".events") }

    /// The suffixes of the files every machine appends to: action logs and event logs.
    public static let actionsSuffix = ".log"
    public static let eventsSuffix = ".events"

    /// How much of the end of each log a tick reads for the actions of the date the cache's
    /// line stands on (`quickTick`): over a thousand lines.
    static let tailLimit = 64 << 10

    // MARK: Reading

    /// Every streak, by name. Folders whose names are not valid streak names are ignored.
    public func names() throws(StoreError) -> [StreakName] {
        do throws(SystemError) {
            return try Files.list(streaksFolder).compactMap { entry -> StreakName? in
                guard let name = try? StreakName(entry), Files.isFolder(folder(of: name)) else { return nil }
                return name
            }
        } catch {
            throw .system(error)
        }
    }

    public func exists(_ name: StreakName) -> Bool {
        Files.isFolder(folder(of: name))
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
    /// nil when the cache cannot say (no cache, an unreadable one, no line for it).
    public func lastCachedMetDay(of name: StreakName) -> StreakDay? {
        guard let bytes = try? Files.readIfPresent(cachePath, limit: PromptCache.maxBytes),
              let entries = PromptCache.decode(bytes)
        else { return nil }
        return entries.first { $0.name == name.text }?.progress.lastMet
    }

    // MARK: Writing

    /// Runs `body` holding the data folder's lock, creating the folder first. A write an
    /// earlier process was killed in the middle of (see `Journal`) is finished first, so
    /// `body` always starts from a whole state.
    public func locked<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        try locked(waitingAtMost: Store.lockWait, body)
    }

    /// `locked`, waiting at most `milliseconds` for another process to release the lock
    /// (`StoreError.busy` after that).
    public func locked<T>(waitingAtMost milliseconds: Int, _ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        let lock: FileDescriptor
        let taken: Bool
        do throws(SystemError) {
            try Files.makeFolders(home)
            lock = try FileDescriptor.openRegular(lockPath, O_RDWR | O_CREAT, mode: 0o644)
            taken = try lock.lockExclusive(waitingAtMost: milliseconds)
        } catch {
            throw .system(error)
        }
        guard taken else { throw .busy(lockPath, milliseconds) }
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

    /// Records an action and refreshes the streak's line in the prompt cache. Creates the
    /// streak if it does not exist. Returns where the streak stands after the action, and
    /// whether the action's date was already met before it.
    ///
    /// When the cache's line for the streak is current (nothing in the streak's folder
    /// changed since it was written) and the action is dated on or after the date the line
    /// stands on, the new state is that line's state with the action added (`Progress.adding`):
    /// only the end of the logs is read, so a tick costs the same after ten years as after ten
    /// days. Otherwise, and whenever anything does not add up, the whole history is read and
    /// replayed, as a first tick or `doctor --repair` does.
    ///
    /// An error thrown before the action is recorded leaves nothing behind (no line, and no
    /// empty folder for a streak this tick would have created); once it is recorded (flushed
    /// to disk), a prompt cache that cannot be written is reported in the outcome, not thrown,
    /// and a settings file that does not read is `recordedDespite`.
    public func tick(_ name: StreakName, action: Action, zone: some ZoneRules) throws(StoreError) -> TickOutcome {
        if let reason = action.unrecordableReason { throw .unrecordable(reason) }
        return try locked { () throws(StoreError) -> TickOutcome in
            let created = !exists(name)
            let before = Files.stamp(folder(of: name))
            let stamp: String
            do throws(StoreError) {
                if created { try writeNewStreakSettings(name) }
                try prepareForWrite(name, file: ownLogPath(of: name))
                stamp = Files.stamp(folder(of: name))
            } catch {
                if created { discardEmptyStreak(name) }
                throw error
            }
            if !created, let settings = try? self.settings(of: name),
               let quick = try quickTick(name, action: action, settings: settings, stampBefore: before, stamp: stamp,
                                         zone: zone) {
                return quick
            }
            let size = filesSize(of: name)
            let recorded: Actions
            let events: Events
            let appended: Int
            do throws(StoreError) {
                recorded = try actions(of: name)
                events = try self.events(of: name)
                appended = try append([action], to: name)
            } catch {
                if created { discardEmptyStreak(name) }
                throw error
            }
            TestPoint.reach("tick-after-append")
            // From here on the action is recorded: what fails now is reported, not thrown away.
            let settings: StreakSettings
            do throws(StoreError) {
                settings = try self.settings(of: name)
            } catch {
                _ = try? refreshCache(updating: [], removing: [name], zone: zone)
                throw .recordedDespite(error.problem(settingsPath(of: name)))
            }
            // The actions are read sorted: the new one goes in its place.
            var actions = recorded.actions
            actions.insert(action, at: firstIndex(in: actions.count) { action < actions[$0] })
            let streak = loaded(name, settings: settings, actions: actions, events: events.events,
                                problems: recorded.problems + events.problems, newer: events.newer, stamp: stamp,
                                files: size + appended, zone: zone)
            let cacheProblem = refreshCacheReporting(updating: [streak], zone: zone)
            let day = streak.replay.dayProgress(on: action.day)
            // What the date had before: less this action, unless it does not count (the same
            // moment was already recorded, or it was taken back).
            let counts = !recorded.actions.contains { $0.day == action.day && $0.at.seconds == action.at.seconds }
                && !streak.history.retractions.contains { $0.covers(action) }
            let earlier = day.done - (counts ? action.count : 0)
            // The runs as they were, for what this action reached.
            let previous = Replay(history: StreakHistory(rules: settings.rules, actions: recorded.actions, events: events.events),
                                  zone: zone, weekStart: weekStart)
            return TickOutcome(name: name, settings: settings, progress: streak.replay.progress,
                               rules: streak.replay.rules(on: action.day), paused: streak.replay.pauses.contains(action.day),
                               problems: streak.problems, created: created, alreadyCounted: earlier >= day.needed, day: day,
                               milestones: Milestones.reached(before: previous.runs, after: streak.replay.runs, day: action.day),
                               cacheProblem: cacheProblem, archived: streak.archived)
        }
    }

    /// The tick from the cache's line (see `tick`), or nil when the line cannot be trusted
    /// for it: none, folded with another week start, written before a change to the folder or
    /// to any file in it, standing on a date after the action, planning more than it holds,
    /// or disagreeing with the logs about the counts of the action's date. Call with the lock
    /// held, before the action is appended; appends it when it answers.
    private func quickTick(_ name: StreakName, action: Action, settings: StreakSettings, stampBefore: String,
                           stamp: String, zone: some ZoneRules) throws(StoreError) -> TickOutcome? {
        guard let cache = try? Files.readIfPresent(cachePath, limit: PromptCache.maxBytes),
              let line = PromptCache.entry(named: name.text, in: cache)
        else { return nil }
        let cached = line.progress
        let size = filesSize(of: name)
        guard line.stamp == stampBefore, !stampBefore.isEmpty, cached.weekStart == weekStart,
              line.files > 0, line.files == size,
              let through = cached.through, action.day >= through, cached.ahead.horizon == nil,
              line.icon == settings.icon
        else { return nil }
        // A file changed in place (a hand edit, a sync tool appending) leaves the folder's
        // stamp as it was: every file must be older than the cache.
        let folder = folder(of: name)
        let files: [String]
        do throws(SystemError) {
            files = try Files.list(folder)
        } catch {
            return nil
        }
        for file in files where !file.hasPrefix(".") {
            guard !Files.modifiedAfter(Paths.join(folder, file), cachePath) else { return nil }
        }
        let events = try events(of: name)
        guard events.problems.isEmpty else { return nil }
        // The action's date as the logs have it. A current line stands on the latest date with
        // an action, so a later date has none; the line's own date has its actions at the end
        // of the logs (they are appended): read the last lines only. If some of that date are
        // further up, the counts below disagree with the line's, and the tick replays.
        var sameDate: [Action] = []
        if action.day == through {
            let day = action.day.description
            for file in files where file.hasSuffix(Store.actionsSuffix) && !file.hasPrefix(".") {
                let tail: [UInt8]
                do throws(SystemError) {
                    tail = try Files.readTail(Paths.join(folder, file), limit: Store.tailLimit)
                } catch {
                    return nil
                }
                let found = ActionLog.lines(of: day, in: tail)
                guard found.bad.isEmpty else { return nil }
                sameDate += found.actions
            }
        }
        let history = StreakHistory(rules: settings.rules, actions: sameDate, events: events.events)
        let counted = history.countedActions
        let countedBefore = counted.reduce(0) { $0 + $1.count }
        // The line must agree with the logs about this date.
        guard countedBefore == (action.day == through ? cached.dayCount : 0) else { return nil }
        let timeline = RulesTimeline(initial: settings.rules, changes: history.changes, weekStart: weekStart)
        let pauses = PauseCalendar(history.pauses)
        // An action taken back, or at the moment of one already recorded (a second tick in
        // the same second), does not count: of the same moment the first in `Action` order
        // counts, so one that would come first leaves it to the replay.
        var counts = !history.retractions.contains { $0.covers(action) }
        if counts, let same = sameDate.filter({ $0.at.seconds == action.at.seconds }).min() {
            guard !(action < same) else { return nil }
            counts = false
        }
        var progress = cached
        if counts {
            progress = cached.adding(action.count, on: action.day, zone: zone, timeline: timeline, pauses: pauses)
            guard progress.ahead.horizon == nil else { return nil }
        }
        let appended = try append([action], to: name)
        TestPoint.reach("tick-after-append")
        // From here on the action is recorded: a cache that cannot be written is reported.
        let entry = PromptCache.Entry(name: name.text, icon: settings.icon, progress: progress, stamp: stamp,
                                      files: size + appended, archived: line.archived)
        // Every other line as it was: only this one is new. (The line was found above.)
        let bytes = PromptCache.replacingLine(of: entry, in: cache, stamp: Files.stamp(streaksFolder))!
        var cacheProblem: SystemError?
        do throws(SystemError) {
            TestPoint.reach("cache-write")
            try writeCache(bytes)
        } catch {
            cacheProblem = error
        }
        let goal = timeline.rules(on: action.day).goal
        let done = countedBefore + (counts ? action.count : 0)
        return TickOutcome(name: name, settings: settings, progress: progress, rules: timeline.rules(on: action.day),
                           paused: pauses.contains(action.day), problems: [], created: false,
                           alreadyCounted: countedBefore >= goal, day: GoalProgress(done: done, needed: goal),
                           milestones: Milestones.reached(from: cached, to: progress), cacheProblem: cacheProblem,
                           replayed: false, archived: line.archived)
    }

    /// Records event records (rule changes, pauses, …) in this machine's event log and
    /// refreshes the streak's line in the prompt cache. The streak must exist. Returns it as it
    /// stands after them, and a prompt cache that could not be updated (the records stand).
    @discardableResult
    public func record(_ events: [StreakEvent], to name: StreakName, zone: some ZoneRules) throws(StoreError) -> RecordOutcome {
        try locked { () throws(StoreError) -> RecordOutcome in
            guard exists(name) else { throw .missing(name) }
            try prepareForWrite(name, file: ownEventsPath(of: name))
            try appendEvents(events, to: name)
            let streak = try load(name, zone: zone)
            return RecordOutcome(streak: streak, cacheProblem: refreshCacheReporting(updating: [streak], zone: zone))
        }
    }

    /// Merges actions and event records into the streak (creating it if needed), skipping
    /// every action already recorded on any machine (same date and same moment) and every
    /// record already there (the same line), so merging the same records twice changes
    /// nothing. `settings`, if given, is written when the streak has no settings file yet.
    /// Returns how many actions and records were new. (One streak of `merge(_:zone:)`.)
    @discardableResult
    public func merge(_ actions: [Action], events: [StreakEvent] = [], into name: StreakName,
                      settings: StreakSettings? = nil, zone: some ZoneRules) throws(StoreError) -> Merged {
        let outcome = try merge([StreakImport(name: name, actions: actions, events: events, settings: settings)], zone: zone)
        return Merged(actions: outcome.added.first ?? 0, events: outcome.addedEvents.first ?? 0)
    }

    /// The settings a streak about to be created starts with: the defaults, with an icon no
    /// other streak has (`Icon.forNewStreak`). Call with the lock held.
    public func newStreakSettings(_ name: StreakName) -> StreakSettings {
        var icons: [String] = []
        for other in (try? names()) ?? [] where other != name {
            // One that does not read keeps its icon a secret; the default is the likeliest.
            icons.append((try? settings(of: other))?.icon ?? Icon.default)
        }
        return StreakSettings(icon: Icon.forNewStreak(name, taken: icons))
    }

    /// Writes the settings file of a streak about to be created by an action (a tick, an
    /// import), when its settings are not the defaults a streak without one reads as. Call
    /// with the lock held.
    func writeNewStreakSettings(_ name: StreakName) throws(StoreError) {
        let settings = newStreakSettings(name)
        guard settings != StreakSettings() else { return }
        do throws(SystemError) {
            let newFolder = !Files.isFolder(folder(of: name))
            try Files.makeFolders(folder(of: name))
            if newFolder { try Files.syncFolder(streaksFolder) }
            try Files.writeAtomically(settingsPath(of: name), settings.encoded().utf8, locked: true)
        } catch {
            throw .system(error)
        }
    }

    /// Makes the streak's folder and this machine's `file` (its log or event log) exist, then
    /// marks the folder changed.
    ///
    /// Marking it first means a writer killed after appending but before refreshing the cache
    /// leaves the folder's stamp different from the cache's, so the prompt notices and has the
    /// cache rebuilt. Creating the file first keeps our own file creation from looking like a
    /// change we did not see. Call with the lock held.
    func prepareForWrite(_ name: StreakName, file: String) throws(StoreError) {
        do throws(SystemError) {
            let newFolder = !Files.isFolder(folder(of: name))
            try Files.makeFolders(folder(of: name))
            if newFolder { try Files.syncFolder(streaksFolder) }
            if !Files.exists(file) {
                try Files.create(file)
                try Files.syncFolder(folder(of: name))
            }
        } catch {
            throw .system(error)
        }
        Files.touch(folder(of: name))
    }

    /// Takes back what a streak's first write made before it failed (the settings file with
    /// its new icon, the empty log, the folder), so a failed `tick` leaves no empty streak
    /// behind. Call only for a streak that did not exist before; a log that holds anything is
    /// left alone (and with it the folder).
    func discardEmptyStreak(_ name: StreakName) {
        let log = ownLogPath(of: name)
        var size = -1
        if let file = try? FileDescriptor.openRegular(log, O_RDONLY, size: &size), size == 0 {
            _ = file
            try? Files.remove(log)
        }
        if !Files.exists(log) { try? Files.remove(settingsPath(of: name)) }
        Files.removeEmptyFolder(folder(of: name))
    }

    /// Appends actions to this machine's log of the streak (creating both if needed).
    /// One `write` per call, flushed to disk before returning. Call with the lock held.
    /// Returns the bytes written.
    ///
    /// All of it or nothing: a write or flush that fails (a full disk) truncates the log back
    /// to its old length, so no line cut short is left behind to be read later as an action.
    /// An action whose line would not read back (see `Action.isRecordable`) is refused first.
    @discardableResult
    public func append(_ actions: [Action], to name: StreakName) throws(StoreError) -> Int {
        guard !actions.isEmpty else { return 0 }
        if let reason = actions.lazy.compactMap(\.unrecordableReason).first { throw .unrecordable(reason) }
        return try appendLines(actions.map(ActionLog.line).joined(), to: ownLogPath(of: name), header: ActionLog.header,
                               of: name)
    }

    /// Appends event records to this machine's event log of the streak, as `append` does
    /// actions. Call with the lock held.
    @discardableResult
    public func appendEvents(_ events: [StreakEvent], to name: StreakName) throws(StoreError) -> Int {
        guard !events.isEmpty else { return 0 }
        return try appendLines(events.map(EventLog.line).joined(), to: ownEventsPath(of: name), header: EventLog.header,
                               of: name)
    }

    /// Appends whole lines to an append-only file of the streak, after `header` when the file
    /// is new or empty: one `write`, flushed to disk before returning, or, if the write or the
    /// flush fails, nothing (the file is cut back to its old length). A last line cut short by
    /// a crash gets its line break first, so a new line is never glued onto it. Returns the
    /// bytes written.
    private func appendLines(_ lines: String, to path: String, header: String, of name: StreakName) throws(StoreError) -> Int {
        let folder = folder(of: name)
        do throws(SystemError) {
            let newFolder = !Files.isFolder(folder)
            try Files.makeFolders(folder)
            let newFile = !Files.exists(path)
            var size = 0
            let file = try FileDescriptor.openRegular(path, O_RDWR | O_CREAT | O_APPEND, mode: 0o644, size: &size)
            var text = ""
            if size == 0 {
                text += header
            } else if try file.byte(at: size - 1) != 0x0A {
                text += "\n"
            }
            text += lines
            do throws(SystemError) {
                try file.writeAll(text.utf8)
                TestPoint.reach("append-before-sync")
                try file.sync()
            } catch {
                file.truncate(to: size)
                throw error
            }
            if newFile { try Files.syncFolder(folder) }
            if newFolder { try Files.syncFolder(streaksFolder) }
            return text.utf8.count
        } catch {
            throw .system(error)
        }
    }

    /// Creates a streak with these settings. Fails if it exists.
    public func add(_ name: StreakName, settings: StreakSettings, zone: some ZoneRules) throws(StoreError) {
        try locked { () throws(StoreError) in
            if exists(name) { throw .exists(name) }
            _ = try writeSettings(settings, of: name, zone: zone)
        }
    }

    /// Creates a streak with the defaults of a new streak (`newStreakSettings`) and the
    /// settings `given`: its creation rules. Fails if it exists.
    public func create(_ name: StreakName, with given: GivenSettings, zone: some ZoneRules) throws(StoreError) -> ConfigureOutcome {
        try locked { () throws(StoreError) -> ConfigureOutcome in
            if exists(name) { throw .exists(name) }
            let settings = given.applied(to: newStreakSettings(name))
            let cacheProblem = try writeSettings(settings, of: name, zone: zone)
            return ConfigureOutcome(settings: settings, created: true, cacheProblem: cacheProblem)
        }
    }

    /// Changes an existing streak's settings (or creates it): `change` gets the current ones.
    /// Returns the settings written, whether the streak was new, and a prompt cache that could
    /// not be updated (the settings are written all the same).
    @discardableResult
    public func configure(_ name: StreakName, zone: some ZoneRules,
                          _ change: (inout StreakSettings) -> Void) throws(StoreError) -> ConfigureOutcome {
        try locked { () throws(StoreError) -> ConfigureOutcome in
            let created = !exists(name)
            var settings = created ? newStreakSettings(name) : try self.settings(of: name)
            change(&settings)
            let cacheProblem = try writeSettings(settings, of: name, zone: zone)
            return ConfigureOutcome(settings: settings, created: created, cacheProblem: cacheProblem)
        }
    }

    /// Writes the settings file and refreshes the streak's cache line. Call with the lock held.
    /// A streak created here whose settings cannot be written leaves no folder behind.
    private func writeSettings(_ settings: StreakSettings, of name: StreakName,
                               zone: some ZoneRules) throws(StoreError) -> SystemError? {
        let created = !Files.isFolder(folder(of: name))
        do throws(SystemError) {
            try Files.makeFolders(folder(of: name))
            try Files.writeAtomically(settingsPath(of: name), settings.encoded().utf8, locked: true)
        } catch {
            if created { Files.removeEmptyFolder(folder(of: name)) }
            throw .system(error)
        }
        var streak = try load(name, zone: zone)
        streak.problems = []
        return refreshCacheReporting(updating: [streak], zone: zone)
    }

    /// Moves the streak's folder into `backups/` (nothing is deleted) and drops it from the
    /// prompt cache. Returns the backup's path (and a prompt cache that could not be updated:
    /// the streak is removed all the same).
    public func remove(_ name: StreakName, stamp: String, zone: some ZoneRules) throws(StoreError) -> RemoveOutcome {
        try locked { () throws(StoreError) -> RemoveOutcome in
            guard exists(name) else { throw .missing(name) }
            var backup = Paths.join(backupsFolder, name.text + "-" + stamp)
            do throws(SystemError) {
                try Files.makeFolders(backupsFolder)
                var suffix = 2
                while Files.exists(backup) {
                    backup = Paths.join(backupsFolder, name.text + "-" + stamp + "-" + String(suffix))
                    suffix += 1
                }
                try Files.rename(folder(of: name), to: backup)
            } catch {
                throw .system(error)
            }
            // Moved: a failure from here on does not undo it.
            _ = try? Files.syncFolder(streaksFolder)
            let cacheProblem = refreshCacheReporting(updating: [], removing: [name], zone: zone)
            return RemoveOutcome(backup: backup, cacheProblem: cacheProblem)
        }
    }

    /// Renames a streak: its folder, with every machine's logs and event logs, its settings
    /// and history, moves in one `rename`, holding the lock; the prompt cache follows. Refuses
    /// when `old` does not exist or `new` does.
    public func rename(_ old: StreakName, to new: StreakName, zone: some ZoneRules) throws(StoreError) -> RecordOutcome {
        try locked { () throws(StoreError) -> RecordOutcome in
            guard exists(old) else { throw .missing(old) }
            if Files.exists(folder(of: new)) { throw .exists(new) }
            do throws(SystemError) {
                try Files.rename(folder(of: old), to: folder(of: new))
            } catch {
                throw .system(error)
            }
            // Moved: a failure from here on does not undo it.
            _ = try? Files.syncFolder(streaksFolder)
            let streak = try load(new, zone: zone)
            return RecordOutcome(streak: streak,
                                 cacheProblem: refreshCacheReporting(updating: [streak], removing: [old], zone: zone))
        }
    }

    // MARK: The prompt cache

    /// Rewrites the prompt cache with fresh lines for `streaks`, keeping the other lines.
    /// When the old cache cannot be read, or does not list the same streaks as the folder,
    /// every other streak is rebuilt from its files. Call with the lock held.
    public func refreshCache(updating streaks: [LoadedStreak], removing: [StreakName] = [],
                             zone: some ZoneRules) throws(StoreError) {
        let stamp = Files.stamp(streaksFolder)
        var entries: [String: PromptCache.Entry] = [:]
        let old = (try? Files.readIfPresent(cachePath, limit: PromptCache.maxBytes)).flatMap { $0 }
        let present = Set(try names().map(\.text))
        if let old, let decoded = PromptCache.decode(old) {
            for entry in decoded { entries[entry.name] = entry }
        }
        for streak in streaks { entries[streak.name.text] = streak.cacheEntry(zone: zone) }
        for name in removing { entries[name.text] = nil }
        if Set(entries.keys) != present {
            let missing = present.subtracting(entries.keys)
            entries = entries.filter { present.contains($0.key) }
            for name in try names() where missing.contains(name.text) {
                // A streak whose files cannot be read is left out of the prompt; the command
                // that reads it reports why.
                guard let streak = try? load(name, zone: zone) else {
                    entries[name.text] = nil
                    continue
                }
                entries[name.text] = streak.cacheEntry(zone: zone)
            }
        }
        do throws(SystemError) {
            TestPoint.reach("cache-write")
            try writeCache(Array(PromptCache.encode(Array(entries.values), stamp: stamp).utf8))
        } catch {
            throw .system(error)
        }
    }

    /// Writes the prompt cache, then every pre-rendered view from it (`Views`): the one place
    /// the derived files are written, so every command that changes the data updates the views
    /// and pushes to tmux. Derived data: atomic for every reader, but not flushed to disk
    /// (doctor rebuilds it). Call with the lock held.
    func writeCache(_ bytes: [UInt8]) throws(SystemError) {
        try Files.writeAtomically(cachePath, bytes, durable: false, locked: true)
        Views.refreshAll(home: home, cache: bytes, now: now ?? Clock.now(), environment: environment ?? Environment([:]))
    }

    /// `refreshCache` after a change that is already recorded: a cache that cannot be written
    /// (a full disk) is returned for the command to report, not thrown, since the change
    /// itself stands. The prompt notices the streak folders changed and rebuilds it later.
    func refreshCacheReporting(updating streaks: [LoadedStreak], removing: [StreakName] = [],
                               zone: some ZoneRules) -> SystemError? {
        do throws(StoreError) {
            try refreshCache(updating: streaks, removing: removing, zone: zone)
            return nil
        } catch {
            if case .system(let failure) = error { return failure }
            return SystemError("update", cachePath, code: EIO, detail: "\(error)")
        }
    }

    /// The right to run the prompt's background refresh, or nil when another refresh holds it:
    /// an advisory lock on the data folder itself (no extra file), released when the returned
    /// descriptor goes or the process ends. One refresh at a time, however many prompts ask.
    public func claimRefresh() -> FileDescriptor? {
        guard let folder = try? FileDescriptor.open(home, O_RDONLY | O_DIRECTORY), folder.tryLockExclusive() else {
            return nil
        }
        return folder
    }

    /// Rebuilds the prompt cache from every streak's files.
    public func rebuildCache(zone: some ZoneRules, waitingAtMost milliseconds: Int = Store.lockWait) throws(StoreError) {
        try locked(waitingAtMost: milliseconds) { () throws(StoreError) in
            try rebuildCacheLocked(zone: zone)
        }
    }

    /// `rebuildCache` with the lock already held.
    func rebuildCacheLocked(zone: some ZoneRules) throws(StoreError) {
        let stamp = Files.stamp(streaksFolder)
        var entries: [PromptCache.Entry] = []
        for name in try names() {
            guard let streak = try? load(name, zone: zone) else { continue }
            entries.append(streak.cacheEntry(zone: zone))
        }
        do throws(SystemError) {
            try writeCache(Array(PromptCache.encode(entries, stamp: stamp).utf8))
        } catch {
            throw .system(error)
        }
    }
}

/// Actions read from a streak's logs.
public struct Actions: Sendable {
    public var actions: [Action] = []
    public var problems: [FileProblem] = []
}

/// Event records read from a streak's event logs.
public struct Events: Sendable {
    public var events: [StreakEvent] = []
    public var problems: [FileProblem] = []
    /// Lines of a kind a newer streakprompt wrote: kept and not counted, but no damage
    /// (`doctor --repair` leaves them).
    public var newer: [FileProblem] = []
}

/// What a merge added.
public struct Merged: Sendable, Equatable {
    public var actions: Int
    public var events: Int

    public init(actions: Int, events: Int) {
        self.actions = actions
        self.events = events
    }
}

/// A streak read from disk and replayed.
public struct LoadedStreak: Sendable {
    public var name: StreakName
    public var settings: StreakSettings
    /// Its creation rules, actions (sorted) and the records of its events, as the fold takes them.
    public var history: StreakHistory
    /// Every event record, as read (rule changes, pauses, retractions, archive records).
    public var events: [StreakEvent]
    /// Lines of its logs that could not be read.
    public var problems: [FileProblem]
    /// Lines a newer version wrote (kept, not counted, not damage).
    public var newer: [FileProblem]
    public var replay: Replay
    /// The streak folder's modification time before it was read (see `PromptCache`).
    public var stamp: String = ""
    /// The date the cache line is anchored on when the plans ahead run out (`Store.today`).
    public var today: StreakDay?
    /// The bytes of its files when it was read (`Store.filesSize`).
    public var files = 0

    public init(name: StreakName, settings: StreakSettings, history: StreakHistory, events: [StreakEvent],
                problems: [FileProblem], newer: [FileProblem] = [], replay: Replay, stamp: String = "",
                today: StreakDay? = nil) {
        self.name = name
        self.settings = settings
        self.history = history
        self.events = events
        self.problems = problems
        self.newer = newer
        self.replay = replay
        self.stamp = stamp
        self.today = today
    }

    /// Every action, sorted.
    public var actions: [Action] { history.actions }

    /// Whether the latest archive record is not undone (`EventLog.archived`).
    public var archived: Bool { EventLog.archived(events) }

    public func cacheEntry(zone: some ZoneRules) -> PromptCache.Entry {
        PromptCache.Entry(name: name.text, icon: settings.icon, progress: replay.cachedState(today: today, zone: zone),
                          stamp: stamp, files: files, archived: archived)
    }

    public func reading(today: StreakDay, zone: some ZoneRules) -> Reading {
        replay.progress.reading(on: today, zone: zone)
    }
}

/// What makes two recorded actions the same action: the date and the moment (the offset is
/// how it was written, not what happened).
struct ActionKey: Hashable {
    var day: StreakDay
    var seconds: Int64

    init(_ action: Action) {
        day = action.day
        seconds = action.at.seconds
    }
}

public struct TickOutcome: Sendable {
    public var name: StreakName
    public var settings: StreakSettings
    /// The streak's state after its latest action (the cache's line).
    public var progress: Progress
    /// The rules on the action's date, and whether it is paused.
    public var rules: Rules
    public var paused: Bool
    /// Lines of the streak's files that could not be read (when they were all read).
    public var problems: [FileProblem]
    public var created: Bool
    /// The action's date was met before it (counted once: this one adds nothing to a run).
    public var alreadyCounted: Bool
    /// The action's date after it: its counts against the goal on that date.
    public var day: GoalProgress
    /// The round lengths and records the action reached (`Milestones`).
    public var milestones = Milestones()
    /// Why the prompt cache could not be updated after the action was recorded, if it could not.
    public var cacheProblem: SystemError?
    /// Whether the tick read and replayed the whole history (not the cache's line).
    public var replayed = true
    /// The streak is archived (hidden from the prompt and `list`); the action counts all the same.
    public var archived = false

    /// What a read on `today` shows after the tick.
    public func reading(today: StreakDay, zone: some ZoneRules) -> Reading {
        progress.reading(on: today, zone: zone)
    }
}

public struct RecordOutcome: Sendable {
    /// The streak as it stands after the records.
    public var streak: LoadedStreak
    /// Why the prompt cache could not be updated after they were recorded, if it could not.
    public var cacheProblem: SystemError?
}

public struct ConfigureOutcome: Sendable {
    public var settings: StreakSettings
    public var created: Bool
    /// Why the prompt cache could not be updated after the settings were written, if it could not.
    public var cacheProblem: SystemError?
}

public struct RemoveOutcome: Sendable {
    /// Where the streak's folder went.
    public var backup: String
    /// Why the prompt cache could not be updated after the move, if it could not.
    public var cacheProblem: SystemError?
}

/// A line of a data file that could not be read.
public struct FileProblem: Equatable, Sendable {
    public var path: String
    public var line: Int
    public var reason: String

    /// Line 0 means the whole file.
    public var message: String { line > 0 ? "\(path):\(line): \(reason)" : "\(path): \(reason)" }

    /// The message, and what happens to what could not be read: left in place, not counted.
    public var warning: String {
        message + (line > 0 ? " (line kept, not counted)" : " (file left as it is; its actions count once it reads)")
    }
}

public enum StoreError: Error, Sendable {
    case system(SystemError)
    case corrupt(FileProblem)
    case exists(StreakName)
    case missing(StreakName)
    /// The action was recorded, but the streak's settings file does not read.
    case recordedDespite(FileProblem)
    /// Another process held the data folder's lock (at this path) for this many milliseconds.
    case busy(String, Int)
    /// A write that spans many files (an import) is written down whole, but a step of it
    /// failed: the next command that can write finishes it.
    case unfinished(SystemError)
    /// An action whose log line would not read back (an offset past 14 hours, a year past
    /// 9999), refused before anything was written.
    case unrecordable(String)

    /// The error as a problem with the file at `path` (line 0: the whole file).
    func problem(_ path: String) -> FileProblem {
        switch self {
        case .corrupt(let problem), .recordedDespite(let problem): return problem
        case .system(let error): return FileProblem(path: error.path, line: 0, reason: "cannot be read: " + error.reason)
        default: return FileProblem(path: path, line: 0, reason: "\(self)")
        }
    }
}
