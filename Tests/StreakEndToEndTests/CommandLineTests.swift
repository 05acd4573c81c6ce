import Foundation
import Testing

@Suite("command line")
struct CommandLineTests {
    @Test func versionAndHelp() throws {
        let box = try Sandbox()
        let version = try box.sp("--version")
        #expect(version.status == 0)
        #expect(version.stdout.hasPrefix("streakprompt "))
        let json = try box.sp("--version", "--json")
        let command = try box.sp("version", "--json")
        #expect(json.status == 0 && json.stdout == command.stdout && json.stdout.contains("\"commit\""), "\(json)")
        let help = try box.sp("--help")
        #expect(help.status == 0)
        for command in ["tick", "status", "list", "add", "remove", "history"] {
            #expect(help.stdout.contains("streakprompt \(command)"))
            let own = try box.sp(command, "--help")
            #expect(own.status == 0, "\(command) --help")
            #expect(own.stdout.contains("Usage: streakprompt \(command)"))
            let viaHelp = try box.sp("help", command)
            #expect(viaHelp.status == 0, "help \(command): \(viaHelp)")
            #expect(viaHelp.stdout == own.stdout)
        }
    }

    @Test func unknownCommandNamesTheClosest() throws {
        let box = try Sandbox()
        let result = try box.sp("stauts")
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("'status'"))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test func unknownFlagNamesTheClosest() throws {
        let box = try Sandbox()
        let result = try box.sp("status", "--jsn")
        #expect(result.status == 2)
        #expect(result.stderr.contains("'--json'"))
        let tick = try box.sp("tick", "--quite")
        #expect(tick.status == 2)
        #expect(tick.stderr.contains("'--quiet'"))
    }

    @Test func tickThenStatus() throws {
        let box = try Sandbox()
        let first = try box.sp("tick", env: ["STREAKPROMPT_NOW": "2026-11-22T08:00"])
        #expect(first.status == 0)
        #expect(first.stdout.contains("default"))
        let second = try box.sp("tick", env: ["STREAKPROMPT_NOW": "2026-11-22T09:00"])
        #expect(second.stdout.contains("already counted today"))
        let status = try box.status(now: "2026-11-22T10:00")
        #expect(status["current"] as? Int == 1)
        #expect(status["state"] as? String == "done")
        #expect(status["total"] as? Int == 1)
        #expect(status["last"] as? String == "2026-11-22")
        #expect(status["today"] as? String == "2026-11-22")
        #expect(status["schedule"] as? String == "daily")
        #expect(status["freezes"] as? Int == 0)
    }

    @Test func nowFromEnvironment() throws {
        let box = try Sandbox()
        try box.sp("tick", env: ["STREAKPROMPT_NOW": "2026-01-05"])
        let status = try box.spArgs(["status", "--json"], env: ["STREAKPROMPT_NOW": "2026-01-06T07:00"])
        #expect(status.stdout.contains("\"state\": \"pending\""))
    }

    /// A machine name that cannot be one is not used, and every command but the prompt says so.
    @Test func anInvalidMachineNameIsSaid() throws {
        let box = try Sandbox()
        let bad = ["STREAKPROMPT_MACHINE": "../evil"]
        let tick = try box.sp("tick", "--quiet", env: bad)
        #expect(tick.status == 0 && tick.stderr.contains("STREAKPROMPT_MACHINE='../evil' is not a machine name"), "\(tick)")
        #expect(!FileManager.default.fileExists(atPath: box.home + "/streaks/evil.log"))
        let prompt = try box.sp("--shell", "zsh", env: bad)
        #expect(prompt.status == 0 && prompt.stderr.isEmpty, "\(prompt)")
    }

    /// A note whose bytes are not UTF-8 is refused, not stored changed (U+FFFD for each).
    @Test func aNoteThatIsNotUTF8IsRefused() throws {
        let box = try Sandbox()
        let result = try run("/bin/sh", ["-c", "exec \"$0\" tick n --note \"$(printf 'a\\377b')\"", Binary.path],
                             environment: box.environment, directory: box.root.path)
        #expect(result.status == 2 && result.stderr.contains("--note must be UTF-8 text"), "\(result)")
        #expect(try box.sp("log", "n").status == 1)
        #expect(try box.sp("tick", "n", "--note", "café ☕").status == 0)
    }

    @Test func badNowIsAUsageError() throws {
        let box = try Sandbox()
        let result = try box.sp("tick", "--now", "next blursday")
        #expect(result.status == 2)
        #expect(result.stderr.contains("ISO 8601"))
        // The environment's, unless `--now` says when: the flag wins.
        let bad = ["STREAKPROMPT_NOW": "bogus"]
        let env = try box.sp("status", env: bad)
        #expect(env.status == 2 && env.stderr.contains("STREAKPROMPT_NOW='bogus'"), "\(env)")
        for command in [["tick", "--now", "2026-01-05T09:00"], ["status", "--now", "2026-01-05"], ["untick", "--now", "2026-01-05T10:00"]] {
            let flagged = try box.spArgs(command, env: bad)
            #expect(flagged.status == 0, "\(command): \(flagged)")
        }
    }

    @Test func missingStreakFails() throws {
        let box = try Sandbox()
        let result = try box.sp("status", "nothing")
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("streakprompt: no streak named 'nothing'"))
        #expect(result.stderr.contains("streakprompt add nothing"))
    }

    @Test(arguments: ["", "-x", "a b", "a/b", "..", "x;rm -rf", "$(touch x)", "ünï", String(repeating: "a", count: 33), "a\u{1B}[31m"])
    func hostileNamesAreRefusedBeforeTouchingFiles(name: String) throws {
        let box = try Sandbox()
        for command in [["tick", name], ["add", name], ["status", name], ["remove", name], ["history", name]] {
            let result = try box.spArgs(command.count == 2 && name.hasPrefix("-") ? [command[0], "--", name] : command)
            #expect(result.status == 2, "\(command)")
            #expect(!result.stderr.isEmpty)
            #expect(!result.stderr.contains("\u{1B}"), "escape bytes are shown, not sent")
        }
        #expect(!FileManager.default.fileExists(atPath: box.home + "/streaks"))
        #expect(!FileManager.default.fileExists(atPath: box.root.appendingPathComponent("x").path))
    }

    @Test func addListRemove() throws {
        let box = try Sandbox()
        #expect(try box.sp("add", "quiz", "--schedule", "mon,wed,fri", "--freezes", "2", "--icon", "📚").status == 0)
        let again = try box.sp("add", "quiz")
        #expect(again.status == 1)
        #expect(again.stderr.contains("already exists"))
        try box.sp("tick", "quiz", "--now", "2026-11-23")
        let list = try box.sp("list", "--json", "--now", "2026-11-23")
        let array = try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]]
        #expect(array?.count == 1)
        #expect(array?.first?["schedule"] as? String == "mon,wed,fri")
        #expect(array?.first?["freezes"] as? Int == 2)
        let removed = try box.sp("remove", "quiz")
        #expect(removed.status == 0)
        #expect(try box.sp("status", "quiz").status == 1)
        let backups = try FileManager.default.contentsOfDirectory(atPath: box.home + "/backups")
        #expect(backups.count == 1)
        let log = try box.read("backups/\(backups[0])/test.log")
        #expect(log.contains("2026-11-23 "))
        #expect(try box.prompt(["quiz"], now: "2026-11-23") == "")
    }

    @Test func addChangesTheSettingsOfAStreakATickCreated() throws {
        let box = try Sandbox()
        try box.sp("tick", "gym", "--quiet", "--now", "2026-11-20")  // a Friday
        // A change applies from a date on (here the Saturday): dates before keep their rules.
        let update = try box.sp("add", "gym", "--schedule", "weekdays", "--freezes", "1", "--from", "2026-11-21",
                                "--now", "2026-11-20T18:00")
        #expect(update.status == 0, "\(update)")
        #expect(update.stdout.hasPrefix("Updated 🔥 gym: schedule weekdays, 1 banked freezes, from Saturday 2026-11-21."), "\(update)")
        let status = try box.status("gym", now: "2026-11-23T09:00")  // Monday: the weekend is not missed
        #expect(status["state"] as? String == "pending")
        #expect(status["current"] as? Int == 1)
        #expect(status["schedule"] as? String == "weekdays")
        #expect(status["icon"] as? String == "🔥", "settings not given are kept")
        let saturday = try box.sp("tick", "gym", "--now", "2026-11-21")
        #expect(saturday.stdout.contains("in the total only"))
    }

    @Test func historyListsRunsOldestFirst() throws {
        let box = try Sandbox()
        for day in ["2026-01-01", "2026-01-02", "2026-01-03", "2026-01-10", "2026-01-20", "2026-01-21"] {
            try box.sp("tick", "--now", day, "--quiet")
        }
        let result = try box.sp("history", "--json")
        let runs = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]
        #expect(runs?.map { $0["start"] as? String } == ["2026-01-01", "2026-01-10", "2026-01-20"])
        #expect(runs?.map { $0["end"] as? String } == ["2026-01-03", "2026-01-10", "2026-01-21"])
        #expect(runs?.map { $0["length"] as? Int } == [3, 1, 2])
        let text = try box.sp("history")
        let longest = text.stdout.split(separator: "\n").filter { $0.contains("longest") }
        #expect(longest.count == 1)
        #expect(longest.first?.hasPrefix("2026-01-01") == true)
    }
}
