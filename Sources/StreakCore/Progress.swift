/// A run: consecutive scheduled dates with an action, from its first to its last action.
/// Dates covered by a freeze and unscheduled dates inside it add nothing to `length`.
public struct Run: Hashable, Sendable {
    public var start: StreakDay
    public var end: StreakDay
    /// Scheduled dates with an action.
    public var length: Int

    public init(start: StreakDay, end: StreakDay, length: Int) {
        self.start = start
        self.end = end
        self.length = length
    }
}

/// Where a streak stands after a given date: the whole history folded into a few numbers.
///
/// This is what the prompt cache keeps for each streak. `advanced(through:)` carries it over
/// dates with no action (spending freezes, or breaking the run), which is all the prompt has
/// to do to read today's state without the history.
public struct Progress: Hashable, Sendable {
    /// The latest date with an action, scheduled or not; nil before the first.
    public var last: StreakDay?
    /// The date this progress has been carried through (≥ `last`).
    public var through: StreakDay?
    /// Whether the current run is still unbroken as of `through`.
    public var alive: Bool
    /// Length of the current run (0 when not alive).
    public var length: Int
    /// First and last scheduled action of the current run.
    public var runStart: StreakDay?
    public var runEnd: StreakDay?
    /// Freezes not yet spent.
    public var freezesLeft: Int
    /// Longest run ever.
    public var best: Int
    /// Dates with an action.
    public var total: Int

    public init(freezes: Int) {
        self.last = nil
        self.through = nil
        self.alive = false
        self.length = 0
        self.runStart = nil
        self.runEnd = nil
        self.freezesLeft = freezes
        self.best = 0
        self.total = 0
    }

    public init(last: StreakDay?, through: StreakDay?, alive: Bool, length: Int, runStart: StreakDay?,
                runEnd: StreakDay?, freezesLeft: Int, best: Int, total: Int) {
        self.last = last
        self.through = through
        self.alive = alive
        self.length = length
        self.runStart = runStart
        self.runEnd = runEnd
        self.freezesLeft = freezesLeft
        self.best = best
        self.total = total
    }

    /// The current run, if it is alive.
    public var currentRun: Run? {
        guard alive, let runStart, let runEnd else { return nil }
        return Run(start: runStart, end: runEnd, length: length)
    }

    /// Carries the progress over dates with no action, up to and including `day`.
    ///
    /// Each scheduled date that happened in the zone is a missed date: it spends a freeze if the
    /// run is alive and one is left, and otherwise breaks the run. A broken run spends nothing,
    /// so the walk stops as soon as the run is broken. `spent` receives each frozen date;
    /// `broke` the run that ended.
    public mutating func advance(
        through day: StreakDay, rules: Rules, zone: some ZoneRules,
        spent: (StreakDay) -> Void = { _ in }, broke: (Run) -> Void = { _ in }
    ) {
        guard let from = through, day > from else { return }
        through = day
        guard alive else { return }
        var missed = from + 1
        while missed <= day {
            if rules.schedule.contains(missed), zone.dayExists(missed) {
                if freezesLeft > 0 {
                    freezesLeft -= 1
                    spent(missed)
                } else {
                    if let run = currentRun { broke(run) }
                    alive = false
                    length = 0
                    runStart = nil
                    runEnd = nil
                    return
                }
            }
            missed = missed + 1
        }
    }

    /// Records an action on `day`, which must be later than every date recorded so far (the
    /// caller has already advanced through the day before).
    public mutating func record(_ day: StreakDay, rules: Rules) {
        total += 1
        last = day
        through = day
        guard rules.schedule.contains(day) else { return }
        if alive {
            length += 1
        } else {
            alive = true
            length = 1
            runStart = day
        }
        runEnd = day
        best = max(best, length)
    }

    /// What a read on `today` shows.
    public func reading(today: StreakDay, rules: Rules, zone: some ZoneRules) -> Reading {
        guard let last else {
            return Reading(state: .broken, current: 0, best: best, total: total, freezesLeft: freezesLeft,
                           last: nil, today: today)
        }
        // An action dated after today (made where it was already tomorrow) is read as of its
        // own date, so it reads as done, never broken.
        if today <= last {
            return Reading(state: alive ? .done : .broken, current: alive ? length : 0, best: best,
                           total: total, freezesLeft: freezesLeft, last: last, today: today)
        }
        var carried = self
        carried.advance(through: today - 1, rules: rules, zone: zone)
        let state: Reading.State
        if !carried.alive {
            state = .broken
        } else if rules.schedule.contains(today) {
            state = .pending
        } else {
            state = .done
        }
        return Reading(state: state, current: carried.alive ? carried.length : 0, best: best, total: total,
                       freezesLeft: carried.freezesLeft, last: last, today: today)
    }
}

/// What a streak shows on a given date.
public struct Reading: Hashable, Sendable {
    public enum State: String, Sendable, CaseIterable {
        /// Today has an action, or nothing is asked today and the streak is alive.
        case done
        /// Today is scheduled and has no action yet; the streak is alive until today ends.
        case pending
        /// The streak is not alive.
        case broken
    }

    public var state: State
    /// The run shown: ending today (done), ending at the previous scheduled date (pending), or 0.
    public var current: Int
    public var best: Int
    public var total: Int
    public var freezesLeft: Int
    public var last: StreakDay?
    public var today: StreakDay

    public init(state: State, current: Int, best: Int, total: Int, freezesLeft: Int, last: StreakDay?,
                today: StreakDay) {
        self.state = state
        self.current = current
        self.best = best
        self.total = total
        self.freezesLeft = freezesLeft
        self.last = last
        self.today = today
    }
}

/// A streak's whole history replayed: its progress after the last action, every run, and every
/// date a freeze covered.
public struct Replay: Sendable {
    public var progress: Progress
    /// Every run, oldest first, the current one (if any) last.
    public var runs: [Run]
    /// Dates covered by a freeze, in order (up to the last action).
    public var frozen: [StreakDay]

    /// Replays the action dates (any order, duplicates allowed): the result depends only on the
    /// set of dates, never on the order they arrived in.
    public init(days: some Sequence<StreakDay>, rules: Rules, zone: some ZoneRules) {
        var sorted = Array(days)
        sorted.sort()
        var progress = Progress(freezes: rules.freezes)
        var runs: [Run] = []
        var frozen: [StreakDay] = []
        var previous: StreakDay?
        for day in sorted where day != previous {
            previous = day
            progress.advance(through: day - 1, rules: rules, zone: zone,
                             spent: { frozen.append($0) }, broke: { runs.append($0) })
            progress.record(day, rules: rules)
        }
        if let run = progress.currentRun { runs.append(run) }
        self.progress = progress
        self.runs = runs
        self.frozen = frozen
    }
}
