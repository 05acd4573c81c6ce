import StreakCore
import StreakSystem

/// `streakprompt unarchive NAME`: brings an archived streak back.
enum Unarchive: Command {
    static let spec = CommandSpec(
        ["unarchive"], usage: "NAME", summary: "show an archived streak again",
        details: """
        Brings an archived streak back into the segment of every streak, 'list' and
        completions. Its history was kept whole, and so is its streak: dates missed while
        it was archived count as missed.
        """,
        flags: [CommandTable.now], arguments: .streakName(existing: true, archived: true), count: 1...1)

    static func run(_ invocation: Invocation, _ context: Context) throws(CommandError) -> Int32 {
        try Archive.record(archiving: false, invocation, context)
    }
}
