import Testing
@testable import StreakCore
import StreakTestSupport

@Suite("completion rate and segment with goals, pauses and weeks")
struct StatsV2Tests {
    static func replay(_ rules: Rules, _ acts: [(String, Int)], pauses: [(String, String)] = [],
                       zone: some ZoneRules = TableZone.berlin) -> Replay {
        var history = StreakHistory(rules: rules)
        for (index, (date, count)) in acts.enumerated() {
            history.actions.append(Action(day: .d(date), at: RandomHistory.instant(.d(date), 3600 + index), count: count))
        }
        for (from, to) in pauses {
            history.pauses.append(PauseRecord(.pause, from: .d(from), to: .d(to), at: RandomHistory.instant(.d(from), 0)))
        }
        return Replay(history: history, zone: zone)
    }

    func rate(_ replay: Replay, today: String, days: Int = 30, zone: some ZoneRules = TableZone.berlin) -> [Int?] {
        let rate = CompletionRate(days: days, replay: replay, today: .d(today), zone: zone)
        return [rate.done, rate.scheduled, rate.percent]
    }

    @Test(arguments: [TableZone.berlin, .saoPaulo])
    func anUnmetDateWithActionsIsAMiss(zone: TableZone) {
        let r = Self.replay(Rules(goal: 2), [("2026-03-28", 2), ("2026-03-29", 1), ("2026-03-30", 2), ("2026-03-31", 1)],
                            zone: zone)
        #expect(rate(r, today: "2026-03-31", zone: zone) == [2, 3, 66], "today, not met yet, is no miss yet")
        #expect(rate(r, today: "2026-04-01", zone: zone) == [2, 4, 50])
    }

    @Test(arguments: [TableZone.berlin, .saoPaulo])
    func aPausedDateIsLikeAnUnscheduledOne(zone: TableZone) {
        let r = Self.replay(Rules(), [("2018-11-02", 1), ("2018-11-05", 1)], pauses: [("2018-11-03", "2018-11-04")],
                            zone: zone)
        #expect(rate(r, today: "2018-11-05", zone: zone) == [2, 2, 100])
        let unpaused = Self.replay(Rules(), [("2018-11-02", 1), ("2018-11-05", 1)], zone: zone)
        #expect(rate(unpaused, today: "2018-11-05", zone: zone) == [2, 4, 50])
    }

    @Test(arguments: [WeekStart.monday, .sunday])
    func inWeekModeTheRateIsOverWeeks(weekStart: WeekStart) {
        // Weeks starting in the 30 days up to 2027-01-06 (and after the first action): met,
        // missed, paused (neutral), met, and this one (not met yet: no miss yet).
        let first = weekStart.first(ofWeekHolding: .d("2026-12-09"))
        var history = StreakHistory(rules: Rules(mode: .weeks(target: 2)))
        for offset in [0, 1, 21, 22] {
            history.actions.append(Action(day: first + offset, at: RandomHistory.instant(first + offset, 60)))
        }
        history.pauses.append(PauseRecord(.pause, from: first + 15, to: first + 15, at: RandomHistory.instant(first, 0)))
        let replay = Replay(history: history, zone: TableZone.berlin, weekStart: weekStart)
        let rate = CompletionRate(days: 30, replay: replay, today: first + 29, zone: TableZone.berlin)
        #expect([rate.done, rate.scheduled, rate.percent] == [2, 3, 66])
    }

    /// With counts of 1, no pauses and no changes, the rate is the first release's.
    @Test func agreesWithTheFirstReleaseRate() {
        var random = SeededRandom(seed: 31)
        for iteration in 0..<500 {
            let (days, rules, today) = PropertyTests.randomCase(&random)
            let replay = Replay(days: days, rules: rules, zone: SkippingZone())
            for window in [1, 7, 30, 365] {
                let old = CompletionRate(days: window, actionDays: Set(days), first: days.min(), schedule: rules.schedule,
                                         today: today, zone: SkippingZone())
                let new = CompletionRate(days: window, replay: replay, today: today, zone: SkippingZone())
                #expect(old == new, "case \(iteration), window \(window)")
                if old != new { return }
            }
        }
    }

    // MARK: Segment

    func reading(_ replay: Replay, _ today: String) -> Reading {
        replay.progress.reading(on: .d(today), zone: TableZone.berlin)
    }

    @Test func progressShowsWhileTodayIsNotMet() {
        let format = SegmentFormat("{icon}{count}{unit} {progress}")
        let r = Self.replay(Rules(goal: 3), [("2026-11-20", 3), ("2026-11-21", 2)])
        #expect(Segment(name: "q", icon: "🔥", reading: reading(r, "2026-11-21")).text(format) == "🔥1 2/3")
        #expect(Segment(name: "q", icon: "🔥", reading: reading(r, "2026-11-20")).text(format) == "🔥1 2/3",
                "read on the latest action's date")
        let met = Self.replay(Rules(goal: 3), [("2026-11-20", 3), ("2026-11-21", 4)])
        #expect(Segment(name: "q", icon: "🔥", reading: reading(met, "2026-11-21")).text(format) == "🔥2 ")
    }

    @Test func weeklyStreaksShowTheirUnitAndTheWeeksProgress() {
        let format = SegmentFormat("{icon}{count}{unit} {progress}")
        let r = Self.replay(Rules(mode: .weeks(target: 3)),
                            [("2026-11-16", 1), ("2026-11-17", 1), ("2026-11-18", 1), ("2026-11-23", 1)])
        #expect(Segment(name: "q", icon: "🔥", reading: reading(r, "2026-11-24")).text(format) == "🔥1w 1/3")
        #expect(Segment(name: "q", icon: "🔥", reading: reading(r, "2026-11-18")).text(format) == "🔥1w 1/3",
                "an action dated later moves the read to its week")
        let done = Self.replay(Rules(mode: .weeks(target: 1)), [("2026-11-16", 1), ("2026-11-23", 1)])
        #expect(Segment(name: "q", icon: "🔥", reading: reading(done, "2026-11-25")).text(format) == "🔥2w ")
    }
}
