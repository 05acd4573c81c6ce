import StreakCore
import Testing
@testable import StreakShell

@Suite("git: hook scripts")
struct GitHookScriptTests {
    let name = try! StreakName("commits")

    /// The interpreter line and the marker, the settings, then shell/git-hook.sh as it is.
    @Test func repositoryHookIsTheScriptUnderItsSettings() throws {
        let text = GitHookScript.repositoryHook(binary: "/opt/bin/streakprompt", name: name)
        let head = """
            #!/bin/sh
            # streakprompt-hook v1 repository post-commit
            streakprompt_layout='repository'
            streakprompt_hook='post-commit'
            streakprompt_bin='/opt/bin/streakprompt'
            streakprompt_name='commits'


            """
        #expect(text == head + String(decoding: try repositoryFile("shell/git-hook.sh"), as: UTF8.self))
        #expect(!text.contains("\r"))
        #expect(text.hasSuffix("exit 0\n"))
        let installed = GitHookScript.inspect(Array(text.utf8))
        #expect(installed == GitHookScript.Installed(version: GitHookScript.version, layout: .repository, hook: "post-commit",
                                                     binary: "/opt/bin/streakprompt", name: "commits"))
    }

    @Test func globalHooksAreMarkedAndForwardTheirOwnName() throws {
        let script = String(decoding: try repositoryFile("shell/git-hook.sh"), as: UTF8.self)
        for hook in GitHookScript.forwardedHooks {
            let text = GitHookScript.globalHook(hook, binary: "/b", name: name)
            let counts = hook == GitHookScript.countingHook
            let settings = ["streakprompt_layout='global'", "streakprompt_hook='\(hook)'"]
                + (counts ? ["streakprompt_bin='/b'", "streakprompt_name='commits'"] : [])
            #expect(text == (["#!/bin/sh", "# streakprompt-hook v1 global \(hook)"] + settings).joined(separator: "\n") + "\n\n" + script)
            #expect(GitHookScript.inspect(Array(text.utf8)) == GitHookScript.Installed(
                version: GitHookScript.version, layout: .global, hook: hook, binary: counts ? "/b" : nil, name: counts ? "commits" : nil))
        }
        #expect(!GitHookScript.forwardedHooks.contains("push-to-checkout"))
    }

    /// The constants the Swift side names are the ones the script uses.
    @Test func theScriptUsesTheMarkerAndTheBackupName() throws {
        let script = String(decoding: try repositoryFile("shell/git-hook.sh"), as: UTF8.self)
        #expect(script.contains("*\"\(GitHookScript.marker) \"*\" global \"*)"))
        #expect(script.contains("$streakprompt_hook\(GitHookScript.backupSuffix)"))
        #expect(script.contains("\"$streakprompt_bin\" git hook \(GitHookScript.countingHook) --name \"$streakprompt_name\""))
        // Nothing in it could be read as one of the settings `inspect` looks for.
        for line in script.split(separator: "\n") {
            #expect(!line.hasPrefix("streakprompt_bin=") && !line.hasPrefix("streakprompt_name="))
        }
    }

    @Test func awkwardBinaryPathsSurviveQuoting() {
        for path in ["/Users/O'Brien/bin/streakprompt", "/tmp/a b/$(x)/`y`/streakprompt", "/x/'''/\\'"] {
            let text = GitHookScript.repositoryHook(binary: path, name: name)
            #expect(GitHookScript.inspect(Array(text.utf8))?.binary == path)
        }
    }

    @Test func foreignHooksAreNotOurs() {
        #expect(GitHookScript.inspect(Array("#!/bin/sh\necho hi\n".utf8)) == nil)
        #expect(GitHookScript.inspect([0x7F, 0x45, 0x4C, 0x46, 0, 1, 2]) == nil)
        // A hand-edited hook that kept the marker somewhere is still recognised.
        #expect(GitHookScript.inspect(Array("#!/bin/sh\n# edited\n# streakprompt-hook\n".utf8))?.version == 0)
    }

    /// Hooks as the first release wrote them (Tests/Fixtures/git-hooks-v1), which are in users'
    /// repositories: still read as ours, with their binary and streak, so `git install`
    /// upgrades them and `uninstall` removes them.
    @Test(arguments: [
        ("repository-post-commit", GitHookScript.Installed(version: 1, layout: .repository, hook: "post-commit",
                                                             binary: "/home/me/.local/bin/streakprompt", name: "default")),
        ("repository-post-commit-odd-path", GitHookScript.Installed(version: 1, layout: .repository, hook: "post-commit",
                                                                      binary: "/opt/it's here/streakprompt", name: "commits")),
        ("global-post-commit", GitHookScript.Installed(version: 1, layout: .global, hook: "post-commit",
                                                         binary: "/home/me/.local/bin/streakprompt", name: "default")),
        ("global-pre-push", GitHookScript.Installed(version: 1, layout: .global, hook: "pre-push")),
    ])
    func releasedHooksAreStillRecognised(file: String, expected: GitHookScript.Installed) throws {
        let bytes = try repositoryFile("Tests/Fixtures/git-hooks-v1/" + file)
        #expect(GitHookScript.inspect(bytes) == expected)
        // Today's text for the same settings reads back the same.
        let name = try StreakName(expected.name ?? "default")
        let today = expected.layout == .repository
            ? GitHookScript.repositoryHook(binary: expected.binary ?? "/b", name: name)
            : GitHookScript.globalHook(expected.hook, binary: expected.binary ?? "/b", name: name)
        #expect(GitHookScript.inspect(Array(today.utf8)) == expected)
    }
}
