import Foundation
import Testing

/// A week of daily use: a typo does not start a streak, names that cannot work are refused,
/// ticks cannot land after tomorrow, and dates can be typed as people say them.
@Suite("daily use")
struct DailyUseTests {
    func withQuiz() throws -> Sandbox {
        let box = try Sandbox(tz: "Europe/Berlin")
        try box.sp("add", "quiz")
        return box
    }

    @Test func aTypoByHandStartsNoStreak() throws {
        let box = try withQuiz()
        let typo = try box.spByHand("tick", "qiuz")
        #expect(typo.status == 2, "\(typo)")
        #expect((typo.stdout + typo.stderr).contains("did you mean 'quiz'? 'streakprompt add qiuz' creates it"), "\(typo)")
        #expect(!FileManager.default.fileExists(atPath: box.home + "/streaks/qiuz"))
        // A hook or a script (no terminal, or --quiet) creates on first use, as always.
        #expect(try box.spByHand("tick", "qiuz", "--quiet").status == 0)
        #expect(try box.sp("tick", "quizz").status == 0)
        // A name far from every streak is a new habit.
        #expect(try box.spByHand("tick", "running").stdout.contains("running: new streak"))
        // Short names and names that differ in their digits are families, not typos.
        try box.sp("tick", "s1")
        #expect(try box.spByHand("tick", "s2").stdout.contains("s2: new streak"))
        try box.sp("tick", "day1")
        #expect(try box.spByHand("tick", "day2").stdout.contains("day2: new streak"))
    }

    /// A case twin is no name (one folder on macOS and Windows disks); a command word is one
    /// (`tick status` can only mean the streak).
    @Test func caseTwinsAreNoNamesCommandWordsAre() throws {
        let box = try withQuiz()
        for arguments in [["add", "Quiz"], ["tick", "QUIZ"]] {
            let refused = try box.spArgs(arguments)
            #expect(refused.status == 2, "\(arguments): \(refused)")
        }
        #expect(try box.sp("add", "Quiz").stderr.contains("only in letter case"))
        #expect(try box.sp("list", "--json").stdout.components(separatedBy: "\"name\"").count == 2, "only quiz")
        for arguments in [["add", "list"], ["tick", "status", "--quiet"]] {
            #expect(try box.spArgs(arguments).status == 0, "\(arguments)")
        }
        #expect(try box.sp("list", "--json").stdout.components(separatedBy: "\"name\"").count == 4, "quiz, list, status")
    }

    /// --now acts as if it were then (tests and previews rely on it), so a tick after tomorrow
    /// is taken; typed by hand it is most likely a typo, and the tick says so.
    @Test func aTickAfterTomorrowByHandIsNamed() throws {
        let box = try withQuiz()
        let later = try box.spByHand("tick", "quiz", "--now", "2099-01-01")
        #expect(later.status == 0 && (later.stdout + later.stderr).contains("2099-01-01 is after tomorrow"), "\(later)")
        #expect(try box.sp("tick", "quiz", "--now", "2099-01-02").stderr.isEmpty, "a script is not warned")
        let env = ["STREAKPROMPT_NOW": "2026-11-24T10:00"]
        let tomorrow = try box.sp("tick", "quiz", "--now", "tomorrow", env: env)
        #expect(tomorrow.status == 0 && tomorrow.stdout.contains("for 2026-11-25"), "\(tomorrow)")
    }

    @Test func aLeftoverStreakpromptNowIsNamedByHand() throws {
        let box = try withQuiz()
        let tick = try box.spByHand("tick", "quiz", env: ["STREAKPROMPT_NOW": "2030-01-02T10:00"])
        #expect(tick.status == 0, "\(tick)")
        #expect((tick.stdout + tick.stderr).contains("STREAKPROMPT_NOW='2030-01-02T10:00' is set: this tick counted for 2030-01-02"), "\(tick)")
        // Not by hand (a hook), or with --now given, nothing is said.
        #expect(try box.sp("tick", "quiz", env: ["STREAKPROMPT_NOW": "2030-01-03T10:00"]).stderr.isEmpty)
    }

    @Test func datesAsPeopleSayThem() throws {
        let box = try withQuiz()
        let env = ["STREAKPROMPT_NOW": "2026-11-24T10:00"]
        #expect(try box.sp("tick", "quiz", "--now", "yesterday", env: env).stdout.contains("for 2026-11-23"))
        #expect(try box.sp("tick", "quiz", "--now", "-3d", env: env).stdout.contains("for 2026-11-21"))
        #expect(try box.sp("tick", "quiz", "--now", "2d 21:30", env: env).stdout.contains("for 2026-11-22"))
        // 01:30 with a 04:00 day start is still the 23rd: "21:30" is that date's evening, and
        // "yesterday 02:00" the night that ends the 22nd.
        let late = ["STREAKPROMPT_NOW": "2026-11-24T01:30", "STREAKPROMPT_DAY_START": "04:00"]
        #expect(try box.sp("tick", "quiz", "--now", "21:30", "--note", "evening", env: late).stdout.contains("counted today"))
        #expect(try box.sp("tick", "quiz", "--now", "yesterday 02:00", env: late).stdout.contains("for 2026-11-22"))
        let moments = try JSONSerialization.jsonObject(with: Data(try box.sp("log", "quiz", "--json").stdout.utf8)) as? [[String: Any]] ?? []
        #expect(moments.contains { $0["at"] as? String == "2026-11-23T21:30:00+01:00" && $0["note"] as? String == "evening" }, "\(moments)")
        #expect(moments.contains { $0["at"] as? String == "2026-11-23T02:00:00+01:00" && $0["date"] as? String == "2026-11-22" }, "\(moments)")
        let log = try box.sp("log", "quiz", "--json", "--since", "2d", env: env)
        let entries = try JSONSerialization.jsonObject(with: Data(log.stdout.utf8)) as? [[String: Any]] ?? []
        #expect(Set(entries.compactMap { $0["date"] as? String }) == ["2026-11-22", "2026-11-23"], "\(log.stdout)")
        #expect(entries.count == 4, "\(log.stdout)")
        // --now as the flag, like every command that reads the clock.
        #expect(try box.sp("log", "quiz", "--json", "--since", "2d", "--now", "2026-11-24T10:00").stdout == log.stdout)
        let pause = try box.sp("pause", "quiz", "--from", "tomorrow", "--to", "+3d", env: env)
        #expect(pause.stdout.contains("2026-11-25 to 2026-11-27"), "\(pause)")
        let bad = try box.sp("tick", "quiz", "--now", "the day after", env: env)
        #expect(bad.status == 2 && bad.stderr.contains("yesterday 21:30"), "\(bad)")
    }

    /// Day one of a goal, an untouched streak, and one whose only action was taken back are
    /// new, not broken, in every view; JSON keeps the state and says new; remind lists them.
    @Test func aStreakThatNeverMetADateIsNewEverywhere() throws {
        let box = try Sandbox(tz: "Asia/Tokyo")
        let env = ["STREAKPROMPT_NOW": "2026-11-24T10:00"]
        try box.sp("add", "run", "--goal", "3")
        try box.sp("tick", "run", env: env)
        try box.sp("add", "zero")
        try box.sp("tick", "gone", env: env)
        try box.sp("undo", "gone", env: env)
        #expect(try box.sp("status", "run", env: env).stdout.hasPrefix("run  🔥 0  new: 1 of 3 today, 14h 0m left\n"))
        #expect(try box.sp("status", "zero", env: env).stdout.contains("new: no actions yet"))
        #expect(try box.sp("status", "gone", env: env).stdout.contains("  new: 14h 0m left today\n"))
        let list = try box.sp("list", env: env).stdout
        #expect(list.contains("new 1/3") && !list.contains("broken"), "\(list)")
        for name in ["run", "zero", "gone"] {
            let status = try box.status(name, now: "2026-11-24T10:00")
            #expect(status["state"] as? String == "broken" && status["new"] as? Bool == true, "\(name): \(status)")
        }
        let remind = try box.sp("remind", env: env)
        #expect(remind.status == 1 && remind.stdout.contains("run 🔥0: 1 of 3 today"), "\(remind)")
        // Once a date was met and the run broke, it is broken, not new.
        try box.sp("tick", "once", "--now", "2026-11-20T10:00", env: env)
        #expect(try box.status("once", now: "2026-11-24T10:00")["new"] as? Bool == false)
    }

    /// The same settings again change nothing and say so (no rule change is recorded); an
    /// empty icon is refused.
    @Test func addingWhatIsThereAlreadyChangesNothing() throws {
        let box = try Sandbox()
        try box.sp("add", "x1", "--icon", "🔥")
        let same = try box.sp("add", "x1", "--goal", "1", "--freezes", "0")
        #expect(same.status == 0 && same.stdout.contains("nothing changed"), "\(same)")
        #expect(try box.sp("add", "x1", "--icon", "🔥").stdout.contains("nothing changed"))
        #expect(!FileManager.default.fileExists(atPath: box.home + "/streaks/x1/test.events"), "no rule change recorded")
        let empty = try box.sp("add", "x1", "--icon", "")
        #expect(empty.status == 2, "\(empty)")
        #expect(try box.status("x1", now: "2026-11-24T10:00")["icon"] as? String == "🔥")
        #expect(try box.sp("add", "x1", "--goal", "2").stdout.hasPrefix("Updated 🔥 x1: goal 2"))
    }

    /// A pause over dates that were met says so, and what it did to the run.
    @Test func aPauseOverMetDatesSaysWhatItDid() throws {
        let box = try Sandbox()
        for day in ["20", "21", "22", "23"] { try box.sp("tick", "q", "--now", "2026-11-\(day)") }
        let pause = try box.sp("pause", "q", "--from", "2026-11-22", "--to", "2026-11-24", "--now", "2026-11-23T12:00")
        #expect(pause.stdout.contains("2 of them were met already (2026-11-22, 2026-11-23)"), "\(pause)")
        #expect(pause.stdout.contains("so the run went from 4 to 2"), "\(pause)")
        let quiet = try box.sp("pause", "q", "--from", "2026-12-01", "--to", "2026-12-02", "--now", "2026-11-23T12:00")
        #expect(!quiet.stdout.contains("met already"), "\(quiet)")
    }

    /// One way to say each thing: past the goal reads as met (`3 of 3 +1`), {progress} says
    /// nothing on a paused date, and a week's time left reads as remind says it.
    @Test func oneWayToSayProgressAndTimeLeft() throws {
        let box = try Sandbox()
        try box.sp("add", "run", "--goal", "3")
        try box.sp("tick", "run", "--count", "4", "--now", "2026-11-24T09:00")
        #expect(try box.sp("status", "run", "--now", "2026-11-24T12:00").stdout.contains("done today (3 of 3 +1)"))
        try box.sp("tick", "run", "--now", "2026-11-25T09:00")
        #expect(try box.prompt(["run", "--format", "{progress}"], now: "2026-11-25T12:00") == "1/3")
        try box.sp("pause", "run", "--from", "2026-11-25", "--to", "2026-11-25", "--now", "2026-11-25T12:00")
        #expect(try box.prompt(["run", "--format", "{progress}"], now: "2026-11-25T12:00") == "", "nothing is asked of a paused date")
        // Nor of a date off the schedule: the same as a paused one (status still counts it).
        try box.sp("add", "desk", "--goal", "2", "--schedule", "weekdays")
        try box.sp("tick", "desk", "--count", "2", "--now", "2026-11-27T09:00")
        try box.sp("tick", "desk", "--now", "2026-11-28T09:00")
        #expect(try box.prompt(["desk", "--format", "{state} {progress}{bar}"], now: "2026-11-28T12:00") == "done ")
        #expect(try box.status("desk", now: "2026-11-28T12:00")["progress"] as? [Int] == [1, 2])
        #expect(try box.prompt(["desk", "--format", "{progress}{bar}"], now: "2026-11-30T12:00") == "0/2▱▱")
        try box.sp("add", "read", "--target", "2/week")
        try box.sp("tick", "read", "--now", "2026-11-25T09:00")
        let status = try box.sp("status", "read", "--now", "2026-11-25T12:00").stdout
        let remind = try box.sp("remind", "--now", "2026-11-25T12:00").stdout
        #expect(status.contains("new: 1 of 2 this week, 4d 12h left") && remind.contains("1 of 2 this week, 4d 12h left"),
                "\(status)\n\(remind)")
        // A weekly target's week still asks on a paused date: its progress shows, as status says.
        try box.sp("pause", "read", "--from", "2026-11-26", "--to", "2026-11-26", "--now", "2026-11-25T12:00")
        #expect(try box.prompt(["read", "--format", "{progress} {bar}"], now: "2026-11-26T12:00") == "1/2 ▰▱")
        let paused = try box.status("read", now: "2026-11-26T12:00")
        #expect(paused["paused"] as? Bool == true && paused["progress"] as? [Int] == [1, 2], "\(paused)")
    }

    /// Day start, week start, format and names set once in the config file hold for every
    /// command and the prompt, with no variable (what a git GUI, cron or tmux sees); a
    /// variable still wins; unset restores the default; the file keeps its other lines.
    @Test func settingsInTheConfigFileHoldEverywhere() throws {
        let box = try Sandbox(tz: "Europe/Berlin")
        let config = box.root.appendingPathComponent("home/.config/streakprompt").path
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
        try "# mine\nstyle-done = 32\n".write(toFile: config + "/config", atomically: true, encoding: .utf8)
        for (key, value) in [("day-start", "04:00"), ("week-start", "sun"), ("format", "{icon}{count}!"), ("names", "quiz")] {
            let set = try box.sp("config", "set", key, value)
            #expect(set.status == 0 && set.stdout.hasPrefix("Set \(key) = \(value) in "), "\(set)")
        }
        #expect(try String(contentsOfFile: config + "/config", encoding: .utf8).hasPrefix("# mine\nstyle-done = 32\nday-start = 04:00\n"))
        let tick = try box.sp("tick", "quiz", "--now", "2026-11-24T02:30")
        #expect(tick.stdout.contains("for 2026-11-23"), "the file's day start: \(tick)")
        try box.sp("tick", "gym", "--now", "2026-11-24T10:00")
        #expect(try box.prompt([], now: "2026-11-24T03:00") == "🔥1!", "the file's format and names")
        #expect(try box.prompt([], now: "2026-11-24T03:00", env: ["STREAKPROMPT_FORMAT": "{count}"]) == "1", "a variable wins")
        let shown = try box.sp("config").stdout
        #expect(shown.contains("day-start          = 04:00  [") && shown.contains("week-start         = sun  ["), "\(shown)")
        // Where the data is, this machine's name, the zone and colour, with where each came from.
        #expect(shown.contains("data folder        = \(box.home)  [STREAKPROMPT_HOME]"), "\(shown)")
        #expect(shown.contains("machine            = test  [STREAKPROMPT_MACHINE]"), "\(shown)")
        #expect(shown.contains("zone               = Europe/Berlin  [TZ]"), "\(shown)")
        #expect(try box.sp("config", env: ["NO_COLOR": "1"]).stdout.contains("colour             = no  [NO_COLOR]"))
        // A variable that does not read is shown as refused, not as the value in effect.
        let refused = try box.sp("config", env: ["STREAKPROMPT_DAY_START": "4am", "STREAKPROMPT_WEEK_START": "tue"]).stdout
        #expect(refused.contains("day-start          = 4am  [STREAKPROMPT_DAY_START] (not a time of day such as 04:00: commands refuse it)"),
                "\(refused)")
        #expect(refused.contains("= tue  [STREAKPROMPT_WEEK_START] (not mon or sun: commands refuse it)"), "\(refused)")
        #expect(try box.sp("config", "set", "day-start", "25:00").status == 2)
        let placeholder = try box.sp("config", "set", "format", "{cont}")
        #expect(placeholder.status == 2 && placeholder.stderr.contains("unknown placeholder '{cont}'"), "\(placeholder)")
        #expect(try box.sp("config", "set", "colour", "red").stderr.contains("unknown setting 'colour'"))
        #expect(try box.sp("config", "unset", "names").stdout.hasPrefix("Removed names"))
        #expect(try box.prompt([], now: "2026-11-24T03:00").contains("!"))
        #expect(try box.sp("config", "unset", "names").stdout.contains("nothing changed"))
    }

    /// The week start is not kept per date: a change reads every past week again from the new
    /// first day. `config set week-start` says what that does to each weekly streak.
    @Test func aWeekStartChangeSaysWhatItDoesToWeeklyStreaks() throws {
        let box = try Sandbox(extra: ["STREAKPROMPT_NOW": "2026-11-19T12:00"])
        #expect(try box.sp("add", "gym", "--target", "2/week").status == 0)
        try box.sp("add", "read")
        // A Sunday and a Monday: two weeks of one date each from Monday, one met week from Sunday.
        try box.sp("tick", "gym", "--now", "2026-11-15T12:00", "--quiet")
        try box.sp("tick", "gym", "--now", "2026-11-16T12:00", "--quiet")
        let sunday = try box.sp("config", "set", "week-start", "sun")
        #expect(sunday.stdout.contains("Weekly streaks read their weeks from Sunday now, the past ones too: gym 0w (best 0w) → 1w (best 1w)."),
                "\(sunday)")
        #expect(!sunday.stdout.contains("read 0"), "a daily streak is not named: \(sunday)")
        #expect(try box.status("gym", now: "2026-11-19T12:00")["current"] as? Int == 1)
        let back = try box.sp("config", "unset", "week-start")
        #expect(back.stdout.contains("from Monday now, the past ones too: gym 1w (best 1w) → 0w (best 0w)."), "\(back)")
        // A variable in this shell wins over the file: nothing changes here, and nothing is said.
        let shadowed = try box.sp("config", "set", "week-start", "sun", env: ["STREAKPROMPT_WEEK_START": "mon"])
        #expect(shadowed.stdout.contains("STREAKPROMPT_WEEK_START is set") && !shadowed.stdout.contains("Weekly"), "\(shadowed)")
    }

    /// `--verison` and `-v` point at the version; a far guess comes with the valid words; an
    /// alias is a candidate.
    @Test func suggestionsAreOnlyOfferedWhenClose() throws {
        let box = try Sandbox()
        #expect(try box.sp("--verison").stderr.contains("did you mean 'streakprompt --version'?"))
        #expect(try box.sp("tick", "-v").stderr.contains("did you mean 'streakprompt --version'?"))
        #expect(try box.sp("status", "--jsno").stderr.contains("did you mean '--json'?"))
        let far = try box.sp("status", "--colour")
        #expect(far.status == 2 && far.stderr.contains("its flags are") && far.stderr.contains("--json"), "\(far)")
        #expect(try box.sp("help", "undoo").stderr.contains("did you mean 'undo'?"))
        #expect(try box.sp("help", "stauts").stderr.contains("did you mean 'status'?"))
        #expect(try box.sp("config", "set", "day-strat", "04:00").stderr.contains("did you mean 'day-start'?"))
    }

    /// `{bar}`: today's progress as cells, full once met, ASCII under the C locale, nothing on
    /// a paused date; a weekly target's cells are its met dates; a huge goal is ten cells.
    @Test func theBarShowsProgressAsCells() throws {
        let box = try Sandbox()
        try box.sp("add", "run", "--goal", "3")
        try box.sp("tick", "run", "--count", "2", "--now", "2026-11-24T09:00")
        #expect(try box.prompt(["run", "--format", "{bar}"], now: "2026-11-24T10:00") == "▰▰▱")
        #expect(try box.prompt(["run", "--format", "{bar}"], now: "2026-11-24T10:00", env: ["LC_ALL": "C", "LANG": "C"]) == "##-")
        try box.sp("tick", "run", "--count", "5", "--now", "2026-11-24T09:30")
        #expect(try box.prompt(["run", "--format", "{bar}"], now: "2026-11-24T10:00") == "▰▰▰")
        try box.sp("pause", "run", "--from", "2026-11-25", "--to", "2026-11-25", "--now", "2026-11-24T10:00")
        #expect(try box.prompt(["run", "--format", "{bar}"], now: "2026-11-25T10:00") == "")
        try box.sp("add", "read", "--target", "3/week")
        try box.sp("tick", "read", "--now", "2026-11-24T09:00")
        #expect(try box.prompt(["read", "--format", "{bar}"], now: "2026-11-24T10:00") == "▰▱▱")
        try box.sp("add", "pushups", "--goal", "100")
        try box.sp("tick", "pushups", "--count", "55", "--now", "2026-11-24T09:00")
        #expect(try box.prompt(["pushups", "--format", "{bar}"], now: "2026-11-24T10:00") == "▰▰▰▰▰▱▱▱▱▱")
    }

    /// `list --sort`: each key, highest first (ties by name), name, and the default order.
    @Test func listSortsByEachKey() throws {
        let box = try Sandbox()
        for day in ["20", "21", "22", "23", "24"] { try box.sp("tick", "bravo", "--now", "2026-11-\(day)") }
        try box.sp("tick", "alpha", "--now", "2026-11-24")
        for day in ["10", "11", "12"] { try box.sp("tick", "charlie", "--now", "2026-11-\(day)") }
        func names(_ key: String) throws -> [String] {
            let list = try box.sp("list", "--json", "--sort", key, "--now", "2026-11-24T12:00")
            let rows = try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]] ?? []
            return rows.compactMap { $0["name"] as? String }
        }
        #expect(try names("order") == ["alpha", "bravo", "charlie"])
        #expect(try names("name") == ["alpha", "bravo", "charlie"])
        #expect(try names("current") == ["bravo", "alpha", "charlie"])
        #expect(try names("best") == ["bravo", "charlie", "alpha"])
        #expect(try names("last") == ["alpha", "bravo", "charlie"])
        #expect(try names("rate").last == "charlie")
        let bad = try box.sp("list", "--sort", "colour")
        #expect(bad.status == 2 && bad.stderr.contains("(order, name, current, best, rate or last)"), "\(bad)")
    }
}
