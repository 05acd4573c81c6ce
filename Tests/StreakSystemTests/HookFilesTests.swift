#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StreakCore
import StreakShell
import StreakSystem
import Testing

@Suite("hook files")
struct HookFilesTests {
    let name = try! StreakName("code")

    @Test func installKeepsAForeignHookAndUninstallPutsItBack() throws {
        let scratch = try Scratch()
        let folder = scratch.root + "/hooks"
        try scratch.write(folder + "/post-commit", "#!/bin/sh\necho theirs\n", mode: 0o750)
        let text = GitHookScript.repositoryHook(binary: "/opt/bin/streakprompt", name: name)
        #expect(try GitHookFiles.install(text, as: "post-commit", in: folder) == .installed(chained: true))
        #expect(try scratch.read(folder + "/post-commit.before-streakprompt") == "#!/bin/sh\necho theirs\n")
        #expect(try GitHookFiles.install(text, as: "post-commit", in: folder) == .unchanged(chained: true))
        let hook = CommitHook.inspect(folder: folder)
        #expect(hook.counts)
        #expect(hook.isExecutable)
        #expect(hook.name == "code")
        #expect(try GitHookFiles.uninstall("post-commit", in: folder) == .removed(restored: true))
        #expect(try scratch.read(folder + "/post-commit") == "#!/bin/sh\necho theirs\n")
        #expect(CommitHook.inspect(folder: folder).kind == .foreign)
        #expect(try GitHookFiles.uninstall("post-commit", in: folder) == .foreign(backupPresent: false))
    }

    /// Nothing to run after ours: a file that has git start the binary, its settings beside it;
    /// installing again changes nothing; uninstalling leaves the folder as it was.
    @Test func aLoneHookStartsTheBinary() throws {
        let scratch = try Scratch()
        let folder = scratch.root + "/hooks"
        let binary = scratch.root + "/bin/streakprompt"
        try scratch.write(binary, "#!/bin/sh\n", mode: 0o755)
        #expect(try GitHookFiles.installRepositoryHook(binary: binary, name: name, in: folder, link: true) == .installed(chained: false))
        #expect(!Files.isLink(folder + "/post-commit"))
        #expect(try scratch.read(folder + "/post-commit") == GitHookScript.directHook(binary: binary))
        #expect(try scratch.read(folder + "/post-commit.streakprompt") == GitHookScript.linkSettings(binary: binary, name: name))
        #expect(try GitHookFiles.installRepositoryHook(binary: binary, name: name, in: folder, link: true) == .unchanged(chained: false))
        let hook = CommitHook.inspect(folder: folder)
        #expect(hook.kind == .ours(GitHookScript.Installed(version: GitHookScript.version, layout: .repository, hook: "post-commit",
                                                            binary: binary, name: "code", form: .direct)))
        #expect(hook.isExecutable && hook.counts && hook.name == "code")
        // Another streak: the settings change, the link stays.
        let other = try StreakName("other")
        guard case .updated = try GitHookFiles.installRepositoryHook(binary: binary, name: other, in: folder, link: true) else {
            Issue.record("not updated"); return
        }
        #expect(CommitHook.inspect(folder: folder).name == "other")
        // The binary gone: the link leads nowhere, which git skips.
        try Files.remove(binary)
        #expect(!CommitHook.inspect(folder: folder).isExecutable)
        #expect(try GitHookFiles.uninstall("post-commit", in: folder) == .removed(restored: false))
        #expect(try Files.list(folder).isEmpty)
    }

    /// Lines added after ours stay when ours goes: a direct hook's two lines and a script are
    /// taken out alone; with a kept hook too, nothing is touched (putting it back would lose
    /// the added lines). Ours replaced whole: its settings go with it.
    @Test func linesAddedAfterOursOutliveTheUninstall() throws {
        let scratch = try Scratch()
        let binary = scratch.root + "/bin/streakprompt"
        try scratch.write(binary, "#!/bin/sh\n", mode: 0o755)
        let direct = scratch.root + "/direct"
        #expect(try GitHookFiles.installRepositoryHook(binary: binary, name: name, in: direct, link: true) == .installed(chained: false))
        try scratch.write(direct + "/post-commit", GitHookScript.directHook(binary: binary)! + "make test\n", mode: 0o755)
        #expect(try GitHookFiles.uninstall("post-commit", in: direct) == .removedKeepingAdded)
        #expect(try scratch.read(direct + "/post-commit") == "#!/bin/sh\nmake test\n")
        #expect(try GitHookFiles.mode(of: direct + "/post-commit") == 0o755)
        #expect(try Files.list(direct) == ["post-commit"])
        #expect(try GitHookFiles.uninstall("post-commit", in: direct) == .foreign(backupPresent: false))

        let script = scratch.root + "/script"
        let text = GitHookScript.repositoryHook(binary: "/opt/bin/streakprompt", name: name)
        #expect(try GitHookFiles.install(text, as: "post-commit", in: script) == .installed(chained: false))
        try scratch.write(script + "/post-commit", text + "#!/bin/bash\nmake test\n", mode: 0o755)
        #expect(try GitHookFiles.uninstall("post-commit", in: script) == .removedKeepingAdded)
        #expect(try scratch.read(script + "/post-commit") == "#!/bin/bash\nmake test\n")
        // Only blank lines added: ours, as written.
        #expect(try GitHookFiles.install(text, as: "post-commit", in: script) == .installed(chained: true))
        try scratch.write(script + "/post-commit", text + "\n\n", mode: 0o755)
        #expect(try GitHookFiles.uninstall("post-commit", in: script) == .removed(restored: true))
        #expect(try scratch.read(script + "/post-commit") == "#!/bin/bash\nmake test\n")

        let kept = scratch.root + "/kept"
        try scratch.write(kept + "/post-commit", "#!/bin/sh\necho theirs\n", mode: 0o755)
        #expect(try GitHookFiles.install(text, as: "post-commit", in: kept) == .installed(chained: true))
        try scratch.write(kept + "/post-commit", text + "make test\n", mode: 0o755)
        #expect(try GitHookFiles.uninstall("post-commit", in: kept) == .addedAndKept)
        #expect(try scratch.read(kept + "/post-commit") == text + "make test\n")
        #expect(try scratch.read(kept + "/post-commit.before-streakprompt") == "#!/bin/sh\necho theirs\n")

        let replaced = scratch.root + "/replaced"
        #expect(try GitHookFiles.installRepositoryHook(binary: binary, name: name, in: replaced, link: true) == .installed(chained: false))
        try scratch.write(replaced + "/post-commit", "#!/bin/sh\necho mine\n", mode: 0o755)
        #expect(try GitHookFiles.uninstall("post-commit", in: replaced) == .foreign(backupPresent: false))
        #expect(try Files.list(replaced) == ["post-commit"])
    }

    /// A hook to run after ours, a folder git reaches through the global hooks, a settings
    /// name someone else's file holds: the script, which needs no binary to run the rest.
    @Test func theScriptWhereALinkWouldNotDo() throws {
        let scratch = try Scratch()
        let binary = "/opt/bin/streakprompt"
        let script = Array(GitHookScript.repositoryHook(binary: binary, name: name).utf8)

        let kept = scratch.root + "/kept"
        try scratch.write(kept + "/post-commit", "#!/bin/sh\necho theirs\n", mode: 0o755)
        #expect(try GitHookFiles.installRepositoryHook(binary: binary, name: name, in: kept, link: true) == .installed(chained: true))
        #expect(try Files.readIfPresent(kept + "/post-commit", limit: 1 << 20) == script)

        let global = scratch.root + "/global"
        #expect(try GitHookFiles.installRepositoryHook(binary: binary, name: name, in: global, link: false) == .installed(chained: false))
        #expect(!Files.isLink(global + "/post-commit"))

        let taken = scratch.root + "/taken"
        try scratch.write(taken + "/post-commit.streakprompt", "my notes\n")
        #expect(try GitHookFiles.installRepositoryHook(binary: binary, name: name, in: taken, link: true) == .installed(chained: false))
        #expect(!Files.isLink(taken + "/post-commit"))
        #expect(try scratch.read(taken + "/post-commit.streakprompt") == "my notes\n")

        // From a link to the script when a hook is kept after all; its settings go.
        let switched = scratch.root + "/switched"
        #expect(try GitHookFiles.installRepositoryHook(binary: binary, name: name, in: switched, link: true) == .installed(chained: false))
        try scratch.write(switched + "/post-commit.before-streakprompt", "#!/bin/sh\n", mode: 0o755)
        guard case .updated(let from, chained: true) = try GitHookFiles.installRepositoryHook(binary: binary, name: name, in: switched, link: true) else {
            Issue.record("not updated"); return
        }
        #expect(from.form == .direct)
        #expect(try Files.list(switched) == ["post-commit", "post-commit.before-streakprompt"])
        #expect(try Files.readIfPresent(switched + "/post-commit", limit: 1 << 20) == script)
    }

    /// A link someone pointed elsewhere, or one without its settings, is not ours: kept, and run.
    @Test func aLinkThatIsNotOursIsKept() throws {
        let scratch = try Scratch()
        let folder = scratch.root + "/hooks"
        let binary = "/opt/bin/streakprompt"
        try scratch.write(folder + "/post-commit.streakprompt", GitHookScript.linkSettings(binary: binary, name: name))
        try Files.makeFolders(folder)
        #expect(symlink("/usr/bin/true", folder + "/post-commit") == 0)
        #expect(GitHookFiles.look(at: folder + "/post-commit") == .foreign)
        #expect(try GitHookFiles.uninstall("post-commit", in: folder) == .foreign(backupPresent: false))
        #expect(try GitHookFiles.installRepositoryHook(binary: binary, name: name, in: folder, link: true) == .installed(chained: true))
        #expect(Files.linkTarget(folder + "/post-commit.before-streakprompt") == "/usr/bin/true")
        #expect(!Files.exists(folder + "/post-commit.streakprompt"), "the settings of no link")
        #expect(try GitHookFiles.uninstall("post-commit", in: folder) == .removed(restored: true))
        #expect(Files.linkTarget(folder + "/post-commit") == "/usr/bin/true")
    }

    /// A folder by the hook's name is no hook: install refuses and moves nothing (ours could
    /// not run it, nor uninstall put it back).
    @Test func aFolderWhereTheHookGoesIsRefused() throws {
        let scratch = try Scratch()
        let folder = scratch.root + "/hooks"
        try Files.makeFolders(folder + "/post-commit")
        #expect(throws: HookFileError.self) {
            try GitHookFiles.installRepositoryHook(binary: "/opt/bin/streakprompt", name: name, in: folder, link: true)
        }
        #expect(Files.isFolder(folder + "/post-commit"))
        #expect(try Files.list(folder) == ["post-commit"])
    }

    @Test func aMissingOrNonExecutableHookIsSaidSo() throws {
        let scratch = try Scratch()
        let folder = scratch.root + "/hooks"
        #expect(CommitHook.inspect(folder: folder).kind == .missing)
        try scratch.write(folder + "/post-commit", "#!/bin/sh\n# streakprompt-hook\nstreakprompt tick -q\n", mode: 0o644)
        let hook = CommitHook.inspect(folder: folder)
        if case .ours = hook.kind {} else { Issue.record("ours: \(hook.kind)") }
        #expect(!hook.isExecutable)
        #expect(!hook.counts, "git skips a hook it cannot run")
        #expect(chmod(folder + "/post-commit", 0o755) == 0)
        #expect(CommitHook.inspect(folder: folder).counts)
    }

    /// Another tool's hook that calls `streakprompt git hook post-commit` counts commits.
    @Test func aForeignHookThatCallsStreakpromptCounts() throws {
        let scratch = try Scratch()
        let folder = scratch.root + "/hooks"
        try scratch.write(folder + "/post-commit", "#!/bin/sh\n'/opt/my bin/streakprompt' git hook post-commit --name code\n", mode: 0o755)
        let hook = CommitHook.inspect(folder: folder)
        #expect(hook.kind == .calls(caller: folder + "/post-commit", name: "code"))
        #expect(hook.counts)
        #expect(hook.name == "code")
    }

    /// husky: `core.hooksPath` is `.husky/_`, whose generated post-commit runs the user's
    /// `.husky/post-commit`, where the README's line is.
    @Test func huskysUserHookIsWhereTheCallIs() throws {
        let scratch = try Scratch()
        let husky = scratch.root + "/repo/.husky"
        try scratch.write(husky + "/_/post-commit", "#!/usr/bin/env sh\n. \"$(dirname \"$0\")/h\"\n", mode: 0o755)
        try scratch.write(husky + "/post-commit", "if command -v streakprompt >/dev/null; then streakprompt git hook post-commit; fi\n")
        let hook = CommitHook.inspect(folder: husky + "/_")
        #expect(hook.kind == .calls(caller: husky + "/post-commit", name: nil))
        #expect(hook.path == husky + "/_/post-commit")
        #expect(hook.name == "default")
        // Commented out, it counts nothing.
        try scratch.write(husky + "/post-commit", "# streakprompt git hook post-commit\n")
        #expect(CommitHook.inspect(folder: husky + "/_").kind == .foreign)
    }

    @Test(arguments: [
        ("streakprompt git hook post-commit", true, nil),
        ("if command -v streakprompt >/dev/null; then streakprompt git hook post-commit; fi", true, nil),
        ("  exec /usr/local/bin/streakprompt git hook post-commit --name=work", true, "work"),
        ("\"$HOME/bin/streakprompt\" git hook post-commit --name 'side'", true, "side"),
        ("# streakprompt git hook post-commit", false, nil),
        ("echo streakprompt; git hook post-commit", false, nil),
        ("streakprompt tick", false, nil),
    ] as [(String, Bool, String?)])
    func callsAreFoundOutsideComments(line: String, found: Bool, name: String?) {
        let call = HookCall.find(in: "#!/bin/sh\n" + line + "\n")
        #expect((call != nil) == found, "\(line)")
        #expect(call?.name == name)
    }
}
