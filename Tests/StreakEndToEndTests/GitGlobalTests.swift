import Foundation
import Testing

/// `git install --global [DIR...]`: the hook in git's template folder and in the repositories
/// under the folders given; `core.hooksPath` left alone.
@Suite("git hook, global")
struct GitGlobalTests {
    /// Without a template folder of the user's: streakprompt's, named in init.templateDir, with
    /// a copy of git's own templates; every new clone and `git init` then counts, and has what
    /// a new repository had before (sample hooks, info/exclude).
    @Test(.enabled(if: GitBox.runs)) func aNewCloneAndANewRepositoryCount() throws {
        let g = try #require(try GitBox.make())
        let origin = try g.repository("origin")
        try g.commit(in: origin, env: GitBox.on(1))
        #expect(g.actions().isEmpty, "no hook yet")
        let install = try g.sp(["git", "install", "--global"], in: g.root)
        #expect(install.status == 0, "\(install)")
        #expect(install.stdout.contains("every new clone and 'git init' counts your commits for 'default'"), "\(install)")
        #expect(install.stdout.contains("Repositories already there are not covered"), "\(install)")
        let setting = try g.git(["config", "--global", "--get", "init.templateDir"], in: g.root)
        #expect(setting.stdout == g.ownTemplate + "\n")
        #expect(try g.git(["config", "--global", "--get", "core.hooksPath"], in: g.root, check: false).status == 1,
                "core.hooksPath is left alone")
        #expect(directHookBinary(g.ownTemplate + "/hooks/post-commit") == Binary.path)

        let clone = g.root + "/clone"
        try g.git(["clone", "-q", origin, clone], in: g.root)
        #expect(directHookBinary(clone + "/.git/hooks/post-commit") == Binary.path)
        try g.commit(in: clone, env: GitBox.on(2))
        #expect(g.actions().count == 1, "the clone counts")
        let fresh = try g.repository("fresh")
        try g.commit(in: fresh, env: GitBox.on(3))
        #expect(g.actions().count == 2, "a new repository counts")
        // What git's own templates gave a new repository is still there.
        if fileExists("/usr/share/git-core/templates/info/exclude") {
            #expect(fileExists(fresh + "/.git/info/exclude"))
            #expect(fileExists(fresh + "/.git/hooks/pre-commit.sample"))
        }
        #expect(try g.git(["checkout", "-q", "-b", "side"], in: fresh).status == 0)
        #expect(g.actions().count == 2, "a checkout runs no hook of ours")

        let again = try g.sp(["git", "install", "--global"], in: g.root)
        #expect(again.stdout.contains("nothing changed"), "\(again)")
    }

    /// Every repository under the folders given gets the hook as `git install` there would put
    /// it: a hook there before keeps running after ours, worktrees share one, a submodule has
    /// its own; a repository with ours already is left as it is, a bare one skipped, and
    /// neither node_modules nor links are walked.
    @Test(.enabled(if: GitBox.runs)) func repositoriesUnderTheFoldersGivenCount() throws {
        let g = try #require(try GitBox.make())
        let src = g.root + "/src"
        let plain = try g.repository("src/plain")
        let nested = try g.repository("src/team/nested")
        let own = try g.repository("src/own")
        let ran = g.root + "/own-hook-ran"
        try writeScript(own + "/.git/hooks/post-commit", "#!/bin/sh\necho \"$@\" >> '\(ran)'\n")
        let kept = try FileSnapshot.file(own + "/.git/hooks/post-commit")
        let work = try g.repository("src/work")
        #expect(try g.sp(["git", "install", "--name", "work"], in: work).status == 0)
        let workHook = try FileSnapshot.folder(work + "/.git/hooks")
        try g.git(["init", "-q", "--bare", src + "/mirror.git"], in: g.root)
        let hidden = try g.repository("src/web/node_modules/dep")
        let elsewhere = try g.repository("elsewhere")
        try FileManager.default.createSymbolicLink(atPath: src + "/linked", withDestinationPath: elsewhere)
        try g.commit(in: plain)
        try g.git(["worktree", "add", "-q", "-b", "side", src + "/plain-side"], in: plain)
        try g.commit(in: nested)
        try g.git(["-c", "protocol.file.allow=always", "submodule", "add", "-q", nested, "sub"], in: plain)

        let install = try g.sp(["git", "install", "--global", src, g.root + "/src/"], in: g.root)
        #expect(install.status == 0, "\(install)")
        let lines = install.stdout.split(separator: "\n").map(String.init)
        func line(_ folder: String) -> String { lines.first { $0.hasSuffix(" " + folder) || $0.contains(" " + folder + ":") || $0.contains(" " + folder + " (") } ?? "" }
        #expect(line(plain).contains("installed"), "\(install)")
        #expect(line(own).contains("installed") && line(own).contains("still runs after ours"), "\(install)")
        #expect(line(nested).contains("installed"), "\(install)")
        #expect(line(plain + "/sub").contains("installed"), "a submodule has hooks of its own: \(install)")
        #expect(line(work).contains("has it") && line(work).contains("'work'"), "\(install)")
        #expect(line(src + "/mirror.git").isEmpty, "a bare repository is not walked into nor installed: \(install)")
        #expect(!install.stdout.contains("plain-side"), "a worktree shares its repository's hooks: \(install)")
        #expect(!install.stdout.contains("node_modules") && !install.stdout.contains("linked") && !install.stdout.contains("elsewhere"))
        #expect(!fileExists(hidden + "/.git/hooks/post-commit") && !fileExists(elsewhere + "/.git/hooks/post-commit"))
        #expect(try FileSnapshot.folder(work + "/.git/hooks") == workHook, "left as it is")

        var day = 1
        for folder in [plain, src + "/plain-side", nested, own, plain + "/sub"] {
            day += 1
            try g.commit(in: folder, env: GitBox.on(day))
            #expect(g.actions().count == day - 1, "\(folder) counts")
        }
        #expect(try String(contentsOfFile: ran, encoding: .utf8) == "\n", "the hook that was there ran, with git's arguments")
        #expect(try FileSnapshot.file(own + "/.git/hooks/post-commit.before-streakprompt").bytes == kept.bytes)
        try g.commit(in: work, env: GitBox.on(9))
        #expect(g.actions("work").count == 1)
        try g.commit(in: elsewhere, env: GitBox.on(10))
        #expect(g.actions().count == 5, "a repository outside the folders given does not count")

        let record = try String(contentsOfFile: g.record, encoding: .utf8)
        for hooks in [plain + "/.git/hooks", nested + "/.git/hooks", own + "/.git/hooks", plain + "/.git/modules/sub/hooks"] {
            #expect(record.contains("\nrepository \(hooks)\n"), "\(hooks) in \(record)")
        }
        #expect(!record.contains(work), "a hook it did not put there is not recorded")

        // Again: nothing changes, and a repository added since (without the template) is put in.
        let later = src + "/later"
        try g.git(["init", "-q", "--template=", later], in: g.root)
        #expect(!fileExists(later + "/.git/hooks"))
        let again = try g.sp(["git", "install", "--global", src], in: g.root)
        #expect(again.status == 0, "\(again)")
        let againLines = again.stdout.split(separator: "\n")
        #expect(againLines.contains { $0.contains("unchanged") && $0.hasSuffix(" " + plain) }, "\(again)")
        #expect(againLines.contains { $0.contains("installed") && $0.hasSuffix(" " + later) }, "\(again)")
    }

    /// A template folder of the user's is theirs: the hook goes into it, its post-commit is kept
    /// and still runs (in every new clone), its other hooks and files are never touched, the
    /// global config is not written, and uninstalling leaves the folder byte for byte as it was.
    @Test(.enabled(if: GitBox.runs)) func theUsersTemplateFolderAndItsHooksAreKept() throws {
        let g = try #require(try GitBox.make())
        let template = g.root + "/my template"
        let ran = g.root + "/template-hook-ran"
        try writeScript(template + "/hooks/post-commit", "#!/bin/sh\ntouch '\(ran)'\n", mode: 0o700)
        try writeScript(template + "/hooks/pre-commit", "#!/bin/sh\nexit 0\n")
        try writeScript(template + "/info/exclude", "*.swp\n", mode: 0o644)
        try g.git(["config", "--global", "init.templateDir", "~/../my template"], in: g.root)
        let configBefore = try Data(contentsOf: URL(fileURLWithPath: g.globalConfig))
        let before = try FileSnapshot.tree(template)

        let install = try g.sp(["git", "install", "--global"], in: g.root)
        #expect(install.status == 0, "\(install)")
        #expect(install.stdout.contains("your template folder"), "\(install)")
        #expect(install.stdout.contains("is kept (post-commit.before-streakprompt) and still runs after ours"), "\(install)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: g.globalConfig)) == configBefore, "the global config is not written")
        #expect(!fileExists(g.ownTemplate))
        let after = try FileSnapshot.tree(template)
        for entry in before where entry.name != "hooks/post-commit" {
            #expect(after.contains(entry), "\(entry) is untouched")
        }
        #expect(try FileSnapshot.file(template + "/hooks/post-commit.before-streakprompt").bytes == before.first { $0.name == "hooks/post-commit" }?.bytes)

        let repo = try g.repository("new")
        #expect(fileExists(repo + "/.git/info/exclude") && fileExists(repo + "/.git/hooks/pre-commit"))
        try g.commit(in: repo, env: GitBox.on(1))
        #expect(g.actions().count == 1, "a new repository counts")
        #expect(fileExists(ran), "and still runs the template's own post-commit")

        let uninstall = try g.sp(["git", "uninstall", "--global"], in: g.root)
        #expect(uninstall.status == 0, "\(uninstall)")
        #expect(try FileSnapshot.tree(template) == before, "byte for byte, modes included")
        #expect(try Data(contentsOf: URL(fileURLWithPath: g.globalConfig)) == configBefore)
        #expect(!fileExists(g.record))
    }

    /// With core.hooksPath left alone, the pre-commit framework installs as it does anywhere,
    /// and its hook blocks a bad commit; ours still counts the good one, even once the
    /// framework takes post-commit too (it keeps ours as post-commit.legacy and runs it).
    @Test(.enabled(if: GitBox.runs && (which("pre-commit") != nil || Package.isCI)))
    func thePreCommitFrameworkInstallsAndBlocksWhileOursCounts() throws {
        let g = try #require(try GitBox.make())
        let preCommit = try #require(tool("pre-commit"))
        #expect(try g.sp(["git", "install", "--global"], in: g.root).status == 0)
        let repo = try g.repository("framework")
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
        let installed = try run(preCommit, ["install"], environment: environment, directory: repo)
        #expect(installed.status == 0, "pre-commit installs, no setting to hide: \(installed)")
        let path = ["PATH": environment["PATH"]!]
        try Data("x".utf8).write(to: URL(fileURLWithPath: repo + "/forbidden"))
        try g.git(["add", "forbidden"], in: repo)
        let blocked = try g.git(["commit", "-q", "-m", "nope"], in: repo, env: GitBox.on(1).merging(path) { $1 }, check: false)
        #expect(blocked.status != 0, "the framework's hook blocks it: \(blocked)")
        #expect(g.actions().isEmpty, "a refused commit does not count")
        try g.git(["rm", "-q", "--cached", "forbidden"], in: repo)
        let allowed = try g.git(["commit", "-q", "-m", "fine"], in: repo, env: GitBox.on(1).merging(path) { $1 }, check: false)
        #expect(allowed.status == 0, "\(allowed)")
        #expect(g.actions().count == 1, "the commit counts")

        let both = try run(preCommit, ["install", "--hook-type", "post-commit"], environment: environment, directory: repo)
        #expect(both.status == 0, "\(both)")
        #expect(fileExists(repo + "/.git/hooks/post-commit.legacy"))
        try g.commit(in: repo, env: GitBox.on(2).merging(path) { $1 })
        #expect(g.actions().count == 2, "ours, kept behind the framework's, still counts")
    }

    /// husky (and any tool) that sets core.hooksPath in a repository: git never runs that
    /// repository's own hooks folder, so it is named as not covered, with what to do, and
    /// nothing of it is changed.
    @Test(.enabled(if: GitBox.runs)) func aRepositoryWithHuskysHooksPathIsReportedNotCovered() throws {
        let g = try #require(try GitBox.make())
        let web = try g.repository("src/web")
        try writeScript(web + "/.husky/_/post-commit", "#!/usr/bin/env sh\n. \"$(dirname \"$0\")/h\"\n")
        try writeScript(web + "/.husky/_/h", "#!/usr/bin/env sh\n")
        try g.git(["config", "core.hooksPath", ".husky/_"], in: web)
        let before = try FileSnapshot.tree(web + "/.git") + (try FileSnapshot.tree(web + "/.husky"))
        let install = try g.sp(["git", "install", "--global", g.root + "/src"], in: g.root)
        #expect(install.status == 0, "\(install)")
        let line = install.stdout.split(separator: "\n").first { $0.contains(web) } ?? ""
        #expect(line.contains("not covered") && line.contains("core.hooksPath = .husky/_ (local config)"), "\(install)")
        #expect(line.contains("'streakprompt git hook post-commit --name default'"), "\(install)")
        #expect(try FileSnapshot.tree(web + "/.git") + (try FileSnapshot.tree(web + "/.husky")) == before, "nothing of it changed")
        #expect(!(try String(contentsOfFile: g.record, encoding: .utf8)).contains(web))
        let status = try g.sp(["git", "status", "--global"], in: g.root)
        #expect(!status.stdout.contains(web), "\(status)")
    }

    /// A core.hooksPath that every repository's hooks come from (another tool's, in the global
    /// file, one it includes, the system's, or set empty): neither a template nor a repository
    /// hook would ever run, so the install refuses and writes nothing; an init.templateDir set
    /// empty or relative names no folder to put the hook in; a folder given that is none is
    /// said before anything changes.
    @Test(.enabled(if: GitBox.runs)) func whatNoInstallCanCountIsRefusedAndNothingWritten() throws {
        let g = try #require(try GitBox.make())
        let hooks = g.root + "/team-hooks"
        let included = g.root + "/included.gitconfig"
        try Data("[core]\n\thooksPath = \(hooks)\n".utf8).write(to: URL(fileURLWithPath: included))
        let system = g.root + "/system.gitconfig"
        try Data("[core]\n\thooksPath = \(hooks)\n".utf8).write(to: URL(fileURLWithPath: system))
        let original = try Data(contentsOf: URL(fileURLWithPath: g.globalConfig))
        let cases: [(String, [String: String], [String], String, () throws -> Void)] = [
            ("another tool's, global", [:], [], "core.hooksPath is set to '~/.githooks'", {
                try g.git(["config", "--global", "core.hooksPath", "~/.githooks"], in: g.root) }),
            ("an included file", [:], [], "core.hooksPath is set", { try g.git(["config", "--global", "include.path", included], in: g.root) }),
            ("a conditional include", [:], [], "core.hooksPath is set", {
                try g.git(["config", "--global", "includeIf.gitdir:" + g.root + "/work dir/.path", included], in: g.root) }),
            ("the system config", ["GIT_CONFIG_SYSTEM": system, "GIT_CONFIG_NOSYSTEM": "0"], [], "core.hooksPath is set", {}),
            ("an empty hooksPath", [:], [], "core.hooksPath is set, empty", { try g.git(["config", "--global", "core.hooksPath", ""], in: g.root) }),
            ("an empty templateDir", [:], [], "init.templateDir is set, empty", { try g.git(["config", "--global", "init.templateDir", ""], in: g.root) }),
            ("a relative templateDir", [:], [], "a relative path", { try g.git(["config", "--global", "init.templateDir", "tpl"], in: g.root) }),
            ("a folder that is none", [:], [g.root + "/nowhere"], "does not exist", {}),
        ]
        for (label, env, folders, message, setUp) in cases {
            try original.write(to: URL(fileURLWithPath: g.globalConfig))
            try setUp()
            let before = try Data(contentsOf: URL(fileURLWithPath: g.globalConfig))
            let install = try g.sp(["git", "install", "--global"] + folders, in: g.root, env: env)
            #expect(install.status == 1, "\(label): \(install)")
            #expect(install.stderr.contains(message), "\(label): \(install)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: g.globalConfig)) == before, "\(label)")
            #expect(!fileExists(g.ownTemplate) && !fileExists(g.record), "\(label)")
        }
        let usage = try g.sp(["git", "install", g.root], in: g.root)
        #expect(usage.status == 2 && usage.stderr.contains("--global"), "\(usage)")
    }

    /// `git status --global` lists what the record holds: the template, each repository, and
    /// whether each still has the hook as it was put there.
    @Test(.enabled(if: GitBox.runs)) func statusListsTheTemplateAndEachRepository() throws {
        let g = try #require(try GitBox.make())
        let a = try g.repository("src/a")
        let b = try g.repository("src/b")
        let c = try g.repository("src/c")
        let none = try g.sp(["git", "status", "--global"], in: g.root)
        #expect(none.stdout == "global      not installed ('streakprompt git install --global [DIR...]' adds it)\n", "\(none)")
        #expect(try g.sp(["git", "install", "--global", g.root + "/src"], in: g.root).status == 0)
        try Data("make test\n".utf8).write(to: URL(fileURLWithPath: b + "/.git/hooks/post-commit"))
        try FileManager.default.removeItem(atPath: c)

        let status = try g.sp(["git", "status", "--global"], in: g.root)
        #expect(status.status == 0, "\(status)")
        let lines = status.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "global      installed: new repositories get the hook from the template folder; 1 of the 3 repositories it was put into has it", "\(status)")
        #expect(lines.contains { $0.hasPrefix("template    \(g.ownTemplate) (streakprompt's): has the hook, v2, counts for 'default', starts \(Binary.path) directly") }, "\(status)")
        #expect(lines.contains("repository  \(a): has the hook, counts for 'default'"), "\(status)")
        #expect(lines.contains("repository  \(b): its post-commit is another one now (uninstall leaves it to you)"), "\(status)")
        #expect(lines.contains("repository  \(c): gone (moved or removed)"), "\(status)")

        let inside = try g.sp(["git", "status"], in: a)
        #expect(inside.stdout.contains("counting    yes"), "\(inside)")
        #expect(inside.stdout.contains("global      installed: ") && inside.stdout.contains("'streakprompt git status --global' lists them"), "\(inside)")

        let json = try g.sp(["git", "status", "--global", "--json"], in: g.root)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let global = try #require(object?["global"] as? [String: Any])
        #expect(global["installed"] as? Bool == true)
        let repositories = try #require(global["repositories"] as? [[String: Any]])
        #expect(repositories.map { $0["state"] as? String } == ["installed", "replaced", "gone"])
        #expect(repositories.map { $0["has_hook"] as? Bool } == [true, false, false])
        #expect((global["templates"] as? [[String: Any]])?.first?["own"] as? Bool == true)
    }
}
