import Foundation
import StreakCore
import StreakSystem
import Testing

/// Event logs (rule changes, pauses, …), v2 action lines and the v2 prompt cache, through the
/// store, on disk.
@Suite("store: events, counts, the cache v2")
struct StoreEventsTests {
    let quiz = try! StreakName("quiz")

    static func instant(_ text: String) -> Instant {
        let seconds = TimeInput(text)!.moment(in: utc, present: 0, dayStart: .midnight)
        return utc.local(at: seconds)
    }

    @Test func eventsAreAppendedToThisMachinesEventLogAndReadFromEveryMachine() throws {
        let scratch = try Scratch()
        let store = scratch.store()
        _ = try store.tick(quiz, action: .at("2026-03-02T09:00:00Z"), zone: utc)
        let goal = StreakEvent.rules(RuleChange(from: StreakDay("2026-03-03")!, at: Self.instant("2026-03-02T10:00:00Z"),
                                                fields: RuleFields(goal: 2)))
        let streak = try store.record([goal], to: quiz, zone: utc).streak
        #expect(try scratch.read("data/streaks/quiz/laptop.events") == EventLog.header
            + "2026-03-02T10:00:00+00:00 rules from=2026-03-03 goal=2\n")
        #expect(streak.replay.rules(on: StreakDay("2026-03-03")!).goal == 2)
        #expect(streak.replay.rules(on: StreakDay("2026-03-02")!).goal == 1, "a change never reaches backwards")
        // Another machine's pause arrives through a synced folder.
        try scratch.write("data/streaks/quiz/desk.events", EventLog.header
            + "2026-03-02T11:00:00+00:00 pause from=2026-03-03 to=2026-03-05\n")
        let loaded = try store.load(quiz, zone: utc)
        #expect(loaded.events.count == 2)
        #expect(loaded.replay.pauses.contains(StreakDay("2026-03-04")!))
        let reading = loaded.reading(today: StreakDay("2026-03-06")!, zone: utc)
        #expect(reading.state == .pending && reading.current == 1, "the paused dates neither break nor extend")
        // Recording needs the streak.
        #expect(throws: StoreError.self) { try store.record([goal], to: try StreakName("nope"), zone: utc) }
    }

    @Test func aTornEventLineIsNeverGluedOntoAndBadLinesAreReportedAndKept() throws {
        let scratch = try Scratch()
        let store = scratch.store()
        _ = try store.tick(quiz, action: .at("2026-03-02T09:00:00Z"), zone: utc)
        let torn = EventLog.header + "2026-03-01T10:00:00+00:00 rules from=2026-03-01 goal=zero\n"
            + "2026-03-01T10:00:01+00:00 remind at=20:00\n" + "2026-03-01T10:00:02+00:00 pause from=2026-03-0"
        try scratch.write("data/streaks/quiz/laptop.events", torn)
        let pause = StreakEvent.pause(PauseRecord(.pause, from: StreakDay("2026-03-10")!, to: StreakDay("2026-03-10")!,
                                                  at: Self.instant("2026-03-02T10:00:00Z")))
        let streak = try store.record([pause], to: quiz, zone: utc).streak
        // The torn line got its line break: a whole (bad) line now, kept for the report.
        let text = try scratch.read("data/streaks/quiz/laptop.events")
        #expect(text == torn + "\n2026-03-02T10:00:00+00:00 pause from=2026-03-10 to=2026-03-10\n")
        let path = scratch.data + "/streaks/quiz/laptop.events"
        #expect(streak.problems.map(\.message) == [
            path + ":2: goal 'zero' is not a whole number from 1 to 1000000",
            path + ":4: from= must be a date such as 2026-11-22",
        ])
        #expect(streak.newer.map(\.line) == [3])
        #expect(streak.events == [pause])
    }

    @Test func ticksCarryCountsAndNotesAndSayWhetherTheDateWasAlreadyMet() throws {
        let scratch = try Scratch()
        let store = scratch.store()
        // A first-release log keeps its header and gets v2 lines.
        try scratch.write("data/streaks/quiz/laptop.log", ActionLog.headerV1 + "2026-03-01 2026-03-01T09:00:00+00:00\n")
        try scratch.write("data/streaks/quiz/streak.conf", "icon=📚\nschedule=daily\nfreezes=0\ngoal=3\n")
        var action = Action.at("2026-03-02T09:00:00Z")
        action.count = 2
        action.note = "two sets, 5 km"
        let first = try store.tick(quiz, action: action, zone: utc)
        #expect(!first.alreadyCounted)
        #expect(first.day == GoalProgress(done: 2, needed: 3))
        let second = try store.tick(quiz, action: .at("2026-03-02T10:00:00Z"), zone: utc)
        #expect(!second.alreadyCounted, "this tick meets the goal")
        #expect(second.day == GoalProgress(done: 3, needed: 3))
        let third = try store.tick(quiz, action: .at("2026-03-02T11:00:00Z"), zone: utc)
        #expect(third.alreadyCounted)
        // Each new line ends with the action's id, 16 hex digits of its own.
        let written = try scratch.read("data/streaks/quiz/laptop.log")
        let ids = written.split(separator: "\n").dropFirst(2).map { $0.suffix(20) }
        #expect(ids.count == 3 && Set(ids).count == 3 && ids.allSatisfy { $0.hasPrefix(" id=") }, "\(written)")
        #expect(written.replacingOccurrences(of: #" id=[0-9a-f]{16}"#, with: "", options: .regularExpression) == ActionLog.headerV1
            + "2026-03-01 2026-03-01T09:00:00+00:00\n"
            + "2026-03-02 2026-03-02T09:00:00+00:00 count=2 note=two%20sets,%205%20km\n"
            + "2026-03-02 2026-03-02T10:00:00+00:00\n" + "2026-03-02 2026-03-02T11:00:00+00:00\n")
        let streak = try store.load(quiz, zone: utc)
        #expect(streak.actions.first { $0.count == 2 }?.note == "two sets, 5 km")
        #expect(streak.reading(today: StreakDay("2026-03-02")!, zone: utc).total == 1, "03-01 had 1 of 3: not met")
        #expect(Store.lastCachedMetDay(of: "quiz", home: store.home) == StreakDay("2026-03-02"))
    }

    @Test func mergingRecordsTwiceAddsNothing() throws {
        let scratch = try Scratch()
        let store = scratch.store()
        let events: [StreakEvent] = [
            .rules(RuleChange(from: StreakDay("2026-03-09")!, at: Self.instant("2026-03-02T10:00:00Z"),
                              fields: RuleFields(target: 2))),
            .pause(PauseRecord(.pause, from: StreakDay("2026-03-20")!, to: StreakDay("2026-03-22")!,
                               at: Self.instant("2026-03-02T10:00:00Z"))),
            .untick(Retraction(day: StreakDay("2026-03-01")!, at: Self.instant("2026-03-01T09:00:00Z"),
                               made: Self.instant("2026-03-01T09:05:00Z"))),
        ]
        let actions = [Action.at("2026-03-01T09:00:00Z"), .at("2026-03-02T09:00:00Z")]
        #expect(try store.merge(actions, events: events, into: quiz, settings: StreakSettings(), zone: utc)
            == Merged(actions: 2, events: 3))
        #expect(try store.merge(actions, events: events.reversed(), into: quiz, zone: utc) == Merged(actions: 0, events: 0))
        let streak = try store.load(quiz, zone: utc)
        #expect(streak.events.count == 3)
        #expect(streak.history.countedActions.count == 1, "the retraction takes back 03-01's action")
    }

    @Test func theCacheRecordsTheWeekStartItWasFoldedWith() throws {
        let scratch = try Scratch()
        var store = scratch.store()
        store.weekStart = .sunday
        try scratch.write("data/streaks/quiz/streak.conf", "target=2/week\n")
        _ = try store.tick(quiz, action: .at("2026-03-01T09:00:00Z"), zone: utc)  // a Sunday
        _ = try store.tick(quiz, action: .at("2026-03-02T09:00:00Z"), zone: utc)
        let bytes = try #require(try Files.readIfPresent(store.cachePath, limit: 1 << 20))
        let entry = try #require(PromptCache.decode(bytes)?.first)
        #expect(entry.progress.weekStart == .sunday)
        #expect(entry.progress.reading(on: StreakDay("2026-03-02")!, zone: utc).current == 1,
                "Sunday and Monday are one week when weeks start on Sunday")
        store.weekStart = .monday
        try store.rebuildCache(zone: utc)
        let rebuilt = try #require(try Files.readIfPresent(store.cachePath, limit: 1 << 20))
        let monday = try #require(PromptCache.decode(rebuilt)?.first)
        #expect(monday.progress.weekStart == .monday)
        #expect(monday.progress.reading(on: StreakDay("2026-03-02")!, zone: utc).current == 0)
    }

    /// More plans ahead than a cache line holds: the line is written as of `today` once today
    /// reaches its horizon, and then reads like the whole history.
    @Test func aCacheLinePastItsHorizonIsAnchoredOnToday() throws {
        let scratch = try Scratch()
        var store = scratch.store()
        _ = try store.tick(quiz, action: .at("2026-03-02T09:00:00Z"), zone: utc)
        var events: [StreakEvent] = []
        for week in 0..<12 {
            let from = StreakDay("2026-03-10")! + 7 * week
            events.append(.pause(PauseRecord(.pause, from: from, to: from + 1, at: Self.instant("2026-03-02T10:00:00Z"))))
        }
        let streak = try store.record(events, to: quiz, zone: utc).streak
        let horizon = try #require(streak.replay.progress.ahead.horizon)
        let today = horizon + 3
        #expect(streak.replay.progress.ahead.reachesHorizon(by: today))
        store.today = today
        try store.rebuildCache(zone: utc)
        let rebuilt = try #require(try Files.readIfPresent(store.cachePath, limit: 1 << 20))
        let entry = try #require(PromptCache.decode(rebuilt)?.first)
        #expect(!entry.progress.ahead.reachesHorizon(by: today))
        for offset in 0..<30 {
            #expect(entry.progress.reading(on: today + offset, zone: utc)
                == streak.replay.fold(at: today + offset, zone: utc).reading)
        }
    }

    /// A streak with no action yet but more pauses than a line plans ahead is anchored on
    /// today too, and its line still reads (so a tick of another streak rewrites one line,
    /// not every one).
    @Test func aStreakWithNoActionAndManyPausesStillHasALine() throws {
        let scratch = try Scratch()
        var store = scratch.store()
        store.today = StreakDay("2026-03-20")!
        try store.add(quiz, settings: StreakSettings(), zone: utc)
        var events: [StreakEvent] = []
        for month in 0..<10 {
            let from = StreakDay("2025-01-10")! + 30 * month
            events.append(.pause(PauseRecord(.pause, from: from, to: from + 2, at: Self.instant("2025-01-01T10:00:00Z"))))
        }
        try store.record(events, to: quiz, zone: utc)
        _ = try store.tick(try StreakName("gym"), action: .at("2026-03-20T09:00:00Z"), zone: utc)
        let bytes = try #require(try Files.readIfPresent(store.cachePath, limit: 1 << 20))
        let entries = try #require(PromptCache.decode(bytes))
        #expect(entries.map(\.name) == ["gym", "quiz"])
        let line = try #require(entries.last)
        #expect(line.progress.through == StreakDay("2026-03-20"))
        #expect(line.progress.reading(on: StreakDay("2026-03-25")!, zone: utc).state == .broken)
    }

    /// Ticks from the cache's line (today, again today, the next dates) leave exactly the
    /// line, the answers and the log a replay of the whole history gives; a backdated tick,
    /// a file changed in place or a line from another week start make the tick replay.
    @Test func aTickFromTheCachesLineAgreesWithAReplay() throws {
        let scratch = try Scratch()
        var store = scratch.store()
        try scratch.write("data/streaks/quiz/streak.conf", "goal=2\nearn-freeze=2\n")
        try scratch.write("data/streaks/quiz/desk.events", EventLog.header
            + "2026-03-01T08:00:00+00:00 pause from=2026-03-06 to=2026-03-07\n"
            + "2026-03-01T08:00:00+00:00 rules from=2026-03-09 target=3/week\n"
            + "2026-03-02T08:00:00+00:00 untick date=2026-03-04 at=2026-03-04T12:00:00+00:00\n")
        var quick = 0
        let moments = ["2026-03-02T09:00:00Z", "2026-03-02T10:00:00Z", "2026-03-02T10:00:00Z", "2026-03-02T11:00:00Z",
                       "2026-03-03T09:00:00Z", "2026-03-04T12:00:00Z", "2026-03-05T09:00:00Z", "2026-03-07T09:00:00Z",
                       "2026-03-09T09:00:00Z", "2026-03-09T09:30:00Z", "2026-03-10T09:00:00Z", "2026-03-20T09:00:00Z",
                       "2026-03-20T09:00:00Z", "2026-04-02T09:00:00Z"]
        var counts = [1, 2, 1, 3, 1, 2, 2, 1, 2, 1, 2, 1, 1, 2].makeIterator()
        for moment in moments {
            var action = Action.at(moment)
            action.count = counts.next()!
            let outcome = try store.tick(quiz, action: action, zone: utc)
            if !outcome.replayed { quick += 1 }
            let whole = try store.load(quiz, zone: utc)
            let bytes = try #require(try Files.readIfPresent(store.cachePath, limit: 1 << 20))
            let line = try #require(PromptCache.decode(bytes)?.first)
            #expect(line == whole.cacheEntry(zone: utc), "\(moment)")
            #expect(outcome.day == whole.replay.dayProgress(on: action.day), "\(moment)")
            for offset in 0..<10 {
                #expect(outcome.reading(today: action.day + offset, zone: utc)
                    == whole.reading(today: action.day + offset, zone: utc), "\(moment) +\(offset)")
            }
        }
        #expect(quick >= 10, "most ticks come from the cache's line")
        // A backdated tick replays.
        #expect(try store.tick(quiz, action: .at("2026-03-01T09:00:00Z"), zone: utc).replayed)
        #expect(try !store.tick(quiz, action: .at("2026-04-02T10:00:00Z"), zone: utc).replayed)
        // A line appended in place (a sync tool, a hand edit) is seen: the tick replays.
        usleep(10_000)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: scratch.data + "/streaks/quiz/desk.events"))
        handle.seekToEndOfFile()
        handle.write(Data("2026-04-01T08:00:00+00:00 pause from=2026-04-03 to=2026-04-04\n".utf8))
        try handle.close()
        let afterEdit = try store.tick(quiz, action: .at("2026-04-05T10:00:00Z"), zone: utc)
        #expect(afterEdit.replayed)
        #expect(afterEdit.reading(today: StreakDay("2026-04-05")!, zone: utc)
            == (try store.load(quiz, zone: utc)).reading(today: StreakDay("2026-04-05")!, zone: utc))
        // So does a store folding with another week start than the line's.
        store.weekStart = .sunday
        #expect(try store.tick(quiz, action: .at("2026-04-05T11:00:00Z"), zone: utc).replayed)
    }

    /// The tick reads only the end of the logs for the actions of the line's own date: when
    /// some of them are further up (backdated ticks appended after them), the counts disagree
    /// with the line's and the tick replays, with the right answer.
    @Test func aDateWhoseActionsAreFurtherUpThanTheTickReadsIsReplayed() throws {
        let scratch = try Scratch()
        let store = scratch.store()
        try scratch.write("data/streaks/quiz/streak.conf", "goal=2\n")
        _ = try store.tick(quiz, action: .at("2026-03-20T09:00:00Z"), zone: utc)
        // Backdated ticks, appended after it: more than the end the tick reads.
        var text = ""
        for day in 0..<1_800 {
            text += ActionLog.line(Action.at("2021-03-01T09:00:00Z").shifted(days: day))
        }
        #expect(text.utf8.count > 64 << 10)
        _ = try store.merge([], into: quiz, zone: utc)
        let log = scratch.data + "/streaks/quiz/laptop.log"
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
        handle.seekToEndOfFile()
        handle.write(Data(text.utf8))
        try handle.close()
        try store.rebuildCache(zone: utc)
        let second = try store.tick(quiz, action: .at("2026-03-20T10:00:00Z"), zone: utc)
        #expect(second.replayed)
        #expect(second.day == GoalProgress(done: 2, needed: 2))
        let third = try store.tick(quiz, action: .at("2026-03-21T10:00:00Z"), zone: utc)
        #expect(!third.replayed, "a later date has nothing to read")
        #expect(third.day == GoalProgress(done: 1, needed: 2))
    }
}

extension Action {
    func shifted(days: Int) -> Action {
        Action(day: day + days, at: Instant(seconds: at.seconds + Int64(days) * 86400, offset: at.offset), count: count, note: note)
    }
}
