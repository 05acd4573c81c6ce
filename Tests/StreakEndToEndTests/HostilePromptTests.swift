import Foundation
import Testing

/// A corpus of names, icons and formats that try to run code, restyle or break the prompt line
/// in each host: `$(…)`, backticks, `%`, `!`, `#(…)`, `#[…]`, `\`, newlines, escape sequences,
/// bidirectional controls, long strings. In real bash and zsh (with PROMPT_SUBST, and zsh's
/// PROMPT_BANG), fish and tmux: nothing runs, and the prompt line shows the text as it is.
@Suite("hostile prompt corpus")
struct HostilePromptTests {
    /// Icons go into streak.conf as a user (or a sync from another machine) could write them:
    /// up to 32 bytes, no control characters (those make the settings unreadable).
    static let icons = [
        "$(touch h-i1)", "`touch h-i2`", "%F{red}%%%", "!!1!", "#(touch h-i3)", "#[fg=red]",
        "\\w\\$\\", "${HOME}", "'\"", "\u{202E}rev\u{2066}", "x\u{200F}y",
    ]
    /// Formats come from STREAKPROMPT_FORMAT or --format, so anything goes.
    static let formats = [
        "$(touch h-f1){count}", "`touch h-f2`{count}", "%{%F{red}%}{count}%", "!{count}!!",
        "#(touch h-f3)#[bg=red]{count}##", "\\n\\[\\e[31m\\]{count}", "a\nb{count}\rc",
        "\u{1B}[2J\u{1B}]0;title\u{07}{count}", "\u{202E}{count}\u{2066}x", "{icon}{{count}}{nope}",
        "${PATH}{name}", String(repeating: "-", count: 60) + "{count}", "'\ntouch h-f4\n'{count}%H%%\n",
    ]
    static let markers = ["h-i1", "h-i2", "h-i3", "h-f1", "h-f2", "h-f3", "h-f4"]

    /// A sandbox with streak `s0…` for each icon, each ticked today, and the corpus on disk.
    func prepared() throws -> Sandbox {
        let box = try Sandbox()
        for (index, icon) in Self.icons.enumerated() {
            try box.write("streaks/i\(index)/streak.conf", "icon=\(icon)\n")
            try box.sp("tick", "i\(index)", "--quiet")
        }
        try box.sp("tick", "plain", "--quiet")
        for (index, format) in Self.formats.enumerated() {
            try box.file("corpus/f\(index)", format)
        }
        return box
    }

    /// What the prompt must show: the plain segment, without colour.
    func visible(_ box: Sandbox, name: String, format: String) throws -> String {
        try box.spArgs([name, "--format", format], env: ["NO_COLOR": "1"]).stdout
    }

    func assertNothingRan(_ box: Sandbox, sourceLocation: SourceLocation = #_sourceLocation) {
        for marker in Self.markers {
            #expect(!box.exists(marker), "\(marker) was created: data ran as code", sourceLocation: sourceLocation)
        }
    }

    /// The cases as (streak, format file index or nil for `{icon}{count}`).
    var cases: [(String, Int?)] {
        Self.icons.indices.map { ("i\($0)", nil) } + Self.formats.indices.map { ("plain", $0) }
    }

    /// Types each case into the shell and checks the next prompt line.
    func exercise(_ tmux: Tmux, _ box: Sandbox, setFormat: (String) -> String, setNames: (String) -> String,
                  expectedLine: (String) -> String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        for (name, formatIndex) in cases {
            let formatFile = formatIndex.map { box.root.path + "/corpus/f\($0)" }
            let format = try formatFile.map { try String(contentsOfFile: $0, encoding: .utf8) } ?? "{icon}{count}"
            let expected = try visible(box, name: name, format: format)
            #expect(!expected.isEmpty && !expected.contains("\n"), "\(name) \(format.debugDescription)", sourceLocation: sourceLocation)
            let command = setNames(name) + "; " + (formatFile.map(setFormat) ?? setFormat(box.root.path + "/corpus/default"))
            try tmux.command(command, promptSuffix: "> ")
            let line = try tmux.lastLine()
            #expect(line == expectedLine(expected), "\(name) \(format.debugDescription): \(tmux.text)", sourceLocation: sourceLocation)
        }
        assertNothingRan(box, sourceLocation: sourceLocation)
    }

    @Test func bash() throws {
        let box = try prepared()
        try box.file("corpus/default", "{icon}{count}")
        guard let tmux = try ShellInteractiveTests().start("bash", rc: """
            PS1='> '
            eval "$(streakprompt init bash)"
            """, in: box, width: 200) else { return }
        defer { tmux.stop() }
        try tmux.waitFor("the first prompt") { $0.hasSuffix("> ") }
        try exercise(tmux, box, setFormat: { "STREAKPROMPT_FORMAT=$(cat '\($0)')" }, setNames: { "STREAKPROMPT_NAMES=\($0)" },
                     expectedLine: { $0 + " > " })
    }

    /// zsh draws PROMPT through parameter expansion (PROMPT_SUBST) and `!` as the history
    /// number (PROMPT_BANG): with both on, and with PROMPT_BANG alone.
    @Test(arguments: ["prompt_subst prompt_bang", "prompt_bang"])
    func zsh(options: String) throws {
        let box = try prepared()
        try box.file("corpus/default", "{icon}{count}")
        guard let tmux = try ShellInteractiveTests().start("zsh", rc: """
            setopt \(options)
            PROMPT='> '
            eval "$(streakprompt init zsh)"
            """, in: box, width: 200) else { return }
        defer { tmux.stop() }
        try tmux.waitFor("the first prompt") { $0.hasSuffix("> ") }
        try exercise(tmux, box, setFormat: { "STREAKPROMPT_FORMAT=$(<'\($0)')" }, setNames: { "STREAKPROMPT_NAMES=\($0)" },
                     expectedLine: { $0 + " > " })
    }

    /// fish shows the segment in the right prompt.
    @Test func fish() throws {
        let box = try prepared()
        try box.file("corpus/default", "{icon}{count}")
        guard let tmux = try ShellInteractiveTests().start("fish", rc: """
            function fish_prompt; printf '> '; end
            streakprompt init fish | source
            """, in: box, width: 200) else { return }
        defer { tmux.stop() }
        try tmux.waitFor("the first prompt") { $0.contains("> ") }
        for (name, formatIndex) in cases {
            let file = box.root.path + "/corpus/" + (formatIndex.map { "f\($0)" } ?? "default")
            let format = try String(contentsOfFile: file, encoding: .utf8)
            let expected = try visible(box, name: name, format: format)
            let before = try tmux.lineCount()
            try tmux.type("set -g STREAKPROMPT_NAMES \(name); set -g STREAKPROMPT_FORMAT (cat '\(file)' | string collect)")
            let screen = try tmux.waitFor("the prompt after \(name)") { screen in
                let lines = screen.components(separatedBy: "\n")
                return lines.count > before && lines.last!.hasPrefix("> ") && lines.last!.hasSuffix(expected)
            }
            let line = screen.components(separatedBy: "\n").last!
            #expect(line.hasPrefix("> ") && line.hasSuffix(expected), "\(name) \(format.debugDescription): \(screen)")
        }
        assertNothingRan(box)
    }

    /// tmux's status line, through the TPM plugin, read from an outer tmux's screen: the
    /// icons all at once, then each format (set, then the plugin run again, as a reload does).
    /// Once, a line break in @streakprompt-format ended the plugin's command, and the rest ran
    /// as a shell command of its own.
    @Test func tmux() throws {
        guard let program = tool("tmux") else { return }
        let box = try prepared()
        let plugins = TmuxPluginTests()
        let environment = try box.shellEnvironment()
        let names = Self.icons.indices.map { "i\($0)" }
        for (label, namesOption, formats) in [("icons", names.joined(separator: " "), [nil] as [Int?]),
                                              ("formats", "plain", Self.formats.indices.map { Optional($0) })] {
            guard let (outer, inner) = try plugins.nested(box, config: """
                set -g status-interval 1
                set -g status-right-length 400
                set -g status-left ''
                set -g status-right '[#{streakprompt}]'
                set -g @streakprompt-names '\(namesOption)'
                set -g @streakprompt-format '{icon}{count}'
                run-shell '\(plugins.plugin)'
                """) else { return }
            defer { plugins.stopInner(inner, box); outer.stop() }
            // The inner server has read its configuration once the first segment shows.
            let first = try box.spArgs(namesOption.split(separator: " ").map(String.init), env: ["NO_COLOR": "1"]).stdout
            _ = try outer.waitFor("the inner tmux") { $0.contains("[" + first + "]") }
            for index in formats {
                let format = try index.map { try String(contentsOfFile: box.root.path + "/corpus/f\($0)", encoding: .utf8) }
                    ?? "{icon}{count}"
                for command in [["set-option", "-g", "@streakprompt-format", format],
                                ["set-option", "-g", "status-right", "[#{streakprompt}]"], ["run-shell", plugins.plugin]] {
                    let result = try run(program, ["-L", inner] + command, environment: environment)
                    #expect(result.status == 0, "\(command): \(result)")
                }
                let expected = try box.spArgs(namesOption.split(separator: " ").map(String.init) + ["--format", format],
                                              env: ["NO_COLOR": "1"]).stdout
                _ = try outer.waitFor("\(label) \(format.debugDescription) in the status line") { $0.contains("[" + expected + "]") }
            }
        }
        Thread.sleep(forTimeInterval: 1.2)
        assertNothingRan(box)
    }

    /// A huge format, a huge cache line's worth of icon: one line, bounded, nothing runs.
    @Test func hugeStringsStayOneLine() throws {
        let box = try prepared()
        // 100 KB: about the most one argument may hold.
        let format = String(repeating: "$(touch h-f1)#(touch h-f3)%!\u{202E}\n{count}", count: 2_500)
        for host in ["bash", "zsh", "fish", "tmux", "plain"] {
            let result = try box.spArgs(["plain", "--shell", host, "--format", format], env: ["NO_COLOR": "1"])
            #expect(result.status == 0 && result.stderr.isEmpty)
            #expect(!result.stdout.contains("\n") && !result.stdout.contains("\u{202E}"), "\(host)")
            #expect(result.stdout.utf8.count >= 2_500 * 28, "\(host): the text is all there")
        }
        assertNothingRan(box)
    }
}
