import StreakCore
import StreakSystem

/// `streakprompt list`: every streak, one line each.
enum List: Command {
    static let all = FlagSpec("--all", short: "-a", help: "archived streaks too (marked archived)")

    static let spec = CommandSpec(["list"], usage: "[--all] [--json]", summary: "every streak, one line each",
                                  details: """
                                  STATE is done, pending (today is still open) or broken, and new for a
                                  streak with no action yet; with a daily goal or a weekly target it adds
                                  how far today (this week) is while it is not met: pending 2/3. A
                                  weekly streak counts in weeks: 🔥 5w. Archived streaks are left out;
                                  --all lists them too, their state followed by 'archived'.
                                  """,
                                  flags: [all, CommandTable.json, CommandTable.now], aliases: ["ls"])

    static func run(_ invocation: Invocation, _ context: Context) throws(CommandError) -> Int32 {
        let today = try context.today(invocation)
        let store = try context.store(today: today)
        let names = try storeCall { () throws(StoreError) -> [StreakName] in
            try Roster.names(store, archived: invocation.has(all))
        }
        var rows: [(LoadedStreak, Reading)] = []
        for name in names {
            let streak = try Report.load(name, store, context)
            rows.append((streak, streak.reading(today: today.day, zone: context.zone)))
        }
        if invocation.has(CommandTable.json) {
            context.out.line(JSON.array(rows.map { Report.json($0.0, $0.1, today) }).pretty)
            return 0
        }
        if rows.isEmpty {
            let archived = (try? store.names().count) ?? 0
            context.out.line(archived > 0
                ? "Every streak is archived (\(archived)): 'streakprompt list --all' lists them, 'streakprompt unarchive NAME' brings one back."
                : Report.noStreaksYet)
            return 0
        }
        // A weekly streak counts in weeks (`🔥 5w`); while today's goal or this week's target
        // is not met, the state says how far it is (`pending 2/3`).
        let table = [["NAME", "STREAK", "STATE", "BEST", "TOTAL", "LAST"]] + rows.map { streak, reading in
            var state = Report.stateWord(streak, reading)
            if reading.state != .broken || reading.isNew, !reading.progress.isMet, reading.unit == .week || reading.progress.needed > 1 {
                state += " \(reading.progress.done)/\(reading.progress.needed)"
            }
            if streak.archived { state += " archived" }
            return [streak.name.text, "\(streak.settings.icon) \(Report.count(reading.current, reading.unit))", state,
                    Report.count(reading.best, reading.unit), String(reading.total), reading.last?.description ?? "-"]
        }
        Columns.print(table, to: context.out)
        return 0
    }
}
