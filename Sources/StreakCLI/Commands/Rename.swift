import StreakCore
import StreakShell
import StreakSystem

/// `streakprompt rename OLD NEW`: the same streak under a new name, history and all.
///
/// The streak's folder (settings, every machine's logs and event logs) moves in one rename,
/// holding the data folder's lock; the prompt cache follows. Then the git hooks this machine
/// can see (this repository's and the global ones) that count for OLD are rewritten to count
/// for NEW; what names OLD elsewhere (other repositories' hooks, shell start-up files, other
/// machines) is listed for the user to change, since no record of a rename is kept for other
/// machines to follow.
enum Rename: Command {
    static let spec = CommandSpec(
        ["rename"], usage: "OLD NEW", summary: "rename a streak, keeping all its history",
        details: """
        Moves the streak OLD, with its settings and every machine's logs, to NEW in one
        step; refuses when NEW exists, differs from another streak's name only in letter
        case, or is not a valid name. An icon that is OLD's name (OLD:,
        given once the palette ran out) becomes NEW:. The post-commit hook of the
        repository you are in and the global hooks ('git install --global') are updated
        when they count for OLD. What it cannot see is listed for you to change: other
        repositories' hooks ('streakprompt git install --name NEW' in each), '--name OLD'
        in 'streakprompt init' lines, STREAKPROMPT_NAMES, STREAKPROMPT_TICK_NAME and tmux's
        @streakprompt-names. Other machines sharing the data folder get NEW when it syncs,
        but do not learn of the rename: a tick there under OLD starts a new streak OLD.
        """,
        flags: [CommandTable.now], arguments: .streakName(existing: true), count: 2...2)

    static func run(_ invocation: Invocation, _ context: Context) throws(CommandError) -> Int32 {
        let names = invocation.argumentNames
        guard names.count == 2 else { return 2 }
        let (old, new) = (names[0], names[1])
        guard old != new else { throw .usage("'\(old)' is already its name; give a new one: streakprompt rename \(old) NEW") }
        let store = try context.store()
        // Not another streak's name in other letter case, nor a command word.
        try Roster.checkNew(new, store, byHand: false, renaming: old)
        let recorded = try storeCall { () throws(StoreError) -> RecordOutcome in
            try store.rename(old, to: new, zone: context.zone)
        }
        Exit.warnCache(recorded.cacheProblem, done: "the streak is renamed")
        let streak = recorded.streak
        let actions = streak.history.countedActions.count
        let reading = streak.reading(today: try context.today(invocation).day, zone: context.zone)
        context.out.line("Renamed \(old) to \(new), with its settings and \(actions == 1 ? "1 action" : "\(actions) actions") · \(streak.settings.icon) \(Report.count(reading.current, reading.unit))")
        for line in updateHooks(from: old, to: new, context) { context.out.line(line) }
        context.out.line("""
        Change what still names '\(old)' where this command cannot see it:
          - other repositories' post-commit hooks: run 'streakprompt git install --name \(new)' in each ('streakprompt git status' shows what a repository counts for);
          - shell start-up files: '--name \(old)' in 'streakprompt init' lines, STREAKPROMPT_NAMES and STREAKPROMPT_TICK_NAME; tmux: @streakprompt-names;
          - other machines that share this data folder: the same there, before they tick again (a tick under '\(old)' starts a new streak '\(old)').
        """)
        return 0
    }

    /// Rewrites the hooks this machine can see that count for `old` (this repository's, and
    /// those the global install put into its template folders and repositories, as recorded)
    /// to count for `new`; says what it did, or what to edit in a hook another tool owns.
    static func updateHooks(from old: StreakName, to new: StreakName, _ context: Context) -> [String] {
        var lines: [String] = []
        let git = Git(environment: context.environment)
        let record = (try? context.store().gitGlobalRecord()) ?? GitGlobalRecord()
        for hooks in record.allTemplates.map({ Paths.join($0, "hooks") }) + record.repositories {
            guard case .ours(let installed, false) = RecordedHook.inspect(hooksFolder: hooks), installed.name == old.text,
                  let binary = installed.binary ?? (try? GitShared.binary(context))
            else { continue }
            do throws(HookFileError) {
                _ = try GitHookFiles.installRepositoryHook(binary: binary, name: new, in: hooks, link: true)
                lines.append("Updated \(Paths.join(hooks, GitHookScript.countingHook)) (global install): new commits count for '\(new)'.")
            } catch {
                lines.append("\(Paths.join(hooks, GitHookScript.countingHook)) still counts for '\(old)' (\(GitShared.failure(error).message)); run 'streakprompt git install --global --name \(new)'.")
            }
        }
        if let legacy = (try? LegacyGlobalHooks.state(git)) ?? nil, legacy.active, legacy.name == old.text {
            lines.append("The global hooks of an earlier version, in \(legacy.folder), count for '\(old)': run 'streakprompt git install --global --name \(new)', which puts the template install in their place.")
        }
        guard let repository = (try? GitRepository.locate(git)) ?? nil else { return lines }
        let hook = CommitHook.inspect(folder: repository.hooksFolder)
        // Ours: at the hook's name, or kept behind the pre-commit framework (`.legacy`, which
        // its hook runs): updated where it is, as install does.
        var ours: (path: String, installed: GitHookScript.Installed)?
        switch hook.kind {
        case .ours(let installed) where installed.name == old.text:
            ours = (hook.path, installed)
        case .calls(let caller, let name) where name == old.text:
            if caller.hasSuffix(".legacy"), case .ours(let installed, _) = GitHookFiles.look(at: caller) {
                ours = (caller, installed)
            } else {
                lines.append("\(caller) calls 'streakprompt git hook post-commit --name \(old)': change it to --name \(new).")
            }
        default:
            break
        }
        if let ours, let binary = ours.installed.binary ?? (try? GitShared.binary(context)) {
            do throws(HookFileError) {
                _ = try GitShared.installHook(in: repository, binary: binary, name: new)
                lines.append("Updated \(ours.path): your new commits here count for '\(new)'.")
            } catch {
                lines.append("\(ours.path) still counts for '\(old)' (\(GitShared.failure(error).message)); run 'streakprompt git install --name \(new)' here.")
            }
        }
        return lines
    }
}
