import Foundation
import Testing

@Suite("git hook")
struct GitHookTests {
    @Test func aCommitTicks() throws {
        guard let g = try GitBox.make() else { return }
        let repo = try g.repository()
        let install = try g.sp(["git", "install"], in: repo)
        #expect(install.status == 0, "\(install)")
        #expect(install.stdout.contains("'default'"))

        // Nothing else to run: a file that has git start the binary (the absolute path), its
        // settings beside it.
        let hook = repo + "/.git/hooks/post-commit"
        #expect(directHookBinary(hook) == Binary.path)
        let json = try g.sp(["git", "status", "--json"], in: repo)
        #expect(json.stdout.contains("\"form\": \"direct\""), "\(json)")
        let text = try String(contentsOfFile: hook + ".streakprompt", encoding: .utf8)
        #expect(text.contains("\n# streakprompt-hook v2 repository post-commit\n"))
        #expect(text.contains("\nstreakprompt_name='default'\n"))
        #expect(!text.contains("\r"))

        let commit = try g.commit(in: repo)
        #expect(commit.stderr.isEmpty, "the hook is silent: \(commit)")
        #expect(g.actions().count == 1)
        let status = try g.status()
        #expect(status["current"] as? Int == 1)
        #expect(status["state"] as? String == "done")
    }

    /// A streak the commits would create is refused at install, as `add` refuses it (the
    /// hook itself says nothing at a commit); a command word is a name like any other.
    @Test func installRefusesANameAddWouldRefuse() throws {
        guard let g = try GitBox.make() else { return }
        let repo = try g.repository()
        #expect(try g.sp(["tick", "alpha", "--quiet"], in: repo).status == 0)
        let install = try g.sp(["git", "install", "--name", "ALPHA"], in: repo)
        #expect(install.status == 2, "\(install)")
        #expect(!FileManager.default.fileExists(atPath: repo + "/.git/hooks/post-commit"))
        let imported = try g.sp(["import", "git", ".", "--name", "ALPHA"], in: repo)
        #expect(imported.status == 2, "\(imported)")
        #expect(try g.sp(["git", "install", "--name", "git"], in: repo).status == 0)
        try g.commit(in: repo)
        #expect(try g.sp(["status", "git", "--json"], in: repo).stdout.contains("\"current\": 1"))
    }

    @Test func aForeignHookKeepsRunningAndIsRestoredExactly() throws {
        guard let g = try GitBox.make() else { return }
        let repo = try g.repository()
        let ran = g.root + "/foreign-ran"
        // Odd on purpose: its own mode, no final newline, bytes that are not UTF-8.
        let foreign = "#!/bin/sh\n# \u{00e9}t\u{00e9}\necho \"post-commit $#\" >> '\(ran)'\nexit 3"
        try writeScript(repo + "/.git/hooks/post-commit", foreign, mode: 0o750)
        var bytes = try Data(contentsOf: URL(fileURLWithPath: repo + "/.git/hooks/post-commit"))
        bytes.append(contentsOf: [0x0A, 0x23, 0xFF, 0xFE])
        try bytes.write(to: URL(fileURLWithPath: repo + "/.git/hooks/post-commit"))
        let before = try FileSnapshot.folder(repo + "/.git/hooks")

        let install = try g.sp(["git", "install"], in: repo)
        #expect(install.status == 0, "\(install)")
        #expect(install.stdout.contains("still runs"))
        try g.commit(in: repo)
        #expect(try String(contentsOfFile: ran, encoding: .utf8) == "post-commit 0\n")
        #expect(g.actions().count == 1)

        let uninstall = try g.sp(["git", "uninstall"], in: repo)
        #expect(uninstall.status == 0, "\(uninstall)")
        #expect(try FileSnapshot.folder(repo + "/.git/hooks") == before)

        try g.commit(in: repo)
        #expect(try String(contentsOfFile: ran, encoding: .utf8) == "post-commit 0\npost-commit 0\n")
        #expect(g.actions().count == 1, "uninstalled: no more ticks")
    }

    @Test func aSymbolicLinkHookIsRestoredAsALink() throws {
        guard let g = try GitBox.make() else { return }
        let repo = try g.repository()
        try writeScript(g.root + "/shared-hook", "#!/bin/sh\ntouch '\(g.root)/linked-ran'\n")
        try FileManager.default.createSymbolicLink(atPath: repo + "/.git/hooks/post-commit", withDestinationPath: g.root + "/shared-hook")
        let before = try FileSnapshot.folder(repo + "/.git/hooks")
        #expect(try g.sp(["git", "install"], in: repo).status == 0)
        try g.commit(in: repo)
        #expect(fileExists(g.root + "/linked-ran"))
        #expect(g.actions().count == 1)
        #expect(try g.sp(["git", "uninstall"], in: repo).status == 0)
        #expect(try FileSnapshot.folder(repo + "/.git/hooks") == before)
    }

    @Test func installingTwiceChangesNothing() throws {
        guard let g = try GitBox.make() else { return }
        let repo = try g.repository()
        #expect(try g.sp(["git", "install"], in: repo).status == 0)
        let hook = repo + "/.git/hooks/post-commit"
        let first = try FileSnapshot.folder(repo + "/.git/hooks")
        let modified = try FileManager.default.attributesOfItem(atPath: hook)[.modificationDate] as? Date

        let again = try g.sp(["git", "install"], in: repo)
        #expect(again.status == 0)
        #expect(again.stdout.contains("nothing changed"))
        #expect(try FileSnapshot.folder(repo + "/.git/hooks") == first)
        #expect(try FileManager.default.attributesOfItem(atPath: hook)[.modificationDate] as? Date == modified)
        #expect(!fileExists(hook + ".before-streakprompt"), "our own hook is never kept as a foreign one")

        try g.commit(in: repo)
        #expect(g.actions().count == 1, "the hook ran once")

        // Another streak name rewrites our hook in place, still without a backup.
        let renamed = try g.sp(["git", "install", "--name", "code"], in: repo)
        #expect(renamed.stdout.contains("'default' → 'code'"), "\(renamed)")
        #expect(!fileExists(hook + ".before-streakprompt"))
        try g.commit(in: repo)
        #expect(g.actions("code").count == 1)
    }

    @Test func aCommitInAWorktreeTicks() throws {
        guard let g = try GitBox.make() else { return }
        let repo = try g.repository()
        try g.commit(in: repo)
        let worktree = g.root + "/wt"
        try g.git(["worktree", "add", "-q", "-b", "side", worktree], in: repo)
        // Installing from inside the worktree puts the hook where every worktree shares it.
        let install = try g.sp(["git", "install"], in: worktree)
        #expect(install.status == 0, "\(install)")
        #expect(fileExists(repo + "/.git/hooks/post-commit"))
        try g.commit(in: worktree, env: GitBox.on(1))
        #expect(g.actions().count == 1)
        try g.commit(in: repo, env: GitBox.on(2))
        #expect(g.actions().count == 2)
    }

    @Test func aSubmoduleGetsItsOwnHook() throws {
        guard let g = try GitBox.make() else { return }
        let library = try g.repository("library")
        try g.commit(in: library)
        let app = try g.repository("app")
        try g.commit(in: app)
        try g.git(["-c", "protocol.file.allow=always", "submodule", "add", "-q", library, "lib"], in: app)
        let install = try g.sp(["git", "install"], in: app + "/lib")
        #expect(install.status == 0, "\(install)")
        #expect(fileExists(app + "/.git/modules/lib/hooks/post-commit"))
        try g.commit(in: app + "/lib")
        #expect(g.actions().count == 1)
    }

    @Test func anotherToolsHooksPathIsRefused() throws {
        guard let g = try GitBox.make() else { return }
        let repo = try g.repository()
        try g.git(["config", "core.hooksPath", ".husky/_"], in: repo)
        let install = try g.sp(["git", "install"], in: repo)
        #expect(install.status == 1)
        #expect(install.stderr.contains("core.hooksPath"))
        #expect(install.stderr.contains(".husky/_"))
        #expect(install.stderr.contains("streakprompt git hook post-commit"))
        #expect(install.stderr.split(separator: "\n").count == 1)
        #expect(!fileExists(repo + "/.git/hooks/post-commit"))
        #expect(!fileExists(repo + "/.husky"))

        // What the message suggests works from husky's own hook.
        try writeScript(repo + "/.husky/_/post-commit", "#!/bin/sh\n'\(Binary.path)' git hook post-commit\n")
        try g.commit(in: repo)
        #expect(g.actions().count == 1)

        let status = try g.sp(["git", "status"], in: repo)
        #expect(status.stdout.contains(".husky/_"))
    }

    /// A hook without its execute bit, which git skips, is kept and not run by ours either:
    /// install and status say so rather than "still runs".
    @Test func aNonExecutableHookIsKeptNotRun() throws {
        guard let g = try GitBox.make() else { return }
        let repo = try g.repository()
        let hook = repo + "/.git/hooks/post-commit"
        try "#!/bin/sh\necho NOEXEC >&2\n".write(toFile: hook, atomically: true, encoding: .utf8)
        let install = try g.sp(["git", "install"], in: repo)
        #expect(install.status == 0 && install.stdout.contains("not run (it is not executable"), "\(install)")
        #expect(try g.sp(["git", "status"], in: repo).stdout.contains("which is not executable: neither git nor ours runs it"))
        let commit = try g.commit(in: repo)
        #expect(!commit.stderr.contains("NOEXEC"), "\(commit)")
        #expect(g.actions().count == 1)
    }

    /// Where git would never run the hook, install says so instead of claiming it counts:
    /// `core.hooksPath` set empty (git 2.39 runs hooks from the worktree's top then), and a
    /// bare repository (nobody commits there).
    @Test func installRefusesWhereGitNeverRunsTheHook() throws {
        guard let g = try GitBox.make() else { return }
        let repo = try g.repository()
        try g.git(["config", "core.hooksPath", ""], in: repo)
        let runs = try g.git(["rev-parse", "--git-path", "hooks"], in: repo)
        if runs.stdout != ".git/hooks\n" {
            let install = try g.sp(["git", "install"], in: repo)
            #expect(install.status == 1 && install.stderr.contains("set, empty"), "\(install)")
            #expect(!fileExists(repo + "/.git/hooks/post-commit"))
            #expect(try g.sp(["git", "status"], in: repo).stdout.contains("counting    no"))
        }
        let bare = g.root + "/bare.git"
        try g.git(["init", "-q", "--bare", bare], in: g.root)
        let install = try g.sp(["git", "install"], in: bare)
        #expect(install.status == 1 && install.stderr.contains("bare repository"), "\(install)")
        #expect(!fileExists(bare + "/hooks/post-commit"))
        #expect(try g.sp(["git", "status"], in: bare).stdout.contains("counting    no: a bare repository"))
    }

    /// A hook git skips counts nothing, and `git status` says so: the link to a binary that
    /// was removed, and a hook without its execute bit.
    @Test func aHookGitSkipsIsNotCounting() throws {
        guard let g = try GitBox.make() else { return }
        let repo = try g.repository()
        let copy = try g.binaryCopy(in: "moved")
        let install = try g.sp(["git", "install"], in: repo, binary: copy)
        #expect(install.status == 0, "\(install)")
        try? FileManager.default.removeItem(atPath: copy)
        try g.commit(in: repo)
        #expect(g.actions().isEmpty)
        let status = try g.sp(["git", "status"], in: repo)
        #expect(status.stdout.contains("(missing: git cannot run it, and nothing counts;"), "\(status)")
        #expect(status.stdout.contains("counting    no"), "\(status)")
        let json = try g.sp(["git", "status", "--json"], in: repo)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect(object?["counting"] as? Bool == false, "\(json)")

        // Installed again, then the execute bit taken away: git skips it too.
        try g.sp(["git", "uninstall"], in: repo)
        try writeScript(repo + "/.git/hooks/post-commit", "#!/bin/sh\n'\(Binary.path)' git hook post-commit\n", mode: 0o644)
        try g.commit(in: repo)
        #expect(g.actions().isEmpty)
        #expect(try g.sp(["git", "status"], in: repo).stdout.contains("counting    no"))
    }

    /// husky (`core.hooksPath=.husky/_`, the README's line in `.husky/post-commit`): commits
    /// count, and `git status` and `doctor` both say so.
    @Test func huskysHookThatCallsStreakpromptIsRecognised() throws {
        guard let g = try GitBox.make() else { return }
        let repo = try g.repository()
        try g.git(["config", "core.hooksPath", ".husky/_"], in: repo)
        // What husky 9 generates: every hook in .husky/_ runs the user's .husky/HOOK with sh.
        try writeScript(repo + "/.husky/_/h", "#!/bin/sh\ns=$(dirname \"$(dirname \"$0\")\")/$(basename \"$0\")\n[ -f \"$s\" ] || exit 0\nsh -e \"$s\" \"$@\"\n")
        try writeScript(repo + "/.husky/_/post-commit", "#!/usr/bin/env sh\n. \"$(dirname \"$0\")/h\"\n")
        try writeScript(repo + "/.husky/post-commit", "if command -v streakprompt >/dev/null; then streakprompt git hook post-commit; fi\n", mode: 0o644)
        // streakprompt on PATH, as the README's line expects.
        let bin = g.root + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: bin + "/streakprompt", withDestinationPath: Binary.path)
        let path = ["PATH": bin + ":" + (g.box.environment["PATH"] ?? "/usr/bin:/bin")]
        try g.commit(in: repo, env: path)
        #expect(g.actions().count == 1, "husky's hook counted the commit")

        let status = try g.sp(["git", "status"], in: repo, env: path)
        #expect(status.stdout.contains("hook        \(repo)/.husky/post-commit: calls 'streakprompt git hook post-commit'"), "\(status)")
        #expect(status.stdout.contains("counting    yes: your new commits here count for 'default'"), "\(status)")
        #expect(!status.stdout.contains("not installed ('streakprompt git install'"), "\(status)")
        let json = try g.sp(["git", "status", "--json"], in: repo, env: path)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect(object?["counting"] as? Bool == true)
        #expect((object?["repository"] as? [String: Any])?["caller"] as? String == repo + "/.husky/post-commit")

        let doctor = try g.sp(["doctor"], in: repo, env: path)
        #expect(doctor.stdout.contains("this repository: \(repo)/.husky/_/post-commit counts commits (it runs \(repo)/.husky/post-commit, which calls 'streakprompt git hook post-commit')"), "\(doctor)")
        #expect(!doctor.stdout.contains("is not streakprompt's"), "\(doctor)")
    }

    @Test func aHooksPathNamingTheRepositorysOwnFolderIsNotAnotherTool() throws {
        guard let g = try GitBox.make() else { return }
        let repo = try g.repository()
        try g.git(["config", "core.hooksPath", ".git/hooks"], in: repo)
        try FileManager.default.createDirectory(atPath: repo + "/src", withIntermediateDirectories: true)
        let install = try g.sp(["git", "install"], in: repo + "/src")
        #expect(install.status == 0, "\(install)")
        try g.commit(in: repo)
        #expect(g.actions().count == 1)
    }

    /// Another command holding the data folder's lock (an import, a repair) holds up no
    /// commit: the hook waits half a second, then hands the action to a process of its own,
    /// which records it, at the commit's time, once the lock is free.
    @Test func aHeldLockNeitherStallsACommitNorLosesIt() throws {
        guard let g = try GitBox.make() else { return }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/flock") else { return }
        let repo = try g.repository()
        #expect(try g.sp(["git", "install"], in: repo).status == 0)
        try g.commit(in: repo, env: GitBox.on(1))
        #expect(g.actions().count == 1)
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
        holder.arguments = [g.box.home + "/.lock", "sleep", "4"]
        try holder.run()
        defer { if holder.isRunning { holder.terminate() } }
        usleep(300_000)
        let started = Date()
        let commit = try g.commit(in: repo, env: GitBox.on(2))
        #expect(commit.status == 0)
        #expect(Date().timeIntervalSince(started) < 2.5, "the commit waited for the lock")
        #expect(g.actions().count == 1, "recorded while another command held the lock")
        // Two more that day while the folder is busy: the date needs one action, and gets one.
        try g.commit(in: repo, env: GitBox.on(2))
        try g.commit(in: repo, env: GitBox.on(2))
        holder.waitUntilExit()
        for _ in 0..<100 where g.actions().count < 2 { usleep(100_000) }
        usleep(500_000)
        #expect(g.actions().count == 2, "\(g.actions())")
        #expect(g.actions().last?.hasPrefix("2026-03-02 2026-03-02T10:00:00+00:00") == true, "\(g.actions())")
    }

    /// Commits made at once in eight repositories, on a date that needs one action: one is
    /// recorded, as when they are made one after another (the met date is decided with the
    /// data folder's lock held).
    @Test func commitsMadeAtOnceAddWhatOneAfterAnotherAdd() throws {
        guard let g = try GitBox.make() else { return }
        var repositories: [String] = []
        for index in 0..<8 {
            let repo = try g.repository("repo\(index)")
            #expect(try g.sp(["git", "install"], in: repo).status == 0)
            try Data("x\n".utf8).write(to: URL(fileURLWithPath: repo + "/x"))
            try g.git(["add", "x"], in: repo)
            repositories.append(repo)
        }
        var processes: [Process] = []
        for repo in repositories {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["git", "commit", "-q", "-m", "at once"]
            process.currentDirectoryURL = URL(fileURLWithPath: repo)
            process.environment = g.box.environment.merging(GitBox.on(3)) { $1 }
            processes.append(process)
        }
        for process in processes { try process.run() }
        for process in processes { process.waitUntilExit() }
        #expect(processes.allSatisfy { $0.terminationStatus == 0 })
        #expect(g.actions().count == 1, "\(g.actions())")
    }

    /// The hook is a file of its own: writing to it (`echo … >`, an editor that keeps links)
    /// writes into the hook, never into the binary it starts.
    @Test func writingToTheHookNeverWritesTheBinary() throws {
        guard let g = try GitBox.make() else { return }
        let repo = try g.repository()
        let copy = try g.binaryCopy(in: "bin")
        let before = try Data(contentsOf: URL(fileURLWithPath: copy))
        #expect(try run(copy, ["git", "install"], environment: g.box.environment, directory: repo).status == 0)
        let hook = repo + "/.git/hooks/post-commit"
        #expect(directHookBinary(hook) == copy)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: hook))
        try handle.truncate(atOffset: 0)
        handle.write(Data("#!/bin/sh\necho mine\n".utf8))
        try handle.close()
        #expect(try Data(contentsOf: URL(fileURLWithPath: copy)) == before)
        #expect(try run(copy, ["--version"], environment: g.box.environment).status == 0)
    }

    /// A hook development builds of 0.2 installed, a link to the binary beside its settings, still counts (git
    /// starts the binary by the link's name); `git install` makes it the file.
    @Test func aLinkTheLastReleaseInstalledStillCounts() throws {
        guard let g = try GitBox.make() else { return }
        let repo = try g.repository()
        #expect(try g.sp(["git", "install"], in: repo).status == 0)
        let hook = repo + "/.git/hooks/post-commit"
        try FileManager.default.removeItem(atPath: hook)
        try FileManager.default.createSymbolicLink(atPath: hook, withDestinationPath: Binary.path)
        #expect(try g.sp(["git", "status"], in: repo).stdout.contains("counting    yes"))
        let commit = try g.commit(in: repo, env: GitBox.on(1))
        #expect(commit.stderr.isEmpty, "\(commit)")
        #expect(g.actions().count == 1)
        let install = try g.sp(["git", "install"], in: repo)
        #expect(install.stdout.hasPrefix("Updated"), "\(install)")
        #expect(directHookBinary(hook) == Binary.path)
        try g.commit(in: repo, env: GitBox.on(2))
        #expect(g.actions().count == 2)
        #expect(try g.sp(["git", "uninstall"], in: repo).status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: repo + "/.git/hooks").filter { $0.hasPrefix("post-commit") }.isEmpty)
    }

    @Test func theBinaryIsFoundByItsAbsolutePathWithAMinimalPath() throws {
        guard let g = try GitBox.make() else { return }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/git") else { return }
        let repo = try g.repository()
        #expect(try g.sp(["git", "install"], in: repo).status == 0)
        // As a GUI client runs git: a PATH without streakprompt on it.
        let commit = try g.commit(in: repo, env: ["PATH": "/usr/bin:/bin"])
        #expect(commit.stderr.isEmpty)
        #expect(g.actions().count == 1)
    }

    @Test func aMissingBinaryLeavesCommitsAlone() throws {
        guard let g = try GitBox.make() else { return }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/git") else { return }
        let repo = try g.repository()
        let copy = try g.binaryCopy(in: "bin")
        var environment = g.box.environment
        environment["PWD"] = repo
        let install = try run(copy, ["git", "install"], environment: environment, directory: repo)
        #expect(install.status == 0, "\(install)")
        try FileManager.default.removeItem(atPath: copy)

        // Git says it cannot run the hook (its interpreter line names a binary that is gone),
        // and makes the commit all the same.
        let commit = try g.commit(in: repo, env: ["PATH": "/usr/bin:/bin"])
        #expect(commit.status == 0)
        #expect(commit.stderr.isEmpty || commit.stderr.split(separator: "\n").allSatisfy { $0.contains("cannot run") && $0.contains("post-commit") },
                "\(commit)")
        #expect(commit.stdout.isEmpty, "\(commit)")
        #expect(g.actions().isEmpty)
    }

    @Test func rebaseCherryPickAmendAndRevertTickNothing() throws {
        guard let g = try GitBox.make() else { return }
        let repo = try g.repository()
        #expect(try g.sp(["git", "install"], in: repo).status == 0)
        try g.commit(in: repo, env: GitBox.on(1))
        try g.git(["checkout", "-q", "-b", "feature"], in: repo)
        for day in 2...4 { try g.commit(in: repo, env: GitBox.on(day)) }
        try g.git(["checkout", "-q", "main"], in: repo)
        try g.commit(in: repo, env: GitBox.on(5))
        #expect(g.actions().count == 5, "new commits on five days, five ticks")

        // Each replay happens on a day of its own: counting it would add that date.
        try g.git(["checkout", "-q", "feature"], in: repo)
        try g.git(["rebase", "-q", "main"], in: repo, env: GitBox.replaying(on: 6))
        #expect(g.actions().count == 5, "a rebase of three commits is not three new actions")
        try g.git(["rebase", "-q", "-i", "--force-rebase", "main"], in: repo, env: GitBox.replaying(on: 7))
        #expect(g.actions().count == 5, "an interactive rebase")

        try g.git(["checkout", "-q", "main"], in: repo)
        try g.git(["cherry-pick", "feature~2"], in: repo, env: GitBox.replaying(on: 8))
        #expect(g.actions().count == 5, "cherry-pick")
        try g.git(["cherry-pick", "feature~2..feature"], in: repo, env: GitBox.replaying(on: 9))
        #expect(g.actions().count == 5, "a cherry-pick of a range")

        try g.git(["commit", "-q", "--amend", "-m", "amended"], in: repo, env: GitBox.replaying(on: 10))
        #expect(g.actions().count == 5, "amend")
        try g.git(["revert", "--no-edit", "HEAD"], in: repo, env: GitBox.on(11))
        #expect(g.actions().count == 5, "revert")

        let dryRun = try g.sp(["git", "hook", "post-commit", "--dry-run"], in: repo, env: GitBox.on(11))
        #expect(dryRun.stdout.hasPrefix("skipped: it is a revert"), "\(dryRun)")

        try g.commit(in: repo, env: GitBox.on(12))
        #expect(g.actions().count == 6, "new work counts again")
        #expect(g.actions().last?.hasPrefix("2026-03-12 ") == true)
    }

    @Test func oneActionPerDate() throws {
        guard let g = try GitBox.make() else { return }
        let repo = try g.repository()
        #expect(try g.sp(["git", "install"], in: repo).status == 0)
        for _ in 0..<3 { try g.commit(in: repo) }
        #expect(g.actions().count == 1, "later commits of the day find it counted and write nothing")
        // Even with the prompt cache gone, a second tick of the day only repeats the date.
        try FileManager.default.removeItem(atPath: g.box.home + "/prompt.cache")
        try g.commit(in: repo)
        #expect(try g.status()["total"] as? Int == 1)
    }

    /// The cache's word that today is met holds only while the streak's folder is as it was
    /// when the line was written. Here a sync tool replaces the log (a new file renamed over
    /// it, as Syncthing does) with one where today's action is gone, taken back on another
    /// machine: the next commit counts again, where the cache alone would have said met.
    @Test func aLogChangedBehindTheCacheIsNotTakenAsCounted() throws {
        guard let g = try GitBox.make() else { return }
        let repo = try g.repository()
        #expect(try g.sp(["git", "install"], in: repo).status == 0)
        try g.commit(in: repo)
        #expect(g.actions().count == 1)
        let log = g.box.home + "/streaks/default/test.log"
        let header = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").filter { $0.hasPrefix("#") }
        try (header.joined(separator: "\n") + "\n").write(toFile: log + ".sync-tmp", atomically: false, encoding: .utf8)
        #expect(rename(log + ".sync-tmp", log) == 0)
        #expect(g.actions().isEmpty)
        try g.commit(in: repo)
        #expect(g.actions().count == 1, "the commit counts again: \(g.actions())")
        #expect(try g.status()["state"] as? String == "done")
    }

    /// A commit on a date the prompt cache shows met is settled before the command line is
    /// parsed (`GitHook.fast`), so that shortcut must find today's date from the settings the
    /// full path reads. Here the config file's day start (13:00, with the local time set to
    /// about noon by the zone) makes today's streak date the calendar's yesterday, while the
    /// cache shows the calendar's today met (a tick for tomorrow, which is allowed): the
    /// commit still counts, for yesterday's date. The real clock, since the shortcut leaves
    /// `STREAKPROMPT_NOW` to the full path.
    @Test func theShortcutForAMetDateTakesTheConfiguredDayStart() throws {
        guard let g = try GitBox.make() else { return }
        let repo = try g.repository()
        #expect(try g.sp(["git", "install"], in: repo).status == 0)
        let now = Int(Date().timeIntervalSince1970)
        var offset = (12 - now % 86_400 / 3600 + 24) % 24  // hours east of UTC that make it noon
        if offset > 12 { offset -= 24 }
        let zone = ["TZ": "NOO\(-offset)"]  // POSIX: the offset's sign is west of UTC
        let local = now + offset * 3600
        let calendarToday = local / 86_400
        func date(_ days: Int) -> String {
            let format = DateFormatter()
            format.locale = Locale(identifier: "en_US_POSIX")
            format.timeZone = TimeZone(identifier: "UTC")
            format.dateFormat = "yyyy-MM-dd"
            return format.string(from: Date(timeIntervalSince1970: TimeInterval(days * 86_400)))
        }
        #expect(try g.sp(["config", "set", "day-start", "13:00"], in: repo, env: zone).status == 0)
        // 13:30 today by the calendar: the streak date of the calendar's today, tomorrow's.
        let tomorrow = now - local % 86_400 + 13 * 3600 + 1800
        let tick = try g.sp(["tick", "default", "--quiet", "--now", "@\(tomorrow)"], in: repo, env: zone)
        #expect(tick.status == 0, "\(tick)")
        #expect(g.actions().first?.hasPrefix(date(calendarToday) + " ") == true, "\(g.actions())")

        try g.commit(in: repo, env: zone)
        #expect(g.actions().count == 2, "the commit counts for today's streak date: \(g.actions())")
        #expect(g.actions().last?.hasPrefix(date(calendarToday - 1) + " ") == true, "\(g.actions())")
    }

    /// With tomorrow ticked already (allowed: travel east), the cache's last met date is
    /// tomorrow's; today's commits still add one action to today, not one each.
    @Test func aDateTickedAheadStillMeansOneActionToday() throws {
        guard let g = try GitBox.make() else { return }
        let repo = try g.repository()
        #expect(try g.sp(["git", "install"], in: repo).status == 0)
        let tomorrow = Int(Date().timeIntervalSince1970) + 86_400
        #expect(try g.sp(["tick", "default", "--quiet", "--now", "@\(tomorrow)"], in: repo).status == 0)
        for _ in 0..<3 { try g.commit(in: repo) }
        #expect(g.actions().count == 2, "tomorrow's tick and one of today's commits: \(g.actions())")
    }

    @Test func someoneElsesCommitTicksNothing() throws {
        guard let g = try GitBox.make() else { return }
        let repo = try g.repository()
        #expect(try g.sp(["git", "install"], in: repo).status == 0)
        try g.commit(in: repo, extra: ["--author", "Colleague <colleague@example.com>"])
        #expect(g.actions().isEmpty)
        let why = try g.sp(["git", "hook", "post-commit", "--dry-run"], in: repo)
        #expect(why.stdout.contains("colleague@example.com"))

        // The user's other addresses count once listed.
        try g.git(["config", "--add", "streakprompt.email", "me@work.example"], in: repo)
        try g.commit(in: repo, extra: ["--author", "Me <Me@Work.Example>"])
        #expect(g.actions().count == 1)
    }

    /// `git -c user.email=other@x commit`: author and committer are other@x. The hook skips
    /// it, and the dry run, run afterwards without the override, says the same.
    @Test func theDryRunAndTheHookShareOneDecision() throws {
        guard let g = try GitBox.make() else { return }
        let repo = try g.repository()
        #expect(try g.sp(["git", "install"], in: repo).status == 0)
        try g.git(["-c", "user.email=other@x", "commit", "--allow-empty", "-q", "-m", "o"], in: repo)
        #expect(g.actions().isEmpty, "the hook skipped someone else's commit")
        let why = try g.sp(["git", "hook", "post-commit", "--dry-run"], in: repo)
        #expect(why.stdout.hasPrefix("skipped: its author <other@x> is someone else"), "\(why)")
        // The user's own commit: both count it.
        try g.git(["commit", "--allow-empty", "-q", "-m", "mine"], in: repo)
        #expect(g.actions().count == 1)
        let mine = try g.sp(["git", "hook", "post-commit", "--dry-run"], in: repo)
        #expect(mine.stdout.hasPrefix("counts: new work of yours"), "\(mine)")
        #expect(mine.stdout.contains("it counts for 'default'"), "\(mine)")
        // Without --name, the streak the installed hook counts for.
        #expect(try g.sp(["git", "install", "--name", "code"], in: repo).status == 0)
        let named = try g.sp(["git", "hook", "post-commit", "--dry-run"], in: repo)
        #expect(named.stdout.contains("it counts for 'code'"), "\(named)")
        let asked = try g.sp(["git", "hook", "post-commit", "--dry-run", "--name", "other"], in: repo)
        #expect(asked.stdout.contains("it counts for 'other'"), "\(asked)")
    }

    @Test func aBackdatedCommitDoesNotCountAsToday() throws {
        guard let g = try GitBox.make() else { return }
        let repo = try g.repository()
        #expect(try g.sp(["git", "install"], in: repo).status == 0)
        try g.commit(in: repo, extra: ["--date", "2020-01-01T12:00:00+00:00"])
        try g.commit(in: repo, env: ["GIT_AUTHOR_DATE": "2020-01-02T12:00:00+00:00", "GIT_COMMITTER_DATE": "2020-01-02T12:00:00+00:00"])
        #expect(g.actions().isEmpty)
        try g.commit(in: repo)
        #expect(g.actions().count == 1)
    }

    @Test func aCommitMadeAtAnotherMomentCountsForThatDay() throws {
        // STREAKPROMPT_NOW works for the hook as for every command.
        guard let g = try GitBox.make() else { return }
        let repo = try g.repository()
        #expect(try g.sp(["git", "install"], in: repo).status == 0)
        let moment = "2026-03-10T09:00:00+00:00"
        try g.commit(in: repo, env: ["STREAKPROMPT_NOW": moment, "GIT_AUTHOR_DATE": moment, "GIT_COMMITTER_DATE": moment])
        #expect(g.actions().first?.hasPrefix("2026-03-10 ") == true, "\(g.actions())")
    }

    @Test func theOffSwitchStopsCountingButNotTheChain() throws {
        guard let g = try GitBox.make() else { return }
        let repo = try g.repository()
        try writeScript(repo + "/.git/hooks/post-commit", "#!/bin/sh\ntouch '\(g.root)/chained-ran'\n")
        #expect(try g.sp(["git", "install"], in: repo).status == 0)
        try g.commit(in: repo, env: ["STREAKPROMPT": "0"])
        #expect(g.actions().isEmpty)
        #expect(fileExists(g.root + "/chained-ran"))
    }

    /// The link ends by running a hook kept beside it, as the script does: git's arguments,
    /// stdin and streams (post-commit's output reaches the commit's), its exit status.
    @Test func theLinkRunsAHookKeptBesideIt() throws {
        guard let g = try GitBox.make() else { return }
        let repo = try g.repository()
        #expect(try g.sp(["git", "install"], in: repo).status == 0)
        let hooks = repo + "/.git/hooks"
        #expect(FileManager.default.fileExists(atPath: hooks + "/post-commit.streakprompt"))
        try writeScript(hooks + "/post-commit.before-streakprompt", "#!/bin/sh\necho \"kept $# $0\"\nexit 3\n")
        let commit = try g.commit(in: repo, env: GitBox.on(1))
        #expect(commit.stderr == "kept 0 .git/hooks/post-commit.before-streakprompt\n", "\(commit)")
        #expect(g.actions().count == 1)
        // Off: nothing counted, the kept hook still runs.
        let off = try g.commit(in: repo, env: GitBox.on(2).merging(["STREAKPROMPT": "0"]) { $1 })
        #expect(off.stderr.hasPrefix("kept 0 "), "\(off)")
        #expect(g.actions().count == 1)
        // Run by hand with arguments and stdin, as git runs other hooks.
        let direct = try run(hooks + "/post-commit", ["one", "two words"], environment: g.box.environment.merging(["STREAKPROMPT": "0"]) { $1 },
                             directory: repo)
        #expect(direct.status == 3 && direct.stdout == "kept 2 \(hooks)/post-commit.before-streakprompt\n", "\(direct)")
    }

    /// Lines a user adds to the hook after ours (`echo make test >> .git/hooks/post-commit`)
    /// run at every commit after the count, with git's arguments and streams, and stay when
    /// ours goes: uninstall takes out our lines alone, and the settings beside them.
    @Test func linesAddedToTheHookRunAndOutliveIt() throws {
        guard let g = try GitBox.make() else { return }
        let repo = try g.repository()
        #expect(try g.sp(["git", "install"], in: repo).status == 0)
        let hook = repo + "/.git/hooks/post-commit"
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: hook))
        handle.seekToEndOfFile()
        handle.write(Data("echo \"added $# $0\" >&2\n".utf8))
        handle.closeFile()
        let commit = try g.commit(in: repo, env: GitBox.on(1))
        #expect(commit.stderr == "added 0 .git/hooks/post-commit\n", "\(commit)")
        #expect(g.actions().count == 1)
        let uninstall = try g.sp(["git", "uninstall"], in: repo)
        #expect(uninstall.status == 0 && uninstall.stdout.contains("the lines you added"), "\(uninstall)")
        #expect(try String(contentsOfFile: hook, encoding: .utf8) == "#!/bin/sh\necho \"added $# $0\" >&2\n")
        #expect(!FileManager.default.fileExists(atPath: hook + ".streakprompt"))
        let after = try g.commit(in: repo, env: GitBox.on(2))
        #expect(after.stderr == "added 0 .git/hooks/post-commit\n", "\(after)")
        #expect(g.actions().count == 1)
    }

    /// Another tool that moves ours aside and runs it under another name (the pre-commit
    /// framework's `post-commit.legacy`): the hook still counts, for the streak its settings
    /// name, and `git status` and `doctor` say so.
    @Test func theHookCountsUnderTheNameAnotherToolGivesIt() throws {
        guard let g = try GitBox.make() else { return }
        let repo = try g.repository()
        #expect(try g.sp(["git", "install", "--name", "code"], in: repo).status == 0)
        let hooks = repo + "/.git/hooks"
        try FileManager.default.moveItem(atPath: hooks + "/post-commit", toPath: hooks + "/post-commit.legacy")
        try writeScript(hooks + "/post-commit", "#!/bin/sh\n\"$(dirname \"$0\")/post-commit.legacy\" \"$@\"\n")
        try g.commit(in: repo, env: GitBox.on(1))
        #expect(g.actions("code").count == 1)
        #expect(g.actions().isEmpty)
        let status = try g.sp(["git", "status"], in: repo)
        #expect(status.stdout.contains("counting    yes"), "\(status)")
        #expect(status.stdout.contains("post-commit.legacy"), "\(status)")
        let doctor = try g.sp(["doctor"], in: repo)
        #expect(!doctor.stdout.contains("is not streakprompt's"), "\(doctor)")
    }

    /// A repository that keeps no reflog (core.logAllRefUpdates=false): an amend keeps its
    /// author date and is not new work; a new commit still counts.
    @Test func withoutAReflogAnAmendIsNoNewWork() throws {
        guard let g = try GitBox.make() else { return }
        let repo = try g.repository()
        try g.git(["config", "core.logAllRefUpdates", "false"], in: repo)
        try? FileManager.default.removeItem(atPath: repo + "/.git/logs")
        #expect(try g.sp(["add", "default", "--goal", "10"], in: g.root).status == 0)
        #expect(try g.sp(["git", "install"], in: repo).status == 0)
        try g.commit(in: repo, env: GitBox.on(1))
        #expect(g.actions().count == 1)
        let later = ["STREAKPROMPT_NOW": GitBox.moment(1, hour: 11), "GIT_COMMITTER_DATE": GitBox.moment(1, hour: 11)]
        try g.git(["commit", "-q", "--amend", "-m", "amended"], in: repo, env: later)
        #expect(g.actions().count == 1, "an amend counted")
        let dry = try g.sp(["git", "hook", "post-commit", "--dry-run"], in: repo, env: later)
        #expect(dry.stdout.contains("no reflog"), "\(dry)")
        try g.commit(in: repo, env: ["STREAKPROMPT_NOW": GitBox.moment(1, hour: 12), "GIT_AUTHOR_DATE": GitBox.moment(1, hour: 12),
                                     "GIT_COMMITTER_DATE": GitBox.moment(1, hour: 12)])
        #expect(g.actions().count == 2)
    }

    /// A repository whose path git prints as more than one line, or not as UTF-8: install
    /// says it cannot name it and writes nowhere (a decoded path would be another folder).
    @Test func aRepositoryPathThatCannotBeNamedIsRefused() throws {
        guard let g = try GitBox.make() else { return }
        for name in ["'line\\nbreak'", "'bad\\377'"] {
            let before = try FileManager.default.contentsOfDirectory(atPath: g.root).sorted()
            // The name made by printf in sh: Foundation cannot hold a path that is not UTF-8.
            let script = "d=$(printf \(name)) && mkdir \"$d\" && cd \"$d\" && git init -q . && \"$0\" git install"
            let install = try run("/bin/sh", ["-c", script, Binary.path], environment: g.box.environment, directory: g.root)
            #expect(install.status == 1, "\(install)")
            #expect(install.stderr.contains("line break or bytes that are not UTF-8"), "\(install)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: g.root).count == before.count + 1, "a folder made up")
        }
    }

    /// The real pre-commit framework installed after ours keeps it as `post-commit.legacy`
    /// and runs it: commits count, `git status` says so, and uninstall takes ours out from
    /// behind it, leaving the framework's hook.
    @Test func thePreCommitFrameworkKeepsOurHookCounting() throws {
        guard let g = try GitBox.make(), let preCommit = tool("pre-commit") else { return }
        let repo = try g.repository()
        #expect(try g.sp(["git", "install", "--name", "code"], in: repo).status == 0)
        try Data("repos: []\n".utf8).write(to: URL(fileURLWithPath: repo + "/.pre-commit-config.yaml"))
        try g.git(["add", ".pre-commit-config.yaml"], in: repo)
        var environment = g.box.environment
        environment["PATH"] = URL(fileURLWithPath: preCommit).deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "")
        let installed = try run("/bin/sh", ["-c", "pre-commit install --hook-type post-commit"], environment: environment, directory: repo)
        #expect(installed.status == 0, "\(installed)")
        let hooks = repo + "/.git/hooks"
        #expect(directHookBinary(hooks + "/post-commit.legacy") == Binary.path)
        let commit = try g.commit(in: repo, env: GitBox.on(1).merging(["PATH": environment["PATH"]!]) { $1 })
        #expect(commit.stderr.isEmpty, "\(commit)")
        #expect(g.actions("code").count == 1)
        let status = try g.sp(["git", "status"], in: repo)
        #expect(status.stdout.contains("counting    yes"), "\(status)")
        // Installed again (another streak): there, behind the framework, not around it.
        let framework = try Data(contentsOf: URL(fileURLWithPath: hooks + "/post-commit"))
        #expect(try g.sp(["git", "install", "--name", "side"], in: repo).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: hooks + "/post-commit")) == framework)
        let again = try g.commit(in: repo, env: GitBox.on(2).merging(["PATH": environment["PATH"]!]) { $1 })
        #expect(again.stderr.isEmpty, "\(again)")
        #expect(g.actions("side").count == 1 && g.actions("code").count == 1)
        // A rename follows it there too.
        let rename = try g.sp(["rename", "side", "other"], in: repo)
        #expect(rename.stdout.contains("post-commit.legacy: your new commits here count for 'other'"), "\(rename)")
        try g.commit(in: repo, env: GitBox.on(3).merging(["PATH": environment["PATH"]!]) { $1 })
        #expect(g.actions("other").count == 2 && !fileExists(g.box.home + "/streaks/side"), "\(g.actions("other"))")
        let uninstall = try g.sp(["git", "uninstall"], in: repo)
        #expect(uninstall.status == 0, "\(uninstall)")
        #expect(uninstall.stdout.contains("post-commit.legacy"), "\(uninstall)")
        #expect(!fileExists(hooks + "/post-commit.legacy") && !fileExists(hooks + "/post-commit.streakprompt"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: hooks + "/post-commit")) == framework)
        try g.commit(in: repo, env: GitBox.on(4).merging(["PATH": environment["PATH"]!]) { $1 })
        #expect(g.actions("other").count == 2, "counted after uninstall")
    }

    /// A user's hook where ours never was: uninstall has nothing to do, and says so.
    @Test func uninstallWhereOursNeverWasChangesNothing() throws {
        guard let g = try GitBox.make() else { return }
        let repo = try g.repository()
        let hook = repo + "/.git/hooks/post-commit"
        try writeScript(hook, "#!/bin/sh\necho mine\n")
        let uninstall = try g.sp(["git", "uninstall"], in: repo)
        #expect(uninstall.status == 0, "\(uninstall)")
        #expect(uninstall.stdout.contains("nothing changed"), "\(uninstall)")
        #expect(try String(contentsOfFile: hook, encoding: .utf8) == "#!/bin/sh\necho mine\n")
    }

    /// Under an earlier version's global hooks (core.hooksPath), not yet taken out: its
    /// post-commit sees a repository's own hook of ours and leaves the count to it, so a commit
    /// counts once, for the repository's streak; an install there writes the script, which
    /// those hooks forward to.
    @Test func anEarlierGlobalHookDefersToTheRepositorysOwn() throws {
        guard let g = try GitBox.make() else { return }
        let repo = try g.repository()
        #expect(try g.sp(["git", "install", "--name", "code"], in: repo).status == 0)
        try g.installEarlierGlobal(release: "v2")
        try g.commit(in: repo, env: GitBox.on(1))
        #expect(g.actions("code").count == 1)
        #expect(g.actions().isEmpty, "counted by the global hook too")
        let other = try g.repository("other")
        let install = try g.sp(["git", "install", "--name", "side"], in: other)
        #expect(install.stdout.contains("The global hooks of an earlier version defer to this one here"), "\(install)")
        #expect(directHookBinary(other + "/.git/hooks/post-commit") == nil)
        try g.commit(in: other, env: GitBox.on(2))
        #expect(g.actions("side").count == 1)
        #expect(g.actions().isEmpty)
    }

    /// A binary in a folder whose name is shell code (and has spaces, which no interpreter line
    /// can hold): the script holds it as quoted data, and the commit counts with nothing run.
    @Test func anOddBinaryPathCountsAndRunsNothing() throws {
        guard let g = try GitBox.make() else { return }
        let odd = g.root + "/it's $(touch pwned-l1) `touch pwned-l2` dir"
        try FileManager.default.createDirectory(atPath: odd, withIntermediateDirectories: true)
        try Binary.copy(to: odd + "/streakprompt")
        let repo = try g.repository()
        let install = try run(odd + "/streakprompt", ["git", "install"], environment: g.box.environment, directory: repo)
        #expect(install.status == 0, "\(install)")
        #expect(directHookBinary(repo + "/.git/hooks/post-commit") == nil)
        #expect(try String(contentsOfFile: repo + "/.git/hooks/post-commit", encoding: .utf8).hasPrefix("#!/bin/sh\n# streakprompt-hook v2"))
        let status = try run(odd + "/streakprompt", ["git", "status"], environment: g.box.environment, directory: repo)
        #expect(status.stdout.contains("counting    yes"), "\(status)")
        try g.commit(in: repo)
        #expect(g.actions().count == 1)
        for place in [g.root, repo] {
            #expect(!fileExists(place + "/pwned-l1") && !fileExists(place + "/pwned-l2"))
        }
    }

    @Test func gitWithoutACommandExplainsItself() throws {
        guard let g = try GitBox.make() else { return }
        let bare = try g.sp(["git"], in: g.root)
        #expect(bare.status == 2)
        #expect(bare.stderr.contains("install"))
        #expect(bare.stderr.split(separator: "\n").count == 1)
        let typo = try g.sp(["git", "instal"], in: g.root)
        #expect(typo.status == 2)
        #expect(typo.stderr.contains("'install'"))
        let help = try g.sp(["git", "--help"], in: g.root)
        #expect(help.status == 0)
        #expect(help.stdout.contains("git install"))
        let outside = try g.sp(["git", "install"], in: g.root)
        #expect(outside.status == 1)
        #expect(outside.stderr.contains("not inside a git repository"))
    }
}
