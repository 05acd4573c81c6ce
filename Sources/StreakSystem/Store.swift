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
///   backups/NAME-STAMP/            what `remove` took away
///   streaks/NAME/*.corrupt-STAMP   a damaged file set aside by `doctor --repair`
///   prompt.cache                   derived: what the prompt reads
///   .lock                          serialises writers
///   .gitignore, .gitattributes, .stignore   for sharing the folder (`sync`, `doctor --repair`)
/// ```
///
/// Each machine appends only to its own log, so a folder shared by several machines (a file
/// sync tool, a git repository) never has two writers on one file: the union of the logs is
/// the truth. Writers take `.lock` for the whole update, so concurrent ticks queue instead of
/// racing; readers take no lock and never write.
public struct Store: Sendable {
    public let home: String
    public let machine: String

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

    /// Every action of the streak, from every machine's log, with the lines that could not be
    /// read (reported, never dropped from the files).
    public func actions(of name: StreakName) throws(StoreError) -> Actions {
        var result = Actions()
        let folder = folder(of: name)
        let entries: [String]
        do throws(SystemError) {
            entries = try Files.list(folder)
        } catch {
            throw .system(error)
        }
        for entry in entries where entry.hasSuffix(".log") && !entry.hasPrefix(".") {
            let path = Paths.join(folder, entry)
            let bytes: [UInt8]
            do throws(SystemError) {
                bytes = try Files.read(path, limit: Store.fileLimit)
            } catch where error.isNotFound {
                continue
            } catch {
                // One unreadable log must not hide the others, nor stop a tick from recording.
                result.problems.append(FileProblem(path: path, line: 0, reason: "cannot be read: " + error.reason))
                continue
            }
            let parsed = ActionLog.parse(bytes)
            result.actions.append(contentsOf: parsed.actions)
            result.problems.append(contentsOf: parsed.bad.map { FileProblem(path: path, line: $0.line, reason: $0.reason) })
        }
        result.actions.sort()
        return result
    }

    /// Settings and actions of one streak, replayed.
    public func load(_ name: StreakName, zone: some ZoneRules) throws(StoreError) -> LoadedStreak {
        // Taken before anything is read: a change that lands while we read makes it differ.
        let stamp = Files.stamp(folder(of: name))
        let settings = try settings(of: name)
        let actions = try actions(of: name)
        let replay = Replay(days: actions.actions.map(\.day), rules: settings.rules, zone: zone)
        return LoadedStreak(name: name, settings: settings, actions: actions.actions, problems: actions.problems,
                            replay: replay, stamp: stamp)
    }

    /// The last date the prompt cache shows an action on for the streak, without reading its
    /// logs; nil when the cache cannot say (no cache, an unreadable one, no line for it).
    public func lastCachedDay(of name: StreakName) -> StreakDay? {
        guard let bytes = try? Files.readIfPresent(cachePath, limit: PromptCache.maxBytes),
              let entries = PromptCache.decode(bytes)
        else { return nil }
        return entries.first { $0.name == name.text }?.progress.last
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
    /// streak if it does not exist. Returns the streak as it stands after the action, and
    /// whether the date already had one.
    ///
    /// An error thrown before the action is recorded leaves nothing behind (no line, and no
    /// empty folder for a streak this tick would have created); once it is recorded (flushed
    /// to disk), a prompt cache that cannot be written is reported in the outcome, not thrown,
    /// and a settings file that does not read is `recordedDespite`.
    public func tick(_ name: StreakName, action: Action, zone: some ZoneRules) throws(StoreError) -> TickOutcome {
        if let reason = action.unrecordableReason { throw .unrecordable(reason) }
        return try locked { () throws(StoreError) -> TickOutcome in
            let created = !exists(name)
            let recorded: Actions
            let stamp: String
            do throws(StoreError) {
                if created { try writeNewStreakSettings(name) }
                try prepareForWrite(name)
                stamp = Files.stamp(folder(of: name))
                recorded = try actions(of: name)
                try append([action], to: name)
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
            let alreadyCounted = recorded.actions.contains { $0.day == action.day }
            let actions = (recorded.actions + [action]).sorted()
            let streak = LoadedStreak(name: name, settings: settings, actions: actions, problems: recorded.problems,
                                      replay: Replay(days: actions.map(\.day), rules: settings.rules, zone: zone),
                                      stamp: stamp)
            let cacheProblem = refreshCacheReporting(updating: [streak], zone: zone)
            return TickOutcome(streak: streak, created: created, alreadyCounted: alreadyCounted, cacheProblem: cacheProblem)
        }
    }

    /// Merges actions into the streak (creating it if needed), skipping every action already
    /// recorded on any machine (same date and same moment), so merging the same actions twice
    /// changes nothing. `settings`, if given, is written when the streak has no settings file
    /// yet. Returns how many actions were new. (One streak of `merge(_:zone:)`.)
    @discardableResult
    public func merge(_ actions: [Action], into name: StreakName, settings: StreakSettings? = nil,
                      zone: some ZoneRules) throws(StoreError) -> Int {
        try merge([StreakImport(name: name, actions: actions, settings: settings)], zone: zone).added.first ?? 0
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

    /// Makes the streak's folder and this machine's log exist, then marks the folder changed.
    ///
    /// Marking it first means a writer killed after appending but before refreshing the cache
    /// leaves the folder's stamp different from the cache's, so the prompt notices and has the
    /// cache rebuilt. Creating the log first keeps our own file creation from looking like a
    /// change we did not see. Call with the lock held.
    func prepareForWrite(_ name: StreakName) throws(StoreError) {
        do throws(SystemError) {
            let newFolder = !Files.isFolder(folder(of: name))
            try Files.makeFolders(folder(of: name))
            if newFolder { try Files.syncFolder(streaksFolder) }
            if !Files.exists(ownLogPath(of: name)) {
                try Files.create(ownLogPath(of: name))
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
    ///
    /// All of it or nothing: a write or flush that fails (a full disk) truncates the log back
    /// to its old length, so no line cut short is left behind to be read later as an action.
    /// An action whose line would not read back (see `Action.isRecordable`) is refused first.
    public func append(_ actions: [Action], to name: StreakName) throws(StoreError) {
        guard !actions.isEmpty else { return }
        if let reason = actions.lazy.compactMap(\.unrecordableReason).first { throw .unrecordable(reason) }
        let folder = folder(of: name)
        let path = ownLogPath(of: name)
        do throws(SystemError) {
            let newFolder = !Files.isFolder(folder)
            try Files.makeFolders(folder)
            let newFile = !Files.exists(path)
            var size = 0
            let file = try FileDescriptor.openRegular(path, O_RDWR | O_CREAT | O_APPEND, mode: 0o644, size: &size)
            var text = ""
            if size == 0 {
                text += ActionLog.header
            } else if try file.byte(at: size - 1) != 0x0A {
                // The last line was cut short by a crash: never glue a new line onto it.
                text += "\n"
            }
            for action in actions { text += ActionLog.line(action) }
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
        for streak in streaks { entries[streak.name.text] = streak.cacheEntry }
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
                entries[name.text] = streak.cacheEntry
            }
        }
        do throws(SystemError) {
            TestPoint.reach("cache-write")
            // Derived data: atomic for every reader, but not flushed to disk (doctor rebuilds it).
            try Files.writeAtomically(cachePath, PromptCache.encode(Array(entries.values), stamp: stamp).utf8,
                                      durable: false, locked: true)
        } catch {
            throw .system(error)
        }
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
            entries.append(streak.cacheEntry)
        }
        do throws(SystemError) {
            try Files.writeAtomically(cachePath, PromptCache.encode(entries, stamp: stamp).utf8, durable: false,
                                      locked: true)
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

/// A streak read from disk and replayed.
public struct LoadedStreak: Sendable {
    public var name: StreakName
    public var settings: StreakSettings
    /// Every action, sorted.
    public var actions: [Action]
    /// Lines of its logs that could not be read.
    public var problems: [FileProblem]
    public var replay: Replay
    /// The streak folder's modification time before it was read (see `PromptCache`).
    public var stamp: String = ""

    public init(name: StreakName, settings: StreakSettings, actions: [Action], problems: [FileProblem], replay: Replay,
                stamp: String = "") {
        self.name = name
        self.settings = settings
        self.actions = actions
        self.problems = problems
        self.replay = replay
        self.stamp = stamp
    }

    public var cacheEntry: PromptCache.Entry {
        PromptCache.Entry(name: name.text, icon: settings.icon, schedule: settings.rules.schedule,
                          progress: replay.progress, stamp: stamp)
    }

    public func reading(today: StreakDay, zone: some ZoneRules) -> Reading {
        replay.progress.reading(today: today, rules: settings.rules, zone: zone)
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
    public var streak: LoadedStreak
    public var created: Bool
    public var alreadyCounted: Bool
    /// Why the prompt cache could not be updated after the action was recorded, if it could not.
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
