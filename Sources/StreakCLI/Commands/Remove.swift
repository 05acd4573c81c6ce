import StreakCore
import StreakSystem

/// `streakprompt remove NAME`: takes a streak away, keeping everything in a backup folder.
enum Remove: Command {
    static let spec = CommandSpec(
        ["remove"], usage: "NAME", summary: "remove a streak (asks no question; keeps a backup)",
        flags: [CommandTable.now], arguments: "NAME", count: 1...1, completes: .streak)

    static func run(_ invocation: Invocation, _ context: Context) throws -> Int32 {
        let name = try context.streakName(invocation)
        let store = try context.store()
        let stamp = context.zone.local(at: try context.now(invocation)).local.description
            .replacingDashesAndColons()
        let backup = try storeCall { () throws(StoreError) -> String in
            try store.remove(name, stamp: stamp, zone: context.zone)
        }
        context.out.line("Removed \(name). Its files are kept in \(backup); move that folder back into \(store.streaksFolder)/\(name) to restore it.")
        return 0
    }
}

extension String {
    /// `2026-11-22T21:57:05` → `20261122T215705`, for file names.
    func replacingDashesAndColons() -> String {
        String(unicodeScalars.filter { $0 != "-" && $0 != ":" }.map(Character.init))
    }
}
