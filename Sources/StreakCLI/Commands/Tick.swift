import StreakCore
import StreakSystem

/// `streakprompt tick [NAME]`: records an action for the streak date of this moment.
enum Tick: Command {
    static let spec = CommandSpec(
        ["tick"], usage: "[NAME] [--quiet]", summary: "count an action today (default streak: \"default\")",
        details: """
        Records an action for the streak on today's date, creating the streak if it does
        not exist. A second tick on the same date is recorded but counts once.
        """,
        flags: [CommandTable.quiet, CommandTable.now], arguments: .streakName(existing: true), count: 0...1)

    static func run(_ invocation: Invocation, _ context: Context) throws(CommandError) -> Int32 {
        let name = context.streakName(invocation)
        let today = try context.today(invocation)
        let store = try context.store()
        let at = context.zone.local(at: today.now)
        let action = Action(day: today.day, at: at)
        let outcome: TickOutcome
        do throws(StoreError) {
            outcome = try store.tick(name, action: action, zone: context.zone)
        } catch {
            // The exit status tells whether the action was recorded; so must the message.
            if case .recordedDespite = error { throw error.commandError }
            throw .failure(error.commandError.message + "; the action was not recorded")
        }
        for problem in outcome.streak.problems {
            Exit.warn(problem.warning + "; 'streakprompt doctor' reports every problem")
        }
        Exit.warnCache(outcome.cacheProblem, done: "the action is recorded")
        guard !invocation.has(CommandTable.quiet) else { return 0 }
        let streak = outcome.streak
        let reading = streak.reading(today: today.day, zone: context.zone)
        let counts = "\(streak.settings.icon) \(reading.current)"
        let when = action.day == today.day ? "today" : "for \(action.day)"
        var message: String
        if outcome.alreadyCounted {
            message = "\(name): already counted \(when) · \(counts)"
        } else if !streak.settings.rules.schedule.contains(action.day) {
            message = "\(name): counted \(when), in the total only (\(action.day.weekday.shortName) is not on its \(streak.settings.rules.schedule) schedule) · \(counts)"
        } else if outcome.created {
            message = "\(name): new streak, counted \(when) · \(counts)"
        } else {
            message = "\(name): counted \(when) · \(counts)"
            if reading.current > 1 && reading.current == reading.best { message += " · best ever" }
        }
        context.out.line(message)
        return 0
    }
}
