import StreakCore
import StreakSystem

/// `streakprompt calendar [NAME]`: the streak's recent dates as a GitHub-style heat map.
enum Calendar: Command {
    static let spec = CommandSpec(
        ["calendar"], usage: "[NAME] [--weeks N] [--json]", summary: "GitHub-style heat map in the terminal",
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
        """,
        flags: [
            weeks,
            CommandTable.json, CommandTable.now,
        ],
        arguments: .streakName(existing: true), count: 0...1)

    static let weeks = FlagSpec("--weeks", .integer("N", 1...520), help: "how many weeks to show (default: as many as fit, up to 53)")

    static func run(_ invocation: Invocation, _ context: Context) throws(CommandError) -> Int32 {
        let weeks = invocation.integer(Calendar.weeks)
        let today = try context.today(invocation)
        let store = try context.store(today: today)
        let name = try Roster.streak(invocation, store, whenNone: nil)
        let streak = try Report.load(name, store, context)
        let width = context.out.terminalWidth(context.environment)
        let json = invocation.has("--json")
        let map = heatmap(streak, today: today.day, zone: context.zone,
                          weeks: weeks ?? (json ? Heatmap.maxWeeks : Heatmap.weeks(fitting: width)))
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
