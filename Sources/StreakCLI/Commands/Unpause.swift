import StreakCore
import StreakSystem

/// `streakprompt unpause NAME [--from DATE] [--to DATE]`: takes paused dates back.
enum Unpause: Command {
    static let spec = CommandSpec(
        ["unpause"], usage: "NAME [--from DATE] [--to DATE]", summary: "take paused dates back (alone: today)",
        details: """
        Asks for the dates from --from to --to again, both included (alone: today only):
        the latest pause or unpause covering a date decides, whichever machine made it.
        """,
        flags: [Pause.from, Pause.to, CommandTable.now], arguments: .streakName(existing: true), count: 1...1)

    static func run(_ invocation: Invocation, _ context: Context) throws(CommandError) -> Int32 {
        try Pause.record(.unpause, invocation, context)
    }
}
