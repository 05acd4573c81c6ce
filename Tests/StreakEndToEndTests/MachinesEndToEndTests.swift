import Foundation
import Testing

/// Two machines that ticked while apart, with overlapping days, end with the union of their
/// actions: through export/import, through a shared folder, and through `sync` over git.
@Suite("many machines end to end")
struct MachinesEndToEndTests {
    /// Laptop's ticks, then desk's: they overlap on 03-04 … 03-06 (at other hours).
    static let laptop = ["2026-03-01T08:00", "2026-03-02T08:00", "2026-03-03T08:00", "2026-03-04T08:00",
                         "2026-03-05T08:00", "2026-03-06T08:00", "2026-03-06T09:00"]
    static let desk = ["2026-03-04T20:00", "2026-03-05T20:00", "2026-03-06T20:00", "2026-03-07T20:00",
                       "2026-03-09T20:00", "2026-03-10T20:00"]
    static let nows = ["2026-03-06T22:00", "2026-03-10T22:00", "2026-03-12T10:00"]

    func tick(_ box: Sandbox, _ times: [String], machine: String) throws {
        for time in times {
            let result = try box.sp("tick", "quiz", "-q", "--now", time, env: ["STREAKPROMPT_MACHINE": machine])
            guard result.status == 0 else { throw TestFailure("tick failed: \(result)") }
        }
    }

    /// A home that recorded every action of both machines itself: the expected union.
    func union() throws -> [String] {
        let box = try Sandbox()
        try box.sp("add", "quiz", "--freezes", "1")
        try tick(box, Self.laptop + Self.desk, machine: "both")
        return try box.allViews(names: ["quiz"], nows: Self.nows)
    }

    @Test func exportImportBothWaysGivesTheUnion() throws {
        let a = try Sandbox()
        let b = try Sandbox()
        try a.sp("add", "quiz", "--freezes", "1")
        try b.sp("add", "quiz", "--freezes", "1")
        try tick(a, Self.laptop, machine: "laptop")
        try tick(b, Self.desk, machine: "desk")
        let fromA = try a.sp("export").stdout
        let fromB = try b.sp("export", "--format", "csv").stdout
        #expect(try a.sp("import", "-", env: ["STREAKPROMPT_MACHINE": "laptop"], stdin: fromB).status == 0)
        #expect(try b.sp("import", "-", env: ["STREAKPROMPT_MACHINE": "desk"], stdin: fromA).status == 0)
        let expected = try union()
        expectSameViews(try a.allViews(names: ["quiz"], nows: Self.nows), expected, "a after import")
        expectSameViews(try b.allViews(names: ["quiz"], nows: Self.nows), expected, "b after import")
        let status = try a.status("quiz", now: "2026-03-10T22:00")
        #expect(status["total"] as? Int == 9)  // 03-01 … 03-07, 03-09, 03-10
        // Exchanging again, in either direction, changes nothing.
        let snapshot = try a.snapshot()
        #expect(try a.sp("import", "-", env: ["STREAKPROMPT_MACHINE": "laptop"], stdin: try b.sp("export").stdout)
            .stdout.contains("Imported 0 new actions"))
        #expect(try a.snapshot() == snapshot)
    }

    @Test func aSharedFolderIsTheUnionOfItsLogs() throws {
        let shared = try Sandbox()
        try shared.sp("add", "quiz", "--freezes", "1")
        // Interleaved, as two machines writing into one synced folder would.
        try tick(shared, Array(Self.desk.prefix(3)), machine: "desk")
        try tick(shared, Self.laptop, machine: "laptop")
        try tick(shared, Array(Self.desk.dropFirst(3)), machine: "desk")
        let logs = try FileManager.default.contentsOfDirectory(atPath: shared.home + "/streaks/quiz").sorted()
        #expect(logs == ["desk.log", "laptop.log", "streak.conf"])
        expectSameViews(try shared.allViews(names: ["quiz"], nows: Self.nows), try union(), "shared folder")
    }

    /// A folder synced by a file-sync tool that made a conflict copy of a log still counts
    /// every line once.
    @Test func aSyncConflictCopyOfALogLosesNothing() throws {
        let box = try Sandbox()
        try box.sp("add", "quiz", "--freezes", "1")
        try tick(box, Self.laptop, machine: "laptop")
        let log = try box.read("streaks/quiz/laptop.log")
        try box.write("streaks/quiz/laptop.sync-conflict-20260310-101010-ABCDEFG.log", log)
        try tick(box, Self.desk, machine: "desk")
        try box.sp("doctor", "--repair")
        expectSameViews(try box.allViews(names: ["quiz"], nows: Self.nows), try union(), "with a conflict copy")
        // A conflict copy of the settings is not read: doctor names it, with what to do.
        try box.write("streaks/quiz/streak.sync-conflict-20260310-101010-ABCDEFG.conf", "schedule=weekdays\n")
        let doctor = try box.sp("doctor")
        #expect(doctor.status == 1, "\(doctor)")
        #expect(doctor.stdout.contains("streak.sync-conflict-20260310-101010-ABCDEFG.conf is a sync tool's conflict copy of"),
                "\(doctor)")
    }

    // MARK: git

    func git(_ arguments: [String], in folder: String, _ box: Sandbox) throws {
        let result = try run("/usr/bin/env", ["git", "-C", folder] + arguments, environment: box.environment)
        guard result.status == 0 else { throw TestFailure("git \(arguments) failed: \(result)") }
    }

    /// Two data folders cloned from one bare repository; each may have ticked before.
    func gitPair(machines: (String, String)) throws -> (Sandbox, Sandbox, URL) {
        let a = try Sandbox(extra: ["STREAKPROMPT_MACHINE": machines.0])
        let b = try Sandbox(extra: ["STREAKPROMPT_MACHINE": machines.1])
        let remote = a.root.appendingPathComponent("remote.git")
        let made = try run("/usr/bin/env", ["git", "init", "--quiet", "--bare", remote.path], environment: a.environment)
        guard made.status == 0 else { throw TestFailure("\(made)") }
        for box in [a, b] {
            try box.sp("add", "quiz", "--freezes", "1")
            try git(["init", "--quiet"], in: box.home, box)
            try git(["remote", "add", "origin", remote.path], in: box.home, box)
        }
        return (a, b, remote)
    }

    @Test func syncOverGitGivesTheUnion() throws {
        guard requireTool("git") else { return }
        let (a, b, remote) = try gitPair(machines: ("laptop", "desk"))
        defer { try? FileManager.default.removeItem(at: remote) }
        try tick(a, Array(Self.laptop.prefix(4)), machine: "laptop")
        let first = try a.sp("sync")
        #expect(first.status == 0, "\(first)")
        // Desk ticked while apart, then syncs: its own commit and laptop's are merged.
        try tick(b, Self.desk, machine: "desk")
        let second = try b.sp("sync")
        #expect(second.status == 0, "\(second)")
        #expect(second.stdout.contains("merged origin/"), "\(second.stdout)")
        try tick(a, Array(Self.laptop.dropFirst(4)), machine: "laptop")
        #expect(try a.sp("sync").status == 0)
        #expect(try b.sp("sync").status == 0)
        let expected = try union()
        expectSameViews(try a.allViews(names: ["quiz"], nows: Self.nows), expected, "laptop after sync")
        expectSameViews(try b.allViews(names: ["quiz"], nows: Self.nows), expected, "desk after sync")
        // The derived files stay out of the repository.
        let tracked = try run("/usr/bin/env", ["git", "-C", a.home, "ls-files"], environment: a.environment).stdout
        #expect(!tracked.contains("prompt.cache"))
        #expect(!tracked.contains(".lock"))
        #expect(tracked.contains("streaks/quiz/desk.log"))
        #expect(try a.read(".gitattributes").contains("*.log merge=union"))
        // Nothing left to do: a second sync is quiet and changes nothing.
        let idle = try a.sp("sync")
        #expect(idle.stdout == "Synced: pushed to origin/\(try branch(a)).\n", "\(idle)")
    }

    /// install.sh with its default prefix puts its share folder (the plugins, its record of
    /// what it installed) at the default data folder: sync leaves those files on each machine,
    /// and a streak named like one of them still syncs.
    @Test func syncLeavesTheProgramsOwnFilesAlone() throws {
        guard requireTool("git") else { return }
        let (a, _, remote) = try gitPair(machines: ("laptop", "desk"))
        defer { try? FileManager.default.removeItem(at: remote) }
        try a.write("installed", "bin/streakprompt\nshare/streakprompt/shell/streakprompt.bash\n")
        try a.write("installed.folders", "share/streakprompt\n")
        try a.write("streakprompt.tmux", "#!/bin/sh\n")
        try FileManager.default.createDirectory(atPath: a.home + "/shell", withIntermediateDirectories: true)
        try a.write("shell/streakprompt.bash", "# plugin\n")
        #expect(try a.sp("tick", "shell", "--quiet", "--now", "2026-11-20T10:00").status == 0)
        let synced = try a.sp("sync")
        #expect(synced.status == 0, "\(synced)")
        let tracked = try run("/usr/bin/env", ["git", "-C", a.home, "ls-files"], environment: a.environment).stdout
        #expect(tracked.contains("streaks/shell/laptop.log"), "\(tracked)")
        for name in ["installed", "installed.folders", "streakprompt.tmux", "shell/streakprompt.bash"] {
            #expect(!tracked.split(separator: "\n").contains(Substring(name)), "\(name) is the program's: \(tracked)")
        }
    }

    func branch(_ box: Sandbox) throws -> String {
        try run("/usr/bin/env", ["git", "-C", box.home, "symbolic-ref", "--short", "HEAD"], environment: box.environment)
            .stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Two machines with the same host name append to the same log file: git's union merge,
    /// set up by sync, keeps both sides' lines.
    @Test func syncMergesOneLogWrittenOnTwoMachines() throws {
        guard requireTool("git") else { return }
        let (a, b, remote) = try gitPair(machines: ("same", "same"))
        defer { try? FileManager.default.removeItem(at: remote) }
        try tick(a, Array(Self.laptop.prefix(2)), machine: "same")
        #expect(try a.sp("sync").status == 0)
        #expect(try b.sp("sync").status == 0)
        try tick(a, Array(Self.laptop.dropFirst(2)), machine: "same")
        try tick(b, Self.desk, machine: "same")
        #expect(try a.sp("sync").status == 0)
        let merged = try b.sp("sync")
        #expect(merged.status == 0, "\(merged)")
        #expect(try a.sp("sync").status == 0)
        let expected = try union()
        expectSameViews(try a.allViews(names: ["quiz"], nows: Self.nows), expected, "a")
        expectSameViews(try b.allViews(names: ["quiz"], nows: Self.nows), expected, "b")
        #expect(try FileManager.default.contentsOfDirectory(atPath: a.home + "/streaks/quiz").sorted() == ["same.log", "streak.conf"])
    }

    /// Settings changed on both sides are the one thing a merge cannot decide: sync undoes
    /// the merge, changes nothing, and says how to choose.
    @Test func conflictingSettingsLeaveEverythingAsItWas() throws {
        guard requireTool("git") else { return }
        let (a, b, remote) = try gitPair(machines: ("laptop", "desk"))
        defer { try? FileManager.default.removeItem(at: remote) }
        try a.write("streaks/quiz/streak.conf", "icon=A\nschedule=weekdays\nfreezes=1\n")
        #expect(try a.sp("sync").status == 0)
        try tick(b, Self.desk, machine: "desk")
        let before = try b.snapshot()
        let result = try b.sp("sync")
        #expect(result.status == 1)
        #expect(result.stderr.contains("both changed streaks/quiz/streak.conf"), "\(result.stderr)")
        #expect(result.stderr.contains("merge --allow-unrelated-histories origin/"))
        #expect(!FileManager.default.fileExists(atPath: b.home + "/.git/MERGE_HEAD"), "the merge was undone")
        // This machine's own changes were committed; no merge commit, nothing left staged.
        let parents = try run("/usr/bin/env", ["git", "-C", b.home, "rev-list", "--parents", "-n", "1", "HEAD"], environment: b.environment)
        #expect(parents.stdout.split(separator: " ").count == 1, "\(parents)")
        #expect(try run("/usr/bin/env", ["git", "-C", b.home, "status", "--porcelain"], environment: b.environment).stdout.isEmpty)
        var after = try b.snapshot()
        for key in [String](after.keys) where key.hasPrefix("/.git") { after[key] = nil }
        var expected = before
        for key in [String](expected.keys) where key.hasPrefix("/.git") { expected[key] = nil }
        // The first sync's own commit added the sharing files; nothing else changed.
        expected["/.gitignore"] = after["/.gitignore"]
        expected["/.gitattributes"] = after["/.gitattributes"]
        #expect(after == expected)
        #expect(try b.status("quiz", now: "2026-03-10T22:00")["total"] as? Int == 6)
    }

    @Test func syncExplainsWhatIsMissing() throws {
        let box = try Sandbox()
        try box.sp("tick", "-q", "--now", "2026-03-01")
        let notARepo = try box.sp("sync")
        #expect(notARepo.status == 1)
        #expect(notARepo.stderr.contains("is not a git repository"))
        #expect(notARepo.stderr.contains("git -C"))
        guard requireTool("git") else { return }
        try git(["init", "--quiet"], in: box.home, box)
        let local = try box.sp("sync")
        #expect(local.status == 0, "\(local)")
        #expect(local.stdout.contains("Committed locally; no remote"))
    }
}
