import StreakCore
import StreakTestSupport
import Testing

/// The paused dates of a set of pause records: a date is paused when the latest record that
/// covers it is a pause, by time, an unpause winning a tie.
@Suite struct PauseCalendarTests {
    static let first = StreakDay("2026-12-28")!

    /// The rule date by date: the largest record by (time, an unpause after a pause, its
    /// line) among those that cover the date (its line: any order of records that tie).
    static func model(_ records: [PauseRecord], _ day: StreakDay) -> Bool {
        let covering = records.filter { $0.from <= day && day <= $0.to }
        let latest = covering.max { a, b in
            (a.at.seconds, a.kind == .unpause ? 1 : 0, a.text) < (b.at.seconds, b.kind == .unpause ? 1 : 0, b.text)
        }
        return latest?.kind == .pause
    }

    /// Records that tie often: three seconds, two offsets (the text differs, the time does
    /// not), both kinds, ranges over two weeks across a year end.
    static func records(_ random: inout SeededRandom) -> [PauseRecord] {
        (0..<Int.random(in: 1...12, using: &random)).map { _ in
            let from = first + Int.random(in: 0...13, using: &random)
            let kind: PauseRecord.Kind = Bool.random(using: &random) ? .pause : .unpause
            let at = Instant(seconds: 1_798_000_000 + Int64.random(in: 0...2, using: &random),
                             offset: Bool.random(using: &random) ? 3600 : -18000)
            return PauseRecord(kind, from: from, to: from + Int.random(in: 0...5, using: &random), at: at)
        }
    }

    @Test(arguments: 0..<200)
    func theLatestRecordDecidesEachDate(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        let records = Self.records(&random)
        let calendar = PauseCalendar(records)
        let shuffled = PauseCalendar(records.shuffled(using: &random))
        #expect(calendar == shuffled, "the order records are read in changes nothing")
        for offset in -1...20 {
            let day = Self.first + offset
            #expect(calendar.contains(day) == Self.model(records, day), "\(day) seed \(seed)")
        }
    }

    @Test func anUnpauseInTheSameSecondWins() {
        let at = Instant(seconds: 1_798_000_000, offset: 0)
        let day = Self.first
        let records = [PauseRecord(.unpause, from: day, to: day, at: at), PauseRecord(.pause, from: day, to: day + 2, at: at)]
        for order in [records, records.reversed()] {
            let calendar = PauseCalendar(order)
            #expect(!calendar.contains(day))
            #expect(calendar.contains(day + 1) && calendar.contains(day + 2))
        }
    }
}
