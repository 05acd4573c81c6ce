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

    @Test func aMissingOrNonExecutableHookIsSaidSo() throws {
        let scratch = try Scratch()
        let folder = scratch.root + "/hooks"
        #expect(CommitHook.inspect(folder: folder).kind == .missing)
        try scratch.write(folder + "/post-commit", "#!/bin/sh\n# streakprompt-hook\nstreakprompt tick -q\n", mode: 0o644)
        let hook = CommitHook.inspect(folder: folder)
        #expect(hook.counts)
        #expect(!hook.isExecutable)
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
