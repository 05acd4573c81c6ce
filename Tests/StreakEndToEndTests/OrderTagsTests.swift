import Foundation
import Testing

/// Many habits, organised: the streaks' own order (`order`) and tags (`add --tag`), followed
/// by `list`, `status`, the prompt, completions, the shell plugins and tmux.
@Suite("order and tags")
struct OrderTagsTests {
    static let now = "2026-11-24T12:00"

    /// Three streaks ticked today: alpha 🔥, beta ⭐, gamma 🎯 (the palette's first icons).
    func threeStreaks() throws -> Sandbox {
        let box = try Sandbox()
        for name in ["alpha", "beta", "gamma"] { try box.sp("tick", name, "--quiet", "--now", Self.now) }
        return box
    }

    func listNames(_ box: Sandbox, _ arguments: String...) throws -> [String] {
        let result = try box.spArgs(["list", "--json", "--now", Self.now] + arguments)
        #expect(result.status == 0, "\(result)")
        let rows = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] ?? []
        return rows.compactMap { $0["name"] as? String }
    }

    @Test func orderPutsTheNamedFirstEverywhere() throws {
        let box = try threeStreaks()
        #expect(try listNames(box) == ["alpha", "beta", "gamma"])
        let order = try box.sp("order", "gamma", "beta")
        #expect(order.status == 0 && order.stdout == "Order: gamma, beta, alpha\n", "\(order)")
        #expect(try listNames(box) == ["gamma", "beta", "alpha"])
        #expect(try box.prompt(["--format", "{name}"], now: Self.now) == "gamma beta alpha")
        // Plain output and `order` alone.
        let list = try box.sp("list", "--now", Self.now)
        #expect(list.stdout.split(separator: "\n").dropFirst().map { String($0.prefix { $0 != " " }) } == ["gamma", "beta", "alpha"])
        #expect(try box.sp("order").stdout == "gamma\nbeta\nalpha\n")
        // Completions offer the names in the order too.
        let names = try box.sp("completions", "--streaks")
        #expect(names.stdout.split(separator: "\n").map(String.init) == ["gamma", "beta", "alpha"], "\(names)")
        // --sort name still sorts by name; a new streak comes after the ordered ones.
        #expect(try listNames(box, "--sort", "name") == ["alpha", "beta", "gamma"])
        try box.sp("tick", "aaa", "--quiet", "--now", Self.now)
        #expect(try listNames(box) == ["gamma", "beta", "alpha", "aaa"])
        // A rename keeps the place; a removed streak leaves the others in order.
        try box.sp("rename", "beta", "bravo")
        #expect(try listNames(box) == ["gamma", "bravo", "alpha", "aaa"])
        try box.sp("remove", "gamma")
        #expect(try listNames(box) == ["bravo", "alpha", "aaa"])
        #expect(try box.prompt(["--format", "{name}"], now: Self.now) == "bravo alpha aaa")
        try box.sp("order", "aaa")
        #expect(try listNames(box) == ["aaa", "bravo", "alpha"])
        // --reset forgets it: by name again, in the prompt too.
        let reset = try box.sp("order", "--reset")
        #expect(reset.status == 0 && reset.stdout == "Order: aaa, alpha, bravo (by name)\n", "\(reset)")
        #expect(!FileManager.default.fileExists(atPath: box.home + "/streaks/.order"))
        #expect(try listNames(box) == ["aaa", "alpha", "bravo"])
        #expect(try box.prompt(["--format", "{name}"], now: Self.now) == "aaa alpha bravo")
        #expect(try box.sp("order", "alpha", "--reset").status == 2)
    }

    /// Many habits: an order of more than 64 names (the old limit, which read as a syntax
    /// error), and an export of as many.
    @Test func anOrderOfManyNames() throws {
        let box = try Sandbox()
        let names = (1...80).map { String(format: "h%02d", $0) }
        for name in names { try box.sp("add", name) }
        let order = try box.spArgs(["order"] + names.reversed())
        #expect(order.status == 0, "\(order)")
        #expect(try box.sp("order").stdout == names.reversed().joined(separator: "\n") + "\n")
        let export = try box.spArgs(["export"] + names)
        #expect(export.status == 0 && export.stdout.components(separatedBy: "\"name\"").count == 81, "\(export.stderr)")
    }

    @Test func orderRefusesWhatIsNoStreakOrNamedTwice() throws {
        let box = try threeStreaks()
        let missing = try box.sp("order", "nope")
        #expect(missing.status != 0 && missing.stderr.contains("nope") && missing.stdout.isEmpty, "\(missing)")
        let twice = try box.sp("order", "beta", "beta")
        #expect(twice.status == 2 && twice.stderr.contains("twice"), "\(twice)")
        #expect(!FileManager.default.fileExists(atPath: box.home + "/streaks/.order"))
        #expect(try listNames(box) == ["alpha", "beta", "gamma"])
    }

    /// Another machine's order arrives through a sync (a file renamed into place): the
    /// latest written wins, and the prompt follows it without a write here.
    @Test func anOrderFromAnotherMachineIsFollowed() throws {
        let box = try threeStreaks()
        try box.sp("order", "beta")
        #expect(try box.prompt(["--format", "{name}"], now: Self.now) == "beta alpha gamma")
        let temporary = box.home + "/streaks/.syncthing.order.tmp"
        try Data("gamma\nalpha\nnot a name\n".utf8).write(to: URL(fileURLWithPath: temporary))
        #expect(rename(temporary, box.home + "/streaks/.order") == 0)
        var last = ""
        for _ in 0..<100 {
            last = try box.prompt(["--format", "{name}"], now: Self.now)
            if last == "gamma alpha beta" { break }
            usleep(50_000)
        }
        #expect(last == "gamma alpha beta")
        #expect(try listNames(box) == ["gamma", "alpha", "beta"])
        let doctor = try box.sp("doctor")
        #expect(!doctor.stdout.contains(".order"), "\(doctor)")
    }

    @Test func tagsChooseWhatListStatusAndThePromptShow() throws {
        let box = try threeStreaks()
        let tagged = try box.sp("add", "alpha", "--tag", "work", "--tag", "health")
        #expect(tagged.status == 0 && tagged.stdout == "alpha: tagged health, work; it has tags health, work.\n", "\(tagged)")
        let untagged = try box.sp("add", "alpha", "--untag", "health", "--untag", "nope")
        #expect(untagged.stdout == "alpha: untagged health; it has tags work.\n", "\(untagged)")
        let unknown = try box.sp("add", "alpha", "--untag", "nope")
        #expect(unknown.stdout == "alpha has tags work, and no tag nope; the tags are as they were.\n", "\(unknown)")
        #expect(try box.sp("add", "alpha", "--tag", "health").stdout == "alpha: tagged health; it has tags health, work.\n")
        try box.sp("add", "gamma", "--tag", "work")
        let created = try box.sp("add", "delta", "--tag", "fun", "--icon", "D")
        #expect(created.status == 0 && created.stdout.contains("tags fun"), "\(created)")
        #expect(try box.read("streaks/alpha/streak.conf").contains("tags=health,work\n"))
        #expect(try listNames(box, "--tag", "work") == ["alpha", "gamma"])
        #expect(try listNames(box, "--tag", "fun", "--tag", "health") == ["alpha", "delta"])
        #expect(try box.prompt(["--tag", "work", "--format", "{name}"], now: Self.now) == "alpha gamma")
        #expect(try box.prompt(["--format", "{name}"], now: Self.now, env: ["STREAKPROMPT_TAGS": "fun,health"]) == "alpha delta")
        // Names given win over STREAKPROMPT_TAGS.
        #expect(try box.prompt(["beta", "--format", "{name}"], now: Self.now, env: ["STREAKPROMPT_TAGS": "work"]) == "beta")
        // JSON everywhere.
        let status = try box.spArgs(["status", "--tag", "work", "--json", "--now", Self.now])
        let rows = try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [[String: Any]] ?? []
        #expect(rows.map { $0["name"] as? String } == ["alpha", "gamma"])
        #expect(rows.first?["tags"] as? [String] == ["health", "work"])
        #expect(try box.status("beta", now: Self.now)["tags"] as? [String] == [])
        // --untag; a tag nobody has says so.
        try box.sp("add", "gamma", "--untag", "work")
        #expect(try listNames(box, "--tag", "work") == ["alpha"])
        let none = try box.sp("list", "--tag", "nothing")
        #expect(none.status == 0 && none.stdout.contains("No streak is tagged nothing"), "\(none)")
        // An archived streak is left out of a tag's segment, as of every streak's.
        try box.sp("archive", "alpha")
        #expect(try box.prompt(["--tag", "work", "--format", "{name}"], now: Self.now) == "")
    }

    @Test func badTagsAreRefusedBeforeAnythingIsWritten() throws {
        let box = try threeStreaks()
        try box.sp("add", "alpha", "--tag", "first")
        let before = try box.read("streaks/alpha/streak.conf")
        for bad in ["two words", "-dash", "$(id)", String(repeating: "x", count: 33), ""] {
            let add = try box.spArgs(["add", "alpha", "--tag", bad])
            #expect(add.status == 2 && add.stderr.contains("--tag"), "\(bad): \(add)")
            let prompt = try box.spArgs(["prompt", "--tag", bad])
            #expect(prompt.status == 2 && prompt.stdout.isEmpty, "\(bad): \(prompt)")
        }
        let both = try box.sp("add", "alpha", "--tag", "x", "--untag", "x")
        #expect(both.status == 2, "\(both)")
        #expect(try box.read("streaks/alpha/streak.conf") == before)
        // A hand-edited bad tag is a bad settings line, named by doctor.
        try box.file("data/streaks/beta/streak.conf", "icon=⭐\nschedule=daily\nfreezes=0\ntags=ok,$(id)\n")
        let doctor = try box.sp("doctor")
        #expect(doctor.stdout.contains("tags"), "\(doctor)")
    }

    /// Tags travel in an export and come back with an import; an export without tags is
    /// written as before.
    @Test func tagsRoundTripThroughExport() throws {
        let box = try threeStreaks()
        let plain = try box.sp("export")
        #expect(!plain.stdout.contains("\"tags\""))
        try box.sp("add", "beta", "--tag", "work", "--tag", "a-b_c")
        let export = try box.sp("export")
        #expect(export.stdout.contains("\"tags\": [\"a-b_c\", \"work\"]"), "\(export.stdout)")
        let file = try box.file("export.json", export.stdout)
        let other = try Sandbox()
        #expect(try other.sp("import", file).status == 0)
        #expect(try other.status("beta", now: Self.now)["tags"] as? [String] == ["a-b_c", "work"])
        #expect(try other.sp("export").stdout == export.stdout)
    }

    /// The plugins pass STREAKPROMPT_TAGS (and tmux @streakprompt-tags) on: a real bash, zsh
    /// and fish show only the tagged streaks, and follow a change of the variable.
    @Test(arguments: ["bash", "zsh", "fish"])
    func pluginsFollowTheTags(shellName: String) throws {
        let box = try threeStreaks()
        try box.sp("tick", "alpha", "--quiet")
        try box.sp("tick", "beta", "--quiet")
        try box.sp("add", "alpha", "--tag", "work")
        try box.sp("add", "beta", "--tag", "home")
        let rc = pluginRC(shellName, [("STREAKPROMPT_FORMAT", "{name}"), ("STREAKPROMPT_TAGS", "work")])
        guard let tmux = try ShellInteractiveTests().start(shellName, rc: rc, in: box) else {
            if Package.isCI { Issue.record("\(shellName) is missing") }
            return
        }
        defer { tmux.stop() }
        try tmux.waitFor("alpha alone") { $0.contains("alpha") && !$0.contains("beta") && $0.contains("> ") }
        try tmux.type(shellName == "fish" ? "set -g STREAKPROMPT_TAGS home,work" : "STREAKPROMPT_TAGS=home,work")
        try tmux.waitFor("both") { $0.components(separatedBy: "\n").contains { $0.contains("alpha beta") } }
    }
}
