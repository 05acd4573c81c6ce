/// Receives what a fold sees as it walks. The prompt's walk uses `NoObserver`, which the
/// compiler removes.
protocol FoldObserver {
    /// Whether the walk may jump over dates while the run is broken (nothing can change
    /// there but the unit and the rules); false when the observer wants every date.
    var skipsBrokenDates: Bool { get }
    mutating func stepped(_ day: StreakDay, count: Int, paused: Bool, rules: Rules)
    mutating func closed(_ span: UnitSpan, _ outcome: UnitOutcome)
    mutating func runEnded(_ run: Run)
    /// A run earned a freeze on `day`.
    mutating func earned(on day: StreakDay)
}

struct NoObserver: FoldObserver {
    var skipsBrokenDates: Bool { true }
    func stepped(_ day: StreakDay, count: Int, paused: Bool, rules: Rules) {}
    func closed(_ span: UnitSpan, _ outcome: UnitOutcome) {}
    func runEnded(_ run: Run) {}
    func earned(on day: StreakDay) {}
}

/// Where a streak stands after a date: the whole history folded into a few numbers, plus the
/// rules and pauses planned after it.
///
/// The fold walks every date from the week of the first action, one at a time (`step`), and
/// this is its whole state. Taken after the last action, it is what the prompt cache keeps:
/// `reading(on:zone:)` carries it over the dates with no action (spending freezes, breaking
/// the run, applying planned rule changes and pauses), so the prompt reads today's state
/// without the history. Nothing in it depends on the order actions arrived in.
public struct Progress: Hashable, Sendable {
    /// The last date walked (nil before the first action: nothing walked yet).
    public internal(set) var through: StreakDay?
    /// The latest date with an action, met or not.
    public internal(set) var last: StreakDay?
    /// Counts on `through`.
    public internal(set) var dayCount: Int
    /// Whether `through` is paused.
    public internal(set) var dayPaused: Bool
    /// Met dates so far in the week holding `through` (week mode).
    public internal(set) var unitMet: Int
    /// Whether the week holding `through` has a paused date up to `through` (week mode).
    public internal(set) var unitPaused: Bool
    /// The latest met date.
    public internal(set) var lastMet: StreakDay?
    /// Whether the current run is unbroken (it may have length 0 just after a change of unit).
    public var alive: Bool
    /// Length of the current run, in the unit of `rules`.
    public var length: Int
    /// First and last date of the current run.
    public var runStart: StreakDay?
    public var runEnd: StreakDay?
    /// Freezes held: banked and earned, not yet spent.
    public var freezesLeft: Int
    /// Longest run in days, and in weeks.
    public internal(set) var bestDays: Int
    public internal(set) var bestWeeks: Int
    /// Longest run that has ended (not the current one), in days and in weeks: the record a
    /// run beats (`Milestones`).
    public internal(set) var endedBestDays: Int
    public internal(set) var endedBestWeeks: Int
    /// Met dates.
    public var total: Int
    /// The rules of the unit holding `through` (before the first action: the rules before
    /// every change).
    public internal(set) var rules: Rules
    public internal(set) var weekStart: WeekStart
    /// Rule changes and pauses after `through`.
    public internal(set) var ahead: Ahead
    /// The states after the latest actions before `through`, latest first, kept only when
    /// they can stand in for this one (`keep(earlier:)`): this state is the one after its
    /// latest action and that date reads broken. A read on a date before `through` (an action
    /// dated after today, made where it was already tomorrow) shows the reading of the state
    /// after the latest action up to that date, when that is not broken (`reading(on:zone:)`).
    public internal(set) var earlier: EarlierState?

    /// How many earlier states a state keeps at most (`earlier`): enough for a read whose
    /// actions ahead are on one date, or on two dates in a row, as far apart as dates in two
    /// zones can be (UTC+14 and UTC−12). A read with actions ahead on more dates (dated days
    /// ahead with `--now`) shows the latest date's reading.
    public static let earlierDates = 2

    /// Nothing recorded yet, under `rules`.
    public init(rules: Rules, weekStart: WeekStart = .monday, ahead: Ahead = Ahead()) {
        self.through = nil
        self.last = nil
        self.dayCount = 0
        self.dayPaused = false
        self.unitMet = 0
        self.unitPaused = false
        self.lastMet = nil
        self.alive = false
        self.length = 0
        self.runStart = nil
        self.runEnd = nil
        self.freezesLeft = rules.freezes
        self.bestDays = 0
        self.bestWeeks = 0
        self.endedBestDays = 0
        self.endedBestWeeks = 0
        self.total = 0
        self.rules = rules
        self.weekStart = weekStart
        self.ahead = ahead
        self.earlier = nil
    }

    /// Nothing recorded yet, with `freezes` banked (the first release's start).
    public init(freezes: Int) {
        self.init(rules: Rules(freezes: freezes))
    }

    /// A first-release state: daily goal 1, days, nothing planned; `last` is the latest date
    /// with an action (met), `through` the date the state stands on.
    public init(last: StreakDay?, through: StreakDay?, alive: Bool, length: Int, runStart: StreakDay?,
                runEnd: StreakDay?, freezesLeft: Int, best: Int, total: Int) {
        self.init(rules: Rules())
        self.last = last
        self.through = through ?? last
        self.dayCount = last != nil && last == self.through ? 1 : 0
        self.lastMet = last
        self.alive = alive && last != nil
        self.length = self.alive ? length : 0
        self.runStart = runStart
        self.runEnd = runEnd
        self.freezesLeft = freezesLeft
        self.bestDays = best
        self.total = total
    }

    /// Longest run in the unit of the current rules.
    public var best: Int { rules.unit == .week ? bestWeeks : bestDays }

    /// The current run, if it is alive and has a length.
    public var currentRun: Run? {
        guard alive, length > 0, let runStart, let runEnd else { return nil }
        return Run(start: runStart, end: runEnd, length: length, unit: rules.unit)
    }

    /// Whether `other` reads as this state does on every date from the one it stands on: the
    /// same state but for that date's counts, which both have met (an extra action on a met
    /// date, or none). Then every segment and view of the streak shows the same text whatever
    /// its format: the counts beyond the goal reach a reading only as a met goal. A habit to
    /// quit counts slips, which any count ends: only the same state reads the same.
    public func readsTheSame(as other: Progress) -> Bool {
        guard dayCount != other.dayCount else { return self == other }
        guard !rules.quits, dayCount >= rules.goal, other.dayCount >= rules.goal else { return false }
        var same = other
        same.dayCount = dayCount
        return same == self
    }

    // MARK: Reading

    /// What a read on `today` shows.
    ///
    /// The read date is `today`, or the latest action when that is later (an action dated
    /// after today reads as of its own date: done if the run is alive there). The state is
    /// carried from `through` to the read date with no action on the dates between. When the
    /// latest action's date reads broken but the streak is alive today without that date's
    /// actions (their goal not reached yet, and today still open), the read is today's without
    /// them (`earlier`): an action ahead of today never shows a live streak broken.
    public func reading(on today: StreakDay, zone: some ZoneRules) -> Reading {
        if let reading = earlierReading(on: today, zone: zone) { return reading }
        var state = self
        var observer = NoObserver()
        if let through {
            state.carry(through: Swift.max(today, through), zone: zone, &observer)
        } else if let since = rules.quitSince, today >= since {
            // A habit to quit with no slip: its dates count from the one it was added on.
            state.step(to: since, count: 0, paused: state.ahead.pauses(since), rules: rules, zone: zone, &observer)
            state.carry(through: today, zone: zone, &observer)
        } else {
            state.carryWithoutActions(through: today)
        }
        return state.currentReading(today: today)
    }

    /// What `reading(on:zone:)` gives, carrying this state itself to `today`: for a caller that
    /// reads dates in increasing order (`SegmentPlan`), each read carries on from the last
    /// instead of from the last action, so reading N dates costs N steps, not N².
    mutating func advance(to today: StreakDay, zone: some ZoneRules) -> Reading {
        guard let through else { return reading(on: today, zone: zone) }
        if let reading = earlierReading(on: today, zone: zone) { return reading }
        var observer = NoObserver()
        carry(through: Swift.max(today, through), zone: zone, &observer)
        return currentReading(today: today)
    }

    /// The reading on `today` of the earlier state that stands in for this one's (see
    /// `earlier`): `today` is before this state's date, and the reading is not broken.
    /// What the history holds whatever the read date stays this state's: the met dates (the
    /// total), the latest of them, and the longest run (in the unit both read in).
    private func earlierReading(on today: StreakDay, zone: some ZoneRules) -> Reading? {
        guard let earlier, let through, today < through,
              let state = earlier.states.first(where: { $0.through! <= today })
        else { return nil }
        var reading = state.reading(on: today, zone: zone)
        guard reading.state != .broken else { return nil }
        reading.total = total
        reading.last = lastMet
        if reading.unit == rules.unit { reading.best = Swift.max(reading.best, best) }
        return reading
    }

    /// Whether this is a state after its latest action whose date reads broken (the goal not
    /// reached there, and the run not alive): an earlier state may stand in for it on the
    /// dates before (`earlier`). Never for a habit to quit, whose slip is meant to read broken.
    var readsBrokenAfterAction: Bool {
        !rules.quits && last != nil && through == last && !alive && !unitExtended
    }

    /// Keeps of `states` (the states after the latest actions before this one's, latest
    /// first) what a read before this date needs, as `earlier`: none unless this state
    /// `readsBrokenAfterAction`; the first, and the next while the one before stands on one of
    /// the `earlierDates` dates before this one; none after the last whose run is alive (a
    /// state whose run is dead reads broken on every later date: this one's reading).
    mutating func keep(earlier states: [Progress]) {
        earlier = nil
        guard readsBrokenAfterAction, let through else { return }
        var kept: [Progress] = []
        var previous = through
        for var state in states {
            guard let date = state.through, date < previous, wantsEarlier(than: kept) else { break }
            state.earlier = nil
            kept.append(state)
            previous = date
        }
        while let last = kept.last, !last.alive { kept.removeLast() }
        if !kept.isEmpty { earlier = EarlierState(kept) }
    }

    /// Whether this state, keeping `states` (latest first), wants the one before them too: the
    /// first always, the next while the last kept stands on one of the `earlierDates` dates
    /// before this one (a read between them needs the one before).
    func wantsEarlier(than states: [Progress]) -> Bool {
        guard let through, states.count < Progress.earlierDates else { return false }
        guard let date = states.last?.through else { return true }
        return date > through - Progress.earlierDates
    }

    /// The states a state after an action on a later date keeps (`keep(earlier:)`): this one,
    /// and the ones it keeps itself.
    var withEarlier: [Progress] { [self] + (earlier?.states ?? []) }

    /// The first release's reading: `rules` (schedule, goal, earning) replace the rules this
    /// state carries, and the week starts on Monday. The freezes already granted stay.
    public func reading(today: StreakDay, rules: Rules, zone: some ZoneRules) -> Reading {
        var state = self
        let banked = state.rules.freezes
        state.rules = rules
        state.rules.freezes = banked
        return state.reading(on: today, zone: zone)
    }

    /// The reading of a state walked through the read date.
    func currentReading(today: StreakDay) -> Reading {
        if rules.quits { return quitReading(today: today) }
        let state: Reading.State
        if through == nil || !alive {
            state = unitExtended ? .done : .broken
        } else if unitExtended {
            state = .done
        } else {
            switch rules.mode {
            case .days(let schedule): state = !schedule.contains(through!) || dayPaused ? .done : .pending
            case .weeks: state = .pending
            }
        }
        let done: Int
        switch rules.mode {
        case .days: done = dayCount
        case .weeks: done = unitMet
        }
        var reading = Reading(state: state, current: state == .broken ? 0 : length, best: best, total: total,
                              freezesLeft: freezesLeft, last: lastMet, today: today, unit: rules.unit,
                              progress: GoalProgress(done: done, needed: rules.needed), paused: dayPaused, goal: rules.goal)
        // A date off the schedule asks nothing of a live streak (a broken one reads the same
        // on every date: `SegmentPlan.column` relies on it).
        if case .days(let schedule) = rules.mode, state != .broken { reading.unscheduled = !schedule.contains(through ?? today) }
        return reading
    }

    /// A habit to quit: a date with a slip reads broken, 0; any other date done (a paused one
    /// while the run is alive). Today's progress is its slips, against none asked.
    private func quitReading(today: StreakDay) -> Reading {
        // A slip date reads broken; any other date done: a paused one too, after a slip (it
        // neither extends nor breaks: the run stays 0), and a slip on a paused date breaks a
        // live run no more than a missed paused date would.
        let state: Reading.State = unitExtended || (dayPaused && through != nil && (alive || dayCount == 0)) ? .done : .broken
        var reading = Reading(state: state, current: state == .broken ? 0 : length, best: best, total: total,
                              freezesLeft: 0, last: lastMet, today: today, unit: .day,
                              progress: GoalProgress(done: through == nil ? 0 : dayCount, needed: 0), paused: dayPaused,
                              goal: rules.goal)
        reading.quit = true
        return reading
    }

    // MARK: Walking

    /// The last date of the unit holding `day`, under the current rules.
    func unitEnd(of day: StreakDay) -> StreakDay {
        rules.unit == .week ? weekStart.first(ofWeekHolding: day) + 6 : day
    }

    /// Whether the unit holding `through` is met (and so has extended the run).
    var unitExtended: Bool {
        guard let through else { return false }
        if rules.quits { return dayCount == 0 && !dayPaused }
        switch rules.mode {
        case .days(let schedule): return dayCount >= rules.goal && schedule.contains(through) && !dayPaused
        case .weeks(let target): return unitMet >= target
        }
    }

    /// Walks to `day`, which follows `through` (or is the first date walked, with `rules` and
    /// `freezesLeft` as they stood before it): closes the unit that ended, opens the next one
    /// under `next` (the rules on `day`), and records the day's counts.
    mutating func step<Observer: FoldObserver>(to day: StreakDay, count: Int, paused: Bool, rules next: Rules,
                                               zone: some ZoneRules, _ observer: inout Observer) {
        if let through {
            if day > unitEnd(of: through) {
                close(zone: zone, &observer)
                open(under: next, &observer)
            }
        } else {
            open(under: next, &observer)
        }
        through = day
        dayCount = count
        dayPaused = paused
        if paused { unitPaused = true }
        observer.stepped(day, count: count, paused: paused, rules: rules)
        // A habit to quit: a date is met when it has no slip.
        guard rules.quits ? count == 0 : count >= rules.goal else { return }
        met(day, paused: paused, &observer)
    }

    /// `day` (the date walked last) has just met its goal.
    private mutating func met<Observer: FoldObserver>(_ day: StreakDay, paused: Bool, _ observer: inout Observer) {
        total += 1
        lastMet = day
        switch rules.mode {
        case .days(let schedule):
            if schedule.contains(day) && !paused, extend(from: day, to: day) { observer.earned(on: day) }
        case .weeks(let target):
            unitMet += 1
            if unitMet == target {
                let first = weekStart.first(ofWeekHolding: day)
                if extend(from: first, to: first + 6) { observer.earned(on: day) }
            }
        }
    }

    /// The state after one more action, counting `count`, dated `day`: what replaying the
    /// whole history with it would give, without the history. `day` must not be before the
    /// date the state stands on, and the action must count (not the moment of one already
    /// recorded, nor taken back); `timeline` and `pauses` are the streak's. What a tick does
    /// when the prompt cache's state is known to be current.
    public func adding(_ count: Int, on day: StreakDay, zone: some ZoneRules, timeline: RulesTimeline,
                       pauses: PauseCalendar) -> Progress {
        var state = self
        var observer = NoObserver()
        if let through, day == through {
            // The date already walked: only what the extra counts change.
            let before = state.dayCount
            state.dayCount += count
            if before < state.rules.goal, state.dayCount >= state.rules.goal {
                state.met(day, paused: state.dayPaused, &observer)
            }
        } else {
            if let through, day > through + 1 { state.carry(through: day - 1, zone: zone, &observer) }
            state.step(to: day, count: count, paused: pauses.contains(day), rules: timeline.rules(on: day), zone: zone,
                       &observer)
        }
        state.last = day
        state.ahead = Ahead(after: day, timeline: timeline, pauses: pauses)
        // The states before the action's date: this one when it is the state after an action
        // on an earlier date, and those it keeps; the ones kept already for the same date.
        // (What this state does not have: `earlierUnknown`.)
        if let through, day > through {
            state.keep(earlier: last == through ? withEarlier : [])
        } else {
            state.keep(earlier: earlier?.states ?? [])
        }
        return state
    }

    /// Whether `added` (what `adding` gave from this state, for an action on `day`) may lack
    /// earlier states a replay would keep: the caller replays the history instead. This state
    /// was walked past its latest action (so the state after that action is not at hand), or
    /// the action is on the next date and this state, which does not read broken, keeps
    /// nothing of the dates before it that a read there needs.
    public func earlierUnknown(in added: Progress, day: StreakDay) -> Bool {
        guard added.readsBrokenAfterAction, let through, let last else { return false }
        if last != through { return true }
        return day > through && added.wantsEarlier(than: [self]) && earlier == nil && !readsBrokenAfterAction
    }

    /// Starts a unit under `next`. A change of unit ends the run in the old unit (it stays in
    /// history) and keeps the streak alive with length 0 in the new one; a change of banked
    /// freezes adds the difference (never below 0).
    private mutating func open<Observer: FoldObserver>(under next: Rules, _ observer: inout Observer) {
        if through != nil, alive, next.unit != rules.unit {
            if let run = currentRun { observer.runEnded(run) }
            runEnded()
            length = 0
            runStart = nil
            runEnd = nil
        }
        freezesLeft = Swift.max(0, freezesLeft + next.freezes - rules.freezes)
        rules = next
        unitMet = 0
        unitPaused = false
    }

    /// Ends the unit holding `through`: a met unit has already counted; a neutral one changes
    /// nothing; a missed one spends a freeze or breaks the run, if it is alive.
    private mutating func close<Observer: FoldObserver>(zone: some ZoneRules, _ observer: inout Observer) {
        guard let through else { return }
        let first = rules.unit == .week ? weekStart.first(ofWeekHolding: through) : through
        let span = UnitSpan(start: first, end: unitEnd(of: through), unit: rules.unit)
        if unitExtended {
            observer.closed(span, .met)
            return
        }
        let neutral: Bool
        switch rules.mode {
        case .days(let schedule): neutral = !schedule.contains(through) || dayPaused
        case .weeks: neutral = unitPaused
        }
        if neutral {
            observer.closed(span, .neutral)
            return
        }
        guard alive else {
            observer.closed(span, .missed)
            return
        }
        // A date the zone skipped (Samoa's 2011-12-30) is not missed, nor a week holding one.
        var day = span.start
        while day <= span.end {
            if !zone.dayExists(day) {
                observer.closed(span, .neutral)
                return
            }
            day = day + 1
        }
        if freezesLeft > 0 {
            freezesLeft -= 1
            observer.closed(span, .frozen)
        } else {
            if let run = currentRun { observer.runEnded(run) }
            runEnded()
            alive = false
            length = 0
            runStart = nil
            runEnd = nil
            observer.closed(span, .broke)
        }
    }

    /// The current run ends (broken, or its unit changed): its length joins the records.
    private mutating func runEnded() {
        if rules.unit == .week {
            endedBestWeeks = Swift.max(endedBestWeeks, length)
        } else {
            endedBestDays = Swift.max(endedBestDays, length)
        }
    }

    /// A met unit: the run grows (or starts), and may earn a freeze. Returns whether it did.
    private mutating func extend(from first: StreakDay, to end: StreakDay) -> Bool {
        if !alive {
            alive = true
            length = 0
        }
        if length == 0 { runStart = first }
        length += 1
        runEnd = end
        if rules.unit == .week {
            bestWeeks = Swift.max(bestWeeks, length)
        } else {
            bestDays = Swift.max(bestDays, length)
        }
        if rules.earnEvery > 0, length % rules.earnEvery == 0, freezesLeft < rules.maxHeld {
            freezesLeft += 1
            return true
        }
        return false
    }

    /// Walks on from `through` to `target` over dates with no action, taking rule changes and
    /// pauses from `ahead`. Once the run is broken nothing can happen until a rule change or
    /// the read date's week, so the walk jumps there.
    mutating func carry<Observer: FoldObserver>(through target: StreakDay, zone: some ZoneRules,
                                                _ observer: inout Observer) {
        guard var walked = through, target > walked else { return }
        if rules.quits {
            carryQuitting(through: target, zone: zone, &observer)
            return
        }
        // Usually nothing is planned: no need to look at the text.
        var text = ahead.text
        let planned = !text.isEmpty
        let none = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
        func withPlans(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
            if planned { text.withUTF8(body) } else { body(none) }
        }
        withPlans { bytes in
            var cursor = AheadCursor(bytes)
            var upcoming = rules
            var ruleDay = walked
            var day = walked + 1
            let targetWeek = weekStart.first(ofWeekHolding: target)
            while day <= target {
                if !alive, day > unitEnd(of: walked) {
                    var next = targetWeek
                    if cursor.nextRuleDay(&ruleDay), ruleDay < next { next = ruleDay }
                    if next > day { day = next }
                }
                while cursor.nextRuleDay(&ruleDay), ruleDay <= day { cursor.takeRule(into: &upcoming) }
                step(to: day, count: 0, paused: cursor.paused(day), rules: upcoming, zone: zone, &observer)
                walked = day
                day = day + 1
            }
        }
    }

    /// A habit to quit over dates with no slip: every one is met, or paused. Each stretch of
    /// dates paused alike is one step and a sum, so a quit kept for years costs the prompt no
    /// more than one kept for days.
    private mutating func carryQuitting<Observer: FoldObserver>(through target: StreakDay, zone: some ZoneRules,
                                                                _ observer: inout Observer) {
        guard let walked = through else { return }
        var text = ahead.text
        text.withUTF8 { bytes in
            var cursor = AheadCursor(bytes)
            var day = walked + 1
            while day <= target {
                let stretch = cursor.stretch(from: day)
                var last = Swift.min(target, stretch.until ?? target)
                var next = last + 1
                // A date the zone skipped (Samoa's 2011-12-30) is no date of the habit: it
                // neither extends nor breaks the run, and counts in no total.
                if let skipped = zone.firstSkippedDay(from: day, through: last) {
                    last = skipped - 1
                    next = skipped + 1
                }
                guard last >= day else {
                    day = next
                    continue
                }
                // The first date of a stretch closes the date before it (a slip ends the run).
                step(to: day, count: 0, paused: stretch.paused, rules: rules, zone: zone, &observer)
                if last > day {
                    let more = last - day
                    total += more
                    lastMet = last
                    through = last
                    if !stretch.paused {
                        length += more
                        runEnd = last
                        bestDays = Swift.max(bestDays, length)
                    }
                }
                day = next
            }
        }
    }

    /// Before the first action only the rules and the freezes granted change.
    mutating func carryWithoutActions(through target: StreakDay) {
        var text = ahead.text
        text.withUTF8 { bytes in
            var cursor = AheadCursor(bytes)
            var ruleDay = target
            while cursor.nextRuleDay(&ruleDay), ruleDay <= target {
                var next = rules
                cursor.takeRule(into: &next)
                freezesLeft = Swift.max(0, freezesLeft + next.freezes - rules.freezes)
                rules = next
            }
            dayPaused = cursor.paused(target)
        }
    }
}

/// States kept inside another (`Progress.earlier`): a class, since a value cannot hold one
/// of its own type. Never changed once made.
public final class EarlierState: Hashable, Sendable {
    /// Latest first, each before the one before it, none keeping states of its own.
    public let states: [Progress]

    init(_ states: [Progress]) {
        self.states = states
    }

    public static func == (one: EarlierState, other: EarlierState) -> Bool { one === other || one.states == other.states }
    public func hash(into hasher: inout Hasher) { hasher.combine(states) }
}
