/// Everything a streak's state is a function of, as sets: its creation rules, its rule
/// changes, its pause and unpause records, its actions and the actions taken back.
public struct StreakHistory: Hashable, Sendable {
    /// The creation rules (`streak.conf`): they cover every date, backdated ones included.
    public var rules: Rules
    public var changes: [RuleChange]
    public var pauses: [PauseRecord]
    public var actions: [Action]
    public var retractions: [Retraction]

    public init(rules: Rules = Rules(), changes: [RuleChange] = [], pauses: [PauseRecord] = [],
                actions: [Action] = [], retractions: [Retraction] = []) {
        self.rules = rules
        self.changes = changes
        self.pauses = pauses
        self.actions = actions
        self.retractions = retractions
    }

    /// The actions that count: none taken back, each once (the same action in two machines'
    /// logs is one; see `Action.identity`), sorted.
    public var countedActions: [Action] {
        guard !retractions.isEmpty else { return actions.distinctActions() }
        let covered = RetractionSet(retractions)
        return actions.filter { !covered.covers($0) }.distinctActions()
    }
}

/// The retractions of a history, looked up by the date and moment they name: whether an
/// action is taken back (`Retraction.covers`).
///
/// A sorted array searched by halves, not a dictionary: a dictionary keyed by a type of ours
/// makes the runtime look up its hashing at first use, which cost every tick of a streak with
/// one untick more than the rest of its reading.
public struct RetractionSet: Sendable {
    private var sorted: [Retraction]

    public init(_ retractions: some Sequence<Retraction>) {
        sorted = retractions.sorted { RetractionSet.before($0.day, $0.at.seconds, $1.day, $1.at.seconds) }
    }

    private static func before(_ day: StreakDay, _ seconds: Int64, _ otherDay: StreakDay, _ otherSeconds: Int64) -> Bool {
        day.ordinal != otherDay.ordinal ? day.ordinal < otherDay.ordinal : seconds < otherSeconds
    }

    public var isEmpty: Bool { sorted.isEmpty }

    public func covers(_ action: Action) -> Bool {
        // The first retraction not before the action's date and moment, then those at it.
        var low = 0
        var high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if RetractionSet.before(sorted[middle].day, sorted[middle].at.seconds, action.day, action.at.seconds) {
                low = middle + 1
            } else {
                high = middle
            }
        }
        while low < sorted.count, sorted[low].day == action.day, sorted[low].at.seconds == action.at.seconds {
            if sorted[low].covers(action) { return true }
            low += 1
        }
        return false
    }
}

/// The counts of one date: the sum over its distinct actions.
public struct DayCount: Hashable, Sendable {
    public var day: StreakDay
    public var count: Int
}

/// One date as the fold saw it, for the heat map and the completion rate.
public struct DayMark: Hashable, Sendable {
    public var day: StreakDay
    /// Sum of the counts of the date's actions.
    public var count: Int
    /// The goal on the date.
    public var goal: Int
    /// The rules ask for the date (on the schedule; every date in week mode) and it is not
    /// paused.
    public var scheduled: Bool
    public var paused: Bool
    /// A freeze covered the date's unit.
    public var frozen: Bool
    public var unit: StreakUnit
    /// A habit to quit: `count` is the date's slips.
    public var quit: Bool = false

    /// Met: the goal reached, or for a habit to quit no slip.
    public var met: Bool { quit ? count == 0 : count >= goal }
    /// Progress toward the goal, in quarters (0–4), for shading (a habit to quit: 4 for a
    /// date with no slip, 0 for a slip).
    public var quarters: Int { quit ? (count == 0 ? 4 : 0) : Swift.min(4, count * 4 / Swift.max(1, goal)) }
}

/// A unit the fold walked, and how it ended.
public struct WalkedUnit: Hashable, Sendable {
    public var span: UnitSpan
    public var outcome: UnitOutcome
}

/// A streak's whole history replayed: its state after the last action (what the prompt cache
/// keeps), every run and every frozen unit up to there; and, for any read date, the full fold
/// (`fold(at:zone:)`).
///
/// Walks every date from the week of the first action to the last one: O(dates), with no
/// work per action beyond sorting them.
public struct Replay: Sendable {
    public var progress: Progress
    /// Every run up to the last action, oldest first, the current one (if any) last.
    public var runs: [Run]
    /// Units a freeze covered, in order, up to the last action.
    public var frozenUnits: [UnitSpan]
    let input: FoldInput
    /// The runs that ended before the last action.
    let endedRuns: [Run]
    /// Freezes earned up to the last action.
    let earnedBefore: Int

    /// The first date of each frozen unit (each frozen date, in day mode).
    public var frozen: [StreakDay] { frozenUnits.map(\.start) }

    public init(history: StreakHistory, zone: some ZoneRules, weekStart: WeekStart = .monday) {
        input = FoldInput(history, weekStart: weekStart)
        var collector = Collector(marks: false)
        progress = input.walk(through: input.days.last?.day, zone: zone, &collector)
        progress.ahead = Ahead(after: progress.through, timeline: input.timeline, pauses: input.pauses)
        // The latest date reads broken: the states after the dates with an action before it
        // stand in for it on the dates before (`Progress.earlier`; it keeps what a read needs).
        if progress.readsBrokenAfterAction {
            var states: [Progress] = []
            var index = input.days.count - 2
            while index >= 0, progress.wantsEarlier(than: states) {
                var observer = NoObserver()
                var state = input.walk(through: input.days[index].day, zone: zone, &observer)
                state.ahead = Ahead(after: state.through, timeline: input.timeline, pauses: input.pauses)
                states.append(state)
                index -= 1
            }
            progress.keep(earlier: states)
        }
        endedRuns = collector.runs
        earnedBefore = collector.earned
        runs = collector.runs
        if let run = progress.currentRun { runs.append(run) }
        frozenUnits = collector.frozen
    }

    /// The week start the history was folded with.
    public var weekStart: WeekStart { input.weekStart }

    /// The streak's rules date by date.
    public var timeline: RulesTimeline { input.timeline }

    /// The streak's paused dates.
    public var pauses: PauseCalendar { input.pauses }

    /// The rules on `day` (in week mode, those of its week).
    public func rules(on day: StreakDay) -> Rules { input.timeline.rules(on: day) }

    /// The counts of `day`'s actions that count, and the goal on that date.
    public func dayProgress(on day: StreakDay) -> GoalProgress {
        let index = firstIndex(in: input.days.count) { input.days[$0].day >= day }
        let count = index < input.days.count && input.days[index].day == day ? input.days[index].count : 0
        return GoalProgress(done: count, needed: rules(on: day).goal)
    }

    /// What the prompt cache keeps: the state after the last action, or, once `today` has
    /// reached the horizon of what that state plans ahead (`Ahead`), the state walked through
    /// `today`, which plans ahead from there.
    public func cachedState(today: StreakDay?, zone: some ZoneRules) -> Progress {
        guard let today, let horizon = progress.ahead.horizon, today >= horizon else { return progress }
        return fold(at: today, zone: zone).state
    }

    /// Actions with counts under fixed rules.
    public init(actions: [Action], rules: Rules, zone: some ZoneRules, weekStart: WeekStart = .monday) {
        self.init(history: StreakHistory(rules: rules, actions: actions), zone: zone, weekStart: weekStart)
    }

    /// The first release's replay: action dates (any order, duplicates allowed), each date
    /// counting once.
    public init(days: some Sequence<StreakDay>, rules: Rules, zone: some ZoneRules) {
        let epoch = Instant(seconds: 0, offset: 0)
        self.init(actions: days.map { Action(day: $0, at: epoch) }, rules: rules, zone: zone)
    }

    /// The whole fold read on `today`: the reading, every run (the live one last), every
    /// frozen unit up to the read date, and with `marks` each date's data and each unit's
    /// outcome from the week of the first action to the read date.
    public func fold(at today: StreakDay, zone: some ZoneRules, marks: Bool = false) -> Fold {
        var collector = Collector(marks: marks)
        let readDate = Swift.max(today, input.days.last?.day ?? today)
        var state: Progress
        if marks || progress.through == nil {
            state = input.walk(through: readDate, zone: zone, &collector)
        } else {
            // Everything up to the last action is already folded: walk on from there.
            collector.runs = endedRuns
            collector.frozen = frozenUnits
            collector.earned = earnedBefore
            state = input.walk(from: progress, through: readDate, zone: zone, &collector)
        }
        state.ahead = Ahead(after: state.through, timeline: input.timeline, pauses: input.pauses)
        // Walked past the latest action, the earlier state stands in for nothing.
        state.keep(earlier: state.through == progress.through ? progress.earlier?.states ?? [] : [])
        if let run = state.currentRun { collector.runs.append(run) }
        if marks, let through = state.through {
            let first = state.rules.unit == .week ? state.weekStart.first(ofWeekHolding: through) : through
            let span = UnitSpan(start: first, end: state.unitEnd(of: through), unit: state.rules.unit)
            collector.units.append(WalkedUnit(span: span, outcome: state.unitExtended ? .met : .open))
        }
        // Read before the latest action's date: as the state after it reads then (see
        // `Progress.reading(on:zone:)`); runs and marks are the fold's through that date.
        let reading = readDate > today ? progress.reading(on: today, zone: zone) : state.currentReading(today: today)
        return Fold(reading: reading, state: state, runs: collector.runs,
                    frozenUnits: collector.frozen, days: collector.days, units: collector.units, earned: collector.earned)
    }
}

/// A streak folded through a read date.
public struct Fold: Sendable {
    public var reading: Reading
    /// The state walked through the read date.
    public var state: Progress
    /// Every run, oldest first, the live one (if any) last.
    public var runs: [Run]
    /// Units a freeze covered, in order, before the read date's unit.
    public var frozenUnits: [UnitSpan]
    /// Each date from the week of the first action through the read date (when asked for).
    public var days: [DayMark]
    /// Each unit walked, the read date's last (when asked for).
    public var units: [WalkedUnit]
    /// Freezes the streak's runs have earned, through the read date.
    public var earned: Int

    /// Every date a freeze covered.
    public var frozenDays: Set<StreakDay> {
        var days = Set<StreakDay>()
        for span in frozenUnits {
            var day = span.start
            while day <= span.end {
                days.insert(day)
                day = day + 1
            }
        }
        return days
    }
}

/// A history resolved for walking: counts per date, rules per date, paused dates.
struct FoldInput: Sendable {
    let days: [DayCount]
    let timeline: RulesTimeline
    let pauses: PauseCalendar
    let weekStart: WeekStart

    init(_ history: StreakHistory, weekStart: WeekStart) {
        var days: [DayCount] = []
        for action in history.countedActions {
            if let last = days.last, last.day == action.day {
                days[days.count - 1].count += action.count
            } else {
                days.append(DayCount(day: action.day, count: action.count))
            }
        }
        self.days = days
        self.timeline = RulesTimeline(initial: history.rules, changes: history.changes, weekStart: weekStart)
        self.pauses = PauseCalendar(history.pauses)
        self.weekStart = weekStart
    }

    /// The first date the streak counts: its first action's; for a habit to quit, the date it
    /// is counted from (a slip recorded before it is kept, and counts nowhere: a slip never
    /// makes a run longer).
    var firstDate: StreakDay? {
        timeline.initial.quitSince ?? days.first?.day
    }

    /// Walks every date from the week of the first action through `end`; with no action,
    /// walks `end` alone (nil: nothing). A habit to quit is walked from the date it is counted
    /// from: no date before it is met, and a slip before it is passed over.
    func walk<Observer: FoldObserver>(through end: StreakDay?, zone: some ZoneRules,
                                      _ observer: inout Observer) -> Progress {
        let quitStart = timeline.initial.quits ? firstDate : nil
        guard let end, quitStart.map({ $0 <= end }) ?? true else {
            var state = Progress(rules: timeline.initial, weekStart: weekStart,
                                 ahead: Ahead(after: nil, timeline: timeline, pauses: pauses))
            // A habit to quit read before its first date: nothing counted, the date as it is.
            if let end { state.dayPaused = pauses.contains(end) }
            return state
        }
        let start = quitStart ?? days.first.map { weekStart.first(ofWeekHolding: Swift.min($0.day, end)) } ?? end
        let before = timeline.before(start)
        var state = Progress(rules: before.rules, weekStart: weekStart)
        state.freezesLeft = before.held
        return walk(from: state, at: start, through: end, upcoming: before.rules, zone: zone, &observer)
    }

    /// Walks on from a state walked through some date, through `end`.
    func walk<Observer: FoldObserver>(from state: Progress, through end: StreakDay, zone: some ZoneRules,
                                      _ observer: inout Observer) -> Progress {
        guard let through = state.through, end > through else { return state }
        return walk(from: state, at: through + 1, through: end, upcoming: timeline.rules(on: through), zone: zone,
                    &observer)
    }

    private func walk<Observer: FoldObserver>(from initial: Progress, at start: StreakDay, through end: StreakDay,
                                              upcoming first: Rules, zone: some ZoneRules,
                                              _ observer: inout Observer) -> Progress {
        var state = initial
        var upcoming = first
        var segment = timeline.segments.firstIndex { $0.from >= start } ?? timeline.segments.count
        var range = 0
        var next = days.firstIndex { $0.day >= start } ?? days.count
        var day = start
        let lastWeek = weekStart.first(ofWeekHolding: end)
        // A habit to quit counts every date it has no slip on: not one the zone skipped
        // (Samoa's 2011-12-30), which neither extends nor breaks its run.
        var skipped = state.rules.quits ? zone.firstSkippedDay(from: day, through: end) : nil
        while day <= end {
            if day == skipped, next >= days.count || days[next].day != day {
                skipped = zone.firstSkippedDay(from: day + 1, through: end)
                day = day + 1
                continue
            }
            // A broken run stays broken until an action: jump to the week of the next action,
            // the next rule change or the read date's week, whichever comes first (a date
            // from year 1 in a log must not cost a walk over two thousand years).
            if observer.skipsBrokenDates, !state.alive, !state.rules.quits, let through = state.through,
               day > state.unitEnd(of: through) {
                var jump = lastWeek
                if next < days.count { jump = Swift.min(jump, weekStart.first(ofWeekHolding: days[next].day)) }
                if segment < timeline.segments.count { jump = Swift.min(jump, timeline.segments[segment].from) }
                if jump > day { day = jump }
            }
            while segment < timeline.segments.count, timeline.segments[segment].from <= day {
                upcoming = timeline.segments[segment].rules
                segment += 1
            }
            while range < pauses.ranges.count, pauses.ranges[range].to < day { range += 1 }
            let paused = range < pauses.ranges.count && pauses.ranges[range].from <= day
            var count = 0
            if next < days.count, days[next].day == day {
                count = days[next].count
                state.last = day
                next += 1
            }
            state.step(to: day, count: count, paused: paused, rules: upcoming, zone: zone, &observer)
            day = day + 1
        }
        return state
    }
}

/// Collects runs, frozen units and, when asked, each date and unit.
struct Collector: FoldObserver {
    let marks: Bool
    var skipsBrokenDates: Bool { !marks }
    var runs: [Run] = []
    var frozen: [UnitSpan] = []
    var days: [DayMark] = []
    var units: [WalkedUnit] = []
    var earned = 0

    init(marks: Bool) {
        self.marks = marks
    }

    mutating func stepped(_ day: StreakDay, count: Int, paused: Bool, rules: Rules) {
        guard marks else { return }
        days.append(DayMark(day: day, count: count, goal: rules.goal, scheduled: rules.asks(day) && !paused,
                            paused: paused, frozen: false, unit: rules.unit, quit: rules.quits))
    }

    mutating func closed(_ span: UnitSpan, _ outcome: UnitOutcome) {
        if outcome == .frozen {
            frozen.append(span)
            if marks, let first = days.first?.day {
                var day = Swift.max(span.start, first)
                while day <= span.end {
                    days[day - first].frozen = true
                    day = day + 1
                }
            }
        }
        if marks { units.append(WalkedUnit(span: span, outcome: outcome)) }
    }

    mutating func runEnded(_ run: Run) {
        runs.append(run)
    }

    mutating func earned(on day: StreakDay) {
        earned += 1
    }
}
