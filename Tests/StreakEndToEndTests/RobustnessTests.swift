import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Bad input, bad files and bad timing: each gets a clear error (or, in the prompt, silence),
/// and no action is lost.
@Suite("robustness")
struct RobustnessTests {
    let log = "streaks/default/test.log"

    func seeded() throws -> Sandbox {
        let box = try Sandbox()
        for day in ["2026-11-20", "2026-11-21", "2026-11-22"] {
            #expect(try box.sp("tick", "--quiet", "--now", day).status == 0)
        }
        return box
    }

    func expectSilentPrompt(_ box: Sandbox, _ arguments: [String] = [], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let result = try box.spArgs(arguments + ["--now", "2026-11-22"])
        #expect(result.status == 0, sourceLocation: sourceLocation)
        #expect(result.stdout.isEmpty, "\(result)", sourceLocation: sourceLocation)
        #expect(result.stderr.isEmpty, "\(result)", sourceLocation: sourceLocation)
    }

    @Test func corruptLinesAreReportedKeptAndSkipped() throws {
        let box = try seeded()
        let original = try box.read(log)
        let damaged = original + "this is not an action\n2026-11-23 not-a-time\n\u{00}\u{01}binary\n"
        try box.write(log, damaged)
        let status = try box.spArgs(["status", "--json", "--now", "2026-11-22"])
        #expect(status.status == 0)
        #expect(status.stdout.contains("\"current\": 3"))
        #expect(status.stderr.contains("test.log:5"), "names the file and line: \(status.stderr)")
        #expect(status.stderr.contains("test.log:6"))
        // Ticking still works, appends after the bad lines, and leaves them in place.
        let tick = try box.sp("tick", "--now", "2026-11-23")
        #expect(tick.status == 0)
        #expect(tick.stdout.contains("🔥 4"))
        let after = try box.read(log)
        #expect(after.hasPrefix(damaged))
        #expect(withoutIDs(after).hasSuffix("2026-11-23 2026-11-23T12:00:00+00:00\n"), "\(after)")
    }

    @Test func aTornLastLineIsNeverGluedOnto() throws {
        let box = try seeded()
        let original = try box.read(log)
        try box.write(log, original + "2026-11-23 2026-11-2")  // a write cut short
        let tick = try box.sp("tick", "--now", "2026-11-24")
        #expect(tick.status == 0)
        #expect(tick.stderr.contains("cut short"))
        let after = try box.read(log)
        // The torn line stays, byte for byte, as a comment: it never reads as an action.
        #expect(after.hasPrefix(original + "# cut short by a crash, not counted: 2026-11-23 2026-11-2\n"), "\(after)")
        #expect(withoutIDs(after) == withoutIDs(original) + "# cut short by a crash, not counted: 2026-11-23 2026-11-2\n"
            + "2026-11-24 2026-11-24T12:00:00+00:00\n", "\(after)")
        let status = try box.status(now: "2026-11-24")
        #expect(status["total"] as? Int == 4)
        #expect(status["current"] as? Int == 1)
        #expect(try box.sp("status", "--now", "2026-11-24").stderr.isEmpty)
    }

    /// A write cut short inside the id (or just before it) leaves a line that reads: an action
    /// with another identity, or none. Counted, an export made before it held the whole line,
    /// and importing it counted the one action twice. It is not counted, and the next write
    /// keeps it as a comment; the backup brings the action back once.
    @Test func aLineCutShortInItsIdIsNotAnAction() throws {
        let box = try Sandbox()
        try box.sp("add", "q", "--goal", "2", "--now", "2026-11-01T09:00")
        try box.sp("tick", "q", "--quiet", "--now", "2026-11-02T10:00")
        let backup = box.home + "/../backup.json"
        try box.write("../backup.json", try box.sp("export").stdout)
        let path = "streaks/q/test.log"
        let whole = try box.read(path)
        for cut in [5, 16, 21] {  // the newline and: part of the id, all but a digit, " id=" and all
            try box.write(path, String(whole.dropLast(cut)))
            let status = try box.sp("status", "q", "--now", "2026-11-02T12:00")
            #expect(status.stdout.contains("no actions yet"), "cut \(cut): \(status)")
            #expect(status.stderr.contains("cut short"), "cut \(cut): \(status)")
        }
        try box.sp("tick", "q", "--quiet", "--now", "2026-11-02T11:00")
        let after = try box.read(path)
        #expect(after.contains("\n# cut short by a crash, not counted: " + String(whole.dropLast(21).split(separator: "\n").last!) + "\n"), "\(after)")
        #expect(try box.sp("status", "q", "--now", "2026-11-02T12:00").stdout.contains("1 of 2"))
        let imported = try box.sp("import", backup)
        #expect(imported.status == 0, "\(imported)")
        #expect(try box.sp("status", "q", "--now", "2026-11-02T12:00").stdout.contains("done today (2 of 2)"))
        #expect(try box.sp("status", "q", "--now", "2026-11-02T12:00").stderr.isEmpty)
        // A whole line that lacks only its newline (an editor's) still counts.
        let box2 = try Sandbox()
        try box2.sp("tick", "q", "--quiet", "--now", "2026-11-02T10:00")
        try box2.write(path, String(try box2.read(path).dropLast()))
        #expect(try box2.status("q", now: "2026-11-02T12:00")["total"] as? Int == 1)
    }

    @Test func corruptSettingsStopReadsButNeverLoseAnAction() throws {
        let box = try seeded()
        try box.write("streaks/default/streak.conf", "schedule=whenever\n")
        let status = try box.sp("status", "--now", "2026-11-22")
        #expect(status.status == 1)
        #expect(status.stderr.contains("streak.conf:1"))
        #expect(status.stderr.contains("streakprompt: "))
        // Recorded, so exit 0 (a script that retries failures must not count it twice), and
        // the warning says the rest.
        let tick = try box.sp("tick", "--now", "2026-11-23")
        #expect(tick.status == 0)
        #expect(tick.stderr.contains("recorded"))
        #expect(try box.read(log).contains("2026-11-23 "))
        #expect(try box.read("streaks/default/streak.conf") == "schedule=whenever\n", "kept as it was")
        try expectSilentPrompt(box, ["default"])
        // Fixing the file brings everything back.
        try box.write("streaks/default/streak.conf", "schedule=daily\n")
        try box.sp("tick", "--now", "2026-11-23", "--quiet")
        #expect(try box.status(now: "2026-11-23")["current"] as? Int == 4)
    }

    /// Whatever is wrong with the cache, the prompt that finds it prints nothing, and has the
    /// cache rebuilt from the logs in the background, so the next prompt shows the streak.
    @Test func missingCorruptHugeOrUnreadableCacheSilencesThePromptThenHeals() throws {
        let box = try seeded()
        let cache = box.home + "/prompt.cache"
        #expect(try box.prompt(now: "2026-11-22") == "🔥3")
        let damages: [(String, () throws -> Void)] = [
            ("missing", { try FileManager.default.removeItem(atPath: cache) }),
            ("garbage", { try box.write("prompt.cache", "\u{00}\u{FF}garbage\n") }),
            ("huge", { try box.write("prompt.cache", "streakprompt-cache 1\n" + String(repeating: "x", count: 2 << 20) + "\n") }),
            ("a named pipe", { try FileManager.default.removeItem(atPath: cache); mkfifo(cache, 0o644) }),
        ]
        for (_, damage) in damages {
            try damage()
            try expectSilentPrompt(box)
            try box.eventuallyPrompts([], now: "2026-11-22", "🔥3")
        }

        // A folder in its place cannot be replaced: the prompt stays silent.
        try FileManager.default.removeItem(atPath: cache)
        try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: false)
        try expectSilentPrompt(box)
        try FileManager.default.removeItem(atPath: cache)

        // The next write rebuilds it from the logs.
        try box.sp("add", "other")
        #expect(try box.prompt(["default"], now: "2026-11-22") == "🔥3")
    }

    /// A cache cut short shows the lines it still has, never the torn one misread, and has
    /// itself rebuilt: the streak on the lost line is back at the next prompts (every cache
    /// the program writes ends a line; one that does not lost what came after).
    @Test func aTruncatedCacheShowsWhatItCanThenHeals() throws {
        let box = try seeded()
        try box.sp("tick", "zzz", "--now", "2026-11-22T09:00")
        let text = try box.read("prompt.cache")
        for cut in [1, 3] {
            try box.write("prompt.cache", String(text.dropLast(cut)))
            #expect(try box.prompt(now: "2026-11-22") == "🔥3", "the torn last line is dropped, not misread")
            try box.eventuallyPrompts([], now: "2026-11-22", "🔥3 ⭐1")
            #expect(try box.read("prompt.cache") == text)
        }
    }

    /// A streak whose log cannot be read (a link, a named pipe) keeps what the prompt showed,
    /// through the rebuild the prompt starts and a change to another streak: never an empty
    /// streak. status says why; once the log reads again, nothing was lost.
    @Test func anUnreadableLogKeepsWhatThePromptShowed() throws {
        let box = try seeded()
        try box.sp("tick", "other", "--quiet", "--now", "2026-11-22")
        #expect(try box.prompt(now: "2026-11-22") == "🔥3 ⭐1")
        let path = box.home + "/" + log
        for damage in ["link", "pipe"] {
            try FileManager.default.moveItem(atPath: path, toPath: path + ".real")
            if damage == "link" { #expect(symlink(path + ".real", path) == 0) } else { #expect(mkfifo(path, 0o644) == 0) }
            let before = try box.read("prompt.cache")
            // The folder changed: this prompt starts the rebuild.
            #expect(try box.prompt(now: "2026-11-22") == "🔥3 ⭐1", "\(damage)")
            for _ in 0..<200 where (try box.read("prompt.cache")) == before { usleep(50_000) }
            #expect(try box.read("prompt.cache") != before, "the rebuild ran (\(damage))")
            for _ in 0..<3 { #expect(try box.prompt(now: "2026-11-22") == "🔥3 ⭐1", "\(damage)") }
            try box.sp("tick", "other", "--quiet", "--now", "2026-11-22T10:00")
            #expect(try box.prompt(now: "2026-11-22") == "🔥3 ⭐1", "\(damage)")
            let status = try box.sp("status", "--now", "2026-11-22")
            #expect(status.stderr.contains("cannot be read"), "\(status)")
            try FileManager.default.removeItem(atPath: path)
            try FileManager.default.moveItem(atPath: path + ".real", toPath: path)
            try box.eventuallyPrompts([], now: "2026-11-22", "🔥3 ⭐1")
            #expect(try box.status(now: "2026-11-22")["current"] as? Int == 3)
        }
    }

    @Test func noHomeFolderAtAll() throws {
        let box = try Sandbox()
        var env = box.environment
        env["STREAKPROMPT_HOME"] = nil
        env["XDG_DATA_HOME"] = nil
        env["HOME"] = nil
        let prompt = try run(Binary.path, [], environment: env)
        #expect(prompt.status == 0)
        #expect(prompt.stdout.isEmpty && prompt.stderr.isEmpty)
        let tick = try run(Binary.path, ["tick"], environment: env)
        #expect(tick.status == 1)
        #expect(tick.stderr.contains("HOME"))
    }

    @Test func xdgDataHomeIsHonoured() throws {
        let box = try Sandbox()
        var env = box.environment
        env["STREAKPROMPT_HOME"] = nil
        env["XDG_DATA_HOME"] = box.root.appendingPathComponent("xdg").path
        #expect(try run(Binary.path, ["tick", "--quiet"], environment: env).status == 0)
        #expect(FileManager.default.fileExists(atPath: box.root.appendingPathComponent("xdg/streakprompt/streaks/default/test.log").path))
        env["XDG_DATA_HOME"] = nil
        #expect(try run(Binary.path, ["tick", "--quiet"], environment: env).status == 0)
        #expect(FileManager.default.fileExists(atPath: env["HOME"]! + "/.local/share/streakprompt/streaks/default/test.log"))
    }

    @Test func anUnwritableDataFolderIsAClearError() throws {
        let box = try Sandbox()
        // A data folder below a regular file cannot be created, even by root.
        let blocker = box.root.appendingPathComponent("blocker")
        try Data("x".utf8).write(to: blocker)
        let tick = try box.sp("tick", env: ["STREAKPROMPT_HOME": blocker.path + "/data"])
        #expect(tick.status == 1)
        #expect(tick.stderr.hasPrefix("streakprompt: cannot"))
        #expect(tick.stderr.contains("STREAKPROMPT_HOME"))
        #expect(tick.stderr.split(separator: "\n").count == 1)
        if getuid() != 0 {
            try box.sp("tick", "--quiet")
            try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: box.home + "/streaks/default")
            defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: box.home + "/streaks/default") }
            let denied = try box.sp("tick", "--now", "2030-01-01")
            #expect(denied.status == 1)
            #expect(denied.stderr.contains("Permission denied"))
        }
    }

    @Test func readsNeverWrite() throws {
        let box = try seeded()
        try FileManager.default.removeItem(atPath: box.home + "/prompt.cache")
        // The cache's spare (the cache before its last write) is the cache's too.
        try? FileManager.default.removeItem(atPath: box.home + "/.prompt.cache.tmp")
        let before = try snapshot(box.home)
        for command in [["status"], ["status", "--json"], ["list"], ["list", "--json"], ["history"], ["export"]] {
            try box.spArgs(command)
        }
        #expect(try snapshot(box.home) == before)
        // The prompt writes nothing itself; with data and no cache it has the cache rebuilt
        // in the background (and only the cache).
        try box.spArgs(["prompt", "default"])
        var after = before
        for _ in 0..<100 where after["prompt.cache"] == nil {
            usleep(50_000)
            after = try snapshot(box.home)
        }
        #expect(after["prompt.cache"] != nil)
        after["prompt.cache"] = nil
        after[".prompt.cache.tmp"] = nil
        #expect(after == before)
    }

    func snapshot(_ folder: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder)
        while let path = enumerator?.nextObject() as? String {
            files[path] = FileManager.default.contents(atPath: folder + "/" + path) ?? Data()
        }
        return files
    }

    @Test(arguments: ["%n%s%x%%{count}", "$(touch pwned){count}", "`touch pwned`", "#(touch pwned)#[fg=red]",
                      "\u{1B}[2J\u{1B}]0;owned\u{07}{icon}", "{count}\n\r\t{best}", String(repeating: "{count}", count: 2000)])
    func hostileFormatsAreText(format: String) throws {
        let box = try seeded()
        for shell in ["bash", "zsh", "fish", "tmux", "plain"] {
            let result = try box.spArgs(["--shell", shell, "--format", format, "--now", "2026-11-22"])
            #expect(result.status == 0)
            #expect(result.stderr.isEmpty)
            #expect(!result.stdout.contains("\u{1B}[2J"))
            #expect(!result.stdout.contains("\u{07}"))
            #expect(!result.stdout.contains("\n"))
            let env = try box.spArgs(["--shell", shell, "--now", "2026-11-22"], env: ["STREAKPROMPT_FORMAT": format])
            #expect(env.status == 0)
            #expect(env.stdout == result.stdout)
        }
        #expect(!FileManager.default.fileExists(atPath: box.root.appendingPathComponent("pwned").path))
    }

    /// A name that could never be a streak's, given to a prompt (--shell): nothing for it, on
    /// stdout or stderr, exit 0, and the streaks named beside it still show; by hand (no
    /// --shell) it is an error that says why.
    @Test func aNameThatCannotBeIsNothingInAPrompt() throws {
        let box = try seeded()
        for shell in ["bash", "zsh", "fish", "tmux", "plain"] {
            try expectSilentPrompt(box, ["prompt", "a$(touch pwned)", "--shell", shell])
            try expectSilentPrompt(box, ["a;b", "../x", "--shell", shell])
            let beside = try box.spArgs(["prompt", "a`id`", "default", "--shell", shell, "--format", "{count}", "--now", "2026-11-22"],
                                        env: ["NO_COLOR": "1"])
            #expect(beside.status == 0 && beside.stderr.isEmpty, "\(beside)")
            #expect(beside.stdout.hasSuffix("3"), "\(beside)")
        }
        let byHand = try box.sp("prompt", "a$(id)", "--now", "2026-11-22")
        #expect(byHand.status == 2 && byHand.stderr.contains("invalid streak name"), "\(byHand)")
        #expect(!FileManager.default.fileExists(atPath: box.root.appendingPathComponent("pwned").path))
    }

    @Test func hostileIconsAreRefusedOrKeptAsText() throws {
        let box = try Sandbox()
        let escape = try box.sp("add", "a", "--icon", "\u{1B}[31m")
        #expect(escape.status == 2)
        #expect(!escape.stderr.contains("\u{1B}"))
        // A right-to-left override would turn the rest of every line that prints the icon.
        let bidi = try box.sp("add", "c", "--icon", "\u{202E}X\u{200F}")
        #expect(bidi.status == 2, "\(bidi)")
        #expect(bidi.stderr.contains("bidirectional controls") && bidi.stderr.contains("\\u{202E}X\\u{200F}"), "\(bidi)")
        #expect(!bidi.stderr.unicodeScalars.contains { $0.value == 0x202E || $0.value == 0x200F }, "\(bidi)")
        #expect(try box.sp("add", "b", "--icon", "$(touch pwned)%#(x)").status == 0)
        try box.sp("tick", "b", "--quiet", "--now", "2026-11-22")
        #expect(try box.prompt(["b"], now: "2026-11-22") == "$(touch pwned)%#(x)1")
        let zsh = try box.spArgs(["b", "--shell", "zsh", "--now", "2026-11-22"], env: ["NO_COLOR": "1"])
        #expect(zsh.stdout == "$(touch pwned)%%#(x)1")
        let tmux = try box.spArgs(["b", "--shell", "tmux", "--now", "2026-11-22"], env: ["NO_COLOR": "1"])
        #expect(tmux.stdout == "$(touch pwned)%##(x)1")
    }

    @Test func eightConcurrentTickersAllLand() throws {
        let box = try Sandbox()
        let perWorker = 25
        // Distinct moments across 200 dates: every tick must be in the log afterwards.
        let script = """
        for w in 0 1 2 3 4 5 6 7; do
          ( for i in $(seq 1 \(perWorker)); do
              "$BIN" tick "s$((w % 2))" --quiet --now "@$((1700000000 + (w * \(perWorker) + i) * 86400))" || echo FAIL
            done ) &
        done
        wait
        """
        let result = try run("/bin/sh", ["-c", script], environment: box.environment.merging(["BIN": Binary.path]) { $1 })
        #expect(result.status == 0)
        #expect(!result.stdout.contains("FAIL"), "\(result)")
        #expect(result.stderr.isEmpty, "\(result)")
        var lines = 0
        for name in ["s0", "s1"] {
            let text = try box.read("streaks/\(name)/test.log")
            lines += text.split(separator: "\n").filter { !$0.hasPrefix("#") }.count
        }
        #expect(lines == 8 * perWorker)
        let list = try box.sp("list", "--json")
        let streaks = try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]]
        #expect(streaks?.map { $0["total"] as? Int ?? 0 }.reduce(0, +) == 8 * perWorker)
        // And the cache agrees with the history for both streaks.
        for name in ["s0", "s1"] {
            let total = try box.prompt([name, "--format", "{total}"], now: "2030-01-01")
            #expect(Int(total) == 4 * perWorker)
        }
    }

    @Test func killNineDuringTicksLosesNothingThatSucceeded() throws {
        let box = try Sandbox()
        let okFile = box.root.appendingPathComponent("ok").path
        // One loop ticks and records each success; another kills streakprompt processes
        // at random moments with SIGKILL.
        let script = """
        ( for i in $(seq 1 150); do
            if "$BIN" tick --quiet --now "@$((1700000000 + i * 3600))"; then echo $i >> "$OK"; fi
          done ) &
        ticker=$!
        ( while kill -0 $ticker 2>/dev/null; do
            pkill -9 -x streakprompt 2>/dev/null
            sleep 0.00$(( $(od -An -N1 -tu1 /dev/urandom) % 9 + 1 ))
          done ) &
        wait $ticker
        wait
        """
        guard requireTool("pkill") else { return }
        // A copy under a unique name, so the killer touches no other streakprompt process.
        let unique = "spk" + String(UUID().uuidString.prefix(8)).lowercased()
        let copy = box.root.appendingPathComponent(unique).path
        try Binary.copy(to: copy)
        let result = try run("/bin/sh", ["-c", script.replacingOccurrences(of: "-x streakprompt", with: "-x \(unique)")],
                             environment: box.environment.merging(["BIN": copy, "OK": okFile]) { $1 }, timeout: 120)
        #expect(result.status == 0)
        let succeeded = (try? String(contentsOfFile: okFile, encoding: .utf8))?.split(separator: "\n").compactMap { Int($0) } ?? []
        let log = (try? box.read(log)) ?? ""
        var recorded = Set<Int64>()
        for line in log.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: " ")
            #expect(fields.count == 3 && fields[2].wholeMatch(of: /id=[0-9a-f]{16}/) != nil, "an intact line: \(line)")
            // Every line is whole: it parses back to a moment we asked for.
            if fields.count > 1, let moment = ISO8601DateFormatter().date(from: String(fields[1])) {
                recorded.insert(Int64(moment.timeIntervalSince1970))
            } else {
                Issue.record("unreadable line after kill -9: \(line)")
            }
        }
        for i in succeeded {
            #expect(recorded.contains(1_700_000_000 + Int64(i) * 3600), "tick \(i) reported success but is missing")
        }
        // The data still reads, and a tick after the storm rebuilds a consistent cache.
        let status = try box.sp("status", "--json", "--now", "2030-01-01")
        #expect(status.status == 0)
        #expect(!status.stderr.contains("warning"), "\(status.stderr)")
        try box.sp("tick", "--quiet", "--now", "2030-01-01")
        let total = try box.prompt(["--format", "{total}"], now: "2030-01-01")
        let days = Set(recorded.map { $0 / 86400 }).count + 1
        #expect(Int(total) == days)
    }
}
