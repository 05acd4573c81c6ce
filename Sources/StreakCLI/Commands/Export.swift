import StreakCore
import StreakSystem

/// `streakprompt export`: every streak's settings and actions, to standard output.
enum Export: Command {
    static let spec = CommandSpec(
        ["export"], usage: "[NAME...] [--format json|csv]", summary: "everything, to stdout",
        details: """
        Writes every streak (or the named ones): its settings (icon, schedule or weekly
        target, goal, freezes, earning), every action with the date it counts for, the
        moment it happened, its count, note and id, each action once, and every rule change,
        pause, unpause and taken-back action, from every machine's files. 'streakprompt
        import FILE' reads it back. docs/data.md documents both formats (JSON version 2, and
        CSV with one row per record and a kind column).
        """,
        flags: [format], arguments: .streakName(existing: true), count: 0...4096, printsData: true)

    static let format = FlagSpec("--format", .choice("FMT", noun: "format", words: ["json", "csv"]), help: "json (the default) or csv")

    static func run(_ invocation: Invocation, _ context: Context) throws(CommandError) -> Int32 {
        let format = invocation.text(Export.format) ?? "json"
        var names = invocation.argumentNames
        let store = try context.store()
        if names.isEmpty {
            names = try storeCall { () throws(StoreError) -> [StreakName] in try store.names() }
        }
        var streaks: [ExportedStreak] = []
        // A streak named twice is exported once: a file naming it twice would not import.
        var seen = Set<StreakName>()
        for name in names where seen.insert(name).inserted {
            let streak = try Report.load(name, store, context)
            // A log that cannot be read at all would make a backup that silently lacks its
            // actions: better no backup than one that looks complete. (Unreadable lines of a
            // readable log are garbage, not actions: they are reported and left out.)
            if let unreadable = streak.problems.first(where: { $0.line == 0 }) {
                throw .failure("\(unreadable.message); the export would lack its actions, so nothing was exported; make the file readable (see 'streakprompt doctor')")
            }
            streaks.append(ExportedStreak(name: name, settings: streak.settings, actions: streak.actions, events: streak.events))
        }
        // The order, when there is one (`order`): a restore puts the streaks back in it.
        let document = ExportDocument(streaks: streaks, order: store.order().compactMap { try? StreakName($0) })
        context.out.write(format == "csv" ? document.csv() : document.json())
        return 0
    }
}
