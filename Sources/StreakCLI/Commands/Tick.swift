import StreakCore
import StreakSystem

/// `streakprompt tick [NAME]`: records an action for the streak date of this moment.
enum Tick: Command {
    static let spec = CommandSpec(
        ["tick"], usage: "[NAME] [--quiet]", summary: "count an action today (creating the streak if needed)",
        details: """
        Records an action for the streak on today's date, creating the streak if it does
        not exist (with an icon no other streak has). A second tick on the same date is
        recorded but counts once. Without NAME: the only streak there is, "default" when
        there is none; with several, name one.

        Says so when the run reaches \(Milestones.lengths.map(String.init).joined(separator: ", ")) in a row, and when it beats the
        best of the streak's other runs, once, on the tick that gets there. With --now on
        another date it names the date it counted.
        """,
        flags: [CommandTable.quiet, CommandTable.now], arguments: .streakName(existing: true), count: 0...1)

    static func run(_ invocation: Invocation, _ context: Context) throws(CommandError) -> Int32 {
        let today = try context.today(invocation)
        let store = try context.store()
        let name = try Roster.streak(invocation, store, whenNone: .default)
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
        // A backdated tick (--now on another date) names the date it counted.
        let when = action.day == today.clock.day(at: try context.present()) ? "today" : "for \(action.day)"
        var message: String
        if outcome.alreadyCounted {
            message = "\(name): already counted \(when) · \(counts)"
        } else if !streak.settings.rules.schedule.contains(action.day) {
            message = "\(name): counted \(when), in the total only (\(action.day.weekday.shortName) is not on its \(streak.settings.rules.schedule) schedule) · \(counts)"
        } else if outcome.created {
            message = "\(name): new streak, counted \(when) · \(counts)"
        } else {
            message = "\(name): counted \(when) · \(counts)"
            message += praise(streak, action: action, zone: context.zone)
        }
        context.out.line(message)
        return 0
    }

    /// ` · 🎉 30 in a row · new best (was 21)`, or nothing: the milestones this action reached.
    static func praise(_ streak: LoadedStreak, action: Action, zone: some ZoneRules) -> String {
        // The streak as it was: the same actions without this one.
        var earlier = streak.actions
        if let index = earlier.firstIndex(of: action) { earlier.remove(at: index) }
        let before = Replay(days: earlier.map(\.day), rules: streak.settings.rules, zone: zone)
        let reached = Milestones.reached(before: before.runs, after: streak.replay.runs, day: action.day)
        var text = ""
        if let length = reached.length { text += " · 🎉 \(length) in a row" }
        if let best = reached.beatenBest { text += " · new best (was \(best))" }
        return text
    }
}
