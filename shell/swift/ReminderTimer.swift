import StreakCore

/// The text `remind --install-timer` writes: a systemd user service and timer that run
/// `streakprompt remind` at set times, or, on a machine without systemd, the crontab lines that
/// do the same. Pure text; writing, enabling and removing the files is StreakSystem's.
public enum ReminderTimer {
    /// The units' name: `streakprompt-remind.service` and `streakprompt-remind.timer`.
    public static let unitName = "streakprompt-remind"
    public static var serviceFile: String { unitName + ".service" }
    public static var timerFile: String { unitName + ".timer" }

    /// The first line of both files: how `--uninstall-timer` (and a second install) knows a
    /// file is streakprompt's to replace or remove, and never touches another one.
    public static let marker = "# Written by 'streakprompt remind --install-timer'; 'streakprompt remind --uninstall-timer' removes it."

    /// What the timer runs: a desktop notification and a tmux message where they can be
    /// shown, the list in the journal (or cron's mail) otherwise.
    public static let arguments = ["remind", "--notify", "--tmux"]

    /// The variables that change what `remind` reads, carried from the installing shell into
    /// the service and the crontab line (a user service does not see the shell's variables).
    public static let carried = ["STREAKPROMPT_HOME", "STREAKPROMPT_DAY_START", "STREAKPROMPT_WEEK_START", "TZ"]

    /// The default times, when `--at` is not given.
    public static let defaultTimes = [DayStart(seconds: 20 * 3600)]

    /// Why these values cannot go into a unit file or a crontab line, or nil when they can: a
    /// control character (a line break above all) in a carried variable or the binary's path
    /// would end the line and start another (`TZ=$'UTC\nExecStartPre=…'` adds a command to
    /// the service; in a crontab, a new job). Refused, not escaped: no zone, folder or day start
    /// holds one.
    public static func problem(binary: String, environment: [(String, String)]) -> String? {
        for (name, value) in [("the binary's path", binary)] + environment.map({ ($0.0, $0.1) })
            where value.unicodeScalars.contains(where: Text.isControl) {
            return "\(name) holds a control character ('\(Text.visible(value))'): it would end a line of the timer (or the crontab) and start another; set it without one and run this again"
        }
        return nil
    }

    /// `remind` run once: exit 1 means "something is pending", not a failure, so systemd does
    /// not mark the service failed on the very evenings it did its job.
    public static func service(binary: String, environment: [(String, String)]) -> String {
        var lines = [
            marker,
            "[Unit]",
            "Description=streakprompt: remind of streaks still pending today",
            "",
            "[Service]",
            "Type=oneshot",
        ]
        for (name, value) in environment { lines.append("Environment=" + quotedSetting(name + "=" + value)) }
        lines.append("ExecStart=" + ([quotedCommand(binary)] + arguments).joined(separator: " "))
        lines.append("SuccessExitStatus=1")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The timer: one `OnCalendar=` a time, every day, in the user manager's local time.
    public static func timer(at times: [DayStart]) -> String {
        var lines = [
            marker,
            "[Unit]",
            "Description=streakprompt: remind of pending streaks at " + times.map(\.description).joined(separator: ", "),
            "",
            "[Timer]",
        ]
        for time in times { lines.append("OnCalendar=*-*-* \(time):00") }
        lines += ["AccuracySec=1min", "Unit=" + serviceFile, "", "[Install]", "WantedBy=timers.target"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// One crontab line a time: the same command, with the carried variables and the session
    /// bus notify-send needs (cron does not provide it). `%` is escaped, as crontab requires.
    public static func crontab(binary: String, at times: [DayStart], environment: [(String, String)]) -> [String] {
        var command = ["DBUS_SESSION_BUS_ADDRESS=\"${DBUS_SESSION_BUS_ADDRESS:-unix:path=/run/user/$(id -u)/bus}\""]
        for (name, value) in environment { command.append(name + "=" + ShellQuote.quoted(value, .posix)) }
        command.append(ShellQuote.quoted(binary, .posix))
        command += arguments
        let text = command.joined(separator: " ").replacing("%", with: "\\%")
        return times.map { time in "\(time.seconds / 60 % 60) \(time.seconds / 3600) * * * " + text }
    }

    /// `--at 20:00,22:30` read by the one time-of-day parser (`DayStart`): sorted, without
    /// repeats; nil when an item does not read.
    public static func times(_ text: String) -> [DayStart]? {
        var times: [DayStart] = []
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let time = DayStart(item) else { return nil }
            if !times.contains(time) { times.append(time) }
        }
        return times.isEmpty ? nil : times.sorted { $0.seconds < $1.seconds }
    }

    /// A setting as one word of a unit file: double-quoted, `\` and `"` escaped, `%` doubled
    /// (systemd expands `%` specifiers everywhere).
    static func quotedSetting(_ text: String) -> String {
        var out = "\""
        for character in text {
            switch character {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "%": out += "%%"
            default: out.append(character)
            }
        }
        return out + "\""
    }

    /// A word of `ExecStart=`: quoted as a setting, and `$` doubled (systemd expands variables
    /// in command lines).
    static func quotedCommand(_ text: String) -> String {
        quotedSetting(text).replacing("$", with: "$$")
    }
}
