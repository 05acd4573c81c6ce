import StreakCore

/// A zone described by its UTC-offset changes, for tests that must not depend on the machine's
/// zone database. Offsets are seconds east of UTC.
struct TableZone: ZoneRules {
    /// Offset before the first change.
    var initial: Int
    /// (moment of the change, offset from then on), in order.
    var changes: [(at: Int64, offset: Int)]

    func offset(at seconds: Int64) -> Int {
        var current = initial
        for change in changes where change.at <= seconds { current = change.offset }
        return current
    }

    func local(at seconds: Int64) -> Instant {
        Instant(seconds: seconds, offset: offset(at: seconds))
    }

    /// Like `mktime`: a wall time that exists maps to its moment (the earlier one when it is
    /// repeated); one skipped by a gap is read with the offset from before the gap, which lands
    /// after the gap.
    func moment(of local: LocalDateTime) -> Int64 {
        let offsets = [initial] + changes.map(\.offset)
        var matches: [Int64] = []
        for offset in offsets {
            let candidate = local.utcSeconds - Int64(offset)
            if self.local(at: candidate).local == local { matches.append(candidate) }
        }
        if let earliest = matches.min() { return earliest }
        let guess = local.utcSeconds - Int64(initial)
        let before = changes.last(where: { $0.at <= guess })
        let previous = changes.last(where: { $0.at < (before?.at ?? guess) })?.offset ?? initial
        return local.utcSeconds - Int64(previous)
    }

    static let utc = TableZone(initial: 0, changes: [])

    /// Moment of a UTC wall time, for building tables.
    static func utcMoment(_ y: Int, _ m: Int, _ d: Int, _ h: Int = 0, _ min: Int = 0) -> Int64 {
        LocalDateTime(day: StreakDay(year: y, month: m, day: d)!, secondOfDay: h * 3600 + min * 60).utcSeconds
    }

    /// Pacific/Apia around its jump across the date line: UTC−10 (summer time) until
    /// 2011-12-30T10:00Z, then UTC+14, so local 2011-12-30 never happened.
    static let samoa = TableZone(initial: -10 * 3600, changes: [(utcMoment(2011, 12, 30, 10), 14 * 3600)])

    /// America/Sao_Paulo in 2018–2019: UTC−3; summer time from local midnight 2018-11-04
    /// (00:00 → 01:00, so that date starts at 01:00) until 2019-02-17 00:00 (→ 23:00 again).
    static let saoPaulo = TableZone(initial: -3 * 3600, changes: [
        (utcMoment(2018, 11, 4, 3), -2 * 3600),
        (utcMoment(2019, 2, 17, 2), -3 * 3600),
    ])

    /// Europe/Berlin in 2026: UTC+1; UTC+2 from 2026-03-29T01:00Z to 2026-10-25T01:00Z.
    static let berlin = TableZone(initial: 3600, changes: [
        (utcMoment(2026, 3, 29, 1), 7200),
        (utcMoment(2026, 10, 25, 1), 3600),
    ])

    /// Australia/Lord_Howe in 2026: UTC+11 until 2026-04-04T15:00Z (02:00 → 01:30), then UTC+10:30
    /// until 2026-10-03T15:30Z (02:00 → 02:30): half-hour changes at 02:00.
    static let lordHowe = TableZone(initial: 11 * 3600, changes: [
        (utcMoment(2026, 4, 4, 15), 10 * 3600 + 1800),
        (utcMoment(2026, 10, 3, 15, 30), 11 * 3600),
    ])

    static let kiritimati = TableZone(initial: 14 * 3600, changes: [])
    static let minus12 = TableZone(initial: -12 * 3600, changes: [])
}

extension StreakDay {
    /// `d("2026-11-22")`, for tests.
    static func d(_ text: String) -> StreakDay { StreakDay(text)! }
}
