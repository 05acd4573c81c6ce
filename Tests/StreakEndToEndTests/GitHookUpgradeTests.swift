import Foundation
import Testing

/// Hooks the first release installed (Tests/Fixtures/git-hooks-v1) live on in users'
/// repositories: this release must recognise them, upgrade them in place, remove them
/// exactly, and work next to them until then. (Its global hooks folder is taken out by the
/// next global install: `GitGlobalMigrationTests`.)
@Suite("git hook, installed by the first release")
struct GitHookUpgradeTests {
    /// A fixture's text, calling the binary under test.
    func released(_ file: String) throws -> String {
        try String(contentsOfFile: Package.root.path + "/Tests/Fixtures/git-hooks-v1/" + file, encoding: .utf8)
            .replacing("streakprompt_bin='/home/me/.local/bin/streakprompt'", with: "streakprompt_bin='\(Binary.path)'")
    }

    @Test func aRepositoryHookIsUpgradedInPlaceAndUninstalledExactly() throws {
        guard let g = try GitBox.make() else { return }
        let repo = try g.repository()
        let hooks = repo + "/.git/hooks"
        // The user's own hook, kept aside by the first release, and its hook in the place.
        try writeScript(hooks + "/post-commit.before-streakprompt", "#!/bin/sh\ntouch '\(g.root)/kept-ran'\n", mode: 0o700)
        let kept = try FileSnapshot.file(hooks + "/post-commit.before-streakprompt")
        try writeScript(hooks + "/post-commit", try released("repository-post-commit"))
        try g.commit(in: repo, env: GitBox.on(1))
        #expect(g.actions().count == 1, "the released hook counts")

        // Read as ours (a foreign hook with a kept one beside it would be refused).
        let install = try g.sp(["git", "install"], in: repo)
        #expect(install.status == 0, "\(install)")
        #expect(install.stdout.hasPrefix("Updated "), "\(install)")
        #expect(try String(contentsOfFile: hooks + "/post-commit", encoding: .utf8).hasPrefix("#!/bin/sh\n# streakprompt-hook v2 repository post-commit\nstreakprompt_hook='post-commit'\n"))
        #expect(try FileSnapshot.file(hooks + "/post-commit.before-streakprompt") == kept)
        try FileManager.default.removeItem(atPath: g.root + "/kept-ran")
        try g.commit(in: repo, env: GitBox.on(2))
        #expect(g.actions().count == 2)
        #expect(fileExists(g.root + "/kept-ran"))

        #expect(try g.sp(["git", "uninstall"], in: repo).status == 0)
        let restored = try FileSnapshot.file(hooks + "/post-commit")
        #expect(restored.bytes == kept.bytes && restored.mode == kept.mode)
        #expect(!fileExists(hooks + "/post-commit.before-streakprompt"))
    }

    /// A released hook with nothing kept beside it becomes the link on `git install`, in one
    /// rename (a hook is there at every moment), and uninstalling leaves no file of ours.
    @Test func aLoneRepositoryHookBecomesTheLink() throws {
        guard let g = try GitBox.make() else { return }
        let repo = try g.repository()
        let hooks = repo + "/.git/hooks"
        let before = try FileSnapshot.folder(hooks)
        try writeScript(hooks + "/post-commit", try released("repository-post-commit"))
        try g.commit(in: repo, env: GitBox.on(1))
        #expect(g.actions().count == 1, "the released hook counts")
        let install = try g.sp(["git", "install"], in: repo)
        #expect(install.stdout.hasPrefix("Updated \(hooks)/post-commit (version 1 → 2)"), "\(install)")
        #expect(directHookBinary(hooks + "/post-commit") == Binary.path)
        try g.commit(in: repo, env: GitBox.on(2))
        #expect(g.actions().count == 2)
        #expect(try g.sp(["git", "uninstall"], in: repo).status == 0)
        #expect(try FileSnapshot.folder(hooks) == before)
    }
}
