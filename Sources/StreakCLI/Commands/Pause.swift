import StreakCore
import StreakSystem

/// `streakprompt pause NAME [--from DATE] [--to DATE]`: a vacation. A paused date is treated as
/// an unscheduled one: it neither breaks nor extends the streak and spends no freeze.
enum Pause: Command {
    static let from = FlagSpec("--from", .date, help: "the first paused date (default today)")
    static let to = FlagSpec("--to", .date, help: "the last paused date (default: the --from date)")

    static let spec = CommandSpec(
        ["pause"], usage: "NAME [--from DATE] [--to DATE]", summary: "pause a streak over some dates (alone: today)",
        details: """
        Pauses the streak from --from to --to, both included (alone: today only). A paused
        date is treated as an unscheduled one: it neither breaks nor extends the streak and
        spends no freeze; an action on it is still recorded and counts in the total. A
        weekly streak's week that is not met and holds a paused date neither breaks nor
        extends it. 'streakprompt unpause' takes dates back; pauses sync and merge like
        actions.
        """,
        flags: [from, to, CommandTable.now], arguments: .streakName(existing: true), count: 1...1)

    static func run(_ invocation: Invocation, _ context: Context) throws(CommandError) -> Int32 {
        try record(.pause, invocation, context)
    }

    /// Records a pause or an unpause over the dates the flags give, and says what changed.
    static func record(_ kind: PauseRecord.Kind, _ invocation: Invocation, _ context: Context) throws(CommandError) -> Int32 {
        let today = try context.today(invocation)
        let first = invocation.date(from, today: today.day) ?? today.day
        let last = invocation.date(to, today: today.day) ?? (invocation.has(from) ? first : today.day)
        guard last >= first else {
            throw .usage("--to \(last) is before --from \(first); give the first date, then the last")
        }
        let store = try context.store(today: today)
        let name = try Roster.streak(invocation, store, whenNone: nil)
        let before = try Report.load(name, store, context)
        var changing = 0
        var day = first
        while day <= last {
            if before.replay.pauses.contains(day) != (kind == .pause) { changing += 1 }
            day = day + 1
        }
        let range = first == last ? "\(first)" : "\(first) to \(last)"
        guard changing > 0 else {
            context.out.line("\(name): \(range) \(first == last ? "is" : "are") already \(kind == .pause ? "paused" : "not paused"); nothing changed.")
            return 0
        }
        // A date's pause is decided by the latest record over it, so this one is made a second
        // after the latest it overlaps when the clock reads earlier than that: a pause made
        // with a later --now, or on a machine whose clock runs ahead, must not outlast what is
        // asked for now (the command says it changed the dates; it must).
        var at = today.now
        for other in before.history.pauses where other.from <= last && other.to >= first {
            at = max(at, other.at.seconds + 1)
        }
        let record = PauseRecord(kind, from: first, to: last, at: context.zone.local(at: at))
        let recorded = try storeCall { () throws(StoreError) -> RecordOutcome in
            try store.record([.pause(record)], to: name, zone: context.zone)
        }
        Exit.warnCache(recorded.cacheProblem, done: "the \(kind == .pause ? "pause" : "unpause") is recorded")
        let streak = recorded.streak
        var total = 0
        day = first
        while day <= last {
            total += 1
            day = day + 1
        }
        var dates = changing == 1 ? "1 date" : "\(changing) dates"
        if changing < total { dates += kind == .pause ? " newly paused" : " newly asked for" }
        let reading = streak.reading(today: today.day, zone: context.zone)
        let counts = "\(streak.settings.icon) \(Report.count(reading.current, reading.unit))"
        switch kind {
        case .pause:
            context.out.line("Paused \(name) \(range == "\(today.day)" ? "today (\(range))" : range) (\(dates)): paused dates neither break nor extend it · \(counts)")
            // Dates that had met their goal no longer extend the run: a pause can lower it.
            let met = before.history.countedActions.filter { $0.day >= first && $0.day <= last }.map(\.day)
            let metDates = Set(met).filter { before.replay.dayProgress(on: $0).isMet }.sorted()
            let was = before.reading(today: today.day, zone: context.zone)
            if !metDates.isEmpty {
                let list = metDates.prefix(3).map(\.description).joined(separator: ", ") + (metDates.count > 3 ? ", …" : "")
                var note = "\(metDates.count == 1 ? "1 of them was" : "\(metDates.count) of them were") met already (\(list)): paused, \(metDates.count == 1 ? "it counts" : "they count") in the total only"
                if reading.current < was.current {
                    note += ", so the run went from \(Report.count(was.current, was.unit)) to \(Report.count(reading.current, reading.unit))"
                }
                context.out.line("  " + note + "; 'streakprompt unpause \(name) --from \(first) --to \(last)' takes the pause back.")
            }
        case .unpause:
            context.out.line("Unpaused \(name) \(range == "\(today.day)" ? "today (\(range))" : range) (\(dates)): asked for again · \(counts)")
        }
        return 0
    }
}
