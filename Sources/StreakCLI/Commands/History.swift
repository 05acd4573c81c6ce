import StreakCore
import StreakSystem

/// `streakprompt history [NAME]`: every run, oldest first, the longest marked.
enum History: Command {
    static let spec = CommandSpec(
        ["history"], usage: "[NAME] [--json]", summary: "past runs: start, end, length",
        details: """
        Every run of the streak, oldest first: its first and last scheduled action and its
        length (scheduled dates with an action; freezes and unscheduled dates inside a run
        add nothing). The longest run is marked, and the current one if it is still alive.
        """,
        flags: [CommandTable.json, CommandTable.now], arguments: .streakName(existing: true), count: 0...1)

    static func run(_ invocation: Invocation, _ context: Context) throws(CommandError) -> Int32 {
        let today = try context.today(invocation)
        let store = try context.store()
        let name = try Roster.streak(invocation, store, whenNone: nil)
        let streak = try Report.load(name, store, context)
        let runs = streak.replay.runs
        if invocation.has(CommandTable.json) {
            let items = runs.map { run -> JSON in
                .object([("start", .string(run.start.description)), ("end", .string(run.end.description)),
                         ("length", .number(run.length))])
            }
            context.out.line(JSON.array(items).pretty)
            return 0
        }
        if runs.isEmpty {
            context.out.line("\(name) has no runs yet: 'streakprompt tick \(name)' starts one.")
            return 0
        }
        let longest = runs.map(\.length).max() ?? 0
        let alive = streak.reading(today: today.day, zone: context.zone).current > 0
        var table = [["START", "END", "LENGTH", ""]]
        for (index, run) in runs.enumerated() {
            var marks: [String] = []
            if run.length == longest { marks.append("longest") }
            if alive && index == runs.count - 1 { marks.append("current") }
            table.append([run.start.description, run.end.description, String(run.length),
                          marks.isEmpty ? "" : "← " + marks.joined(separator: ", ")])
        }
        Columns.print(table, to: context.out)
        return 0
    }
}
