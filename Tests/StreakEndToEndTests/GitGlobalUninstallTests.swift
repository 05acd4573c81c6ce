import Foundation
import Testing

/// `git uninstall --global` removes what the install recorded and nothing else: the global
/// config, the home folder, the template and every repository's hooks as they were, byte for
/// byte; a hook the user changed since is kept, and said.
@Suite("git hook, global uninstall")
struct GitGlobalUninstallTests {
    @Test(.enabled(if: GitBox.runs)) func uninstallPutsEverythingBackAsItWas() throws {
        let g = try #require(try GitBox.make())
        let src = g.root + "/src"
        let plain = try g.repository("src/plain")
        let theirs = try g.repository("src/theirs")
        try writeScript(g.root + "/shared-hook", "#!/bin/sh\nexit 0\n")
        try FileManager.default.createSymbolicLink(atPath: theirs + "/.git/hooks/post-commit", withDestinationPath: g.root + "/shared-hook")
        try writeScript(theirs + "/.git/hooks/pre-commit", "#!/bin/sh\nexit 0\n", mode: 0o700)
        let bare = src + "/no-templates"
        try g.git(["init", "-q", "--template=", bare], in: g.root)
        let changed = try g.repository("src/changed")
        let repositories = [plain, theirs, bare, changed]
        let configBefore = try Data(contentsOf: URL(fileURLWithPath: g.globalConfig))
        let homeBefore = try FileSnapshot.tree(g.userHome)
        let hooksBefore = try repositories.map { try FileSnapshot.tree($0 + "/.git/hooks") }

        let install = try g.sp(["git", "install", "--global", src], in: g.root)
        #expect(install.status == 0, "\(install)")
        #expect(fileExists(bare + "/.git/hooks/post-commit"))
        // Lines the user adds to the hook in one repository make it theirs.
        let hook = changed + "/.git/hooks/post-commit"
        try Data((try String(contentsOfFile: hook, encoding: .utf8) + "make lint\n").utf8).write(to: URL(fileURLWithPath: hook))
        let changedHook = try FileSnapshot.tree(changed + "/.git/hooks")

        let uninstall = try g.sp(["git", "uninstall", "--global"], in: g.root)
        #expect(uninstall.status == 0, "\(uninstall)")
        #expect(uninstall.stdout.contains("repository  \(changed): left as it is: has the hook, with lines you added after it"), "\(uninstall)")
        #expect(uninstall.stdout.contains("repository  \(theirs): removed; the post-commit hook that was there before is back"), "\(uninstall)")
        #expect(uninstall.stdout.contains("init.templateDir is unset again"), "\(uninstall)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: g.globalConfig)) == configBefore)
        #expect(try FileSnapshot.tree(g.userHome) == homeBefore, "the template folder and the folders made for it are gone")
        for (repository, before) in zip(repositories, hooksBefore) where repository != changed {
            #expect(try FileSnapshot.tree(repository + "/.git/hooks") == before, "\(repository)")
        }
        #expect(try FileSnapshot.tree(changed + "/.git/hooks") == changedHook, "kept as the user left it")
        #expect(!fileExists(g.record))
        let again = try g.sp(["git", "uninstall", "--global"], in: g.root)
        #expect(again.stdout == "streakprompt's global hook is not installed; nothing changed.\n", "\(again)")
    }

    /// The global config as the install found it, in each of the ways it can be: without an
    /// `[init]` section (git keeps the emptied line, which uninstall removes), with one (kept),
    /// missing altogether (the file the install created is removed again), or an empty file
    /// that was there (a dotfiles link: kept, link and all).
    @Test(.enabled(if: GitBox.runs)) func theGlobalConfigIsLeftAsItWasFound() throws {
        let g = try #require(try GitBox.make(writeGlobalConfig: false))
        let config = g.root + "/global.gitconfig"
        let env = ["GIT_CONFIG_GLOBAL": config]
        for original in ["# my settings\n[user]\n\temail = me@example.com\n", "[init]\n\tdefaultBranch = trunk\n"] {
            try Data(original.utf8).write(to: URL(fileURLWithPath: config))
            #expect(try g.sp(["git", "install", "--global"], in: g.root, env: env).status == 0)
            #expect(try String(contentsOfFile: config, encoding: .utf8).contains("templateDir = \(g.ownTemplate)"))
            #expect(try g.sp(["git", "uninstall", "--global"], in: g.root, env: env).status == 0)
            #expect(try String(contentsOfFile: config, encoding: .utf8) == original)
        }

        try FileManager.default.removeItem(atPath: config)
        let install = try g.sp(["git", "install", "--global"], in: g.root, env: env)
        #expect(install.status == 0, "\(install)")
        #expect(fileExists(config))
        #expect(try g.sp(["git", "uninstall", "--global"], in: g.root, env: env).status == 0)
        #expect(!fileExists(config), "the file the install created is gone again")

        let target = g.root + "/dotfiles-gitconfig"
        try Data().write(to: URL(fileURLWithPath: target))
        try FileManager.default.createSymbolicLink(atPath: config, withDestinationPath: target)
        #expect(try g.sp(["git", "install", "--global"], in: g.root, env: env).status == 0)
        #expect(try g.sp(["git", "uninstall", "--global"], in: g.root, env: env).status == 0)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: config) == target)
        #expect(try Data(contentsOf: URL(fileURLWithPath: target)).isEmpty)
    }

    /// A file added to streakprompt's template folder, and a copy of git's templates changed
    /// there, are the user's: kept, with the folder that holds them.
    @Test(.enabled(if: GitBox.runs)) func whatTheUserPutInTheTemplateFolderIsKept() throws {
        let g = try #require(try GitBox.make())
        #expect(try g.sp(["git", "install", "--global"], in: g.root).status == 0)
        try writeScript(g.ownTemplate + "/hooks/pre-push", "#!/bin/sh\nexit 0\n")
        let exclude = g.ownTemplate + "/info/exclude"
        let copied = fileExists(exclude)
        if copied { try Data("*.log\n".utf8).write(to: URL(fileURLWithPath: exclude)) }
        let uninstall = try g.sp(["git", "uninstall", "--global"], in: g.root)
        #expect(uninstall.status == 0, "\(uninstall)")
        #expect(fileExists(g.ownTemplate + "/hooks/pre-push"))
        #expect(!fileExists(g.ownTemplate + "/hooks/post-commit"))
        if copied {
            #expect(try String(contentsOfFile: exclude, encoding: .utf8) == "*.log\n")
            #expect(uninstall.stdout.contains("kept        \(exclude): changed since it was copied from git's templates"), "\(uninstall)")
            #expect(!fileExists(g.ownTemplate + "/description"), "an unchanged copy goes")
        }
        #expect(uninstall.stdout.contains("kept        \(g.ownTemplate): it holds files streakprompt did not write"), "\(uninstall)")
    }

    /// A record with a line that does not read is named, by file and line, and kept: neither
    /// an install nor an uninstall acts on part of it; `git status` in a repository still
    /// shows the repository.
    @Test(.enabled(if: GitBox.runs)) func aRecordThatDoesNotReadIsSaidAndKept() throws {
        let g = try #require(try GitBox.make())
        let repo = try g.repository()
        try FileManager.default.createDirectory(atPath: g.box.home + "/git", withIntermediateDirectories: true)
        try Data("repository not/absolute\n".utf8).write(to: URL(fileURLWithPath: g.record))
        for command in [["git", "install", "--global"], ["git", "uninstall", "--global"], ["git", "status", "--global"]] {
            let result = try g.sp(command, in: g.root)
            #expect(result.status == 1 && result.stderr.contains(g.record + ":1: "), "\(command): \(result)")
        }
        let status = try g.sp(["git", "status"], in: repo)
        #expect(status.status == 0 && status.stdout.contains("global      \(g.record):1: "), "\(status)")
        #expect(try String(contentsOfFile: g.record, encoding: .utf8) == "repository not/absolute\n")
        #expect(!fileExists(g.ownTemplate))
    }
}
