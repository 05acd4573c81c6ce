/// What a fold produces and a read shows: runs, units and how they ended, progress toward a
/// goal, and the reading of a date.

/// A run: consecutive met units (scheduled dates, or weeks), from its first to its last.
/// Frozen and neutral units inside it add nothing to `length`.
public struct Run: Hashable, Sendable {
    /// The first met date (day runs), or the first date of the first met week (week runs).
    public var start: StreakDay
    /// The last met date, or the last date of the last met week.
    public var end: StreakDay
    /// Met units, in `unit`.
    public var length: Int
    public var unit: StreakUnit

    public init(start: StreakDay, end: StreakDay, length: Int, unit: StreakUnit = .day) {
        self.start = start
        self.end = end
        self.length = length
        self.unit = unit
    }
}

/// One unit of a streak: a date, or a week.
public struct UnitSpan: Hashable, Sendable {
    public var start: StreakDay
    public var end: StreakDay
    public var unit: StreakUnit

    public init(start: StreakDay, end: StreakDay, unit: StreakUnit) {
        self.start = start
        self.end = end
        self.unit = unit
    }
}

/// How a unit ended.
public enum UnitOutcome: Hashable, Sendable {
    /// Met: it extended the run.
    case met
    /// Unscheduled or paused (or, in week mode, not met and holding a paused date): nothing
    /// was asked.
    case neutral
    /// Missed while the run was alive: a freeze covered it.
    case frozen
    /// Missed while the run was alive, with no freeze left: the run ended.
    case broke
    /// Not met while no run was alive (whether the zone skipped one of its dates is not
    /// looked at: nothing depends on it).
    case missed
    /// The unit holding the read date, not met yet.
    case open
}

/// Progress toward what today (day mode) or this week (week mode) asks: counts against the
/// goal, or met dates against the weekly target.
public struct GoalProgress: Hashable, Sendable {
    public var done: Int
    public var needed: Int

    public init(done: Int, needed: Int) {
        self.done = done
        self.needed = needed
    }

    public var isMet: Bool { done >= needed }
}

/// What a streak shows on a given date.
public struct Reading: Hashable, Sendable {
    public enum State: String, Sendable, CaseIterable {
        /// Today (this week) is met, or nothing is asked today and the streak is alive.
        case done
        /// Today (this week) is asked for and not met yet; the streak is alive until it ends.
        case pending
        /// The streak is not alive.
        case broken
    }

    public var state: State
    /// The run shown: including today or this week (done), through the previous unit
    /// (pending), or 0 (broken). In `unit`.
    public var current: Int
    /// The longest run in `unit`.
    public var best: Int
    /// Met dates.
    public var total: Int
    /// Freezes held after the misses before today (or this week).
    public var freezesLeft: Int
    /// The latest met date.
    public var last: StreakDay?
    public var today: StreakDay
    public var unit: StreakUnit
    /// Today's counts against the goal (day mode), or this week's met dates against the
    /// target (week mode).
    public var progress: GoalProgress
    /// Whether the read date is paused.
    public var paused: Bool
    /// The daily goal.
    public var goal: Int
    /// A habit to quit: `progress.done` is the read date's slips (none are asked for).
    public var quit = false
    /// The read date is not on a live daily streak's schedule: nothing is asked of it, as of
    /// a paused one.
    public var unscheduled = false

    public init(state: State, current: Int, best: Int, total: Int, freezesLeft: Int, last: StreakDay?,
                today: StreakDay, unit: StreakUnit, progress: GoalProgress, paused: Bool, goal: Int) {
        self.state = state
        self.current = current
        self.best = best
        self.total = total
        self.freezesLeft = freezesLeft
        self.last = last
        self.today = today
        self.unit = unit
        self.progress = progress
        self.paused = paused
        self.goal = goal
    }

    /// Today is paused or not on the schedule, in day mode: nothing is asked of it, so no
    /// progress is shown. (In week mode the week still asks for its met dates.)
    public var restsToday: Bool { (paused || unscheduled) && unit == .day }

    /// A streak that has never had a run: no action yet, day one of a goal not reached yet, a
    /// weekly target's first week not met yet, or its only action taken back. It is not alive, so its state is `broken`,
    /// but nothing was lost: it reads as `new` to people, and is still to do today.
    public var isNew: Bool { state == .broken && best == 0 && !(quit && progress.done > 0) }

    /// A first-release reading: days, goal 1, not paused; today counts 1 when it is the
    /// latest met date.
    public init(state: State, current: Int, best: Int, total: Int, freezesLeft: Int, last: StreakDay?,
                today: StreakDay) {
        let done = last.map { $0 >= today ? 1 : 0 } ?? 0
        self.init(state: state, current: current, best: best, total: total, freezesLeft: freezesLeft, last: last,
                  today: today, unit: .day, progress: GoalProgress(done: done, needed: 1), paused: false, goal: 1)
    }
}
