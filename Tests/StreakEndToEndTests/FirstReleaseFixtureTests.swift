import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A data folder exactly as the first release wrote it (Tests/Fixtures/first-release), read
/// by this binary: every answer is the one the first release printed, and the folder upgrades
/// in place without losing anything.
@Suite("the first release's data")
struct FirstReleaseFixtureTests {
    static let fixture = Package.root.path + "/Tests/Fixtures/first-release"
    static let environment = ["NO_COLOR": "1", "COLUMNS": "80", "STREAKPROMPT_MACHINE": "laptop"]

    /// One recorded command: its arguments, the moment, and what the first release printed.
    struct Recorded {
        var arguments: [String]
        var now: String
        var output: String
        var isJSON: Bool { arguments.contains("--json") }
        var isPrompt: Bool { arguments.first == "prompt" }
        var name: String { arguments.joined(separator: " ") + " --now " + now }
    }

    /// Every file of `expected/`: `ARGS@NOW.txt`, the words joined by `_`, `NOW` without its colon.
    static func recorded() throws -> [Recorded] {
        let folder = fixture + "/expected"
        return try FileManager.default.contentsOfDirectory(atPath: folder).sorted().map { file in
            let stem = file.dropLast(".txt".count)
            let parts = stem.split(separator: "@")
            var now = String(parts[1])
            now.insert(":", at: now.index(now.endIndex, offsetBy: -2))
            var arguments = parts[0].split(separator: "_").map(String.init)
            if arguments.first == "prompt" {
                if arguments.count > 1 { arguments = ["prompt", "--format", "{icon}{count} {best} {name} {state} {total} {freezes}", "--shell", "zsh"] }
            }
            return Recorded(arguments: arguments, now: now, output: try String(contentsOfFile: folder + "/" + file, encoding: .utf8))
        }
    }

    /// A sandbox holding a copy of the fixture's data folder.
    static func copy() throws -> Sandbox {
        let box = try Sandbox(tz: "Europe/Berlin", extra: environment)
        try FileManager.default.copyItem(atPath: fixture + "/data", toPath: box.home)
        return box
    }

    /// Checks one command's output against the first release's: text byte for byte; JSON
    /// with every member the first release printed present and equal (new members may follow).
    static func expectSame(_ box: Sandbox, _ recorded: Recorded, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let result = try box.spArgs(recorded.arguments + ["--now", recorded.now])
        #expect(result.status == 0, "\(recorded.name): \(result)", sourceLocation: sourceLocation)
        if recorded.isJSON {
            let old = try JSONSerialization.jsonObject(with: Data(recorded.output.utf8), options: [.fragmentsAllowed])
            let new = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8), options: [.fragmentsAllowed])
            #expect(contains(new, old), "\(recorded.name): \(result.stdout)", sourceLocation: sourceLocation)
        } else if recorded.arguments.first == "list" {
            // `list` now pads its columns by the width terminals draw (🏋 takes one column, not
            // two), on purpose, and adds the 30-day rate as a last column: the same words, the
            // same order, something after.
            let new = columns(result.stdout).split(separator: "\n", omittingEmptySubsequences: false)
            let old = columns(recorded.output).split(separator: "\n", omittingEmptySubsequences: false)
            #expect(new.count == old.count && zip(new, old).allSatisfy { $0.hasPrefix($1) }, "\(recorded.name): \(result.stdout)",
                    sourceLocation: sourceLocation)
        } else {
            // A week's time left now reads as `remind` says it (`4d 4h left`, not `5 days left`),
            // and the rates are a line each with a bar, on purpose: the same state, the same
            // progress, the same rates.
            #expect(timeLeftAsOne(withoutRateBars(result.stdout)) == timeLeftAsOne(recorded.output), "\(recorded.name)",
                    sourceLocation: sourceLocation)
        }
    }

    /// The text with a week's time left, in either wording, as `TIME left`.
    static func timeLeftAsOne(_ text: String) -> String {
        text.replacingOccurrences(of: #"(\d+ days left|last day|\d+d \d+h left)"#, with: "TIME left", options: .regularExpression)
    }

    /// `status` as it wrote its rates before they had bars: both on one line, ` · ` between.
    static func withoutRateBars(_ text: String) -> String {
        text.replacingOccurrences(of: #" *▕[█░]*▏"#, with: "", options: .regularExpression)
            .replacingOccurrences(of: "\n  last 365 days", with: " · last 365 days")
    }

    /// The text with each run of spaces as one.
    static func columns(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.split(separator: " ").joined(separator: " ") }.joined(separator: "\n")
    }

    /// Whether `new` holds everything `old` holds: the same scalars, arrays of the same length
    /// item by item, objects with at least `old`'s members.
    static func contains(_ new: Any, _ old: Any) -> Bool {
        switch (new, old) {
        case let (new as [String: Any], old as [String: Any]):
            return old.allSatisfy { key, value in new[key].map { contains($0, value) } ?? false }
        case let (new as [Any], old as [Any]):
            return new.count == old.count && zip(new, old).allSatisfy { contains($0, $1) }
        case let (new as NSObject, old as NSObject):
            return new == old
        default:
            return false
        }
    }

    /// The prompt, asked again until it says `expected` (the v1 cache is rebuilt in the background).
    static func eventually(_ box: Sandbox, _ recorded: Recorded, sourceLocation: SourceLocation = #_sourceLocation) throws {
        var last = ""
        for _ in 0..<100 {
            last = try box.spArgs(recorded.arguments + ["--now", recorded.now]).stdout
            if last == recorded.output { return }
            usleep(50_000)
        }
        Issue.record("\(recorded.name): the prompt says '\(last)', the first release said '\(recorded.output)'",
                     sourceLocation: sourceLocation)
    }

    @Test func everyAnswerIsTheOneTheFirstReleasePrinted() throws {
        let box = try Self.copy()
        let all = try Self.recorded()
        #expect(all.count == 56)
        // The v1 cache is not read: the first prompt after the upgrade rebuilds it at once and
        // already says what the first release said.
        let prompt = try #require(all.first { $0.isPrompt })
        #expect(try box.spArgs(prompt.arguments + ["--now", prompt.now]).stdout == prompt.output)
        #expect(try box.read("prompt.cache").hasPrefix("streakprompt-cache 2\t"))
        for recorded in all where recorded.isPrompt { try Self.eventually(box, recorded) }
        for recorded in all where !recorded.isPrompt { try Self.expectSame(box, recorded) }
        // Reading changed no data file (the cache is derived).
        for file in ["streaks/quiz/laptop.log", "streaks/quiz/desk.log", "streaks/quiz/streak.conf", "streaks/default/laptop.log"] {
            #expect(try box.read(file) == String(contentsOfFile: Self.fixture + "/data/" + file, encoding: .utf8), "\(file)")
        }
        #expect(try box.read("prompt.cache").hasPrefix("streakprompt-cache 2\t"))
        let doctor = try box.sp("doctor")
        #expect(doctor.stdout.contains("4 streaks, 6 logs, 58 readable actions"), "\(doctor)")
        #expect(doctor.stdout.contains("No problems found"), "\(doctor)")
    }

    /// The first release's JSON and CSV exports import into an empty folder and give the same
    /// answers; this version's export carries every member the first release's did.
    @Test(arguments: ["export.json", "export.csv"])
    func theFirstReleasesExportsImport(file: String) throws {
        let box = try Sandbox(tz: "Europe/Berlin", extra: Self.environment)
        let imported = try box.sp("import", Self.fixture + "/" + file)
        #expect(imported.status == 0, "\(imported)")
        #expect(imported.stdout == "Imported 58 new actions into 4 streaks; created default, gym, quiz, read.\n", "\(imported)")
        for recorded in try Self.recorded() {
            if recorded.isPrompt {
                #expect(try box.spArgs(recorded.arguments + ["--now", recorded.now]).stdout == recorded.output, "\(recorded.name)")
            } else {
                try Self.expectSame(box, recorded)
            }
        }
        let old = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: Self.fixture + "/export.json")))
        let new = try JSONSerialization.jsonObject(with: Data(try box.sp("export").stdout.utf8))
        var expected = old as? [String: Any] ?? [:]
        expected["version"] = 2
        #expect(Self.contains(new, expected))
        #expect(try box.sp("import", Self.fixture + "/" + file).stdout.hasPrefix("Imported 0 new actions into 4 streaks; 58 already recorded"))
    }

    /// A tick, a rule change and a pause on the old folder: new lines are appended to the old
    /// files (their headers kept), the settings file is untouched, and every other answer is
    /// still the first release's.
    @Test func aTickUpgradesTheFolderWithoutLoss() throws {
        let box = try Self.copy()
        // The present pinned to the next day: a tick names its date unless it is the present's.
        let tick = try box.sp("tick", "quiz", "--count", "2", "--note", "after the upgrade", "--now", "2026-11-24T09:00",
                              env: ["STREAKPROMPT_NOW": "2026-11-25T12:00"])
        #expect(tick.stdout == "quiz: counted for 2026-11-24, in the total only (tue is not on its mon,wed,fri schedule) · 📚 14\n",
                "\(tick)")
        let log = try box.read("streaks/quiz/laptop.log")
        let old = try String(contentsOfFile: Self.fixture + "/data/streaks/quiz/laptop.log", encoding: .utf8)
        // The new line carries the action's id (16 hex digits): nothing else of the file changes.
        #expect(log.hasPrefix(old + "2026-11-24 2026-11-24T09:00:00+01:00 count=2 note=after%20the%20upgrade id="), "\(log)")
        #expect(log.dropFirst(old.count).range(of: #"^[^\n]* id=[0-9a-f]{16}\n$"#, options: .regularExpression) != nil, "\(log)")
        try box.sp("add", "read", "--goal", "2", "--from", "2026-11-30", "--now", "2026-11-24T09:00")
        try box.sp("pause", "gym", "--from", "2026-11-30", "--to", "2026-12-04", "--now", "2026-11-24T09:00")
        #expect(try box.read("streaks/read/streak.conf") == String(contentsOfFile: Self.fixture + "/data/streaks/read/streak.conf", encoding: .utf8))
        // Up to the change, and for the streaks not ticked, the first release's answers stand.
        for recorded in try Self.recorded() where !recorded.isPrompt && !recorded.arguments.contains("quiz") && !recorded.arguments.contains("list") {
            if recorded.arguments.first == "status", recorded.arguments.contains("gym") || recorded.arguments.contains("read") {
                continue  // the pause and the change ahead are listed
            }
            try Self.expectSame(box, recorded)
        }
        let quiz = try box.status("quiz", now: "2026-11-24T20:00")
        #expect(quiz["total"] as? Int == 16)
        #expect(quiz["current"] as? Int == 14)
        let read = try box.sp("status", "read", "--now", "2026-11-24T20:00").stdout
        #expect(read.hasSuffix("  schedule daily · freezes left 0 of 1\n  from Monday 2026-11-30: daily, goal 2, 1 freeze\n"), "\(read)")
        let doctor = try box.sp("doctor")
        #expect(doctor.stdout.contains("4 streaks, 6 logs, 59 readable actions, 2 event logs, 2 readable records"), "\(doctor)")
        #expect(doctor.stdout.contains("No problems found"), "\(doctor)")
        // And the upgraded folder exports and imports whole.
        let exported = try box.sp("export").stdout
        let copy = try Sandbox(tz: "Europe/Berlin", extra: Self.environment)
        #expect(try copy.sp("import", "-", stdin: exported).status == 0)
        #expect(try copy.sp("export").stdout == exported)
    }
}
