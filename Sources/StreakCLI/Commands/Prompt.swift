import StreakCore
import StreakSystem

/// `streakprompt [prompt] [NAME...]`: the segment, from the prompt cache alone.
///
/// This runs before every prompt, so it does the least it can: one small file read, one clock
/// read, one zone conversion. Whatever goes wrong with the data (no cache, an unreadable or
/// corrupt or huge one, a bad environment variable) it prints nothing and exits 0: a prompt
/// must never break. Only a mistake in the command line itself is reported.
enum Prompt: Command {
    static let spec = CommandSpec(
        ["prompt"], usage: "[NAME...] [--shell SHELL] [--format FMT]",
        summary: "print the prompt segment (the default command)",
        details: """
        Prints each named streak's segment, or every streak's when none is named, from the
        prompt cache alone. Never fails a prompt: with no cache, or one that cannot be read, it
        prints nothing and exits 0.

        Format placeholders: {icon} {count} {best} {name} {state} {total} {freezes};
        {{ and }} print braces. Default: STREAKPROMPT_FORMAT, else {icon}{count}.
        Styles by state: green when done today, yellow when pending, dim when broken
        (none with NO_COLOR or TERM=dumb).
        """,
        flags: [
            FlagSpec("--shell", value: "SHELL", help: "escape for bash, zsh, fish, tmux or plain (default plain)",
                     choices: CommandTable.hosts),
            FlagSpec("--format", value: "FMT", help: "segment format, e.g. '{icon}{count}'"),
            CommandTable.now,
        ],
        arguments: "NAME", count: 0...64, completes: .streak)

    static func run(_ invocation: Invocation, _ context: Context) throws -> Int32 {
        run(invocation, context, bare: false)
    }

    static func run(_ invocation: Invocation, _ context: Context, bare: Bool) -> Int32 {
        do {
            return try render(invocation, context, bare: bare)
        } catch {
            // A usage error is the only failure that reaches here, raised before any output.
            Exit.report(error.message)
            return 2
        }
    }

    static func render(_ invocation: Invocation, _ context: Context, bare: Bool) throws(UsageError) -> Int32 {
        var host = Host.plain
        if let shell = invocation.value("--shell") {
            guard let chosen = Host(rawValue: shell) else {
                throw UsageError("unknown shell '\(Text.visible(shell))' for --shell; did you mean '\(Suggest.closest(to: shell, in: Host.allCases.map(\.rawValue)))'?")
            }
            host = chosen
        }
        for word in invocation.arguments where StreakName.problem(with: word) != nil {
            throw unknownWord(word, bare: bare)
        }
        // An explicit --now that does not parse is the user's typo; report it.
        var explicitNow: Int64?
        if let text = invocation.value("--now") {
            guard let input = TimeInput(text) else {
                throw UsageError("--now '\(Text.visible(text))' is not a time; use ISO 8601, e.g. 2026-11-22T23:59 or 2026-11-22")
            }
            explicitNow = input.moment(in: context.zone)
        }

        guard let home = Store.defaultHome(),
              let bytes = try? Files.read(Store.cachePath(home: home), limit: PromptCache.maxBytes),
              let entries = PromptCache.decode(bytes)
        else {
            if bare, let word = invocation.arguments.first(where: looksLikeCommand) { throw unknownWord(word, bare: true) }
            return 0
        }
        if bare, let word = invocation.arguments.first(where: { word in
            looksLikeCommand(word) && !entries.contains { $0.name == word }
        }) {
            throw unknownWord(word, bare: true)
        }

        let nowText = Environment.nonEmpty("STREAKPROMPT_NOW")
        let now: Int64
        if let explicitNow {
            now = explicitNow
        } else if let nowText {
            guard let input = TimeInput(nowText) else { return 0 }
            now = input.moment(in: context.zone)
        } else {
            now = Clock.now()
        }
        var dayStart = DayStart.midnight
        if let text = Environment.nonEmpty("STREAKPROMPT_DAY_START") {
            guard let parsed = DayStart(text) else { return 0 }
            dayStart = parsed
        }
        let today = DayClock(zone: context.zone, dayStart: dayStart).day(at: now)
        let format = SegmentFormat(invocation.value("--format") ?? Environment.value("STREAKPROMPT_FORMAT")
            .flatMap { $0.isEmpty ? nil : $0 } ?? SegmentFormat.defaultText)
        let color = !Environment.colorDisabled

        let chosen: [PromptCache.Entry]
        if invocation.arguments.isEmpty {
            chosen = entries
        } else {
            chosen = invocation.arguments.compactMap { name in entries.first { $0.name == name } }
        }
        var parts: [String] = []
        for entry in chosen {
            let rules = Rules(schedule: entry.schedule, freezes: entry.progress.freezesLeft)
            let reading = entry.progress.reading(today: today, rules: rules, zone: context.zone)
            let text = Segment(name: entry.name, icon: entry.icon, reading: reading)
                .rendered(format, host: host, color: color)
            if !text.isEmpty { parts.append(text) }
        }
        if !parts.isEmpty {
            context.out.write(parts.joined(separator: " "))
            if host == .plain && context.out.isTerminal { context.out.write("\n") }
        }
        return 0
    }

    static func looksLikeCommand(_ word: String) -> Bool {
        CommandTable.commandWords.contains { Suggest.isClose(word, to: $0) }
    }

    static func unknownWord(_ word: String, bare: Bool) -> UsageError {
        if bare {
            let suggestion = Suggest.closest(to: word, in: CommandTable.commandWords)
            return UsageError("unknown command '\(Text.visible(word))'; did you mean '\(suggestion)'? (see 'streakprompt --help')")
        }
        return UsageError(StreakName.problem(with: word)?.message ?? "invalid streak name '\(Text.visible(word))'")
    }
}
