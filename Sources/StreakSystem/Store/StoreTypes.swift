import StreakCore

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
                          stamp: stamp, files: files, archived: archived, tags: settings.tagsField)
    }

    public func reading(today: StreakDay, zone: some ZoneRules) -> Reading {
        replay.progress.reading(on: today, zone: zone)
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
    /// The settings as they were, read under the same hold of the lock.
    public var before: StreakSettings
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
    /// No streak of that name; `twin`: one whose name differs only in letter case (what the
    /// user most likely meant).
    case missing(StreakName, twin: StreakName? = nil)
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
    /// A new streak's name differs from an existing one's only in letter case (one folder on
    /// macOS and Windows disks): refused.
    case caseTwin(StreakName, of: StreakName)

    /// The error as a problem with the file at `path` (line 0: the whole file).
    func problem(_ path: String) -> FileProblem {
        switch self {
        case .corrupt(let problem), .recordedDespite(let problem): return problem
        case .system(let error): return FileProblem(path: error.path, line: 0, reason: "cannot be read: " + error.reason)
        default: return FileProblem(path: path, line: 0, reason: "\(self)")
        }
    }
}
