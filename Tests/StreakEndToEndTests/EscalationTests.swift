import Foundation
import Testing

/// The prompt escalates as the day runs out: from the warn time on, a pending streak takes the
/// warning look and `{left}`; never on rest days, paused days or once done. In every host, from
/// the binary and from the pre-rendered view alike.
@Suite("escalation and styles")
struct EscalationTests {
    static let hosts = ["bash", "zsh", "fish", "tmux", "plain"]

    /// The styled opening of each state in each host, with the default theme.
    static func opening(_ host: String, _ state: String) -> String {
        let ansi = ["done": "32", "pending": "33", "warn": "1;31", "broken": "2"][state]!
        let tmux = ["done": "fg=black,bold", "pending": "fg=black,bg=yellow", "warn": "fg=white,bg=red,bold",
                    "broken": "fg=colour238"][state]!
        switch host {
        case "bash": return "\u{01}\u{1B}[\(ansi)m\u{02}"
        case "zsh": return "%{\u{1B}[\(ansi)m%}"
        case "tmux": return "#[\(tmux)]"
        default: return "\u{1B}[\(ansi)m"
        }
    }

    /// The view's text at `now` as a plugin picks it: the first piece valid then, `{left}` filled.
    static func pick(_ view: String, now: Int) -> String? {
        let lines = view.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let first = lines.first, first.hasPrefix("streakprompt-view 2 "), first.count == 36 else { return nil }
        for line in lines.dropFirst(2) {
            if line == "end" { return nil }
            let fields = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 3, let until = Int(fields[0]), let deadline = Int(fields[1]) else { return nil }
            guard until == 0 || now < until else { continue }
            let minutes = (deadline - now + 59) / 60
            let left = minutes >= 60 ? "\(minutes / 60)h\(minutes % 60)m" : "\(minutes)m"
            return deadline == 0 ? fields[2] : fields[2].replacingOccurrences(of: "\u{1F}", with: left)
        }
        return nil
    }

    /// The segment at `now` in `host`, from the binary, checked against the view the same call
    /// writes (not for tmux, whose view is pushed).
    func segment(_ box: Sandbox, _ host: String, now: String, env: [String: String] = [:]) throws -> String {
        var environment = env
        environment["TERM"] = "xterm-256color"
        // Views are of the real clock; the debug binary's test clock moves it to `now`.
        environment["STREAKPROMPT_TEST_CLOCK"] = now
        let result = try box.spArgs(["prompt", "--shell", host, "--view", "--now", now], env: environment)
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        guard host != "tmux" else { return result.stdout }
        let path = String(result.stdout.prefix { $0 != "\n" })
        let text = String(result.stdout.drop { $0 != "\n" }.dropFirst())
        let view = try String(contentsOfFile: path, encoding: .utf8)
        let seconds = Int(ISO8601DateFormatter.moment(now, zone: box.environment["TZ"]!))
        #expect(EscalationTests.pick(view, now: seconds) == text, "view and binary at \(now) in \(host)")
        return text
    }

    @Test(arguments: EscalationTests.hosts)
    func warnTimeAndDayStartBoundaries(_ host: String) throws {
        let box = try Sandbox(tz: "Europe/Berlin", extra: ["STREAKPROMPT_DAY_START": "04:00",
                                                           "STREAKPROMPT_FORMAT": "{icon}{count} {left}"])
        try box.sp("tick", "q", "--now", "2026-11-20T10:00")
        let pending = try segment(box, host, now: "2026-11-21T19:59:59")
        #expect(pending.hasPrefix(EscalationTests.opening(host, "pending")), "\(pending)")
        #expect(pending.contains("🔥1 ") && !pending.contains("h"), "no {left} before the warn time: \(pending)")
        let warn = try segment(box, host, now: "2026-11-21T20:00")
        #expect(warn.hasPrefix(EscalationTests.opening(host, "warn")), "\(warn)")
        #expect(warn.contains("🔥1 8h0m"), "until the 04:00 day start: \(warn)")
        let night = try segment(box, host, now: "2026-11-22T03:30")
        #expect(night.contains("🔥1 30m") && night.hasPrefix(EscalationTests.opening(host, "warn")), "\(night)")
        let broken = try segment(box, host, now: "2026-11-22T04:00")
        #expect(broken.hasPrefix(EscalationTests.opening(host, "broken")) && broken.contains("🔥0 "), "\(broken)")
        // A warn time before the day start is the night before the date ends.
        let early = ["STREAKPROMPT_WARN_AT": "01:00"]
        let before = try segment(box, host, now: "2026-11-22T00:59", env: early)
        #expect(before.hasPrefix(EscalationTests.opening(host, "pending")), "\(before)")
        let after = try segment(box, host, now: "2026-11-22T01:00", env: early)
        #expect(after.contains("🔥1 3h0m") && after.hasPrefix(EscalationTests.opening(host, "warn")), "\(after)")
        // Off: never.
        let off = try segment(box, host, now: "2026-11-21T23:00", env: ["STREAKPROMPT_WARN_AT": "off"])
        #expect(off.hasPrefix(EscalationTests.opening(host, "pending")), "\(off)")
    }

    @Test(arguments: EscalationTests.hosts)
    func noWarningOnRestPausedOrDoneDays(_ host: String) throws {
        let box = try Sandbox(tz: "Europe/Berlin", extra: ["STREAKPROMPT_FORMAT": "{count}<{left}>"])
        // Friday 2026-11-20: a weekday streak rests on Saturday.
        try box.sp("add", "w", "--schedule", "weekdays", "--from", "2026-11-01")
        try box.sp("tick", "w", "--now", "2026-11-20T10:00")
        let rest = try segment(box, host, now: "2026-11-21T22:00")
        #expect(rest.hasPrefix(EscalationTests.opening(host, "done")) && rest.contains("1<>"), "\(rest)")
        try box.sp("remove", "w")
        // A paused date asks nothing.
        try box.sp("tick", "p", "--now", "2026-11-20T10:00")
        try box.sp("pause", "p", "--from", "2026-11-21", "--to", "2026-11-21", "--now", "2026-11-20T11:00")
        let paused = try segment(box, host, now: "2026-11-21T22:00")
        #expect(paused.hasPrefix(EscalationTests.opening(host, "done")) && paused.contains("1<>"), "\(paused)")
        // Done today: nothing to warn about.
        try box.sp("tick", "p", "--now", "2026-11-22T09:00")
        let done = try segment(box, host, now: "2026-11-22T22:00")
        #expect(done.hasPrefix(EscalationTests.opening(host, "done")) && done.contains("2<>"), "\(done)")
    }

    /// Styles and icons from the config file and the environment (the environment wins), and
    /// the options that hide streaks, in every host; `config` says where each came from.
    @Test(arguments: EscalationTests.hosts)
    func stylesPerStatePerHost(_ host: String) throws {
        let box = try Sandbox(tz: "UTC")
        try box.file("home/.config/streakprompt/config", """
            # mine
            style-done = 35
            icon-done = D
            icon-pending = P
            tmux-style-done = fg=blue,bold
            style-pending = 1;33
            icon-broken = x
            tmux-style-broken = fg=#303030
            bogus = 1
            style-warn = \u{1B}[31m
            """)
        try box.sp("tick", "a", "--now", "2026-11-20T10:00")
        try box.sp("tick", "b", "--now", "2026-11-21T10:00")
        try box.sp("tick", "c", "--now", "2026-11-10T10:00")
        let env = ["STREAKPROMPT_STYLE_PENDING": "36", "STREAKPROMPT_TMUX_STYLE_PENDING": "fg=black,bg=cyan",
                   "STREAKPROMPT_FORMAT": "{icon}{name}{count}"]
        let text = try segment(box, host, now: "2026-11-21T12:00", env: env)
        let (done, pending, broken): (String, String, String)
        switch host {
        case "bash": (done, pending, broken) = ("\u{01}\u{1B}[35m\u{02}Db1", "\u{01}\u{1B}[36m\u{02}Pa1", "\u{01}\u{1B}[2m\u{02}xc0")
        case "zsh": (done, pending, broken) = ("%{\u{1B}[35m%}Db1", "%{\u{1B}[36m%}Pa1", "%{\u{1B}[2m%}xc0")
        case "tmux": (done, pending, broken) = ("#[fg=blue,bold]Db1", "#[fg=black,bg=cyan]Pa1", "#[fg=#303030]xc0")
        default: (done, pending, broken) = ("\u{1B}[35mDb1", "\u{1B}[36mPa1", "\u{1B}[2mxc0")
        }
        #expect(text.contains(done) && text.contains(pending) && text.contains(broken), "\(host): \(text.debugDescription)")
        // Hidden: broken ones, then those at zero.
        let format = ["STREAKPROMPT_FORMAT": "{icon}{name}{count}"]
        let hidden = try segment(box, host, now: "2026-11-21T12:00", env: format.merging(["STREAKPROMPT_HIDE_BROKEN": "yes"]) { $1 })
        #expect(!hidden.contains("xc0") && hidden.contains("Db1"), "\(hidden)")
        let zero = try segment(box, host, now: "2026-11-21T12:00", env: format.merging(["STREAKPROMPT_HIDE_ZERO": "1"]) { $1 })
        #expect(!zero.contains("xc0") && zero.contains("Pa1"), "\(zero)")
        // NO_COLOR: no style at all.
        let plain = try segment(box, host, now: "2026-11-21T12:00", env: format.merging(["NO_COLOR": "1"]) { $1 })
        #expect(!plain.contains("\u{1B}") && !plain.contains("#["), "\(plain)")
    }

    @Test func configShowsValuesAndSources() throws {
        let box = try Sandbox()
        let path = try box.file("home/.config/streakprompt/config", "style-done = 35\nwarn-at = nine\nnonsense\n")
        let result = try box.sp("config", env: ["STREAKPROMPT_ICON_WARN": "⏰"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("style-done         = 35  [\(path):1]"), "\(result)")
        #expect(result.stdout.contains("icon-warn          = ⏰  [STREAKPROMPT_ICON_WARN]"), "\(result)")
        #expect(result.stdout.contains("warn-at            = 20:00  [default]"), "\(result)")
        #expect(result.stderr.contains("\(path):2: warn-at = 'nine' is not HH:MM or off; ignored"), "\(result)")
        #expect(result.stderr.contains("\(path):3: not a setting"), "\(result)")
    }
}

extension ISO8601DateFormatter {
    /// Seconds since the epoch of a local ISO 8601 time (no offset) in `zone`.
    static func moment(_ text: String, zone: String) -> Int {
        let formatter = DateFormatter()
        formatter.timeZone = TimeZone(identifier: zone)
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = text.count > 16 ? "yyyy-MM-dd'T'HH:mm:ss" : "yyyy-MM-dd'T'HH:mm"
        return Int(formatter.date(from: text)!.timeIntervalSince1970)
    }
}
