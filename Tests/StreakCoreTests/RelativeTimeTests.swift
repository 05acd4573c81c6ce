import StreakCore
import Testing

/// Relative dates and times (`--now yesterday`, `-2d`, `21:30`, `log --since 7d`): what each
/// reads as, and the moment it names across DST changes, year ends and day starts.
@Suite("relative dates and times")
struct RelativeTimeTests {
    static func parse(_ text: String) -> RelativeTime? { RelativeTime.parse(Array(text.utf8)[...]) }

    @Test func whatEachFormReadsAs() {
        #expect(Self.parse("today") == .days(0, timeOfDay: nil))
        #expect(Self.parse("Yesterday") == .days(-1, timeOfDay: nil))
        #expect(Self.parse("tomorrow") == .days(1, timeOfDay: nil))
        #expect(Self.parse("-2d") == .days(-2, timeOfDay: nil))
        #expect(Self.parse("7d") == .days(-7, timeOfDay: nil), "unsigned is ago: log --since 7d")
        #expect(Self.parse("+3d") == .days(3, timeOfDay: nil))
        #expect(Self.parse("-1w") == .days(-7, timeOfDay: nil))
        #expect(Self.parse("21:30") == .days(0, timeOfDay: 21 * 3600 + 1800))
        #expect(Self.parse("7:05") == .days(0, timeOfDay: 7 * 3600 + 300))
        #expect(Self.parse("yesterday 21:30") == .days(-1, timeOfDay: 21 * 3600 + 1800))
        #expect(Self.parse("-2d  08:00:30") == .days(-2, timeOfDay: 8 * 3600 + 30))
        #expect(Self.parse("-3h") == .seconds(-10_800))
        #expect(Self.parse("+30m") == .seconds(1800))
        for bad in ["", "d", "-d", "2x", "24:00", "7:5", "21:60", "yesterday tomorrow", "-3h 21:30", "21:30 yesterday",
                    "--2d", "+-2d", "1000000d", "99999w", "yesterdays", "@", "2026-11-2", "12345678d"] {
            #expect(Self.parse(bad) == nil, "\(bad)")
        }
        // TimeInput reads them after the absolute forms.
        #expect(TimeInput("yesterday") == .relative(.days(-1, timeOfDay: nil)))
        #expect(TimeInput("2026-11-22") == .local(LocalDateTime(day: .d("2026-11-22"), secondOfDay: 43_200)))
    }

    @Test(arguments: [TableZone.utc, .berlin, .saoPaulo, .samoa, .kiritimati, .minus12])
    func daysMoveByCalendarDatesKeepingTheTimeOfDay(zone: TableZone) {
        // The night of the DST change in Berlin and the year end, seen from 20:15 the day after.
        for (date, back) in [("2026-03-30", 1), ("2026-10-26", 2), ("2027-01-01", 1), ("2027-01-02", 2)] {
            let present = zone.moment(of: LocalDateTime(day: .d(date), secondOfDay: 20 * 3600 + 900))
            let moment = RelativeTime.days(-back, timeOfDay: nil).moment(from: present, zone: zone, dayStart: .midnight)
            #expect(zone.local(at: moment).local == LocalDateTime(day: .d(date) - back, secondOfDay: 20 * 3600 + 900), "\(date) -\(back)d")
            #expect(RelativeTime.days(-back, timeOfDay: nil).day(from: .d(date)) == .d(date) - back)
        }
    }

    @Test(arguments: [TableZone.utc, .berlin, .samoa])
    func aTimeOfDayBelongsToTheStreakDateItEnds(zone: TableZone) {
        let start = DayStart("04:00")!
        // 01:30 on 2027-01-01: the streak date is still 2026-12-31.
        let present = zone.moment(of: LocalDateTime(day: .d("2027-01-01"), secondOfDay: 5400))
        let clock = DayClock(zone: zone, dayStart: start)
        let evening = RelativeTime.days(0, timeOfDay: 21 * 3600).moment(from: present, zone: zone, dayStart: start)
        #expect(zone.local(at: evening).local == LocalDateTime(day: .d("2026-12-31"), secondOfDay: 21 * 3600))
        let night = RelativeTime.days(-1, timeOfDay: 2 * 3600 + 1800).moment(from: present, zone: zone, dayStart: start)
        #expect(zone.local(at: night).local == LocalDateTime(day: .d("2026-12-31"), secondOfDay: 9000))
        #expect(clock.day(at: night) == .d("2026-12-30"), "02:30 before a 04:00 day start ends the date before")
        #expect(RelativeTime.seconds(-3 * 3600).moment(from: present, zone: zone, dayStart: start) == present - 10_800)
    }
}
