import StreakCore
import StreakSystem

/// `streakprompt untick [NAME]` (or `undo`): takes back the latest action of a date.
///
/// Nothing is edited in place: a retraction is appended to this machine's event log, naming
/// the action by its date, moment and id, so it merges across machines like any record and
/// takes back that action (and no other of the same second) whichever machine's log holds it.
enum Untick: Command {
    static let spec = CommandSpec(
        ["untick"], usage: "[NAME] [--now TIME]", summary: "take back the latest action of today (or --now's date)",
        details: """
        Takes back the latest action of today's date (with --now, of that moment's date)
        that still counts: a mistaken tick, or one counted for the wrong streak. An action
        with --count K is taken back whole; run it again to take back the one before. The
        action stays in its log, and a record that it was taken back goes into this
        machine's event log: it syncs and merges like an action, and takes the action back
        on every machine. 'streakprompt log' shows taken-back actions marked so. With nothing
        left to take back on that date, it fails and says so.
        """,
        flags: [CommandTable.now], arguments: .streakName(existing: true), count: 0...1, aliases: ["undo"])

    static func run(_ invocation: Invocation, _ context: Context) throws(CommandError) -> Int32 {
        let today = try context.today(invocation)
        let store = try context.store(today: today)
        let name = try Roster.streak(invocation, store, whenNone: nil)
        guard store.exists(name) else { throw store.absence(of: name).commandError }
        let presentDay = today.clock.day(at: (try? context.present()) ?? Clock.now())
        let when = today.day == presentDay ? "today" : "\(today.day)"
        let made = context.zone.local(at: (try? context.present()) ?? Clock.now())
        let taken = try storeCall { () throws(StoreError) -> (action: Action, outcome: RecordOutcome)? in
            try store.untick(name, on: today.day, made: made, zone: context.zone)
        }
        guard let (action, recorded) = taken else {
            if let streak = try? store.load(name, zone: context.zone) { Report.warn(about: streak) }
            throw .failure("\(name) has no action to take back \(today.day == presentDay ? "today (\(today.day))" : "on \(today.day)"); 'streakprompt log \(name)' lists its actions, and --now DATE picks another date")
        }
        Report.warn(about: recorded.streak)
        Exit.warnCache(recorded.cacheProblem, done: "the action is taken back")
        let streak = recorded.streak
        let quits = streak.replay.timeline.initial.quits
        var what = "the \(quits ? "slip" : "action") of \(when) at \(Report.clockTime(action.at))"
        var details: [String] = []
        if action.count > 1 { details.append("count \(action.count)") }
        if let note = action.note { details.append("note '\(Text.visible(note))'") }
        if !details.isEmpty { what += " (" + details.joined(separator: ", ") + ")" }
        let day = streak.replay.dayProgress(on: today.day)
        let left: String
        if quits {
            left = day.done == 0 ? "\(when) counts again" : "\(when) has \(day.done == 1 ? "a slip" : "\(day.done) slips") still"
        } else if day.isMet {
            left = "\(when) still counts"
        } else if day.needed > 1 {
            left = "\(Report.ofGoal(day)) \(today.day == presentDay ? "today" : "for \(today.day)")"
        } else {
            left = "\(when) no longer counts"
        }
        let reading = streak.reading(today: today.day, zone: context.zone)
        context.out.line("\(name): took back \(what); \(left) · \(streak.settings.icon) \(Report.count(reading.current, reading.unit))")
        return 0
    }
}
