import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Goals, weekly targets, pauses, earned freezes and rule changes, through the built binary:
/// every command and flag of issue 9, the week start, and the prompt.
@Suite("goals, weeks and pauses end to end")
struct GoalsEndToEndTests {
    func box(_ extra: [String: String] = [:]) throws -> Sandbox {
        var environment = ["NO_COLOR": "1", "COLUMNS": "80"]
        for (key, value) in extra { environment[key] = value }
        return try Sandbox(tz: "Europe/Berlin", extra: environment)
    }

    @Test func aDailyGoalCountsTicksUntilMet() throws {
        let box = try box()
        let added = try box.sp("add", "run", "--goal", "3", "--icon", "🏃", "--earn-freeze", "2", "--max-freezes", "1",
                               "--now", "2026-11-16T08:00")
        #expect(added.stdout == "Added 🏃 run: daily, goal 3, 0 freezes, earns a freeze every 2 met dates (up to 1 held). Count an action with 'streakprompt tick run'.\n")
        #expect(try box.read("streaks/run/streak.conf") == """
            # streakprompt streak settings
            icon=🏃
            schedule=daily
            freezes=0
            goal=3
            earn-freeze=2
            max-freezes=1

            """)
        // Ticks made at the moment they say (not backdated with --now, which a tick names).
        let said = try [
            (["--count", "2", "--note", "5 km"], "2026-11-16T08:00"), ([], "2026-11-16T19:00"),
            ([], "2026-11-16T20:00"), (["--count", "3"], "2026-11-17T08:00"), ([], "2026-11-18T08:00"),
        ].map { try box.spArgs(["tick", "run"] + $0.0, env: ["STREAKPROMPT_NOW": $0.1]).stdout }
        #expect(said == [
            "run: 2 of 3 today · 🏃 0\n",
            "run: counted today (3 of 3) · 🏃 1\n",
            "run: already counted today (3 of 3 +1) · 🏃 1\n",
            "run: counted today (3 of 3) · 🏃 2\n",
            "run: 1 of 3 today · 🏃 2\n",
        ])
        #expect(withoutIDs(try box.read("streaks/run/test.log")).contains("2026-11-16 2026-11-16T08:00:00+01:00 count=2 note=5%20km\n"))
        let status = try box.sp("status", "run", "--now", "2026-11-18T12:00").stdout
        #expect(status == """
            run  🏃 2  pending: 1 of 3 today, 12h 0m left
              best 2 · total 2 · last 2026-11-17
              last 30 days  ▕██████████▏ 100% (2 of 2)
              last 365 days ▕██████████▏ 100% (2 of 2)
              schedule daily · goal 3 a date · freezes held 1, 1 earned (one every 2 met dates while fewer than 1 are held)

            """)
        // 11-18 ends with 1 of 3: a miss; the earned freeze covers it.
        let json = try box.status("run", now: "2026-11-19T12:00")
        #expect(json["state"] as? String == "pending")
        #expect(json["current"] as? Int == 2)
        #expect(json["freezes"] as? Int == 0)
        #expect(json["goal"] as? Int == 3)
        #expect(json["unit"] as? String == "day")
        #expect(json["progress"] as? [Int] == [0, 3])
        #expect(json["paused"] as? Bool == false)
        #expect(try box.prompt(["--format", "{icon}{count}{unit} {progress}"], now: "2026-11-19T12:00") == "🏃2 0/3")
        try box.sp("tick", "run", "--count", "3", "--quiet", "--now", "2026-11-19T13:00")
        #expect(try box.prompt(["--format", "{icon}{count}{unit} {progress}"], now: "2026-11-19T14:00") == "🏃3 ")
    }

    @Test func badCountsNotesAndRulesAreUsageErrors() throws {
        let box = try box()
        let cases: [([String], String)] = [
            (["tick", "--count", "0"], "streakprompt: --count '0' is not a whole number from 1 to 1000000\n"),
            (["tick", "--note", ""], "streakprompt: --note must not be empty\n"),
            (["tick", "--note", "a\tb"], "streakprompt: --note must not hold control characters (tabs, line breaks, escapes)\n"),
            (["add", "x", "--goal", "0"], "streakprompt: --goal '0' is not a whole number from 1 to 1000000\n"),
            (["add", "x", "--target", "8/week"], "streakprompt: --target '8/week' is not a weekly target; use N/week with N from 1 to 7, e.g. 3/week\n"),
            (["add", "x", "--schedule", "daily", "--target", "2/week"],
             "streakprompt: give a schedule or a weekly target, not both (--schedule counts dates, --target weeks)\n"),
            (["add", "x", "--from", "someday"], "streakprompt: --from 'someday' is not a date; use YYYY-MM-DD (e.g. 2026-11-22), today, yesterday, tomorrow, -2d (two days ago) or +1w (in a week)\n"),
            (["pause", "x", "--from", "2026-11-20", "--to", "2026-11-19"],
             "streakprompt: --to 2026-11-19 is before --from 2026-11-20; give the first date, then the last\n"),
        ]
        for (arguments, message) in cases {
            let result = try box.spArgs(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr == message, "\(arguments)")
        }
        let missing = try box.sp("pause", "nope")
        #expect(missing.status == 1)
        #expect(missing.stderr.hasPrefix("streakprompt: no streak named 'nope'"))
        #expect(!FileManager.default.fileExists(atPath: box.home + "/streaks"), "nothing was written")
    }

    @Test func aChangeAppliesFromItsDateAndWeeksWaitForTheirStart() throws {
        let box = try box()
        for day in ["2026-11-16", "2026-11-17", "2026-11-18"] { try box.sp("tick", "q", "--quiet", "--now", day) }
        let goal = try box.sp("add", "q", "--goal", "2", "--from", "2026-11-19", "--now", "2026-11-18T20:00")
        #expect(goal.stdout == """
            Updated 🔥 q: goal 2, from Thursday 2026-11-19.
              Dates before keep their rules. From then on: daily, goal 2, 0 freezes.

            """)
        #expect(try box.read("streaks/q/test.events") == """
            # streakprompt events v1: INSTANT KIND ARGS...
            2026-11-18T20:00:00+01:00 rules from=2026-11-19 goal=2

            """)
        // Wednesday's single tick still met its goal of 1: the change never reaches backwards.
        #expect(try box.status("q", now: "2026-11-19T09:00")["current"] as? Int == 3)
        let weekly = try box.sp("add", "q", "--target", "3/week", "--now", "2026-11-19T20:00")
        #expect(weekly.stdout == """
            Updated 🔥 q: target 3/week, from Monday 2026-11-23 (the first week start on or after 2026-11-19: a week keeps the rules it started with).
              Dates before keep their rules. From then on: 3/week, goal 2, 0 freezes.

            """)
        let status = try box.sp("status", "q", "--now", "2026-11-19T20:00").stdout
        #expect(status.contains("\n  from Monday 2026-11-23: 3/week, goal 2, 0 freezes\n"), "\(status)")
        // On Sunday the weeks start a week sooner.
        let sunday = try box.sp("add", "q", "--goal", "1", "--now", "2026-11-26T20:00", env: ["STREAKPROMPT_WEEK_START": "sun"])
        #expect(sunday.stdout.hasPrefix("Updated 🔥 q: goal 1, from Sunday 2026-11-29 (the first week start on or after 2026-11-26"),
                "\(sunday)")
        let existing = try box.sp("add", "q")
        #expect(existing.status == 1)
        #expect(existing.stderr.contains("already exists"))
        let icon = try box.sp("add", "q", "--icon", "📚")
        #expect(icon.stdout == "Updated q: icon 📚.\n")
    }

    @Test func weeklyTargetsCountWeeks() throws {
        let box = try box()
        #expect(try box.sp("add", "read", "--target", "2/week", "--now", "2026-11-02T08:00").stdout
            == "Added 🔥 read: 2/week, 0 freezes. Count an action with 'streakprompt tick read'.\n")
        var said: [String] = []
        for day in ["02", "04", "09", "10", "16"] {
            said.append(try box.sp("tick", "read", env: ["STREAKPROMPT_NOW": "2026-11-\(day)T09:00"]).stdout)
        }
        #expect(said == [
            "read: counted today · 1 of 2 this week · 🔥 0w\n",
            "read: counted today · 2 of 2 this week · 🔥 1w\n",
            "read: counted today · 1 of 2 this week · 🔥 1w\n",
            "read: counted today · 2 of 2 this week · 🔥 2w\n",
            "read: counted today · 1 of 2 this week · 🔥 2w\n",
        ])
        try box.sp("pause", "read", "--from", "2026-11-23", "--to", "2026-11-24", "--now", "2026-11-20T09:00")
        #expect(try box.sp("status", "read", "--now", "2026-11-18T12:00").stdout == """
            read  🔥 2w  pending: 1 of 2 this week, 4d 12h left
              best 2w · total 5 · last 2026-11-16
              last 30 days  ▕██████████▏ 100% (2 of 2 weeks)
              last 365 days ▕██████████▏ 100% (2 of 2 weeks)
              target 2/week (weeks from Monday)
              paused 2026-11-23 to 2026-11-24

            """)
        #expect(try box.sp("list", "--now", "2026-11-18T12:00").stdout == """
            NAME  STREAK  STATE        BEST  TOTAL  LAST        LAST 30 DAYS
            read  🔥 2w   pending 1/2  2w    5      2026-11-16  ▕██████████▏ 100%

            """)
        let json = try box.status("read", now: "2026-11-18T12:00")
        #expect(json["unit"] as? String == "week")
        #expect(json["progress"] as? [Int] == [1, 2])
        #expect(json["target"] as? String == "2/week")
        #expect(try box.prompt(["--format", "{icon}{count}{unit} {progress}"], now: "2026-11-18T12:00") == "🔥2w 1/2")
        // Week 11-16 ends with one met date: missed, and with no freeze the run breaks.
        #expect(try box.sp("history", "read", "--now", "2026-12-02T12:00").stdout == """
            START       END         LENGTH
            2026-11-02  2026-11-15  2w      ← longest

            """)
        let history = try JSONSerialization.jsonObject(with: Data(try box.sp("history", "read", "--json", "--now", "2026-12-02").stdout.utf8))
        #expect((history as? [[String: Any]])?.first?["length"] as? Int == 2)
        #expect(try box.sp("calendar", "read", "--weeks", "6", "--now", "2026-12-02T12:00").stdout == """
            read: 5 actions on 5 dates since 2026-10-26
                  Nov
            Mon . # # # ~ .
                . . # . ~ .
            Wed . # . . .[.]
                . . . . .
            Fri . . . . .
                . . . . .
            Sun . . . . .
            Wk    # # . ~

            Less . - + x # More   * frozen   ~ paused   [ ] today
            Wk: each week, met or not

            """)
        let sunday = try box.sp("calendar", "read", "--weeks", "2", "--now", "2026-12-02T12:00", env: ["STREAKPROMPT_WEEK_START": "sun"])
        #expect(sunday.stdout.contains("\nSun . .\n"), "\(sunday)")
        let calendar = try JSONSerialization.jsonObject(with: Data(try box.sp("calendar", "read", "--json", "--weeks", "2", "--now", "2026-12-02").stdout.utf8)) as? [String: Any]
        let days = calendar?["days"] as? [[String: Any]] ?? []
        #expect(days.first?["paused"] as? Bool == true)
        #expect(days.first?["met"] as? Bool == false)
        #expect(calendar?["unit"] as? String == "week")
        #expect((calendar?["week_outcomes"] as? [[String: Any]])?.first?["outcome"] as? String == "neutral")
    }

    @Test func pausesAloneCoverTodayAndUnpauseTakesThemBack() throws {
        let box = try box()
        for day in ["2026-11-16", "2026-11-17"] { try box.sp("tick", "gym", "--quiet", "--now", day) }
        #expect(try box.sp("pause", "gym", "--now", "2026-11-18T12:00").stdout
            == "Paused gym today (2026-11-18) (1 date): paused dates neither break nor extend it · 🔥 2\n")
        #expect(try box.sp("pause", "gym", "--now", "2026-11-18T12:00").stdout == "gym: 2026-11-18 is already paused; nothing changed.\n")
        let paused = try box.status("gym", now: "2026-11-18T20:00")
        #expect(paused["state"] as? String == "done")
        #expect(paused["paused"] as? Bool == true)
        #expect(try box.sp("status", "gym", "--now", "2026-11-18T20:00").stdout.hasPrefix("gym  🔥 2  done (paused today)\n"))
        // The paused Wednesday neither broke nor extended the run.
        #expect(try box.status("gym", now: "2026-11-19T20:00")["current"] as? Int == 2)
        #expect(try box.sp("pause", "gym", "--from", "2026-11-25", "--to", "2026-11-28", "--now", "2026-11-19T20:00").stdout
            == "Paused gym 2026-11-25 to 2026-11-28 (4 dates): paused dates neither break nor extend it · 🔥 2\n")
        #expect(try box.sp("unpause", "gym", "--from", "2026-11-27", "--to", "2026-11-30", "--now", "2026-11-19T20:00").stdout
            == "Unpaused gym 2026-11-27 to 2026-11-30 (2 dates newly asked for): asked for again · 🔥 2\n")
        let calendar = try box.sp("calendar", "gym", "--weeks", "2", "--now", "2026-11-26T12:00").stdout
        #expect(calendar.contains("~ paused"), "\(calendar)")
        #expect(calendar.contains("\nWed ~ ~\n    .[~]\n"), "\(calendar)")
        // An action on a paused date is recorded, in the total only.
        #expect(try box.sp("tick", "gym", "--now", "2026-11-25T09:00", env: ["STREAKPROMPT_NOW": "2026-11-26T12:00"]).stdout
            == "gym: counted for 2026-11-25, in the total only (2026-11-25 is paused) · 🔥 0\n")
        #expect(try box.read("streaks/gym/test.events").components(separatedBy: "\n").filter { $0.contains("pause ") }.count == 3)
    }

    @Test func whatIsAskedForNowWinsWhateverTheClockSaid() throws {
        // A pause made with a --now years ahead (or on a machine whose clock runs ahead), then
        // an unpause now: the unpause takes it back, as it says. Then the other way round, in
        // one second: a pause right after an unpause holds.
        let box = try box()
        try box.sp("tick", "gym", "--quiet", "--now", "2026-11-16")
        try box.sp("pause", "gym", "--from", "2030-01-10", "--to", "2030-01-12", "--now", "2030-01-01T10:00")
        #expect(try box.status("gym", now: "2030-01-10T12:00")["paused"] as? Bool == true)
        let unpaused = try box.sp("unpause", "gym", "--from", "2030-01-10", "--to", "2030-01-10", "--now", "2026-11-20T10:00")
        #expect(unpaused.stdout.hasPrefix("Unpaused gym 2030-01-10 (1 date): asked for again"), "\(unpaused)")
        #expect(try box.status("gym", now: "2030-01-10T12:00")["paused"] as? Bool == false)
        #expect(try box.status("gym", now: "2030-01-11T12:00")["paused"] as? Bool == true)
        for command in ["unpause", "pause", "unpause", "pause"] {
            try box.sp(command, "gym", "--from", "2026-12-01", "--to", "2026-12-01", "--now", "2026-11-20T11:00")
        }
        #expect(try box.status("gym", now: "2026-12-01T12:00")["paused"] as? Bool == true)
        try box.sp("unpause", "gym", "--from", "2026-12-01", "--to", "2026-12-01", "--now", "2026-11-20T11:00")
        #expect(try box.status("gym", now: "2026-12-01T12:00")["paused"] as? Bool == false)
    }

    @Test func aBadWeekStartIsAnErrorInCommandsAndSilenceInThePrompt() throws {
        let box = try box()
        try box.sp("tick", "--quiet", "--now", "2026-11-16")
        let status = try box.sp("status", env: ["STREAKPROMPT_WEEK_START": "tuesday"])
        #expect(status.status == 2)
        #expect(status.stderr == "streakprompt: STREAKPROMPT_WEEK_START='tuesday' is not a week start; use mon or sun\n")
        let prompt = try box.sp("--now", "2026-11-16", env: ["STREAKPROMPT_WEEK_START": "tuesday"])
        #expect(prompt.status == 0)
        #expect(prompt.stdout.isEmpty && prompt.stderr.isEmpty)
        for word in ["sun", "SUN", "sunday", "mon", "Monday"] {
            #expect(try box.sp("status", "--now", "2026-11-16", env: ["STREAKPROMPT_WEEK_START": word]).status == 0, "\(word)")
        }
    }

    /// The prompt, asked again until it says `expected` (a rebuild runs in the background).
    func eventually(_ box: Sandbox, _ arguments: [String], now: String, env: [String: String] = [:], equals expected: String,
                    sourceLocation: SourceLocation = #_sourceLocation) throws {
        var last = ""
        for _ in 0..<100 {
            last = try box.prompt(arguments, now: now, env: env)
            if last == expected { return }
            usleep(50_000)
        }
        Issue.record("the prompt still says '\(last)', not '\(expected)'", sourceLocation: sourceLocation)
    }

    /// The cache records the week start it was folded with; a prompt with another one shows
    /// the line once and has it folded again with its own.
    @Test func aPromptWithAnotherWeekStartHasTheCacheFoldedAgain() throws {
        let box = try box()
        try box.sp("add", "read", "--target", "2/week", "--now", "2026-11-01T08:00")
        // Sunday 11-01 and Monday 11-02: one week from Sunday, two from Monday.
        for day in ["2026-11-01", "2026-11-02"] { try box.sp("tick", "read", "--quiet", "--now", day) }
        #expect(try box.read("prompt.cache").contains("\tmon\t"))
        #expect(try box.prompt(["--format", "{count}{unit} {progress}"], now: "2026-11-03") == "0w 1/2")
        let sunday = ["STREAKPROMPT_WEEK_START": "sun"]
        try eventually(box, ["--format", "{count}{unit} {progress}"], now: "2026-11-03", env: sunday, equals: "1w ")
        #expect(try box.read("prompt.cache").contains("\tsun\t"))
    }

    /// A data folder the first release left has a version 1 cache: the first prompt after the
    /// upgrade has it rebuilt at once and shows the streak (not a blank that reads as a lost
    /// streak); a version 1 cache that cannot be rebuilt (a read-only folder) still only blanks it.
    @Test func aFirstReleaseCacheIsRebuiltByTheFirstPrompt() throws {
        let box = try box()
        try box.write("streaks/quiz/laptop.log", "2026-11-20 2026-11-20T09:00:00+01:00\n2026-11-21 2026-11-21T09:00:00+01:00\n")
        let v1 = "streakprompt-cache 1\t1.0\nquiz\t🔥\t127\t2026-11-21\t1\t2\t0\t2\t2\t1.0\n"
        try box.write("prompt.cache", v1)
        #expect(try box.prompt(now: "2026-11-21T12:00") == "🔥2")
        #expect(try box.read("prompt.cache").hasPrefix("streakprompt-cache 2\t"))
        #expect(try box.prompt(["quiz", "--shell", "zsh"], now: "2026-11-21T12:00") == "🔥2")
        guard getuid() != 0 else { return }
        try box.write("prompt.cache", v1)
        #expect(chmod(box.home, 0o555) == 0)
        defer { chmod(box.home, 0o755) }
        #expect(try box.prompt(now: "2026-11-21T12:00") == "")
    }

    /// The hook's shortcut ("already counted today") looks at the latest met date: with a
    /// goal of 2, the second commit of a day still counts, the third does not reach the log.
    @Test func theGitHookCountsCommitsUntilTheGoalIsMet() throws {
        guard let g = try GitBox.make() else { return }
        let repo = try g.repository()
        #expect(try g.sp(["git", "install"], in: repo).status == 0)
        #expect(try g.sp(["add", "default", "--goal", "2", "--now", GitBox.moment(1)], in: repo).status == 0)
        for hour in [10, 11, 12] {
            let at = GitBox.moment(2, hour: hour)
            try g.commit(in: repo, env: ["STREAKPROMPT_NOW": at, "GIT_AUTHOR_DATE": at, "GIT_COMMITTER_DATE": at])
        }
        #expect(g.actions().count == 2, "\(g.actions())")
        let status = try g.sp(["status", "--json", "--now", GitBox.moment(2, hour: 13)], in: repo)
        #expect(status.stdout.contains("\"state\": \"done\""), "\(status)")
    }

    /// Rule changes apply in the order they were made: two commands in the same second (or
    /// with the same --now) leave the second's rules, and a change made later from an earlier
    /// date holds from that date on, over an older change from a later date.
    @Test func theChangeMadeLastWins() throws {
        let box = try box()
        #expect(try box.sp("tick", "r", "--now", "2026-11-20T09:00").status == 0)
        #expect(try box.sp("add", "r", "--goal", "3", "--now", "2026-11-22T10:00").status == 0)
        let second = try box.sp("add", "r", "--goal", "2", "--now", "2026-11-22T10:00")
        #expect(second.stdout.contains("From then on: daily, goal 2"), "\(second)")
        #expect(try box.status("r", now: "2026-11-22T12:00")["goal"] as? Int == 2)
        // Without --now: three changes in a row, likely in one second.
        for schedule in ["weekdays", "mon,wed", "daily"] {
            #expect(try box.sp("add", "r", "--schedule", schedule).status == 0)
        }
        #expect(try box.status("r", now: "2030-01-01T12:00")["schedule"] as? String == "daily")
        // Goal 4 from 12-05, decided on 12-01; on 12-08, goal 5 from 11-01: goal 5 everywhere
        // from 11-01, today included.
        #expect(try box.sp("add", "r", "--goal", "4", "--from", "2026-12-05", "--now", "2026-12-01T10:00").status == 0)
        let backdated = try box.sp("add", "r", "--goal", "5", "--from", "2026-11-01", "--now", "2026-12-08T10:00")
        #expect(backdated.stdout.contains("From then on: daily, goal 5"), "\(backdated)")
        #expect(try box.status("r", now: "2026-12-08T12:00")["goal"] as? Int == 5)
        // Goal 5 already holds on every date from 12-06 on: nothing to record.
        let again = try box.sp("add", "r", "--goal", "5", "--from", "2026-12-06", "--now", "2026-12-08T10:00")
        #expect(again.stdout.contains("nothing changed"), "\(again)")
        // Goal 1 from 12-06 holds there, not only until an older change's later date.
        #expect(try box.sp("add", "r", "--goal", "4", "--from", "2026-12-20", "--now", "2026-12-08T11:00").status == 0)
        #expect(try box.sp("add", "r", "--goal", "1", "--from", "2026-12-06", "--now", "2026-12-08T12:00").status == 0)
        #expect(try box.status("r", now: "2026-12-25T12:00")["goal"] as? Int == 1)
    }

    /// Archive and unarchive in the same second: the one run last decides.
    @Test func archivingInOneSecondEndsAsTheLastCommandSays() throws {
        let box = try box()
        #expect(try box.sp("tick", "c", "--now", "2026-11-20T09:00").status == 0)
        for command in ["archive", "unarchive", "archive"] {
            #expect(try box.sp(command, "c", "--now", "2026-11-22T10:00").status == 0)
        }
        #expect(try box.status("c", now: "2026-11-22T12:00")["archived"] as? Bool == true)
        #expect(try box.sp("unarchive", "c", "--now", "2026-11-22T10:00").status == 0)
        #expect(try box.status("c", now: "2026-11-22T12:00")["archived"] as? Bool == false)
        #expect(try box.sp("list", "--now", "2026-11-22T12:00").stdout.contains("c "))
    }
}
