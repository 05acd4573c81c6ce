import Testing
@testable import StreakCore
import StreakTestSupport

/// A random history with everything issue 9 adds: goals and counts, weekly targets, pauses
/// and unpauses, rule changes (some after the last action), taken-back actions, earned and
/// banked freezes.
extension RandomHistory {
    /// `count` random histories of `span` dates from `seed`, each with a date walked, for
    /// `body` with its number, its replay, the date its state stands on and the generator.
    static func replayed(seed: UInt64, count: Int, span: Int,
                         _ body: (Int, RandomHistory, Replay, StreakDay, inout SeededRandom) -> Void) {
        var random = SeededRandom(seed: seed)
        for iteration in 0..<count {
            let generated = RandomHistory(&random, span: span)
            let replay = generated.replay()
            guard let through = replay.progress.through else { continue }
            body(iteration, generated, replay, through, &random)
        }
    }
}

struct RandomHistory {
    var history: StreakHistory
    var weekStart: WeekStart
    var base: StreakDay
    var zone: TableZone

    static func instant(_ day: StreakDay, _ second: Int) -> Instant {
        Instant(seconds: LocalDateTime(day: day, secondOfDay: 0).utcSeconds + Int64(second), offset: 3600)
    }

    static func rules(_ random: inout SeededRandom) -> RuleFields {
        var fields = RuleFields()
        switch Int.random(in: 0..<6, using: &random) {
        case 0: fields.target = Int.random(in: 1...7, using: &random)
        case 1: fields.schedule = [Schedule.daily, .weekdays, Schedule(mask: UInt8.random(in: 1...0x7F, using: &random))!]
            .randomElement(using: &random)!
        default: break
        }
        if Bool.random(using: &random) { fields.goal = Int.random(in: 1...3, using: &random) }
        if Int.random(in: 0..<3, using: &random) == 0 { fields.freezes = Int.random(in: 0...3, using: &random) }
        if Int.random(in: 0..<3, using: &random) == 0 { fields.earnEvery = Int.random(in: 0...4, using: &random) }
        if Int.random(in: 0..<4, using: &random) == 0 { fields.maxHeld = Int.random(in: 0...3, using: &random) }
        return fields
    }

    init(_ random: inout SeededRandom, span: Int = 240) {
        let zones = [TableZone.berlin, TableZone.saoPaulo, TableZone.samoa, TableZone.utc]
        zone = zones.randomElement(using: &random)!
        weekStart = Bool.random(using: &random) ? .monday : .sunday
        // Near the zone's odd dates, so years end, clocks change and Samoa skips a date inside.
        let anchors = ["2026-03-01", "2026-09-15", "2018-09-20", "2011-09-01", "2025-10-10"]
        base = StreakDay.d(anchors.randomElement(using: &random)!) + Int.random(in: 0...60, using: &random)
        let initial = RuleFields(goal: 1).applied(to: RandomHistory.rules(&random).applied(to: Rules()))
        var history = StreakHistory(rules: initial)
        let activeUntil = Int.random(in: span / 3...span, using: &random)
        let density = Double.random(in: 0.3...0.95, using: &random)
        var second = 0
        for offset in 0..<activeUntil where Double.random(in: 0...1, using: &random) < density {
            let day = base + offset
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                second += 1
                let count = Int.random(in: 0..<4, using: &random) == 0 ? Int.random(in: 2...3, using: &random) : 1
                let note: String? = Int.random(in: 0..<10, using: &random) == 0 ? "n\(offset) ok" : nil
                history.actions.append(Action(day: day, at: RandomHistory.instant(day, second % 86_000), count: count, note: note))
            }
            // The same action in two logs.
            if Int.random(in: 0..<8, using: &random) == 0, let last = history.actions.last { history.actions.append(last) }
        }
        for _ in 0..<Int.random(in: 0...4, using: &random) {
            let from = base + Int.random(in: -10...(activeUntil + 40), using: &random)
            let at = RandomHistory.instant(base, Int.random(in: 0...50, using: &random) * 3600)
            history.changes.append(RuleChange(from: from, at: at, fields: RandomHistory.rules(&random)))
        }
        for _ in 0..<Int.random(in: 0...5, using: &random) {
            let from = base + Int.random(in: 0...(activeUntil + 60), using: &random)
            let to = from + Int.random(in: 0...12, using: &random)
            let kind: PauseRecord.Kind = Int.random(in: 0..<5, using: &random) < 2 ? .unpause : .pause
            // Few distinct moments, so ties between a pause and an unpause happen.
            let at = RandomHistory.instant(base, Int.random(in: 0...2, using: &random) * 60)
            history.pauses.append(PauseRecord(kind, from: from, to: to, at: at))
        }
        if !history.actions.isEmpty {
            for _ in 0..<Int.random(in: 0...3, using: &random) {
                let taken = history.actions.randomElement(using: &random)!
                history.retractions.append(Retraction(day: taken.day, at: taken.at, made: RandomHistory.instant(taken.day, 86_300)))
            }
        }
        self.history = history
    }

    func replay() -> Replay { Replay(history: history, zone: zone, weekStart: weekStart) }

    func plain(through end: StreakDay) -> PlainRules {
        PlainRules(history: history, weekStart: weekStart, exists: { zone.dayExists($0) }, through: end)
    }
}

extension PlainRules.Answer {
    init(_ fold: Fold) {
        let r = fold.reading
        self.init(state: r.state, current: r.current, best: r.best, total: r.total, freezes: r.freezesLeft, last: r.last,
                  unit: r.unit, progress: [r.progress.done, r.progress.needed], paused: r.paused, runs: fold.runs,
                  frozen: fold.frozenUnits)
    }
}

@Suite("the fold against a plain model")
struct FoldPropertyTests {
    /// Every date of a generated year, read by the fold and by the plain model, for hundreds
    /// of random histories: state, current, best, total, freezes, last, unit, progress,
    /// paused, and every run and frozen unit up to the read date.
    @Test func everyDateOfAYearAgreesWithThePlainModel() {
        var random = SeededRandom(seed: 9_2026)
        var compared = 0
        var stoodIn = 0
        for iteration in 0..<200 {
            let generated = RandomHistory(&random)
            let replay = generated.replay()
            let end = generated.base + 364
            let expected = generated.plain(through: end).answers(from: generated.base, through: end)
            for offset in 0...364 {
                let today = generated.base + offset
                let expected = expected[offset]
                let fold = replay.fold(at: today, zone: generated.zone)
                let actual = PlainRules.Answer(fold)
                compared += 1
                if let through = replay.progress.through, today < through, fold.reading.state != .broken,
                   replay.progress.reading(on: through, zone: generated.zone).state == .broken {
                    stoodIn += 1
                }
                if actual != expected {
                    Issue.record("case \(iteration) on \(today) (week starts \(generated.weekStart), zone \(generated.zone.initial)):\n  fold  \(actual)\n  plain \(expected)\n  \(generated.history)")
                    return
                }
            }
        }
        #expect(compared == 200 * 365)
        // Reads before an action ahead of them that its date's broken reading would have shown
        // broken, and the earlier state shows alive.
        #expect(stoodIn > 10, "\(stoodIn)")
    }

    /// The same records in any order, and split across two machines' logs (some records in
    /// both) written and read back as text, give the same state and the same readings.
    @Test func arrivalOrderAndMachinesNeverMatter() throws {
        var random = SeededRandom(seed: 4_242)
        for iteration in 0..<300 {
            let generated = RandomHistory(&random, span: 120)
            var shuffled = generated.history
            shuffled.actions.shuffle(using: &random)
            shuffled.changes.shuffle(using: &random)
            shuffled.pauses.shuffle(using: &random)
            shuffled.retractions.shuffle(using: &random)
            // Two machines: each record on one of them, some on both.
            var logs = (actions: ["", ""], events: ["", ""])
            func machine() -> [Int] {
                switch Int.random(in: 0..<5, using: &random) {
                case 0: return [0, 1]
                case 1, 2: return [0]
                default: return [1]
                }
            }
            for action in shuffled.actions { for m in machine() { logs.actions[m] += ActionLog.line(action) } }
            let events = shuffled.changes.map(StreakEvent.rules) + shuffled.pauses.map(StreakEvent.pause)
                + shuffled.retractions.map(StreakEvent.untick)
            for event in events.shuffled(using: &random) { for m in machine() { logs.events[m] += EventLog.line(event) } }
            var merged = StreakHistory(rules: generated.history.rules)
            for m in [1, 0] {
                let actions = ActionLog.parse(Array((ActionLog.header + logs.actions[m]).utf8))
                let parsed = EventLog.parse(Array((EventLog.header + logs.events[m]).utf8))
                #expect(actions.bad.isEmpty && parsed.bad.isEmpty && parsed.newer.isEmpty)
                merged.actions += actions.actions
                for event in parsed.events {
                    switch event {
                    case .rules(let change): merged.changes.append(change)
                    case .pause(let record): merged.pauses.append(record)
                    case .untick(let retraction): merged.retractions.append(retraction)
                    case .archive, .unarchive: break
                    }
                }
            }
            let original = generated.replay()
            let reordered = Replay(history: shuffled, zone: generated.zone, weekStart: generated.weekStart)
            let machines = Replay(history: merged, zone: generated.zone, weekStart: generated.weekStart)
            #expect(reordered.progress == original.progress, "case \(iteration)")
            #expect(machines.progress == original.progress, "case \(iteration)")
            #expect(machines.runs == original.runs && machines.frozenUnits == original.frozenUnits, "case \(iteration)")
            for offset in stride(from: -3, through: 200, by: 7) {
                let today = generated.base + offset
                let expected = original.fold(at: today, zone: generated.zone)
                let fromMachines = machines.fold(at: today, zone: generated.zone)
                #expect(fromMachines.reading == expected.reading, "case \(iteration) on \(today)")
                #expect(fromMachines.runs == expected.runs, "case \(iteration) on \(today)")
                if fromMachines.reading != expected.reading { return }
            }
        }
    }

    /// What the prompt reads: the state after the last action, through the cache's text and
    /// back, carried forward without the history, equals the full fold on every date after
    /// the last action, across week boundaries and the pauses and rule changes planned.
    @Test func theCarriedStateReadsLikeTheWholeHistory() throws {
        var random = SeededRandom(seed: 77)
        var planned = 0
        for iteration in 0..<300 {
            let generated = RandomHistory(&random, span: 150)
            let replay = generated.replay()
            if !replay.progress.ahead.isEmpty { planned += 1 }
            let entry = PromptCache.Entry(name: "s", icon: "🔥", progress: replay.progress, stamp: "1.2")
            let decoded = try #require(PromptCache.decode(Array(PromptCache.encode([entry]).utf8))?.first,
                                       "case \(iteration): \(entry.line)")
            #expect(decoded == entry, "case \(iteration)")
            let last = replay.progress.through ?? generated.base
            for offset in -5...130 {
                let today = last + offset
                let carried = decoded.progress.reading(on: today, zone: generated.zone)
                let whole = replay.fold(at: today, zone: generated.zone).reading
                if carried != whole {
                    Issue.record("case \(iteration) on \(today): carried \(carried) whole \(whole)\n\(entry.line)\(generated.history)")
                    return
                }
            }
        }
        #expect(planned > 50, "histories with changes or pauses after the last action")
    }

    /// A state carried from date to date (as the pre-rendered views read the days ahead)
    /// reads each date as carrying the cached state there at once does.
    @Test func advancingDateByDateReadsLikeCarryingAtOnce() throws {
        var random = SeededRandom(seed: 2_611)
        for iteration in 0..<300 {
            let generated = RandomHistory(&random, span: 150)
            let progress = generated.replay().progress
            var advanced = progress
            let first = (progress.through ?? generated.base) - 3
            for offset in 0..<60 {
                let today = first + offset
                let stepwise = advanced.advance(to: today, zone: generated.zone)
                let atOnce = progress.reading(on: today, zone: generated.zone)
                if stepwise != atOnce {
                    Issue.record("case \(iteration) on \(today): stepwise \(stepwise) at once \(atOnce)\n\(generated.history)")
                    return
                }
            }
        }
    }

    /// Views sharing one memo of readings (as one change rewrites them all) plan exactly
    /// what each plans alone.
    @Test func viewsSharingReadingsPlanAsAlone() throws {
        var random = SeededRandom(seed: 1_126)
        for iteration in 0..<40 {
            let entries = (0..<6).map { index in
                PromptCache.Entry(name: "s\(index)", icon: "🔥", progress: RandomHistory(&random, span: 120).replay().progress)
            }
            let generated = RandomHistory(&random, span: 10)
            let now = LocalDateTime(day: (entries[0].progress.through ?? generated.base) + 1, secondOfDay: 3600).utcSeconds
            let memo = ReadingMemo(cache: [])
            for (subset, format) in [(entries, "a"), (Array(entries.dropFirst(2)), "b"), (entries.reversed(), "c")] {
                func plan(_ table: ReadingMemo.Table?) -> [SegmentPlan.Piece] {
                    SegmentPlan.pieces(subset, from: now, zone: generated.zone, dayStart: .midnight, weekStart: .monday,
                                       theme: .standard, memo: table) { entry, reading, warning in
                        "\(format)\(entry.name):\(reading.state)\(reading.current)/\(reading.progress.done)\(warning ? "!" : "")"
                    }
                }
                let shared = plan(memo.table("key"))
                let alone = plan(nil)
                #expect(shared == alone, "case \(iteration), view \(format)")
                if shared != alone { return }
            }
        }
    }

    /// The rules and pauses in force on each date, looked up, equal the plain model's.
    @Test func rulesAndPausesDateByDateAgreeWithThePlainModel() {
        var random = SeededRandom(seed: 5)
        for iteration in 0..<300 {
            let generated = RandomHistory(&random, span: 120)
            let end = generated.base + 200
            let plain = generated.plain(through: end)
            let timeline = RulesTimeline(initial: generated.history.rules, changes: generated.history.changes,
                                         weekStart: generated.weekStart)
            let pauses = PauseCalendar(generated.history.pauses)
            var day = plain.first
            while day <= end {
                #expect(timeline.rules(on: day) == plain.rules(day), "case \(iteration) on \(day)")
                #expect(pauses.contains(day) == plain.paused(day), "case \(iteration) on \(day)")
                day = day + 1
            }
        }
    }

    /// Long plans are cut at `Ahead.limit` items of each kind; the state says where.
    @Test func plansAheadAreBounded() throws {
        let zone = TableZone.berlin
        let day = StreakDay.d("2026-11-02")
        var history = StreakHistory(actions: [Action(day: day, at: RandomHistory.instant(day, 3600))])
        for k in 1...20 {
            history.pauses.append(PauseRecord(.pause, from: day + 3 * k, to: day + 3 * k, at: RandomHistory.instant(day, k)))
            history.changes.append(RuleChange(from: day + 2 * k, at: RandomHistory.instant(day, k),
                                              fields: RuleFields(goal: k % 2 + 1)))
        }
        let replay = Replay(history: history, zone: zone)
        let ahead = replay.progress.ahead
        #expect(ahead.text.split(separator: ";").filter { $0.hasPrefix("R") }.count == Ahead.limit)
        #expect(ahead.text.split(separator: ";").filter { $0.hasPrefix("P") }.count == Ahead.limit)
        #expect(ahead.horizon == day + 2 * (Ahead.limit + 1))
        let line = PromptCache.Entry(name: "s", icon: "", progress: replay.progress).line
        #expect(line.utf8.count < 600)
        // Up to the horizon the carried state is exact.
        for offset in 0..<(2 * (Ahead.limit + 1)) {
            #expect(replay.progress.reading(on: day + offset, zone: zone)
                == replay.fold(at: day + offset, zone: zone).reading)
        }
    }
}

@Suite("actions ahead of the read date")
struct ActionsAheadTests {
    /// Random histories with one or two more dates of actions at their end (one action each:
    /// short of a goal above 1), read on each of the dates around them: the fold, the state a
    /// cache line keeps (written and read back) and the plain model agree, and a read that
    /// one of those dates would show broken shows the streak as it stands on the read date.
    @Test func readsBeforeOneOrTwoDatesAheadAgreeWithThePlainModel() throws {
        var random = SeededRandom(seed: 27_112_026)
        var stoodIn = 0
        var twoAhead = 0
        for iteration in 0..<400 {
            var generated = RandomHistory(&random, span: 60)
            let last = generated.history.actions.map(\.day).max() ?? generated.base
            for step in 1...Int.random(in: 1...2, using: &random) {
                let day = last + [1, 1, 2, 3][Int.random(in: 0..<4, using: &random)] * step
                generated.history.actions.append(Action(day: day, at: RandomHistory.instant(day, 40_000 + step)))
            }
            let replay = generated.replay()
            let latest = try #require(replay.progress.through)
            let plain = generated.plain(through: latest + 3)
            let expected = plain.answers(from: latest - 6, through: latest + 3)
            let line = PromptCache.Entry(name: "s", icon: "🔥", progress: replay.progress).line
            let cached = try #require(PromptCache.decode(Array((PromptCache.magic + "\n" + line).utf8))?.first).progress
            #expect(cached == replay.progress, "case \(iteration): the cache line reads back")
            for offset in 0..<10 {
                let today = latest - 6 + offset
                let fold = replay.fold(at: today, zone: generated.zone)
                #expect(PlainRules.Answer(fold) == expected[offset], "case \(iteration) on \(today): \(generated.history)")
                #expect(cached.reading(on: today, zone: generated.zone) == fold.reading, "case \(iteration) on \(today)")
                if today < latest, fold.reading.state != .broken,
                   replay.progress.reading(on: latest, zone: generated.zone).state == .broken {
                    stoodIn += 1
                    if today < latest - 1, replay.progress.earlier?.states.count == 2 { twoAhead += 1 }
                }
            }
        }
        #expect(stoodIn > 40, "\(stoodIn)")
        #expect(twoAhead > 10, "\(twoAhead)")
    }
}

@Suite("a tick from the carried state")
struct AddingPropertyTests {
    /// One more action after the last one (on its date, or any date after it), added to the
    /// state the cache keeps, gives exactly the state a replay of the whole history with it
    /// gives: every field, the plans ahead included.
    @Test func addingAnActionEqualsReplayingWithIt() {
        var sameDate = 0
        var reachedSome = 0
        var unknown = 0
        var kept = 0
        RandomHistory.replayed(seed: 4_096, count: 1_500, span: 120) { iteration, generated, replay, walked, random in
            var through = walked
            // A third of the time from a state anchored on a later date, as a cache line is
            // once its plans ahead run out (`Replay.cachedState`).
            var state = replay.progress
            if iteration % 3 == 0 {
                state = replay.fold(at: through + Int.random(in: 0...10, using: &random), zone: generated.zone).state
                through = state.through!
            }
            let day = through + [0, 0, 1, 1, 2, 3, 6, 7, 8, 15, 40].randomElement(using: &random)!
            if day == through { sameDate += 1 }
            let count = Int.random(in: 1...3, using: &random)
            let action = Action(day: day, at: RandomHistory.instant(day, 86_350), count: count)
            var history = generated.history
            history.actions.append(action)
            let whole = Replay(history: history, zone: generated.zone, weekStart: generated.weekStart).progress
            let added = state.adding(count, on: day, zone: generated.zone, timeline: replay.timeline,
                                               pauses: replay.pauses)
            if state.earlierUnknown(in: added, day: day) {
                // The state cannot tell the earlier states a replay keeps (walked past its
                // latest action, or keeping none of the date before it): the tick replays
                // instead. All else agrees.
                unknown += 1
                var replayed = whole
                replayed.earlier = nil
                var partial = added
                partial.earlier = nil
                #expect(partial == replayed, "case \(iteration): +\(count) on \(day) after \(through)")
            } else {
                #expect(added == whole, "case \(iteration): +\(count) on \(day) after \(through)")
            }
            if whole.earlier != nil { kept += 1 }
            // And the milestones the tick reached, from the two states, are the runs' own.
            let runs = Milestones.reached(before: replay.runs, after: Replay(history: history, zone: generated.zone,
                                                                              weekStart: generated.weekStart).runs, day: day)
            #expect(Milestones.reached(from: state, to: added) == runs, "case \(iteration)")
            if runs != Milestones() { reachedSome += 1 }
        }
        #expect(sameDate > 200)
        #expect(reachedSome > 10)
        // Both kinds are tried: states that keep an earlier one, and ticks that must replay.
        #expect(kept > 20, "\(kept)")
        #expect(unknown > 5, "\(unknown)")
    }
}

@Suite("the fold over long broken gaps")
struct BrokenGapTests {
    /// The walk jumps over dates while the run is broken; walking every date (as the calendar
    /// does, with marks) must give the same reading, runs and frozen units.
    @Test func jumpingOverABrokenGapReadsLikeWalkingIt() {
        var random = SeededRandom(seed: 31_337)
        for iteration in 0..<150 {
            var generated = RandomHistory(&random, span: 90)
            // A second burst of actions years later, and a rule change in the gap.
            let later = generated.base + Int.random(in: 400...3000, using: &random)
            for offset in 0..<Int.random(in: 1...20, using: &random) {
                let day = later + offset
                generated.history.actions.append(Action(day: day, at: RandomHistory.instant(day, 60)))
            }
            if Bool.random(using: &random) {
                generated.history.changes.append(RuleChange(from: later - Int.random(in: 1...200, using: &random),
                                                            at: RandomHistory.instant(later, 0),
                                                            fields: RandomHistory.rules(&random)))
            }
            let replay = generated.replay()
            for today in [later - 1, later + 3, later + 40] {
                let jumped = replay.fold(at: today, zone: generated.zone)
                let walked = replay.fold(at: today, zone: generated.zone, marks: true)
                #expect(PlainRules.Answer(jumped) == PlainRules.Answer(walked), "case \(iteration) on \(today)")
            }
        }
    }

    /// A log holding a date from year 1 and one from year 9999 (each readable) folds in a
    /// moment: found by the fuzzer, where walking every date took seconds.
    @Test func datesTenThousandYearsApartFoldAtOnce() {
        let first = StreakDay.d("0001-01-01"), last = StreakDay.d("9999-12-31")
        let history = StreakHistory(actions: [Action(day: first, at: RandomHistory.instant(first, 60)),
                                              Action(day: last, at: RandomHistory.instant(last, 60))])
        let fold = Replay(history: history, zone: TableZone.utc).fold(at: last, zone: TableZone.utc)
        #expect(fold.reading.total == 2)
        #expect(fold.runs.count == 2)
    }
}

@Suite("a tick that changes nothing shown")
struct ReadsTheSamePropertyTests {
    /// The formats a view can have, between them every placeholder a reading reaches.
    static let formats = ["{icon}{count}{unit} {progress}{left}", "{bar}{total}/{best} {state}{freezes}", "{name}{progress}{bar}"]

    static func pieces(_ progress: Progress, from now: Int64, zone: TableZone, weekStart: WeekStart) -> [[SegmentPlan.Piece]] {
        let entry = PromptCache.Entry(name: "s", icon: "🔥", progress: progress)
        var all = formats.map { text in
            let format = SegmentFormat(text)
            return SegmentPlan.pieces([entry], from: now, zone: zone, dayStart: .midnight, weekStart: weekStart,
                                      theme: .standard) { entry, reading, warning in
                Segment(name: entry.name, icon: entry.icon, reading: reading, warning: warning, secondsLeft: Segment.leftMarker)
                    .rendered(format, host: .zsh, color: true)
            }
        }
        all.append(SegmentPlan.pieces([entry], from: now, zone: zone, dayStart: .midnight, weekStart: weekStart, theme: .standard,
                                      summary: { counts in counts.segment()?.rendered(SegmentFormat("{done}/{due}"), host: .bash,
                                                                                      color: false) ?? "" },
                                      render: { _, _, _ in "" }))
        return all
    }

    /// An action added to the state a cache line keeps, on its date or later: when
    /// `readsTheSame` says the views need not change, every format's pieces for 40 days from
    /// that date are the same with it and without it; it says so for extra actions on a met
    /// date and never for an action on a later date.
    @Test func whatReadsTheSameRendersTheSame() {
        var same = 0
        var changed = 0
        RandomHistory.replayed(seed: 9_001, count: 600, span: 90) { iteration, generated, replay, through, random in
            let state = replay.progress
            let day = through + [0, 0, 0, 1, 2].randomElement(using: &random)!
            let added = state.adding(Int.random(in: 1...3, using: &random), on: day, zone: generated.zone,
                                     timeline: replay.timeline, pauses: replay.pauses)
            let reads = added.readsTheSame(as: state)
            #expect(reads == state.readsTheSame(as: added), "case \(iteration): not symmetric")
            #expect(state.readsTheSame(as: state))
            if day > through { #expect(!reads, "case \(iteration): a later date") }
            let metBefore = state.dayCount >= state.rules.goal && !state.rules.quits
            if day == through, metBefore { #expect(reads, "case \(iteration): an extra action on a met date") }
            guard reads else {
                changed += 1
                return
            }
            same += 1
            let now = LocalDateTime(day: through, secondOfDay: 36_000 + Int(random.next() % 40_000)).utcSeconds - 3600
            let before = ReadsTheSamePropertyTests.pieces(state, from: now, zone: generated.zone, weekStart: generated.weekStart)
            let after = ReadsTheSamePropertyTests.pieces(added, from: now, zone: generated.zone, weekStart: generated.weekStart)
            for (format, (one, other)) in zip(ReadsTheSamePropertyTests.formats + ["{done}/{due}"], zip(before, after)) {
                #expect(one.map(\.text) == other.map(\.text) && one.map(\.until) == other.map(\.until)
                        && one.map(\.deadline) == other.map(\.deadline), "case \(iteration), \(format)")
            }
        }
        #expect(same > 100)
        #expect(changed > 100)
    }

    /// The cache a change writes shows the same as the one it replaces only when every line
    /// is the same but for its stamp and size, or reads the same: in the same order, each
    /// reading, nothing torn. Random states, each changed one way or another.
    @Test func aCacheShowsTheSameOnlyWhenEveryLineReadsTheSame() {
        var random = SeededRandom(seed: 77)
        var kinds: [String: Int] = [:]
        for iteration in 0..<600 {
            var entries: [PromptCache.Entry] = []
            var replays: [Replay] = []
            var zones: [TableZone] = []
            for index in 0..<3 {
                let generated = RandomHistory(&random, span: 60)
                let replay = generated.replay()
                replays.append(replay)
                zones.append(generated.zone)
                entries.append(PromptCache.Entry(name: "s\(index)", icon: "🔥", progress: replay.progress,
                                                 stamp: "1795000000.\(index)", files: 100 + index))
            }
            let old = Array(PromptCache.encode(entries, stamp: "1795000000.5", order: entries.map(\.name)).utf8)
            var changed = entries
            let index = Int.random(in: 0..<3, using: &random)
            let kind = ["stamps", "extra", "later", "icon", "order", "gone", "archived", "torn", "tags", "same"]
                .randomElement(using: &random)!
            var expected: Bool
            switch kind {
            case "stamps", "same":
                if kind == "stamps" {
                    changed[index].stamp = "1795999999.123456789"
                    changed[index].files += 57
                }
                expected = true
            case "extra", "later":
                let progress = entries[index].progress
                guard let through = progress.through else { continue }
                changed[index].progress = progress.adding(1, on: through + (kind == "later" ? 1 : 0), zone: zones[index],
                                                          timeline: replays[index].timeline, pauses: replays[index].pauses)
                changed[index].files += 40
                expected = changed[index].progress.readsTheSame(as: progress)
                if kind == "later" { #expect(!expected) }
            case "icon":
                changed[index].icon = "📚"
                expected = false
            case "order":
                changed.swapAt(0, 2)
                expected = false
            case "gone":
                changed.remove(at: index)
                expected = false
            case "archived":
                changed[index].archived.toggle()
                expected = false
            case "tags":
                changed[index].tags = "work"
                expected = false
            default:
                expected = false
            }
            var new = Array(PromptCache.encode(changed, stamp: "1795000999.1", order: changed.map(\.name)).utf8)
            if kind == "torn" { new.removeLast(3) }
            let answer = PromptCache.showsTheSame(old, as: new)
            #expect(answer == expected, "case \(iteration): \(kind) of s\(index)")
            #expect(PromptCache.showsTheSame(new, as: old) == answer, "case \(iteration): \(kind), the other way")
            kinds[kind + (answer ? "+" : "-"), default: 0] += 1
        }
        // Extra actions on met dates, and on unmet ones, both came up.
        #expect(kinds["extra+", default: 0] > 20 && kinds["extra-", default: 0] > 2, "\(kinds)")
        #expect(!PromptCache.showsTheSame(Array("not a cache\n".utf8), as: Array("not a cache\n".utf8)))
    }
}
