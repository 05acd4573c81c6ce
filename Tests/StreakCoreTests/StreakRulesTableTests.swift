import Testing
@testable import StreakCore
import StreakTestSupport

/// One rule told as a short story, in dates counted from the first day of a week (D0 is a
/// week start, so D0–D6 is a week whichever day weeks start on), and what it must read.
struct Story: CustomStringConvertible {
    var name: String
    var rules = Rules()
    /// (from, made: minutes after noon of D0, fields)
    var changes: [(Int, Int, RuleFields)] = []
    /// (kind, from, to, made: minutes after noon of D0)
    var pauses: [(PauseRecord.Kind, Int, Int, Int)] = []
    /// Actions, each separate, at a local time that changes from one to the next: `3` is one
    /// on D3, `3x2` one counting 2, `0-9` one on each of D0 to D9.
    var acts = ""
    /// Indices in `acts` recorded twice (the same action in two logs).
    var twice: [Int] = []
    /// Indices in `acts` taken back.
    var untick: [Int] = []
    var read: Int
    var expect: Expected

    var description: String { name }

    struct Expected {
        var state: Reading.State
        var current: Int
        var best: Int
        var total: Int
        var freezes = 0
        var progress: [Int]
        var unit = StreakUnit.day
        var paused = false
        /// `START-END:LENGTHd` (or `w`), offsets.
        var runs: [String]? = nil
        /// First offsets of frozen units.
        var frozen: [Int]? = nil
    }

    /// `acts` as (date, count) pairs.
    var actions: [(day: Int, count: Int)] {
        var result: [(day: Int, count: Int)] = []
        for token in acts.split(separator: " ") {
            if let dash = token.firstIndex(of: "-") {
                for day in Int(token[..<dash])!...Int(token[token.index(after: dash)...])! { result.append((day, 1)) }
            } else if let times = token.firstIndex(of: "x") {
                result.append((Int(token[..<times])!, Int(token[token.index(after: times)...])!))
            } else {
                result.append((Int(token)!, 1))
            }
        }
        return result
    }
}

/// Where and when a story is told: a zone, and the Monday of a week with something odd in it
/// (a DST change, a year end).
struct Setting: CustomStringConvertible {
    var name: String
    var zone: TableZone
    var monday: StreakDay
    var description: String { name }

    static let all = [
        Setting(name: "Berlin, spring DST", zone: .berlin, monday: .d("2026-03-23")),
        Setting(name: "Berlin, autumn DST", zone: .berlin, monday: .d("2026-10-19")),
        Setting(name: "Berlin, year end", zone: .berlin, monday: .d("2026-12-21")),
        Setting(name: "São Paulo, midnight DST", zone: .saoPaulo, monday: .d("2018-10-29")),
        Setting(name: "São Paulo, year end", zone: .saoPaulo, monday: .d("2018-12-24")),
    ]
}

/// Local times actions happen at, in turn: around midnight, and in a DST gap or overlap.
private let times = [(0, 30), (23, 30), (12, 0), (2, 30), (23, 59), (0, 1)]

/// Tells the story in a setting: the full fold on the read date, and the prompt's reading
/// from the cache, must both say what the story expects.
func tell(_ story: Story, in setting: Setting, weekStart: WeekStart) {
    let zone = setting.zone
    let base = weekStart == .monday ? setting.monday : setting.monday - 1
    let clock = DayClock(zone: zone)
    let noon = LocalDateTime(day: base, secondOfDay: 12 * 3600).utcSeconds
    func made(_ minutes: Int) -> Instant { Instant(seconds: noon + Int64(minutes * 60), offset: 0) }
    var history = StreakHistory(rules: story.rules)
    for (index, act) in story.actions.enumerated() {
        let (hour, minute) = times[index % times.count]
        let moment = zone.moment(of: LocalDateTime(day: base + act.day, secondOfDay: hour * 3600 + minute * 60))
        // The date is decided where and when the action happens.
        #expect(clock.day(at: moment) == base + act.day, "\(story) \(setting): action \(index) landed on another date")
        let action = Action(day: clock.day(at: moment), at: zone.local(at: moment), count: act.count)
        history.actions.append(action)
        if story.twice.contains(index) { history.actions.append(action) }
        if story.untick.contains(index) {
            history.retractions.append(Retraction(day: action.day, at: action.at, made: made(9999)))
        }
    }
    for (from, minutes, fields) in story.changes {
        history.changes.append(RuleChange(from: base + from, at: made(minutes), fields: fields))
    }
    for (kind, from, to, minutes) in story.pauses {
        history.pauses.append(PauseRecord(kind, from: base + from, to: base + to, at: made(minutes)))
    }
    let replay = Replay(history: history, zone: zone, weekStart: weekStart)
    let today = base + story.read
    let fold = replay.fold(at: today, zone: zone)
    let reading = fold.reading
    let expect = story.expect
    let context = "\(story) — \(setting), weeks from \(weekStart)"
    #expect(reading.state == expect.state, "\(context)")
    #expect(reading.current == expect.current, "\(context)")
    #expect(reading.best == expect.best, "\(context): best")
    #expect(reading.total == expect.total, "\(context): total")
    #expect(reading.freezesLeft == expect.freezes, "\(context): freezes")
    #expect([reading.progress.done, reading.progress.needed] == expect.progress, "\(context): progress")
    #expect(reading.unit == expect.unit, "\(context): unit")
    #expect(reading.paused == expect.paused, "\(context): paused")
    if let runs = expect.runs {
        let actual = fold.runs.map { "\($0.start - base)-\($0.end - base):\($0.length)\($0.unit == .week ? "w" : "d")" }
        #expect(actual == runs, "\(context): runs")
    }
    if let frozen = expect.frozen {
        #expect(fold.frozenUnits.map { $0.start - base } == frozen, "\(context): frozen")
    }
    // The prompt reads the same from the cache, without the history.
    let entry = PromptCache.Entry(name: "s", icon: "", progress: replay.progress)
    let cached = PromptCache.decode(Array(PromptCache.encode([entry]).utf8))?.first
    #expect(cached?.progress.reading(on: today, zone: zone) == reading, "\(context): from the cache")
}

@Suite("streak rules: goals, weeks, pauses, earned freezes, rule changes")
struct StreakRulesTableTests {
    static let stories: [Story] = {
        var all: [Story] = []
        let goal3 = Rules(goal: 3)
        let weeks2 = Rules(mode: .weeks(target: 2))
        let weeks3 = Rules(mode: .weeks(target: 3))

        // Goals
        all.append(Story(name: "a date is met when its counts reach the goal", rules: goal3, acts: "0x2 0 1x2", read: 1,
                         expect: Story.Expected(state: .pending, current: 1, best: 1, total: 1, progress: [2, 3],
                                                runs: ["0-0:1d"])))
        all.append(Story(name: "an unmet date with actions is a miss when it ends", rules: goal3, acts: "0x3 1x2", read: 2,
                         expect: Story.Expected(state: .broken, current: 0, best: 1, total: 1, progress: [0, 3],
                                                runs: ["0-0:1d"])))
        all.append(Story(name: "an unmet date spends a freeze", rules: Rules(goal: 3, freezes: 1), acts: "0x3 1x2", read: 2,
                         expect: Story.Expected(state: .pending, current: 1, best: 1, total: 1, progress: [0, 3],
                                                frozen: [1])))
        all.append(Story(name: "a count of K counts K", rules: goal3, acts: "0x3 1x5", read: 1,
                         expect: Story.Expected(state: .done, current: 2, best: 2, total: 2, progress: [5, 3])))
        all.append(Story(name: "the same action in two logs counts once", rules: Rules(goal: 2), acts: "0 0 1", twice: [2],
                         read: 1, expect: Story.Expected(state: .pending, current: 1, best: 1, total: 1, progress: [1, 2])))
        all.append(Story(name: "an action taken back does not count", acts: "0 1 2", untick: [1], read: 2,
                         expect: Story.Expected(state: .done, current: 1, best: 1, total: 2, progress: [1, 1],
                                                runs: ["0-0:1d", "2-2:1d"])))

        // Rule changes
        all.append(Story(name: "a change applies from its date on; earlier dates keep their rules",
                         changes: [(3, 4000, RuleFields(goal: 2))], acts: "0-4", read: 4,
                         expect: Story.Expected(state: .broken, current: 0, best: 3, total: 3, progress: [1, 2],
                                                runs: ["0-2:3d"])))
        all.append(Story(name: "the creation rules cover every date before the first change", rules: Rules(goal: 2),
                         changes: [(5, 0, RuleFields(goal: 1))], acts: "0 5", read: 5,
                         expect: Story.Expected(state: .done, current: 1, best: 1, total: 1, progress: [1, 1],
                                                runs: ["5-5:1d"])))
        all.append(Story(name: "a weekly target set mid-week starts with the next week; the day run stays in history",
                         changes: [(2, 0, RuleFields(target: 2))], acts: "0-9", read: 9,
                         expect: Story.Expected(state: .done, current: 1, best: 1, total: 10, progress: [3, 2],
                                                unit: .week, runs: ["0-6:7d", "7-13:1w"])))
        all.append(Story(name: "in week mode a goal change waits for the next week", rules: weeks2,
                         changes: [(3, 0, RuleFields(goal: 2))], acts: "0 1 7 8x2", read: 8,
                         expect: Story.Expected(state: .pending, current: 1, best: 1, total: 3, progress: [1, 2],
                                                unit: .week)))
        all.append(Story(name: "in week mode a goal change applies from the next week", rules: weeks2,
                         changes: [(3, 0, RuleFields(goal: 2))], acts: "0 1 7 8x2 9x2", read: 9,
                         expect: Story.Expected(state: .done, current: 2, best: 2, total: 4, progress: [2, 2],
                                                unit: .week, runs: ["0-13:2w"])))
        all.append(Story(name: "changes from the same date apply in the order they were made",
                         changes: [(1, 1, RuleFields(goal: 3)), (1, 2, RuleFields(goal: 2))], acts: "0 1x2", read: 1,
                         expect: Story.Expected(state: .done, current: 2, best: 2, total: 2, progress: [2, 2])))
        all.append(Story(name: "changes from the same date apply in the order they were made (the other order)",
                         changes: [(1, 2, RuleFields(goal: 3)), (1, 1, RuleFields(goal: 2))], acts: "0 1x2", read: 1,
                         expect: Story.Expected(state: .pending, current: 1, best: 1, total: 1, progress: [2, 3])))
        all.append(Story(name: "a schedule set in week mode starts with the next week", rules: Rules(mode: .weeks(target: 1)),
                         changes: [(3, 0, RuleFields(schedule: .daily))], acts: "1 7 8", read: 8,
                         expect: Story.Expected(state: .done, current: 2, best: 2, total: 3, progress: [1, 1],
                                                runs: ["0-6:1w", "7-8:2d"])))
        all.append(Story(name: "after a change of unit, a freeze covers a first new unit missed", rules: Rules(freezes: 1),
                         changes: [(5, 0, RuleFields(target: 3))], acts: "0-7 14 15 16", read: 16,
                         expect: Story.Expected(state: .done, current: 1, best: 1, total: 11, progress: [3, 3],
                                                unit: .week, runs: ["0-6:7d", "14-20:1w"], frozen: [7])))
        all.append(Story(name: "after a change of unit the run is alive with length 0", rules: Rules(freezes: 1),
                         changes: [(5, 0, RuleFields(target: 3))], acts: "0-7 14", read: 14,
                         expect: Story.Expected(state: .pending, current: 0, best: 0, total: 9, progress: [1, 3],
                                                unit: .week, runs: ["0-6:7d"], frozen: [7])))
        all.append(Story(name: "after a change of unit, a first new unit missed breaks the run without a freeze",
                         changes: [(5, 0, RuleFields(target: 3))], acts: "0-7 14", read: 14,
                         expect: Story.Expected(state: .broken, current: 0, best: 0, total: 9, progress: [1, 3],
                                                unit: .week, runs: ["0-6:7d"], frozen: [])))

        // Pauses
        all.append(Story(name: "a paused date neither breaks nor extends, and spends no freeze", rules: Rules(freezes: 1),
                         pauses: [(.pause, 2, 3, 0)], acts: "0 1 4", read: 4,
                         expect: Story.Expected(state: .done, current: 3, best: 3, total: 3, freezes: 1, progress: [1, 1],
                                                runs: ["0-4:3d"], frozen: [])))
        all.append(Story(name: "an action on a paused date counts in the total only", pauses: [(.pause, 1, 1, 0)],
                         acts: "0 1 2", read: 2,
                         expect: Story.Expected(state: .done, current: 2, best: 2, total: 3, progress: [1, 1])))
        all.append(Story(name: "the latest pause record wins", pauses: [(.pause, 1, 5, 1), (.unpause, 3, 3, 2)],
                         acts: "0", read: 4,
                         expect: Story.Expected(state: .broken, current: 0, best: 1, total: 1, progress: [0, 1],
                                                paused: true)))
        all.append(Story(name: "an unpause made at the same moment as a pause wins",
                         pauses: [(.pause, 1, 3, 1), (.unpause, 3, 3, 1)], acts: "0", read: 4,
                         expect: Story.Expected(state: .broken, current: 0, best: 1, total: 1, progress: [0, 1])))
        all.append(Story(name: "a later pause wins over an earlier unpause", pauses: [(.unpause, 1, 5, 1), (.pause, 2, 2, 2)],
                         acts: "0 1 3", read: 3,
                         expect: Story.Expected(state: .done, current: 3, best: 3, total: 3, progress: [1, 1])))
        all.append(Story(name: "on a paused date the streak reads done", pauses: [(.pause, 1, 1, 0)], acts: "0", read: 1,
                         expect: Story.Expected(state: .done, current: 1, best: 1, total: 1, progress: [0, 1],
                                                paused: true)))

        // Weekly targets
        all.append(Story(name: "a week is met with N met dates; the run counts weeks", rules: weeks3, acts: "0 2 4 7 8",
                         read: 8,
                         expect: Story.Expected(state: .pending, current: 1, best: 1, total: 5, progress: [2, 3],
                                                unit: .week, runs: ["0-6:1w"])))
        all.append(Story(name: "a week is done once it is met", rules: weeks3, acts: "0 2 4 7 8 9", read: 9,
                         expect: Story.Expected(state: .done, current: 2, best: 2, total: 6, progress: [3, 3],
                                                unit: .week, runs: ["0-13:2w"])))
        all.append(Story(name: "a week not met that holds a paused date is neutral", rules: weeks2,
                         pauses: [(.pause, 10, 10, 0)], acts: "0 1 8 14 15", read: 15,
                         expect: Story.Expected(state: .done, current: 2, best: 2, total: 5, progress: [2, 2],
                                                unit: .week, runs: ["0-20:2w"], frozen: [])))
        all.append(Story(name: "a paused date's actions count toward its week", rules: weeks2,
                         pauses: [(.pause, 8, 8, 0)], acts: "0 1 7 8", read: 8,
                         expect: Story.Expected(state: .done, current: 2, best: 2, total: 4, progress: [2, 2],
                                                unit: .week, paused: true)))
        all.append(Story(name: "a missed week spends a freeze; a broken streak spends none",
                         rules: Rules(mode: .weeks(target: 2), freezes: 1), changes: [(21, 0, RuleFields(freezes: 3))],
                         acts: "0 1 28 29", read: 29,
                         expect: Story.Expected(state: .done, current: 1, best: 1, total: 4, freezes: 2, progress: [2, 2],
                                                unit: .week, runs: ["0-6:1w", "28-34:1w"], frozen: [7])))
        all.append(Story(name: "a week not met is pending while the run is alive through last week", rules: weeks3,
                         acts: "0 1 2 7", read: 8,
                         expect: Story.Expected(state: .pending, current: 1, best: 1, total: 4, progress: [1, 3],
                                                unit: .week)))
        all.append(Story(name: "a week not met after a missed week is broken", rules: weeks3, acts: "0 1 2 14", read: 15,
                         expect: Story.Expected(state: .broken, current: 0, best: 1, total: 4, progress: [1, 3],
                                                unit: .week, runs: ["0-6:1w"])))

        // Earned freezes
        all.append(Story(name: "every N met dates earn a freeze while fewer than M are held",
                         rules: Rules(earnEvery: 3, maxHeld: 2), acts: "0-8", read: 11,
                         expect: Story.Expected(state: .pending, current: 9, best: 9, total: 9, freezes: 0,
                                                progress: [0, 1], frozen: [9, 10])))
        all.append(Story(name: "earned freezes run out like banked ones", rules: Rules(earnEvery: 3, maxHeld: 2),
                         acts: "0-8", read: 12,
                         expect: Story.Expected(state: .broken, current: 0, best: 9, total: 9, freezes: 0,
                                                progress: [0, 1], runs: ["0-8:9d"], frozen: [9, 10])))
        all.append(Story(name: "earned and banked freezes are spent alike, in date order",
                         rules: Rules(freezes: 1, earnEvery: 2, maxHeld: 2), acts: "0 1 4 5", read: 5,
                         expect: Story.Expected(state: .done, current: 4, best: 4, total: 4, freezes: 1, progress: [1, 1],
                                                frozen: [2, 3])))
        all.append(Story(name: "met weeks earn freezes", rules: Rules(mode: .weeks(target: 1), earnEvery: 2),
                         acts: "0 7 21", read: 21,
                         expect: Story.Expected(state: .done, current: 3, best: 3, total: 3, freezes: 0, progress: [1, 1],
                                                unit: .week, frozen: [14])))
        all.append(Story(name: "with at most 0 held nothing is earned", rules: Rules(earnEvery: 1, maxHeld: 0), acts: "0 1",
                         read: 3,
                         expect: Story.Expected(state: .broken, current: 0, best: 2, total: 2, freezes: 0, progress: [0, 1])))

        // Banked freezes changed
        all.append(Story(name: "a change of banked freezes adds the difference from its date",
                         changes: [(2, 0, RuleFields(freezes: 2))], acts: "0 1 4", read: 4,
                         expect: Story.Expected(state: .done, current: 3, best: 3, total: 3, freezes: 0, progress: [1, 1],
                                                frozen: [2, 3])))
        all.append(Story(name: "lowering banked freezes takes back unspent ones", rules: Rules(freezes: 3),
                         changes: [(2, 0, RuleFields(freezes: 1))], acts: "0 1", read: 3,
                         expect: Story.Expected(state: .pending, current: 2, best: 2, total: 2, freezes: 0,
                                                progress: [0, 1], frozen: [2])))
        all.append(Story(name: "taking freezes back never goes below 0", rules: Rules(freezes: 2),
                         changes: [(5, 0, RuleFields(freezes: 0)), (6, 0, RuleFields(freezes: 1))], acts: "0 1 4 5 7",
                         read: 7,
                         expect: Story.Expected(state: .done, current: 5, best: 5, total: 5, freezes: 0, progress: [1, 1],
                                                frozen: [2, 3, 6])))

        // The read date
        all.append(Story(name: "an action dated after today reads as of its own date", acts: "0 1 2", read: 1,
                         expect: Story.Expected(state: .done, current: 3, best: 3, total: 3, progress: [1, 1])))
        all.append(Story(name: "a new streak reads broken", read: 3,
                         expect: Story.Expected(state: .broken, current: 0, best: 0, total: 0, progress: [0, 1])))
        all.append(Story(name: "a new weekly streak reads broken", rules: Rules(mode: .weeks(target: 2), freezes: 1), read: 3,
                         expect: Story.Expected(state: .broken, current: 0, best: 0, total: 0, freezes: 1, progress: [0, 2],
                                                unit: .week)))
        return all
    }()

    @Test(arguments: stories)
    func story(_ story: Story) {
        for setting in Setting.all {
            for weekStart in [WeekStart.monday, .sunday] {
                tell(story, in: setting, weekStart: weekStart)
            }
        }
    }

    /// Samoa skipped 2011-12-30: it is not a missed date, and a week holding it is not a
    /// missed week when it is not met (it cannot hold 7 met dates).
    @Test(arguments: [WeekStart.monday, .sunday])
    func samoaSkippedDate(weekStart: WeekStart) {
        let zone = TableZone.samoa
        let skipped = StreakDay.d("2011-12-30")
        #expect(!zone.dayExists(skipped))
        func days(_ from: StreakDay, _ to: StreakDay) -> [Action] {
            var actions: [Action] = []
            var day = from
            while day <= to {
                if day != skipped { actions.append(Action(day: day, at: RandomHistory.instant(day, 43_200), count: 2)) }
                day = day + 1
            }
            return actions
        }
        // Day mode, goal 2: the 29th, then the 31st.
        let daily = Replay(actions: days(.d("2011-12-29"), .d("2011-12-31")), rules: Rules(goal: 2), zone: zone,
                           weekStart: weekStart)
        #expect(daily.fold(at: .d("2011-12-31"), zone: zone).reading.current == 2)
        #expect(daily.progress.reading(on: .d("2012-01-01"), zone: zone).state == .pending)
        // 7 dates a week: the week holding the 30th has six. Read on the last date of the
        // second week of 2012.
        let end = weekStart.first(ofWeekHolding: .d("2012-01-10")) + 6
        let weekly = Replay(actions: days(.d("2011-12-11"), end), rules: Rules(mode: .weeks(target: 7)), zone: zone,
                            weekStart: weekStart)
        let reading = weekly.fold(at: end, zone: zone).reading
        #expect(reading.state == .done)
        #expect(reading.current == 4, "two full weeks, the short week (neither breaks nor extends), two more")
        #expect(weekly.progress.reading(on: end, zone: zone) == reading)
        // Where every date exists, the same week is a miss.
        let utc = Replay(actions: days(.d("2011-12-11"), end), rules: Rules(mode: .weeks(target: 7)), zone: TableZone.utc,
                         weekStart: weekStart)
        #expect(utc.fold(at: end, zone: TableZone.utc).reading.current == 2)
    }
}
