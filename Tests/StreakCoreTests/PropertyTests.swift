import StreakTestSupport
import Testing
@testable import StreakCore

/// The rules as the SPEC words them, written as plainly as possible and independently of
/// `Progress`: walk every date from the first action to today, one at a time.
struct ReferenceModel {
    var dates: Set<Int>
    var scheduled: (Int) -> Bool
    var exists: (Int) -> Bool
    var freezes: Int

    struct Answer: Equatable {
        var state: String
        var current: Int
        var best: Int
        var total: Int
        var freezesLeft: Int
        var runs: [[Int]]  // [start, end, length]
    }

    /// A read before the latest action's date that is broken there is the
    /// read on today without the dates after it when that one is not broken: an action ahead of today never shows a live run broken. Runs stay the
    /// whole history's.
    func answer(today: Int) -> Answer {
        let answer = plainAnswer(today: today)
        guard answer.state == "broken", let last = dates.max(), today < last else { return answer }
        // Up to two dates before the latest action, or back to the first date with an action
        // before those.
        let before = dates.filter { $0 < last }.sorted(by: >)
        guard let reach = before.count > 1 && before[0] > last - 2 ? before[1] : before.first, today >= reach
        else { return answer }
        let without = ReferenceModel(dates: dates.filter { $0 <= today }, scheduled: scheduled, exists: exists,
                                     freezes: freezes)
        var instead = without.plainAnswer(today: today)
        guard instead.state != "broken" else { return answer }
        // The history's own facts stay the whole history's.
        instead.total = answer.total
        instead.best = max(instead.best, answer.best)
        instead.runs = answer.runs
        return instead
    }

    private func plainAnswer(today: Int) -> Answer {
        let total = dates.count
        guard let first = dates.min(), let last = dates.max() else {
            return Answer(state: "broken", current: 0, best: 0, total: 0, freezesLeft: freezes, runs: [])
        }
        var alive = false
        var length = 0
        var start = 0
        var end = 0
        var left = freezes
        var runs: [[Int]] = []
        var best = 0
        // Dates strictly before "today as read": today, or the latest action if that is later.
        let readDay = max(today, last)
        for day in first...readDay {
            if dates.contains(day) {
                if scheduled(day) {
                    if alive { length += 1 } else { alive = true; length = 1; start = day }
                    end = day
                    best = max(best, length)
                }
            } else if day < readDay && scheduled(day) && exists(day) && alive {
                if left > 0 {
                    left -= 1
                } else {
                    runs.append([start, end, length])
                    alive = false
                    length = 0
                }
            }
        }
        if alive { runs.append([start, end, length]) }
        let state: String
        if !alive {
            state = "broken"
        } else if today <= last {
            state = "done"
        } else if scheduled(today) {
            state = "pending"
        } else {
            state = "done"
        }
        return Answer(state: state, current: alive ? length : 0, best: best, total: total, freezesLeft: left,
                      runs: runs)
    }
}

@Suite("properties")
struct PropertyTests {
    static func randomCase(_ random: inout SeededRandom) -> (days: [StreakDay], rules: Rules, today: StreakDay) {
        let base = StreakDay.d("2026-01-01").ordinal + Int.random(in: -400...400, using: &random)
        let span = Int.random(in: 1...90, using: &random)
        let density = Double.random(in: 0.2...1.0, using: &random)
        var days: [StreakDay] = []
        for offset in 0..<span where Double.random(in: 0...1, using: &random) < density {
            days.append(StreakDay(ordinal: base + offset))
            // Some dates get several actions.
            if Int.random(in: 0..<5, using: &random) == 0 { days.append(StreakDay(ordinal: base + offset)) }
        }
        let schedule: Schedule
        switch Int.random(in: 0..<4, using: &random) {
        case 0: schedule = .daily
        case 1: schedule = .weekdays
        default: schedule = Schedule(mask: UInt8.random(in: 1...0x7F, using: &random))!
        }
        let freezes = [0, 0, 1, 2, 5][Int.random(in: 0..<5, using: &random)]
        let today = StreakDay(ordinal: base + Int.random(in: -5...(span + 10), using: &random))
        return (days, Rules(schedule: schedule, freezes: freezes), today)
    }

    @Test func agreesWithTheReferenceModel() {
        var random = SeededRandom(seed: 20_261_122)
        for iteration in 0..<3000 {
            let (days, rules, today) = Self.randomCase(&random)
            let model = ReferenceModel(dates: Set(days.map(\.ordinal)),
                                       scheduled: { rules.schedule.contains(StreakDay(ordinal: $0)) },
                                       exists: { _ in true }, freezes: rules.freezes)
            let expected = model.answer(today: today.ordinal)
            let replay = Replay(days: days, rules: rules, zone: TableZone.utc)
            let reading = replay.progress.reading(today: today, rules: rules, zone: TableZone.utc)
            let actual = ReferenceModel.Answer(
                state: reading.state.rawValue, current: reading.current, best: reading.best, total: reading.total,
                freezesLeft: reading.freezesLeft,
                runs: replay.runs.map { [$0.start.ordinal, $0.end.ordinal, $0.length] })
            #expect(actual.state == expected.state, "case \(iteration): \(days) \(rules) today \(today)")
            #expect(actual.current == expected.current, "case \(iteration): \(days) \(rules) today \(today)")
            #expect(actual.best == expected.best, "case \(iteration)")
            #expect(actual.total == expected.total, "case \(iteration)")
            #expect(actual.freezesLeft == expected.freezesLeft, "case \(iteration): \(days) \(rules) today \(today)")
            #expect(actual.runs == expected.runs, "case \(iteration): \(days) \(rules)")
            if actual != expected { return }
        }
    }

    @Test func arrivalOrderNeverMatters() {
        var random = SeededRandom(seed: 7)
        for _ in 0..<1000 {
            let (days, rules, today) = Self.randomCase(&random)
            let sorted = Replay(days: days.sorted(), rules: rules, zone: TableZone.berlin)
            let shuffled = Replay(days: days.shuffled(using: &random), rules: rules, zone: TableZone.berlin)
            #expect(sorted.runs == shuffled.runs)
            #expect(sorted.frozen == shuffled.frozen)
            #expect(sorted.progress == shuffled.progress)
            #expect(sorted.progress.reading(today: today, rules: rules, zone: TableZone.berlin)
                == shuffled.progress.reading(today: today, rules: rules, zone: TableZone.berlin))
        }
    }

    @Test func readingFromTheCacheEqualsReadingFromHistory() {
        // The prompt reads a cache entry (a few numbers); status replays the history. They must
        // agree on every date.
        var random = SeededRandom(seed: 99)
        for _ in 0..<1000 {
            let (days, rules, today) = Self.randomCase(&random)
            let replay = Replay(days: days, rules: rules, zone: TableZone.utc)
            let entry = PromptCache.Entry(name: "x", icon: "🔥", schedule: rules.schedule, progress: replay.progress)
            let decoded = PromptCache.decode(Array(PromptCache.encode([entry]).utf8))
            guard let cached = decoded?.first else {
                Issue.record("cache did not decode")
                return
            }
            let fromCache = cached.progress.reading(today: today, rules: Rules(schedule: cached.schedule, freezes: 0),
                                                    zone: TableZone.utc)
            let fromHistory = replay.progress.reading(today: today, rules: rules, zone: TableZone.utc)
            #expect(fromCache == fromHistory)
        }
    }

    @Test func runInvariants() {
        var random = SeededRandom(seed: 3)
        for _ in 0..<1000 {
            let (days, rules, _) = Self.randomCase(&random)
            let replay = Replay(days: days, rules: rules, zone: TableZone.utc)
            let scheduledDates = Set(days).filter(rules.schedule.contains).count
            #expect(replay.runs.map(\.length).reduce(0, +) == scheduledDates)
            #expect(replay.progress.best == (replay.runs.map(\.length).max() ?? 0))
            #expect(replay.progress.total == Set(days).count)
            for (a, b) in zip(replay.runs, replay.runs.dropFirst()) { #expect(a.end < b.start) }
            #expect(replay.frozen.count + replay.progress.freezesLeft == rules.freezes)
        }
    }
}
