import StreakCore
import StreakSystem

/// `streakprompt history [NAME]`: every run, oldest first, the longest marked.
enum History: Command {
    static let limit = FlagSpec("--limit", .integer("N", 1...1_000_000), help: "only the N latest runs")
    static let reverse = FlagSpec("--reverse", short: "-r", help: "newest first")

    static let spec = CommandSpec(
        ["history"], usage: "[NAME] [--limit N] [--reverse] [--json]", summary: "past runs: start, end, length",
        details: """
        Every run of the streak, oldest first: its first and last met scheduled date and its
        length (met scheduled dates; freezes, unscheduled and paused dates inside a run add
        nothing). A weekly streak's runs are in weeks (5w): from the first date of its first
        met week to the last date of its last. The longest run is marked (in the streak's
        unit now), and the current one if it is still alive. --limit N keeps the N latest
        runs; --reverse lists them newest first (both apply to --json too).
        """,
        flags: [limit, reverse, CommandTable.json, CommandTable.now], arguments: .streakName(existing: true), count: 0...1)

    static func run(_ invocation: Invocation, _ context: Context) throws(CommandError) -> Int32 {
        let today = try context.today(invocation)
        let store = try context.store(today: today)
        let name = try Roster.streak(invocation, store, whenNone: nil)
        let streak = try Report.load(name, store, context)
        // Every run through today, the live one last (runs a change of unit ended included).
        let fold = streak.replay.fold(at: today.day, zone: context.zone)
        var runs = fold.runs
        // The longest and the current run are told by the whole history, before any is left out.
        let unit = fold.reading.unit
        let longest = runs.filter { $0.unit == unit }.map(\.length).max() ?? 0
        let current = fold.reading.current > 0 ? runs.last : nil
        if let limit = invocation.integer(limit), runs.count > limit { runs = Array(runs.suffix(limit)) }
        if invocation.has(reverse) { runs.reverse() }
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
        var table = [["START", "END", "LENGTH", ""]]
        for run in runs {
            var marks: [String] = []
            if run.unit == unit, run.length == longest { marks.append("longest") }
            if run == current { marks.append("current") }
            table.append([run.start.description, run.end.description, Report.count(run.length, run.unit),
                          marks.isEmpty ? "" : "← " + marks.joined(separator: ", ")])
        }
        Columns.print(table, to: context.out)
        return 0
    }
}
