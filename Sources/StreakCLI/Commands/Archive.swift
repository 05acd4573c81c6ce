import StreakCore
import StreakSystem

/// `streakprompt archive NAME`: a finished habit, kept but out of the way.
///
/// An archive record goes into this machine's event log; the latest archive or unarchive
/// record (by when it was made) decides, whichever machine made it (`EventLog.archived`).
enum Archive: Command {
    static let spec = CommandSpec(
        ["archive"], usage: "NAME", summary: "hide a streak from the prompt, list and completions",
        details: """
        Hides the streak from the segment of every streak, from 'list' and from shell
        completions; its history stays whole: 'list --all', 'status', 'history', 'log' and
        'export' still show it, and a segment that names it still prints it. A tick still
        counts (and says the streak is archived). 'streakprompt unarchive NAME' brings it
        back; the latest of the two wins, on every machine that shares the data.
        """,
        flags: [CommandTable.now], arguments: .streakName(existing: true), count: 1...1)

    static func run(_ invocation: Invocation, _ context: Context) throws(CommandError) -> Int32 {
        try record(archiving: true, invocation, context)
    }

    /// Records an archive or an unarchive, unless the streak already is so, and says what changed.
    static func record(archiving: Bool, _ invocation: Invocation, _ context: Context) throws(CommandError) -> Int32 {
        let today = try context.today(invocation)
        let store = try context.store(today: today)
        guard let name = invocation.argumentName else { return 2 }
        let streak = try Report.load(name, store, context)
        guard streak.archived != archiving else {
            context.out.line("\(name) is already \(archiving ? "archived" : "shown (not archived)"); nothing changed.")
            return 0
        }
        // The latest record decides, so this one is made a second after any it would not
        // be later than (two commands in the same second, a later --now, a machine whose
        // clock runs ahead): the command says it changed the streak; it must.
        var seconds = today.now
        for event in streak.events {
            switch event {
            case .archive, .unarchive: seconds = max(seconds, event.at.seconds + 1)
            default: continue
            }
        }
        let at = context.zone.local(at: seconds)
        let recorded = try storeCall { () throws(StoreError) -> RecordOutcome in
            try store.record([archiving ? .archive(at) : .unarchive(at)], to: name, zone: context.zone)
        }
        Exit.warnCache(recorded.cacheProblem, done: archiving ? "the streak is archived" : "the streak is unarchived")
        if archiving {
            context.out.line("Archived \(name): hidden from the prompt, 'list' and completions; 'streakprompt list --all' and 'status \(name)' still show it, 'streakprompt unarchive \(name)' brings it back.")
        } else {
            let reading = recorded.streak.reading(today: today.day, zone: context.zone)
            context.out.line("Unarchived \(name): back in the prompt and 'list' · \(recorded.streak.settings.icon) \(Report.count(reading.current, reading.unit))")
        }
        return 0
    }
}
