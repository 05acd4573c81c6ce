import StreakCore
import StreakSystem

/// `streakprompt tick [NAME]`: records an action for the streak date of this moment.
enum Tick: Command {
    static let count = FlagSpec("--count", .count, help: "what the action counts for toward the daily goal (default 1)")
    static let note = FlagSpec("--note", .note, help: "a note kept with the action (up to 500 bytes)")

    static let spec = CommandSpec(
        ["tick"], usage: "[NAME] [--count K] [--note TEXT] [--quiet]", summary: "count an action today (creating the streak if needed)",
        details: """
        Records an action for the streak on today's date, creating the streak if it does
        not exist (with an icon no other streak has). A date is met when its actions'
        counts reach the streak's daily goal (1 unless 'add NAME --goal N'; --count K
        counts K); a tick on a date already met is recorded but adds nothing. Without
        NAME: the only streak there is, "default" when there is none; with several, name
        one. A tick on an archived streak counts, and says it is archived.

        Says so when the run reaches \(Milestones.lengths.map(String.init).joined(separator: ", ")) in a row, and when it beats the
        best of the streak's other runs, once, on the tick that gets there. With --now on
        another date it names the date it counted.
        """,
        flags: [count, note, CommandTable.quiet, CommandTable.now], arguments: .streakName(existing: true), count: 0...1)

    static func run(_ invocation: Invocation, _ context: Context) throws(CommandError) -> Int32 {
        let today = try context.today(invocation)
        let presentDay = today.clock.day(at: (try? context.present()) ?? Clock.now())
        let store = try context.store(today: today)
        let name = try Roster.streak(invocation, store, whenNone: .default)
        let quiet = invocation.has(CommandTable.quiet)
        if !store.exists(name) { try Roster.checkNew(name, store, byHand: !quiet && context.out.isTerminal) }
        let at = context.zone.local(at: today.now)
        let action = Action(day: today.day, at: at, count: invocation.integer(count) ?? 1, note: invocation.text(note))
        let outcome: TickOutcome
        do throws(StoreError) {
            outcome = try store.tick(name, action: action, zone: context.zone)
        } catch {
            // The exit status tells whether the action was recorded (0: it was, so a script
            // that retries on failure never counts it twice); so must the message.
            if case .recordedDespite = error {
                Exit.warn(error.commandError.message)
                return 0
            }
            throw .failure(error.commandError.message + "; the action was not recorded")
        }
        for problem in outcome.problems {
            Exit.warn(problem.warning + "; 'streakprompt doctor' reports every problem")
        }
        Exit.warnCache(outcome.cacheProblem, done: "the action is recorded")
        guard !quiet else { return 0 }
        // --now acts as if it were that moment (tests and previews use it, so it is taken), but a
        // person who typed a date after tomorrow (tomorrow may be today somewhere east) most
        // likely mistyped it: say so.
        let clockDay = today.clock.day(at: Clock.now())
        let typedNow = invocation.time(CommandTable.now) != nil
        if typedNow, context.out.isTerminal, action.day > clockDay + 1 {
            Exit.warn("\(action.day) is after tomorrow (\(clockDay + 1)) by the clock: counted as if it were then; 'streakprompt untick \(name) --now \(action.day)' takes it back")
        }
        // STREAKPROMPT_NOW left set in a shell (to preview a date) moves every tick: say so.
        if !typedNow, let text = context.environment.nonEmpty("STREAKPROMPT_NOW"),
           context.out.isTerminal, clockDay != action.day {
            Exit.warn("STREAKPROMPT_NOW='\(Text.visible(text))' is set: this tick counted for \(action.day), not for the clock's date (\(clockDay)); 'unset STREAKPROMPT_NOW' to count today")
        }
        var line = message(outcome, action: action, today: today, presentDay: presentDay, zone: context.zone)
        if outcome.archived { line += " · \(name) is archived (out of the prompt and 'list'; 'streakprompt unarchive \(name)' brings it back)" }
        context.out.line(line)
        return 0
    }

    /// `quiz: counted today · 🔥 5`, `quiz: 2 of 3 today · 🔥 4`, `quiz: counted today · 2 of 3
    /// this week · 🔥 4w`, `quiz: already counted today · 🔥 5`; a tick on another date than
    /// the present's (`--now`) names it: `counted for 2026-11-20`.
    static func message(_ outcome: TickOutcome, action: Action, today: Today, presentDay: StreakDay,
                        zone: some ZoneRules) -> String {
        let name = outcome.name
        let reading = outcome.reading(today: today.day, zone: zone)
        var counts = "\(outcome.settings.icon) \(Report.count(reading.current, reading.unit))"
        let when = action.day == presentDay ? "today" : "for \(action.day)"
        let rules = outcome.rules
        let day = outcome.day
        // Toward the goal: `2 of 3 today`, said while the date is not met (and when a tick
        // meets it, `(3 of 3)`).
        if rules.quits {
            // A habit to quit: the tick is a slip.
            let again = day.done > action.count ? " (\(day.done) on \(action.day))" : ""
            if outcome.paused {
                return "\(name): slip recorded \(when)\(again); \(action.day) is paused, so the run goes on · \(counts)"
            }
            if let since = rules.quitSince, action.day < since {
                return "\(name): slip recorded \(when)\(again), before \(since), the date \(name) counts from, so it breaks no run"
            }
            return "\(name): slip recorded \(when)\(again) · \(counts) (best \(Report.count(reading.best, .day)))"
        }
        let goalText = day.needed > 1 ? Report.ofGoal(day) : nil
        if rules.unit == .week, action.day >= today.weekStart.first(ofWeekHolding: today.day) {
            counts = Report.ofGoal(reading.progress) + " this week · " + counts
        }
        if outcome.alreadyCounted {
            return "\(name): already counted \(when)\(goalText.map { " (\($0))" } ?? "") · \(counts)"
        }
        if !day.isMet, let goalText {
            return "\(name): \(goalText) \(when) · \(counts)"
        }
        let met = goalText.map { " (\($0))" } ?? ""
        if outcome.paused {
            return "\(name): counted \(when)\(met), in the total only (\(action.day) is paused) · \(counts)"
        }
        if case .days(let schedule) = rules.mode, !schedule.contains(action.day) {
            return "\(name): counted \(when)\(met), in the total only (\(action.day.weekday.shortName) is not on its \(schedule) schedule) · \(counts)"
        }
        if outcome.created {
            return "\(name): new streak, counted \(when)\(met) · \(counts)"
        }
        var message = "\(name): counted \(when)\(met) · \(counts)"
        if let length = outcome.milestones.length { message += " · 🎉 \(Report.count(length, rules.unit)) in a row" }
        if let best = outcome.milestones.beatenBest { message += " · new best (was \(Report.count(best, rules.unit)))" }
        return message
    }
}
