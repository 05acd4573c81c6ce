import Foundation
import StreakCore
import StreakSystem
import Testing

/// The file work of `git install --global` that needs no git: finding repositories under a
/// folder, copying git's templates, the record in the data folder.
@Suite("global install files")
struct GlobalInstallFilesTests {
    /// Repositories at any depth within the bound, a worktree's or a submodule's `.git` file
    /// included; never into `.git`, `node_modules`, a bare repository's insides, or a link.
    @Test func findsRepositoriesWithoutGoingWhereNoneCanBe() throws {
        let scratch = try Scratch()
        let root = scratch.root + "/src"
        for folder in ["a/.git/hooks", "a/vendor/lib/.git", "deep/1/2/3/4/5/.git", "deeper/1/2/3/4/5/6/.git",
                       "web/node_modules/left-pad/.git", "mirror.git/objects/ab", "mirror.git/refs/heads",
                       "mirror.git/inner/.git", "plain/docs"] {
            try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
        }
        try scratch.write(root + "/mirror.git/HEAD", "ref: refs/heads/main\n")
        try scratch.write(root + "/wt/.git", "gitdir: ../a/.git/worktrees/wt\n")
        try scratch.write(root + "/a/.git/hooks/x/.git", "not walked: inside .git\n")
        try FileManager.default.createSymbolicLink(atPath: root + "/linked", withDestinationPath: root + "/a")
        try FileManager.default.createSymbolicLink(atPath: root + "/loop", withDestinationPath: root)

        let found = RepositorySearch().find(under: root)
        #expect(found.worktrees == [root + "/a", root + "/a/vendor/lib", root + "/deep/1/2/3/4/5", root + "/wt"])
        #expect(!found.cutShort)
        #expect(found.unreadable.isEmpty)

        // The folder given may be a link (the user named it), and may be a repository itself.
        #expect(RepositorySearch().find(under: root + "/linked").worktrees == [root + "/linked", root + "/linked/vendor/lib"])
        var shallow = RepositorySearch()
        shallow.depth = 1
        #expect(shallow.find(under: root).worktrees == [root + "/a", root + "/wt"])
        var small = RepositorySearch()
        small.folderLimit = 3
        #expect(small.find(under: root).cutShort)
    }

    /// git's default templates copied with their modes; a copy changed since is kept on
    /// removal, the others go; folders made are given outermost first and removed innermost
    /// first, except one that holds something else.
    @Test func templatesAreCopiedAndOnlyUnchangedCopiesRemoved() throws {
        let scratch = try Scratch()
        let source = scratch.root + "/git-templates"
        try scratch.write(source + "/description", "Unnamed repository\n", mode: 0o644)
        try scratch.write(source + "/hooks/pre-push.sample", "#!/bin/sh\n", mode: 0o755)
        try scratch.write(source + "/info/exclude", "# git ls-files\n", mode: 0o644)
        try FileManager.default.createSymbolicLink(atPath: source + "/hooks/linked", withDestinationPath: "/etc/passwd")
        let target = scratch.root + "/config/streakprompt/git-template"
        let made = Files.missingFolders(target)
        #expect(made == [scratch.root + "/config", scratch.root + "/config/streakprompt", target])
        try Files.makeFolders(target + "/info")
        try scratch.write(target + "/info/exclude", "# mine\n")

        let copies = try GitTemplates.copyDefaults(from: source, into: target)
        #expect(copies.files.map(\.path) == ["description", "hooks/pre-push.sample"], "a file there already is left")
        #expect(copies.folders == [target + "/hooks"])
        #expect(try scratch.read(target + "/info/exclude") == "# mine\n")
        #expect(!FileManager.default.fileExists(atPath: target + "/hooks/linked"))
        #expect(try GitHookFiles.mode(of: target + "/hooks/pre-push.sample") == 0o755)
        #expect(try GitHookFiles.mode(of: target + "/description") == 0o644)

        try scratch.write(target + "/description", "My team's repositories\n")
        #expect(GitTemplates.removeCopies(copies.files, in: target) == [target + "/description"])
        #expect(!FileManager.default.fileExists(atPath: target + "/hooks/pre-push.sample"))
        let left = Files.removeEmptyFolders(made + [target + "/info"] + copies.folders)
        #expect(left == [target + "/info", target, scratch.root + "/config/streakprompt", scratch.root + "/config"])
        #expect(!FileManager.default.fileExists(atPath: target + "/hooks"))
    }

    /// The record is one file per machine in the data folder, written atomically under the
    /// lock, removed when it records nothing; never read or written through a link.
    @Test func theRecordLivesInTheDataFolderAndIsNeverFollowed() throws {
        let scratch = try Scratch()
        let store = scratch.store()
        #expect(try store.gitGlobalRecord().isEmpty)
        try store.updateGitGlobalRecord { $0.addRepository("/r/.git/hooks") }
        #expect(store.gitRecordPath == scratch.data + "/git/laptop.global")
        #expect(try scratch.read(store.gitRecordPath).contains("\nrepository /r/.git/hooks\n"))
        #expect(try store.gitGlobalRecord().repositories == ["/r/.git/hooks"])
        try store.updateGitGlobalRecord { $0.repositories.removeAll() }
        #expect(!scratch.exists(store.gitRecordPath) && !scratch.exists(scratch.data + "/git"))

        let elsewhere = scratch.root + "/elsewhere"
        try scratch.write(elsewhere + "/laptop.global", "repository /evil/.git/hooks\n")
        try FileManager.default.createSymbolicLink(atPath: scratch.data + "/git", withDestinationPath: elsewhere)
        #expect(throws: StoreError.self) { try store.gitGlobalRecord() }
        #expect(throws: StoreError.self) { try store.updateGitGlobalRecord { $0.addRepository("/r/.git/hooks") } }
        #expect(try scratch.read(elsewhere + "/laptop.global") == "repository /evil/.git/hooks\n")

        try FileManager.default.removeItem(atPath: scratch.data + "/git")
        try scratch.write(store.gitRecordPath, "repository not/absolute\n")
        #expect(throws: StoreError.self) { try store.updateGitGlobalRecord { $0.addRepository("/r/.git/hooks") } }
        #expect(try scratch.read(store.gitRecordPath) == "repository not/absolute\n", "a record that does not read is kept")
    }
}
