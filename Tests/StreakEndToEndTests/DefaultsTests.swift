import Foundation
import Testing

/// First run and the defaults: which streak a command without a name means, the icons new
/// streaks get, what `list` calls a streak with no action, and what a tick says.
@Suite("first run and defaults")
struct DefaultsTests {
    @Test func withoutANameTheOnlyStreakIsUsedAndSeveralAreNamed() throws {
        let box = try Sandbox()
        // Nothing yet: a tick starts "default"; a reading command says how to start.
        let empty = try box.sp("status")
        #expect(empty.status == 1)
        #expect(empty.stderr.contains("no streaks yet"), "\(empty)")
        #expect(try box.sp("tick", "--now", "2026-11-20").stdout.hasPrefix("default: new streak"))
        try box.sp("remove", "default")

        // One streak, whatever its name: every command without a name uses it.
        try box.sp("tick", "quiz", "--quiet", "--now", "2026-11-20")
        let tick = try box.sp("tick", "--now", "2026-11-21")
        #expect(tick.stdout.hasPrefix("quiz: counted"), "\(tick)")
        #expect(!FileManager.default.fileExists(atPath: box.home + "/streaks/default"), "no silent default")
        #expect(try box.status("quiz", now: "2026-11-21")["current"] as? Int == 2)
        for command in ["status", "history", "calendar"] {
            let result = try box.sp(command, "--now", "2026-11-21")
            #expect(result.status == 0, "\(command): \(result)")
            #expect(result.stdout.contains(command == "history" ? "2026-11-20" : "quiz"), "\(command): \(result.stdout)")
        }

        // Several: a command without a name names them and changes nothing.
        try box.sp("add", "gym")
        let before = try box.read("streaks/quiz/test.log")
        for command in ["tick", "status", "history", "calendar"] {
            let result = try box.sp(command, "--now", "2026-11-22")
            #expect(result.status == 2, "\(command): \(result)")
            #expect(result.stderr.contains("gym, quiz"), "\(command): \(result.stderr)")
            #expect(result.stderr.contains("streakprompt \(command) gym"), "\(command): \(result.stderr)")
        }
        #expect(try box.read("streaks/quiz/test.log") == before)
        #expect(!FileManager.default.fileExists(atPath: box.home + "/streaks/default"))
    }

    /// The SPEC's default streak: once `default` exists, a command without a name means it,
    /// however many other streaks there are (a bare `tick` keeps counting it).
    @Test func anExistingDefaultIsWhatNoNameMeans() throws {
        let box = try Sandbox()
        try box.sp("tick", "--quiet", "--now", "2026-11-20")
        try box.sp("tick", "quiz", "--quiet", "--now", "2026-11-20")
        try box.sp("add", "gym")
        let tick = try box.sp("tick", "--now", "2026-11-21")
        #expect(tick.status == 0 && tick.stdout.hasPrefix("default: counted"), "\(tick)")
        let status = try box.sp("status", "--json", "--now", "2026-11-21")
        #expect(status.status == 0 && status.stdout.contains("\"name\": \"default\""), "\(status)")
        #expect(try box.status("default", now: "2026-11-21")["current"] as? Int == 2)
    }

    /// Hooks and plugins name their streak: they keep counting it however many there are.
    @Test func hooksThatNameTheirStreakKeepWorking() throws {
        let box = try Sandbox()
        try box.sp("add", "gym")
        try box.sp("add", "quiz")
        // What the shell plugins run.
        let plugin = try box.sp("tick", "--quiet", "--", "default")
        #expect(plugin.status == 0 && plugin.stdout.isEmpty && plugin.stderr.isEmpty, "\(plugin)")
        // What the git hook runs: a repository with one commit by the user.
        guard let git = tool("git") else { return }
        let repo = box.root.appendingPathComponent("repo").path
        let env = ["GIT_CONFIG_GLOBAL": box.root.path + "/gitconfig", "GIT_CONFIG_NOSYSTEM": "1"]
        for arguments in [["init", "-q", repo], ["-C", repo, "config", "user.email", "me@example.com"],
                          ["-C", repo, "config", "user.name", "Me"], ["-C", repo, "commit", "-q", "--allow-empty", "-m", "x"]] {
            let result = try run(git, arguments, environment: box.environment.merging(env) { $1 })
            #expect(result.status == 0, "\(arguments): \(result)")
        }
        let hook = try run(Binary.path, ["git", "hook", "post-commit", "--name", "commits"],
                           environment: box.environment.merging(env) { $1 }, directory: repo)
        #expect(hook.status == 0, "\(hook)")
        let names = try FileManager.default.contentsOfDirectory(atPath: box.home + "/streaks").sorted()
        #expect(names == ["commits", "default", "gym", "quiz"])
    }

    @Test func newStreaksGetIconsNoOtherStreakHas() throws {
        let box = try Sandbox()
        try box.sp("tick", "a", "--quiet", "--now", "2026-11-22")
        try box.sp("tick", "b", "--quiet", "--now", "2026-11-22")
        try box.sp("add", "c")
        try box.sp("add", "d", "--icon", "📚")  // the next palette icon, chosen by hand
        try box.sp("add", "e")
        let list = try box.sp("list", "--json", "--now", "2026-11-22")
        let streaks = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
        let icons = streaks.compactMap { $0["icon"] as? String }
        #expect(icons == ["🔥", "⭐", "🎯", "📚", "💧"], "\(icons)")
        // The segment never shows two streaks alike.
        let prompt = try box.prompt([], now: "2026-11-22")
        #expect(prompt == "🔥1 ⭐1 🎯0 📚0 💧0")
        // Once the palette is used up, the name tells a streak apart.
        for name in ["f", "g", "h", "i"] { try box.sp("add", name) }
        #expect(try box.prompt(["h", "i"], now: "2026-11-22") == "🧠0 i:0")
        // A streak a tick created keeps its icon in its settings file, like one `add` made.
        #expect(try box.read("streaks/b/streak.conf").contains("icon=⭐"))
    }

    @Test func listCallsAStreakWithNoActionNew() throws {
        let box = try Sandbox()
        try box.sp("add", "gym")
        try box.sp("tick", "quiz", "--quiet", "--now", "2026-11-20")
        let list = try box.sp("list", "--now", "2026-11-23")
        let rows = list.stdout.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true) }
        #expect(rows.first { $0.first == "gym" }?.dropFirst(3).first == "new", "\(list.stdout)")
        #expect(rows.first { $0.first == "quiz" }?.dropFirst(3).first == "broken", "\(list.stdout)")
        // JSON keeps the contract's three states.
        #expect(try box.status("gym", now: "2026-11-23")["state"] as? String == "broken")
    }

    @Test func ticksCongratulateOnceAtMilestonesAndANewBest() throws {
        let box = try Sandbox(extra: ["STREAKPROMPT_NOW": "2026-03-31T12:00"])
        func tick(_ day: String) throws -> String {
            let result = try box.sp("tick", "quiz", "--now", day)
            #expect(result.status == 0, "\(result)")
            return result.stdout
        }
        var said: [String: String] = [:]
        // A first run of 8 (March 1–8), a gap, then a run of 10 (March 10–19).
        for day in 1...8 { said["03-\(day)"] = try tick(String(format: "2026-03-%02d", day)) }
        for day in 10...19 { said["03-\(day)"] = try tick(String(format: "2026-03-%02d", day)) }
        #expect(said["03-7"]?.hasSuffix("· 🔥 7 · 🎉 7 in a row\n") == true, "\(said["03-7"] ?? "")")
        #expect(said["03-16"]?.contains("🎉 7 in a row") == true, "a second run reaches 7 too")
        #expect(said["03-17"]?.contains("new best") == false, "equal to the best is not a new best")
        #expect(said["03-18"]?.hasSuffix("· 🔥 9 · new best (was 8)\n") == true, "\(said["03-18"] ?? "")")
        let praised = said.filter { $0.value.contains("🎉") || $0.value.contains("best") }.keys.sorted()
        #expect(praised == ["03-16", "03-18", "03-7"], "once each, on the tick that gets there")
        // A second tick on the same date says nothing more.
        #expect(!(try tick("2026-03-18")).contains("best"))
        // Backfilling the gap joins the runs: 19 in a row passes 7 (already passed) and beats nothing else.
        let joined = try tick("2026-03-09")
        #expect(joined.contains("🔥 19"), "\(joined)")
        #expect(!joined.contains("🎉") && !joined.contains("new best"), "\(joined)")
        // A run of 30 reaches the next milestone.
        for day in 20...29 { _ = try tick(String(format: "2026-03-%02d", day)) }
        #expect(try tick("2026-03-30").contains("· 🔥 30 · 🎉 30 in a row"))
    }

    @Test func aBackdatedTickNamesTheDateItCounted() throws {
        let box = try Sandbox(extra: ["STREAKPROMPT_NOW": "2026-11-22T10:00"])
        let today = try box.sp("tick")
        #expect(today.stdout == "default: new streak, counted today · 🔥 1\n", "\(today)")
        let backdated = try box.sp("tick", "--now", "2026-11-20T09:00")
        #expect(backdated.stdout == "default: counted for 2026-11-20 · 🔥 1\n", "\(backdated)")
        let again = try box.sp("tick", "--now", "2026-11-20T18:00")
        #expect(again.stdout.hasPrefix("default: already counted for 2026-11-20"), "\(again)")
        // --now on today's date (another time) is still today.
        #expect(try box.sp("tick", "--now", "2026-11-22T23:00").stdout.hasPrefix("default: already counted today"))
        // With STREAKPROMPT_DAY_START, 02:30 belongs to the day before, which is today's streak date.
        let night = try box.sp("tick", "--now", "2026-11-23T02:30", env: ["STREAKPROMPT_DAY_START": "04:00",
                                                                        "STREAKPROMPT_NOW": "2026-11-23T03:00"])
        #expect(night.stdout.hasPrefix("default: already counted today"), "\(night)")
    }
}
