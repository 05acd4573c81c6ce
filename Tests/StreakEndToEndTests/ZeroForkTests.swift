import Foundation
import StreakTestSupport
import Testing

/// The zero-fork prompt: the pre-rendered views the data changes write, read by the real bash
/// and zsh plugins with the shell's own clock, against the binary's own segment.
@Suite("zero-fork prompt")
struct ZeroForkTests {

    static func pick(_ random: inout SeededRandom, _ count: Int) -> Int { Int(random.next() % UInt64(count)) }

    /// The binary's segment at `now`, in colour as a shell plugin has it.
    func segment(_ box: Sandbox, _ arguments: [String], now: String) throws -> String {
        let result = try box.spArgs(["prompt"] + arguments + ["--now", now], env: ["TERM": "xterm-256color"])
        guard result.status == 0, result.stderr.isEmpty else { throw TestFailure("prompt failed: \(result)") }
        return result.stdout
    }

    /// Functions both shells run: `register T` asks the binary for the view at T as the
    /// plugin's fallback does; `check T` runs the real hook at the shell clock T (the short way
    /// or a whole read of the view; a run of the binary prints FALLBACK) and compares the
    /// segment with the binary's at T; `tick NAME T` changes the data at T.
    static func harness(_ shellName: String) -> String {
        """
        \(keySnippet)
        register() {
            EPOCHSECONDS=$1
            plugin_key
            out=$(STREAKPROMPT_TEST_CLOCK="@$1" streakprompt prompt --shell \(shellName) --view --now "@$1")
            __streakprompt_view=${out%%$'\\n'*}
            __streakprompt_view_for=$__streakprompt_key
        }
        check() {
            expected=$(streakprompt prompt --shell \(shellName) --now "@$1")
            EPOCHSECONDS=$1
            if [[ ! -f $__streakprompt_view ]]; then
                # Not asked for in a month of simulated time: removed, as designed; ask again.
                register "$1"
                echo "registered again at $1"
            fi
            __streakprompt_precmd
            [[ $STREAKPROMPT_SEGMENT == "$expected" ]] || printf 'MISMATCH at %s: view %q binary %q\\n' "$1" "$STREAKPROMPT_SEGMENT" "$expected"
        }
        tick() { STREAKPROMPT_NOW="@$2" STREAKPROMPT_TEST_CLOCK="@$2" streakprompt tick --quiet "$1"; }
        # Whole reads of the view, counted: the other checks took the short way.
        \(shellName == "bash" ? "eval \"whole_$(declare -f __streakprompt_read_view)\"" : "functions[whole___streakprompt_read_view]=$functions[__streakprompt_read_view]")
        wholes=0
        __streakprompt_read_view() { wholes=$(( wholes + 1 )); whole___streakprompt_read_view "$@"; }

        """
    }

    /// Shell functions for tests: `plugin_key` sets __streakprompt_key as the hook does, by
    /// running it with the binary out of reach (__streakprompt_find_bin fails; it prints
    /// FALLBACK when `key_only` is empty, so a check that had to run the binary shows).
    static let keySnippet = """
        __streakprompt_find_bin() {
            [[ -n ${key_only-} ]] || echo "FALLBACK at ${EPOCHSECONDS-}"
            return 1
        }
        plugin_key() {
            key_only=1
            __streakprompt_view_for=
            __streakprompt_precmd
            key_only=
        }
        """

    /// A year of daily life in New York (two DST changes) with a 04:00 day start, a weekday
    /// schedule with freezes, a weekly target and a habit to quit: ticks on most days at any hour (some after
    /// midnight, which count for the day before), checked before the day start, at noon, just
    /// before and after the warn time and late at night.
    static func yearScript(_ shellName: String) -> String {
        let zone = "America/New_York"
        var random = SeededRandom(seed: 20261123)
        var lines: [String] = []
        lines.append("register \(wallClockMoment(2026, 1, 5, 3, 0, zone: zone))")
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone)!
        var day = calendar.date(from: DateComponents(year: 2026, month: 1, day: 5))!
        for _ in 0..<365 {
            let parts = calendar.dateComponents([.year, .month, .day], from: day)
            let (y, m, d) = (parts.year!, parts.month!, parts.day!)
            func at(_ hour: Int, _ minute: Int, _ second: Int = 0) -> Int { wallClockMoment(y, m, d, hour, minute, second, zone: zone) }
            // The day's events in time order: a tick changes the data from its moment on.
            var events: [(Int, String)] = [(at(3, 59, 30), "check"), (at(12, 0), "check"), (at(12, 0, 5), "check"),
                                            (at(19, 59, 59), "check"),
                                            (at(20, 0), "check"), (at(23, 17, 41), "check")]
            // Runs of misses now and then (freezes spent, then broken).
            let active = pick(&random, 100) >= (d % 17 == 0 ? 90 : 25)
            if active {
                let hour = [7, 9, 13, 18, 21, 22][pick(&random, 6)]
                events.append((at(hour, pick(&random, 60)), "tick s"))
                if pick(&random, 3) > 0 { events.append((at(hour, 30, 1), "tick w")) }
            } else if pick(&random, 4) == 0 {
                // After midnight: counts for this date (the day starts at 04:00).
                let next = calendar.date(byAdding: .day, value: 1, to: day)!
                let n = calendar.dateComponents([.year, .month, .day], from: next)
                events.append((wallClockMoment(n.year!, n.month!, n.day!, 2, 30, zone: zone), "tick s"))
            }
            // A habit to quit slips now and then, some dates twice.
            if pick(&random, 12) == 0 {
                events.append((at(15, 10), "tick q"))
                if pick(&random, 2) == 0 { events.append((at(16, 10), "tick q")) }
            }
            for (time, what) in events.sorted(by: { $0.0 < $1.0 }) { lines.append("\(what) \(time)") }
            day = calendar.date(byAdding: .day, value: 1, to: day)!
        }
        return harness(shellName) + lines.joined(separator: "\n") + "\necho \"whole reads $wholes\"\n"
    }

    func yearBox(format: String = "{icon}{count}{unit} {progress}{left}", extra: [String: String] = [:]) throws -> Sandbox {
        let box = try Sandbox(tz: "America/New_York", extra: [
            "STREAKPROMPT_DAY_START": "04:00",
            "STREAKPROMPT_FORMAT": format,
        ].merging(extra) { $1 })
        try box.sp("add", "s", "--schedule", "weekdays", "--freezes", "3", "--earn-freeze", "10", "--from", "2026-01-01")
        try box.sp("add", "w", "--target", "3/week", "--from", "2026-01-01")
        try box.sp("add", "q", "--quit", "--from", "2026-01-05", "--icon", "Q")
        return box
    }

    /// The compact prompts: a summary of all (`{done}/{due}`), and only what is still to do
    /// (`STREAKPROMPT_ONLY=pending`), through the same year.
    @Test(arguments: [("bash", "{icon} {done}/{due} {bar}", ""), ("zsh", "{icon}{count} {progress}{left}", "pending"),
                      ("bash", "{done}/{due}{left}", "pending")])
    func compactPromptsAgreeEveryDayOfAYear(_ shellName: String, format: String, only: String) throws {
        guard let program = tool(shellName) else { return }
        let box = try yearBox(format: format, extra: only.isEmpty ? [:] : ["STREAKPROMPT_ONLY": only])
        let plugin = try box.file("plugin.\(shellName)", try box.initText(shellName))
        let options = shellName == "bash" ? ["--norc", "--noprofile"] : ["--no-rcs"]
        let prelude = shellName == "bash" ? "unset EPOCHSECONDS\n" : "zmodload -F zsh/system b:sysread && __streakprompt_sysread=1\n"
        let result = try shell(program, options, script: "source '\(plugin)'\n" + prelude + ZeroForkTests.yearScript(shellName), in: box)
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        let problems = result.stdout.split(separator: "\n").filter { $0.hasPrefix("MISMATCH") || $0.hasPrefix("FALLBACK") }
        #expect(problems.isEmpty, "\(problems.prefix(10).joined(separator: "\n"))")
    }

    @Test(arguments: ["bash", "zsh"])
    func viewAndBinaryAgreeEveryDayOfAYear(_ shellName: String) throws {
        guard let program = tool(shellName) else { return }
        let box = try yearBox()
        let plugin = try box.file("plugin.\(shellName)", try box.initText(shellName))
        let options = shellName == "bash" ? ["--norc", "--noprofile"] : ["--no-rcs"]
        // The shell's clock is a plain variable the script sets (zsh/datetime is not loaded);
        // zsh reads the view's first line with sysread, as an interactive load sets up.
        let prelude = shellName == "bash" ? "unset EPOCHSECONDS\n" : "zmodload -F zsh/system b:sysread && __streakprompt_sysread=1\n"
        let script = "source '\(plugin)'\n" + prelude + ZeroForkTests.yearScript(shellName)
        let result = try shell(program, options, script: script, in: box)
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        let problems = result.stdout.split(separator: "\n").filter { $0.hasPrefix("MISMATCH") || $0.hasPrefix("FALLBACK") }
        #expect(problems.isEmpty, "\(problems.prefix(10).joined(separator: "\n"))")
        // Both ways were taken: a whole read where the piece ended or the data changed, the
        // short way (one line) for the rest of the 6 checks a day.
        let checks = result.stdout.split(separator: "\n").count { $0.hasPrefix("check") } + 6 * 365
        let wholes = result.stdout.split(separator: "\n").last.flatMap { Int($0.split(separator: " ").last ?? "") } ?? -1
        #expect(wholes > 365 && wholes < checks / 2, "whole reads: \(wholes) of \(checks) checks")
    }



    /// The shell's clock moved by faketime (which the static binary ignores: a run of it would
    /// show the real date's segment) crosses midnight: the segment turns pending with no run.
    @Test(arguments: ["bash", "zsh"])
    func crossingMidnightNeedsNoBinary(_ shellName: String) throws {
        guard let program = tool(shellName), let faketime = tool("faketime") else { return }
        let box = try Sandbox(tz: "Europe/Berlin")
        try box.sp("tick", "q", "--now", "2026-06-09T10:00")
        try box.sp("tick", "q", "--now", "2026-06-10T10:00")
        let bin = try box.countingBinary()
        let plugin = try box.file("plugin", try box.initText(shellName))
        let zsh = shellName == "zsh" ? "__streakprompt_install\n" : ""
        let script = """
            source '\(plugin)'
            \(zsh)STREAKPROMPT_BIN='\(bin)'
            \(ZeroForkTests.keySnippet)
            plugin_key
            out=$(STREAKPROMPT_TEST_CLOCK=2026-06-10T23:00 '\(Binary.path)' prompt --shell \(shellName) --view --now 2026-06-10T23:00)
            __streakprompt_view=${out%%$'\\n'*}
            __streakprompt_view_for=$__streakprompt_key
            __streakprompt_precmd
            printf 'before %q\\n' "$STREAKPROMPT_SEGMENT"
            sleep 3
            __streakprompt_precmd
            printf 'after %q\\n' "$STREAKPROMPT_SEGMENT"
            """
        let options = shellName == "bash" ? ["--norc", "--noprofile"] : ["--no-rcs"]
        var env = try box.shellEnvironment(["STREAKPROMPT_BIN": bin, "FAKETIME_DONT_FAKE_MONOTONIC": "1"])
        env["PATH"] = (bin as NSString).deletingLastPathComponent + ":" + env["PATH"]!
        let result = try run(faketime, ["-f", "@2026-06-10 23:59:58", program] + options + ["-c", script], environment: env,
                             directory: box.root.path)
        #expect(result.status == 0, "\(result)")
        let host = shellName == "bash" ? "bash" : "zsh"
        let done = try segment(box, ["--shell", host], now: "2026-06-10T23:59:58")
        let pending = try segment(box, ["--shell", host], now: "2026-06-11T00:00:01")
        #expect(done != pending)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(result)")
        let quoted = { (text: String) in try run(program, options + ["-c", "printf '%q' \"$1\"", "x", text], environment: env).stdout }
        #expect(lines.first == "before " + (try quoted(done)), "\(result)")
        #expect(lines.last == "after " + (try quoted(pending)), "\(result)")
        #expect(box.binaryRuns == 0, "the binary ran")
    }

    /// A script that loads the plugin, asks for the view once (as the fallback does), then
    /// refreshes after `change` and prints the segment and whether the binary ran.
    /// `warm` runs before the mark: e.g. a second prompt, which reads the view the first one
    /// asked for and keeps its piece, so the one after `change` may take the short way.
    func afterChange(_ shellName: String, _ change: String, box: Sandbox, warm: String = ":") throws -> (segment: String, ran: Bool, Result) {
        guard let program = tool(shellName) else { throw TestFailure("no \(shellName)") }
        let bin = try box.countingBinary()
        let plugin = try box.file("plugin-\(shellName)", try box.initText(shellName))
        let zsh = shellName == "zsh" ? "__streakprompt_install\n" : ""
        let script = """
            source '\(plugin)'
            \(zsh)STREAKPROMPT_BIN='\(bin)'
            __streakprompt_precmd
            [ -n "$__streakprompt_view" ] || echo NOVIEW
            \(warm)
            echo mark >> '\(box.root.path)/runs'
            \(change)
            __streakprompt_precmd
            printf '%s' "$STREAKPROMPT_SEGMENT"
            """
        let options = shellName == "bash" ? ["--norc", "--noprofile"] : ["--no-rcs"]
        let result = try shell(program, options, script: script, in: box, env: ["STREAKPROMPT_BIN": bin])
        let log = (try? String(contentsOfFile: box.root.path + "/runs", encoding: .utf8)) ?? ""
        let ran = log.components(separatedBy: "mark\n").last?.contains("run") ?? true
        return (result.stdout, ran, result)
    }

    @Test(arguments: ["bash", "zsh"])
    func fallbackOnlyWhenTheViewCannotBeTrusted(_ shellName: String) throws {
        guard tool(shellName) != nil else { return }
        let box = try Sandbox(tz: "Europe/Berlin")
        try box.sp("tick", "q")
        let host = shellName
        let expected = try segment(box, ["--shell", host], now: ISO8601DateFormatter().string(from: Date()))
        let view = "$__streakprompt_view"
        let cases: [(String, String, Bool)] = [
            ("an ordinary prompt", ":", false),
            ("a missing file", "rm -f \"\(view)\"", true),
            // (Folders are checked once a minute at most: the window is closed as if it passed.)
            ("a stale file (a folder changed behind it)", "touch -d '+5 seconds' '\(box.home)/streaks/q'; __streakprompt_hi=0", true),
            ("a corrupt file", "printf 'garbage\\n\\001\\002' > \"\(view)\"", true),
            ("a first version's file", "printf 'streakprompt-view 1\\nwatch\\tq\\n0\\t0\\tX\\n' > \"\(view)\"", true),
            ("a later version's file", "printf 'streakprompt-view 3 0123456789abcdef\\nwatch\\tq\\n0\\t0\\tX\\n' > \"\(view)\"", true),
            ("a file with no piece for now", "printf 'streakprompt-view 2 0123456789abcdef\\nwatch\\tq\\n1\\t0\\tOLD\\n' > \"\(view)\"", true),
        ]
        // Each case once after a first prompt (which ran the binary), once after a second
        // (which read the view and kept its piece: the next takes the short way unless the
        // change shows in the first line or a folder).
        for (what, change, fallback) in cases {
            for warm in [":", "__streakprompt_precmd"] {
            try? FileManager.default.removeItem(atPath: box.root.path + "/runs")
            let (segment, ran, result) = try afterChange(shellName, change, box: box, warm: warm)
            #expect(result.status == 0 && result.stderr.isEmpty, "\(what): \(result)")
            #expect(!result.stdout.contains("NOVIEW"), "\(what): \(result)")
            #expect(ran == fallback, "\(what), \(warm): the binary \(ran ? "ran" : "did not run")")
            #expect(segment == expected, "\(what), \(warm): \(result)")
            }
        }
        // A tick from another shell rewrites the view: no run needed to show it. (A new box:
        // the stale case above left a folder dated in the future.)
        let other = try Sandbox(tz: "Europe/Berlin")
        try other.sp("tick", "q")
        for warm in [":", "__streakprompt_precmd"] {
            let (segment, ran, _) = try afterChange(shellName, "streakprompt tick q\(warm.count) >/dev/null", box: other, warm: warm)
            #expect(!ran, "the binary ran")
            #expect(segment.components(separatedBy: "\u{1B}[0m").count == (warm == ":" ? 3 : 4), "\(warm): \(segment)")
        }
    }

    /// Views too large for a plugin to read ran the binary at every prompt: a view now holds
    /// the days ahead that fit in 16 KB, so a prompt, and one after a tick in another shell,
    /// show the binary's segment and run nothing.
    @Test(arguments: ["bash", "zsh"])
    func manyStreaksNeedNoBinary(_ shellName: String) throws {
        guard tool(shellName) != nil else { return }
        let box = try ManyStreaks.sandbox()
        for change in [":", "streakprompt tick \(ManyStreaks.names[0]) --quiet"] {
            try? FileManager.default.removeItem(atPath: box.root.path + "/runs")
            let (segment, ran, result) = try afterChange(shellName, change, box: box, warm: "__streakprompt_precmd")
            #expect(result.status == 0 && result.stderr.isEmpty, "\(change): \(result)")
            #expect(!ran, "\(change): the binary ran")
            let expected = try self.segment(box, ["--shell", shellName], now: ISO8601DateFormatter().string(from: Date()))
            #expect(segment == expected, "\(change): \(result)")
            #expect(try ManyStreaks.problems(box) == [])
        }
    }

    /// A data folder whose path holds spaces and glob characters, and a shell with `set -u`
    /// (zsh: nounset, ksh_arrays, sh_word_split): the first prompt runs the binary, the next
    /// read the view (whole, then the short way), quietly, and the user's options stay.
    @Test(arguments: ["bash", "zsh"])
    func oddPathsAndStrictOptions(_ shellName: String) throws {
        guard let program = tool(shellName) else { return }
        let box = try Sandbox(tz: "Europe/Berlin")
        box.environment["STREAKPROMPT_HOME"] = box.root.path + "/my data [x] *"
        try box.sp("tick", "q")
        let bin = try box.countingBinary()
        let plugin = try box.file("plugin-\(shellName)", try box.initText(shellName))
        let strict = shellName == "bash" ? "set -u" : "__streakprompt_install; setopt nounset ksh_arrays sh_word_split"
        let after = shellName == "bash" ? "[[ $- == *u* ]] && echo STILL" : "[[ -o nounset && -o ksh_arrays ]] && echo STILL"
        let script = """
            source '\(plugin)'
            STREAKPROMPT_BIN='\(bin)'
            \(strict)
            for i in 1 2 3; do __streakprompt_precmd; printf '%s\\n' "$STREAKPROMPT_SEGMENT"; done
            \(after)
            """
        let options = shellName == "bash" ? ["--norc", "--noprofile"] : ["--no-rcs"]
        let result = try shell(program, options, script: script, in: box, env: ["STREAKPROMPT_BIN": bin])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        let expected = try segment(box, ["--shell", shellName], now: ISO8601DateFormatter().string(from: Date()))
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines == [expected, expected, expected, "STILL"], "\(result)")
        #expect(box.binaryRuns == 1, "the binary ran \(box.binaryRuns) times")
    }

    /// A view the user cannot read (written by another user, say `sudo` with HOME kept): the
    /// prompt stays quiet and the binary writes a readable one. Run as `nobody`, so the
    /// permissions hold when the tests run as root.
    @Test(arguments: ["bash", "zsh"])
    func anUnreadableViewIsQuiet(_ shellName: String) throws {
        guard let program = tool(shellName), let setpriv = Machine.setpriv else { return }
        let box = try Sandbox(tz: "Europe/Berlin")
        try box.sp("tick", "q")
        try box.giveToNobody()
        let plugin = try box.file("plugin-\(shellName)", try box.initText(shellName))
        let zsh = shellName == "zsh" ? "__streakprompt_install\n" : ""
        let script = """
            source '\(plugin)'
            \(zsh)__streakprompt_precmd; __streakprompt_precmd
            chmod 000 "$__streakprompt_view"
            __streakprompt_precmd; printf '%s\\n' "$STREAKPROMPT_SEGMENT"
            __streakprompt_hi=0; __streakprompt_precmd; printf '%s' "$STREAKPROMPT_SEGMENT"
            """
        let options = shellName == "bash" ? ["--norc", "--noprofile"] : ["--no-rcs"]
        let result = try run(setpriv, ["--reuid=65534", "--regid=65534", "--clear-groups", "--", program] + options + ["-c", script],
                             environment: try box.shellEnvironment(), directory: "/")
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        let expected = try segment(box, ["--shell", shellName], now: ISO8601DateFormatter().string(from: Date()))
        #expect(result.stdout == expected + "\n" + expected, "\(result)")
    }

    /// An edited config file shows at the next check of the folders (once a minute at most),
    /// without a change of the data: the binary runs once and writes the view for the new style.
    @Test(arguments: ["bash", "zsh"])
    func anEditedConfigFileShowsAtTheNextCheck(_ shellName: String) throws {
        guard tool(shellName) != nil else { return }
        let box = try Sandbox(tz: "Europe/Berlin")
        try box.sp("tick", "q")
        let config = box.root.path + "/home/.config/streakprompt/config"
        let edit = "config='\(config)'; mkdir -p \"${config%/*}\"; printf 'style-done = 1;35\\n' > \"$config\"; touch -d '+2 seconds' \"$config\"; __streakprompt_hi=0"
        let (segment, ran, result) = try afterChange(shellName, edit, box: box, warm: "__streakprompt_precmd")
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        #expect(ran, "the binary did not run")
        #expect(segment.contains("\u{1B}[1;35m"), "\(segment)")
    }

    /// View files whose contents try to run code: nothing runs, the prompt stays quiet.
    @Test(arguments: ["bash", "zsh"])
    func hostileViewContentsNeverRun(_ shellName: String) throws {
        guard tool(shellName) != nil else { return }
        let box = try Sandbox()
        try box.sp("tick", "q")
        let pwned = box.root.path + "/pwned"
        let view = "$__streakprompt_view"
        let hostile = [
            // Arithmetic that would run a command through an array subscript.
            "printf 'streakprompt-view 2 0123456789abcdef\\nwatch\\tq\\nx[$(touch \(pwned)1)]\\t0\\tT\\n' > \"\(view)\"",
            "printf 'streakprompt-view 2 0123456789abcdef\\nwatch\\tq\\n0\\tx[$(touch \(pwned)2)]\\tT\\n' > \"\(view)\"",
            // Text that is code, with a valid piece: shown as text, never run.
            "printf 'streakprompt-view 2 0123456789abcdef\\nwatch\\tq\\n0\\t0\\t$(touch \(pwned)3)`touch \(pwned)4`%%{$(touch \(pwned)5)%%}\\n' > \"\(view)\"",
            // Names that would glob or climb.
            "printf 'streakprompt-view 2 0123456789abcdef\\nwatch\\t* ../../x $(touch \(pwned)6)\\n0\\t0\\tT\\n' > \"\(view)\"",
            // NUL bytes, a huge number, a huge line.
            "printf 'streakprompt-view 2 0123456789abcdef\\nwatch\\tq\\n99999999999999999999999\\t0\\tT\\000\\n' > \"\(view)\"",
            "{ printf 'streakprompt-view 2 0123456789abcdef\\nwatch\\tq\\n0\\t0\\t'; head -c 100000 /dev/zero | tr '\\\\0' x; echo; } > \"\(view)\"",
        ]
        for change in hostile {
            // Rendered as the prompt draws it: bash expands PS1 with ${PS1@P}, zsh with print -P.
            let draw = shellName == "bash" ? "PS1='${__streakprompt_ps1-}'; x=${PS1@P}" : "setopt prompt_subst; print -rP -- '${__streakprompt_ps1-}' >/dev/null"
            let (_, _, result) = try afterChange(shellName, change + "\nchmod 444 \"\(view)\" 2>/dev/null; :\n" + draw, box: box)
            #expect(result.status == 0, "\(change): \(result)")
            #expect(result.stderr.isEmpty, "\(change): \(result.stderr)")
        }
        for index in 1...6 { #expect(!FileManager.default.fileExists(atPath: pwned + String(index)), "pwned\(index)") }
    }

    /// Every command that changes the data rewrites the views through the cache's one writer:
    /// an archived streak leaves the all-streaks view as it leaves the prompt, and comes back.
    @Test func archiveAndUnarchiveRewriteTheView() throws {
        let box = try Sandbox()
        try box.sp("tick", "a")
        try box.sp("tick", "b")
        let register = try box.spArgs(["prompt", "--shell", "bash", "--view"], env: ["TERM": "xterm-256color"])
        let path = String(register.stdout.prefix { $0 != "\n" })
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("watch\ta b\n"))
        try box.sp("archive", "b")
        let view = try String(contentsOfFile: path, encoding: .utf8)
        #expect(view.contains("watch\ta\n"), "\(view)")
        let segment = try segment(box, ["--shell", "bash"], now: ISO8601DateFormatter().string(from: Date()))
        let picked = view.split(separator: "\n").dropFirst(2).first.map { $0.split(separator: "\t", maxSplits: 2).last.map(String.init) ?? "" }
        #expect(picked == segment, "\(view)")
        try box.sp("unarchive", "b")
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("watch\ta b\n"))
    }

    /// `@streakprompt` in a real tmux server: set when the view is asked for, and again by a
    /// tick run outside tmux.
    @Test func tickPushesTheSegmentIntoTmux() throws {
        let box = try Sandbox(tz: "Europe/Berlin")
        guard let server = try TmuxServer(box) else { return }
        defer { server.stop() }
        try box.sp("tick", "q", "--now", "2026-11-20T10:00")
        // As the TPM plugin does, from inside the server.
        let register = try run(Binary.path, ["prompt", "--shell", "tmux", "--view", "q"], environment: server.inside)
        #expect(register.status == 0 && register.stdout.isEmpty == false, "\(register)")
        func option(_ name: String) throws -> String { try server.option(name) }
        #expect(try option("@streakprompt") == register.stdout.trimmingCharacters(in: .newlines))
        // A tick outside tmux (a git hook, another terminal) pushes the new segment.
        try box.sp("tick", "q")
        let now = try segment(box, ["--shell", "tmux", "q"], now: ISO8601DateFormatter().string(from: Date()))
        #expect(try option("@streakprompt") == now)
        #expect(now.contains("#[fg=black,bold]"), "done reads on the default green bar: \(now)")
        let until = Int(try option("@streakprompt-until")) ?? 0
        #expect(until > Int(Date().timeIntervalSince1970))
    }

    /// After an edit of the config file, a change does not push the old settings' text into
    /// tmux: it ends what was pushed, so tmux's next refresh runs the binary, which asks for a
    /// view with the new settings.
    @Test func aChangeAfterAConfigEditEndsThePushedText() throws {
        let box = try Sandbox(tz: "Europe/Berlin")
        guard let server = try TmuxServer(box) else { return }
        defer { server.stop() }
        // Done today: the icon for done shows.
        try box.sp("tick", "q")
        let register = try run(Binary.path, ["prompt", "--shell", "tmux", "--view", "q"], environment: server.inside)
        #expect(register.status == 0, "\(register)")
        #expect(Int(try server.option("@streakprompt-until")) ?? 0 > Int(Date().timeIntervalSince1970))
        usleep(20_000)
        #expect(try box.sp("config", "set", "icon-done", "D").status == 0)
        try box.sp("tick", "r")
        #expect(try server.option("@streakprompt-until") == "0")
        let again = try run(Binary.path, ["prompt", "--shell", "tmux", "--view", "q"], environment: server.inside)
        #expect(again.stdout.contains("D"), "\(again)")
        #expect(try server.option("@streakprompt").contains("D"))
    }
}
