import Testing
@testable import StreakCore

/// Replays dates and reads on `today`.
private func read(_ dates: [String], today: String, schedule: Schedule = .daily, freezes: Int = 0,
                  zone: some ZoneRules = TableZone.utc) -> Reading {
    let rules = Rules(schedule: schedule, freezes: freezes)
    let replay = Replay(days: dates.map(StreakDay.d), rules: rules, zone: zone)
    return replay.progress.reading(today: .d(today), rules: rules, zone: zone)
}

private func runs(_ dates: [String], schedule: Schedule = .daily, freezes: Int = 0,
                  zone: some ZoneRules = TableZone.utc) -> [Run] {
    Replay(days: dates.map(StreakDay.d), rules: Rules(schedule: schedule, freezes: freezes), zone: zone).runs
}

@Suite("streak rules")
struct RulesTests {
    @Test func nothingRecordedIsBroken() {
        let reading = read([], today: "2026-11-22")
        #expect(reading.state == .broken)
        #expect(reading.current == 0)
        #expect(reading.best == 0)
        #expect(reading.total == 0)
        #expect(reading.last == nil)
    }

    @Test func consecutiveDatesContinue() {
        let reading = read(["2026-11-20", "2026-11-21", "2026-11-22"], today: "2026-11-22")
        #expect(reading.state == .done)
        #expect(reading.current == 3)
        #expect(reading.best == 3)
        #expect(reading.total == 3)
    }

    @Test func pendingUntilTheDateEnds() {
        let reading = read(["2026-11-20", "2026-11-21"], today: "2026-11-22")
        #expect(reading.state == .pending)
        #expect(reading.current == 2)
    }

    @Test func aWholeMissedDateBreaks() {
        let reading = read(["2026-11-20", "2026-11-21"], today: "2026-11-23")
        #expect(reading.state == .broken)
        #expect(reading.current == 0)
        #expect(reading.best == 2)
        let restarted = read(["2026-11-20", "2026-11-21", "2026-11-23"], today: "2026-11-23")
        #expect(restarted.state == .done)
        #expect(restarted.current == 1)
    }

    @Test func duplicatesCountOnce() {
        let reading = read(["2026-11-22", "2026-11-22", "2026-11-21", "2026-11-22"], today: "2026-11-22")
        #expect(reading.current == 2)
        #expect(reading.total == 2)
    }

    @Test func yearEndAndLeapDay() {
        #expect(read(["2026-12-31", "2027-01-01"], today: "2027-01-01").current == 2)
        #expect(read(["2028-02-28", "2028-02-29", "2028-03-01"], today: "2028-03-01").current == 3)
        #expect(read(["2027-02-28", "2027-03-01"], today: "2027-03-01").current == 2)
        #expect(read(["2028-02-28", "2028-03-01"], today: "2028-03-01").current == 1)
    }

    @Test func weekdaysSkipTheWeekend() {
        // Fri 2026-11-20, Mon 2026-11-23.
        let monday = read(["2026-11-19", "2026-11-20"], today: "2026-11-23", schedule: .weekdays)
        #expect(monday.state == .pending)
        #expect(monday.current == 2)
        let saturday = read(["2026-11-19", "2026-11-20"], today: "2026-11-21", schedule: .weekdays)
        #expect(saturday.state == .done, "nothing is asked on an unscheduled date")
        #expect(saturday.current == 2)
        let tuesday = read(["2026-11-19", "2026-11-20"], today: "2026-11-24", schedule: .weekdays)
        #expect(tuesday.state == .broken)
    }

    @Test func actionsOnUnscheduledDatesCountInTotalOnly() {
        let reading = read(["2026-11-20", "2026-11-21", "2026-11-22", "2026-11-23"], today: "2026-11-23",
                           schedule: .weekdays)
        #expect(reading.current == 2)
        #expect(reading.total == 4)
        #expect(reading.best == 2)
        let onlyWeekend = read(["2026-11-21"], today: "2026-11-21", schedule: .weekdays)
        #expect(onlyWeekend.state == .broken)
        #expect(onlyWeekend.current == 0)
        #expect(onlyWeekend.total == 1)
        #expect(runs(["2026-11-21", "2026-11-22"], schedule: .weekdays).isEmpty)
    }

    @Test func customSchedule() throws {
        let mwf = try #require(Schedule("mon,wed,fri"))
        // Mon 16, Wed 18, Fri 20, Mon 23.
        let reading = read(["2026-11-16", "2026-11-18", "2026-11-20", "2026-11-23"], today: "2026-11-24", schedule: mwf)
        #expect(reading.state == .done)
        #expect(reading.current == 4)
        let wednesday = read(["2026-11-16", "2026-11-18", "2026-11-20", "2026-11-23"], today: "2026-11-25", schedule: mwf)
        #expect(wednesday.state == .pending)
        let thursday = read(["2026-11-16", "2026-11-18", "2026-11-20", "2026-11-23"], today: "2026-11-26", schedule: mwf)
        #expect(thursday.state == .broken)
    }

    @Test func freezesCoverMissedDatesWithoutGrowing() {
        let reading = read(["2026-11-18", "2026-11-19", "2026-11-21"], today: "2026-11-21", freezes: 1)
        #expect(reading.state == .done)
        #expect(reading.current == 3)
        #expect(reading.freezesLeft == 0)
        let pending = read(["2026-11-18", "2026-11-19"], today: "2026-11-21", freezes: 2)
        #expect(pending.state == .pending)
        #expect(pending.current == 2)
        #expect(pending.freezesLeft == 1)
    }

    @Test func freezesAreSpentInDateOrderAndDoNotComeBack() {
        // Two gaps, one freeze: the first gap spends it, the second breaks the run.
        let reading = read(["2026-11-10", "2026-11-12", "2026-11-14"], today: "2026-11-14", freezes: 1)
        #expect(reading.current == 1)
        #expect(reading.best == 2)
        #expect(reading.freezesLeft == 0)
        let replay = Replay(days: ["2026-11-10", "2026-11-12", "2026-11-14"].map(StreakDay.d),
                            rules: Rules(freezes: 1), zone: TableZone.utc)
        #expect(replay.frozen == [.d("2026-11-11")])
        #expect(replay.runs == [Run(start: .d("2026-11-10"), end: .d("2026-11-12"), length: 2),
                                Run(start: .d("2026-11-14"), end: .d("2026-11-14"), length: 1)])
    }

    @Test func aBrokenStreakSpendsNoFreeze() {
        // Nothing before the first action spends freezes, and a long gap spends them all then
        // breaks; after the break no more are spent.
        let replay = Replay(days: ["2026-11-01", "2026-11-10", "2026-11-12"].map(StreakDay.d),
                            rules: Rules(freezes: 3), zone: TableZone.utc)
        #expect(replay.frozen == [.d("2026-11-02"), .d("2026-11-03"), .d("2026-11-04")])
        #expect(replay.progress.freezesLeft == 0)
        let reading = read(["2026-11-10"], today: "2026-11-20", freezes: 2)
        #expect(reading.state == .broken)
        #expect(reading.freezesLeft == 0, "two dates were missed while alive, then it broke")
    }

    @Test func aGapLongerThanTheFreezesBreaks() {
        let reading = read(["2026-11-18"], today: "2026-11-22", freezes: 2)
        #expect(reading.state == .broken)
    }

    @Test func freezesRespectTheSchedule() {
        // Weekdays: Thu 19, (Fri 20 missed → frozen), Mon 23.
        let reading = read(["2026-11-19", "2026-11-23"], today: "2026-11-23", schedule: .weekdays, freezes: 1)
        #expect(reading.current == 2)
        #expect(reading.freezesLeft == 0)
    }

    @Test func futureDatesReadAsDone() {
        // Ticked in Tokyo on the 23rd, read in Los Angeles where it is still the 22nd.
        let reading = read(["2026-11-21", "2026-11-22", "2026-11-23"], today: "2026-11-22")
        #expect(reading.state == .done)
        #expect(reading.current == 3)
        let onlyTomorrow = read(["2026-11-23"], today: "2026-11-22")
        #expect(onlyTomorrow.state == .done)
        #expect(onlyTomorrow.current == 1)
    }

    @Test func samoaSkippedDateIsNotMissed() {
        let zone = TableZone.samoa
        let pending = read(["2011-12-28", "2011-12-29"], today: "2011-12-31", zone: zone)
        #expect(pending.state == .pending)
        #expect(pending.current == 2)
        let done = read(["2011-12-28", "2011-12-29", "2011-12-31"], today: "2011-12-31", zone: zone)
        #expect(done.current == 3)
        // Without the zone knowing, the same dates would break.
        #expect(read(["2011-12-29"], today: "2011-12-31").state == .broken)
    }

    @Test func historyKeepsEveryRun() {
        let all = runs(["2026-01-01", "2026-01-02", "2026-01-05", "2026-01-06", "2026-01-07", "2026-02-01"])
        #expect(all == [
            Run(start: .d("2026-01-01"), end: .d("2026-01-02"), length: 2),
            Run(start: .d("2026-01-05"), end: .d("2026-01-07"), length: 3),
            Run(start: .d("2026-02-01"), end: .d("2026-02-01"), length: 1),
        ])
    }

    @Test func runsSpanUnscheduledAndFrozenDates() {
        // Weekdays with one freeze: Thu 19, Fri 20, (weekend), Mon 23 missed → frozen, Tue 24.
        let all = runs(["2026-11-19", "2026-11-20", "2026-11-21", "2026-11-24"], schedule: .weekdays, freezes: 1)
        #expect(all == [Run(start: .d("2026-11-19"), end: .d("2026-11-24"), length: 3)])
    }
}
