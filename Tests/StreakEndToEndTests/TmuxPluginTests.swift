import Foundation
import Testing

/// The TPM plugin, in a real tmux whose status line is read from the screen of an outer tmux.
@Suite("tmux plugin")
struct TmuxPluginTests {
    func nested(_ box: Sandbox, config: String) throws -> (Tmux, String)? {
        try nestedTmux(box, config: config)
    }

    func stopInner(_ inner: String, _ box: Sandbox) {
        stopInnerTmux(inner, box)
    }

    var plugin: String { Package.root.path + "/shell/streakprompt.tmux" }
    var tpmEntry: String { Package.root.path + "/streakprompt.tmux" }

    @Test func statusLineShowsTheSegment() throws {
        let box = try Sandbox()
        try box.sp("tick", "--now", try yesterday(box))
        guard let (outer, inner) = try nested(box, config: """
            set -g status-interval 1
            set -g status-left '<#{streakprompt}> '
            set -g status-right '[#{streakprompt}] #{streakprompt}'
            run-shell '\(plugin)'
            run-shell '\(tpmEntry)'
            """) else { return }
        defer { stopInner(inner, box); outer.stop() }
        try outer.waitFor("the segment in the status line") { $0.contains("<🔥1>") && $0.contains("[🔥1] 🔥1") }
        // A tick shows within status-interval.
        try box.sp("tick")
        try outer.waitFor("the new count") { $0.contains("<🔥2>") }
        // Running the plugin again (TPM does at every reload) changes nothing.
        let environment = try box.shellEnvironment()
        let tmux = which("tmux")!
        let before = try run(tmux, ["-L", inner, "show-options", "-gv", "status-right"], environment: environment).stdout
        #expect(before.components(separatedBy: "#(").count == 3, "\(before)")
        try run(tmux, ["-L", inner, "run-shell", plugin], environment: environment)
        let after = try run(tmux, ["-L", inner, "show-options", "-gv", "status-right"], environment: environment).stdout
        #expect(before == after)
    }

    /// tmux cuts status-right at 40 columns by default: with eight streaks the clock after
    /// the segment disappeared. A length left at the default grows to fit; one set stays.
    @Test func aDefaultStatusLengthGrowsToFitTheSegment() throws {
        let box = try Sandbox()
        for name in ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel"] {
            try box.sp("tick", name, "--quiet")
        }
        guard let server = try TmuxServer(box) else { return }
        defer { server.stop() }
        func tmux(_ arguments: String...) throws {
            let result = try run(server.tmux, ["-S", server.socket] + arguments, environment: server.outside)
            #expect(result.status == 0, "\(arguments): \(result)")
        }
        try tmux("set-option", "-g", "status-right", "#{streakprompt} %H:%M")
        try tmux("run-shell", plugin)
        let segment = try server.option("@streakprompt")
        #expect(!segment.isEmpty)
        let grown = Int(try server.option("status-right-length")) ?? 0
        #expect(grown > 40 + segment.replacingOccurrences(of: #"#\[[^]]*\]"#, with: "", options: .regularExpression).count, "\(grown)")
        try tmux("set-option", "-g", "status-right-length", "55")
        try tmux("set-option", "-g", "status-right", "#{streakprompt} x")
        try tmux("run-shell", plugin)
        #expect(try server.option("status-right-length") == "55", "a length the user set is kept")

        // Command mode (#() at every status-interval) has no @streakprompt to measure: the
        // plugin asks the binary once, and the length grows the same.
        try tmux("set-option", "-g", "status-right-length", "40")
        try tmux("set-option", "-g", "status-right", "#{streakprompt} %H:%M")
        try tmux("set-option", "-g", "@streakprompt-mode", "command")
        try tmux("set-option", "-gu", "@streakprompt")
        try tmux("run-shell", plugin)
        #expect(try server.option("status-right").contains("#("))
        let commanded = Int(try server.option("status-right-length")) ?? 0
        #expect(commanded == grown, "command mode: \(commanded), push mode: \(grown)")
    }

    @Test func hostileIconAndFormatNeverRun() throws {
        let box = try Sandbox()
        let added = try box.sp("add", "evil", "--icon", "#(touch pwned-t1)$(touch pi1)")
        #expect(added.status == 0, "\(added)")
        try box.sp("tick", "evil")
        guard let (outer, inner) = try nested(box, config: """
            set -g status-interval 1
            set -g status-right-length 200
            set -g status-right '[#{streakprompt}]'
            """) else { return }
        defer { stopInner(inner, box); outer.stop() }
        // Options set from argv, as a user's tmux.conf would hold them once parsed.
        let environment = try box.shellEnvironment()
        let tmux = which("tmux")!
        try outer.waitFor("the inner tmux") { $0.contains("[]") }
        let format = "{icon}|#(touch pwned-f3)$(touch pwned-f1)'\"`touch pwned-f2`)##[fg=red]{count}"
        try run(tmux, ["-L", inner, "set-option", "-g", "@streakprompt-format", format], environment: environment)
        try run(tmux, ["-L", inner, "set-option", "-g", "@streakprompt-names", "evil $(touch pwned-r1)"], environment: environment)
        let ran = try run(tmux, ["-L", inner, "run-shell", plugin], environment: environment)
        #expect(ran.status == 0, "\(ran)")
        let screen = try outer.waitFor("the segment") { $0.contains("]") && $0.contains("|") }
        #expect(screen.contains("[#(touch pwned-t1)$(touch pi1)|#(touch pwned-f3)$(touch pwned-f1)'\"`touch pwned-f2`)##[fg=red]1]"),
                "\(screen)")
        Thread.sleep(forTimeInterval: 1.5)
        Hostile.assertNothingRan(box)
        #expect(!box.exists("pwned-t1"))
    }

    /// tmux passes a status line's own text and a message through strftime, not the segment
    /// it refers to nor the output of `#()`: an icon's `%Y%%` shows as written in both (so
    /// the segment does not double `%`), and a name in the plugin's options that is none,
    /// shown in a message, shows as written and runs nothing.
    @Test func percentAndHashFromDataShowAsWritten() throws {
        let box = try Sandbox()
        try box.sp("add", "pct", "--icon", "%Y%%#(touch pwned-p)")
        try box.sp("tick", "pct")
        guard let (outer, inner) = try nested(box, config: """
            set -g status-interval 1
            set -g status-right-length 100
            set -g status-left-length 100
            set -g status-left '<#(\(Binary.path) prompt pct --shell tmux)>'
            set -g status-right '[#{streakprompt}]'
            run-shell '\(plugin)'
            """) else { return }
        defer { stopInner(inner, box); outer.stop() }
        try outer.waitFor("the segment, pushed and from #()") {
            $0.contains("[%Y%%#(touch pwned-p)1]") && $0.contains("<%Y%%#(touch pwned-p)1>")
        }
        let environment = try box.shellEnvironment()
        let tmux = which("tmux")!
        let name = "#(touch${IFS}\(box.root.path)/pwned-name)%Y%%"
        try run(tmux, ["-L", inner, "set-option", "-g", "@streakprompt-names", name], environment: environment)
        #expect(try run(tmux, ["-L", inner, "run-shell", plugin], environment: environment).status == 0)
        let messages = try run(tmux, ["-L", inner, "show-messages"], environment: environment).stdout
        #expect(messages.contains("'\(name)' is not a streak name"), "\(messages)")
        Thread.sleep(forTimeInterval: 1.5)
        #expect(!box.exists("pwned-name") && !box.exists("pwned-p"))
    }

    /// Yesterday's date in UTC (the sandbox's zone).
    func yesterday(_ box: Sandbox) throws -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd"
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: Date().addingTimeInterval(-86400))
    }
}
