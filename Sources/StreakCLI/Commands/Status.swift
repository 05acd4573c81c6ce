import StreakCore
import StreakSystem

/// `streakprompt status [NAME]`: where one streak stands today.
enum Status: Command {
    static let spec = CommandSpec(
        ["status"], usage: "[NAME] [--json]", summary: "current, best, total, state, time left today",
        details: """
        Shows the current run, the best and the total, today's state (and for a pending
        streak the time left today), the completion rate of the last 30 and 365 days, and
        the freezes left.

        Completion rate: scheduled dates with an action / scheduled dates in the window. The
        window is the last N dates up to today, starting no earlier than the streak's first
        action; today counts only once it is done (a pending today is not a miss yet); dates
        a freeze covered count as not done; unscheduled dates count in neither.
        """,
        flags: [CommandTable.json, CommandTable.now], arguments: .streakName(existing: true), count: 0...1)

    static func run(_ invocation: Invocation, _ context: Context) throws(CommandError) -> Int32 {
        let today = try context.today(invocation)
        let store = try context.store()
        let name = try Roster.streak(invocation, store, whenNone: nil)
        let streak = try Report.load(name, store, context)
        let reading = streak.reading(today: today.day, zone: context.zone)
        if invocation.has(CommandTable.json) {
            context.out.line(Report.json(streak, reading, today).pretty)
            return 0
        }
        let settings = streak.settings
        context.out.line("\(name)  \(settings.icon) \(reading.current)  \(Report.stateText(reading, today, schedule: settings.rules.schedule))")
        var facts = ["best \(reading.best)", "total \(reading.total)"]
        if let last = reading.last { facts.append("last \(last)") }
        context.out.line("  " + facts.joined(separator: " · "))
        if !streak.actions.isEmpty {
            let rates = Report.windows.map { Report.completionText(Report.completion(streak, today, days: $0)) }
            context.out.line("  " + rates.joined(separator: " · "))
        }
        var rules = ["schedule \(settings.rules.schedule)"]
        if settings.rules.freezes > 0 { rules.append("freezes left \(reading.freezesLeft) of \(settings.rules.freezes)") }
        context.out.line("  " + rules.joined(separator: " · "))
        return 0
    }
}
