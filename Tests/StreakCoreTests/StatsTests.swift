import Testing
@testable import StreakCore

/// A zone like Pacific/Apia in 2011: UTC−10 until 2011-12-30 began, then UTC+14, so the
/// date 2011-12-30 never happened there.
struct SkippingZone: ZoneRules {
    static let jump: Int64 = LocalDateTime(day: StreakDay("2011-12-30")!, secondOfDay: 0).utcSeconds + 10 * 3600

    func local(at seconds: Int64) -> Instant {
        Instant(seconds: seconds, offset: seconds < SkippingZone.jump ? -10 * 3600 : 14 * 3600)
    }

    func moment(of local: LocalDateTime) -> Int64 {
        let before = local.utcSeconds + 10 * 3600
        return before < SkippingZone.jump ? before : local.utcSeconds - 14 * 3600
    }
}

@Suite("completion rate")
struct StatsTests {
    let utc = FixedOffsetZone(offset: 0)

    func days(_ texts: String...) -> Set<StreakDay> { Set(texts.map { StreakDay($0)! }) }

    func rate(_ actions: Set<StreakDay>, _ schedule: Schedule = .daily, today: String, window: Int = 30,
              zone: some ZoneRules = FixedOffsetZone(offset: 0)) -> CompletionRate {
        CompletionRate(days: window, actionDays: actions, first: actions.min(), schedule: schedule,
                       today: StreakDay(today)!, zone: zone)
    }

    @Test func everyDayDoneIsAHundredPercent() {
        let r = rate(days("2026-03-01", "2026-03-02", "2026-03-03"), today: "2026-03-03")
        #expect(r.done == 3)
        #expect(r.scheduled == 3)
        #expect(r.percent == 100)
    }

    @Test func aPendingTodayIsNotAMissYet() {
        let pending = rate(days("2026-03-01", "2026-03-02"), today: "2026-03-03")
        #expect(pending.scheduled == 2)
        #expect(pending.percent == 100)
    }

    @Test func missedDatesLowerTheRateAndItRoundsDown() {
        // 2 of 3 scheduled dates: 66%, never rounded up to look better than it is.
        let r = rate(days("2026-03-01", "2026-03-03"), today: "2026-03-03")
        #expect((r.done, r.scheduled, r.percent) == (2, 3, 66))
    }

    @Test func theWindowStartsAtTheFirstAction() {
        // 365-day window, but the streak began 10 days ago: 10 + today.
        let r = rate(days("2026-03-01", "2026-03-11"), today: "2026-03-11", window: 365)
        #expect(r.scheduled == 11)
        #expect(r.done == 2)
        #expect(r.percent == 18)
    }

    @Test func theWindowEndsToday() {
        // Thirty dates: 2026-02-10 … 2026-03-11. Actions before the window do not count.
        var actions = Set<StreakDay>()
        var day = StreakDay("2026-01-01")!
        while day <= StreakDay("2026-03-11")! { actions.insert(day); day = day + 1 }
        let r = rate(actions, today: "2026-03-11")
        #expect((r.done, r.scheduled) == (30, 30))
        let sparse = rate(days("2026-01-01", "2026-03-11"), today: "2026-03-11")
        #expect((sparse.done, sparse.scheduled) == (1, 30))
    }

    @Test func unscheduledDatesCountInNeither() {
        // Weekdays; 2026-03-07 and 08 are a weekend, one with an action.
        let actions = days("2026-03-02", "2026-03-03", "2026-03-04", "2026-03-05", "2026-03-06", "2026-03-07", "2026-03-09")
        let r = rate(actions, .weekdays, today: "2026-03-10")
        // Mon 2 … Fri 6, Mon 9 done; Tue 10 (today) pending.
        #expect((r.done, r.scheduled, r.percent) == (6, 6, 100))
        let custom = rate(actions, Schedule("mon,wed,fri")!, today: "2026-03-10")
        #expect((custom.done, custom.scheduled) == (4, 4))
    }

    @Test func frozenDatesKeepTheStreakButNotTheRate() {
        // One freeze covers 2026-03-02: the run survives, the date is still not done.
        let actions = days("2026-03-01", "2026-03-03", "2026-03-04")
        let replay = Replay(days: actions, rules: Rules(schedule: .daily, freezes: 1), zone: utc)
        #expect(replay.frozen == [StreakDay("2026-03-02")!])
        #expect(replay.runs.count == 1)
        let r = rate(actions, today: "2026-03-04")
        #expect((r.done, r.scheduled, r.percent) == (3, 4, 75))
    }

    @Test func noScheduledDateHasNoRate() {
        let none = rate([], today: "2026-03-04")
        #expect(none.percent == nil)
        #expect(none.scheduled == 0)
        // Only a weekend action on a weekdays streak, read that weekend.
        let weekend = rate(days("2026-03-07"), .weekdays, today: "2026-03-08")
        #expect(weekend.percent == nil)
    }

    @Test func aDateTheZoneSkippedIsNotScheduled() {
        let zone = SkippingZone()
        #expect(!zone.dayExists(StreakDay("2011-12-30")!))
        let r = rate(days("2011-12-29", "2011-12-31"), today: "2011-12-31", zone: zone)
        #expect((r.done, r.scheduled, r.percent) == (2, 2, 100))
    }
}
