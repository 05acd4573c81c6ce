import StreakCore
import StreakSystem

/// `streakprompt calendar [NAME]`: the streak's recent dates as a GitHub-style heat map.
enum Calendar: Command {
    static let spec = CommandSpec(
        ["calendar"], usage: "[NAME] [--weeks N] [--json]", summary: "GitHub-style heat map in the terminal",
        details: """
        One column per week (Monday on top), one cell per date, shaded by the number of
        actions that date has, relative to the busiest date shown. Frozen dates (covered by
        a freeze) and unscheduled dates have their own marks; today is bracketed.

        Colour is used only when standard output is a terminal and neither NO_COLOR nor
        TERM=dumb is set; otherwise the cells are plain characters:
          . nothing yet   - + x #  more and more actions   * frozen   _ not scheduled

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
        let store = try context.store()
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

    /// The heat map of a loaded streak: one count per distinct action, and the dates freezes
    /// covered, including those spent since the last action up to yesterday.
    static func heatmap(_ streak: LoadedStreak, today: StreakDay, zone: some ZoneRules, weeks: Int) -> Heatmap {
        var counts: [StreakDay: Int] = [:]
        for action in streak.actions.distinctMoments() { counts[action.day, default: 0] += 1 }
        var frozen = Set(streak.replay.frozen)
        var progress = streak.replay.progress
        progress.advance(through: today - 1, rules: streak.settings.rules, zone: zone, spent: { frozen.insert($0) })
        return Heatmap(name: streak.name.text, counts: counts, schedule: streak.settings.rules.schedule,
                       frozen: frozen, today: today, weeks: weeks)
    }
}
