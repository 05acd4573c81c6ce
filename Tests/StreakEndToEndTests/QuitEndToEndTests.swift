import Foundation
import Testing

/// Habits to quit (`add NAME --quit`) through the binary: a tick is a slip, every other date
/// counts from the date quit; status, list, the prompt, history, the calendar, remind, export
/// and import, and what `add` refuses.
@Suite("habits to quit, end to end")
struct QuitEndToEndTests {
    func numbers(_ box: Sandbox, _ name: String, _ now: String, env: [String: String] = [:]) throws -> (String, Int, Int, Int) {
        let status = try box.status(name, now: now, env: env)
        return (status["state"] as? String ?? "", status["current"] as? Int ?? -1, status["best"] as? Int ?? -1,
                status["total"] as? Int ?? -1)
    }

    @Test(arguments: ["Asia/Tokyo", "America/Los_Angeles", "Europe/Berlin"])
    func aSlipBreaksAndTheNextDateStartsAgain(zone: String) throws {
        let box = try Sandbox(tz: zone)
        let added = try box.sp("add", "smoke", "--quit", "--from", "2026-03-20", "--icon", "🚭", "--now", "2026-03-27T09:00")
        #expect(added.status == 0 && added.stdout.contains("a habit to quit"), "\(added)")
        // From the date quit, today included; across the spring DST change.
        #expect(try numbers(box, "smoke", "2026-03-27T09:00") == ("done", 8, 8, 8))
        #expect(try box.prompt(["smoke"], now: "2026-03-27T23:59") == "🚭8")
        #expect(try box.prompt(["smoke"], now: "2026-03-28T00:01") == "🚭9")
        // A slip: that date reads broken, 0; the next date starts again at 1.
        let slip = try box.sp("tick", "smoke", "--now", "2026-03-28T22:00")
        #expect(slip.status == 0 && slip.stdout.contains("slip recorded"), "\(slip)")
        #expect(try numbers(box, "smoke", "2026-03-28T23:00") == ("broken", 0, 8, 8))
        #expect(try box.prompt(["smoke"], now: "2026-03-28T23:00") == "🚭0")
        #expect(try numbers(box, "smoke", "2026-03-29T08:00") == ("done", 1, 8, 9))
        #expect(try box.prompt(["smoke"], now: "2026-03-29T08:00") == "🚭1")
        // A second slip the same date changes nothing more.
        try box.sp("tick", "smoke", "--now", "2026-03-28T23:30")
        #expect(try numbers(box, "smoke", "2026-04-10T12:00") == ("done", 13, 13, 21))
        #expect(try box.prompt(["smoke"], now: "2026-04-10T12:00") == "🚭13")
        // History: the runs between slips.
        let history = try box.sp("history", "smoke", "--json", "--now", "2026-04-10T12:00")
        let runs = try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [[String: Any]] ?? []
        #expect(runs.map { $0["length"] as? Int ?? -1 } == [8, 13], "\(history)")
        #expect(runs.first?["start"] as? String == "2026-03-20")
        // JSON says what it is: no goal asked, so no progress to show.
        let status = try box.status("smoke", now: "2026-04-10T12:00")
        #expect(status["quit"] as? Bool == true && status["quit_since"] as? String == "2026-03-20")
        #expect(try box.prompt(["smoke", "--format", "{icon}{count}{progress}{bar}"], now: "2026-04-10T12:00") == "🚭13")
        // A slip dated before the date quit is kept and breaks nothing (nor lengthens a run).
        let early = try box.sp("tick", "smoke", "--now", "2026-03-15T09:00")
        #expect(early.status == 0 && early.stdout.contains("before 2026-03-20, the date smoke counts from"), "\(early)")
        #expect(try numbers(box, "smoke", "2026-04-10T12:00") == ("done", 13, 13, 21))
        #expect(try box.sp("log", "smoke", "--now", "2026-04-10T12:00").stdout.contains("2026-03-15"))
    }

    @Test func pausesApplyAndADayStartToo() throws {
        let box = try Sandbox(tz: "Europe/Berlin", extra: ["STREAKPROMPT_DAY_START": "04:00"])
        try box.sp("add", "drink", "--quit", "--from", "2026-12-20", "--now", "2026-12-20T12:00")
        try box.sp("pause", "drink", "--from", "2026-12-24", "--to", "2026-12-26", "--now", "2026-12-20T12:00")
        // A slip on a paused date is recorded and breaks nothing.
        try box.sp("tick", "drink", "--now", "2026-12-25T20:00")
        #expect(try numbers(box, "drink", "2026-12-25T21:00") == ("done", 4, 4, 5))
        #expect(try numbers(box, "drink", "2026-12-27T12:00") == ("done", 5, 5, 7))
        #expect(try box.prompt(["drink"], now: "2026-12-27T12:00").hasSuffix("5"))
        // 02:30 on the 31st counts for the 30th with the day starting at 04:00.
        try box.sp("tick", "drink", "--now", "2026-12-31T02:30")
        #expect(try numbers(box, "drink", "2026-12-31T03:00") == ("broken", 0, 7, 9))
        #expect(try numbers(box, "drink", "2027-01-01T12:00") == ("done", 2, 7, 11))
    }

    @Test func listRemindCalendarAndTheHumanStatus() throws {
        let box = try Sandbox()
        try box.sp("add", "scroll", "--quit", "--from", "2026-11-01", "--now", "2026-11-24T09:00")
        try box.sp("tick", "quiz", "--now", "2026-11-23T09:00")
        let list = try box.sp("list", "--now", "2026-11-24T12:00")
        #expect(list.stdout.contains("scroll") && list.stdout.contains("done"), "\(list)")
        // Nothing is asked of a habit to quit: no reminder, while quiz is pending.
        let remind = try box.sp("remind", "--now", "2026-11-24T20:00")
        #expect(remind.stdout.contains("quiz") && !remind.stdout.contains("scroll"), "\(remind)")
        let status = try box.sp("status", "scroll", "--now", "2026-11-24T12:00")
        #expect(status.stdout.contains("no slip today") && status.stdout.contains("a habit to quit"), "\(status)")
        try box.sp("tick", "scroll", "--now", "2026-11-24T13:00")
        let slipped = try box.sp("status", "scroll", "--now", "2026-11-24T14:00")
        #expect(slipped.stdout.contains("a slip today"), "\(slipped)")
        let calendar = try box.sp("calendar", "scroll", "--weeks", "4", "--now", "2026-11-24T14:00")
        #expect(calendar.stdout.contains("22 dates without a slip since 2026-11-02"), "\(calendar)")
    }

    @Test func addRefusesWhatDoesNotApply() throws {
        let box = try Sandbox()
        for flag in [["--goal", "2"], ["--target", "3/week"], ["--freezes", "1"], ["--schedule", "weekdays"], ["--earn-freeze", "5"]] {
            let result = try box.spArgs(["add", "smoke", "--quit"] + flag)
            #expect(result.status == 2 && result.stderr.contains(flag[0]) && result.stdout.isEmpty, "\(result)")
        }
        #expect(!FileManager.default.fileExists(atPath: box.home + "/streaks/smoke"))
        let future = try box.sp("add", "smoke", "--quit", "--from", "2026-12-01", "--now", "2026-11-24T12:00")
        #expect(future.status == 2 && future.stderr.contains("after today"), "\(future)")
        try box.sp("add", "smoke", "--quit", "--now", "2026-11-24T12:00")
        // A habit to quit has no rules to change; a habit to keep does not become one.
        let goal = try box.sp("add", "smoke", "--goal", "2")
        #expect(goal.status == 2 && goal.stderr.contains("habit to quit"), "\(goal)")
        try box.sp("tick", "quiz")
        let convert = try box.sp("add", "quiz", "--quit")
        #expect(convert.status == 2 && convert.stderr.contains("habit to keep"), "\(convert)")
        // The icon and tags still change.
        let icon = try box.sp("add", "smoke", "--icon", "🚭", "--tag", "health")
        #expect(icon.status == 0, "\(icon)")
        #expect(try box.read("streaks/smoke/streak.conf").contains("quit=2026-11-24\n"))
    }

    @Test func itsOwnIconAndTakingASlipBack() throws {
        let box = try Sandbox()
        try box.sp("add", "smoke", "--quit", "--now", "2026-11-20T12:00")
        try box.sp("add", "sugar", "--quit", "--now", "2026-11-20T12:00")
        #expect(try box.status("smoke", now: "2026-11-24T12:00")["icon"] as? String == "🚭")
        #expect(try box.status("sugar", now: "2026-11-24T12:00")["icon"] as? String != "🚭")
        #expect(try box.prompt(["smoke"], now: "2026-11-24T12:00", env: ["LANG": "C"]) == "!5")
        try box.sp("tick", "smoke", "--now", "2026-11-24T13:00")
        let undo = try box.sp("undo", "smoke", "--now", "2026-11-24T14:00")
        #expect(undo.status == 0 && undo.stdout.contains("took back the slip") && undo.stdout.contains("counts again"), "\(undo)")
        #expect(try numbers(box, "smoke", "2026-11-24T14:00") == ("done", 5, 5, 5))
    }

    @Test(arguments: ["json", "csv"])
    func exportAndImportKeepIt(format: String) throws {
        let box = try Sandbox()
        try box.sp("add", "smoke", "--quit", "--from", "2026-11-01", "--tag", "health", "--now", "2026-11-24T12:00")
        try box.sp("tick", "smoke", "--now", "2026-11-10T12:00")
        let export = try box.sp("export", "--format", format)
        #expect(export.status == 0 && export.stdout.contains("2026-11-01"), "\(export)")
        let other = try Sandbox()
        let file = other.root.appendingPathComponent("export.\(format)").path
        try Data(export.stdout.utf8).write(to: URL(fileURLWithPath: file))
        let imported = try other.sp("import", file)
        #expect(imported.status == 0, "\(imported)")
        #expect(try numbers(other, "smoke", "2026-11-24T12:00") == ("done", 14, 14, 23))
        #expect(try other.sp("export", "--format", format).stdout == export.stdout)
    }
}

/// The first data a habit to quit was written as (Tests/Fixtures/quit-v1) reads back the same,
/// and a slip recorded on it keeps every file but the log as it was.
@Suite("the first quit data")
struct QuitFixtureTests {
    @Test func theFirstQuitDataReadsBack() throws {
        let box = try Sandbox(tz: "Europe/Berlin", extra: ["STREAKPROMPT_DAY_START": "04:00", "STREAKPROMPT_MACHINE": "laptop"])
        try FileManager.default.copyItem(atPath: Package.root.path + "/Tests/Fixtures/quit-v1/data", toPath: box.home)
        let settings = try box.read("streaks/smoke/streak.conf")
        let status = try box.status("smoke", now: "2026-11-24T12:00")
        #expect(status["current"] as? Int == 4 && status["best"] as? Int == 9 && status["total"] as? Int == 22, "\(status)")
        #expect(status["quit"] as? Bool == true && status["quit_since"] as? String == "2026-11-01")
        #expect(status["tags"] as? [String] == ["health"] && status["icon"] as? String == "🚭")
        let history = try box.sp("history", "smoke", "--json", "--now", "2026-11-24T12:00")
        let runs = try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [[String: Any]] ?? []
        #expect(runs.map { $0["length"] as? Int ?? -1 } == [9, 7, 4], "\(history)")
        // No prompt cache came with it: the first prompt is silent and has it rebuilt.
        var segment = ""
        for _ in 0..<50 where segment.isEmpty {
            segment = try box.prompt(["smoke"], now: "2026-11-24T12:00")
            if segment.isEmpty { usleep(100_000) }
        }
        #expect(segment == "🚭4")
        try box.sp("tick", "smoke", "--now", "2026-11-24T20:00")
        #expect(try box.read("streaks/smoke/streak.conf") == settings)
        #expect(try box.status("smoke", now: "2026-11-25T12:00")["current"] as? Int == 1)
    }
}

/// The completion rates as bars: `list`'s 30 days, `status`'s 30 and 365, in UTF-8 and in the C
/// locale, and a narrow terminal that keeps only the percentage.
@Suite("rate bars")
struct RateBarTests {
    func box() throws -> Sandbox {
        let box = try Sandbox()
        for day in 1...20 where day % 4 != 0 { try box.sp("tick", "quiz", "--now", String(format: "2026-11-%02dT09:00", day)) }
        return box
    }

    @Test(arguments: [("C.UTF-8", "▕███████░░░▏  75%"), ("C", "[#######---]  75%")])
    func listShowsTheThirtyDayBar(lang: String, bar: String) throws {
        let box = try box()
        let list = try box.sp("list", "--now", "2026-11-21T12:00", env: ["LANG": lang, "COLUMNS": "120"])
        #expect(list.stdout.contains("LAST 30 DAYS") && list.stdout.contains(bar), "\(list)")
        let status = try box.sp("status", "quiz", "--now", "2026-11-21T12:00", env: ["LANG": lang])
        #expect(status.stdout.contains("last 30 days  " + bar.replacingOccurrences(of: "  75%", with: " 75% (15 of 20)")), "\(status)")
        #expect(status.stdout.contains("last 365 days " + bar.replacingOccurrences(of: "  75%", with: " 75% (15 of 20)")), "\(status)")
    }

    @Test func aNarrowTerminalGetsThePercentageOnly() throws {
        let box = try box()
        let list = try box.sp("list", "--now", "2026-11-21T12:00", env: ["COLUMNS": "40"])
        #expect(list.stdout.contains("30D") && list.stdout.contains(" 75%") && !list.stdout.contains("▕"), "\(list)")
        let json = try box.status("quiz", now: "2026-11-21T12:00")
        #expect(json["rate_30"] as? Int == 75)
    }
}
