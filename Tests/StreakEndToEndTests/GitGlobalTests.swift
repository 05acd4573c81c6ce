import Foundation
import Testing

@Suite("git hook, global")
struct GitGlobalTests {
    @Test func coversAnotherRepositoryKeepsItsHooksAndUninstallsCleanly() throws {
        guard let g = try GitBox.make() else { return }
        let configBefore = try Data(contentsOf: URL(fileURLWithPath: g.globalConfig))
        let homeBefore = try FileManager.default.contentsOfDirectory(atPath: g.userHome).sorted()
        #expect(!fileExists(g.userHome + "/.config"))
        let first = try g.repository("first")
        let install = try g.sp(["git", "install", "--global"], in: first)
        #expect(install.status == 0, "\(install)")
        let setting = try g.git(["config", "--global", "--get", "core.hooksPath"], in: g.root)
        #expect(setting.stdout == g.globalHooks + "\n")
        for entry in try FileManager.default.contentsOfDirectory(atPath: g.globalHooks) where !entry.hasPrefix(".") {
            #expect(try FileSnapshot.file(g.globalHooks + "/" + entry).mode == 0o755, "\(entry)")
        }

        // A second repository, never installed into, with hooks of its own.
        let second = try g.repository("second")
        let ran = g.root + "/own-hooks"
        try writeScript(second + "/.git/hooks/post-commit", "#!/bin/sh\necho post-commit >> '\(ran)'\n")
        try writeScript(second + "/.git/hooks/pre-commit", """
            #!/bin/sh
            echo pre-commit >> '\(ran)'
            if git diff --cached --name-only | grep -q forbidden; then echo 'refused by pre-commit' >&2; exit 1; fi
            """)
        try writeScript(second + "/.git/hooks/commit-msg", "#!/bin/sh\necho \"commit-msg $(cat \"$1\")\" >> '\(ran)'\n")
        try g.commit(in: second, "hello", env: GitBox.on(1))
        #expect(g.actions().count == 1, "the global hook counted")
        #expect(try String(contentsOfFile: ran, encoding: .utf8) == "pre-commit\ncommit-msg hello\npost-commit\n")

        // A failing repository hook still stops the commit, as without us.
        try Data("x".utf8).write(to: URL(fileURLWithPath: second + "/forbidden"))
        try g.git(["add", "forbidden"], in: second)
        let refused = try g.git(["commit", "-q", "-m", "nope"], in: second, check: false)
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("refused by pre-commit"))
        try g.git(["rm", "-q", "--cached", "forbidden"], in: second)

        // A worktree of that repository: its own hooks live in the shared folder.
        try g.git(["worktree", "add", "-q", "-b", "side", g.root + "/second-wt"], in: second)
        try g.commit(in: g.root + "/second-wt", env: GitBox.on(2))
        #expect(g.actions().count == 2)
        #expect(try String(contentsOfFile: ran, encoding: .utf8).hasSuffix("post-commit\n"))

        let status = try g.sp(["git", "status", "--json"], in: second)
        let json = try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any]
        #expect(json?["counting"] as? Bool == true)
        #expect((json?["global"] as? [String: Any])?["active"] as? Bool == true)

        let again = try g.sp(["git", "install", "--global"], in: first)
        #expect(again.stdout.contains("nothing changed"))

        let uninstall = try g.sp(["git", "uninstall", "--global"], in: first)
        #expect(uninstall.status == 0, "\(uninstall)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: g.globalConfig)) == configBefore)
        #expect(!fileExists(g.globalHooks))
        #expect(try FileManager.default.contentsOfDirectory(atPath: g.userHome).sorted() == homeBefore,
                "the folders the install created are gone")
        try g.commit(in: second, env: GitBox.on(3))
        #expect(g.actions().count == 2, "no longer counting")
        #expect(try String(contentsOfFile: ran, encoding: .utf8).hasSuffix("post-commit\n"), "git runs the repository's hooks itself again")

        let twice = try g.sp(["git", "uninstall", "--global"], in: first)
        #expect(twice.status == 0)
        #expect(twice.stdout.contains("not installed"))
    }

    @Test func aRepositoryHookLinkedBackToTheGlobalFolderDoesNotLoop() throws {
        guard let g = try GitBox.make() else { return }
        let repo = try g.repository()
        #expect(try g.sp(["git", "install", "--global"], in: repo).status == 0)
        for hook in ["pre-commit", "post-commit"] {
            try FileManager.default.createSymbolicLink(atPath: repo + "/.git/hooks/" + hook,
                                                       withDestinationPath: g.globalHooks + "/" + hook)
        }
        let commit = try run("/usr/bin/env", ["git", "commit", "-q", "--allow-empty", "-m", "x"],
                             environment: g.box.environment, directory: repo, timeout: 20)
        #expect(commit.status == 0, "\(commit)")
        #expect(g.actions().count == 1, "counted once")
    }

    @Test func aRepositoryInstallInsideTheGlobalOneCountsOnce() throws {
        guard let g = try GitBox.make() else { return }
        let repo = try g.repository()
        #expect(try g.sp(["git", "install", "--global"], in: repo).status == 0)
        let local = try g.sp(["git", "install", "--name", "work"], in: repo)
        #expect(local.status == 0, "\(local)")
        try g.commit(in: repo)
        #expect(g.actions("work").count == 1)
        #expect(g.actions("default").isEmpty, "the repository's own streakprompt hook decides here")
    }

    @Test func anotherToolsGlobalHooksPathIsNeverTouched() throws {
        guard let g = try GitBox.make() else { return }
        try g.git(["config", "--global", "core.hooksPath", "~/.githooks"], in: g.root)
        let configBefore = try Data(contentsOf: URL(fileURLWithPath: g.globalConfig))
        let install = try g.sp(["git", "install", "--global"], in: g.root)
        #expect(install.status == 1)
        #expect(install.stderr.contains("core.hooksPath"))
        #expect(install.stderr.contains("~/.githooks"))
        let uninstall = try g.sp(["git", "uninstall", "--global"], in: g.root)
        #expect(uninstall.status == 1)
        #expect(uninstall.stderr.contains("core.hooksPath"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: g.globalConfig)) == configBefore)
        #expect(!fileExists(g.globalHooks))

        // A repository install cannot work either: git would not run .git/hooks.
        let repo = try g.repository()
        let local = try g.sp(["git", "install"], in: repo)
        #expect(local.status == 1)
        #expect(local.stderr.contains("global config"))
    }

    /// A hooks folder set where the global file does not show it (a file it includes, the
    /// system's config) or set empty: a global install would stop the hooks there, so it
    /// refuses, and writes nothing.
    @Test func aHooksPathSetOutsideTheGlobalFileIsNeverTakenOver() throws {
        guard let g = try GitBox.make() else { return }
        let hooks = g.root + "/team-hooks"
        try writeScript(hooks + "/pre-commit", "#!/bin/sh\necho blocked >&2\nexit 1\n")
        let included = g.root + "/included.gitconfig"
        try Data("[core]\n\thooksPath = \(hooks)\n".utf8).write(to: URL(fileURLWithPath: included))
        let system = g.root + "/system.gitconfig"
        try Data("[core]\n\thooksPath = \(hooks)\n".utf8).write(to: URL(fileURLWithPath: system))
        let original = try Data(contentsOf: URL(fileURLWithPath: g.globalConfig))
        let cases: [(String, [String: String], () throws -> Void)] = [
            ("an included file", [:], { try g.git(["config", "--global", "include.path", included], in: g.root) }),
            // Included only in repositories under a folder this is not in: still every one there.
            ("a conditional include", [:], {
                try g.git(["config", "--global", "includeIf.gitdir:" + g.root + "/work dir/.path", included], in: g.root)
            }),
            ("the system config", ["GIT_CONFIG_SYSTEM": system, "GIT_CONFIG_NOSYSTEM": "0"], {}),
            ("an empty value", [:], { try g.git(["config", "--global", "core.hooksPath", ""], in: g.root) }),
        ]
        for (label, env, setUp) in cases {
            try original.write(to: URL(fileURLWithPath: g.globalConfig))
            try setUp()
            let before = try Data(contentsOf: URL(fileURLWithPath: g.globalConfig))
            let install = try g.sp(["git", "install", "--global"], in: g.root, env: env)
            #expect(install.status == 1, "\(label): \(install)")
            #expect(install.stderr.contains("core.hooksPath is already set"), "\(label): \(install)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: g.globalConfig)) == before, "\(label)")
            #expect(!fileExists(g.globalHooks), "\(label)")
        }
    }

    /// A global config that was there, however empty (a dotfiles link to an empty file), is
    /// not one the install created: uninstalling keeps it, link and all.
    @Test func anEmptyGlobalConfigThatWasThereIsKept() throws {
        guard let g = try GitBox.make(writeGlobalConfig: false) else { return }
        let target = g.root + "/dotfiles-gitconfig"
        try Data().write(to: URL(fileURLWithPath: target))
        let config = g.root + "/global.gitconfig"
        try FileManager.default.createSymbolicLink(atPath: config, withDestinationPath: target)
        let env = ["GIT_CONFIG_GLOBAL": config]
        #expect(try g.sp(["git", "install", "--global"], in: g.root, env: env).status == 0)
        #expect(try g.sp(["git", "uninstall", "--global"], in: g.root, env: env).status == 0)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: config) == target)
        #expect(fileExists(target))
    }

    /// A global config without a core setting, install then uninstall: byte for byte as it was
    /// (git keeps an emptied `[core]` line, which uninstall removes); one with a core setting
    /// keeps its section.
    @Test func uninstallLeavesTheGlobalConfigAsItWas() throws {
        guard let g = try GitBox.make() else { return }
        for extra in ["# my settings\n", "[core]\n\teditor = vi\n"] {
            let original = try Data(contentsOf: URL(fileURLWithPath: g.globalConfig)) + Data(extra.utf8)
            try original.write(to: URL(fileURLWithPath: g.globalConfig))
            #expect(try g.sp(["git", "install", "--global"], in: g.root).status == 0)
            #expect(try g.sp(["git", "uninstall", "--global"], in: g.root).status == 0)
            let after = try Data(contentsOf: URL(fileURLWithPath: g.globalConfig))
            #expect(after == original, "\(String(decoding: after, as: UTF8.self))")
        }
    }

    /// A repository's own hook that starts a binary that is gone, under the global install:
    /// the global hook counts the commit itself and does not run it (git would fail to).
    @Test func aRepositoryHookWhoseBinaryIsGoneIsCountedByTheGlobalOne() throws {
        guard let g = try GitBox.make() else { return }
        let repo = try g.repository()
        let copy = try g.binaryCopy(in: "moved")
        #expect(try g.sp(["git", "install", "--name", "code"], in: repo, binary: copy).status == 0)
        #expect(try g.sp(["git", "install", "--global"], in: repo).status == 0)
        try FileManager.default.removeItem(atPath: copy)
        let commit = try g.commit(in: repo, env: GitBox.on(1))
        #expect(commit.status == 0 && commit.stderr.isEmpty, "\(commit)")
        #expect(g.actions().count == 1, "counted by the global hook, for its streak")
    }

    @Test func aGlobalConfigItCreatedIsRemovedAgain() throws {
        guard let g = try GitBox.make(writeGlobalConfig: false) else { return }
        let config = g.root + "/global.gitconfig"
        let env = ["GIT_CONFIG_GLOBAL": config, "GIT_AUTHOR_NAME": "Me", "GIT_AUTHOR_EMAIL": GitBox.me,
                   "GIT_COMMITTER_NAME": "Me", "GIT_COMMITTER_EMAIL": GitBox.me]
        #expect(try g.sp(["git", "install", "--global"], in: g.root, env: env).status == 0)
        #expect(fileExists(config))
        // No user.email anywhere: the committer stands for the user.
        let repo = g.root + "/repo"
        try g.git(["init", "-q", repo], in: g.root, env: env)
        try g.commit(in: repo, env: env)
        #expect(g.actions().count == 1)
        #expect(try g.sp(["git", "uninstall", "--global"], in: g.root, env: env).status == 0)
        #expect(!fileExists(config))
    }

    /// The pre-commit framework refuses to install while core.hooksPath is set; with the
    /// setting hidden as the install says, it installs into the repository's own folder, the
    /// global hooks forward to it: a commit its hook refuses is refused, the others count.
    @Test func thePreCommitFrameworkKeepsWorkingUnderTheGlobalInstall() throws {
        guard let g = try GitBox.make(), let preCommit = tool("pre-commit") else { return }
        let repo = try g.repository("framework")
        let install = try g.sp(["git", "install", "--global"], in: repo)
        #expect(install.status == 0, "\(install)")
        let hint = try #require(install.stdout.split(separator: "\n").first { $0.contains("pre-commit install") }, "\(install)")
        let command = String(hint[hint.range(of: "GIT_CONFIG_COUNT")!.lowerBound...])
        try Data("""
            repos:
            - repo: local
              hooks:
              - id: no-forbidden
                name: no forbidden files
                entry: forbidden files are not allowed
                language: fail
                files: forbidden

            """.utf8).write(to: URL(fileURLWithPath: repo + "/.pre-commit-config.yaml"))
        try g.git(["add", ".pre-commit-config.yaml"], in: repo)
        var environment = g.box.environment
        environment["PATH"] = URL(fileURLWithPath: preCommit).deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "")
        let refused = try run("/bin/sh", ["-c", "pre-commit install"], environment: environment, directory: repo)
        #expect(refused.status != 0, "pre-commit alone refuses: \(refused)")
        let installed = try run("/bin/sh", ["-c", command], environment: environment, directory: repo)
        #expect(installed.status == 0, "\(installed)")
        #expect(fileExists(repo + "/.git/hooks/pre-commit"))
        try Data("x".utf8).write(to: URL(fileURLWithPath: repo + "/forbidden"))
        try g.git(["add", "forbidden"], in: repo)
        let blocked = try g.git(["commit", "-q", "-m", "nope"], in: repo, env: GitBox.on(1).merging(["PATH": environment["PATH"]!]) { $1 }, check: false)
        #expect(blocked.status != 0, "the framework's hook blocks it: \(blocked)")
        #expect(g.actions().isEmpty, "a refused commit does not count")
        try g.git(["rm", "-q", "--cached", "forbidden"], in: repo)
        let allowed = try g.git(["commit", "-q", "-m", "fine"], in: repo, env: GitBox.on(1).merging(["PATH": environment["PATH"]!]) { $1 }, check: false)
        #expect(allowed.status == 0, "\(allowed)")
        #expect(g.actions().count == 1, "the commit counts")
    }
}
