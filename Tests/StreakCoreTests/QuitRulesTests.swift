import StreakTestSupport
import Testing
@testable import StreakCore

/// Habits to quit as the SPEC words them, written plainly and apart from `Progress`: a tick is
/// a slip; a date is met when it has none; the dates count from the date the streak was added
/// (a slip before it counts nowhere); a paused date neither breaks nor extends (it reads done unless it has a
/// slip after the run ended); no goal, target or freeze.
struct QuitModel {
    var since: Int
    var slips: Set<Int>
    var paused: Set<Int>

    struct Answer: Equatable, CustomStringConvertible {
        var state: Reading.State
        var current: Int
        var best: Int
        var total: Int
        var last: Int?
        var runs: [[Int]]  // [start, end, length]

        var description: String { "\(state) current \(current) best \(best) total \(total) last \(last ?? -1) runs \(runs)" }
    }

    func answer(today: Int) -> Answer {
        let start = since
        let read = max(today, slips.max() ?? today)
        guard read >= start else { return Answer(state: .broken, current: 0, best: 0, total: 0, last: nil, runs: []) }
        var length = 0
        var runStart = 0
        var runEnd = 0
        var best = 0
        var total = 0
        var last: Int?
        var runs: [[Int]] = []
        for day in start...read {
            let slipped = slips.contains(day)
            if !slipped {
                total += 1
                last = day
            }
            if paused.contains(day) { continue }
            if slipped {
                if length > 0 { runs.append([runStart, runEnd, length]) }
                length = 0
            } else {
                if length == 0 { runStart = day }
                length += 1
                runEnd = day
                best = max(best, length)
            }
        }
        if length > 0 { runs.append([runStart, runEnd, length]) }
        let state: Reading.State
        if paused.contains(read) {
            // A paused date without a slip is done (after a slip, with 0); one with a slip
            // breaks nothing: done while a run goes on.
            state = length > 0 || !slips.contains(read) ? .done : .broken
        } else {
            state = slips.contains(read) ? .broken : .done
        }
        return Answer(state: state, current: state == .done ? length : 0, best: best, total: total, last: last, runs: runs)
    }
}

@Suite("habits to quit")
struct QuitRulesTests {
    static let zones: [(String, TableZone)] = [("UTC", .utc), ("Berlin", .berlin), ("São Paulo", .saoPaulo),
                                               ("UTC+14", .kiritimati)]

    /// A random quit habit: when it was added, some slips (some before it was added, some
    /// several on a date), some pauses, and a read date.
    static func randomCase(_ random: inout SeededRandom) -> (since: StreakDay, history: StreakHistory, today: StreakDay) {
        let base = StreakDay.d("2026-01-01").ordinal + Int.random(in: -400...400, using: &random)
        let span = Int.random(in: 1...120, using: &random)
        let density = [0.0, 0.02, 0.1, 0.3, 0.8][Int.random(in: 0..<5, using: &random)]
        let since = StreakDay(ordinal: base + Int.random(in: 0...10, using: &random))
        var actions: [Action] = []
        for offset in 0..<span where Double.random(in: 0...1, using: &random) < density {
            let day = StreakDay(ordinal: base + offset)
            for extra in 0..<Int.random(in: 1...2, using: &random) {
                let at = Instant(seconds: Int64(day.ordinal) * 86400 + 3600 + Int64(extra) * 60, offset: 0)
                actions.append(Action(day: day, at: at, count: Int.random(in: 1...3, using: &random),
                                      id: "a\(offset)x\(extra)"))
            }
        }
        var pauses: [PauseRecord] = []
        for _ in 0..<Int.random(in: 0...3, using: &random) {
            let from = StreakDay(ordinal: base + Int.random(in: -5...span, using: &random))
            let to = from + Int.random(in: 0...10, using: &random)
            pauses.append(PauseRecord(.pause, from: from, to: to, at: Instant(seconds: Int64(base) * 86400, offset: 0)))
        }
        let today = StreakDay(ordinal: base + Int.random(in: -3...(span + 40), using: &random))
        let history = StreakHistory(rules: Rules(quitSince: since), pauses: pauses, actions: actions)
        return (since, history, today)
    }

    static func model(_ since: StreakDay, _ history: StreakHistory) -> QuitModel {
        let calendar = PauseCalendar(history.pauses)
        var paused = Set<Int>()
        for range in calendar.ranges {
            for day in range.from.ordinal...range.to.ordinal { paused.insert(day) }
        }
        return QuitModel(since: since.ordinal, slips: Set(history.actions.map(\.day.ordinal)), paused: paused)
    }

    static func answer(_ reading: Reading, runs: [Run]) -> QuitModel.Answer {
        QuitModel.Answer(state: reading.state, current: reading.current, best: reading.best, total: reading.total,
                         last: reading.last?.ordinal, runs: runs.map { [$0.start.ordinal, $0.end.ordinal, $0.length] })
    }

    @Test func agreesWithThePlainModelInEveryZone() {
        var random = SeededRandom(seed: 20_261_126)
        for iteration in 0..<2000 {
            let (since, history, today) = Self.randomCase(&random)
            let expected = Self.model(since, history).answer(today: today.ordinal)
            let (zoneName, zone) = Self.zones[iteration % Self.zones.count]
            let fold = Replay(history: history, zone: zone).fold(at: today, zone: zone)
            let actual = Self.answer(fold.reading, runs: fold.runs)
            #expect(actual == expected, "case \(iteration) (\(zoneName)): since \(since) today \(today) \(history)")
            if actual != expected { return }
        }
    }

    /// The prompt reads the cache's line (the state after the last slip, carried over the
    /// dates since, paused ones included); status replays the history: they agree on every date.
    @Test func thePromptsLineAgreesWithTheReplay() {
        var random = SeededRandom(seed: 4242)
        for iteration in 0..<1500 {
            let (_, history, today) = Self.randomCase(&random)
            let replay = Replay(history: history, zone: TableZone.berlin)
            let state = replay.cachedState(today: today, zone: TableZone.berlin)
            let entry = PromptCache.Entry(name: "smoke", icon: "🚭", progress: state)
            guard let cached = PromptCache.decode(Array(PromptCache.encode([entry]).utf8))?.first else {
                Issue.record("case \(iteration): the line did not read back")
                return
            }
            #expect(cached.progress.rules.quitSince == history.rules.quitSince)
            for offset in [0, 1, 2, 7, 40, 400] {
                let day = today + offset
                let fromLine = cached.progress.reading(on: day, zone: TableZone.berlin)
                let fromHistory = replay.fold(at: day, zone: TableZone.berlin).reading
                #expect(fromLine == fromHistory, "case \(iteration) read on \(day): \(history)")
                if fromLine != fromHistory { return }
            }
        }
    }

    @Test func theSpecsSentences() {
        let since = StreakDay.d("2026-11-01")
        let slip = Action(day: .d("2026-11-10"), at: Instant(seconds: 1_794_300_000, offset: 0), id: "s1")
        let history = StreakHistory(rules: Rules(quitSince: since), actions: [slip])
        let replay = Replay(history: history, zone: TableZone.utc)
        let clean = Replay(history: StreakHistory(rules: Rules(quitSince: since)), zone: TableZone.utc)
        // From the date it was added, before any slip: every date counts, today included.
        #expect(clean.fold(at: .d("2026-11-01"), zone: TableZone.utc).reading.current == 1)
        #expect(clean.fold(at: .d("2026-11-09"), zone: TableZone.utc).reading.current == 9)
        #expect(clean.progress.reading(on: .d("2026-11-09"), zone: TableZone.utc).current == 9)
        // A slip dated after the read date moves the read there, as any action does.
        #expect(replay.fold(at: .d("2026-11-05"), zone: TableZone.utc).reading.today == .d("2026-11-05"))
        #expect(replay.fold(at: .d("2026-11-05"), zone: TableZone.utc).reading.current == 0)
        // A slip date reads broken, 0.
        let onSlip = replay.fold(at: .d("2026-11-10"), zone: TableZone.utc).reading
        #expect(onSlip.state == .broken && onSlip.current == 0 && onSlip.best == 9)
        #expect(!onSlip.isNew)
        // Any other date done: the next starts again at 1.
        let after = replay.fold(at: .d("2026-11-11"), zone: TableZone.utc).reading
        #expect(after.state == .done && after.current == 1)
        // Before it was added: nothing yet.
        let before = clean.fold(at: .d("2026-10-30"), zone: TableZone.utc).reading
        #expect(before.current == 0 && before.total == 0 && before.isNew)
        #expect(clean.progress.reading(on: .d("2026-10-30"), zone: TableZone.utc) == before)
        // No goal, no freeze: the segment shows no progress.
        #expect(after.progress.isMet && after.freezesLeft == 0 && after.quit)
    }

    /// A slip dated before the date the habit counts from (backdated with --now, or merged
    /// from another machine) is kept and counts nowhere: the run is the dates from that date,
    /// the same as without the slip (it made the run longer, counting from the day after it).
    @Test func aSlipBeforeTheStartCountsNowhere() {
        let since = StreakDay.d("2026-11-10")
        let slip = Action(day: .d("2026-11-05"), at: Instant(seconds: 1_793_869_200, offset: 0))
        let with = Replay(history: StreakHistory(rules: Rules(quitSince: since), actions: [slip]), zone: TableZone.utc)
        let without = Replay(history: StreakHistory(rules: Rules(quitSince: since)), zone: TableZone.utc)
        for today in ["2026-11-10", "2026-11-20"] {
            let reading = with.fold(at: .d(today), zone: TableZone.utc).reading
            #expect(reading == without.fold(at: .d(today), zone: TableZone.utc).reading, "\(today)")
            #expect(reading == with.progress.reading(on: .d(today), zone: TableZone.utc), "\(today)")
        }
        let later = with.fold(at: .d("2026-11-20"), zone: TableZone.utc)
        #expect(later.reading.current == 11 && later.reading.total == 11 && later.reading.state == .done)
        #expect(later.runs.map(\.start) == [since])
        // Read on the slip's own date, before the habit counts: nothing yet.
        let onSlip = with.fold(at: .d("2026-11-05"), zone: TableZone.utc).reading
        #expect(onSlip.current == 0 && onSlip.total == 0)
    }

    @Test func pausesNeitherBreakNorExtend() {
        let since = StreakDay.d("2026-12-28")
        let pause = PauseRecord(.pause, from: .d("2026-12-31"), to: .d("2027-01-02"),
                                at: Instant(seconds: 1_798_000_000, offset: 0))
        let slip = Action(day: .d("2027-01-01"), at: Instant(seconds: 1_798_800_000, offset: 0), id: "p")
        let history = StreakHistory(rules: Rules(quitSince: since), pauses: [pause], actions: [slip])
        let replay = Replay(history: history, zone: TableZone.berlin)
        // Three dates before the pause, a slip while paused (recorded, breaks nothing), then on.
        let onPause = replay.fold(at: .d("2027-01-01"), zone: TableZone.berlin).reading
        #expect(onPause.state == .done && onPause.current == 3 && onPause.paused)
        #expect(replay.fold(at: .d("2027-01-03"), zone: TableZone.berlin).reading.current == 4)
    }

    /// After a slip, a paused date without one reads done (0): only a slip date reads broken.
    @Test func aPausedDateAfterASlipIsDone() {
        let pause = PauseRecord(.pause, from: .d("2026-11-06"), to: .d("2026-11-08"), at: Instant(seconds: 1_798_000_000, offset: 0))
        let slip = Action(day: .d("2026-11-05"), at: Instant(seconds: 1_794_000_000, offset: 0), id: "s")
        let replay = Replay(history: StreakHistory(rules: Rules(quitSince: .d("2026-11-01")), pauses: [pause], actions: [slip]),
                            zone: TableZone.utc)
        let onSlip = replay.fold(at: .d("2026-11-05"), zone: TableZone.utc).reading
        #expect(onSlip.state == .broken && onSlip.current == 0)
        let paused = replay.fold(at: .d("2026-11-07"), zone: TableZone.utc).reading
        #expect(paused.state == .done && paused.current == 0 && paused.paused)
        #expect(replay.progress.reading(on: .d("2026-11-07"), zone: TableZone.utc).state == .done, "the prompt's line agrees")
        #expect(replay.fold(at: .d("2026-11-09"), zone: TableZone.utc).reading.current == 1)
    }

    /// A date the zone skipped (Samoa's 2011-12-30) is no date of the habit: five real dates
    /// from 12-28 through 01-02, as a daily streak ticked on each counts five.
    @Test func aDateTheZoneSkippedCountsNowhere() {
        let replay = Replay(history: StreakHistory(rules: Rules(quitSince: .d("2011-12-28")), actions: []), zone: TableZone.samoa)
        let reading = replay.fold(at: .d("2012-01-02"), zone: TableZone.samoa).reading
        #expect(reading.current == 5 && reading.total == 5 && reading.state == .done, "\(reading)")
        #expect(replay.progress.reading(on: .d("2012-01-02"), zone: TableZone.samoa).current == 5, "the prompt's line agrees")
        // A slip on the date before the skipped one: the run starts again after it.
        let slip = Action(day: .d("2011-12-29"), at: Instant(seconds: 1_325_200_000, offset: -36000), id: "s")
        let slipped = Replay(history: StreakHistory(rules: Rules(quitSince: .d("2011-12-28")), actions: [slip]), zone: TableZone.samoa)
        #expect(slipped.fold(at: .d("2012-01-02"), zone: TableZone.samoa).reading.current == 3)
    }

    @Test func theCompactRulesReadBack() {
        let rules = Rules(quitSince: .d("2026-11-01"))
        #expect(rules.compact.hasPrefix("q127,1,0,0,2,"))
        var read = Rules()
        var text = rules.compact
        let ok = text.withUTF8 { bytes in
            var index = 0
            return Rules.readCompact(bytes, &index, bytes.count, into: &read) && index == bytes.count
        }
        #expect(ok && read == rules)
        // A change never makes a habit to quit into another kind.
        #expect(RuleFields(goal: 3).applied(to: rules) == rules)
    }

    @Test func theSettingsFileReadsBack() throws {
        let settings = StreakSettings(icon: "🚭", rules: Rules(quitSince: .d("2026-11-01")), tags: ["health"])
        let text = settings.encoded()
        #expect(text.contains("quit=2026-11-01\n"))
        let read = try StreakSettings.parse(Array(text.utf8)).get()
        #expect(read == settings)
        // A goal beside it does not apply.
        let odd = try StreakSettings.parse(Array("icon=x\nquit=2026-11-01\ngoal=3\n".utf8)).get()
        #expect(odd.rules == Rules(quitSince: .d("2026-11-01")))
        if case .success = StreakSettings.parse(Array("quit=yesterday\n".utf8)) { Issue.record("a bad date read") }
    }
}
