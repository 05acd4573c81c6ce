import Foundation
import Testing

/// A compact prompt for many habits: `--only pending` (and `STREAKPROMPT_ONLY`, the config
/// file's `only`, tmux's `@streakprompt-only`) and `{done}/{due}` summarising every streak.
@Suite("compact prompts")
struct CompactPromptTests {
    static let now = "2026-11-24T12:00"

    /// a done today, b pending (ticked yesterday), c a habit to quit (done), d new, e paused today,
    /// f broken.
    func box() throws -> Sandbox {
        let box = try Sandbox()
        try box.sp("tick", "a", "--now", Self.now)
        try box.sp("tick", "b", "--now", "2026-11-23T12:00")
        try box.sp("add", "c", "--quit", "--now", "2026-11-20T12:00")
        try box.sp("add", "d", "--now", Self.now)
        try box.sp("tick", "e", "--now", "2026-11-23T12:00")
        try box.sp("pause", "e", "--now", Self.now)
        try box.sp("tick", "f", "--now", "2026-11-20T12:00")
        return box
    }

    @Test func onlyPendingShowsWhatIsStillToDo() throws {
        let box = try box()
        #expect(try box.prompt(["--format", "{name}"], now: Self.now) == "a b c d e f")
        #expect(try box.prompt(["--only", "pending", "--format", "{name}"], now: Self.now) == "b d")
        #expect(try box.prompt(["--format", "{name}"], now: Self.now, env: ["STREAKPROMPT_ONLY": "pending"]) == "b d")
        #expect(try box.prompt(["--only", "all", "--format", "{name}"], now: Self.now, env: ["STREAKPROMPT_ONLY": "pending"]) == "a b c d e f")
        // The config file's `only`, set with `config set`.
        let set = try box.sp("config", "set", "only", "pending")
        #expect(set.status == 0, "\(set)")
        #expect(try box.prompt(["--format", "{name}"], now: Self.now) == "b d")
        let bad = try box.sp("prompt", "--only", "later")
        #expect(bad.status == 2 && bad.stderr.contains("pending"), "\(bad)")
    }

    /// A status bar's stream follows --only and a summary too: `watch` prints the same first line.
    @Test func watchTakesOnlyAndASummary() throws {
        let box = try box()
        for (arguments, expected) in [(["--only", "pending", "--format", "{name}"], "b d"), (["--format", "{done}/{due}"], "2/5")] {
            let out = box.root.appendingPathComponent("watched").path
            try? FileManager.default.removeItem(atPath: out)
            var environment = box.environment
            environment["NO_COLOR"] = "1"
            environment["STREAKPROMPT_NOW"] = Self.now
            let words = arguments.map { "'\($0)'" }.joined(separator: " ")
            let script = "'\(Binary.path)' watch --shell plain \(words) | head -1 > '\(out)'"
            let watcher = spawnQuietly(["/bin/sh", "-c", script], environment: environment)
            var first = ""
            for _ in 0..<100 where first.isEmpty {
                first = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
                usleep(50_000)
            }
            waitOrKill(watcher)
            #expect(first == expected + "\n", "\(arguments): \(first.debugDescription)")
        }
    }

    @Test func doneAndDueSummariseAllInTheWorstLook() throws {
        let box = try box()
        // Due: a, b, c, d, f (e rests); done: a and c. Worst: f is broken.
        #expect(try box.prompt(["--format", "{icon} {done}/{due}"], now: Self.now) == "🔥 2/5")
        let colored = try box.spArgs(["--format", "{done}/{due}", "--shell", "zsh", "--now", Self.now], env: ["TERM": "xterm-256color"])
        #expect(colored.stdout == "%{\u{1B}[2m%}2/5%{\u{1B}[0m%}", "broken is the worst: \(colored.stdout.debugDescription)")
        try box.sp("tick", "f", "--now", Self.now)
        try box.sp("tick", "b", "--now", Self.now)
        let pending = try box.spArgs(["--format", "{done}/{due}", "--shell", "bash", "--now", Self.now], env: ["TERM": "xterm-256color"])
        #expect(pending.stdout == "\u{01}\u{1B}[33m\u{02}4/5\u{01}\u{1B}[0m\u{02}", "d is new: still to do, \(pending.stdout.debugDescription)")
        #expect(try box.prompt(["--format", "{done}/{due} {progress} {bar}"], now: Self.now) == "4/5 4/5 ▰▰▰▰▱")
        try box.sp("tick", "d", "--now", Self.now)
        #expect(try box.prompt(["--format", "{icon}{done}/{due}{progress}"], now: Self.now) == "🔥5/5")
        let waybar = try box.sp("--format", "{done}/{due}", "--shell", "waybar", "--now", Self.now)
        let object = try JSONSerialization.jsonObject(with: Data(waybar.stdout.utf8)) as? [String: Any]
        #expect(object?["class"] as? String == "done" && (object?["tooltip"] as? String)?.contains("e: done") == true, "\(waybar)")
    }

    /// alpha done today, beta pending (ticked yesterday), at the real clock.
    func twoStreaks() throws -> Sandbox {
        let box = try Sandbox()
        let yesterday = ISO8601DateFormatter().string(from: Date().addingTimeInterval(-86_400))
        try box.sp("tick", "alpha", "--quiet")
        try box.sp("tick", "beta", "--quiet", "--now", String(yesterday.prefix(10)) + "T12:00")
        return box
    }

    @Test func tmuxShowsOnlyPendingWithItsOption() throws {
        let box = try twoStreaks()
        guard let server = try TmuxServer(box) else { return }
        defer { server.stop() }
        for arguments in [["set-option", "-g", "@streakprompt-format", "{name}"], ["set-option", "-g", "@streakprompt-only", "pending"],
                          ["set-option", "-g", "status-right", "#{streakprompt}"],
                          ["run-shell", Package.root.path + "/shell/streakprompt.tmux"]] {
            let result = try run(server.tmux, ["-S", server.socket] + arguments, environment: server.outside)
            #expect(result.status == 0, "\(arguments): \(result)")
        }
        let segment = try server.option("@streakprompt")
        #expect(segment.contains("beta") && !segment.contains("alpha"), "\(segment)")
    }

    /// The plugins follow STREAKPROMPT_ONLY: set in a running bash, zsh or fish, the next
    /// prompt shows only what is still to do.
    @Test(arguments: ["bash", "zsh", "fish"])
    func pluginsFollowOnly(shellName: String) throws {
        let box = try twoStreaks()
        let rc = pluginRC(shellName, [("STREAKPROMPT_FORMAT", "{name}")])
        guard let tmux = try ShellInteractiveTests().start(shellName, rc: rc, in: box) else {
            if Package.isCI { Issue.record("\(shellName) is missing") }
            return
        }
        defer { tmux.stop() }
        try tmux.waitFor("both") { $0.components(separatedBy: "\n").contains { $0.contains("alpha beta") } }
        try tmux.type(shellName == "fish" ? "set -g STREAKPROMPT_ONLY pending" : "STREAKPROMPT_ONLY=pending")
        try tmux.waitFor("beta alone") { screen in
            screen.components(separatedBy: "\n").filter { $0.contains("> ") }.last.map { $0.contains("beta") && !$0.contains("alpha") } ?? false
        }
    }
}

/// With `--manual` the plugins export STREAKPROMPT_TEXT, the segment without colours or prompt
/// escapes, for prompts other programs draw (starship's env_var module): a child process of
/// the real bash, zsh and fish sees the plain text.
@Suite("the exported segment")
struct ExportedTextTests {
    @Test(arguments: ["bash", "zsh", "fish"])
    func childProcessesSeeThePlainSegment(shellName: String) throws {
        let box = try Sandbox()
        try box.sp("add", "quiz", "--icon", "Q%!")
        try box.sp("tick", "quiz", "--quiet")
        var rc = pluginRC(shellName, [("STREAKPROMPT_FORMAT", "{icon}{count}")])
        rc = rc.replacingOccurrences(of: "init \(shellName)", with: "init \(shellName) --manual")
        if shellName == "zsh" { rc = "setopt prompt_bang\n" + rc }
        guard let tmux = try ShellInteractiveTests().start(shellName, rc: rc, in: box, env: ["TERM": "xterm-256color"]) else {
            if Package.isCI { Issue.record("\(shellName) is missing") }
            return
        }
        defer { tmux.stop() }
        try tmux.type("printenv STREAKPROMPT_TEXT | od -An -c | tr -d ' '")
        try tmux.waitFor("the plain text") { $0.contains("Q%!1\\n") }
        #expect(!(try tmux.screen()).contains("033"), "no escape code in the exported text")
    }
}
