import Foundation
import Testing

/// The prompt shows only what is true and never runs or prints what a file holds: in real
/// bash, zsh and fish under tmux, a view swapped for one with control sequences, zsh escapes,
/// a huge line or more than a view can hold is not shown (the binary's segment is), and a zsh
/// theme that turns PROMPT_SUBST on after the plugin's hook finds no segment text to run.
@Suite("views: what the prompt shows")
struct ViewsPromptTrustTests {
    static let rc = [
        "bash": "PS1='> '\neval \"$(streakprompt init bash)\"\n",
        "zsh": "PROMPT='> '\neval \"$(streakprompt init zsh)\"\n",
        "fish": "function fish_prompt; printf '> '; end\nstreakprompt init fish | source\n",
    ]

    /// The shell's view file (the only one its host has in the sandbox).
    func view(_ box: Sandbox, _ shellName: String) throws -> String {
        let folder = box.home + "/views"
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(shellName + "-") }
        guard names.count == 1 else { throw TestFailure("views of \(shellName): \(names)") }
        return folder + "/" + names[0]
    }

    /// A view's bytes with the given piece text and `tail` after it, and a stamp of its own.
    func forged(_ piece: String, tail: String = "", stamp: String) -> Data {
        Data("streakprompt-view 2 \(stamp)\nwatch\tgym\n0\t0\t\(piece)\nend\n\(tail)".utf8)
    }

    @Test(arguments: ["bash", "zsh", "fish"])
    func aForgedViewShowsTheBinarysSegment(_ shellName: String) throws {
        let box = try Sandbox()
        try box.sp("tick", "gym", "--quiet")
        let env = ["NO_COLOR": "1", "STREAKPROMPT_NAMES": "gym"]
        guard let tmux = try ShellInteractiveTests().start(shellName, rc: Self.rc[shellName]!, in: box, width: 160, env: env)
        else { return }
        defer { tmux.stop() }
        let expected = try box.sp("gym", env: env).stdout
        #expect(!expected.isEmpty)
        try tmux.waitFor("the first prompt with the segment") { $0.contains(expected) && $0.contains("> ") }
        let path = try view(box, shellName)
        var cases: [(String, Data)] = [
            ("control sequences", forged("\u{1B}]0;EVIL-TITLE\u{07}\u{1B}]52;c;RVZJTA==\u{07}\u{1B}[2J\u{1B}[HEVIL", stamp: "00000000000000a1")),
            ("C1 control", forged("\u{9B}2JEVIL", stamp: "00000000000000a2")),
            // A valid view but larger than a view can be (16 KB).
            ("a view past 16 KB", forged("EVIL", tail: String(repeating: "# padding\n", count: 2_000), stamp: "00000000000000a3")),
            // A first line of 12 MB: the short way reads 36 characters of it, no more.
            ("a 12 MB line", Data(repeating: UInt8(ascii: "x"), count: 12 << 20)),
        ]
        if shellName == "zsh" {
            cases.append(("zsh escapes", forged("%F{red}%BEVIL%b%f%D{%H}", stamp: "00000000000000a4")))
        }
        for (label, bytes) in cases {
            try bytes.write(to: URL(fileURLWithPath: path))
            let before = try tmux.lineCount()
            let started = Date()
            try tmux.type("true")
            let screen = try tmux.waitFor("the prompt after \(label)") { screen in
                let lines = screen.components(separatedBy: "\n")
                return lines.count > before && lines.last!.contains("> ")
            }
            let seconds = Date().timeIntervalSince(started)
            let line = screen.components(separatedBy: "\n").last!
            #expect(line.contains(expected) && !screen.contains("EVIL"), "\(label): \(screen)")
            #expect(seconds < 5, "\(label): the prompt took \(seconds) s")
            let title = try tmux.tmux("display-message", "-p", "-t", "0", "#{pane_title}").stdout
            #expect(!title.contains("EVIL"), "\(label): the title is \(title)")
        }
    }

    /// A theme's precmd, after the plugin's, turns PROMPT_SUBST on (another hook turns it off
    /// before each prompt): the icon `$(touch pwned)` shows as text and never runs.
    @Test func zshThemeTurningPromptSubstOnRunsNothing() throws {
        let box = try Sandbox()
        try box.sp("add", "pw", "--icon", "$(touch pwned)")
        try box.sp("tick", "pw", "--quiet")
        let rc = """
            unsetopt prompt_subst
            PROMPT='> '
            eval "$(streakprompt init zsh)"
            theme_precmd() { setopt prompt_subst; }
            precmd_functions+=(theme_precmd)
            theme_preexec() { unsetopt prompt_subst; }
            preexec_functions+=(theme_preexec)
            """
        guard let tmux = try ShellInteractiveTests().start("zsh", rc: rc, in: box, width: 160, env: ["NO_COLOR": "1"])
        else { return }
        defer { tmux.stop() }
        try tmux.waitFor("the first prompt") { $0.contains("> ") }
        for _ in 0..<3 { try tmux.command("true", promptSuffix: "> ") }
        let line = try tmux.lastLine()
        #expect(line.hasPrefix("$(touch pwned)1 > "), "\(tmux.text)")
        #expect(!box.exists("pwned"), "the icon ran as code")
        // And a % in the text shows as it is, through psvar.
        try box.sp("add", "pw", "--icon", "%F{red}50%")
        try tmux.command("true", promptSuffix: "> ")
        try tmux.command("true", promptSuffix: "> ")
        #expect(try tmux.lastLine().hasPrefix("%F{red}50%1 > "), "\(tmux.text)")
    }
}

/// The zone is keyed by its file, not by the text of `TZ`: a `TZ=:path` link (as
/// /etc/localtime is one) pointed at another zone is noticed at the once-a-minute check, in
/// real bash, zsh and fish, and the binary renders the view again; with no change it is not.
@Suite("views: the zone's identity")
struct ViewsZoneIdentityTests {
    @Test(arguments: ["bash", "zsh", "fish"])
    func aRelinkedZoneFileIsNoticedAtTheMinuteCheck(_ shellName: String) throws {
        guard let program = tool(shellName) else { return }
        let box = try Sandbox()
        try box.sp("tick", "gym", "--quiet")
        let link = box.root.path + "/zone"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/usr/share/zoneinfo/Europe/Paris")
        let plugin = try box.file("plugin.\(shellName)", try box.initText(shellName))
        let now = Int(Date().timeIntervalSince1970)
        let script: String
        if shellName == "fish" {
            script = "source '\(plugin)'\n" + FishZeroForkTests.register + """
                function __streakprompt_clock
                    set -g __streakprompt_clock_base 0
                    set -g __streakprompt_rel $fake_now
                end
                set -g fake_now \(now)
                register streakprompt @\(now)
                # Called in a command substitution: what it prints is not seen.
                function __streakprompt_find_bin; set -ga ran $fake_now; return 1; end
                __streakprompt_precmd
                set -g fake_now \(now + 61)
                __streakprompt_precmd
                ln -sfn /usr/share/zoneinfo/Pacific/Kiritimati '\(link)'
                set -g fake_now \(now + 122)
                __streakprompt_precmd
                for at in $ran; echo "RAN at $at"; end
                """
        } else {
            let prelude = shellName == "bash" ? "unset EPOCHSECONDS\n" : "zmodload -F zsh/system b:sysread && __streakprompt_sysread=1\n"
            script = "source '\(plugin)'\n" + prelude + ZeroForkTests.keySnippet + """

                EPOCHSECONDS=\(now)
                plugin_key
                out=$(streakprompt prompt --shell \(shellName) --view)
                __streakprompt_view=${out%%$'\\n'*}
                __streakprompt_view_for=$__streakprompt_key
                __streakprompt_find_bin() { echo "RAN at $EPOCHSECONDS"; return 1; }
                __streakprompt_precmd
                EPOCHSECONDS=\(now + 61)
                __streakprompt_precmd
                ln -sfn /usr/share/zoneinfo/Pacific/Kiritimati '\(link)'
                EPOCHSECONDS=\(now + 122)
                __streakprompt_precmd
                """
        }
        let options = shellName == "bash" ? ["--norc", "--noprofile"] : shellName == "zsh" ? ["--no-rcs"] : ["--no-config"]
        var env = try box.shellEnvironment(["TZ": ":" + link])
        env["STREAKPROMPT_TEST_CLOCK"] = "@\(now)"
        let result = try run(program, options + ["-c", script], environment: env, directory: box.root.path)
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        let ran = result.stdout.split(separator: "\n").filter { $0.hasPrefix("RAN") }
        #expect(ran == ["RAN at \(now + 122)"], "\(result)")
    }
}
