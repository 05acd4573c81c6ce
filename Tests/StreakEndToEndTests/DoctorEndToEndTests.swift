import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("doctor end to end")
struct DoctorEndToEndTests {
    func healthy() throws -> Sandbox {
        let box = try Sandbox()
        try box.sp("add", "quiz", "--freezes", "1")
        for day in ["2026-03-01", "2026-03-02", "2026-03-03"] { try box.sp("tick", "quiz", "-q", "--now", day) }
        return box
    }

    var logPath: String { "streaks/quiz/test.log" }

    @Test func aHealthyHomeIsHealthy() throws {
        let box = try healthy()
        let result = try box.sp("doctor")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("1 streak, 1 log, 3 readable actions"))
        #expect(result.stdout.contains("the prompt cache matches the logs"))
        #expect(result.stdout.contains("prompt: median "))
        #expect(result.stdout.contains("No problems found"))
        #expect(!result.stdout.contains("problem "))
        // An empty home (nothing ticked yet) is healthy too.
        let empty = try Sandbox()
        let fresh = try empty.sp("doctor")
        #expect(fresh.status == 0, "\(fresh)")
        #expect(fresh.stdout.contains("no data folder yet"))
        #expect(!FileManager.default.fileExists(atPath: empty.home), "doctor creates nothing")
    }

    @Test func aTornLastLineIsReportedAndRepaired() throws {
        let box = try healthy()
        let path = box.home + "/" + logPath
        var log = try box.read(logPath)
        log += "2026-03-04 2026-03-04T1"  // a crash in the middle of a write
        try box.write(logPath, log)
        let result = try box.sp("doctor")
        #expect(result.status == 1)
        #expect(result.stdout.contains("problem  \(path):5: the last line is cut short (no newline)"), "\(result.stdout)")
        #expect(result.stdout.contains("1 problem found"))

        let repair = try box.sp("doctor", "--repair")
        #expect(repair.status == 0, "\(repair)")
        #expect(repair.stdout.contains("kept 3 readable actions"))
        let asides = try FileManager.default.contentsOfDirectory(atPath: box.home + "/streaks/quiz").filter { $0.contains(".corrupt-") }
        #expect(asides.count == 1)
        let aside = try box.read("streaks/quiz/" + asides[0])
        #expect(aside.hasSuffix("# line 5:\n2026-03-04 2026-03-04T1\n"), "only the unreadable line goes aside: \(aside)")
        #expect(!aside.contains("2026-03-01 "), "no readable action is hidden in the copy")
        #expect(try box.read(logPath) == String(log.dropLast("2026-03-04 2026-03-04T1".count)))
        #expect(try box.status("quiz", now: "2026-03-03")["total"] as? Int == 3)
        #expect(try box.sp("doctor").status == 0)
        // The next tick appends cleanly.
        try box.sp("tick", "quiz", "-q", "--now", "2026-03-04")
        #expect(try box.status("quiz", now: "2026-03-04")["current"] as? Int == 4)
    }

    /// A last line cut inside its id reads as an action once it is set aside with a newline:
    /// the copy holds only lines that did not read, so no repair puts it back and doctor
    /// does not ask for one (a second repair counted an action the tick never finished).
    @Test func aLineCutInsideItsIdIsNeverPutBack() throws {
        let box = try healthy()
        try box.write(logPath, try box.read(logPath) + "2026-03-04 2026-03-04T10:00:00+01:00 id=12")
        #expect(try box.status("quiz", now: "2026-03-04T12:00")["total"] as? Int == 3)
        for _ in 0..<2 {
            let repair = try box.sp("doctor", "--repair")
            #expect(repair.status == 0 && !repair.stdout.contains("put back"), "\(repair)")
            #expect(try box.status("quiz", now: "2026-03-04T12:00")["total"] as? Int == 3)
        }
        let doctor = try box.sp("doctor")
        #expect(doctor.status == 0 && doctor.stdout.contains("holds lines a repair set aside because they did not read"), "\(doctor)")
    }

    @Test func aCorruptHomeIsReportedWithFilesAndLinesThenRepaired() throws {
        let box = try healthy()
        let home = box.home
        var log = try box.read(logPath)
        let lines = log.split(separator: "\n", omittingEmptySubsequences: false)
        log = ([lines[0], lines[1], "garbage \u{1B}[31m here", lines[2], "2026-13-01 2026-13-01T10:00:00+00:00"] + lines[3...]).joined(separator: "\n")
        try box.write(logPath, log)
        try box.write("streaks/quiz/streak.conf", "icon=🔥\nschedule=sometimes\nfreezes=1\n")
        try box.write("streaks/quiz/other.log", "2026-03-05 2026-03-05T10:00:00+00:00\n")  // another machine's, arrived by sync
        let result = try box.sp("doctor")
        #expect(result.status == 1)
        #expect(result.stdout.contains("\(home)/streaks/quiz/streak.conf:2: schedule 'sometimes' is not a schedule"))
        #expect(result.stdout.contains("\(home)/\(logPath):3: not 'DATE INSTANT'"))
        #expect(result.stdout.contains("\(home)/\(logPath):5: not 'DATE INSTANT'"))
        #expect(!result.stdout.contains("\u{1B}"))
        #expect(result.stdout.contains("3 problems found"))
        #expect(try box.sp("status", "quiz").status == 1, "a broken settings file stops commands")

        let repair = try box.sp("doctor", "--repair")
        #expect(repair.status == 0, "\(repair)")
        #expect(repair.stdout.contains("rebuilt the prompt cache"))
        #expect(try box.read("streaks/quiz/streak.conf") == "icon=🔥\nfreezes=1\n")
        let files = try FileManager.default.contentsOfDirectory(atPath: home + "/streaks/quiz").sorted()
        #expect(files.filter { $0.hasPrefix("test.log.corrupt-") }.count == 1)
        #expect(files.filter { $0.hasPrefix("streak.conf.corrupt-") }.count == 1)
        let status = try box.status("quiz", now: "2026-03-05T20:00")
        #expect(status["total"] as? Int == 4)
        #expect(status["current"] as? Int == 4, "the other machine's action counts; a freeze covers 03-04")
        #expect(try box.prompt(["quiz"], now: "2026-03-05T20:00") == "🔥4")

        // Repairing a repaired home changes nothing.
        let snapshot = try box.snapshot()
        let cache = try box.read("prompt.cache")
        let again = try box.sp("doctor", "--repair")
        #expect(again.status == 0)
        #expect(try box.snapshot() == snapshot)
        #expect(try box.read("prompt.cache") == cache)

        // Both sides of a merge left in streak.conf (git's markers taken out): a setting given
        // twice reads as its last line, so doctor names it.
        try box.write("streaks/quiz/streak.conf", "icon=🔥\nschedule=mon,wed,fri\nfreezes=1\nschedule=weekdays\n")
        let twice = try box.sp("doctor")
        #expect(twice.status == 1, "\(twice)")
        #expect(twice.stdout.contains("\(home)/streaks/quiz/streak.conf:2: schedule is given again (line 4 too)"), "\(twice)")
        // A repair keeps the line that was read and sets the earlier one aside.
        let settled = try box.sp("doctor", "--repair")
        #expect(settled.stdout.contains("set 1 setting given again later (the last one counts) aside in"), "\(settled)")
        #expect(try box.read("streaks/quiz/streak.conf") == "icon=🔥\nfreezes=1\nschedule=weekdays\n")
        #expect(try box.sp("doctor").stdout.contains("No problems found"))
    }

    @Test func aMissingOrStaleCacheIsAProblemUntilRebuilt() throws {
        let box = try healthy()
        try FileManager.default.removeItem(atPath: box.home + "/prompt.cache")
        let missing = try box.sp("doctor")
        #expect(missing.status == 1)
        #expect(missing.stdout.contains("prompt.cache is missing"))
        #expect(try box.sp("doctor", "--repair").status == 0)
        #expect(try box.prompt(["quiz"], now: "2026-03-03") == "🔥3")
        // Another machine's log arrives (a sync): the cache no longer matches.
        try box.write("streaks/quiz/desk.log", "2026-03-04 2026-03-04T09:00:00+00:00\n")
        let stale = try box.sp("doctor")
        #expect(stale.status == 1)
        #expect(stale.stdout.contains("stale for quiz"))
        #expect(try box.sp("doctor", "--repair").status == 0)
        #expect(try box.prompt(["quiz"], now: "2026-03-04") == "🔥4")
    }

    /// A folder where the cache's spare goes (`.prompt.cache.tmp`) stopped every write of the
    /// cache and the views, and one where the cache goes could not be repaired: the spare's
    /// place is left alone and the writes go on; `doctor --repair` moves a folder in the
    /// cache's place aside and rebuilds it, and the prompt shows the truth again.
    @Test func aFolderWhereTheCacheGoesIsMovedAsideByRepair() throws {
        let box = try healthy()
        try? FileManager.default.removeItem(atPath: box.home + "/.prompt.cache.tmp")
        try FileManager.default.createDirectory(atPath: box.home + "/.prompt.cache.tmp", withIntermediateDirectories: false)
        let ticked = try box.sp("tick", "quiz", "--now", "2026-03-04")
        #expect(ticked.status == 0 && ticked.stderr.isEmpty, "\(ticked)")
        #expect(try box.prompt(["quiz"], now: "2026-03-04T12:00") == "🔥4")
        try FileManager.default.removeItem(atPath: box.home + "/prompt.cache")
        try FileManager.default.createDirectory(atPath: box.home + "/prompt.cache", withIntermediateDirectories: false)
        let again = try box.sp("tick", "quiz", "--now", "2026-03-05")
        #expect(again.status == 0 && again.stderr.contains("doctor --repair"), "\(again)")
        #expect(try box.sp("doctor").status == 1)
        let repaired = try box.sp("doctor", "--repair")
        #expect(repaired.stdout.contains("moved \(box.home)/prompt.cache aside"), "\(repaired)")
        #expect(try box.sp("doctor").status == 0)
        #expect(try box.prompt(["quiz"], now: "2026-03-05T12:00") == "🔥5")
    }

    /// A folder or a named pipe where the lock goes stopped every write while doctor found
    /// no problem; doctor names it, and `--repair` moves it aside so writes work again.
    @Test(arguments: ["folder", "pipe"])
    func aLockThatIsNoFileIsNamedAndMovedAside(kind: String) throws {
        let box = try healthy()
        try FileManager.default.removeItem(atPath: box.home + "/.lock")
        if kind == "folder" {
            try FileManager.default.createDirectory(atPath: box.home + "/.lock", withIntermediateDirectories: false)
        } else {
            #expect(mkfifo(box.home + "/.lock", 0o644) == 0)
        }
        #expect(try box.sp("tick", "quiz", "--now", "2026-03-04").status == 1)
        let checked = try box.sp("doctor")
        #expect(checked.status == 1 && checked.stdout.contains("\(box.home)/.lock: it is a"), "\(checked)")
        let repaired = try box.sp("doctor", "--repair")
        #expect(repaired.stdout.contains("moved \(box.home)/.lock aside"), "\(repaired)")
        #expect(try box.sp("tick", "quiz", "--now", "2026-03-04").status == 0)
        #expect(try box.sp("doctor").status == 0)
    }

    @Test func sharedFoldersGetTheirIgnoreFiles() throws {
        let box = try healthy()
        try FileManager.default.createDirectory(atPath: box.home + "/.stfolder", withIntermediateDirectories: true)
        let result = try box.sp("doctor")
        #expect(result.status == 0)
        #expect(result.stdout.contains("warning  \(box.home)/.stignore lacks prompt.cache, .lock, .*.tmp*, views"))
        #expect(try box.sp("doctor", "--repair").status == 0)
        #expect(try box.read(".stignore").contains("prompt.cache\n.lock\n.*.tmp*\nviews\n"))
        #expect(try box.sp("doctor").stdout.contains("ok       \(box.home)/.stignore is set up"))
    }

    @Test func shellPluginsAndGitHooksItCanSee() throws {
        guard requireTool("git") else { return }
        let box = try healthy()
        let userHome = box.environment["HOME"]!
        try Data("eval \"$(streakprompt init zsh)\"\n".utf8).write(to: URL(fileURLWithPath: userHome + "/.zshrc"))
        let repo = box.root.appendingPathComponent("repo").path
        _ = try run("/usr/bin/env", ["git", "init", "--quiet", repo], environment: box.environment)
        let hook = repo + "/.git/hooks/post-commit"
        try Data("#!/bin/sh\n# streakprompt-hook\nstreakprompt tick -q\n".utf8).write(to: URL(fileURLWithPath: hook))
        var result = try run(Binary.path, ["doctor"], environment: box.environment, directory: repo)
        #expect(result.stdout.contains("\(userHome)/.zshrc loads streakprompt"), "\(result.stdout)")
        #expect(result.stdout.contains("post-commit is not executable"), "\(result.stdout)")
        #expect(result.status == 1)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: hook)
        result = try run(Binary.path, ["doctor"], environment: box.environment, directory: repo)
        #expect(result.stdout.contains("post-commit counts commits"), "\(result.stdout)")
        #expect(result.status == 0)
    }

    /// A commented-out line does not load streakprompt.
    @Test func aCommentedOutLineIsNotALoadedPlugin() throws {
        let box = try healthy()
        let userHome = box.environment["HOME"]!
        try Data("# eval \"$(streakprompt init bash)\"\n".utf8).write(to: URL(fileURLWithPath: userHome + "/.bashrc"))
        let result = try box.sp("doctor", env: ["SHELL": "/bin/bash"])
        #expect(!result.stdout.contains(".bashrc loads streakprompt"), "\(result.stdout)")
        #expect(result.stdout.contains("no shell start-up file loads streakprompt"), "\(result.stdout)")
    }

    /// The suggestion is for the user's shell (`SHELL`), in that shell's syntax.
    @Test(arguments: [
        ("/bin/bash", "add 'eval \"$(streakprompt init bash)\"' to ~/.bashrc", "init zsh"),
        ("/usr/bin/fish", "add 'streakprompt init fish | source' to ~/.config/fish/config.fish", "init zsh"),
        ("/bin/zsh", "add 'eval \"$(streakprompt init zsh)\"' to ~/.zshrc", "init bash"),
    ])
    func theSuggestionIsForTheUsersShell(shell: String, advice: String, not other: String) throws {
        let box = try healthy()
        let result = try box.sp("doctor", env: ["SHELL": shell])
        #expect(result.stdout.contains(advice), "\(result.stdout)")
        #expect(!result.stdout.contains(other), "\(result.stdout)")
    }
}
