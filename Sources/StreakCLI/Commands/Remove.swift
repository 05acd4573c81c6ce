import StreakCore
import StreakSystem

/// `streakprompt remove NAME`: takes a streak away, keeping everything in a backup folder.
enum Remove: Command {
    static let spec = CommandSpec(
        ["remove"], usage: "NAME", summary: "remove a streak (asks no question; keeps a backup)",
        flags: [CommandTable.now], arguments: .streakName(existing: true), count: 1...1)

    static func run(_ invocation: Invocation, _ context: Context) throws(CommandError) -> Int32 {
        let store = try context.store()
        let name = try Roster.streak(invocation, store, whenNone: nil)
        let stamp = context.fileStamp(at: try context.now(invocation))
        let outcome = try storeCall { () throws(StoreError) -> RemoveOutcome in
            try store.remove(name, stamp: stamp, zone: context.zone)
        }
        let backup = outcome.backup
        Exit.warnCache(outcome.cacheProblem, done: "\(name) is removed")
        context.out.line("Removed \(name). Its files are kept in \(backup); move that folder back into \(store.streaksFolder)/\(name) to restore it.")
        return 0
    }
}
