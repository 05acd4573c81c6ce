import StreakCore
import StreakSystem

/// `streakprompt calendar [NAME]`: the streak's recent dates as a GitHub-style heat map.
enum Calendar: Command {
    static let spec = CommandSpec(
        ["calendar"], usage: "[NAME] [--weeks N] [--json | --format text|svg|html] [--theme light|dark] [--output FILE]",
        summary: "GitHub-style heat map in the terminal (or as SVG or HTML to share)",
        details: """
        One column per week (Monday on top, Sunday with STREAKPROMPT_WEEK_START=sun), one
        cell per date, shaded by the actions that date has: relative to the busiest date
        shown, or with a daily goal above 1 by the progress toward it (full once met).
        Frozen dates (covered by a freeze), paused and unscheduled dates have their own
        marks; today is bracketed. A weekly streak has a last row, Wk, with each week's
        outcome: met, frozen, paused (neither breaks nor extends) or missed.

        Colour is used only when standard output is a terminal and neither NO_COLOR nor
        TERM=dumb is set; otherwise the cells are plain characters:
          . nothing yet   - + x #  more and more   * frozen   ~ paused   _ not scheduled

        Width: the terminal's (or COLUMNS, else 80); by default as many weeks as fit, up to
        53. --json prints the same data for every date shown (53 weeks unless --weeks).

        --format svg writes the same heat map as a self-contained SVG image (the last year,
        53 weeks, unless --weeks), for a README or a web page; --format html wraps it in a
        small page. Each square is the date's facts from the same data as --json; paused
        dates are striped, frozen ones blue, unscheduled ones outlined, today ringed.
        --theme dark suits a dark page.
        """,
        flags: [
            weeks,
            CommandTable.json, format, ShareOutput.theme, ShareOutput.output, CommandTable.now,
        ],
        arguments: .streakName(existing: true), count: 0...1)

    static let format = FlagSpec("--format", .choice("FORMAT", noun: "format", words: ["text", "svg", "html"]),
                                 help: "text for the terminal (default), or an svg or html image to share")
    static let weeks = FlagSpec("--weeks", .integer("N", 1...520), help: "how many weeks to show (default: as many as fit, up to 53)")

    static func run(_ invocation: Invocation, _ context: Context) throws(CommandError) -> Int32 {
        let weeks = invocation.integer(Calendar.weeks)
        let (today, streak) = try Report.named(invocation, context)
        let width = context.out.terminalWidth(context.environment)
        let json = invocation.has("--json")
        let image = invocation.text(format).flatMap { $0 == "text" ? nil : $0 }
        if json && image != nil { throw .usage("--json and --format \(image!) cannot be given together; choose one") }
        if !invocation.has(format) && (invocation.has(ShareOutput.theme) || invocation.has(ShareOutput.output)) {
            throw .usage("--theme and --output are for an image; add --format svg or --format html")
        }
        let map = heatmap(streak, today: today.day, zone: context.zone,
                          weeks: weeks ?? (json || image != nil ? Heatmap.maxWeeks : Heatmap.weeks(fitting: width)))
        if let image {
            let theme = ShareOutput.theme(invocation)
            let icon = streak.settings.icon
            return try ShareOutput.emit(image == "svg" ? map.svg(theme: theme, icon: icon) : map.html(theme: theme, icon: icon),
                                        invocation, context)
        }
        if json {
            context.out.line(map.json.rowsText)
            return 0
        }
        let color = context.out.isTerminal && !context.environment.colorDisabled
        context.out.write(map.rendered(style: color ? .color : .plain, width: width))
        return 0
    }

    /// The heat map of a loaded streak: each date's counts toward its goal, its pause, and
    /// the freezes spent, including those spent since the last action up to yesterday.
    static func heatmap(_ streak: LoadedStreak, today: StreakDay, zone: some ZoneRules, weeks: Int) -> Heatmap {
        Heatmap(name: streak.name.text, replay: streak.replay, today: today, weeks: weeks, zone: zone)
    }
}
