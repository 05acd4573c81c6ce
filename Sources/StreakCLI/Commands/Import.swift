import StreakCore
import StreakSystem

/// `streakprompt import FILE`: merges an export back, all of it or nothing.
enum Import: Command {
    static let spec = CommandSpec(
        ["import"], usage: "FILE", summary: "merge an export (json or csv); idempotent",
        details: """
        Reads a file written by 'streakprompt export' (JSON or CSV, told apart by its first
        character; - reads standard input; the first release's exports too) and adds every
        action this data folder does not have yet (the same id, or for an action without
        one, the same date and moment) and every rule
        change, pause, unpause and taken-back action it does not have yet. Importing twice,
        or an export that shares part of the history, changes nothing beyond the union.

        The whole file is checked first: if any line is wrong, nothing is imported and the
        error names the line. A streak that does not exist is created with the exported
        settings; a streak that already exists keeps its own settings (the changes of rules
        are merged like every other record).
        """,
        flags: [CommandTable.quiet],
        arguments: .file, count: 1...1)

    static func run(_ invocation: Invocation, _ context: Context) throws(CommandError) -> Int32 {
        let path = invocation.arguments[0]
        let label = path == "-" ? "standard input" : path
        let bytes: [UInt8]
        do throws(SystemError) {
            bytes = try Files.readStream(path == "-" ? "/dev/stdin" : path, limit: Store.fileLimit)
        } catch {
            throw .failure(error.message + "; give the path of a file written by 'streakprompt export', or - for standard input")
        }
        let document: ExportDocument
        do throws(ImportProblem) {
            document = try ExportDocument.parse(bytes)
        } catch {
            throw .failure("\(label):\(error.line): \(error.reason); nothing was imported")
        }
        let store = try context.store()

        // Every streak this import touches must read before any is changed, so a local
        // problem cannot leave the import half done.
        var existing: Set<StreakName> = []
        // Archived in the export, not here: one archive record, made now (an export keeps
        // whether a streak is archived, not when).
        var archiving: Set<StreakName> = []
        let now = context.zone.local(at: try context.now(invocation))
        for streak in document.streaks where store.exists(streak.name) {
            existing.insert(streak.name)
            _ = try storeCall { () throws(StoreError) -> StreakSettings in try store.settings(of: streak.name) }
            let actions = try storeCall { () throws(StoreError) -> Actions in try store.actions(of: streak.name) }
            for problem in actions.problems { Exit.warn(problem.warning) }
            let events = try storeCall { () throws(StoreError) -> Events in try store.events(of: streak.name) }
            for problem in events.problems { Exit.warn(problem.warning) }
            if streak.archived, !EventLog.archived(events.events) { archiving.insert(streak.name) }
        }

        // One merge for every streak: all of it lands, or none (even if the process is killed).
        let imports = document.streaks.map { streak in
            let isNew = !existing.contains(streak.name)
            var events = streak.events
            if streak.archived, isNew || archiving.contains(streak.name) { events.append(.archive(now)) }
            return StreakImport(name: streak.name, actions: streak.actions, events: events,
                                settings: isNew ? (streak.settings ?? StreakSettings()) : nil)
        }
        let outcome = try storeCall { () throws(StoreError) -> MergeOutcome in try store.merge(imports, zone: context.zone) }
        let added = outcome.added.reduce(0, +)
        let addedRecords = outcome.addedEvents.reduce(0, +)
        let known = document.streaks.map(\.actions.count).reduce(0, +) - added
        let created = document.streaks.filter { !existing.contains($0.name) }.map(\.name.text)
        Exit.warnCache(outcome.cacheProblem, done: "the import is recorded")
        guard !invocation.has(CommandTable.quiet) else { return 0 }
        let streakWord = document.streaks.count == 1 ? "streak" : "streaks"
        var message = "Imported \(added) new \(added == 1 ? "action" : "actions") into \(document.streaks.count) \(streakWord)"
        if addedRecords > 0 { message += ", and \(addedRecords) new \(addedRecords == 1 ? "record" : "records") (rule changes, pauses, actions taken back, archiving)" }
        if known > 0 { message += "; \(known) already recorded" }
        if !created.isEmpty { message += "; created \(created.joined(separator: ", "))" }
        context.out.line(message + ".")
        return 0
    }
}
