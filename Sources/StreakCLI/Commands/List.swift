import StreakCore
import StreakSystem

/// `streakprompt list`: every streak, one line each.
enum List: Command {
    static let spec = CommandSpec(["list"], usage: "[--json]", summary: "every streak, one line each",
                                  details: """
                                  STATE is done, pending (today is still open) or broken, and new for a
                                  streak with no action yet.
                                  """,
                                  flags: [CommandTable.json, CommandTable.now], aliases: ["ls"])

    static func run(_ invocation: Invocation, _ context: Context) throws(CommandError) -> Int32 {
        let today = try context.today(invocation)
        let store = try context.store()
        let names = try storeCall { () throws(StoreError) -> [StreakName] in try Roster.names(store) }
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
            context.out.line(Report.noStreaksYet)
            return 0
        }
        let table = [["NAME", "STREAK", "STATE", "BEST", "TOTAL", "LAST"]] + rows.map { streak, reading in
            [streak.name.text, "\(streak.settings.icon) \(reading.current)", Report.stateWord(streak, reading),
             String(reading.best), String(reading.total), reading.last?.description ?? "-"]
        }
        Columns.print(table, to: context.out)
        return 0
    }
}
