import Foundation
import Testing

/// The manual page, a locale that is not UTF-8, emoji widths, and completions of values.
@Suite("manners")
struct MannersTests {
    /// The committed page is what `streakprompt man` prints (shell/generate writes it), and
    /// man renders it without a warning.
    @Test func theManualPageRendersWithManL() throws {
        let box = try Sandbox()
        let printed = try box.sp("man")
        #expect(printed.status == 0)
        let path = Package.root.path + "/man/streakprompt.1"
        let committed = try String(contentsOfFile: path, encoding: .utf8)
        #expect(printed.stdout == committed, "man/streakprompt.1 is out of date: run shell/generate")
        #expect(committed.utf8.allSatisfy { $0 < 0x80 }, "a man page is read in any locale")
        guard let man = tool("man") else { return }
        var environment = box.environment
        environment["MANWIDTH"] = "100"
        environment["MANPAGER"] = "cat"
        environment["PAGER"] = "cat"
        // No warning in the C locale either (groff's ASCII output has no emoji to draw).
        let plain = try run(man, ["--warnings=all", "-l", path], environment: environment.merging(["LC_ALL": "C"]) { $1 })
        #expect(plain.status == 0 && plain.stderr.isEmpty, "\(plain)")
        let rendered = try run(man, ["--warnings=all", "-l", path], environment: environment)
        #expect(rendered.status == 0, "\(rendered)")
        #expect(rendered.stderr.isEmpty, "groff warnings:\n\(rendered.stderr)")
        let text = rendered.stdout
        for heading in ["NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "ENVIRONMENT", "FILES", "EXIT STATUS"] {
            #expect(text.contains("\n" + heading + "\n"), "\(heading)")
        }
        #expect(text.contains("streakprompt - daily streaks in your shell prompt"))
        // Every command of the overview, with its flags as they are typed (ASCII dashes).
        for line in try box.sp("--help").stdout.split(separator: "\n") where line.hasPrefix("  streakprompt ") {
            // Long synopses wrap; their start does not.
            let start = line.split(separator: " ").prefix(3).joined(separator: " ")
            #expect(text.contains("\n       " + start), "\(start)")
        }
        #expect(text.contains("--schedule S"))
        #expect(text.contains("Also: streakprompt ls"))
        #expect(text.contains("STREAKPROMPT_DAY_START"))
        // Read from standard input, as `streakprompt man | man -l -`.
        let piped = try run(man, ["-l", "-"], environment: environment, stdin: committed)
        #expect(piped.stdout == text)
    }

    /// With a locale that is not UTF-8 every byte is ASCII: the icon as text, the glyphs
    /// spelled out. With UTF-8 nothing changes.
    @Test(arguments: [["LC_ALL": "C"], ["LC_ALL": "POSIX"], ["LANG": "en_US.ISO-8859-1"], ["LC_CTYPE": "C", "LANG": "C.UTF-8"],
                      ["LANG": ""]])
    func aLocaleThatIsNotUTF8GetsASCII(locale: [String: String]) throws {
        var extra = locale
        if extra["LANG"] == nil { extra["LANG"] = "" }
        extra["STREAKPROMPT_NOW"] = "2026-11-22T20:00"
        let box = try Sandbox(extra: extra)
        try box.sp("add", "gym", "--icon", "🏋️", "--schedule", "mon,wed,fri")
        for day in ["2026-11-16", "2026-11-18", "2026-11-20"] { try box.sp("tick", "gym", "--quiet", "--now", day) }
        try box.sp("tick", "quiz", "--quiet", "--now", "2026-11-21")
        var outputs: [String: Result] = [:]
        for arguments in [["tick", "quiz"], ["status", "quiz"], ["list"], ["history", "gym"], ["calendar", "gym", "--weeks", "4"],
                          ["tick", "gym", "--now", "2026-11-20"], ["add", "x"]] {
            outputs[arguments.joined(separator: " ")] = try box.spArgs(arguments)
        }
        for shell in ["bash", "zsh", "fish", "tmux", "plain"] {
            outputs["prompt \(shell)"] = try box.spArgs(["--shell", shell], env: ["NO_COLOR": "1"])
        }
        outputs["by hand"] = try box.spByHand("gym", "quiz")
        outputs["error"] = try box.spByHand("qiz")
        outputs["calendar by hand"] = try box.spByHand("calendar", "gym", "--weeks", "4")
        for (label, result) in outputs {
            #expect(!result.stdout.isEmpty || !result.stderr.isEmpty, "\(label)")
            for (stream, text) in [("stdout", result.stdout), ("stderr", result.stderr)] {
                #expect(text.utf8.allSatisfy { $0 < 0x80 }, "\(locale) \(label) \(stream): \(text)")
            }
        }
        // gym's 🏋️ and quiz's 🔥 are both `*`; x got the palette's second icon, ⭐, which is `+`.
        #expect(outputs["prompt plain"]?.stdout == "*3 *2 +0", "\(outputs["prompt plain"]?.stdout ?? "")")
        #expect(outputs["tick quiz"]?.stdout == "quiz: counted today - * 2\n", "\(outputs["tick quiz"]?.stdout ?? "")")
        #expect(outputs["add x"]?.stdout.hasPrefix("Added + x:") == true, "\(outputs["add x"]?.stdout ?? "")")
        #expect(outputs["history gym"]?.stdout.contains("<- longest") == true)
        #expect(outputs["list"]?.stdout.contains("gym   * 3") == true, "\(outputs["list"]?.stdout ?? "")")
    }

    /// bash in the C locale counts bytes: an emoji in the prompt would make readline wrap a
    /// long line in the wrong place. The segment is ASCII there, so the line wraps at the
    /// terminal's edge and the cursor is where the text ends.
    @Test func bashLineEditingWorksInTheCLocale() throws {
        guard let tmuxPath = tool("tmux"), let bash = tool("bash") else { return }
        let box = try Sandbox()
        try box.sp("tick")
        let rc = try box.file("bashrc", "export LC_ALL=C\nPS1='> '\neval \"$(streakprompt init bash)\"\n")
        let tmux = try Tmux(tmuxPath, box: box, command: "\(bash) --noprofile --rcfile \(rc) -i", width: 40, height: 20)
        defer { tmux.stop() }
        try tmux.waitFor("the first prompt") { $0.hasSuffix("*1 > ") }
        let row = try tmux.cursor().y
        try tmux.type("echo " + String(repeating: "a", count: 60), enter: false)
        try tmux.waitFor("the line typed") { $0.hasSuffix(String(repeating: "a", count: 30)) }
        let lines = try tmux.screen().components(separatedBy: "\n")
        #expect(lines[row] == "*1 > echo " + String(repeating: "a", count: 30), "\(lines)")
        #expect(lines[row + 1] == String(repeating: "a", count: 30), "\(lines)")
        // Home, then end: readline must know where the prompt's visible text ends. Each key is
        // waited for (a busy machine may take a while), and a wrong position stays wrong.
        try tmux.keys("C-a")
        let home = try tmux.waitForCursor(x: 5, y: row)
        #expect(home.x == 5 && home.y == row, "cursor at \(home) after C-a")
        try tmux.keys("C-e")
        let end = try tmux.waitForCursor(x: 30, y: row + 1)
        #expect(end.x == 30 && end.y == row + 1, "cursor at \(end) after C-e")
    }

    @Test func aUTF8LocaleKeepsTheEmoji() throws {
        for locale in [["LANG": "C.UTF-8"], ["LC_ALL": "en_US.utf8"], ["LC_CTYPE": "UTF-8", "LANG": ""]] {
            let box = try Sandbox(extra: locale.merging(["STREAKPROMPT_NOW": "2026-11-22"]) { $1 })
            #expect(try box.sp("tick").stdout == "default: new streak, counted today · 🔥 1\n", "\(locale)")
            #expect(try box.prompt([], now: "2026-11-22") == "🔥1", "\(locale)")
        }
    }

    /// Padding in `list` is what a terminal draws: measured in tmux, by where the cursor is
    /// after each row's text before its STATE column. (tmux 3.3 draws a VS16 emoji, `🏋️`, in
    /// one column where newer terminals use two, and does not join skin tones, so those are
    /// checked in StreakCoreTests, not here.)
    @Test func listAlignsWhateverTheIcons() throws {
        guard let tmuxPath = tool("tmux") else { return }
        let box = try Sandbox(extra: ["STREAKPROMPT_NOW": "2026-11-22"])
        for (name, icon) in [("gym", "🏋"), ("write", "✍"), ("family", "👨‍👩‍👧"), ("france", "🇫🇷"), ("plain", "x"), ("cjk", "漢")] {
            try box.sp("add", name, "--icon", icon)
        }
        try box.sp("tick", "fire", "--quiet")
        let list = try box.sp("list")
        let rows = list.stdout.split(separator: "\n").map(String.init)
        #expect(rows.count == 8, "\(list)")
        var columns: [String: Int] = [:]
        for row in rows {
            guard let state = row.range(of: row.hasPrefix("NAME") ? "STATE" : (row.hasPrefix("fire") ? "done" : "new")) else {
                Issue.record("no state in '\(row)'")
                continue
            }
            let prefix = String(row[..<state.lowerBound])
            let tmux = try Tmux(tmuxPath, box: box, command: "printf '%s' '\(prefix)'; sleep 60", width: 80, height: 5,
                                env: ["LANG": "C.UTF-8"])
            defer { tmux.stop() }
            try tmux.waitFor("the row") { !$0.isEmpty }
            Thread.sleep(forTimeInterval: 0.2)
            columns[row] = try tmux.cursor().x
        }
        #expect(Set(columns.values).count == 1, "STATE starts at different columns: \(columns)")
    }

    /// `--schedule` completes its words and, after each comma, the weekdays not given yet.
    @Test func scheduleValuesComplete() throws {
        let folder = Package.root.path + "/completions"
        let box = try Sandbox()
        if let bash = tool("bash") {
            let result = try shell(bash, ["--norc", "-euo", "pipefail"], script: """
                source '\(folder)/streakprompt.bash'
                offer() { COMP_WORDS=("$@"); COMP_CWORD=$(( $# - 1 )); COMPREPLY=(); _streakprompt; echo "${COMPREPLY[*]-}"; }
                offer streakprompt add gym --schedule ''
                offer streakprompt add gym --schedule we
                offer streakprompt add gym --schedule mon,
                offer streakprompt add gym --schedule mon,wed,f
                offer streakprompt add gym --schedule = t
                offer streakprompt ls --j
                """, in: box)
            #expect(result.stderr.isEmpty, "\(result)")
            #expect(result.stdout.components(separatedBy: "\n") == [
                "daily weekdays weekends mon tue wed thu fri sat sun", "weekdays weekends wed",
                "mon,tue mon,wed mon,thu mon,fri mon,sat mon,sun", "mon,wed,fri", "tue thu", "--json", "",
            ], "\(result.stdout)")
        }
        if let fish = tool("fish") {
            let result = try shell(fish, ["--no-config"], script: """
                source '\(folder)/streakprompt.fish'
                for line in 'streakprompt add gym --schedule ' 'streakprompt add gym --schedule mon,t' 'streakprompt ls --j'
                    echo "== $line"
                    complete -C "$line" | string replace -r '\\t.*' ''
                end
                """, in: box)
            #expect(result.stderr.isEmpty, "\(result)")
            #expect(result.stdout.contains("== streakprompt add gym --schedule \ndaily\n"), "\(result.stdout)")
            #expect(result.stdout.contains("== streakprompt add gym --schedule mon,t\nmon,thu\nmon,tue\n"), "\(result.stdout)")
            #expect(result.stdout.contains("== streakprompt ls --j\n--json\n"), "\(result.stdout)")
        }
        guard let tmux = try box.zshWithCompletions(folder) else { return }
        defer { tmux.stop() }
        // After a streak name (no completion of its own) the flags still complete.
        try tmux.type("streakprompt add gym --sch", enter: false)
        try tmux.keys("Tab")
        try tmux.waitFor("the flag completed") { $0.hasSuffix("> streakprompt add gym --schedule=") }
        try tmux.type("mon,we", enter: false)
        try tmux.keys("Tab")
        try tmux.waitFor("the weekday completed") { $0.hasSuffix("> streakprompt add gym --schedule=mon,wed,") }
    }
}
