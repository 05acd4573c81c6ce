@testable import StreakCore
import StreakTestSupport

/// The rules of goals, weeks, pauses, earned freezes and rule changes written as plainly as
/// possible and apart from the production fold: rules and pauses are worked out date by
/// date from the records, the dates are cut into units, and the units are walked one at a
/// time from the week of the first action to the read date, for each read date anew.
struct PlainRules {
    let history: StreakHistory
    let weekStart: WeekStart
    let exists: (StreakDay) -> Bool

    /// Per-date facts over [first, last].
    private(set) var first = StreakDay(ordinal: 0)
    private(set) var rulesOn: [Rules] = []
    private(set) var pausedOn: [Bool] = []
    private(set) var countOn: [Int] = []
    private(set) var latestAction: StreakDay?
    private(set) var firstAction: StreakDay?

    struct Answer: Equatable, CustomStringConvertible {
        var state: Reading.State
        var current: Int
        var best: Int
        var total: Int
        var freezes: Int
        var last: StreakDay?
        var unit: StreakUnit
        var progress: [Int]
        var paused: Bool
        var runs: [Run]
        var frozen: [UnitSpan]

        var description: String {
            "\(state) current \(current) best \(best) total \(total) freezes \(freezes) last \(last.map(\.description) ?? "-") \(unit) progress \(progress) paused \(paused) runs \(runs.map { "\($0.start)…\($0.end):\($0.length)\($0.unit == .week ? "w" : "d")" }) frozen \(frozen.map { "\($0.start)" })"
        }
    }

    init(history: StreakHistory, weekStart: WeekStart, exists: @escaping (StreakDay) -> Bool, through end: StreakDay) {
        self.history = history
        self.weekStart = weekStart
        self.exists = exists
        // Actions that count: not taken back, one per date and moment.
        var seen: [String: Action] = [:]
        for action in history.actions {
            if history.retractions.contains(where: { $0.day == action.day && $0.at.seconds == action.at.seconds }) {
                continue
            }
            let key = "\(action.day) \(action.at.seconds)"
            if let kept = seen[key], !(action < kept) { continue }
            seen[key] = action
        }
        let counted = Array(seen.values)
        firstAction = counted.map(\.day).min()
        latestAction = counted.map(\.day).max()
        var start = min(firstAction ?? end, end)
        for change in history.changes { start = min(start, change.from) }
        start = weekStart.first(ofWeekHolding: start)
        let stop = max(end, latestAction ?? end) + 7
        first = start
        let size = stop - start + 1
        countOn = Array(repeating: 0, count: size)
        for action in counted where action.day >= start && action.day <= stop {
            countOn[action.day - start] += action.count
        }
        // Rules, date by date: a change's date decides when it takes effect; the changes in
        // effect on a date apply in the order they were made (a change made later applies over
        // the ones made before, whatever their dates).
        var current = history.rules
        var waiting: [(effective: StreakDay, change: RuleChange)] = []
        var inEffect: [RuleChange] = []
        rulesOn = []
        for index in 0..<size {
            let day = start + index
            let isWeekStart = weekStart.first(ofWeekHolding: day) == day
            for change in history.changes where change.from == day {
                let effective: StreakDay
                if isWeekStart {
                    effective = day
                } else if change.fields.target != nil || current.unit == .week {
                    effective = weekStart.first(ofWeekHolding: day) + 7
                } else {
                    effective = day
                }
                waiting.append((effective, change))
            }
            inEffect += waiting.filter { $0.effective == day }.map(\.change)
            waiting.removeAll { $0.effective == day }
            current = history.rules
            for change in inEffect.sorted(by: { ($0.at.seconds, $0.text) < ($1.at.seconds, $1.text) }) {
                current = change.fields.applied(to: current)
            }
            rulesOn.append(current)
        }
        // Pauses, date by date: the latest record covering the date.
        pausedOn = (0..<size).map { index in
            let day = start + index
            let covering = history.pauses.filter { $0.from <= day && day <= $0.to }
            let latest = covering.max { a, b in
                (a.at.seconds, a.kind == .unpause ? 1 : 0, a.text) < (b.at.seconds, b.kind == .unpause ? 1 : 0, b.text)
            }
            return latest?.kind == .pause
        }
    }

    func rules(_ day: StreakDay) -> Rules { rulesOn[day - first] }
    func paused(_ day: StreakDay) -> Bool { pausedOn[day - first] }
    func count(_ day: StreakDay) -> Int { countOn[day - first] }

    /// The answer on every date from `from` through `end`, in order.
    ///
    /// One walk: after the latest action, the reading on a date depends only on the units
    /// before its own, and on its own unit's actions (all of them, being no later than the
    /// date) and its own counts and pause; before it, the reading is the latest action's.
    func answers(from start: StreakDay, through end: StreakDay) -> [Answer] {
        var byDate: [StreakDay: Answer] = [:]
        let readFrom = max(start, latestAction ?? start)
        let readTo = max(end, latestAction ?? end)
        // Met dates anywhere, under the goal of each date's unit (no action after readFrom).
        var total = 0
        var last: StreakDay?
        var day = first
        while day <= readTo {
            if count(day) >= rules(day).goal {
                total += 1
                last = day
            }
            day = day + 1
        }
        guard let firstAction else {
            // Nothing recorded: only the freezes granted or taken back move.
            var held = history.rules.freezes
            day = first
            while day <= readTo {
                let before = day == first ? history.rules.freezes : rules(day - 1).freezes
                held = max(0, held + rules(day).freezes - before)
                if day >= readFrom {
                    let r = rules(day)
                    byDate[day] = Answer(state: .broken, current: 0, best: 0, total: 0, freezes: held, last: nil,
                                         unit: r.unit, progress: [0, r.target ?? r.goal], paused: paused(day),
                                         runs: [], frozen: [])
                }
                day = day + 1
            }
            return (0...(end - start)).map { byDate[max(start + $0, readFrom)]! }
        }
        // Freezes held when the walk starts: the creation rules', moved by every change
        // before it, one date at a time.
        let walkStart = weekStart.first(ofWeekHolding: firstAction)
        var held = history.rules.freezes
        day = first
        while day < walkStart {
            let before = day == first ? history.rules.freezes : rules(day - 1).freezes
            held = max(0, held + rules(day).freezes - before)
            day = day + 1
        }
        // Cut the dates into units.
        var units: [(start: StreakDay, end: StreakDay, rules: Rules)] = []
        day = walkStart
        while day <= readTo {
            let r = rules(day)
            if r.unit == .week {
                let unitStart = weekStart.first(ofWeekHolding: day)
                units.append((unitStart, unitStart + 6, r))
                day = unitStart + 7
            } else {
                units.append((day, day, r))
                day = day + 1
            }
        }
        var alive = false
        var length = 0
        var runStart = walkStart
        var runEnd = walkStart
        var bestDays = 0
        var bestWeeks = 0
        var runs: [Run] = []
        var frozen: [UnitSpan] = []
        var previousUnit: StreakUnit?
        for unit in units {
            let kind = unit.rules.unit
            if let previousUnit, previousUnit != kind, alive {
                if length > 0 { runs.append(Run(start: runStart, end: runEnd, length: length, unit: previousUnit)) }
                length = 0
            }
            previousUnit = kind
            var d = unit.start
            while d <= unit.end {
                let before = d == first ? history.rules.freezes : rules(d - 1).freezes
                held = max(0, held + rules(d).freezes - before)
                d = d + 1
            }
            // What the unit holds.
            var met = false
            var neutral = false
            var metInWeek = 0
            d = unit.start
            while d <= unit.end {
                if count(d) >= unit.rules.goal { metInWeek += 1 }
                d = d + 1
            }
            switch unit.rules.mode {
            case .days(let schedule):
                let asked = schedule.contains(unit.start) && !paused(unit.start)
                met = asked && count(unit.start) >= unit.rules.goal
                neutral = !asked
            case .weeks(let target):
                met = metInWeek >= target
                var anyPaused = false
                d = unit.start
                while d <= unit.end {
                    if paused(d) { anyPaused = true }
                    d = d + 1
                }
                neutral = !met && anyPaused
            }
            if met {
                if !alive {
                    alive = true
                    length = 0
                }
                if length == 0 { runStart = unit.start }
                length += 1
                runEnd = unit.end
                if kind == .week { bestWeeks = max(bestWeeks, length) } else { bestDays = max(bestDays, length) }
                if unit.rules.earnEvery > 0, length % unit.rules.earnEvery == 0, held < unit.rules.maxHeld { held += 1 }
            }
            // Read on each date of the unit (in week mode, a week not met yet is pending
            // even where a pause will make it neutral).
            d = unit.start
            while d <= unit.end {
                if d >= readFrom, d <= readTo {
                    let state: Reading.State
                    if met {
                        state = .done
                    } else if !alive {
                        state = .broken
                    } else if kind == .day && neutral {
                        state = .done
                    } else {
                        state = .pending
                    }
                    let progress = kind == .week ? [metInWeek, unit.rules.target!] : [count(d), unit.rules.goal]
                    var allRuns = runs
                    if alive, length > 0 { allRuns.append(Run(start: runStart, end: runEnd, length: length, unit: kind)) }
                    byDate[d] = Answer(state: state, current: state == .broken ? 0 : length,
                                       best: kind == .week ? bestWeeks : bestDays, total: total, freezes: held,
                                       last: last, unit: kind, progress: progress, paused: paused(d), runs: allRuns,
                                       frozen: frozen)
                }
                d = d + 1
            }
            if met || neutral || !alive { continue }
            var skipped = false
            d = unit.start
            while d <= unit.end {
                if !exists(d) { skipped = true }
                d = d + 1
            }
            if skipped { continue }
            if held > 0 {
                held -= 1
                frozen.append(UnitSpan(start: unit.start, end: unit.end, unit: kind))
            } else {
                if length > 0 { runs.append(Run(start: runStart, end: runEnd, length: length, unit: kind)) }
                alive = false
                length = 0
            }
        }
        // Before the latest action's date, the reading is that date's; when it is broken, the
        // reading on the read date without the actions dated after it, when that one is not:
        // an action ahead of today never shows a live run broken. Read up to two dates before
        // the latest action, or back to the first date with an action before those.
        let latest = latestAction!
        var before: [StreakDay] = []
        var date = latest - 1
        while date >= first, before.count < 2 {
            if count(date) > 0 { before.append(date) }
            date = date - 1
        }
        let reach = before.count > 1 && before[0] > latest - 2 ? before[1] : before.first
        return (0...(end - start)).map { offset in
            let day = start + offset
            let answer = byDate[max(day, readFrom)]!
            guard day < latest, answer.state == .broken, !history.rules.quits, let reach, day >= reach
            else { return answer }
            var without = history
            without.actions.removeAll { $0.day > day }
            var instead = PlainRules(history: without, weekStart: weekStart, exists: exists, through: end)
                .answers(from: day, through: day)[0]
            guard instead.state != .broken else { return answer }
            // The history's own facts stay the whole history's.
            instead.total = answer.total
            instead.last = answer.last
            if instead.unit == answer.unit { instead.best = max(instead.best, answer.best) }
            instead.runs = answer.runs
            instead.frozen = answer.frozen
            return instead
        }
    }
}
