import Foundation
import Testing

/// `streakprompt remind`: what it lists and its exit status for every state, the desktop
/// notification through a stand-in `notify-send`, tmux clients in a real tmux, and the timer
/// files (checked by `systemd-analyze verify` where it is installed).
@Suite("remind")
struct RemindEndToEndTests {
    /// Monday 2026-11-23, 20:00 UTC: 4 hours left today, 6 days 4 hours left this week.
    static let now = "2026-11-23T20:00"

    /// One streak in each state on `now`: away (paused today), done, gone (broken), pend
    /// (pending, 1), rest (not scheduled today), runs (weekly target 2, 1 of 2 this week).
    func fixture(pendIcon: String? = nil) throws -> Sandbox {
        let box = try Sandbox()
        let steps: [[String]] = ["away", "done", "gone", "pend"].map { ["add", $0, "--icon", "🔥"] } + [
            ["add", "rest", "--schedule", "tue,wed", "--icon", "🔥"], ["add", "runs", "--target", "2/week", "--icon", "🔥"],
            ["tick", "away", "--now", "2026-11-22"], ["pause", "away", "--now", "2026-11-23T09:00"],
            ["tick", "done", "--now", "2026-11-22"], ["tick", "done", "--now", "2026-11-23T08:00"],
            ["tick", "gone", "--now", "2026-11-20"],
            ["tick", "pend", "--now", "2026-11-22"],
            ["tick", "rest", "--now", "2026-11-17"], ["tick", "rest", "--now", "2026-11-18"],
            ["tick", "runs", "--now", "2026-11-17"], ["tick", "runs", "--now", "2026-11-19"], ["tick", "runs", "--now", "2026-11-23T07:00"],
        ] + (pendIcon.map { [["add", "pend", "--icon", $0]] } ?? [])
        for step in steps {
            let result = try box.spArgs(step[0] == "tick" ? step + ["--quiet"] : step)
            guard result.status == 0 else { throw TestFailure("\(step) failed: \(result)") }
        }
        return box
    }

    static let pendLine = "pend 🔥1: 4h 0m left today"
    static let runsLine = "runs 🔥1w: 1 of 2 this week, 6d 4h left"

    @Test func listsOnlyPendingStreaksAndExitsOne() throws {
        let box = try fixture()
        let result = try box.sp("remind", "--now", Self.now)
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout == Self.pendLine + "\n" + Self.runsLine + "\n")
        #expect(result.stderr.isEmpty)
        let broken = try box.sp("remind", "--include-broken", "--now", Self.now)
        #expect(broken.status == 1)
        #expect(broken.stdout == "gone: broken, 4h 0m left today to start again\n" + Self.pendLine + "\n" + Self.runsLine + "\n")
        // An archived streak is out of sight, reminders included.
        #expect(try box.sp("archive", "pend").status == 0)
        let archived = try box.sp("remind", "--now", Self.now)
        #expect(archived.status == 1)
        #expect(archived.stdout == Self.runsLine + "\n", "\(archived)")
    }

    @Test func nothingPendingExitsZero() throws {
        let box = try fixture()
        // Once pend is met and runs is gone, only done, rest, away and (broken) gone are left.
        try box.sp("tick", "pend", "--quiet", "--now", "2026-11-23T19:00")
        try box.sp("remove", "runs")
        let result = try box.sp("remind", "--now", Self.now)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "Nothing pending: every streak is done, resting or paused today.\n")
        // A broken streak listed on request is not pending: still 0.
        let broken = try box.sp("remind", "--include-broken", "--now", Self.now)
        #expect(broken.status == 0)
        #expect(broken.stdout == "gone: broken, 4h 0m left today to start again\n")
        // Tomorrow every daily streak alive is pending again: away after its paused day, rest
        // on a Tuesday it is scheduled.
        let tomorrow = try box.sp("remind", "--now", "2026-11-24T23:30")
        #expect(tomorrow.status == 1)
        #expect(tomorrow.stdout.components(separatedBy: "\n").map { $0.split(separator: ":").first ?? "" }
                == ["away 🔥1", "done 🔥2", "pend 🔥2", "rest 🔥2", ""], "\(tomorrow)")
    }

    @Test func dayStartAndSundayWeeks() throws {
        let box = try fixture()
        // 02:30 on the 24th with a 04:00 day start is still the 23rd: 1h 30m left.
        let result = try box.sp("remind", "--now", "2026-11-24T02:30", env: ["STREAKPROMPT_DAY_START": "04:00"])
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("pend 🔥1: 1h 30m left today\n"), "\(result)")
        // Weeks from Sunday: the week of Sunday 11-22 has two met dates (22 is not ticked;
        // 23 is), last week (15–21) had two: runs is pending this week until Saturday night.
        let sunday = try box.sp("remind", "--now", Self.now, env: ["STREAKPROMPT_WEEK_START": "sun"])
        #expect(sunday.stdout.contains("runs 🔥1w: 1 of 2 this week, 5d 4h left"), "\(sunday)")
    }

    @Test func aDailyGoalSaysHowFarTodayIs() throws {
        let box = try Sandbox()
        try box.sp("add", "run", "--goal", "3", "--icon", "🏃")
        for tick in ["2026-11-22T08:00", "2026-11-22T09:00", "2026-11-22T10:00", "2026-11-23T08:00", "2026-11-23T09:00"] {
            try box.sp("tick", "run", "--quiet", "--now", tick)
        }
        let result = try box.sp("remind", "--now", Self.now)
        #expect(result.status == 1)
        #expect(result.stdout == "run 🏃1: 2 of 3 today, 4h 0m left\n", "\(result)")
        // Met: nothing left to remind of.
        try box.sp("tick", "run", "--quiet", "--now", "2026-11-23T19:00")
        #expect(try box.sp("remind", "--now", Self.now).status == 0)
    }

    /// A stand-in `notify-send` first on PATH, writing its arguments (NUL-separated) to a file.
    func notifier(_ box: Sandbox, status: Int = 0) throws -> (env: [String: String], log: String) {
        let log = box.root.appendingPathComponent("notified").path
        try box.file("fake/notify-send", "#!/bin/sh\nprintf '%s\\0' \"$@\" > '\(log)'\necho 'no session bus' >&2\nexit \(status)\n",
                     executable: true)
        return (["PATH": box.root.appendingPathComponent("fake").path + ":" + (box.environment["PATH"] ?? "")], log)
    }

    @Test func notifyCallsNotifySendWithTheList() throws {
        let box = try fixture()
        let (env, log) = try notifier(box)
        let result = try box.sp("remind", "--notify", "--now", Self.now, env: env)
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout.isEmpty, "delivered, so not printed: \(result)")
        let arguments = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\0", omittingEmptySubsequences: false)
        #expect(arguments == ["--app-name=streakprompt", "2 streaks at risk", Substring(Self.pendLine + "\n" + Self.runsLine), ""])
        // Nothing pending: no notification at all, nothing printed.
        try FileManager.default.removeItem(atPath: log)
        try box.sp("tick", "pend", "--quiet", "--now", "2026-11-23T19:00")
        try box.sp("remove", "runs")
        let quiet = try box.sp("remind", "--notify", "--now", Self.now, env: env)
        #expect(quiet.status == 0)
        #expect(quiet.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: log))
    }

    @Test func notifyFallsBackToPrinting() throws {
        let box = try fixture()
        // notify-send fails (no session bus): a warning, and the list printed.
        let (env, _) = try notifier(box, status: 1)
        let failed = try box.sp("remind", "--notify", "--now", Self.now, env: env)
        #expect(failed.status == 1)
        #expect(failed.stdout == Self.pendLine + "\n" + Self.runsLine + "\n")
        #expect(failed.stderr.contains("no session bus"), "\(failed)")
        #if os(Linux)
        // No notify-send on PATH at all: printed, and said why.
        let missing = try box.sp("remind", "--notify", "--now", Self.now, env: ["PATH": box.root.appendingPathComponent("nothing").path])
        #expect(missing.status == 1)
        #expect(missing.stdout == Self.pendLine + "\n" + Self.runsLine + "\n")
        #expect(missing.stderr.contains("no notify-send on PATH"), "\(missing)")
        #endif
    }

    /// tmux reads a message as a format and through strftime: an icon's `#(…)` runs nothing
    /// and its `%Y%%` shows as written.
    @Test func tmuxShowsTheReminderOnEveryClient() throws {
        let box = try fixture(pendIcon: "#(touch pwned-remind)%Y%%")
        // A socket folder of the test's own: remind must reach this tmux and no other.
        let sockets = box.root.appendingPathComponent("tm").path
        try FileManager.default.createDirectory(atPath: sockets, withIntermediateDirectories: true)
        let env = ["TMUX_TMPDIR": sockets]
        guard let (outer, inner) = try nestedTmux(box, config: "set -g status-right ''", env: env) else { return }
        defer { stopInnerTmux(inner, box, env: env); outer.stop() }
        try outer.waitFor("the inner tmux's status line") { $0.contains("[0]") }
        let result = try box.sp("remind", "--tmux", "--now", Self.now, env: env)
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout.isEmpty, "shown on a client, so not printed: \(result)")
        let screen = try outer.waitFor("the reminder") { $0.contains("streakprompt: pend") }
        #expect(screen.contains("streakprompt: pend #(touch pwned-remind)%Y%%1: 4h 0m left today  ·  runs 🔥1w: 1 of 2 this week, 6d 4h left"),
                "\(screen)")
        #expect(!box.exists("pwned-remind"))
        // No tmux client anywhere (an empty socket folder): printed instead.
        let elsewhere = box.root.appendingPathComponent("none").path
        let printed = try box.sp("remind", "--tmux", "--now", Self.now, env: ["TMUX_TMPDIR": elsewhere])
        #expect(printed.stdout.hasPrefix("pend #(touch pwned-remind)%Y%%1: 4h 0m left today\n"), "\(printed)")
    }

    // MARK: The timer

    /// A stand-in `systemctl` (there is no user session manager in a test) that logs its
    /// arguments, and the folder the units go to.
    func systemd(_ box: Sandbox, status: Int = 0) throws -> (env: [String: String], log: String, folder: String) {
        let log = box.root.appendingPathComponent("systemctl.log").path
        try box.file("fake/systemctl", "#!/bin/sh\necho \"$*\" >> '\(log)'\n[ \(status) = 0 ] || echo 'Failed to connect to bus' >&2\nexit \(status)\n",
                     executable: true)
        let config = box.root.appendingPathComponent("config").path
        let env = ["PATH": box.root.appendingPathComponent("fake").path + ":" + (box.environment["PATH"] ?? ""),
                   "XDG_CONFIG_HOME": config, "STREAKPROMPT_DAY_START": "04:00"]
        return (env, log, config + "/systemd/user")
    }

    @Test func installTimerWritesVerifiedUnitsAndUninstallRemovesThem() throws {
        let box = try Sandbox()
        let (env, log, folder) = try systemd(box)
        let result = try box.sp("remind", "--install-timer", "--at", "22:30,20:00", env: env)
        #expect(result.status == 0, "\(result)")
        let service = try String(contentsOfFile: folder + "/streakprompt-remind.service", encoding: .utf8)
        let timer = try String(contentsOfFile: folder + "/streakprompt-remind.timer", encoding: .utf8)
        let binary = URL(fileURLWithPath: Binary.path).standardizedFileURL.path
        #expect(service.contains("\nExecStart=\"\(binary)\" remind --notify --tmux\n"), "\(service)")
        #expect(service.contains("\nEnvironment=\"STREAKPROMPT_HOME=\(box.home)\"\n"))
        #expect(service.contains("\nEnvironment=\"STREAKPROMPT_DAY_START=04:00\"\n"))
        #expect(service.contains("\nSuccessExitStatus=1\n"))
        #expect(timer.contains("\nOnCalendar=*-*-* 20:00:00\nOnCalendar=*-*-* 22:30:00\n"), "\(timer)")
        #expect(try String(contentsOfFile: log, encoding: .utf8) == "--user daemon-reload\n--user enable --now streakprompt-remind.timer\n")
        if let analyze = tool("systemd-analyze") {
            let verified = try run(analyze, ["verify", folder + "/streakprompt-remind.timer", folder + "/streakprompt-remind.service"],
                                   environment: box.environment)
            #expect(verified.status == 0, "\(verified)")
            #expect(verified.stderr.isEmpty, "\(verified)")
        }
        // Again: nothing changes.
        let again = try box.sp("remind", "--install-timer", "--at", "20:00,22:30", env: env)
        #expect(again.stdout.hasPrefix("Already there, unchanged:"), "\(again)")
        // Uninstall: disabled, both files gone, the folder left as it is.
        try FileManager.default.removeItem(atPath: log)
        let removed = try box.sp("remind", "--uninstall-timer", env: env)
        #expect(removed.status == 0, "\(removed)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
        #expect(try String(contentsOfFile: log, encoding: .utf8) == "--user disable --now streakprompt-remind.timer\n--user daemon-reload\n")
        let nothing = try box.sp("remind", "--uninstall-timer", env: env)
        #expect(nothing.status == 0)
        #expect(nothing.stdout.hasPrefix("No reminder timer in \(folder); nothing changed."))
    }

    /// A line break in a carried variable would add a line to the unit (here an
    /// ExecStartPre= that runs a command) or a job to the crontab: refused, nothing written;
    /// the units written for ordinary values pass the real `systemd-analyze verify`.
    @Test(arguments: ["TZ", "STREAKPROMPT_HOME", "STREAKPROMPT_DAY_START"])
    func aControlCharacterInACarriedVariableWritesNothing(variable: String) throws {
        let box = try Sandbox()
        let (env, _, folder) = try systemd(box)
        let hostile = "UTC\nExecStartPre=/bin/touch " + box.root.path + "/pwned"
        for environment in [env, env.merging(["PATH": "/nonexistent"]) { $1 }] {
            let result = try box.sp("remind", "--install-timer", env: environment.merging([variable: hostile]) { $1 })
            #expect(result.status == 2, "\(result)")
            #expect(result.stderr.contains("\(variable) holds a control character"), "\(result)")
            #expect(!result.stdout.contains("ExecStartPre"), "no crontab line printed: \(result)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder + "/streakprompt-remind.service"))
        #expect(!FileManager.default.fileExists(atPath: box.root.path + "/pwned"))
        // A quote, a dollar, a percent and spaces are no control characters: quoted, and verified.
        let odd = box.root.path + "/da ta $HOME %h \"q\""
        let result = try box.sp("remind", "--install-timer", env: env.merging(["STREAKPROMPT_HOME": odd]) { $1 })
        #expect(result.status == 0, "\(result)")
        if let analyze = tool("systemd-analyze") {
            let verified = try run(analyze, ["verify", folder + "/streakprompt-remind.timer", folder + "/streakprompt-remind.service"],
                                   environment: box.environment)
            #expect(verified.status == 0 && verified.stderr.isEmpty, "\(verified)")
        }
        let service = try String(contentsOfFile: folder + "/streakprompt-remind.service", encoding: .utf8)
        #expect(service.contains("\nEnvironment=\"STREAKPROMPT_HOME=\(box.root.path)/da ta $HOME %%h \\\"q\\\"\"\n"), "\(service)")
    }

    @Test func anotherToolsUnitIsNeverReplacedOrRemoved() throws {
        let box = try Sandbox()
        let (env, _, folder) = try systemd(box)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let mine = "[Service]\nExecStart=/bin/true\n"
        try mine.write(toFile: folder + "/streakprompt-remind.service", atomically: true, encoding: .utf8)
        let install = try box.sp("remind", "--install-timer", env: env)
        #expect(install.status == 1)
        #expect(install.stderr.contains("was not written by streakprompt"), "\(install)")
        let uninstall = try box.sp("remind", "--uninstall-timer", env: env)
        #expect(uninstall.status == 1)
        #expect(try String(contentsOfFile: folder + "/streakprompt-remind.service", encoding: .utf8) == mine)
        #expect(!FileManager.default.fileExists(atPath: folder + "/streakprompt-remind.timer"))
    }

    @Test func systemdThatCannotEnableSaysWhatToDo() throws {
        let box = try Sandbox()
        let (env, _, folder) = try systemd(box, status: 1)
        let result = try box.sp("remind", "--install-timer", env: env)
        #expect(result.status == 1)
        #expect(result.stderr.contains("Failed to connect to bus"), "\(result)")
        #expect(result.stderr.contains("systemctl --user enable --now streakprompt-remind.timer"))
        #expect(result.stderr.contains("0 20 * * * "), "the crontab line as the other way: \(result)")
        #expect(FileManager.default.fileExists(atPath: folder + "/streakprompt-remind.timer"))
    }

    @Test func withoutSystemdItPrintsTheCrontabLines() throws {
        let box = try Sandbox()
        let config = box.root.appendingPathComponent("config").path
        let result = try box.sp("remind", "--install-timer", "--at", "21:15",
                                env: ["PATH": box.root.appendingPathComponent("empty").path, "XDG_CONFIG_HOME": config])
        #expect(result.status == 0, "\(result)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.first == "No systemd here (systemctl is not on PATH). Add these lines to your crontab ('crontab -e'):")
        #expect(lines.count == 2)
        #expect(lines.last?.hasPrefix("15 21 * * * DBUS_SESSION_BUS_ADDRESS=") == true)
        #expect(lines.last?.hasSuffix(" remind --notify --tmux") == true)
        #expect(lines.last?.contains("STREAKPROMPT_HOME='\(box.home)'") == true)
        #expect(!FileManager.default.fileExists(atPath: config))
    }

    @Test func badTimerFlags() throws {
        let box = try Sandbox()
        let bad = try box.sp("remind", "--install-timer", "--at", "20:00,25:00")
        #expect(bad.status == 2)
        #expect(bad.stderr == "streakprompt: --at '20:00,25:00' is not a list of times of day; use HH:MM separated by commas, e.g. 20:00,22:30\n")
        let both = try box.sp("remind", "--install-timer", "--uninstall-timer")
        #expect(both.status == 2)
        let alone = try box.sp("remind", "--at", "20:00")
        #expect(alone.status == 2)
        #expect(alone.stderr.contains("add --install-timer"))
    }
}
