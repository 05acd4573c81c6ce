import StreakCore
import StreakSystem

/// `streakprompt log [NAME]`: every action, newest first, with its time, machine, count and note.
enum Log: Command {
    static let since = FlagSpec("--since", .date, help: "only actions dated DATE or later")

    static let spec = CommandSpec(
        ["log"], usage: "[NAME] [--since DATE] [--json]", summary: "actions with time, machine, count, note",
        details: """
        Lists the streak's actions, newest first: the date each counts for, the time it
        was recorded (in the offset it was recorded in), the machine whose log holds it,
        its count and its note. Without NAME, the actions of every streak 'list' shows.
        The same action in two machines' logs (after an import) is listed once. An action
        taken back by 'untick' is listed, marked 'taken back', and counts nowhere (as in
        'status').

        --json prints an array, newest first, of {"streak", "date", "at" (ISO 8601 with
        offset), "machine", "count", "note" (null when none), "retracted" (bool)}.
        """,
        flags: [since, CommandTable.json, CommandTable.now], arguments: .streakName(existing: true), count: 0...1)

    static func run(_ invocation: Invocation, _ context: Context) throws(CommandError) -> Int32 {
        let store = try context.store()
        let names: [StreakName]
        if let name = invocation.argumentName {
            guard store.exists(name) else { throw store.absence(of: name).commandError }
            names = [name]
        } else {
            names = try storeCall { () throws(StoreError) -> [StreakName] in try Roster.names(store) }
        }
        let from = invocation.date(since, today: try context.today(invocation).day)
        var entries: [LoggedAction] = []
        for name in names {
            let read = try storeCall { () throws(StoreError) -> (machines: [(machine: String, actions: [Action])], problems: [FileProblem]) in
                try store.actionsByMachine(of: name)
            }
            let events = try storeCall { () throws(StoreError) -> Events in try store.events(of: name) }
            for problem in read.problems + events.problems { Exit.warn(problem.warning) }
            let retractions = StreakHistory(rules: Rules(), actions: [], events: events.events).retractions
            entries += Logbook.entries(of: name, machines: read.machines, retractions: retractions, since: from)
        }
        entries = Logbook.newestFirst(entries)
        if invocation.has(CommandTable.json) {
            context.out.line(JSON.array(entries.map(json)).pretty)
            return 0
        }
        guard !entries.isEmpty else {
            let whose = invocation.argumentName.map { "\($0) has" } ?? (names.isEmpty ? "there are no streaks, so" : "no streak has")
            context.out.line("\(whose) no actions\(from.map { " dated \($0) or later" } ?? " yet").")
            return 0
        }
        let named = invocation.argumentName != nil
        var table = [["DATE", "TIME"] + (named ? [] : ["STREAK"]) + ["MACHINE", "COUNT", "NOTE", ""]]
        for entry in entries {
            let action = entry.action
            table.append([action.day.description, Report.clockTime(action.at)] + (named ? [] : [entry.streak.text])
                + [Text.visible(entry.machine), String(action.count), action.note.map(Text.visible) ?? "",
                   entry.retracted ? "← taken back" : ""])
        }
        Columns.print(table, to: context.out)
        return 0
    }

    /// One entry of `log --json`. Keys are a contract: add, never rename.
    static func json(_ entry: LoggedAction) -> JSON {
        .object([
            ("streak", .string(entry.streak.text)),
            ("date", .string(entry.action.day.description)),
            ("at", .string(entry.action.at.description)),
            ("machine", .string(entry.machine)),
            ("count", .number(entry.action.count)),
            ("note", entry.action.note.map { .string($0) } ?? .null),
            ("retracted", .bool(entry.retracted)),
        ])
    }
}
