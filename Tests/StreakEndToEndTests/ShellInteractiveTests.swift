import Foundation
import Testing

/// The plugins in real interactive shells, typed into through tmux, read back from the screen.
@Suite("shell plugins, interactive")
struct ShellInteractiveTests {
    func occurrences(of needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    /// A shell in tmux, started with an rc file we wrote and nothing else.
    func start(_ shellName: String, rc: String, in box: Sandbox, width: Int = 120, env: [String: String] = [:]) throws -> Tmux? {
        try startShell(shellName, rc: rc, in: box, width: width, env: env)
    }

    func actions(_ box: Sandbox, _ name: String) throws -> [String] {
        let log = try box.read("streaks/\(name)/test.log")
        return log.split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init)
    }

    // MARK: bash

    /// String PROMPT_COMMAND, set -u, loaded twice, hooks before and after: the segment shows
    /// once, the user's hooks run and see $?, and a tick shows at the next prompt.
    @Test func bashStringPromptCommand() throws {
        let box = try Sandbox()
        guard let tmux = try start("bash", rc: """
            set -u
            PS1='[${BEFORE-}|${AFTER-}|$?]> '
            before_hook() { local s=$?; BEFORE=b$s; return $s; }
            PROMPT_COMMAND='before_hook'
            eval "$(streakprompt init bash)"
            eval "$(streakprompt init bash)"
            after_hook() { AFTER=a$?; }
            PROMPT_COMMAND+=$'\\n'after_hook
            """, in: box) else { return }
        defer { tmux.stop() }
        try tmux.waitFor("the first prompt") { $0.hasSuffix("[b0|a0|0]> ") }
        try tmux.command("streakprompt tick", promptSuffix: "> ")
        let line = try tmux.lastLine()
        #expect(line == "🔥1 [b0|a0|0]> ", "\(tmux.text)")
        try tmux.command("false", promptSuffix: "> ")
        let afterFalse = try tmux.lastLine()
        #expect(afterFalse == "🔥1 [b1|a1|1]> ", "\(tmux.text)")
        try tmux.command(#"n=${PROMPT_COMMAND//[^$'\n']/}; echo "entries=$(( ${#n} + 1 ))""#, promptSuffix: "> ")
        #expect(try tmux.screen().contains("entries=3"), "\(tmux.text)")
        #expect(occurrences(of: "🔥", in: try tmux.lastLine()) == 1)
    }

    /// Array PROMPT_COMMAND (bash >= 5.1): extended, and $? and PIPESTATUS reach PS1.
    @Test func bashArrayPromptCommand() throws {
        let box = try Sandbox()
        try box.sp("tick")
        guard let tmux = try start("bash", rc: """
            set -u
            if (( BASH_VERSINFO[0] * 100 + BASH_VERSINFO[1] < 501 )); then PS1='old bash> '; return; fi
            user_hook() { HOOK=ran; }
            PROMPT_COMMAND=(user_hook)
            PS1='[${HOOK-}|${PIPESTATUS[*]}|$?]> '
            eval "$(streakprompt init bash)"
            eval "$(streakprompt init bash)"
            """, in: box) else { return }
        defer { tmux.stop() }
        let first = try tmux.waitFor("the first prompt") { $0.hasSuffix("> ") }
        if first.hasSuffix("old bash> ") { return }
        #expect(try tmux.lastLine() == "🔥1 [ran|0|0]> ")
        try tmux.command("(exit 3) | (exit 4)", promptSuffix: "> ")
        #expect(try tmux.lastLine() == "🔥1 [ran|3 4|4]> ")
        try tmux.command(#"echo "n=${#PROMPT_COMMAND[@]} ${PROMPT_COMMAND[*]}""#, promptSuffix: "> ")
        #expect(try tmux.screen().contains("n=2 user_hook __streakprompt_precmd"), "\(tmux.text)")
    }

    /// --tick-on: a matching command line ticks (once), others do not; a DEBUG trap that was
    /// there keeps running; $? survives the trap.
    @Test func bashTickOn() throws {
        let box = try Sandbox()
        guard let tmux = try start("bash", rc: """
            set -u
            HISTCONTROL=ignorespace
            DEBUG_COUNT=0
            trap 'DEBUG_COUNT=$((DEBUG_COUNT+1))' DEBUG
            quiz() { echo "quiz ran"; }
            PS1='> '
            eval "$(streakprompt init bash --name quiz --tick-on '^quiz( |$)')"
            eval "$(streakprompt init bash --name quiz --tick-on '^quiz( |$)')"
            """, in: box) else { return }
        defer { tmux.stop() }
        try tmux.waitFor("the first prompt") { $0.hasSuffix("> ") }
        try tmux.command("echo quiz; echo not-a-quiz", promptSuffix: "> ")
        #expect(try tmux.lastLine() == "> ")
        #expect(!FileManager.default.fileExists(atPath: box.home + "/streaks/quiz"))
        try tmux.command("quiz --fast", promptSuffix: "> ")
        #expect(try tmux.lastLine() == "🔥1 > ", "\(tmux.text)")
        #expect(try actions(box, "quiz").count == 1)
        try tmux.command(#"false; echo "status=$? debug=$DEBUG_COUNT""#, promptSuffix: "> ")
        let screen = try tmux.screen()
        #expect(screen.contains("status=1 debug="), "\(screen)")
        #expect(!screen.contains("debug=0"), "the user's DEBUG trap stopped: \(screen)")
        try tmux.command(" quiz", promptSuffix: "> ")  // a line left out of history still ticks
        #expect(try actions(box, "quiz").count == 2)
    }

    /// bash in POSIX mode prints `trap -- - DEBUG` for no trap at all: that is no trap to run
    /// after the hook's (it would run a command named `-` before every command).
    @Test func bashTickOnInPosixMode() throws {
        let box = try Sandbox()
        guard let tmux = try start("bash", rc: """
            set -o posix
            quiz() { echo "quiz ran"; }
            PS1='> '
            eval "$(streakprompt init bash --tick-on '^quiz( |$)' --name quiz)"
            """, in: box) else { return }
        defer { tmux.stop() }
        try tmux.waitFor("the first prompt") { $0.hasSuffix("> ") }
        try tmux.command("echo one", promptSuffix: "> ")
        try tmux.command("quiz", promptSuffix: "> ")
        #expect(try tmux.lastLine() == "🔥1 > ", "\(tmux.text)")
        #expect(try actions(box, "quiz").count == 1)
        let screen = try tmux.screen()
        #expect(!screen.contains("command not found"), "\(screen)")
        #expect(screen.components(separatedBy: "\n") == ["> echo one", "one", "> quiz", "quiz ran", "🔥1 > "], "\(screen)")
    }

    /// A command line longer than the pane wraps where the terminal wraps: readline knows the
    /// colour codes in the segment take no room.
    @Test func bashLongLineWrapsWithColour() throws {
        let box = try Sandbox()
        try box.sp("tick")
        guard let tmux = try start("bash", rc: """
            PS1='> '
            eval "$(streakprompt init bash --format 'x{count}')"
            """, in: box, width: 40) else { return }
        defer { tmux.stop() }
        try tmux.waitFor("the first prompt") { $0.hasSuffix("x1 > ") }
        let row = try tmux.cursor().y
        let typed = "echo " + String(repeating: "a", count: 60)
        try tmux.type(typed, enter: false)
        // The whole line: the first row alone also ends with 30 a's while the second is drawn.
        let lines = try tmux.waitFor("the line typed") { screen in
            let rows = screen.components(separatedBy: "\n")
            return rows.count > row + 1 && rows[row + 1] == String(repeating: "a", count: 30)
        }.components(separatedBy: "\n")
        #expect(lines[row] == "x1 > echo " + String(repeating: "a", count: 30), "\(lines)")
        #expect(lines[row + 1] == String(repeating: "a", count: 30), "\(lines)")
        let cursor = try tmux.cursor()
        #expect(cursor.x == 30 && cursor.y == row + 1, "cursor at \(cursor)")
        // Back to the start of the line and forward again: redrawing keeps the layout.
        try tmux.keys("C-a")
        _ = try tmux.waitForCursor(x: 5, y: row)
        try tmux.keys("C-e")
        let again = try tmux.waitForCursor(x: 30, y: row + 1)
        #expect(again.x == 30 && again.y == row + 1, "cursor at \(again)")
    }

    // MARK: zsh

    /// PROMPT_SUBST, set -u, loaded twice, a user precmd: the segment shows once, $? reaches
    /// both, --tick-on ticks.
    @Test func zshPromptSubst() throws {
        let box = try Sandbox()
        guard let tmux = try start("zsh", rc: """
            set -u
            setopt prompt_subst
            user_precmd() { MARK=u$? }
            precmd_functions+=(user_precmd)
            PROMPT='[${MARK-}|%?]> '
            quiz() { print quiz ran }
            eval "$(streakprompt init zsh --name quiz --tick-on '^quiz( |$)')"
            eval "$(streakprompt init zsh --name quiz --tick-on '^quiz( |$)')"
            """, in: box) else { return }
        defer { tmux.stop() }
        try tmux.waitFor("the first prompt") { $0.hasSuffix("[u0|0]> ") }
        try tmux.command("print not quiz", promptSuffix: "> ")
        #expect(try tmux.lastLine() == "[u0|0]> ")
        try tmux.command("quiz", promptSuffix: "> ")
        #expect(try tmux.lastLine() == "🔥1 [u0|0]> ", "\(tmux.text)")
        try tmux.command("false", promptSuffix: "> ")
        #expect(try tmux.lastLine() == "🔥1 [u1|1]> ")
        try tmux.command(#"print hooks=${#precmd_functions}/${#preexec_functions}"#, promptSuffix: "> ")
        #expect(try tmux.screen().contains("hooks=2/1"), "\(tmux.text)")
        #expect(try actions(box, "quiz").count == 1)
        // A theme that sets PROMPT again gets the segment again.
        try tmux.command("PROMPT='new> '", promptSuffix: "> ")
        #expect(try tmux.lastLine() == "🔥1 new> ")
    }

    /// Without PROMPT_SUBST: the segment's text is in psvar, PROMPT holds only a reference to
    /// it (%40v), replaced at each prompt.
    @Test func zshWithoutPromptSubst() throws {
        let box = try Sandbox()
        guard let tmux = try start("zsh", rc: """
            PROMPT='%# '
            eval "$(streakprompt init zsh --format '{count}%')"
            eval "$(streakprompt init zsh --format '{count}%')"
            """, in: box) else { return }
        defer { tmux.stop() }
        try tmux.waitFor("the first prompt") { $0.hasSuffix("# ") }
        try tmux.command("streakprompt tick --now \"$(date -u -d yesterday +%F)\" >/dev/null", promptSuffix: "# ")
        #expect(try tmux.lastLine() == "1% # ")
        try tmux.command("streakprompt tick >/dev/null", promptSuffix: "# ")
        #expect(try tmux.lastLine() == "2% # ", "\(tmux.text)")
        try tmux.command("print -r -- \"P=$PROMPT V=$psvar[40]\"", promptSuffix: "# ")
        let shown = try tmux.screen()
        #expect(shown.contains("%40v") && shown.contains("V=2%") && !shown.contains("2%%"),
                "the text is in psvar, not PROMPT: \(tmux.text)")
    }

    /// Without PROMPT_PERCENT zsh would show the segment's %{ %} and %40v as they are: there is
    /// no segment then, and PROMPT is the user's; turned on again, the segment is back.
    @Test(arguments: ["", "setopt prompt_subst"])
    func zshWithoutPromptPercent(subst: String) throws {
        let box = try Sandbox()
        try box.sp("tick")
        guard let tmux = try start("zsh", rc: """
            \(subst)
            setopt no_prompt_percent
            PROMPT='> '
            eval "$(streakprompt init zsh)"
            """, in: box) else { return }
        defer { tmux.stop() }
        try tmux.waitFor("the first prompt") { $0.hasSuffix("> ") }
        try tmux.command("print -r -- \"P=$PROMPT\"", promptSuffix: "> ")
        #expect(try tmux.screen().components(separatedBy: "\n") == ["> print -r -- \"P=$PROMPT\"", "P=> ", "> "], "\(tmux.text)")
        try tmux.command("setopt prompt_percent", promptSuffix: "> ")
        #expect(try tmux.lastLine() == "🔥1 > ", "\(tmux.text)")
        try tmux.command("unsetopt prompt_percent", promptSuffix: "> ")
        #expect(try tmux.lastLine() == "> ", "\(tmux.text)")
        #expect(!(try tmux.screen()).contains("%"), "\(tmux.text)")
    }

    /// Options set in ~/.zshrc before the plugin loads do not change how it reads: under
    /// IGNORE_BRACES (also part of `emulate sh`) a descriptor named {fd} would be a command
    /// named `{fd}`, and `exec` of it would end the shell. Through init and the plugin file.
    @Test(arguments: ["setopt ignore_braces", "emulate sh", "emulate ksh"], ["eval", "source"])
    func zshLoadedUnderOtherOptions(options: String, way: String) throws {
        let box = try Sandbox()
        let load = way == "eval"
            ? "eval \"$(streakprompt init zsh --name quiz --tick-on '^quiz( |$)')\""
            : "STREAKPROMPT_NAMES=quiz STREAKPROMPT_TICK_ON='^quiz( |$)'\nsource '\(Package.root.path)/shell/streakprompt.plugin.zsh'"
        guard let tmux = try start("zsh", rc: """
            \(options)
            quiz() { echo quiz ran; }
            PROMPT='> '
            \(load)
            """, in: box) else { return }
        defer { tmux.stop() }
        try tmux.waitFor("the first prompt") { $0.hasSuffix("> ") }
        // The second prompt reads the view the first one's binary wrote; the tick runs through
        // a descriptor too, and the prompt after it waits on that.
        try tmux.command("echo one", promptSuffix: "> ")
        try tmux.command("quiz", promptSuffix: "> ")
        try tmux.command("echo two", promptSuffix: "> ")
        let screen = try tmux.screen()
        #expect(screen.components(separatedBy: "\n") == ["> echo one", "one", "> quiz", "quiz ran", "🔥1 > echo two", "two", "🔥1 > "],
                "\(options), \(way): \(screen)")
        #expect(try actions(box, "quiz").count == 1)
    }

    // MARK: fish

    /// fish_prompt is left alone; the segment goes before the user's right prompt; $status is
    /// kept; --tick-on ticks; loading twice shows it once.
    @Test func fishRightPrompt() throws {
        let box = try Sandbox()
        guard let tmux = try start("fish", rc: """
            function fish_prompt; printf '[%s]> ' $status; end
            function fish_right_prompt; printf 'RIGHT:%s' $status; end
            function quiz; echo quiz ran; end
            streakprompt init fish --name quiz --tick-on '^quiz( |$)' | source
            streakprompt init fish --name quiz --tick-on '^quiz( |$)' | source
            """, in: box) else { return }
        defer { tmux.stop() }
        try tmux.waitFor("the first prompt") { $0.components(separatedBy: "\n").last!.hasPrefix("[0]> ") && $0.hasSuffix("RIGHT:0") }
        try tmux.type("quiz")
        try tmux.waitFor("the segment") { $0.hasSuffix("🔥1 RIGHT:0") }
        try tmux.type("false")
        let screen = try tmux.waitFor("a failed command's prompt") { $0.hasSuffix("🔥1 RIGHT:1") }
        #expect(screen.components(separatedBy: "\n").last!.hasPrefix("[1]> "), "\(screen)")
        #expect(occurrences(of: "🔥", in: screen.components(separatedBy: "\n").last!) == 1)
        #expect(try actions(box, "quiz").count == 1)
    }

    // MARK: hostile data

    /// A hostile format and icon are shown as text and never run, in every shell.
    @Test(arguments: ["bash", "zsh", "zsh-subst", "fish"])
    func hostileDataNeverRuns(variant: String) throws {
        let box = try Sandbox()
        let added = try box.sp("add", "evil", "--icon", Hostile.icon)
        #expect(added.status == 0, "\(added)")
        try box.sp("tick", "evil")
        let shellName = variant == "zsh-subst" ? "zsh" : variant
        let initFile = try box.file("init.\(shellName)", try box.initText(shellName, ["--format", "{icon}|" + Hostile.format,
                                                                                   "--tick-on", Hostile.tickOn]))
        let rc: String
        switch variant {
        case "bash": rc = "PS1='> '\neval \"$(cat '\(initFile)')\""
        case "zsh": rc = "PROMPT='> '\neval \"$(cat '\(initFile)')\""
        case "zsh-subst": rc = "setopt prompt_subst\nPROMPT='> '\neval \"$(cat '\(initFile)')\""
        default: rc = "function fish_prompt; printf '> '; end\ncat '\(initFile)' | source"
        }
        guard let tmux = try start(shellName, rc: rc, in: box, width: 200) else { return }
        defer { tmux.stop() }
        let screen = try tmux.waitFor("the segment") { $0.contains("(touch pwned-f3)") }
        #expect(screen.contains("$(touch pi1)`touch pi2`%#(:)|$(touch pwned-f1)`touch pwned-f2`${HOME}'\"%F{red}%%#(touch pwned-f3)#[fg=red][31m\\1"),
                "\(screen)")
        try tmux.command("true", promptSuffix: variant == "fish" ? "\\1" : "> ")
        Thread.sleep(forTimeInterval: 0.3)
        Hostile.assertNothingRan(box)
    }
}
