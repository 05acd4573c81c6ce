import Foundation
import Testing

/// Every action is an action of its own: ticks in the same second, on one machine or two, all
/// count, an undo takes back exactly the action it names, and the same line read twice is one.
@Suite("actions have identity")
struct ActionIdentityTests {
    static let moment = "2026-11-24T11:00:00"

    /// The actions of `name` in an export: (count, id) each.
    static func exported(_ box: Sandbox, _ name: String) throws -> [[String: Any]] {
        let export = try box.sp("export")
        let document = try JSONSerialization.jsonObject(with: Data(export.stdout.utf8)) as? [String: Any]
        let streaks = document?["streaks"] as? [[String: Any]] ?? []
        return streaks.first { $0["name"] as? String == name }?["actions"] as? [[String: Any]] ?? []
    }

    @Test func aSecondTickInTheSameSecondAddsToTheDay() throws {
        let box = try Sandbox(tz: "Europe/Berlin")
        try box.sp("add", "run", "--goal", "3")
        let first = try box.sp("tick", "run", "--count", "3", "--now", Self.moment)
        #expect(first.stdout.contains("3 of 3"), "\(first)")
        let second = try box.sp("tick", "run", "--now", Self.moment)
        #expect(second.status == 0 && second.stdout.contains("3 of 3 +1"), "\(second)")
        let status = try box.status("run", now: "2026-11-24T12:00")
        #expect(status["current"] as? Int == 1, "the finished day stays finished: \(status)")
        #expect(try box.sp("status", "run", "--now", "2026-11-24T12:00").stdout.contains("done today (3 of 3 +1)"))
    }

    @Test func threeTicksInOneSecondAreThreeActions() throws {
        let box = try Sandbox(tz: "Asia/Tokyo")
        try box.sp("add", "quiz", "--goal", "3")
        var said: [String] = []
        for _ in 0..<3 { said.append(try box.sp("tick", "quiz", "--now", Self.moment).stdout) }
        #expect(said[0].contains("1 of 3") && said[1].contains("2 of 3") && said[2].contains("3 of 3"), "\(said)")
        let log = try box.sp("log", "quiz", "--json")
        let entries = try JSONSerialization.jsonObject(with: Data(log.stdout.utf8)) as? [[String: Any]] ?? []
        #expect(entries.count == 3, "\(log.stdout)")
        // Each line of the log has an id of its own.
        let actions = try Self.exported(box, "quiz")
        #expect(Set(actions.compactMap { $0["id"] as? String }).count == 3, "\(actions)")
    }

    @Test func twoMachinesTickingTheSameInstantKeepBothActions() throws {
        let box = try Sandbox(tz: "UTC")
        try box.sp("add", "gym", "--goal", "3")
        try box.sp("tick", "gym", "--count", "2", "--note", "laptop", "--now", Self.moment, env: ["STREAKPROMPT_MACHINE": "laptop"])
        try box.sp("tick", "gym", "--note", "desk", "--now", Self.moment, env: ["STREAKPROMPT_MACHINE": "desk"])
        #expect(try box.status("gym", now: "2026-11-24T12:00")["progress"] as? [Int] == [3, 3])
        let actions = try Self.exported(box, "gym")
        #expect(actions.count == 2, "\(actions)")
        #expect(Set(actions.compactMap { $0["note"] as? String }) == ["laptop", "desk"])
        #expect(actions.map { $0["count"] as? Int ?? 1 }.reduce(0, +) == 3)
        // The export imports into an empty folder with nothing lost, and again with nothing added.
        let file = try box.file("gym.json", try box.sp("export").stdout)
        let other = try Sandbox(tz: "UTC")
        #expect(try other.sp("import", file).stdout.hasPrefix("Imported 2 new actions"))
        #expect(try other.sp("import", file).stdout.hasPrefix("Imported 0 new actions"))
        #expect(try other.status("gym", now: "2026-11-24T12:00")["progress"] as? [Int] == [3, 3])
        // So does the CSV export.
        let csv = try box.file("gym.csv", try box.sp("export", "--format", "csv").stdout)
        let third = try Sandbox(tz: "UTC")
        #expect(try third.sp("import", csv).stdout.hasPrefix("Imported 2 new actions"))
        #expect(try third.status("gym", now: "2026-11-24T12:00")["progress"] as? [Int] == [3, 3])
    }

    @Test func anUndoTakesBackOnlyTheActionItNames() throws {
        let box = try Sandbox(tz: "America/New_York")
        try box.sp("add", "read")
        try box.sp("tick", "read", "--now", Self.moment)
        let undo = try box.sp("undo", "read", "--now", Self.moment)
        #expect(undo.status == 0 && undo.stdout.contains("no longer counts"), "\(undo)")
        let again = try box.sp("tick", "read", "--now", Self.moment)
        #expect(again.status == 0 && again.stdout.contains("counted"), "\(again)")
        #expect(!again.stdout.contains("already"), "\(again)")
        let status = try box.status("read", now: "2026-11-24T12:00")
        #expect(status["current"] as? Int == 1, "the tick after the undo counts: \(status)")
        let log = try box.sp("log", "read")
        #expect(log.stdout.components(separatedBy: "taken back").count == 2, "one of two taken back: \(log.stdout)")
    }

    /// Of actions in the same second, an undo takes back the one recorded last: the tick with
    /// its note, not the one with --count 3 before it.
    @Test func ofOneSecondTheUndoTakesBackTheLastRecorded() throws {
        let box = try Sandbox(tz: "UTC")
        try box.sp("add", "run", "--goal", "5")
        try box.sp("tick", "run", "--count", "3", "--now", Self.moment)
        try box.sp("tick", "run", "--note", "oops", "--now", Self.moment)
        let undo = try box.sp("undo", "run", "--now", Self.moment)
        #expect(undo.stdout.contains("note 'oops'") && undo.stdout.contains("3 of 5"), "\(undo)")
    }

    /// Unticks at once from several processes: each takes back an action of its own (the
    /// choice and the record are made under one hold of the lock), none is taken back twice.
    @Test func concurrentUndosTakeBackDistinctActions() throws {
        let box = try Sandbox(tz: "UTC")
        try box.sp("add", "run", "--goal", "100")
        for _ in 0..<8 { try box.sp("tick", "run", "--now", Self.moment) }
        var environment = box.environment
        environment["BIN"] = Binary.path
        let script = """
        for i in 1 2 3 4 5 6; do "$BIN" undo run --now \(Self.moment) >/dev/null 2>&1 & done; wait
        """
        let result = try StreakEndToEndTests.run("/bin/sh", ["-c", script], environment: environment, timeout: 60)
        #expect(result.status == 0, "\(result)")
        #expect(try box.status("run", now: "2026-11-24T12:00")["progress"] as? [Int] == [2, 100])
        let export = try box.sp("export")
        let document = try JSONSerialization.jsonObject(with: Data(export.stdout.utf8)) as? [String: Any]
        let streak = (document?["streaks"] as? [[String: Any]])?.first
        let taken = (streak?["retractions"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        #expect(taken.count == 6 && Set(taken).count == 6, "\(taken)")
    }

    /// A log written before actions had ids: its lines keep reading as they did (one action
    /// per date and moment), and a new tick in the same second as an old line is a new action.
    @Test func linesWithoutIdsReadAsBefore() throws {
        let box = try Sandbox(tz: "UTC")
        try box.sp("add", "old", "--goal", "3")
        let machine = box.environment["STREAKPROMPT_MACHINE"] ?? "laptop"
        try box.write("streaks/old/\(machine).log", """
        # streakprompt actions v2: DATE INSTANT [count=K] [note=TEXT]
        2026-11-24 2026-11-24T11:00:00+00:00
        2026-11-24 2026-11-24T12:00:00+01:00

        """)
        try box.write("streaks/old/desk.log", "2026-11-24 2026-11-24T11:00:00+00:00\n")
        #expect(try box.status("old", now: "2026-11-24T12:00")["progress"] as? [Int] == [1, 3])
        let tick = try box.sp("tick", "old", "--now", Self.moment)
        #expect(tick.stdout.contains("2 of 3"), "\(tick)")
        let undo = try box.sp("undo", "old", "--now", Self.moment)
        #expect(undo.stdout.contains("1 of 3"), "the new action is taken back, the old one stays: \(undo)")
        let undoOld = try box.sp("undo", "old", "--now", Self.moment)
        #expect(undoOld.stdout.contains("no longer counts") || undoOld.stdout.contains("0 of 3"), "\(undoOld)")
    }
}
