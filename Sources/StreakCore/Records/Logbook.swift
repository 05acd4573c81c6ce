extension StreakHistory {
    /// The action `untick` takes back on `day`: the latest of that date's actions that still
    /// count (by moment, then `Action` order), or nil when none is left. Each untick takes back
    /// one, so repeated unticks walk back through the date; an action with a count of 3 is
    /// taken back whole, as it was recorded.
    ///
    /// Of actions in the same second, the one recorded last in `recorded` (a log's lines in
    /// the order they were written, e.g. this machine's) is the latest; then `Action` order.
    public func latestCounted(on day: StreakDay, recorded: [Action] = []) -> Action? {
        var position: [Action.Identity: Int] = [:]
        for (index, action) in recorded.enumerated() where action.day == day { position[action.identity] = index }
        var latest: Action?
        for action in countedActions where action.day == day {
            if let known = latest {
                if known.at.seconds > action.at.seconds { continue }
                if known.at.seconds == action.at.seconds,
                   position[known.identity] ?? -1 > position[action.identity] ?? -1 { continue }
            }
            latest = action
        }
        return latest
    }

    /// The retraction that takes back `action` (only it, when it has an id), made at `made`.
    public static func retraction(of action: Action, made: Instant) -> Retraction {
        Retraction(day: action.day, at: action.at, made: made, id: action.id)
    }
}

/// One action as `log` shows it: where it was recorded, and whether it was taken back.
public struct LoggedAction: Hashable, Sendable {
    public var streak: StreakName
    public var action: Action
    /// The machine whose log holds it (the first by name when several do, as after an import).
    public var machine: String
    /// Taken back by `untick`: kept in the log, counted nowhere.
    public var retracted: Bool

    public init(streak: StreakName, action: Action, machine: String, retracted: Bool) {
        self.streak = streak
        self.action = action
        self.machine = machine
        self.retracted = retracted
    }
}

/// The actions of streaks as `log` lists them: one entry per action (the same action in two
/// machines' logs is one, as the fold counts it; see `Action.identity`), newest first.
public enum Logbook {
    /// The entries of one streak from each machine's actions, those dated `since` or later.
    public static func entries(of streak: StreakName, machines: [(machine: String, actions: [Action])],
                               retractions: [Retraction], since: StreakDay? = nil) -> [LoggedAction] {
        var seen = Set<Action.Identity>()
        var entries: [LoggedAction] = []
        let taken = RetractionSet(retractions)
        for (machine, actions) in machines.sorted(by: { $0.machine < $1.machine }) {
            for action in actions.sorted() {
                if let since, action.day < since { continue }
                guard seen.insert(action.identity).inserted else { continue }
                entries.append(LoggedAction(streak: streak, action: action, machine: machine, retracted: taken.covers(action)))
            }
        }
        return newestFirst(entries)
    }

    /// Newest first: by moment, then date, streak and machine, so the order never depends on
    /// how the logs were read.
    public static func newestFirst(_ entries: [LoggedAction]) -> [LoggedAction] {
        entries.sorted { a, b in
            if a.action.at.seconds != b.action.at.seconds { return a.action.at.seconds > b.action.at.seconds }
            if a.action.day != b.action.day { return a.action.day > b.action.day }
            if a.streak != b.streak { return a.streak > b.streak }
            if a.machine != b.machine { return a.machine > b.machine }
            return b.action < a.action
        }
    }
}
