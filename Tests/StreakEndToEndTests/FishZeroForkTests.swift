import Foundation
import StreakTestSupport
import Testing

/// The zero-fork prompt in fish (>= 3.5): the pre-rendered views read by the real fish plugin
/// with builtins and a clock made of `path mtime`, against the binary's own segment.
@Suite("fish zero-fork prompt")
struct FishZeroForkTests {

    /// The binary's segment for fish at `now`, in colour as the plugin has it.
    func segment(_ box: Sandbox, now: String) throws -> String {
        let result = try box.spArgs(["prompt", "--shell", "fish", "--now", now], env: ["TERM": "xterm-256color"])
        guard result.status == 0, result.stderr.isEmpty else { throw TestFailure("prompt failed: \(result)") }
        return result.stdout
    }

    /// `register BIN NOW` asks the binary for the view at NOW (`@SECONDS` or ISO) as the
    /// plugin's fallback does, and keeps it for the key the plugin computes (a first prompt with
    /// no binary to run works it out).
    static let register = """
        functions -c __streakprompt_find_bin __test_find_bin
        function register --argument-names bin now
            function __streakprompt_find_bin; return 1; end
            __streakprompt_precmd
            functions -e __streakprompt_find_bin
            functions -c __test_find_bin __streakprompt_find_bin
            set -l out (env STREAKPROMPT_TEST_CLOCK=$now $bin prompt --shell fish --view --now $now)
            set -g __streakprompt_view $out[1]
            set -g __streakprompt_view_for $__streakprompt_key
        end

        """

    /// Functions for the long run: the plugin's clock reads `fake_now` (the one override a test
    /// needs: fish has no clock to move), a binary run is reported as FALLBACK; `check T`
    /// compares the segment the plugin's prompt function sets at T with the binary's at T.
    static let harness = register + """
        function __streakprompt_clock
            set -g __streakprompt_clock_base 0
            set -g __streakprompt_rel $fake_now
        end
        set -g fake_now 0
        set -g checks 0
        set -g countdowns 0
        function check --argument-names now
            set -l expected (streakprompt prompt --shell fish --now @$now)
            set -g checks (math $checks + 1)
            string match -qr -- '[0-9]m' "$expected"; and set -g countdowns (math $countdowns + 1)
            if not test -f "$__streakprompt_view"
                # Not asked for in a month of simulated time: removed, as designed; ask again.
                register streakprompt @$now
                echo "registered again at $now"
            end
            set -g fake_now $now
            functions -c __streakprompt_find_bin __test_real_bin
            function __streakprompt_find_bin; set -g ran 1; return 1; end
            set -e ran
            __streakprompt_precmd
            functions -e __streakprompt_find_bin
            functions -c __test_real_bin __streakprompt_find_bin
            functions -e __test_real_bin
            if set -q ran
                echo "FALLBACK at $now"
                return 0
            end
            test "$STREAKPROMPT_SEGMENT" = "$expected"
            or printf 'MISMATCH at %s: view %s binary %s\\n' $now (string escape -- "$STREAKPROMPT_SEGMENT") (string escape -- "$expected")
        end
        function tick --argument-names name now
            env STREAKPROMPT_NOW=@$now STREAKPROMPT_TEST_CLOCK=@$now streakprompt tick --quiet $name
        end

        """

    /// Two stretches of daily life in New York across both DST changes of 2026 (8 March,
    /// 1 November) with a 04:00 day start, a weekday schedule with freezes and a weekly target:
    /// ticks at any hour (some after midnight, counting for the day before), checked before the
    /// day start, at noon, around the warn time (a countdown from 20:00), late at night, and a
    /// few seconds later (the short way: one line read).
    static func script() -> String {
        let zone = "America/New_York"
        var random = SeededRandom(seed: 20261123)
        func pick(_ count: Int) -> Int { Int(random.next() % UInt64(count)) }
        var lines = ["register streakprompt @\(wallClockMoment(2026, 2, 20, 3, 0, zone: zone))"]
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone)!
        for (start, days) in [((2026, 2, 20), 45), ((2026, 10, 15), 35)] {
            var day = calendar.date(from: DateComponents(year: start.0, month: start.1, day: start.2))!
            for _ in 0..<days {
                let parts = calendar.dateComponents([.year, .month, .day], from: day)
                let (y, m, d) = (parts.year!, parts.month!, parts.day!)
                func at(_ hour: Int, _ minute: Int, _ second: Int = 0) -> Int { wallClockMoment(y, m, d, hour, minute, second, zone: zone) }
                var events: [(Int, String)] = []
                for time in [at(1, 30), at(3, 59, 30), at(12, 0), at(19, 59, 59), at(20, 0), at(22, 44, 10), at(23, 17, 41)] {
                    events.append((time, "check"))
                    if pick(3) == 0 { events.append((time + 3, "check")) }
                }
                if pick(100) >= (d % 13 == 0 ? 90 : 25) {
                    let hour = [7, 9, 13, 18, 21, 22][pick(6)]
                    events.append((at(hour, pick(60)), "tick s"))
                    if pick(3) > 0 { events.append((at(hour, 30, 1), "tick w")) }
                } else if pick(4) == 0 {
                    let next = calendar.date(byAdding: .day, value: 1, to: day)!
                    let n = calendar.dateComponents([.year, .month, .day], from: next)
                    events.append((wallClockMoment(n.year!, n.month!, n.day!, 2, 30, zone: zone), "tick s"))
                }
                for (time, what) in events.sorted(by: { $0.0 < $1.0 }) {
                    lines.append(what == "check" ? "check \(time)" : "\(what) \(time)")
                }
                day = calendar.date(byAdding: .day, value: 1, to: day)!
            }
        }
        return harness + lines.joined(separator: "\n") + "\necho checks $checks countdowns $countdowns\n"
    }

    @Test func viewAndBinaryAgreeAcrossDSTChanges() throws {
        guard let fish = tool("fish") else { return }
        let box = try Sandbox(tz: "America/New_York", extra: [
            "STREAKPROMPT_DAY_START": "04:00",
            "STREAKPROMPT_FORMAT": "{icon}{count}{unit} {progress}{left}",
        ])
        try box.sp("add", "s", "--schedule", "weekdays", "--freezes", "3", "--earn-freeze", "10", "--from", "2026-01-01")
        try box.sp("add", "w", "--target", "3/week", "--from", "2026-01-01")
        let plugin = try box.file("plugin.fish", try box.initText("fish"))
        let result = try shell(fish, ["--no-config"], script: "source '\(plugin)'\n" + FishZeroForkTests.script(), in: box)
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        let problems = result.stdout.split(separator: "\n").filter { $0.hasPrefix("MISMATCH") || $0.hasPrefix("FALLBACK") }
        #expect(problems.isEmpty, "\(problems.prefix(10).joined(separator: "\n"))")
        // Every instant was checked, and the countdown ({left}, filled in by the plugin) was among them.
        let counts = result.stdout.split(separator: "\n").last?.split(separator: " ") ?? []
        #expect(counts.count == 4 && Int(counts[1]) ?? 0 > 600 && Int(counts[3]) ?? 0 > 20, "\(result.stdout.suffix(300))")
    }



    /// fish's clock moved by faketime (which the static binary ignores: a run of it would show
    /// the real date's segment) crosses midnight: the segment turns pending with no run, through
    /// the plugin's real clock (`path mtime`).
    @Test func crossingMidnightNeedsNoBinary() throws {
        guard let fish = tool("fish"), let faketime = tool("faketime") else { return }
        let box = try Sandbox(tz: "Europe/Berlin")
        try box.sp("tick", "q", "--now", "2026-06-09T10:00")
        try box.sp("tick", "q", "--now", "2026-06-10T10:00")
        let bin = try box.countingBinary()
        let plugin = try box.file("plugin.fish", try box.initText("fish"))
        let script = "source '\(plugin)'\n" + FishZeroForkTests.register + """
            set -g STREAKPROMPT_BIN '\(bin)'
            register '\(Binary.path)' 2026-06-10T23:00
            __streakprompt_precmd
            printf 'before %s\\n' (string escape -- "$STREAKPROMPT_SEGMENT")
            sleep 3
            __streakprompt_precmd
            printf 'after %s\\n' (string escape -- "$STREAKPROMPT_SEGMENT")
            """
        var env = try box.shellEnvironment(["STREAKPROMPT_BIN": bin, "FAKETIME_DONT_FAKE_MONOTONIC": "1"])
        env["PATH"] = (bin as NSString).deletingLastPathComponent + ":" + env["PATH"]!
        let result = try run(faketime, ["-f", "@2026-06-10 23:59:58", fish, "--no-config", "-c", script], environment: env,
                             directory: box.root.path)
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        let done = try segment(box, now: "2026-06-10T23:59:58")
        let pending = try segment(box, now: "2026-06-11T00:00:01")
        #expect(done != pending)
        let escape = { (text: String) in try run(fish, ["--no-config", "-c", "string escape -- $argv[1]", text], environment: env).stdout }
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(result)")
        #expect(lines.first.map { $0 + "\n" } == "before " + (try escape(done)), "\(result)")
        #expect(lines.last.map { $0 + "\n" } == "after " + (try escape(pending)), "\(result)")
        #expect(box.binaryRuns == 0, "the binary ran")
    }

    /// A script that loads the plugin, lets the first prompt ask for the view (the fallback),
    /// then draws a prompt after `change` and prints the segment and whether the binary ran.
    func afterChange(_ change: String, box: Sandbox) throws -> (segment: String, ran: Bool, Result) {
        guard let fish = tool("fish") else { throw TestFailure("no fish") }
        let bin = try box.countingBinary()
        let plugin = try box.file("plugin.fish", try box.initText("fish"))
        let script = """
            source '\(plugin)'
            set -g STREAKPROMPT_BIN '\(bin)'
            __streakprompt_precmd
            test -n "$__streakprompt_view"; or echo NOVIEW
            echo mark >> '\(box.root.path)/runs'
            set -l view $__streakprompt_view
            \(change)
            __streakprompt_precmd
            __streakprompt_right_prompt >/dev/null
            printf '%s' "$STREAKPROMPT_SEGMENT"
            """
        let result = try shell(fish, ["--no-config"], script: script, in: box, env: ["STREAKPROMPT_BIN": bin])
        let log = (try? String(contentsOfFile: box.root.path + "/runs", encoding: .utf8)) ?? ""
        let ran = log.components(separatedBy: "mark\n").last?.contains("run") ?? true
        return (result.stdout, ran, result)
    }

    @Test func fallbackOnlyWhenTheViewCannotBeTrusted() throws {
        guard tool("fish") != nil else { return }
        let box = try Sandbox(tz: "Europe/Berlin")
        try box.sp("tick", "q")
        let expected = try segment(box, now: ISO8601DateFormatter().string(from: Date()))
        let cases: [(String, String, Bool)] = [
            ("an ordinary prompt", "true", false),
            ("a missing file", "rm -f $view", true),
            ("a stale file (a folder changed behind it)", "touch -d '+5 seconds' '\(box.home)/streaks/q'", true),
            ("an edited config file", "mkdir -p '\(box.root.path)/home/.config/streakprompt'; touch -d '+5 seconds' '\(box.root.path)/home/.config/streakprompt/config'", true),
            ("a corrupt file", "printf 'garbage\\n\\001\\002' > $view", true),
            ("another version's file", "printf 'streakprompt-view 1\\nwatch\\tq\\n0\\t0\\tX\\n' > $view", true),
            ("a file with no piece for now", "printf 'streakprompt-view 2 0123456789abcdef\\nwatch\\tq\\n1\\t0\\tOLD\\nend\\n' > $view", true),
        ]
        for (what, change, fallback) in cases {
            try? FileManager.default.removeItem(atPath: box.root.path + "/runs")
            let (segment, ran, result) = try afterChange(change, box: box)
            #expect(result.status == 0 && result.stderr.isEmpty, "\(what): \(result)")
            #expect(!result.stdout.contains("NOVIEW"), "\(what): \(result)")
            #expect(ran == fallback, "\(what): the binary \(ran ? "ran" : "did not run")")
            #expect(segment == expected, "\(what): \(result)")
        }
    }

    /// A tick from another shell rewrites the view: the next prompt shows it with no run.
    @Test func tickFromAnotherShellShowsWithoutARun() throws {
        guard tool("fish") != nil else { return }
        let box = try Sandbox(tz: "Europe/Berlin")
        try box.sp("tick", "q")
        let (segment, ran, result) = try afterChange("streakprompt tick q2 >/dev/null", box: box)
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        #expect(!ran, "the binary ran")
        #expect(segment == (try self.segment(box, now: ISO8601DateFormatter().string(from: Date()))))
        #expect(segment.components(separatedBy: "\u{1B}[0m").count == 3, "two streaks: \(segment)")
    }

    /// A view holds the days ahead that fit in the 16 KB fish reads: with many streaks a
    /// prompt, and one after a tick in another shell, still run nothing.
    @Test func manyStreaksNeedNoBinary() throws {
        guard tool("fish") != nil else { return }
        let box = try ManyStreaks.sandbox()
        for change in ["true", "streakprompt tick \(ManyStreaks.names[0]) --quiet"] {
            try? FileManager.default.removeItem(atPath: box.root.path + "/runs")
            let (segment, ran, result) = try afterChange(change, box: box)
            #expect(result.status == 0 && result.stderr.isEmpty, "\(change): \(result)")
            #expect(!ran, "\(change): the binary ran")
            #expect(segment == (try self.segment(box, now: ISO8601DateFormatter().string(from: Date()))), "\(change)")
            #expect(try ManyStreaks.problems(box) == [])
        }
    }

    /// View files whose contents try to run code: nothing runs, nothing is printed on stderr.
    @Test func hostileViewContentsNeverRun() throws {
        guard tool("fish") != nil else { return }
        let box = try Sandbox()
        try box.sp("tick", "q")
        let pwned = box.root.path + "/pwned"
        let head = "streakprompt-view 2 0123456789abcdef"
        // Each a fish command that writes the file (printf's own escapes: \\t, \\n, \\000).
        let hostile = [
            // Numbers that are code, or not plain digits.
            "printf '\(head)\\nwatch\\tq\\n(touch \(pwned)1)\\t0\\tT\\n' > $view",
            "printf '\(head)\\nwatch\\tq\\n0\\t$(touch \(pwned)2)\\tT\\n' > $view",
            "printf '\(head)\\nwatch\\tq\\n1e3\\t0\\tT\\n-5\\t0\\tT\\n 5\\t0\\tT\\n0x10\\t0\\tT\\n0\\t0;touch \(pwned)3\\tT\\n' > $view",
            "printf '\(head)\\nwatch\\tq\\n99999999999999999999999\\t0\\tT\\n0\\t99999999999999999999999\\tT\\n' > $view",
            // Text that is code, in a valid piece: shown as text, never run.
            "printf '\(head)\\nwatch\\tq\\n0\\t0\\t(touch \(pwned)4)$(touch \(pwned)5)`touch \(pwned)6`;touch \(pwned)7 %%s %%n\\n' > $view",
            // A countdown with code around the marker.
            "printf '\(head)\\nwatch\\tq\\n0\\t4102444800\\t(touch \(pwned)8)\\037$(touch \(pwned)9)\\n' > $view",
            // Names that would glob, climb or run.
            "printf '\(head)\\nwatch\\t* ../../x (touch \(pwned)10) $(touch \(pwned)11) -q\\n0\\t0\\tT\\n' > $view",
            "printf '\(head)\\nwatch\\tq  q\\n0\\t0\\tT\\n' > $view",
            // NUL bytes, a huge line, many lines, a binary header.
            "printf '\(head)\\nwatch\\tq\\n0\\t0\\tT\\000(touch \(pwned)12)\\n' > $view",
            "printf '\(head)\\000\\nwatch\\tq\\n0\\t0\\tT\\n' > $view",
            "begin; printf '\(head)\\nwatch\\tq\\n0\\t0\\t'; string repeat -n 100000 x; end > $view",
            "begin; printf '\(head)\\nwatch\\tq\\n'; for i in (seq 400); printf '1\\t0\\tT\\n'; end; end > $view",
            "printf '\\377\\376\\nwatch\\tq\\n0\\t0\\tT\\n' > $view",
            // Not a file: a folder in its place.
            "rm -f $view; mkdir $view",
        ]
        for change in hostile {
            let (_, _, result) = try afterChange(change + "\nchmod 444 $view 2>/dev/null; true", box: box)
            #expect(result.status == 0, "\(change): \(result)")
            #expect(result.stderr.isEmpty, "\(change): \(result.stderr)")
            // The next prompts ask the binary again (the folder case excepted: it stays).
            if let views = try? FileManager.default.contentsOfDirectory(atPath: box.home + "/views") {
                for name in views { try? FileManager.default.removeItem(atPath: box.home + "/views/" + name) }
            }
        }
        for index in 1...12 { #expect(!FileManager.default.fileExists(atPath: pwned + String(index)), "pwned\(index)") }
    }

    /// A setting the text depends on, changed between prompts, asks the binary for the view of
    /// the new settings once; the prompts after it read that view.
    @Test func changedSettingAsksForItsView() throws {
        guard tool("fish") != nil else { return }
        let box = try Sandbox(tz: "Europe/Berlin")
        try box.sp("tick", "q")
        let (segment, ran, result) = try afterChange("set -g STREAKPROMPT_FORMAT '<{count}>'", box: box)
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        #expect(ran, "the binary did not run")
        #expect(segment.contains("<1>"), "\(segment)")
        let (again, ranAgain, _) = try afterChange("set -g STREAKPROMPT_FORMAT '<{count}>'; __streakprompt_precmd; echo mark >> '\(box.root.path)/runs'", box: box)
        #expect(!ranAgain, "the binary ran for an unchanged setting")
        #expect(again == segment)
    }

    /// `STREAKPROMPT_MODE=binary` and `STREAKPROMPT_NOW` run the binary before every prompt, as
    /// before; unloading takes every variable and function back out.
    @Test func binaryModeAndUnload() throws {
        guard let fish = tool("fish") else { return }
        let box = try Sandbox(tz: "Europe/Berlin")
        try box.sp("tick", "q", "--now", "2026-06-10T10:00")
        let bin = try box.countingBinary()
        let plugin = try box.file("plugin.fish", try box.initText("fish"))
        let script = """
            source '\(plugin)'
            set -g STREAKPROMPT_BIN '\(bin)'
            set -gx STREAKPROMPT_NOW 2026-06-10T12:00
            __streakprompt_precmd; __streakprompt_precmd
            printf '%s\\n' "$STREAKPROMPT_SEGMENT"
            set -e STREAKPROMPT_NOW
            set -g STREAKPROMPT_MODE binary
            __streakprompt_precmd; __streakprompt_precmd
            set -e STREAKPROMPT_MODE
            __streakprompt_precmd; __streakprompt_precmd
            __streakprompt_unload
            set -n | string match -- '*streakprompt_*'
            functions -a | string match -- '*streakprompt*'
            true
            """
        let result = try shell(fish, ["--no-config"], script: script, in: box, env: ["STREAKPROMPT_BIN": bin])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines == [try segment(box, now: "2026-06-10T12:00")], "\(result)")
        // Two runs with STREAKPROMPT_NOW, two in binary mode, one to write the view.
        #expect(box.binaryRuns == 5)
    }
}
