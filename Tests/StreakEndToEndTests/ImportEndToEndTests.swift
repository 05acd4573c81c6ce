import Foundation
import Testing

@Suite("import end to end")
struct ImportEndToEndTests {
    /// A home with two streaks and a few actions.
    func populated() throws -> Sandbox {
        let box = try Sandbox()
        try box.sp("add", "quiz", "--schedule", "weekdays", "--freezes", "1", "--icon", "📚")
        for day in ["2026-03-02", "2026-03-03", "2026-03-04"] { try box.sp("tick", "quiz", "-q", "--now", day) }
        try box.sp("tick", "default", "-q", "--now", "2026-03-04")
        return box
    }

    static let validFirstStreak = """
    {"streaks": [
      {"name": "new", "actions": [{"date": "2026-03-01", "at": "2026-03-01T10:00:00+00:00"}]},
    """

    /// Each bad file, and the line the error must name.
    static let malformed: [(String, String, Int, String)] = [
        ("bad JSON", validFirstStreak + "\n  {\"name\": \"quiz\", \"actions\": [}\n]}\n", 3, "not valid JSON"),
        ("bad CSV row", "streak,date,at\nquiz,2026-03-05,2026-03-05T10:00:00Z\nquiz,2026-03-06\n", 3, "expected 3 fields"),
        ("bad date", validFirstStreak + "\n  {\"name\": \"quiz\", \"actions\": [{\"date\": \"2026-02-29\"}]}\n]}\n", 3, "not a date"),
        ("bad date in CSV", "streak,date\nquiz,2026-03-05\nquiz,05/03/2026\n", 3, "not a date"),
        ("bad name", validFirstStreak + "\n  {\"name\": \"my streak\"}\n]}\n", 3, "invalid streak name"),
        ("hostile name", validFirstStreak + "\n  {\"name\": \"../x\", \"actions\": [{\"date\": \"2026-03-05\"}]}\n]}\n", 3, "invalid streak name '../x'"),
        ("hostile name in CSV", "streak,date\nquiz,2026-03-05\n../x,2026-03-05\n", 3, "invalid streak name '../x'"),
        ("escape in a name", "streak,date\nquiz\u{1B}[31m,2026-03-05\n", 2, "\\x1B"),
        ("bad moment", "streak,date,at\nquiz,2026-03-05,yesterday\n", 2, "UTC offset"),
        ("bad settings", validFirstStreak + "\n  {\"name\": \"quiz\", \"freezes\": 5000}\n]}\n", 3, "freezes"),
    ]

    @Test func malformedFilesAreRefusedWithTheLineAndNothingChanges() throws {
        let box = try populated()
        let before = try box.snapshot()
        for (label, text, line, reason) in Self.malformed {
            let path = box.root.appendingPathComponent("bad-\(label.replacingOccurrences(of: " ", with: "-"))").path
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            let result = try box.sp("import", path)
            #expect(result.status == 1, "\(label): \(result)")
            #expect(result.stdout.isEmpty, "\(label)")
            #expect(result.stderr.hasPrefix("streakprompt: \(path):\(line): "), "\(label): \(result.stderr)")
            #expect(result.stderr.contains(reason), "\(label): \(result.stderr)")
            #expect(result.stderr.contains("nothing was imported"), "\(label)")
            #expect(!result.stderr.contains("\u{1B}"), "\(label): control bytes are shown, not sent")
            #expect(try box.snapshot() == before, "\(label) changed the data folder")
            #expect(!FileManager.default.fileExists(atPath: box.root.appendingPathComponent("x").path))
            #expect(!FileManager.default.fileExists(atPath: box.home + "/streaks/new"), "\(label): the valid part was not imported either")
        }
        let missing = try box.sp("import", box.root.appendingPathComponent("nope.json").path)
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("No such file"))
        #expect(try box.sp("import").status == 2)
    }

    /// `--dry-run` of an export says what would come in, the order too, and writes nothing
    /// (it wrote everything: only `--from` heeded it).
    @Test func aDryRunWritesNothing() throws {
        let box = try populated()
        try box.sp("order", "quiz")
        let export = try box.sp("export").stdout
        let other = try Sandbox(extra: ["STREAKPROMPT_MACHINE": "other"])
        try other.sp("tick", "quiz", "--quiet", "--now", "2026-01-05T10:00")
        let snapshot = try other.snapshot()
        for arguments in [["import", "-", "--dry-run"], ["import", "--dry-run", "-"]] {
            let result = try other.spArgs(arguments, stdin: export)
            #expect(result.status == 0 && result.stdout.contains("nothing is written: --dry-run"), "\(result)")
            #expect(result.stdout.contains("new") && result.stdout.contains("into the existing streak"), "\(result)")
            #expect(result.stdout.contains("the streaks' order: quiz, default"), "\(result)")
            #expect(try other.snapshot() == snapshot)
        }
    }

    /// A streak an import would create is refused as `add` refuses it: another streak's name
    /// in other letter case, two in the file that differ only in letter case. A command word
    /// is a name like any other.
    @Test func aNameAddWouldRefuseIsRefused() throws {
        let box = try Sandbox()
        try box.sp("tick", "alpha", "--quiet", "--now", "2026-01-05T10:00")
        let snapshot = try box.snapshot()
        for (names, reason) in [(["ALPHA"], "only in letter case"), (["beta", "Beta"], "differ only in letter case")] {
            let streaks = names.map { "{\"name\": \"\($0)\", \"actions\": [{\"date\": \"2026-01-05\"}]}" }.joined(separator: ", ")
            let result = try box.sp("import", "-", stdin: "{\"streaks\": [\(streaks)]}")
            #expect(result.status == 1 && result.stderr.contains(reason) && result.stderr.contains("nothing was imported"), "\(result)")
            #expect(try box.snapshot() == snapshot)
        }
        let word = try box.sp("import", "-", stdin: "{\"streaks\": [{\"name\": \"git\", \"actions\": [{\"date\": \"2026-01-05\"}]}]}")
        #expect(word.status == 0, "\(word)")
        #expect(try box.sp("prompt", "git", "--shell", "plain", "--format", "{name}{count}", "--now", "2026-01-05T12:00",
                             env: ["NO_COLOR": "1"]).stdout == "git1")
    }

    @Test func importingTwiceChangesNothing() throws {
        let box = try populated()
        let export = try box.sp("export").stdout
        let other = try Sandbox(extra: ["STREAKPROMPT_MACHINE": "other"])
        let first = try other.sp("import", "-", stdin: export)
        #expect(first.stdout == "Imported 4 new actions into 2 streaks; created default, quiz.\n")
        let snapshot = try other.snapshot()
        let second = try other.sp("import", "-", stdin: export)
        #expect(second.stdout == "Imported 0 new actions into 2 streaks; 4 already recorded.\n")
        #expect(try other.snapshot() == snapshot)
        // The same actions in CSV are the same actions.
        let csv = try box.sp("export", "--format", "csv").stdout
        #expect(try other.sp("import", "-", stdin: csv).stdout.contains("Imported 0 new actions"))
        #expect(try other.snapshot() == snapshot)
        // Importing into the home it came from: nothing new either.
        let home = try box.snapshot()
        #expect(try box.sp("import", "-", stdin: export).stdout.contains("Imported 0 new actions"))
        #expect(try box.snapshot() == home)
    }

    @Test func newStreaksTakeTheExportedSettingsExistingOnesKeepTheirs() throws {
        let box = try populated()
        let export = try box.sp("export").stdout
        let other = try Sandbox()
        try other.sp("add", "quiz", "--schedule", "daily", "--icon", "Q")
        try other.sp("import", "-", stdin: export)
        let kept = try other.status("quiz", now: "2026-03-04")
        #expect(kept["schedule"] as? String == "daily")
        #expect(kept["icon"] as? String == "Q")
        #expect(kept["total"] as? Int == 3)
        let created = try Sandbox()
        try created.sp("import", "-", stdin: export)
        let copied = try created.status("quiz", now: "2026-03-04")
        #expect(copied["schedule"] as? String == "weekdays")
        #expect(copied["icon"] as? String == "📚")
        #expect(copied["freezes"] as? Int == 1)
    }

    @Test func aHandWrittenCsvImports() throws {
        let box = try Sandbox()
        let result = try box.sp("import", "-", stdin: "streak,date\nquiz,2026-03-01\nquiz,2026-03-02\nquiz,2026-03-02\n")
        #expect(result.status == 0)
        #expect(result.stdout.contains("Imported 2 new actions"))
        let status = try box.status("quiz", now: "2026-03-02")
        #expect(status["current"] as? Int == 2)
        #expect(try box.read("streaks/quiz/test.log").contains("2026-03-02 2026-03-02T12:00:00+00:00\n"))
    }
}
