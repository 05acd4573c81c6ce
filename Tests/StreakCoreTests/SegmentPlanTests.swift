import StreakCore
import StreakTestSupport
import Testing

/// The pre-rendered segment: at every instant, the piece a plugin picks is what the prompt
/// itself would print then.
@Suite("segment plan")
struct SegmentPlanTests {
    static let format = SegmentFormat("{icon}{count}{unit} {progress}{left}")

    static func render(_ entry: PromptCache.Entry, _ reading: Reading, warning: Bool, secondsLeft: Int64) -> String {
        Segment(name: entry.name, icon: entry.icon, reading: reading, warning: warning, secondsLeft: secondsLeft)
            .rendered(format, host: .zsh, color: true)
    }

    /// What a plugin shows at `now`: the first piece valid then, `{left}` filled in.
    static func pick(_ pieces: [SegmentPlan.Piece], now: Int64) -> String? {
        guard let piece = pieces.first(where: { $0.until == 0 || now < $0.until }) else { return nil }
        guard piece.deadline != 0 else { return piece.text }
        return piece.text.split(separator: "\u{1F}", omittingEmptySubsequences: false)
            .joined(separator: Segment.leftText(piece.deadline - now))
    }

    /// What the prompt prints at `now` (the binary's path: `Prompt.write`).
    static func direct(_ entries: [PromptCache.Entry], now: Int64, zone: some ZoneRules, dayStart: DayStart,
                       theme: SegmentTheme) -> String {
        let today = DayClock(zone: zone, dayStart: dayStart).day(at: now)
        var texts: [String] = []
        for entry in entries {
            let reading = entry.progress.reading(on: today, zone: zone)
            var left: Int64 = 0
            let warning = SegmentPlan.warning(reading, now: now, zone: zone, dayStart: dayStart, weekStart: .monday,
                                              theme: theme, secondsLeft: &left)
            let text = render(entry, reading, warning: warning, secondsLeft: left)
            if !text.isEmpty { texts.append(text) }
        }
        return texts.joined(separator: " ")
    }

    @Test func dayEndsFollowTheDayStartAndTheZone() {
        let berlin = TableZone.berlin
        // 02:30 does not exist on 2026-03-29: the date before ends when the clock jumps past it.
        let start = DayStart(seconds: 2 * 3600 + 1800)
        #expect(SegmentPlan.end(of: .d("2026-03-28"), zone: berlin, dayStart: start) == TableZone.utcMoment(2026, 3, 29, 1))
        #expect(SegmentPlan.end(of: .d("2026-11-21"), zone: berlin, dayStart: DayStart("04:00")!)
            == TableZone.utcMoment(2026, 11, 22, 3))
        // Samoa skipped 2011-12-30: the 29th ends where the 31st begins.
        #expect(SegmentPlan.end(of: .d("2011-12-29"), zone: TableZone.samoa, dayStart: .midnight)
            == TableZone.utcMoment(2011, 12, 30, 10))
        // A warn time before the day start is the night before the date ends.
        #expect(SegmentPlan.warnStart(of: .d("2026-11-21"), zone: berlin, dayStart: DayStart("04:00")!,
                                      warnAt: DayStart("01:00")!) == TableZone.utcMoment(2026, 11, 22, 0))
    }

    /// `dates` takes a date's end 24 hours after the one before where the offset stays: the
    /// same dates as asking `end(of:)` for each, across DST changes both ways, a change at
    /// midnight (São Paulo: a date that starts at 01:00, and midnight twice), a skipped date
    /// and a day start in the skipped hour or the repeated one.
    @Test func datesAreEachDatesEnd() {
        func walked(from now: Int64, zone: TableZone, dayStart: DayStart) -> [(day: StreakDay, end: Int64)] {
            let clock = DayClock(zone: zone, dayStart: dayStart)
            var day = clock.day(at: now)
            var dates: [(day: StreakDay, end: Int64)] = []
            for _ in 0..<SegmentPlan.days {
                let end = SegmentPlan.end(of: day, zone: zone, dayStart: dayStart)
                dates.append((day, end))
                day = clock.day(at: end)
            }
            return dates
        }
        let starts: [(TableZone, StreakDay)] = [(.berlin, .d("2026-03-10")), (.berlin, .d("2026-10-05")),
                                                (.saoPaulo, .d("2018-10-20")), (.saoPaulo, .d("2019-02-01")),
                                                (.samoa, .d("2011-12-10")), (.kiritimati, .d("2026-12-20"))]
        let dayStarts = [DayStart.midnight, DayStart("00:30")!, DayStart("01:00")!, DayStart("02:30")!, DayStart("04:00")!,
                         DayStart("23:30")!]
        var random = SeededRandom(seed: 20261127)
        for (zone, start) in starts {
            for dayStart in dayStarts {
                for _ in 0..<4 {
                    let now = LocalDateTime(day: start + Int(random.next() % 20), secondOfDay: Int(random.next() % 86400)).utcSeconds
                    let dates = SegmentPlan.dates(from: now, zone: zone, dayStart: dayStart)
                    let expected = walked(from: now, zone: zone, dayStart: dayStart)
                    #expect(dates.map(\.day) == expected.map(\.day) && dates.map(\.end) == expected.map(\.end),
                            "\(zone.initial) \(dayStart) from \(now)")
                }
            }
        }
    }

    @Test func warningStartsAtTheWarnTimeOnlyWhenPending() {
        let zone = TableZone.utc
        let rules = Rules(mode: .days(Schedule.weekdays))
        // Friday 2026-11-20 met; Monday 2026-11-23 pending.
        let progress = Replay(days: [.d("2026-11-19"), .d("2026-11-20")], rules: rules, zone: zone).progress
        let theme = SegmentTheme.standard
        var left: Int64 = 0
        func warns(_ day: String, _ hour: Int, _ minute: Int = 0) -> Bool {
            let moment = LocalDateTime(day: .d(day), secondOfDay: hour * 3600 + minute * 60).utcSeconds
            return SegmentPlan.warning(progress.reading(on: .d(day), zone: zone), now: moment, zone: zone,
                                       dayStart: .midnight, weekStart: .monday, theme: theme, secondsLeft: &left)
        }
        #expect(!warns("2026-11-21", 21))  // Saturday: a rest day
        #expect(!warns("2026-11-23", 19, 59))
        #expect(warns("2026-11-23", 20))
        #expect(left == 4 * 3600)
        #expect(Segment.leftText(left) == "4h0m")
        #expect(Segment.leftText(61) == "2m" && Segment.leftText(60) == "1m" && Segment.leftText(3599) == "1h0m")
        #expect(!warns("2026-11-20", 21))  // done
        var off = theme
        off.warnAt = nil
        #expect(!SegmentPlan.warning(progress.reading(on: .d("2026-11-23"), zone: zone),
                                     now: LocalDateTime(day: .d("2026-11-23"), secondOfDay: 22 * 3600).utcSeconds,
                                     zone: zone, dayStart: .midnight, weekStart: .monday, theme: off, secondsLeft: &left))
    }

    /// A round of the random tests: a streak for each of `rules` with actions on about two
    /// of three of the 20 dates from `from`, a warn time (20:00, or 01:30 every third round:
    /// before the day start) and a day start (midnight, or 04:00 every other round).
    static func randomRound(_ random: inout SeededRandom, round: Int, from: StreakDay, zone: some ZoneRules,
                            rules: [Rules]) -> ([PromptCache.Entry], SegmentTheme, DayStart) {
        var theme = SegmentTheme.standard
        theme.warnAt = round % 3 == 2 ? DayStart("01:30") : DayStart("20:00")
        var entries: [PromptCache.Entry] = []
        for (index, rules) in rules.enumerated() {
            var days: [StreakDay] = []
            for offset in 0..<20 where random.next() % 3 != 0 { days.append(from + offset) }
            let progress = Replay(days: days, rules: rules, zone: zone).progress
            entries.append(PromptCache.Entry(name: "s\(index)", icon: "🔥", progress: progress))
        }
        return (entries, theme, round % 2 == 0 ? DayStart.midnight : DayStart("04:00")!)
    }

    /// Zones with DST changes (both hemispheres), a skipped date, and a +14 offset.
    static let zones: [TableZone] = [.berlin, .saoPaulo, .samoa, .kiritimati]

    /// For random histories in zones with DST changes and a skipped date, with and without a
    /// day start: the piece picked at every sampled instant of the 40 days ahead is the
    /// prompt's own text then.
    @Test(arguments: [0, 1, 2, 3])
    func pickedPieceIsThePromptEverywhere(_ zoneIndex: Int) {
        let zone = SegmentPlanTests.zones[zoneIndex]
        let starts: [StreakDay] = [.d("2026-02-20"), .d("2018-10-20"), .d("2011-12-10"), .d("2026-06-01")]
        var random = SeededRandom(seed: UInt64(7 + zoneIndex))
        for round in 0..<6 {
            let rules = [Rules(mode: .days(Schedule.weekdays), freezes: 2), Rules(mode: .weeks(target: 3)), Rules(goal: 1)]
            let (entries, theme, dayStart) = SegmentPlanTests.randomRound(&random, round: round, from: starts[zoneIndex],
                                                                          zone: zone, rules: rules)
            let from = LocalDateTime(day: starts[zoneIndex] + 19, secondOfDay: 15 * 3600).utcSeconds - Int64(random.next() % 7200)
            let pieces = SegmentPlan.pieces(entries, from: from, zone: zone, dayStart: dayStart, weekStart: .monday,
                                            theme: theme) { entry, reading, warning in
                SegmentPlanTests.render(entry, reading, warning: warning, secondsLeft: warning ? Segment.leftMarker : 0)
            }
            #expect(pieces.count < 80, "merged: \(pieces.count) pieces")
            var now = from
            while now < from + 39 * 86400 {
                let expected = SegmentPlanTests.direct(entries, now: now, zone: zone, dayStart: dayStart, theme: theme)
                #expect(SegmentPlanTests.pick(pieces, now: now) == expected, "zone \(zoneIndex) round \(round) at \(now)")
                if SegmentPlanTests.pick(pieces, now: now) != expected { return }
                now += 1013 + Int64(random.next() % 1800)
            }
        }
    }

    /// Columns worked out on an earlier date (views keep them from one change to the next)
    /// joined with columns worked out now show, at every instant they cover, what the prompt
    /// shows then; they cover at least the dates they promise, and a column that starts
    /// after today is never joined.
    @Test(arguments: [0, 1, 2, 3])
    func keptColumnsJoinIntoThePrompt(_ zoneIndex: Int) {
        let zone = SegmentPlanTests.zones[zoneIndex]
        let starts: [StreakDay] = [.d("2026-03-10"), .d("2018-10-25"), .d("2011-12-15"), .d("2026-12-20")]
        var random = SeededRandom(seed: UInt64(31 + zoneIndex))
        for round in 0..<8 {
            let rules = [Rules(mode: .days(Schedule.weekdays), freezes: 2), Rules(mode: .weeks(target: 3)), Rules(goal: 1),
                         Rules(goal: 2, freezes: 1)]
            let (entries, theme, dayStart) = SegmentPlanTests.randomRound(&random, round: round, from: starts[zoneIndex],
                                                                          zone: zone, rules: rules)
            let render = { (entry: PromptCache.Entry, reading: Reading, warning: Bool) in
                SegmentPlanTests.render(entry, reading, warning: warning, secondsLeft: warning ? Segment.leftMarker : 0)
            }
            let now = LocalDateTime(day: starts[zoneIndex] + 19, secondOfDay: 15 * 3600).utcSeconds - Int64(random.next() % 7200)
            let earlier = now - Int64(random.next() % 12) * 86400 - Int64(random.next() % 86400)
            let kept = SegmentPlan.dates(from: earlier, zone: zone, dayStart: dayStart)
            let dates = SegmentPlan.dates(from: now, zone: zone, dayStart: dayStart)
            let columns = entries.map { entry in
                random.next() % 3 == 0
                    ? SegmentPlan.column(entry, dates: dates, zone: zone, weekStart: .monday, theme: theme, render: render)
                    : SegmentPlan.column(entry, dates: kept, zone: zone, weekStart: .monday, theme: theme, render: render)
            }
            #expect(columns.allSatisfy { $0.covers(dates[0].day, days: 27) }, "zone \(zoneIndex) round \(round)")
            let pieces = SegmentPlan.merge(columns, dates: dates, from: now, zone: zone, dayStart: dayStart, theme: theme)
            let horizon = pieces.last.map { $0.until == 0 ? now + 45 * 86400 : $0.until } ?? now
            #expect(horizon >= now + 27 * 86400, "zone \(zoneIndex) round \(round): covers \(horizon - now) s")
            var moment = now
            while moment < horizon {
                let expected = SegmentPlanTests.direct(entries, now: moment, zone: zone, dayStart: dayStart, theme: theme)
                #expect(SegmentPlanTests.pick(pieces, now: moment) == expected, "zone \(zoneIndex) round \(round) at \(moment)")
                if SegmentPlanTests.pick(pieces, now: moment) != expected { return }
                moment += 1013 + Int64(random.next() % 1800)
            }
            // Joined where the fresh plan is, piece for piece (the horizon aside).
            let fresh = SegmentPlan.pieces(entries, from: now, zone: zone, dayStart: dayStart, weekStart: .monday,
                                           theme: theme, render: render)
            #expect(Array(pieces.dropLast()) == Array(fresh.prefix(pieces.count - 1)), "zone \(zoneIndex) round \(round)")
            // A column worked out after today says nothing about today: no pieces.
            let later = SegmentPlan.dates(from: now + 2 * 86400, zone: zone, dayStart: dayStart)
            let ahead = SegmentPlan.column(entries[0], dates: later, zone: zone, weekStart: .monday, theme: theme, render: render)
            #expect(SegmentPlan.merge([columns[1], ahead], dates: dates, from: now, zone: zone, dayStart: dayStart,
                                      theme: theme).isEmpty)
        }
    }

    /// A view holds what a plugin reads (16 KB): joined within a budget, the pieces are the
    /// first of the unbounded join, as many as fit (at least one), each as it is there; the
    /// join stops early instead of working out the dates past the budget.
    @Test(arguments: [0, 1, 2, 3])
    func aBudgetKeepsTheFirstPiecesThatFit(_ zoneIndex: Int) {
        let zone = SegmentPlanTests.zones[zoneIndex]
        let starts: [StreakDay] = [.d("2026-03-10"), .d("2018-10-25"), .d("2011-12-15"), .d("2026-12-20")]
        var random = SeededRandom(seed: UInt64(53 + zoneIndex))
        var most = 0
        for round in 0..<6 {
            let rules = [Rules(mode: .days(Schedule.weekdays), freezes: 2), Rules(mode: .weeks(target: 3)), Rules(goal: 2, freezes: 1)]
            let (entries, theme, dayStart) = SegmentPlanTests.randomRound(&random, round: round, from: starts[zoneIndex],
                                                                          zone: zone, rules: rules)
            let render = { (entry: PromptCache.Entry, reading: Reading, warning: Bool) in
                SegmentPlanTests.render(entry, reading, warning: warning, secondsLeft: warning ? Segment.leftMarker : 0)
            }
            let now = LocalDateTime(day: starts[zoneIndex] + 19, secondOfDay: 15 * 3600).utcSeconds - Int64(random.next() % 7200)
            let dates = SegmentPlan.dates(from: now, zone: zone, dayStart: dayStart)
            let columns = entries.map { SegmentPlan.column($0, dates: dates, zone: zone, weekStart: .monday, theme: theme, render: render) }
            let all = SegmentPlan.mergedBytes(columns, dates: dates, from: now, zone: zone, dayStart: dayStart, theme: theme)
            let total = all.reduce(0) { $0 + SegmentPlan.lineBytes($1) }
            most = max(most, all.count)
            for budget in [0, 10, total / 3, total / 2, total - 1, total, total + 100] {
                let set = SegmentPlan.ColumnSet(columns)
                let joined = SegmentPlan.mergedBytes(set, dates: dates, from: now, zone: zone, dayStart: dayStart, theme: theme,
                                                     budget: budget)
                let fitting = SegmentPlan.fitting(joined, budget: budget)
                #expect(joined.count <= all.count)
                let bytes = fitting.reduce(0) { $0 + SegmentPlan.lineBytes($1) }
                #expect(fitting.count >= 1 && (bytes <= budget || fitting.count == 1), "budget \(budget): \(bytes) bytes")
                // The first pieces of the whole, as they are there, and every one that fits.
                #expect(fitting.map(\.until) == all.prefix(fitting.count).map(\.until), "budget \(budget)")
                #expect(fitting.map(\.text) == all.prefix(fitting.count).map(\.text), "budget \(budget)")
                #expect(fitting.count == all.count
                            || bytes + SegmentPlan.lineBytes(all[fitting.count]) > budget, "budget \(budget)")
                #expect(SegmentPlan.fitting(all, budget: budget).map(\.until) == fitting.map(\.until))
            }
        }
        // Some join had pieces to leave out.
        #expect(most > 3)
    }
}
