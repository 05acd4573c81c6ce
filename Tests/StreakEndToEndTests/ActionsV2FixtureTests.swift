import Foundation
import Testing

/// A data folder as the last version before actions had ids wrote it
/// (Tests/Fixtures/actions-v2: counts, notes, rule changes, pauses, an untick, an archived
/// streak, two machines, and two ticks in one second), read by this binary: every answer is
/// the one that version printed, and a tick upgrades it in place without loss.
@Suite("the v2 action logs' data")
struct ActionsV2FixtureTests {
    static let fixture = Package.root.path + "/Tests/Fixtures/actions-v2"
    static let environment = ["NO_COLOR": "1", "COLUMNS": "80", "STREAKPROMPT_MACHINE": "laptop"]

    /// Every file of `expected/`: `ARGS@NOW.txt` (`NOW` without its colon; `none`: no --now).
    static func recorded() throws -> [FirstReleaseFixtureTests.Recorded] {
        let folder = fixture + "/expected"
        return try FileManager.default.contentsOfDirectory(atPath: folder).sorted().map { file in
            let parts = file.dropLast(".txt".count).split(separator: "@")
            var now = String(parts[1])
            if now != "none" { now.insert(":", at: now.index(now.endIndex, offsetBy: -2)) }
            return FirstReleaseFixtureTests.Recorded(arguments: parts[0].split(separator: "_").map(String.init), now: now,
                                                     output: try String(contentsOfFile: folder + "/" + file, encoding: .utf8))
        }
    }

    static func copy() throws -> Sandbox {
        let box = try Sandbox(tz: "Europe/Berlin", extra: environment)
        try FileManager.default.copyItem(atPath: fixture + "/data", toPath: box.home)
        return box
    }

    static func expectSame(_ box: Sandbox, _ recorded: FirstReleaseFixtureTests.Recorded,
                           sourceLocation: SourceLocation = #_sourceLocation) throws {
        if recorded.now == "none" {
            let result = try box.spArgs(recorded.arguments)
            if recorded.isJSON {
                let old = try JSONSerialization.jsonObject(with: Data(recorded.output.utf8))
                let new = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
                #expect(FirstReleaseFixtureTests.contains(new, old), "\(recorded.arguments): \(result.stdout)", sourceLocation: sourceLocation)
            } else {
                #expect(result.stdout == recorded.output, "\(recorded.arguments)", sourceLocation: sourceLocation)
            }
        } else {
            try FirstReleaseFixtureTests.expectSame(box, recorded, sourceLocation: sourceLocation)
        }
    }

    @Test func everyAnswerIsTheOneThatVersionPrinted() throws {
        let box = try Self.copy()
        let all = try Self.recorded()
        #expect(all.count == 29)
        for recorded in all { try Self.expectSame(box, recorded) }
        let doctor = try box.sp("doctor")
        #expect(doctor.stdout.contains("No problems found"), "\(doctor)")
    }

    /// Its exports import into an empty folder and give the same answers.
    @Test(arguments: ["export.json", "export.csv"])
    func itsExportsImport(file: String) throws {
        let box = try Sandbox(tz: "Europe/Berlin", extra: Self.environment)
        let imported = try box.sp("import", Self.fixture + "/" + file)
        #expect(imported.status == 0, "\(imported)")
        for recorded in try Self.recorded() where recorded.now != "none" && !recorded.isPrompt {
            try Self.expectSame(box, recorded)
        }
        #expect(try box.sp("import", Self.fixture + "/" + file).stdout.contains("Imported 0 new actions"))
    }

    /// A tick in the very second of the two old lines of 2026-11-22: the old lines still read
    /// as one action (count 1, the desk's), the new one is an action of its own; the old
    /// files keep every byte, with the new line (and its id) appended.
    @Test func aTickUpgradesTheFolderWithoutLoss() throws {
        let box = try Self.copy()
        let old = try String(contentsOfFile: Self.fixture + "/data/streaks/run/laptop.log", encoding: .utf8)
        let tick = try box.sp("tick", "run", "--now", "2026-11-22T08:00:00", env: ["STREAKPROMPT_NOW": "2026-11-25T12:00"])
        #expect(tick.stdout.hasPrefix("run: 2 of 3 for 2026-11-22"), "the old lines are one action, the new one another: \(tick)")
        let log = try box.read("streaks/run/laptop.log")
        #expect(log.hasPrefix(old + "2026-11-22 2026-11-22T08:00:00+01:00 id="), "\(log)")
        let undo = try box.sp("undo", "run", "--now", "2026-11-22T09:00")
        #expect(undo.stdout.contains("1 of 3"), "the new action is taken back, not the old one: \(undo)")
        // Every other answer stands.
        for recorded in try Self.recorded() where !recorded.arguments.contains("run") && recorded.arguments.count > 1
            && recorded.arguments.first == "status" {
            try Self.expectSame(box, recorded)
        }
        let exported = try box.sp("export").stdout
        let copy = try Sandbox(tz: "Europe/Berlin", extra: Self.environment)
        #expect(try copy.sp("import", "-", stdin: exported).status == 0)
        #expect(try copy.sp("export").stdout == exported)
    }
}
