import StreakCore
import Testing

/// When a streak date ends, from a moment on it: what `status` (time left), `remind`, the
/// prompt's warning and the views' dates read. With a day start in an hour the clock skips or
/// repeats, the date does not end at "the next day start": it ends when the clock jumps past
/// it, and in a repeated hour the date the clock read before comes back until its second pass.
@Suite struct DayEndTests {
    /// The first second after `now` whose date is later than `now`'s, found by walking the
    /// clock a minute at a time (every change and day start here is on a whole minute).
    static func walked(_ clock: DayClock<TableZone>, from now: Int64) -> Int64 {
        let day = clock.day(at: now)
        var at = now + 1
        while clock.day(at: at) <= day { at += 60 }
        while clock.day(at: at - 1) > day, at - 1 > now { at -= 1 }
        return at
    }

    static let transitions: [(String, TableZone, Int64)] = [
        ("Berlin spring", .berlin, TableZone.utcMoment(2026, 3, 29, 1)),
        ("Berlin autumn", .berlin, TableZone.utcMoment(2026, 10, 25, 1)),
        ("Lord Howe autumn", .lordHowe, TableZone.utcMoment(2026, 4, 4, 15)),
        ("Lord Howe spring", .lordHowe, TableZone.utcMoment(2026, 10, 3, 15, 30)),
        ("São Paulo spring", .saoPaulo, TableZone.utcMoment(2018, 11, 4, 3)),
        ("São Paulo autumn", .saoPaulo, TableZone.utcMoment(2019, 2, 17, 2)),
        ("Samoa's skipped date", .samoa, TableZone.utcMoment(2011, 12, 30, 10)),
    ]

    static let dayStarts = ["00:00", "00:30", "01:00", "01:45", "02:00", "02:15", "02:30", "04:00", "23:30"].map { DayStart($0)! }

    @Test(arguments: 0..<transitions.count)
    func aDateEndsWhenTheClockFirstReadsALaterOne(index: Int) {
        let (label, zone, change) = Self.transitions[index]
        for dayStart in Self.dayStarts {
            let clock = DayClock(zone: zone, dayStart: dayStart)
            // Every 10 minutes from a day and a half before the change to a day and a half after,
            // and the seconds around the change itself.
            var moments = Array(stride(from: change - 36 * 3600, through: change + 36 * 3600, by: 600))
            moments += [change - 1, change, change + 1]
            for now in moments {
                let end = clock.end(of: clock.day(at: now), after: now)
                let expected = Self.walked(clock, from: now)
                #expect(end == expected, "\(label), day start \(dayStart), now \(Instant(seconds: now, offset: zone.offset(at: now)))")
                #expect(end > now)
            }
        }
    }

    /// The audit's cases, as a user reads them: with the day starting at 02:30 in Berlin,
    /// 2026-03-28 ends at 03:00 CEST (the clock skips 02:30), and at 02:15 on the second pass
    /// through the repeated hour of 2026-10-25 it is 2026-10-24 again, for 15 more minutes.
    @Test func theAuditsMoments() {
        let clock = DayClock(zone: TableZone.berlin, dayStart: DayStart("02:30")!)
        let spring = TableZone.utcMoment(2026, 3, 29, 0, 50)  // 01:50 CET
        #expect(clock.day(at: spring) == .d("2026-03-28"))
        #expect(clock.end(of: .d("2026-03-28"), after: spring) - spring == 600)
        let autumn = TableZone.utcMoment(2026, 10, 25, 1, 15)  // 02:15 CET, the second pass
        #expect(clock.day(at: autumn) == .d("2026-10-24"))
        #expect(clock.end(of: .d("2026-10-24"), after: autumn) - autumn == 900)
        var left: Int64 = 0
        let reading = Reading(state: .pending, current: 1, best: 1, total: 1, freezesLeft: 0, last: .d("2026-10-23"),
                              today: .d("2026-10-24"))
        let theme = SegmentTheme()  // warns from 20:00
        #expect(SegmentPlan.warning(reading, now: autumn, zone: TableZone.berlin, dayStart: DayStart("02:30")!,
                                    weekStart: .monday, theme: theme, secondsLeft: &left))
        #expect(left == 900)
    }
}
