import StreakCore
import Testing

/// When a pending streak's date or week ends, as `remind` reports it: day-start aware, in the
/// streak's unit, in zones with DST changes and across a year end.
@Suite("reminder deadlines")
struct ReminderTests {
    func reading(_ state: Reading.State, _ day: String, unit: StreakUnit = .day) -> Reading {
        Reading(state: state, current: 3, best: 5, total: 9, freezesLeft: 0, last: nil, today: .d(day), unit: unit,
                progress: GoalProgress(done: 0, needed: 1), paused: false, goal: 1)
    }

    func reminder(_ reading: Reading, now: Int64, zone: TableZone, dayStart: DayStart = .midnight,
                  weekStart: WeekStart = .monday, includeBroken: Bool = false) -> Reminder? {
        Reminder(name: "quiz", icon: "🔥", reading: reading, now: now, clock: DayClock(zone: zone, dayStart: dayStart),
                 weekStart: weekStart, includeBroken: includeBroken)
    }

    @Test func onlyPendingStreaksUnlessBrokenOnesAreAskedFor() {
        let now = TableZone.utcMoment(2026, 11, 23, 20)
        #expect(reminder(reading(.done, "2026-11-23"), now: now, zone: .utc) == nil)
        #expect(reminder(reading(.broken, "2026-11-23"), now: now, zone: .utc) == nil)
        let broken = reminder(reading(.broken, "2026-11-23"), now: now, zone: .utc, includeBroken: true)
        #expect(broken?.isPending == false)
        #expect(broken?.secondsLeft == Int64(4 * 3600))
        #expect(reminder(reading(.pending, "2026-11-23"), now: now, zone: .utc)?.secondsLeft == Int64(4 * 3600))
    }

    @Test func dayStartMovesTheEndOfTheDay() {
        // 02:30 with a 04:00 day start is still 11-22: 1h 30m left; in Berlin (UTC+1) too.
        for zone in [TableZone.utc, .berlin, .minus12] {
            let start = DayStart("04:00")!
            let now = zone.moment(of: LocalDateTime(day: .d("2026-11-23"), secondOfDay: 2 * 3600 + 1800))
            let due = reminder(reading(.pending, "2026-11-22"), now: now, zone: zone, dayStart: start)
            #expect(due?.secondsLeft == 5400)
        }
    }

    @Test func daysAcrossDSTChangesAndYearEnds() {
        // Berlin's 2026-10-25 has 25 hours: from its start, 25h are left.
        let berlin = TableZone.berlin
        let start = berlin.moment(of: LocalDateTime(day: .d("2026-10-25"), secondOfDay: 0))
        #expect(reminder(reading(.pending, "2026-10-25"), now: start, zone: berlin)?.secondsLeft == Int64(25 * 3600))
        // São Paulo's 2018-11-04 starts at 01:00 and has 23 hours.
        let paulo = TableZone.saoPaulo
        let first = paulo.moment(of: LocalDateTime(day: .d("2018-11-04"), secondOfDay: 3600))
        #expect(reminder(reading(.pending, "2018-11-04"), now: first, zone: paulo)?.secondsLeft == Int64(23 * 3600))
        // New Year's Eve at 23:00 has an hour left, into next year.
        let eve = TableZone.utcMoment(2026, 12, 31, 23)
        #expect(reminder(reading(.pending, "2026-12-31"), now: eve, zone: .utc)?.deadline == TableZone.utcMoment(2027, 1, 1))
    }

    @Test func aWeeklyStreakHasUntilTheEndOfItsWeek() {
        // Wednesday 2026-11-25 noon: Monday weeks end Sunday night, 4.5 days on; Sunday weeks
        // end Saturday night.
        let now = TableZone.utcMoment(2026, 11, 25, 12)
        let monday = reminder(reading(.pending, "2026-11-25", unit: .week), now: now, zone: .utc)
        #expect(monday?.deadline == TableZone.utcMoment(2026, 11, 30))
        #expect(monday?.secondsLeft == Int64(4 * 86400 + 12 * 3600))
        let sunday = reminder(reading(.pending, "2026-11-25", unit: .week), now: now, zone: .utc, weekStart: .sunday)
        #expect(sunday?.deadline == TableZone.utcMoment(2026, 11, 29))
        // A week across the year end, with a 04:00 day start: it ends Monday 2027-01-04 04:00.
        let late = TableZone.utcMoment(2026, 12, 30, 12)
        let year = reminder(reading(.pending, "2026-12-30", unit: .week), now: late, zone: .utc, dayStart: DayStart("04:00")!)
        #expect(year?.deadline == TableZone.utcMoment(2027, 1, 4, 4))
    }
}

@Suite("share text")
struct ShareTextTests {
    @Test func xmlEscapesEverythingSpecialAndDropsWhatXMLCannotHold() {
        #expect(XMLText.escaped("a<b>&\"c'") == "a&lt;b&gt;&amp;&quot;c&#39;")
        #expect(XMLText.escaped("x\u{0}\u{1B}[31my\u{202E}z\u{FFFE}") == "x[31myz")
        #expect(XMLText.escaped("🔥 tab\tok") == "🔥 tab\tok")
    }

    @Test func themesByName() {
        #expect(ShareTheme.named("dark") == .dark)
        #expect(ShareTheme.named("light") == .light)
        #expect(ShareTheme.named("blue") == nil)
    }
}
