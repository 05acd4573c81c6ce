import Foundation
import Testing

/// `untick`, `rename`, `archive`/`unarchive`, `log` and `history --limit/--reverse`, end to
/// end with the built binary, across two machines sharing one data folder.
@Suite("everyday commands end to end")
struct EverydayCommandsTests {
    static let laptop = ["STREAKPROMPT_MACHINE": "laptop"]
    static let desk = ["STREAKPROMPT_MACHINE": "desk"]

    @discardableResult
    func ok(_ box: Sandbox, _ arguments: [String], env: [String: String] = [:]) throws -> Result {
        let result = try box.spArgs(arguments, env: env)
        guard result.status == 0 else { throw TestFailure("\(arguments) failed: \(result)") }
        return result
    }

    func json(_ text: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(text.utf8))
    }

    /// quiz: laptop 03-01 … 03-05 at 08:00, and on 03-05 desk at 20:00 with a note, so
    /// 03-05 has one action in each machine's log.
    func twoMachines() throws -> Sandbox {
        let box = try Sandbox(extra: ["NO_COLOR": "1"])
        for day in 1...5 { try ok(box, ["tick", "quiz", "-q", "--now", "2026-03-0\(day)T08:00"], env: Self.laptop) }
        try ok(box, ["tick", "quiz", "-q", "--note", "evening run", "--now", "2026-03-05T20:00"], env: Self.desk)
        return box
    }

    /// The new words are commands; a word near one is still a mistyped command, and a prompt
    /// (`--shell`) stays silent about a streak that does not exist, as before.
    @Test func theNewCommandsAreWordsTheBinaryKnows() throws {
        let box = try twoMachines()
        let typo = try box.sp("unarchve")
        #expect(typo.status == 2 && typo.stdout.isEmpty)
        #expect(typo.stderr == "streakprompt: unknown command or streak 'unarchve'; did you mean 'unarchive'? (see 'streakprompt help' and 'streakprompt list')\n",
                "\(typo)")
        let prompt = try box.sp("--shell", "bash", "renmae")
        #expect(prompt.status == 0 && prompt.stdout.isEmpty && prompt.stderr.isEmpty, "\(prompt)")
        for word in ["untick", "undo", "rename", "archive", "unarchive", "log"] {
            let help = try box.sp(word, "--help")
            #expect(help.status == 0 && help.stdout.hasPrefix("Usage: streakprompt "), "\(word): \(help)")
        }
        let empty = try Sandbox().sp("undo")
        #expect(empty.status == 1 && empty.stderr.hasPrefix("streakprompt: no streaks yet"), "\(empty)")
    }

    // MARK: untick

    @Test func untickTakesBackTheLatestActionWhicheverMachineRecordedIt() throws {
        let box = try twoMachines()
        // The latest action of 03-05 is desk's: laptop takes it back, from its own event log.
        let first = try ok(box, ["untick", "quiz", "--now", "2026-03-05T21:00"], env: Self.laptop)
        #expect(first.stdout == "quiz: took back the action of 2026-03-05 at 20:00 (note 'evening run'); 2026-03-05 still counts · 🔥 5\n",
                "\(first)")
        #expect(try box.read("streaks/quiz/desk.log").contains("2026-03-05T20:00:00+00:00"), "desk's log is never edited")
        #expect(try box.read("streaks/quiz/laptop.events").contains("untick date=2026-03-05 at=2026-03-05T20:00:00+00:00"))
        // `undo` is the same command: the next one takes back laptop's 08:00.
        let second = try ok(box, ["undo", "quiz", "--now", "2026-03-05T21:00"], env: Self.desk)
        #expect(second.stdout == "quiz: took back the action of 2026-03-05 at 08:00; 2026-03-05 no longer counts · 🔥 4\n", "\(second)")
        #expect(try box.prompt(["quiz"], now: "2026-03-05T21:00") == "🔥4", "the prompt cache follows")
        let status = try box.status("quiz", now: "2026-03-05T21:00")
        #expect(status["current"] as? Int == 4 && status["total"] as? Int == 4 && status["state"] as? String == "pending")
        // Nothing left on that date: a clear failure, and nothing written.
        let events = try box.read("streaks/quiz/laptop.events")
        let third = try box.sp("untick", "quiz", "--now", "2026-03-05T21:00", env: Self.laptop)
        #expect(third.status == 1 && third.stdout.isEmpty)
        #expect(third.stderr == "streakprompt: quiz has no action to take back on 2026-03-05; 'streakprompt log quiz' lists its actions, and --now DATE picks another date\n",
                "\(third)")
        #expect(try box.read("streaks/quiz/laptop.events") == events)
        // A tick after it counts again.
        let again = try ok(box, ["tick", "quiz", "--now", "2026-03-05T22:00"], env: Self.desk)
        #expect(again.stdout == "quiz: counted for 2026-03-05 · 🔥 5\n", "\(again)")
    }

    @Test func untickTakesBackAWholeCountAndMilestonesComeBackWithTheRun() throws {
        let box = try Sandbox(extra: ["NO_COLOR": "1"])
        try ok(box, ["add", "gym", "--goal", "3", "--icon", "🏋"])
        for day in 1...6 { try ok(box, ["tick", "gym", "-q", "--count", "3", "--now", "2026-03-0\(day)T08:00"]) }
        let seventh = try ok(box, ["tick", "gym", "--count", "3", "--now", "2026-03-07T08:00"])
        #expect(seventh.stdout.contains("🎉 7 in a row"), "\(seventh)")
        let undone = try ok(box, ["untick", "gym", "--now", "2026-03-07T09:00"])
        #expect(undone.stdout == "gym: took back the action of 2026-03-07 at 08:00 (count 3); 0 of 3 for 2026-03-07 · 🏋 6\n", "\(undone)")
        #expect(try box.prompt(["gym", "--format", "{icon}{count} {progress}"], now: "2026-03-07T09:00") == "🏋6 0/3")
        // Reaching 7 again is reaching it again.
        let retick = try ok(box, ["tick", "gym", "--count", "3", "--now", "2026-03-07T10:00"])
        #expect(retick.stdout.contains("🎉 7 in a row"), "\(retick)")
        // A backdated untick names its date.
        let backdated = try ok(box, ["untick", "gym", "--now", "2026-03-02T23:00"])
        #expect(backdated.stdout.hasPrefix("gym: took back the action of 2026-03-02 at 08:00 (count 3); 0 of 3 for 2026-03-02"),
                "\(backdated)")
        let status = try box.status("gym", now: "2026-03-07T10:00")
        #expect(status["current"] as? Int == 5 && status["best"] as? Int == 5 && status["total"] as? Int == 6)
    }

    // MARK: rename

    /// A name the rule allows is a streak's even when it is a command word: every command
    /// that takes a streak reads it as the name; `streakprompt git` stays the command.
    @Test func aCommandWordIsANameLikeAnyOther() throws {
        let box = try Sandbox()
        #expect(try box.sp("tick", "git", "--now", "2026-11-20T10:00").stdout.hasPrefix("git: new streak, counted"))
        #expect(try box.sp("add", "log", "--goal", "2", "--now", "2026-11-20T10:00").status == 0)
        #expect(try box.sp("tick", "log", "--count", "2", "--quiet", "--now", "2026-11-20T11:00").status == 0)
        #expect(try box.status("git", now: "2026-11-20T12:00")["current"] as? Int == 1)
        #expect(try box.status("log", now: "2026-11-20T12:00")["state"] as? String == "done")
        #expect(try box.sp("prompt", "git", "log", "--shell", "plain", "--format", "{name}{count}", "--now", "2026-11-20T12:00",
                             env: ["NO_COLOR": "1"]).stdout == "git1 log1")
        #expect(try box.sp("rename", "log", "list", "--now", "2026-11-20T12:00").status == 0)
        #expect(try box.status("list", now: "2026-11-20T12:00")["goal"] as? Int == 2)
        let command = try box.sp("git")
        #expect(command.status == 2 && command.stderr.contains("needs a command"), "\(command)")
    }

    @Test func renameMovesEveryMachinesLogsAndLeavesNoTrace() throws {
        let box = try twoMachines()
        try ok(box, ["untick", "quiz", "--now", "2026-03-05T21:00"], env: Self.desk)
        let before = try box.status("quiz", now: "2026-03-06T10:00")
        let renamed = try ok(box, ["rename", "quiz", "trivia", "--now", "2026-03-06T10:00"], env: Self.laptop)
        #expect(renamed.stdout.hasPrefix("Renamed quiz to trivia, with its settings and 5 actions · 🔥 5\n"), "\(renamed)")
        #expect(renamed.stdout.contains("'--name quiz' in 'streakprompt init' lines"), "\(renamed)")
        let files = try FileManager.default.contentsOfDirectory(atPath: box.home + "/streaks/trivia").sorted()
        #expect(files == ["desk.events", "desk.log", "laptop.log"])
        #expect(!FileManager.default.fileExists(atPath: box.home + "/streaks/quiz"))
        var after = try box.status("trivia", now: "2026-03-06T10:00")
        after["name"] = "quiz"
        #expect(NSDictionary(dictionary: after) == NSDictionary(dictionary: before))
        #expect(try box.prompt(now: "2026-03-06T10:00") == "🔥5")
        #expect(try box.sp("completions", "--streaks").stdout == "trivia\n")
        #expect(!(try box.read("prompt.cache")).contains("quiz\t"))
        // The other machine, not told, ticks the old name: a new streak, as the README says.
        let stale = try ok(box, ["tick", "quiz", "--now", "2026-03-06T11:00"], env: Self.desk)
        #expect(stale.stdout.hasPrefix("quiz: new streak"), "\(stale)")
    }

    @Test func renameRefusesWhatItCannotDo() throws {
        let box = try twoMachines()
        try ok(box, ["tick", "gym", "-q"])
        let taken = try box.sp("rename", "quiz", "gym")
        #expect(taken.status == 1 && taken.stderr == "streakprompt: a streak named 'gym' already exists; see 'streakprompt status gym'\n",
                "\(taken)")
        let invalid = try box.sp("rename", "quiz", "-x")
        #expect(invalid.status == 2, "\(invalid)")
        let bad = try box.sp("rename", "quiz", "a/b")
        #expect(bad.status == 2 && bad.stderr.contains("a/b"), "\(bad)")
        let missing = try box.sp("rename", "nope", "other")
        #expect(missing.status == 1 && missing.stderr.contains("no streak named 'nope'"), "\(missing)")
        // Named in other letter case: the streak it most likely means, not a way to make a second.
        for command in [["status", "QUIZ"], ["history", "Quiz"], ["rename", "QUIZ", "other"]] {
            let twin = try box.spArgs(command)
            #expect(twin.status == 1 && twin.stderr == "streakprompt: no streak named '\(command[1])'; did you mean 'quiz'? (names differ in letter case)\n",
                    "\(twin)")
        }
        let same = try box.sp("rename", "quiz", "quiz")
        #expect(same.status == 2, "\(same)")
        // Another streak's name in other letter case (one folder on macOS and Windows disks) is
        // refused as `add` refuses it; its own name in other case is not.
        let cased = try box.sp("rename", "quiz", "GYM")
        #expect(cased.status == 2 && cased.stderr.contains("only in letter case"), "\(cased)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: box.home + "/streaks").sorted() == ["gym", "quiz"])
        let own = try box.sp("rename", "quiz", "Quiz")
        #expect(own.status == 0, "\(own)")
    }

    /// Once the eight palette icons are taken a new streak's icon is its name (`h9:`): a
    /// rename takes it along, so the prompt never shows the old name; a chosen icon stays.
    @Test func anIconThatIsTheNameFollowsARename() throws {
        let box = try Sandbox()
        for index in 1...9 { try box.sp("tick", "h\(index)", "--quiet", "--now", "2026-11-27T10:00") }
        try box.sp("add", "h1", "--icon", "h2:")
        #expect(try box.sp("rename", "h9", "reading").status == 0)
        #expect(try box.sp("rename", "h1", "first").status == 0)
        #expect(try box.prompt(["reading", "first"], now: "2026-11-27T12:00") == "reading:1 h2:1")
    }

    // MARK: archive

    @Test func anArchivedStreakLeavesThePromptListAndCompletionsOnly() throws {
        let box = try twoMachines()
        try ok(box, ["tick", "gym", "-q", "--now", "2026-03-05T09:00"], env: Self.laptop)
        let now = "2026-03-05T22:00"
        #expect(try box.prompt(now: now) == "⭐1 🔥5")
        let archived = try ok(box, ["archive", "quiz", "--now", now], env: Self.desk)
        #expect(archived.stdout.hasPrefix("Archived quiz: hidden from the prompt"), "\(archived)")
        #expect(try ok(box, ["archive", "quiz"]).stdout == "quiz is already archived; nothing changed.\n")
        #expect(try box.prompt(now: now) == "⭐1", "hidden from the segment of every streak")
        #expect(try box.prompt(["quiz"], now: now) == "🔥5", "a segment that names it still shows it")
        #expect(try box.sp("completions", "--streaks").stdout == "gym\n")
        let list = try ok(box, ["list", "--now", now]).stdout
        #expect(!list.contains("quiz"), "\(list)")
        let all = try ok(box, ["list", "--all", "--now", now]).stdout
        #expect(all.contains("quiz  🔥 5    done archived"), "\(all)")
        let status = try box.status("quiz", now: now)
        #expect(status["archived"] as? Bool == true && status["current"] as? Int == 5)
        #expect(try ok(box, ["status", "quiz", "--now", now]).stdout.contains("archived: out of the prompt"))
        #expect(try ok(box, ["history", "quiz", "--now", now]).stdout.contains("2026-03-01  2026-03-05  5"))
        #expect(try ok(box, ["export"]).stdout.contains("\"archived\": true"))
        // A tick counts, and says it is archived.
        let tick = try ok(box, ["tick", "quiz", "--now", "2026-03-06T08:00"], env: Self.laptop)
        #expect(tick.stdout == "quiz: counted for 2026-03-06 · 🔥 6 · quiz is archived (out of the prompt and 'list'; 'streakprompt unarchive quiz' brings it back)\n",
                "\(tick)")
        #expect(try box.prompt(now: "2026-03-06T09:00") == "⭐1")
        // The other machine unarchives it later: the latest record wins.
        let back = try ok(box, ["unarchive", "quiz", "--now", "2026-03-06T09:00"], env: Self.laptop)
        #expect(back.stdout == "Unarchived quiz: back in the prompt and 'list' · 🔥 6\n", "\(back)")
        #expect(try box.prompt(now: "2026-03-06T09:00") == "⭐1 🔥6")
        #expect(try box.sp("completions", "--streaks").stdout == "gym\nquiz\n")
    }

    /// The archived flag is one line of one machine's event log: a record synced in from
    /// another machine (the cache not told) is seen by the prompt, which rebuilds its cache.
    @Test func anArchiveSyncedFromAnotherMachineReachesThePrompt() throws {
        let box = try twoMachines()
        let now = "2026-03-05T22:00"
        try ok(box, ["archive", "quiz", "--now", now])
        #expect(try box.prompt(now: now) == "")
        // Another machine's unarchive, made later, arrives by sync.
        let sync = StaleCacheTests()
        try sync.deliver(box, "streaks/quiz/desk.events",
                         "# streakprompt events v1: INSTANT KIND ARGS...\n2026-03-05T23:00:00+00:00 unarchive\n")
        try sync.eventually(box, [], now: now, equals: "🔥5")
        #expect(try ok(box, ["list", "--now", now]).stdout.contains("quiz"))
    }

    // MARK: log

    @Test func logListsActionsNewestFirstWithMachineCountAndNote() throws {
        let box = try twoMachines()
        try ok(box, ["tick", "quiz", "-q", "--count", "2", "--note", "two quizzes, 100% right", "--now", "2026-03-06T07:30"],
               env: Self.laptop)
        try ok(box, ["untick", "quiz", "--now", "2026-03-05T22:00"], env: Self.laptop)
        let log = try ok(box, ["log", "quiz", "--since", "2026-03-04"]).stdout
        #expect(log == """
            DATE        TIME   MACHINE  COUNT  NOTE
            2026-03-06  07:30  laptop   2      two quizzes, 100% right
            2026-03-05  20:00  desk     1      evening run              ← taken back
            2026-03-05  08:00  laptop   1
            2026-03-04  08:00  laptop   1

            """, "\(log)")
        let entries = try #require(try json(try ok(box, ["log", "--json"]).stdout) as? [[String: Any]])
        #expect(entries.count == 7)
        let first = try #require(entries.first)
        #expect(first["streak"] as? String == "quiz" && first["date"] as? String == "2026-03-06"
                && first["at"] as? String == "2026-03-06T07:30:00+00:00" && first["machine"] as? String == "laptop"
                && first["count"] as? Int == 2 && first["note"] as? String == "two quizzes, 100% right"
                && first["retracted"] as? Bool == false)
        #expect(entries[1]["retracted"] as? Bool == true && entries.last?["note"] is NSNull)
        #expect(entries.map { $0["date"] as? String ?? "" } == entries.map { $0["date"] as? String ?? "" }.sorted(by: >))
        let none = try ok(box, ["log", "quiz", "--since", "2026-04-01"])
        #expect(none.stdout == "quiz has no actions dated 2026-04-01 or later.\n")
        let badDate = try box.sp("log", "--since", "last week")
        #expect(badDate.status == 2, "\(badDate)")
    }

    // MARK: history

    @Test func historyLimitAndReverse() throws {
        let box = try Sandbox(extra: ["NO_COLOR": "1"])
        for time in ["2026-03-01", "2026-03-02", "2026-03-05", "2026-03-08", "2026-03-09", "2026-03-10"] {
            try ok(box, ["tick", "quiz", "-q", "--now", time])
        }
        let now = "2026-03-10T20:00"
        let all = try ok(box, ["history", "quiz", "--now", now]).stdout
        #expect(all == """
            START       END         LENGTH
            2026-03-01  2026-03-02  2
            2026-03-05  2026-03-05  1
            2026-03-08  2026-03-10  3       ← longest, current

            """, "\(all)")
        let latest = try ok(box, ["history", "quiz", "--limit", "2", "--reverse", "--now", now]).stdout
        #expect(latest == """
            START       END         LENGTH
            2026-03-08  2026-03-10  3       ← longest, current
            2026-03-05  2026-03-05  1

            """, "\(latest)")
        // The longest is the longest of all runs, even when it is not shown.
        let one = try ok(box, ["history", "quiz", "--limit", "1", "--now", "2026-03-12T20:00"]).stdout
        #expect(one.contains("2026-03-08  2026-03-10  3       ← longest\n"), "\(one)")
        let runs = try #require(try json(try ok(box, ["history", "quiz", "--json", "--reverse", "--limit", "2", "--now", now]).stdout)
            as? [[String: Any]])
        #expect(runs.map { $0["start"] as? String } == ["2026-03-08", "2026-03-05"])
        #expect(try box.sp("history", "quiz", "--limit", "0").status == 2)
    }

    // MARK: export and import

    @Test func exportImportCarriesRetractionsAndTheArchive() throws {
        let box = try twoMachines()
        try ok(box, ["untick", "quiz", "--now", "2026-03-05T21:00"], env: Self.laptop)
        try ok(box, ["untick", "quiz", "--now", "2026-03-03T21:00"], env: Self.laptop)
        try ok(box, ["archive", "quiz", "--now", "2026-03-05T21:30"])
        let now = "2026-03-05T22:00"
        let expected = try box.status("quiz", now: now)
        #expect(expected["total"] as? Int == 4 && expected["current"] as? Int == 2)
        for format in ["json", "csv"] {
            let exported = try ok(box, ["export", "--format", format]).stdout
            let other = try Sandbox(extra: ["NO_COLOR": "1", "STREAKPROMPT_MACHINE": "other"])
            let imported = try other.sp("import", "-", stdin: exported)
            #expect(imported.status == 0, "\(format): \(imported)")
            #expect(NSDictionary(dictionary: try other.status("quiz", now: now)) == NSDictionary(dictionary: expected), "\(format)")
            #expect(try ok(other, ["list", "--now", now]).stdout.hasPrefix("Every streak is archived (1)"), "\(format)")
            #expect(!(try ok(other, ["list", "--now", now]).stdout.contains("quiz")), "\(format): archived after import")
            #expect(try other.prompt(now: now) == "", "\(format)")
            #expect(try ok(other, ["log", "quiz"]).stdout.components(separatedBy: "← taken back").count == 3, "\(format)")
            // Both ways again: nothing new.
            let again = try other.sp("import", "-", stdin: exported)
            #expect(again.stdout.hasPrefix("Imported 0 new actions"), "\(format): \(again)")
            let back = try box.sp("import", "-", stdin: try ok(other, ["export", "--format", format]).stdout)
            #expect(back.stdout.hasPrefix("Imported 0 new actions") && !back.stdout.contains("new record"), "\(format): \(back)")
        }
    }
}

/// `rename` rewrites the git hooks it can see that count for the old name.
@Suite("rename and git hooks")
struct RenameHooksTests {
    @Test func theRepositorysHookAndTheGlobalHooksFollowTheRename() throws {
        guard let g = try GitBox.make() else { return }
        let repo = try g.repository()
        let other = try g.repository("other")
        let recorded = try g.repository("src/recorded")
        #expect(try g.sp(["git", "install", "--name", "quiz"], in: repo).status == 0)
        #expect(try g.sp(["git", "install", "--name", "gym"], in: other).status == 0)
        #expect(try g.sp(["git", "install", "--global", "--name", "quiz", g.root + "/src"], in: g.root).status == 0)
        try g.commit(in: repo, env: GitBox.on(1))
        let renamed = try g.sp(["rename", "quiz", "trivia"], in: repo)
        #expect(renamed.status == 0, "\(renamed)")
        #expect(renamed.stdout.contains("Updated \(g.ownTemplate)/hooks/post-commit (global install): new commits count for 'trivia'."), "\(renamed)")
        #expect(renamed.stdout.contains("Updated \(recorded)/.git/hooks/post-commit (global install)"), "\(renamed)")
        #expect(renamed.stdout.contains("Updated \(repo)/.git/hooks/post-commit: your new commits here count for 'trivia'."), "\(renamed)")
        // Commits now count for the new name, here, in the repository the global install
        // put the hook into, and in a new one.
        try g.commit(in: repo, env: GitBox.on(2))
        try g.commit(in: recorded, env: GitBox.on(3))
        try g.commit(in: try g.repository("new"), env: GitBox.on(4))
        #expect(g.actions("trivia").count == 4)
        #expect(!fileExists(g.box.home + "/streaks/quiz"))
        let status = try g.sp(["git", "status"], in: repo)
        #expect(status.stdout.contains("'trivia'") && !status.stdout.contains("'quiz'"), "\(status)")
        // A hook for another streak is left alone.
        let hook = try String(contentsOfFile: other + "/.git/hooks/post-commit.streakprompt", encoding: .utf8)
        #expect(hook.contains("gym"))
    }
}
