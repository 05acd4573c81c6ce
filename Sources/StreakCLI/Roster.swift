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

    /// `--tag T` (repeatable) of `list` and `status`: only streaks with one of the tags.
    static let tagFlag = FlagSpec("--tag", .text("T"), help: "only streaks with the tag T (repeatable: any of them)", repeatable: true)

    /// The tags `--tag` names, each checked; empty when none.
    static func tags(_ invocation: Invocation) throws(CommandError) -> [String] {
        var tags: [String] = []
        for text in invocation.flags[tagFlag.name] ?? [] {
            if let problem = StreakTag.problem(with: text) { throw .usage(problem.message(at: "--tag")) }
            tags.append(text)
        }
        return tags
    }

    /// `names` with one of `tags` (all when `tags` is empty).
    static func tagged(_ names: [StreakName], _ store: Store, _ tags: [String]) -> [StreakName] {
        guard !tags.isEmpty else { return names }
        return names.filter { name in
            guard let settings = try? store.settings(of: name) else { return false }
            return settings.tags.contains(where: tags.contains)
        }
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

    /// Checks a name a command is about to create a streak under (`add`, a tick of a new
    /// name): not another streak's name in other letter case (one folder on a
    /// case-insensitive disk), and, when
    /// `byHand` (a person at a terminal, not a hook or a script), not within a typo of an
    /// existing streak: `tick qiuz` with `quiz` there is a typo far more often than a new habit.
    /// `renaming`: the streak that is to take the name (`rename`), which may differ from it only
    /// in letter case.
    static func checkNew(_ name: StreakName, _ store: Store, byHand: Bool, renaming: StreakName? = nil) throws(CommandError) {
        // Every name the rule allows is a streak's, command words too (`git`, `log`): each
        // command that takes a streak reads the word as its name, and the prompt shows one
        // by `streakprompt prompt git` (`streakprompt git` stays the command).
        let existing = (try? store.names()) ?? []
        if let same = existing.first(where: { $0 != name && $0 != renaming && $0.text.lowercased() == name.text.lowercased() }) {
            throw .usage("'\(name)' differs from the streak '\(same)' only in letter case (one folder on macOS and Windows disks); use '\(same)', or choose another name")
        }
        // Short names (`s1`, `gym`) and names that differ only in their digits (`day1`,
        // `day2`) are families of habits, not typos.
        guard byHand, !existing.isEmpty, name.text.count >= 4 else { return }
        func letters(_ text: String) -> String { String(text.lowercased().filter { !$0.isNumber }) }
        let close = existing.filter { other in
            letters(other.text) != letters(name.text)
                && Suggest.editDistance(name.text.lowercased(), other.text.lowercased()) <= (name.text.count >= 8 ? 2 : 1)
        }
        if let nearest = close.min(by: { Suggest.editDistance(name.text, $0.text) < Suggest.editDistance(name.text, $1.text) }) {
            throw .usage("no streak named '\(name)'; did you mean '\(nearest)'? 'streakprompt add \(name)' creates it")
        }
    }
}
