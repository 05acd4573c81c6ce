import StreakCore
import StreakSystem

/// `streakprompt order NAME...`: the streaks' own order.
enum Order: Command {
    static let spec = CommandSpec(
        ["order"], usage: "[NAME...] [--reset]", summary: "put streaks first, in this order",
        details: """
        The streaks named come first, in the order given, then every other as before.
        'list', the segment of every streak, tmux's status line, 'status' and shell
        completions follow the order. With no NAME, prints the order; --reset goes back to
        none (streaks by name). The order is kept in the data folder (streaks/.order, one
        name a line), so machines that share the folder share it; the last one written wins.
        """,
        flags: [reset], arguments: .streakName(existing: true), count: 0...4096)

    static let reset = FlagSpec("--reset", help: "forget the order: streaks by name again")

    static func run(_ invocation: Invocation, _ context: Context) throws(CommandError) -> Int32 {
        let today = try context.today(invocation)
        let store = try context.store(today: today)
        let names = invocation.argumentNames
        if invocation.has(reset) {
            guard names.isEmpty else { throw .usage("--reset takes no NAME: it forgets the whole order") }
            let whole = try storeCall { () throws(StoreError) -> [StreakName] in try store.resetOrder(zone: context.zone) }
            context.out.line("Order: " + whole.filter { !store.isArchived($0) }.map(\.text).joined(separator: ", ") + " (by name)")
            return 0
        }
        if names.isEmpty {
            let all = try storeCall { () throws(StoreError) -> [StreakName] in try Roster.names(store, archived: true) }
            if all.isEmpty {
                context.out.line(Report.noStreaksYet)
                return 0
            }
            for name in all { context.out.line(name.text + (store.isArchived(name) ? "  (archived)" : "")) }
            return 0
        }
        var seen = Set<StreakName>()
        for name in names {
            guard store.exists(name) else { throw store.absence(of: name).commandError }
            guard seen.insert(name).inserted else { throw .usage("'\(name)' is named twice; name each streak once") }
        }
        let whole = try storeCall { () throws(StoreError) -> [StreakName] in try store.setOrder(names, zone: context.zone) }
        context.out.line("Order: " + whole.filter { !store.isArchived($0) }.map(\.text).joined(separator: ", "))
        return 0
    }
}
