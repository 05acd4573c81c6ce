import StreakCore
import StreakSystem

/// `streakprompt card NAME`: a small SVG card of one streak, for a profile README.
enum Card: Command {
    static let spec = CommandSpec(
        ["card"], usage: "[NAME] [--format svg] [--theme light|dark] [--output FILE]",
        summary: "a small SVG card (current, best, total, the last weeks) to share",
        details: """
        The streak's icon and name, its current run (green when done today, amber while
        pending, grey when broken), its best run, its total met dates, and its last \(ShareCard.weeks)
        weeks as a small heat map (the same cells as 'calendar'). A self-contained SVG
        (no script, font or link) that GitHub shows in a README:
        'streakprompt card quiz -o quiz.svg', then ![quiz](quiz.svg).
        """,
        flags: [format, ShareOutput.theme, ShareOutput.output, CommandTable.now],
        arguments: .streakName(existing: true), count: 0...1, printsData: true)

    static let format = FlagSpec("--format", .choice("FORMAT", noun: "format", words: ["svg"]), help: "svg (the only one, and the default)")

    static func run(_ invocation: Invocation, _ context: Context) throws(CommandError) -> Int32 {
        let (today, streak) = try Report.named(invocation, context)
        let reading = streak.reading(today: today.day, zone: context.zone)
        let map = Calendar.heatmap(streak, today: today.day, zone: context.zone, weeks: ShareCard.weeks)
        let card = ShareCard(icon: streak.settings.icon, reading: reading, heatmap: map)
        return try ShareOutput.emit(card.svg(theme: ShareOutput.theme(invocation)), invocation, context)
    }
}
