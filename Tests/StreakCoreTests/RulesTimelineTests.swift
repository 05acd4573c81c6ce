import StreakCore
import StreakTestSupport
import Testing

/// The rules of a date under changes made in any order: each change applies from its date on
/// over every change made before it, so a change made later from an earlier date is not cut
/// short by an older change from a later one.
@Suite struct RulesTimelineTests {
    /// `day` at `hour` UTC.
    static func at(_ day: String, _ hour: Int) -> Instant {
        Instant(seconds: LocalDateTime(day: d(day), secondOfDay: hour * 3600).utcSeconds, offset: 0)
    }
    static func d(_ text: String) -> StreakDay { StreakDay(text)! }

    @Test func aChangeMadeLaterFromAnEarlierDateHoldsOnEveryDateFromIt() {
        // Goal 2 from 11-05 was decided on 11-04; on 11-06 the user asks for goal 3 from 10-01.
        let planned = RuleChange(from: Self.d("2026-11-05"), at: Self.at("2026-11-04", 10), fields: RuleFields(goal: 2))
        let backdated = RuleChange(from: Self.d("2026-10-01"), at: Self.at("2026-11-06", 10), fields: RuleFields(goal: 3))
        for changes in [[planned, backdated], [backdated, planned]] {
            let timeline = RulesTimeline(initial: Rules(), changes: changes, weekStart: .monday)
            #expect(timeline.rules(on: Self.d("2026-09-30")).goal == 1, "dates before keep their rules")
            #expect(timeline.rules(on: Self.d("2026-10-01")).goal == 3)
            #expect(timeline.rules(on: Self.d("2026-11-05")).goal == 3)
            #expect(timeline.rules(on: Self.d("2026-11-30")).goal == 3)
            #expect(timeline.segments.count == 1)
        }
    }

    @Test func eachFieldKeepsTheChangeMadeLastThatSetsIt() {
        // A schedule from 11-10 (made first), a goal from 11-01 (made next), freezes from
        // 11-20 (made last): every field from its own change on.
        let changes = [
            RuleChange(from: Self.d("2026-11-10"), at: Self.at("2026-11-01", 8), fields: RuleFields(schedule: .weekdays, goal: 5)),
            RuleChange(from: Self.d("2026-11-01"), at: Self.at("2026-11-02", 8), fields: RuleFields(goal: 2)),
            RuleChange(from: Self.d("2026-11-20"), at: Self.at("2026-11-03", 8), fields: RuleFields(freezes: 4)),
        ]
        let timeline = RulesTimeline(initial: Rules(), changes: changes, weekStart: .monday)
        #expect(timeline.rules(on: Self.d("2026-11-05")) == Rules(goal: 2))
        #expect(timeline.rules(on: Self.d("2026-11-12")) == Rules(mode: .days(.weekdays), goal: 2))
        #expect(timeline.rules(on: Self.d("2026-11-25")) == Rules(mode: .days(.weekdays), goal: 2, freezes: 4))
    }

    /// Against the rule written plainly, date by date, for random changes (weeks included,
    /// whose changes wait for a week start): any order of the same changes, the same rules.
    @Test func matchesTheRuleWrittenPlainly() {
        var random = SeededRandom(seed: 20261127)
        let first = Self.d("2026-12-21")
        for _ in 0..<300 {
            let weekStart: WeekStart = Bool.random(using: &random) ? .monday : .sunday
            let initial = Bool.random(using: &random) ? Rules() : Rules(mode: .weeks(target: 2))
            var changes: [RuleChange] = []
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                var fields = RuleFields()
                switch Int.random(in: 0..<4, using: &random) {
                case 0: fields.goal = Int.random(in: 1...3, using: &random)
                case 1: fields.target = Int.random(in: 1...3, using: &random)
                case 2: fields.schedule = Bool.random(using: &random) ? .daily : .weekdays
                default: fields.freezes = Int.random(in: 0...2, using: &random)
                }
                // Few seconds: changes made in the same second order by their text.
                let at = Instant(seconds: 1_798_000_000 + Int64.random(in: 0...3, using: &random) * 3600, offset: 0)
                changes.append(RuleChange(from: first + Int.random(in: 0...30, using: &random), at: at, fields: fields))
            }
            let timeline = RulesTimeline(initial: initial, changes: changes, weekStart: weekStart)
            let shuffled = RulesTimeline(initial: initial, changes: changes.shuffled(using: &random), weekStart: weekStart)
            #expect(shuffled == timeline)
            // Plainly: walk the dates; a change takes effect on its date, or (involving weeks,
            // off a week start) on the next week start; the ones in effect apply in the order made.
            var current = initial
            var inEffect: [RuleChange] = []
            var waiting: [(StreakDay, RuleChange)] = []
            for offset in -7...45 {
                let day = first + offset
                for change in changes where change.from == day {
                    let weekFirst = weekStart.first(ofWeekHolding: day)
                    let involvesWeeks = change.fields.target != nil || current.unit == .week
                    waiting.append((weekFirst != day && involvesWeeks ? weekFirst + 7 : day, change))
                }
                inEffect += waiting.filter { $0.0 == day }.map(\.1)
                waiting.removeAll { $0.0 == day }
                current = initial
                for change in inEffect.sorted(by: { ($0.at.seconds, $0.text) < ($1.at.seconds, $1.text) }) {
                    current = change.fields.applied(to: current)
                }
                #expect(timeline.rules(on: day) == current, "\(day) with \(changes.map(\.text))")
            }
        }
    }
}
