import Testing
@testable import StreakCore

@Suite("dates and times")
struct CalendarTests {
    @Test func civilRoundTripsOverFourCenturies() {
        var previous: StreakDay?
        for ordinal in stride(from: -150_000, through: 150_000, by: 1) {
            let day = StreakDay(ordinal: ordinal)
            let (y, m, d) = day.civil
            #expect(StreakDay(year: y, month: m, day: d) == day)
            if let previous { #expect(previous + 1 == day) }
            previous = day
            if ordinal % 997 == 0 { #expect(StreakDay(day.description) == day) }
        }
    }

    @Test func knownDatesAndWeekdays() {
        #expect(StreakDay(ordinal: 0).description == "1970-01-01")
        #expect(StreakDay(ordinal: 0).weekday == .thursday)
        #expect(StreakDay.d("2026-11-22").weekday == .sunday)
        #expect(StreakDay.d("2000-02-29").weekday == .tuesday)
        #expect(StreakDay.d("1969-12-31").ordinal == -1)
        #expect(StreakDay.d("2028-03-01") - StreakDay.d("2028-02-28") == 2)
        #expect(StreakDay.d("2027-03-01") - StreakDay.d("2027-02-28") == 1)
        #expect(StreakDay.d("2027-01-01") - StreakDay.d("2026-12-31") == 1)
    }

    @Test(arguments: ["2026-02-29", "2026-13-01", "2026-00-10", "2026-04-31", "26-11-22", "2026-11-2", "2026/11/22",
                      "2026-11-22x", "", "abcd-ef-gh", "2100-02-29"])
    func invalidDatesAreRefused(text: String) {
        #expect(StreakDay(text) == nil)
    }

    @Test func leapYears() {
        #expect(StreakDay(year: 2000, month: 2, day: 29) != nil)
        #expect(StreakDay(year: 2024, month: 2, day: 29) != nil)
        #expect(StreakDay(year: 1900, month: 2, day: 29) == nil)
        #expect(StreakDay(year: 2026, month: 2, day: 29) == nil)
    }

    @Test func timeInputForms() throws {
        #expect(TimeInput("2026-11-22") == .local(LocalDateTime(day: .d("2026-11-22"), secondOfDay: 43200)))
        #expect(TimeInput("2026-11-22T23:59") == .local(LocalDateTime(day: .d("2026-11-22"), secondOfDay: 86340)))
        #expect(TimeInput("2026-11-22 23:59:30") == .local(LocalDateTime(day: .d("2026-11-22"), secondOfDay: 86370)))
        let exact = try #require(TimeInput("2026-11-22T23:59:30+01:00"))
        #expect(exact == .exact(Instant(seconds: 1_795_388_370, offset: 3600)))
        #expect(TimeInput("2026-11-22T22:59:30Z") == .exact(Instant(seconds: 1_795_388_370, offset: 0)))
        #expect(TimeInput("2026-11-22T22:59:30.250Z") == .exact(Instant(seconds: 1_795_388_370, offset: 0)))
        #expect(TimeInput("2026-11-22T17:59:30-0500") == .exact(Instant(seconds: 1_795_388_370, offset: -18000)))
        #expect(TimeInput("2026-11-23T11:59:30+13") == .exact(Instant(seconds: 1_795_388_370, offset: 46800)))
        #expect(TimeInput("2026-11-23T04:29:30+05:30") == .exact(Instant(seconds: 1_795_388_370, offset: 19800)))
        #expect(TimeInput("@1795388370") == .exact(Instant(seconds: 1_795_388_370, offset: 0)))
    }

    @Test(arguments: ["the day before", "2026-11-22T25:00", "2026-11-22T23:60", "2026-11-22T23", "2026-11-22T23:59+1",
                      "2026-11-22T23:59+15:00", "2026-11-22T23:59:30+01:00junk", "@", "@12x", "2026-11-22T"])
    func invalidTimesAreRefused(text: String) {
        #expect(TimeInput(text) == nil)
    }

    @Test func instantTextRoundTrips() {
        for (seconds, offset) in [(0, 0), (1_795_388_370, 3600), (1_795_388_370, -34200), (-86401, 50400), (951_782_400, 20700)] {
            let instant = Instant(seconds: Int64(seconds), offset: offset)
            #expect(Instant.parse(Array(instant.description.utf8)[...]) == instant, "\(instant)")
        }
        #expect(Instant(seconds: 1_795_388_370, offset: 3600).description == "2026-11-22T23:59:30+01:00")
        #expect(Instant(seconds: 1_795_388_370, offset: -12600).description == "2026-11-22T19:29:30-03:30")
    }

    @Test func dayStartParsing() {
        #expect(DayStart("04:00")?.seconds == 4 * 3600)
        #expect(DayStart("4:30")?.seconds == 4 * 3600 + 1800)
        #expect(DayStart("00:00") == .midnight)
        #expect(DayStart("05")?.seconds == 5 * 3600)
        for bad in ["24:00", "4:60", "four", "", "-1:00", "04:00:00", "4:5"] { #expect(DayStart(bad) == nil, "\(bad)") }
    }

    @Test(arguments: [TableZone.utc, .berlin, .saoPaulo, .samoa, .kiritimati, .minus12])
    func dayStartMovesEarlyHoursToThePreviousDate(zone: TableZone) {
        let clock = DayClock(zone: zone, dayStart: DayStart("04:00")!)
        for date in ["2026-03-29", "2026-10-25", "2026-12-31", "2028-03-01", "2018-11-04", "2011-12-31"] {
            let day = StreakDay.d(date)
            let early = zone.moment(of: LocalDateTime(day: day, secondOfDay: 2 * 3600 + 1800))
            let later = zone.moment(of: LocalDateTime(day: day, secondOfDay: 5 * 3600))
            if zone.local(at: early).local.day == day && zone.local(at: early).local.hour == 2 {
                #expect(clock.day(at: early) == day - 1, "\(date) 02:30")
            }
            #expect(clock.day(at: later) == day, "\(date) 05:00")
        }
    }

    @Test func midnightIsTheBoundaryWithoutADayStart() {
        let clock = DayClock(zone: TableZone.berlin)
        let day = StreakDay.d("2026-11-22")
        #expect(clock.day(at: TableZone.berlin.moment(of: LocalDateTime(day: day, secondOfDay: 86399))) == day)
        #expect(clock.day(at: TableZone.berlin.moment(of: LocalDateTime(day: day + 1, secondOfDay: 0))) == day + 1)
    }

    @Test func endOfDayAcrossDaylightSavingChanges() {
        let clock = DayClock(zone: TableZone.berlin)
        // The night the clocks go forward is 23 hours long, the night they go back 25.
        let spring = StreakDay.d("2026-03-29")
        #expect(clock.end(of: spring) - clock.end(of: spring - 1) == 23 * 3600)
        let autumn = StreakDay.d("2026-10-25")
        #expect(clock.end(of: autumn) - clock.end(of: autumn - 1) == 25 * 3600)
    }

    @Test func skippedDatesDoNotExist() {
        #expect(!TableZone.samoa.dayExists(.d("2011-12-30")))
        #expect(TableZone.samoa.dayExists(.d("2011-12-29")))
        #expect(TableZone.samoa.dayExists(.d("2011-12-31")))
        // Sao Paulo skipped the hour after midnight, not the date.
        #expect(TableZone.saoPaulo.dayExists(.d("2018-11-04")))
        #expect(TableZone.berlin.dayExists(.d("2026-03-29")))
        #expect(TableZone.kiritimati.dayExists(.d("2026-11-22")))
    }

    @Test func schedules() throws {
        #expect(Schedule("daily") == .daily)
        #expect(Schedule("Weekdays") == .weekdays)
        let mwf = try #require(Schedule("mon,wed,fri"))
        #expect(mwf.description == "mon,wed,fri")
        #expect(Schedule("friday, monday ,Wed") == mwf)
        #expect(Schedule("weekends")?.description == "sat,sun")
        #expect(Schedule("mon,tue,wed,thu,fri")?.description == "weekdays")
        #expect(Schedule("mon,tue,wed,thu,fri,sat,sun")?.description == "daily")
        for bad in ["", "mon,,wed", "funday", "mon;wed", ","] { #expect(Schedule(bad) == nil, "\(bad)") }
        #expect(mwf.contains(StreakDay.d("2026-11-23")))  // Monday
        #expect(!mwf.contains(StreakDay.d("2026-11-24")))  // Tuesday
    }
}
