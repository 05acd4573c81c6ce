import Foundation
import Testing

/// What a git merge cannot decide, on machines with no git identity, and logs that a merge
/// left half done.
@Suite("sync conflicts")
struct SyncConflictTests {
    /// Git on a machine where it has no identity and must not guess one.
    func anonymousGit(_ box: Sandbox) throws -> [String: String] {
        let config = try box.file("gitconfig", "[user]\n\tuseConfigOnly = true\n")
        return ["GIT_CONFIG_GLOBAL": config, "GIT_CONFIG_NOSYSTEM": "1"]
    }

    @discardableResult
    func git(_ arguments: [String], in folder: String, _ box: Sandbox, env: [String: String] = [:], check: Bool = true) throws -> Result {
        let result = try run("/usr/bin/env", ["git", "-C", folder] + arguments, environment: box.environment.merging(env) { $1 })
        if check && result.status != 0 { throw TestFailure("git \(arguments) failed: \(result)") }
        return result
    }

    /// Two machines change one streak's settings; the conflict's steps, followed literally on
    /// a machine where git has no identity, settle it, and both machines end up with every action.
    @Test func theStepsASettingsConflictGivesWorkWithoutAGitIdentity() throws {
        guard requireTool("git") else { return }
        let scratch = try Sandbox()
        let remote = scratch.root.appendingPathComponent("remote.git").path
        try git(["init", "--quiet", "--bare", remote], in: scratch.root.path, scratch)
        var machines: [Sandbox] = []
        for name in ["laptop", "desk"] {
            let box = try Sandbox(extra: ["STREAKPROMPT_MACHINE": name])
            for (key, value) in try anonymousGit(box) { box.environment[key] = value }
            try box.sp("add", "quiz", "--freezes", "1")
            try git(["init", "--quiet"], in: box.home, box)
            try git(["remote", "add", "origin", remote], in: box.home, box)
            machines.append(box)
        }
        let (laptop, desk) = (machines[0], machines[1])
        #expect(try git(["config", "user.email"], in: desk.home, desk, check: false).status != 0, "git has no identity")
        try laptop.write("streaks/quiz/streak.conf", "icon=L\nschedule=weekdays\nfreezes=1\n")
        try laptop.sp("tick", "quiz", "--quiet", "--now", "2026-03-02")
        #expect(try laptop.sp("sync").status == 0)
        try desk.write("streaks/quiz/streak.conf", "icon=D\nschedule=daily\nfreezes=2\n")
        for day in ["2026-03-03", "2026-03-04"] { try desk.sp("tick", "quiz", "--quiet", "--now", day) }

        let conflict = try desk.sp("sync")
        #expect(conflict.status == 1)
        let message = conflict.stderr
        #expect(message.contains("both changed streaks/quiz/streak.conf"), "\(message)")
        #expect(message.contains("-c user.name=streakprompt -c user.email=streakprompt@desk merge --allow-unrelated-histories origin/"), "\(message)")
        #expect(message.split(separator: "\n").count == 1)
        // Undoing the merge left the prompt's cache current: doctor finds it so.
        let doctor = try desk.sp("doctor")
        #expect(!doctor.stdout.contains("the prompt cache is stale"), "\(doctor)")
        // Step 1, as printed.
        let start = try #require(message.range(of: "1. "))
        let end = try #require(message.range(of: " (it stops at the conflict)"))
        let merge = String(message[start.upperBound..<end.lowerBound])
        let stopped = try run("/bin/sh", ["-c", merge], environment: desk.environment)
        #expect(stopped.status != 0 && stopped.stdout.contains("CONFLICT"), "\(stopped)")
        #expect(try desk.read("streaks/quiz/streak.conf").contains("<<<<<<<"))
        // Forgetting step 2 is caught before anything is committed.
        let early = try desk.sp("sync")
        #expect(early.status == 1)
        #expect(early.stderr.contains("streaks/quiz/streak.conf still has the conflict markers"), "\(early)")
        // Step 2: keep one version. Step 3: sync.
        try desk.write("streaks/quiz/streak.conf", "icon=L\nschedule=weekdays\nfreezes=1\n")
        let settled = try desk.sp("sync")
        #expect(settled.status == 0, "\(settled)")
        #expect(settled.stdout.contains("pushed"), "\(settled)")
        let parents = try git(["rev-list", "--parents", "-n", "1", "HEAD"], in: desk.home, desk).stdout
        #expect(parents.split(separator: " ").count == 3, "a merge commit: \(parents)")
        #expect(try git(["log", "-1", "--format=%an"], in: desk.home, desk).stdout == "streakprompt\n")
        #expect(try laptop.sp("sync").status == 0)
        for box in [laptop, desk] {
            let status = try box.status("quiz", now: "2026-03-04T20:00")
            #expect(status["total"] as? Int == 3, "\(status)")
            #expect(status["icon"] as? String == "L")
            #expect(status["schedule"] as? String == "weekdays")
        }
    }

    /// The icon changed on both machines, and a tag added on one: sync merges the settings
    /// with no manual step, the later icon winning, and both machines agree.
    @Test func settingsChangedOnTwoMachinesMergeLikeEvents() throws {
        guard requireTool("git") else { return }
        let scratch = try Sandbox()
        let remote = scratch.root.appendingPathComponent("remote.git").path
        try git(["init", "--quiet", "--bare", remote], in: scratch.root.path, scratch)
        var machines: [Sandbox] = []
        for (name, date) in [("laptop", "2026-03-01T10:00:00Z"), ("desk", "2026-03-01T11:00:00Z")] {
            machines.append(try Sandbox(extra: ["STREAKPROMPT_MACHINE": name, "GIT_COMMITTER_DATE": date, "GIT_AUTHOR_DATE": date]))
        }
        let (laptop, desk) = (machines[0], machines[1])
        try laptop.sp("add", "quiz", "--icon", "📚")
        try git(["init", "--quiet"], in: laptop.home, laptop)
        try git(["remote", "add", "origin", remote], in: laptop.home, laptop)
        #expect(try laptop.sp("sync").status == 0)
        try git(["clone", "--quiet", remote, desk.home], in: desk.root.path, desk)
        #expect(try desk.sp("sync").status == 0)
        // Both change the icon; the desk (committing an hour later) also tags it.
        try laptop.sp("add", "quiz", "--icon", "L")
        try laptop.sp("tick", "quiz", "--quiet", "--now", "2026-03-02")
        #expect(try laptop.sp("sync").status == 0)
        try desk.sp("add", "quiz", "--icon", "D", "--tag", "study")
        try desk.sp("tick", "quiz", "--quiet", "--now", "2026-03-03")
        let merged = try desk.sp("sync")
        #expect(merged.status == 0 && merged.stdout.contains("was changed here and on the other machine: merged"), "\(merged)")
        #expect(try laptop.sp("sync").status == 0)
        for box in [laptop, desk] {
            let status = try box.status("quiz", now: "2026-03-03T20:00")
            #expect(status["icon"] as? String == "D" && status["tags"] as? [String] == ["study"], "\(status)")
            #expect(status["total"] as? Int == 2, "\(status)")
            #expect(!(try box.read("streaks/quiz/streak.conf")).contains("<<<<<<<"))
        }
    }

    /// A log merged without `merge=union` (a plain `git pull` before sync set it up) holds git's
    /// conflict markers: list and the prompt read both sides' lines, doctor names the conflict,
    /// and --repair takes the markers out and keeps every action.
    @Test func aLogWithConflictMarkersStillReadsAndDoctorNamesIt() throws {
        guard requireTool("git") else { return }
        let box = try Sandbox(extra: ["STREAKPROMPT_NOW": "2026-03-05T12:00"])
        let who = ["-c", "user.name=Me", "-c", "user.email=me@example.com"]
        try box.write(".gitignore", "prompt.cache\n.lock\n")
        for day in ["2026-03-01", "2026-03-02"] { try box.sp("tick", "quiz", "--quiet", "--now", day) }
        try git(["init", "--quiet", "-b", "main"], in: box.home, box)
        try git(["add", "-A"], in: box.home, box)
        try git(who + ["commit", "--quiet", "-m", "start"], in: box.home, box)
        try git(["checkout", "--quiet", "-b", "other"], in: box.home, box)
        try box.sp("tick", "quiz", "--quiet", "--now", "2026-03-03")
        try git(who + ["commit", "--quiet", "-am", "other"], in: box.home, box)
        try git(["checkout", "--quiet", "main"], in: box.home, box)
        try box.sp("tick", "quiz", "--quiet", "--now", "2026-03-04")
        try box.sp("tick", "quiz", "--quiet", "--now", "2026-03-05")
        try git(who + ["commit", "--quiet", "-am", "main"], in: box.home, box)
        let merge = try git(who + ["merge", "other"], in: box.home, box, check: false)
        #expect(merge.status != 0, "\(merge)")
        let log = try box.read("streaks/quiz/test.log")
        #expect(log.contains("<<<<<<< HEAD") && log.contains("=======") && log.contains(">>>>>>> other"), "\(log)")

        let list = try box.sp("list", "--json")
        #expect(list.status == 0, "\(list)")
        #expect(list.stderr.isEmpty, "markers are not unreadable lines: \(list.stderr)")
        let status = try box.status("quiz", now: "2026-03-05T12:00")
        #expect(status["total"] as? Int == 5, "both sides' lines: \(status)")
        #expect(status["current"] as? Int == 5)
        #expect(try box.sp("list").stdout.contains("quiz"))

        let doctor = try box.sp("doctor")
        #expect(doctor.status == 1)
        let finding = doctor.stdout.split(separator: "\n").first { $0.contains("conflict markers") }
        #expect(finding?.contains("streaks/quiz/test.log:") == true, "\(doctor.stdout)")
        #expect(finding?.contains("lines") == true, "\(doctor.stdout)")

        let repair = try box.sp("doctor", "--repair")
        #expect(repair.stdout.contains("set 3 conflict markers aside"), "\(repair.stdout)")
        #expect(!repair.stdout.contains("conflict markers (lines"), "checked again: gone")
        let repaired = try box.read("streaks/quiz/test.log")
        #expect(!repaired.contains("<<<<<<<") && !repaired.contains("======="))
        #expect(try box.status("quiz", now: "2026-03-05T12:00")["total"] as? Int == 5)
    }

    /// Two machines sharing a remote, each with `quiz` and a few actions, synced once.
    func twoMachines() throws -> (laptop: Sandbox, desk: Sandbox) {
        let machines = [try Sandbox(extra: ["STREAKPROMPT_MACHINE": "laptop"]), try Sandbox(extra: ["STREAKPROMPT_MACHINE": "desk"])]
        // The remote lives in the laptop's sandbox, which lives as long as the test.
        let remote = machines[0].root.appendingPathComponent("remote.git").path
        try git(["init", "--quiet", "--bare", remote], in: machines[0].root.path, machines[0])
        for box in machines {
            for (key, value) in try anonymousGit(box) { box.environment[key] = value }
            try FileManager.default.createDirectory(atPath: box.home, withIntermediateDirectories: true)
            try git(["init", "--quiet"], in: box.home, box)
            try git(["remote", "add", "origin", remote], in: box.home, box)
        }
        try machines[0].sp("tick", "quiz", "--quiet", "--now", "2026-03-01")
        #expect(try machines[0].sp("sync").status == 0)
        #expect(try machines[1].sp("sync").status == 0)
        return (machines[0], machines[1])
    }

    /// A tick on `from` after the conflict was settled reaches `to` with the next syncs.
    func expectStillSyncing(from: Sandbox, to: Sandbox, streak: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try from.sp("tick", streak, "--quiet", "--now", "2026-03-04")
        #expect(try from.sp("sync").status == 0, sourceLocation: sourceLocation)
        #expect(try to.sp("sync").stdout.contains("1 new action"), sourceLocation: sourceLocation)
    }

    /// `list --json` on `box` at `now`: a row a streak.
    func streaks(_ box: Sandbox, now: String) throws -> [[String: Any]] {
        let list = try box.sp("list", "--json", "--now", now)
        return try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]] ?? []
    }

    /// One streak renamed to two names on two machines: the later rename keeps it, with every
    /// action of both sides, on both machines, and sync says so (it failed with an empty
    /// reason, for ever, and the actions never crossed).
    @Test func aStreakRenamedToTwoNamesKeepsTheLaterNameAndEveryAction() throws {
        guard requireTool("git") else { return }
        let (laptop, desk) = try twoMachines()
        try laptop.sp("rename", "quiz", "study")
        try laptop.sp("tick", "study", "--quiet", "--now", "2026-03-02")
        #expect(try laptop.sp("sync").status == 0)
        sleep(1)  // the later rename, by a second of commit time
        try desk.sp("rename", "quiz", "learn")
        try desk.sp("tick", "learn", "--quiet", "--now", "2026-03-03")
        let synced = try desk.sp("sync")
        #expect(synced.status == 0, "\(synced)")
        #expect(synced.stdout.contains("quiz was renamed to learn here and to study on the other machine: kept learn"), "\(synced)")
        #expect(try laptop.sp("sync").status == 0)
        for box in [laptop, desk] {
            let rows = try streaks(box, now: "2026-03-03T20:00")
            #expect(rows.map { $0["name"] as? String } == ["learn"], "\(rows)")
            #expect(rows.first?["total"] as? Int == 3, "every action of both: \(rows)")
        }
        try expectStillSyncing(from: laptop, to: desk, streak: "learn")
    }

    /// A streak removed on one machine while the other ticked it: the sync that met both
    /// failed, and every one after it, for ever. The streak stays, with every record the other
    /// machine had, on both machines, and sync says how to remove it again.
    @Test func aStreakRemovedWhileTheOtherMachineTicksItIsKept() throws {
        guard requireTool("git") else { return }
        let (laptop, desk) = try twoMachines()
        try desk.sp("tick", "quiz", "--quiet", "--now", "2026-03-02")
        #expect(try desk.sp("sync").status == 0)
        #expect(try laptop.sp("sync").status == 0)
        try laptop.sp("remove", "quiz")
        #expect(try laptop.sp("sync").status == 0)
        try desk.sp("tick", "quiz", "--quiet", "--now", "2026-03-03")
        let synced = try desk.sp("sync")
        #expect(synced.status == 0, "\(synced)")
        #expect(synced.stdout.contains("quiz was removed on the other machine after this one recorded in it: kept it"), "\(synced)")
        let back = try laptop.sp("sync")
        #expect(back.status == 0, "\(back)")
        for box in [laptop, desk] {
            #expect(try box.status("quiz", now: "2026-03-03T20:00")["total"] as? Int == 3, "every action of both")
            #expect(try box.sp("doctor").stdout.contains("No problems found"))
        }
        try expectStillSyncing(from: laptop, to: desk, streak: "quiz")
    }

    /// A streak renamed on one machine while the other, not told, started a log under the old
    /// name: git's "file location" conflict failed every sync, and the documented recovery did
    /// not clear it. The log joins the renamed streak, as git suggests.
    @Test func aLogStartedUnderAnOldNameJoinsTheRenamedStreak() throws {
        guard requireTool("git") else { return }
        let (laptop, desk) = try twoMachines()
        try laptop.sp("rename", "quiz", "study")
        #expect(try laptop.sp("sync").status == 0)
        try desk.sp("tick", "quiz", "--quiet", "--now", "2026-03-02")
        let synced = try desk.sp("sync")
        #expect(synced.status == 0, "\(synced)")
        #expect(synced.stdout.contains("quiz was renamed to study on one machine while the other recorded under quiz: its records joined study."),
                "\(synced)")
        #expect(try laptop.sp("sync").status == 0)
        for box in [laptop, desk] {
            let rows = try streaks(box, now: "2026-03-02T20:00")
            #expect(rows.map { $0["name"] as? String } == ["study"], "\(rows)")
            #expect(rows.first?["total"] as? Int == 2, "\(rows)")
        }
    }

    /// A log that arrives as a symbolic link (a repository can hold one) is neither read nor
    /// written through: the count never goes negative, the next tick writes no dotfile, sync
    /// and doctor name it.
    @Test func aLinkThatArrivesBySyncIsNamedAndNeverFollowed() throws {
        guard requireTool("git") else { return }
        let (laptop, desk) = try twoMachines()
        let dotfile = try laptop.file("dotfile", "secret\n")
        try desk.sp("tick", "quiz", "--quiet", "--now", "2026-03-02")
        #expect(try desk.sp("sync").status == 0)
        // Someone replaces desk's log in the repository by a link to a dotfile of laptop's.
        let clone = laptop.root.appendingPathComponent("evil").path
        try git(["clone", "--quiet", laptop.home, clone], in: laptop.root.path, laptop)
        try git(["pull", "--quiet", "--no-rebase", desk.home, "HEAD"], in: clone, laptop)
        try FileManager.default.removeItem(atPath: clone + "/streaks/quiz/laptop.log")
        try FileManager.default.createSymbolicLink(atPath: clone + "/streaks/quiz/laptop.log", withDestinationPath: dotfile)
        try git(["add", "-A"], in: clone, laptop)
        try git(["-c", "user.name=x", "-c", "user.email=x@x", "commit", "--quiet", "-m", "link"], in: clone, laptop)
        try git(["push", "--quiet", "origin", "HEAD:refs/heads/evil"], in: clone, laptop, check: false)
        try git(["fetch", "--quiet", clone, "HEAD"], in: laptop.home, laptop)
        try git(["-c", "user.name=x", "-c", "user.email=x@x", "merge", "--quiet", "--no-edit", "FETCH_HEAD"], in: laptop.home, laptop, check: false)
        let tick = try laptop.sp("tick", "quiz", "--now", "2026-03-05")
        #expect(tick.status != 0 || !tick.stdout.isEmpty)
        #expect(try String(contentsOfFile: dotfile, encoding: .utf8) == "secret\n", "nothing written through the link")
        let doctor = try laptop.sp("doctor")
        #expect(doctor.status == 1 && doctor.stdout.contains("laptop.log is a symbolic link"), "\(doctor)")
        let synced = try laptop.sp("sync")
        #expect(!synced.stdout.contains("-"), "no negative count: \(synced)")
        #expect(synced.stderr.contains("is a symbolic link"), "\(synced)")
    }
}
