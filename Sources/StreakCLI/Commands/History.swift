import StreakCore
import StreakSystem

/// `streakprompt history [NAME]`: every run, oldest first, the longest marked.
enum History: Command {
    static let spec = CommandSpec(
        ["history"], usage: "[NAME] [--json]", summary: "past runs: start, end, length",
        flags: [CommandTable.json, CommandTable.now], arguments: "NAME", count: 0...1, completes: .streak)

    static func run(_ invocation: Invocation, _ context: Context) throws -> Int32 {
        let name = try context.streakName(invocation)
        let store = try context.store()
        let streak = try Report.load(name, store, context)
        let runs = streak.replay.runs
        if invocation.has("--json") {
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
        var table = [["START", "END", "LENGTH", ""]]
        for run in runs {
            table.append([run.start.description, run.end.description, String(run.length),
                          run.length == longest ? "← longest" : ""])
        }
        Columns.print(table, to: context.out)
        return 0
    }
}
