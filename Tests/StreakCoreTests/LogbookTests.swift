import StreakCore
import Testing

/// What `untick` takes back and what `log` lists, as pure functions of the records.
@Suite("untick and log")
struct LogbookTests {
    static let quiz = try! StreakName("quiz")

    static func action(_ day: String, _ time: Int, count: Int = 1, offset: Int = 3600, note: String? = nil) -> Action {
        let date = StreakDay.d(day)
        return Action(day: date, at: Instant(seconds: LocalDateTime(day: date, secondOfDay: time).utcSeconds - Int64(offset), offset: offset),
                      count: count, note: note)
    }

    @Test func eachUntickTakesBackTheLatestActionStillCounted() {
        let early = Self.action("2026-03-05", 8 * 3600, count: 3)
        // The same moment written in another offset is the latest: one action, in two logs.
        let late = Self.action("2026-03-05", 20 * 3600)
        let lateElsewhere = Action(day: late.day, at: Instant(seconds: late.at.seconds, offset: -18000))
        // Recorded after midnight, for the date before (a day start): the date decides, not the clock.
        let overnight = Self.action("2026-03-05", 86_399)
        var history = StreakHistory(actions: [early, late, lateElsewhere, Self.action("2026-03-06", 3600)])
        #expect(history.latestCounted(on: .d("2026-03-05"))?.at.seconds == late.at.seconds)
        history.actions.append(overnight)
        #expect(history.latestCounted(on: .d("2026-03-05")) == overnight)
        var made = late.at
        made.seconds += 7200
        for expected in [overnight, late, early] {
            let taken = StreakHistory.retraction(of: expected, made: made)
            #expect(history.latestCounted(on: .d("2026-03-05"))?.at.seconds == expected.at.seconds)
            history.retractions.append(taken)
        }
        #expect(history.latestCounted(on: .d("2026-03-05")) == nil)
        #expect(history.latestCounted(on: .d("2026-03-06")) != nil)
        #expect(history.countedActions.map(\.day) == [.d("2026-03-06")])
        // The order the records arrive in changes nothing.
        var shuffled = history
        shuffled.retractions.reverse()
        shuffled.actions.reverse()
        #expect(shuffled.countedActions == history.countedActions)
    }

    @Test func theLogListsEachActionOnceNewestFirstWithWhatWasTakenBack() {
        let a = Self.action("2026-03-04", 9 * 3600, note: "first")
        let b = Self.action("2026-03-05", 8 * 3600, count: 2)
        let c = Self.action("2026-03-05", 20 * 3600)
        let machines: [(machine: String, actions: [Action])] = [("laptop", [b, a]), ("desk", [c, a])]
        let retraction = StreakHistory.retraction(of: c, made: c.at)
        let entries = Logbook.entries(of: Self.quiz, machines: machines, retractions: [retraction])
        #expect(entries.map(\.action) == [c, b, a])
        #expect(entries.map(\.machine) == ["desk", "laptop", "desk"], "an action in two logs is listed once, under the first machine by name")
        #expect(entries.map(\.retracted) == [true, false, false])
        #expect(Logbook.entries(of: Self.quiz, machines: machines.reversed(), retractions: [retraction]) == entries)
        #expect(Logbook.entries(of: Self.quiz, machines: machines, retractions: [], since: .d("2026-03-05")).map(\.action) == [c, b])
        #expect(Logbook.entries(of: Self.quiz, machines: [], retractions: [retraction]).isEmpty)
    }
}
