import Foundation
import StreakCore
import StreakSystem
import Testing

/// The post-commit hook reads the commit just made from the git folder's files: whatever it
/// reads there is exactly what `git log -g -1` says, in every layout git makes, and wherever the
/// files are not as a plain commit leaves them it reads nothing (and git is asked).
@Suite("HEAD's commit from the git folder")
struct HeadCommitTests {
    final class Repository {
        let scratch: Scratch
        let environment: [String: String]
        let git: String

        init?() throws {
            guard let git = ["/usr/bin/git", "/bin/git", "/usr/local/bin/git"].first(where: { FileManager.default.isExecutableFile(atPath: $0) })
            else { return nil }
            self.git = git
            scratch = try Scratch()
            environment = [
                "HOME": scratch.home, "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
                "GIT_CONFIG_NOSYSTEM": "1", "GIT_AUTHOR_NAME": "Me", "GIT_AUTHOR_EMAIL": "me@example.com",
                "GIT_COMMITTER_NAME": "Me", "GIT_COMMITTER_EMAIL": "me@example.com",
            ]
        }

        @discardableResult
        func run(_ arguments: [String], in folder: String? = nil, env: [String: String] = [:]) throws -> String {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: git)
            process.arguments = arguments
            process.currentDirectoryURL = URL(fileURLWithPath: folder ?? scratch.root)
            process.environment = environment.merging(env) { $1 }
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else { throw CocoaError(.fileReadUnknown) }
            return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }

        /// What the hook reads, running with `GIT_DIR` as git sets it for a hook (`gitFolder`).
        func facts(_ gitFolder: String) throws -> (files: CommitFacts?, git: CommitFacts?) {
            let head = HeadCommit(environment: Environment(environment.merging(["GIT_DIR": gitFolder]) { $1 }), asHook: false)
            return (head.fromFiles(), try head.fromGit())
        }
    }

    @Test func whatTheFilesSayIsWhatGitSays() throws {
        guard let r = try Repository() else { return }
        let repo = r.scratch.root + "/repo"
        try r.run(["init", "-q", repo])
        try r.run(["commit", "-q", "--allow-empty", "-m", "first"], in: repo)
        var (files, git) = try r.facts(repo + "/.git")
        #expect(files != nil && files == git, "\(String(describing: files)) vs \(String(describing: git))")
        #expect(files?.reflogSubject == "commit (initial): first")

        // Someone else's commit, backdated, with a long message; then an amend.
        try r.run(["commit", "-q", "--allow-empty", "-m", "subject\n\n" + String(repeating: "a long body\n", count: 2000)], in: repo,
                  env: ["GIT_AUTHOR_EMAIL": "other@example.com", "GIT_AUTHOR_DATE": "2020-01-02T03:04:05+05:00"])
        (files, git) = try r.facts(repo + "/.git")
        #expect(files != nil && files == git)
        #expect(files?.authorEmail == "other@example.com" && files?.authorTime == 1_577_916_245)
        try r.run(["commit", "-q", "--amend", "--allow-empty", "-m", "amended"], in: repo)
        (files, git) = try r.facts(repo + "/.git")
        #expect(files != nil && files == git && files?.reflogSubject == "commit (amend): amended")

        // A subject longer than the reflog's tail the hook reads: git is asked.
        try r.run(["commit", "-q", "--allow-empty", "-m", String(repeating: "long subject ", count: 2000)], in: repo)
        (files, git) = try r.facts(repo + "/.git")
        #expect(files == nil && git != nil)

        // Detached HEAD.
        try r.run(["checkout", "-q", "--detach"], in: repo)
        try r.run(["commit", "-q", "--allow-empty", "-m", "detached"], in: repo)
        (files, git) = try r.facts(repo + "/.git")
        #expect(files != nil && files == git)
        try r.run(["checkout", "-q", "-"], in: repo)

        // A linked worktree: its own HEAD and reflog, the branch and objects in the common folder.
        try r.run(["worktree", "add", "-q", "-b", "side", r.scratch.root + "/wt"], in: repo)
        try r.run(["commit", "-q", "--allow-empty", "-m", "in the worktree"], in: r.scratch.root + "/wt")
        (files, git) = try r.facts(repo + "/.git/worktrees/wt")
        #expect(files != nil && files == git && files?.reflogSubject == "commit: in the worktree")

        // A branch that only the packed refs hold, and a packed object: the files say nothing.
        try r.run(["pack-refs", "--all"], in: repo)
        (files, git) = try r.facts(repo + "/.git")
        #expect(files == nil && git != nil)
        try r.run(["commit", "-q", "--allow-empty", "-m", "after packing"], in: repo)
        #expect(try r.facts(repo + "/.git").files != nil)
        try r.run(["gc", "-q"], in: repo)
        (files, git) = try r.facts(repo + "/.git")
        #expect(files == nil && git != nil)
    }

    @Test func aReflogThatDoesNotEndAtHeadOrNoReflogSayNothing() throws {
        guard let r = try Repository() else { return }
        let repo = r.scratch.root + "/repo"
        try r.run(["init", "-q", repo])
        try r.run(["commit", "-q", "--allow-empty", "-m", "first"], in: repo)
        try r.run(["commit", "-q", "--allow-empty", "-m", "second"], in: repo)
        // The branch moved without HEAD's reflog (update-ref on the branch alone).
        try r.run(["update-ref", "--no-deref", "refs/heads/main", "HEAD~1"], in: repo)
        try r.run(["symbolic-ref", "HEAD", "refs/heads/main"], in: repo)
        #expect(try r.facts(repo + "/.git").files == nil)
        // No reflog at all.
        let bare = r.scratch.root + "/norelog"
        try r.run(["init", "-q", bare])
        try r.run(["-c", "core.logAllRefUpdates=false", "commit", "-q", "--allow-empty", "-m", "first"], in: bare)
        try? FileManager.default.removeItem(atPath: bare + "/.git/logs")
        let (files, git) = try r.facts(bare + "/.git")
        #expect(files == nil && git != nil && git?.reflogSubject == nil)
    }

    @Test func theReadersRefuseWhatGitDoesNotWrite() {
        #expect(GitFolderFacts.head(Array("ref: refs/heads/main\n".utf8)) == .ref("refs/heads/main"))
        #expect(GitFolderFacts.head(Array("ref: refs/../../etc/passwd\n".utf8)) == nil)
        #expect(GitFolderFacts.head(Array("ref: /etc/passwd\n".utf8)) == nil)
        #expect(GitFolderFacts.head(Array("ref: refs/heads/main".utf8)) == nil, "no line end")
        #expect(GitFolderFacts.head(Array((String(repeating: "a", count: 40) + "\n").utf8)) == .id(String(repeating: "a", count: 40)))
        #expect(GitFolderFacts.head(Array((String(repeating: "A", count: 40) + "\n").utf8)) == nil)
        #expect(GitFolderFacts.refID(Array("xyz\n".utf8)) == nil)
        let id = String(repeating: "1", count: 40), next = String(repeating: "2", count: 40)
        let line = "\(id) \(next) Me <me@example.com> 1700000000 +0100\tcommit: fix it\n"
        #expect(GitFolderFacts.lastReflogEntry(Array(("old line\n" + line).utf8))?.subject == "commit: fix it")
        #expect(GitFolderFacts.lastReflogEntry(Array(line.dropLast().utf8)) == nil, "a line still being written")
        #expect(GitFolderFacts.signatures(looseObject: Array("not zlib".utf8)) == nil)
        #expect(GitFolderFacts.signatures(looseObject: [0x78, 0x9C, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]) == nil)
    }
}
