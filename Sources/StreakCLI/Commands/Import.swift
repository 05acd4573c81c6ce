import StreakCore
import StreakSystem

/// `streakprompt import FILE`: merges an export back, all of it or nothing.
enum Import: Command {
    static let spec = CommandSpec(
        ["import"], usage: "FILE [--from loop|harsh] [--dry-run]", summary: "merge an export (json or csv), or another tracker's data; idempotent",
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

        --from loop reads Loop Habit Tracker's 'Export as CSV' (the zip, or the folder it
        unpacks to); --from harsh reads harsh's habits and log files (give their folder, or
        either file). Each habit becomes a streak named after it (lowercase, '-' for spaces),
        each done date an action at noon, each skipped date a pause; a frequency becomes a
        schedule or a weekly target, and harsh's headings become tags. Importing the same data
        again adds nothing. --dry-run shows what would be imported and writes nothing. An
        export's order ('streakprompt order') is taken when this data folder has none.
        """,
        flags: [from, dryRun, CommandTable.quiet, CommandTable.now],
        arguments: .file, count: 1...1)

    static let from = FlagSpec("--from", .choice("APP", noun: "app", words: ["loop", "harsh"]),
                               help: "read another tracker's data: loop (Loop Habit Tracker's CSV export, the zip or its folder) or harsh (its folder, or its habits or log file)")
    static let dryRun = FlagSpec("--dry-run", help: "say what would be imported, change nothing")

    static func run(_ invocation: Invocation, _ context: Context) throws(CommandError) -> Int32 {
        let path = invocation.arguments[0]
        let label = path == "-" ? "standard input" : path
        var foreign: ForeignImport?
        let document: ExportDocument
        if let app = invocation.text(from) {
            foreign = try ForeignFiles.read(app, path, today: try context.today(invocation).day, zone: context.zone)
            document = foreign!.document
        } else {
            let bytes: [UInt8]
            do throws(SystemError) {
                bytes = try Files.readStream(path == "-" ? "/dev/stdin" : path, limit: Store.fileLimit)
            } catch {
                throw .failure(error.message + "; give the path of a file written by 'streakprompt export', or - for standard input")
            }
            do throws(ImportProblem) {
                document = try ExportDocument.parse(bytes)
            } catch {
                throw .failure("\(label):\(error.line): \(error.reason); nothing was imported")
            }
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

        // A streak it would create is refused as 'add' refuses it (a command word, another
        // streak's name in other letter case), and two that differ only in letter case.
        var creating: [String: StreakName] = [:]
        for streak in document.streaks where !existing.contains(streak.name) {
            do throws(CommandError) {
                try Roster.checkNew(streak.name, store, byHand: false)
            } catch {
                throw .failure("\(label): \(error.message); nothing was imported")
            }
            if let twin = creating[streak.name.text.lowercased()] {
                throw .failure("\(label): '\(streak.name)' and '\(twin)' differ only in letter case (one folder on macOS and Windows disks); rename one of them in the file; nothing was imported")
            }
            creating[streak.name.text.lowercased()] = streak.name
        }

        // Another tracker's habits have no icons: each new one gets one no other streak has.
        var icons = ((try? store.names()) ?? []).compactMap { (try? store.settings(of: $0))?.icon }
        func settings(_ streak: ExportedStreak) -> StreakSettings {
            guard var settings = streak.settings else { return StreakSettings() }
            if foreign != nil, settings.icon.isEmpty {
                settings.icon = Icon.forNewStreak(streak.name, taken: icons)
                icons.append(settings.icon)
            }
            return settings
        }
        if invocation.has(dryRun) {
            if let foreign {
                ForeignFiles.describe(foreign, existing: existing, store: store, context)
            } else {
                ForeignFiles.describe(document, from: label, existing: existing, store: store, context)
            }
            return 0
        }
        // One merge for every streak: all of it lands, or none (even if the process is killed).
        let imports = document.streaks.map { streak in
            let isNew = !existing.contains(streak.name)
            var events = streak.events
            if streak.archived, isNew || archiving.contains(streak.name) { events.append(.archive(now)) }
            return StreakImport(name: streak.name, actions: streak.actions, events: events,
                                settings: isNew ? settings(streak) : nil)
        }
        let outcome = try storeCall { () throws(StoreError) -> MergeOutcome in try store.merge(imports, zone: context.zone) }
        // The export's order, into a data folder that has none of its own (a restore); one
        // that has an order keeps it (the imported streaks it lacks come last, as new ones do).
        if !document.order.isEmpty, !ForeignFiles.hasOwnOrder(store) {
            _ = try storeCall { () throws(StoreError) -> [StreakName] in try store.setOrder(document.order, zone: context.zone) }
        }
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
        if let foreign { ForeignFiles.tellNames(foreign, context) }
        return 0
    }
}
