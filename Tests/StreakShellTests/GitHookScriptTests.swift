import Foundation
import StreakCore
import StreakTestSupport
import Testing
@testable import StreakShell

@Suite("git: hook scripts")
struct GitHookScriptTests {
    let name = try! StreakName("commits")

    /// What was added after our text: nothing for our text as written, the rest after a
    /// direct hook's two lines or a whole script, and nil for a text changed within ours, not
    /// ours, or an earlier version's global forwarder (taken out whole, never kept).
    @Test func whatWasAddedAfterOurText() throws {
        let direct = GitHookScript.directHook(binary: "/opt/bin/streakprompt")!
        let script = GitHookScript.repositoryHook(binary: "/opt/bin/streakprompt", name: name)
        for text in [direct, script] {
            #expect(GitHookScript.added(to: Array(text.utf8)).map(Array.init) == [])
            #expect(GitHookScript.added(to: Array((text + "make test\n").utf8)).map(Array.init) == Array("make test\n".utf8))
        }
        #expect(GitHookScript.added(to: Array(script.replacingOccurrences(of: "exit 0\n", with: "exit 1\n").utf8)) == nil)
        #expect(GitHookScript.added(to: Array("#!/bin/sh\nmake test\n".utf8)) == nil)
        #expect(GitHookScript.added(to: try repositoryFile("Tests/Fixtures/git-hooks-v2/global-pre-push")) == nil)
        #expect(GitHookScript.added(to: Array("#!/opt/bin/streakprompt --git-hook-file\n# other\n".utf8)) == nil)
        #expect(GitHookScript.holdsCommands(Array("\n \t\r\n".utf8)[...]) == false)
        #expect(GitHookScript.holdsCommands(Array("\nx\n".utf8)[...]))
    }

    /// The interpreter line and the marker, the settings, then shell/git-hook.sh as it is.
    @Test func repositoryHookIsTheScriptUnderItsSettings() throws {
        let text = GitHookScript.repositoryHook(binary: "/opt/bin/streakprompt", name: name)
        let head = """
            #!/bin/sh
            # streakprompt-hook v2 repository post-commit
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

    @Test func theScriptUsesTheMarkerAndTheBackupName() throws {
        let script = String(decoding: try repositoryFile("shell/git-hook.sh"), as: UTF8.self)
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

    /// Hooks as earlier releases wrote them (Tests/Fixtures/git-hooks-vN), which are in users'
    /// repositories: still read as ours, with their binary and streak, so `git install`
    /// upgrades them and `uninstall` removes them.
    @Test(arguments: [
        ("v1/repository-post-commit", GitHookScript.Installed(version: 1, layout: .repository, hook: "post-commit",
                                                                binary: "/home/me/.local/bin/streakprompt", name: "default")),
        ("v1/repository-post-commit-odd-path", GitHookScript.Installed(version: 1, layout: .repository, hook: "post-commit",
                                                                         binary: "/opt/it's here/streakprompt", name: "commits")),
        ("v1/global-post-commit", GitHookScript.Installed(version: 1, layout: .global, hook: "post-commit",
                                                            binary: "/home/me/.local/bin/streakprompt", name: "default")),
        ("v1/global-pre-push", GitHookScript.Installed(version: 1, layout: .global, hook: "pre-push")),
        ("v2/repository-post-commit", GitHookScript.Installed(version: 2, layout: .repository, hook: "post-commit",
                                                                binary: "/home/me/.local/bin/streakprompt", name: "default")),
        ("v2/global-post-commit", GitHookScript.Installed(version: 2, layout: .global, hook: "post-commit",
                                                            binary: "/home/me/.local/bin/streakprompt", name: "default")),
        ("v2/global-pre-push", GitHookScript.Installed(version: 2, layout: .global, hook: "pre-push")),
    ])
    func releasedHooksAreStillRecognised(file: String, expected: GitHookScript.Installed) throws {
        let bytes = try repositoryFile("Tests/Fixtures/git-hooks-" + file)
        #expect(GitHookScript.inspect(bytes) == expected)
        // Today's text for the same settings reads back the same (the global layout is only
        // read now, to be taken out).
        guard expected.layout == .repository else { return }
        let today = GitHookScript.repositoryHook(binary: expected.binary ?? "/b", name: try StreakName(expected.name ?? "default"))
        var current = expected
        current.version = GitHookScript.version
        #expect(GitHookScript.inspect(Array(today.utf8)) == current)
    }

    /// The settings file of a post-commit link: ours by its marker, read back the same by
    /// `inspect` and by the link's own reader; not a script anyone should run.
    @Test func linkSettingsReadBack() throws {
        for path in ["/usr/local/bin/streakprompt", "/Users/O'Brien/bin/streakprompt", "/tmp/a b/$(x)/streakprompt"] {
            let text = GitHookScript.linkSettings(binary: path, name: name)
            #expect(text.hasPrefix("# streakprompt: the settings of the post-commit beside it\n# streakprompt-hook v2 repository post-commit\n"))
            #expect(GitHookScript.inspectLinkSettings(Array(text.utf8)) == GitHookScript.Installed(
                version: GitHookScript.version, layout: .repository, hook: "post-commit", binary: path, name: "commits", form: .link))
            #expect(GitHookScript.linkedName(Array(text.utf8)) == "commits")
            #expect(!text.contains("\r"))
        }
        // A script of ours is no link's settings; nor is a global hook's, nor a file without a marker.
        let global = try repositoryFile("Tests/Fixtures/git-hooks-v2/global-post-commit")
        #expect(GitHookScript.inspectLinkSettings(global) == nil)
        #expect(GitHookScript.linkedName(global) == nil)
        #expect(GitHookScript.linkedName(Array("# x\n# y\nstreakprompt_name='a'\n".utf8)) == nil)
        #expect(GitHookScript.linkedName(Array("# streakprompt-hook v2 repository post-commit\nstreakprompt_name='a'\n".utf8)) == nil,
                "the marker is the second line")
    }

    /// The settings of a link as this release writes them (Tests/Fixtures/git-hooks-v2).
    @Test func releasedLinkSettingsAreStillRecognised() throws {
        let bytes = try repositoryFile("Tests/Fixtures/git-hooks-v2/repository-post-commit.streakprompt")
        #expect(GitHookScript.inspectLinkSettings(bytes) == GitHookScript.Installed(
            version: 2, layout: .repository, hook: "post-commit", binary: "/home/me/.local/bin/streakprompt", name: "commits", form: .link))
        #expect(GitHookScript.linkedName(bytes) == "commits")
    }

    /// The link's reader (by bytes, at every commit) never names a streak `inspect` would not:
    /// compared on 20,000 damaged settings files (bytes dropped, changed, lines doubled).
    @Test func theLinksReaderAgreesWithInspect() {
        var random = SeededRandom(seed: 0x5eed)
        let original = Array(GitHookScript.linkSettings(binary: "/usr/bin/streakprompt", name: name).utf8)
        let interesting: [UInt8] = [0x0A, 0x27, 0x20, 0x5C, 0x76, 0x31, 0x32, 0x61, 0x23, 0x3D, 0xFF, 0xC3]
        var named = 0
        for _ in 0..<20_000 {
            var bytes = original
            for _ in 0..<Int(random.next() % 4) + 1 {
                let at = Int(random.next() % UInt64(bytes.count))
                switch random.next() % 4 {
                case 0: bytes.remove(at: at)
                case 1: bytes[at] = interesting[Int(random.next() % UInt64(interesting.count))]
                case 2: bytes.insert(interesting[Int(random.next() % UInt64(interesting.count))], at: at)
                default:
                    // A line again somewhere: a second name, a second marker.
                    let line = Array(GitHookScript.linkSettings(binary: "/b", name: try! StreakName("other")).utf8)
                        .split(separator: 0x0A)[Int(random.next() % 6)]
                    bytes.insert(contentsOf: line + [0x0A], at: at)
                }
                if bytes.isEmpty { bytes = [0x0A] }
            }
            guard let linked = GitHookScript.linkedName(bytes) else { continue }
            named += 1
            let inspected = GitHookScript.inspect(bytes)
            #expect(inspected?.name == linked && inspected?.layout == .repository && inspected?.hook == "post-commit",
                    "\(String(decoding: bytes, as: UTF8.self))")
        }
        #expect(named > 5_000, "too few damaged files still named a streak to compare: \(named)")
    }
}

