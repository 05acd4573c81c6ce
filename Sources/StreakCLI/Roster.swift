import StreakCore
import StreakSystem

/// Which streaks a person is shown and offered: `list`, completions, the names an error
/// suggests, and the streak a command means when none is named all ask here, so a rule such
/// as "archived streaks are hidden" is one condition in `names`.
enum Roster {
    /// The streaks to show, by name: every streak but the archived ones (`archive`), or with
    /// `archived`, every streak.
    static func names(_ store: Store, archived: Bool = false) throws(StoreError) -> [StreakName] {
        let names = try store.names()
        return archived ? names : names.filter { !store.isArchived($0) }
    }

    /// The streak a command means when its NAME is left out.
    ///
    /// Given a name, that one. Otherwise the streak `default` when there is one (the SPEC's
    /// default streak: what a bare `tick` and the git hook count), else the only streak there
    /// is; with none, `whenNone` (a tick creates `default`; a command that only reads has
    /// nothing to show); with several, an error that lists them, never a new `default`.
    static func streak(_ invocation: Invocation, _ store: Store, whenNone: StreakName?) throws(CommandError) -> StreakName {
        if let name = invocation.argumentName { return name }
        let names = try storeCall { () throws(StoreError) -> [StreakName] in try Roster.names(store) }
        let command = "streakprompt " + invocation.command.name
        if names.contains(.default) { return .default }
        switch names.count {
        case 0:
            if let whenNone { return whenNone }
            throw .failure("no streaks yet; start one with 'streakprompt tick' (or 'streakprompt tick NAME')")
        case 1:
            return names[0]
        default:
            let list = names.map(\.text).joined(separator: ", ")
            throw .usage("which streak? there are \(names.count): \(list); name one, e.g. '\(command) \(names[0])'")
        }
    }
}
