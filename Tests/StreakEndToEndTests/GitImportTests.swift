import Foundation
import Testing

@Suite("import git")
struct GitImportTests {
    /// Commits at chosen moments, by chosen authors, on two branches.
    func craft(_ g: GitBox, _ repo: String, _ commits: [(date: String, email: String)]) throws {
        for (date, email) in commits {
            try g.commit(in: repo, env: ["GIT_AUTHOR_DATE": date, "GIT_COMMITTER_DATE": date,
                                         "GIT_AUTHOR_EMAIL": email, "GIT_AUTHOR_NAME": "Someone"])
        }
    }

    @Test func importsExactRunsFromEachCommitsOwnDate() throws {
        guard let g = try GitBox.make() else { return }
        let repo = try g.repository()
        try craft(g, repo, [
            ("2026-01-01T23:30:00+09:00", GitBox.me),             // Jan 1 in Tokyo (14:30 UTC)
            ("2026-01-02T01:30:00+09:00", GitBox.me),             // Jan 2 in Tokyo, still Jan 1 in UTC
            ("2026-01-03T20:00:00-08:00", "ME@example.com"),      // Jan 3 in Los Angeles, Jan 4 in UTC
            ("2026-01-04T12:00:00+00:00", "colleague@example.com"),  // not mine: no bridge over the gap
            ("2026-01-05T12:00:00+00:00", "colleague@example.com"),
            ("2026-01-06T08:00:00+00:00", GitBox.me),
        ])
        try g.git(["checkout", "-q", "-b", "side"], in: repo)
        try craft(g, repo, [("2026-01-07T22:15:00+02:00", GitBox.me), ("2026-01-07T23:00:00+02:00", GitBox.me)])
        // Another branch checked out must not matter: all local branches are read.
        try g.git(["checkout", "-q", "main"], in: repo)

        let result = try g.sp(["import", "git"], in: repo)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("6 commits"), "\(result)")
        #expect(result.stdout.contains("5 dates added"), "\(result)")
        let runs = try g.history()
        #expect(runs.map(\.0) == ["2026-01-01", "2026-01-06"])
        #expect(runs.map(\.1) == ["2026-01-03", "2026-01-07"])
        #expect(runs.map(\.2) == [3, 2])

        let log = try g.box.read("streaks/default/test.log")
        #expect(log.contains("2026-01-02 2026-01-02T01:30:00+09:00"), "each action keeps its own offset")
        #expect(log.contains("2026-01-07 2026-01-07T22:15:00+02:00"), "the earliest commit of a date stands for it")

        let again = try g.sp(["import", "git", repo], in: g.root)
        #expect(again.status == 0, "\(again)")
        #expect(again.stdout.contains("nothing changed"))
        #expect(try g.box.read("streaks/default/test.log") == log, "importing twice changes nothing")
    }

    @Test func severalRepositoriesAuthorsAndAName() throws {
        guard let g = try GitBox.make() else { return }
        let one = try g.repository("one")
        let two = try g.repository("two")
        try craft(g, one, [("2026-02-01T10:00:00+00:00", "old@example.com"), ("2026-02-02T10:00:00+00:00", GitBox.me)])
        try craft(g, two, [("2026-02-03T10:00:00+01:00", "old@example.com"), ("2026-02-04T10:00:00+00:00", "other@example.com")])
        let result = try g.sp(["import", "git", one, two, "--author", "old@example.com", "--name", "oss"], in: g.root)
        #expect(result.status == 0, "\(result)")
        #expect(try g.history("oss").map(\.2) == [1, 1], "only the given address counts")
        #expect(g.actions("oss").map { String($0.prefix(10)) } == ["2026-02-01", "2026-02-03"])

        // streakprompt.email adds the user's other addresses to user.email.
        try g.git(["config", "--global", "--add", "streakprompt.email", "old@example.com"], in: g.root)
        #expect(try g.sp(["import", "git", one, two], in: g.root).status == 0)
        #expect(g.actions().map { String($0.prefix(10)) } == ["2026-02-01", "2026-02-02", "2026-02-03"])
    }

    @Test func theHookAndTheImportAgreeOnADate() throws {
        guard let g = try GitBox.make() else { return }
        let repo = try g.repository()
        #expect(try g.sp(["git", "install"], in: repo).status == 0)
        try g.commit(in: repo)
        #expect(g.actions().count == 1)
        #expect(try g.sp(["import", "git"], in: repo).stdout.contains("nothing changed"), "today is already counted")
        #expect(g.actions().count == 1)
    }

    /// `import git ~/code/*`: the glob brings files and plain folders along. They are skipped
    /// and named; the repositories among them are imported.
    @Test func entriesThatAreNotRepositoriesAreSkippedAndNamed() throws {
        guard let g = try GitBox.make() else { return }
        let code = g.root + "/code"
        let one = try g.repository("code/one")
        let two = try g.repository("code/two")
        try craft(g, one, [("2026-02-01T10:00:00+00:00", GitBox.me)])
        try craft(g, two, [("2026-02-02T10:00:00+00:00", GitBox.me)])
        try FileManager.default.createDirectory(atPath: code + "/notes", withIntermediateDirectories: true)
        try Data("x\n".utf8).write(to: URL(fileURLWithPath: code + "/todo.txt"))
        // What the shell makes of ~/code/*, in its order.
        let entries = try FileManager.default.contentsOfDirectory(atPath: code).sorted().map { code + "/" + $0 }
        let result = try g.sp(["import", "git"] + entries, in: g.root)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("2 commits") && result.stdout.contains("2 repositories"), "\(result)")
        #expect(result.stderr == "streakprompt: warning: skipped 2 paths that are not a git repository: '\(code)/notes', '\(code)/todo.txt' (a file)\n",
                "\(result.stderr)")
        #expect(g.actions().map { String($0.prefix(10)) } == ["2026-02-01", "2026-02-02"])
    }

    /// With no repository among them, nothing is imported, and the error names each.
    @Test func noRepositoryAtAllIsAFailure() throws {
        guard let g = try GitBox.make() else { return }
        try FileManager.default.createDirectory(atPath: g.root + "/plain", withIntermediateDirectories: true)
        let none = try g.sp(["import", "git", g.root + "/plain", g.root + "/nowhere"], in: g.root)
        #expect(none.status == 1)
        #expect(none.stderr.contains("none of '\(g.root)/plain', '\(g.root)/nowhere' (no such folder) are git repositories"), "\(none)")
        #expect(none.stderr.split(separator: "\n").count == 1)
        let missing = try g.sp(["import", "git", g.root + "/nowhere"], in: g.root)
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("'\(g.root)/nowhere' (no such folder) is not a git repository"), "\(missing)")
        let here = try g.sp(["import", "git"], in: g.root + "/plain")
        #expect(here.status == 1)
        #expect(here.stderr.contains("not inside a git repository"), "\(here)")
        #expect(g.actions().isEmpty)
        #expect(try g.sp(["status"], in: g.root).status == 1)
    }

    @Test func anEmptyRepositoryImportsNothing() throws {
        guard let g = try GitBox.make() else { return }
        let repo = try g.repository()
        let result = try g.sp(["import", "git"], in: repo)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("nothing imported"))
        #expect(result.stderr.isEmpty, "no progress on a pipe")
    }

    @Test func withoutAnyAddressItSaysWhatToDo() throws {
        guard let g = try GitBox.make(writeGlobalConfig: false) else { return }
        let repo = try g.repository()
        let result = try g.sp(["import", "git"], in: repo)
        #expect(result.status == 1)
        #expect(result.stderr.contains("--author"))
    }
}
