import StreakCore
import Testing

/// An action's id: how it is written and read, what it makes one action, and what an untick
/// with and without one takes back.
@Suite("action identity")
struct ActionIdentityCoreTests {
    static let day = StreakDay.d("2026-11-24")

    static func action(_ seconds: Int64, count: Int = 1, note: String? = nil, id: String? = nil, offset: Int = 3600) -> Action {
        Action(day: day, at: Instant(seconds: 1_795_600_000 + seconds, offset: offset), count: count, note: note, id: id)
    }

    @Test(arguments: [
        Self.action(0, id: "3f9a0c1e22b5d711"),
        Self.action(0, count: 3, id: "0000000000000000"),
        Self.action(0, count: 2, note: "ran 5 km", id: "ffffffffffffffff"),
        Self.action(0, note: "x", id: "Hand-Written_1"),
        Self.action(0, id: "abc", offset: -34_200),
        Self.action(0, count: 7),
    ])
    func aLineReadsBackAsTheAction(action: Action) {
        let line = ActionLog.line(action)
        let parsed = ActionLog.parse(Array(line.utf8))
        #expect(parsed.bad.isEmpty, "\(line)")
        #expect(parsed.actions == [action], "\(line)")
        // A tick reads its date's lines the same way.
        #expect(ActionLog.lines(of: "2026-11-24", in: Array(line.utf8)).actions == [action])
    }

    @Test func aBadIdMakesTheLineUnreadable() {
        for line in ["2026-11-24 2026-11-24T10:00:00+01:00 id=", "2026-11-24 2026-11-24T10:00:00+01:00 id=a%20b",
                     "2026-11-24 2026-11-24T10:00:00+01:00 id=a id=b",
                     "2026-11-24 2026-11-24T10:00:00+01:00 id=" + String(repeating: "a", count: 65),
                     "2026-11-24 2026-11-24T10:00:00+01:00 id=3f9a0c1e22b5d71."] {
            let parsed = ActionLog.parse(Array((line + "\n").utf8))
            #expect(parsed.actions.isEmpty && parsed.bad.count == 1, "\(line): \(parsed.bad)")
        }
        // Uppercase hex is an id too, read by the general path.
        let upper = ActionLog.parse(Array("2026-11-24 2026-11-24T10:00:00+01:00 id=3F9A0C1E22B5D711\n".utf8))
        #expect(upper.actions.first?.id == "3F9A0C1E22B5D711")
    }

    @Test func theFirstReleaseIgnoresWhatItDoesNotKnowAndSoDoesThisOne() {
        // Fields after the id (a later version's) are ignored, as the first release ignored
        // every field after the second.
        let parsed = ActionLog.parse(Array("2026-11-24 2026-11-24T10:00:00+01:00 id=ab mood=good\n".utf8))
        #expect(parsed.actions.first?.id == "ab" && parsed.bad.isEmpty)
    }

    @Test func anUntickWithAnIdTakesBackOnlyThatAction() {
        let x = Self.action(0, id: "aa")
        let y = Self.action(0, count: 2, id: "bb")
        let made = Instant(seconds: 1_795_600_100, offset: 3600)
        var history = StreakHistory(actions: [x, y])
        history.retractions = [StreakHistory.retraction(of: y, made: made)]
        #expect(history.countedActions == [x])
        // One without an id (as the releases before ids wrote it) takes back the whole moment.
        history.retractions = [Retraction(day: Self.day, at: x.at, made: made)]
        #expect(history.countedActions.isEmpty)
        // The record reads back with its id.
        let line = EventLog.line(.untick(StreakHistory.retraction(of: y, made: made)))
        #expect(line.hasSuffix(" id=bb\n"))
        #expect(EventLog.parse(Array(line.utf8)).events == [.untick(StreakHistory.retraction(of: y, made: made))])
        #expect(!EventLog.parse(Array(line.replacingOccurrences(of: "id=bb", with: "id=b%b").utf8)).bad.isEmpty)
    }

    @Test func ofOneSecondTheLatestIsTheLastRecorded() {
        let first = Self.action(0, count: 3, id: "ff")
        let second = Self.action(0, note: "oops", id: "01")
        let history = StreakHistory(actions: [first, second])
        #expect(history.latestCounted(on: Self.day, recorded: [first, second]) == second)
        #expect(history.latestCounted(on: Self.day, recorded: [second, first]) == first)
        // A later second is later whatever the order of the log.
        let later = Self.action(1, id: "00")
        #expect(StreakHistory(actions: [first, later, second]).latestCounted(on: Self.day, recorded: [later, first, second]) == later)
    }

    @Test func exportsCarryTheIds() throws {
        let name = try StreakName("gym")
        let at = Self.action(0).at
        let actions = [Self.action(0, count: 2, note: "laptop", id: "aa"), Self.action(0, note: "desk", id: "bb")]
        let retraction = Retraction(day: Self.day, at: at, made: Instant(seconds: at.seconds + 60, offset: 3600), id: "bb")
        let document = ExportDocument(streaks: [ExportedStreak(name: name, settings: nil, actions: actions, retractions: [retraction])])
        for text in [document.json(), document.csv()] {
            let read = try ExportDocument.parse(Array(text.utf8))
            #expect(read.streaks.first?.actions == actions.sorted(), "\(text)")
            #expect(read.streaks.first?.retractions == [retraction], "\(text)")
        }
    }
}
