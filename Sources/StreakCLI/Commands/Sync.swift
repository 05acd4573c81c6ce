import StreakCore
import StreakShell
import StreakSystem

/// `streakprompt sync`: commits the data folder's git repository, merges the remote's
/// commits and pushes (`DataSync` does the repository work).
enum Sync: Command {
    static let spec = CommandSpec(
        ["sync"], usage: "", summary: "commit, merge and push the data folder's git repository",
        details: """
        For a data folder that is a git repository (set it up once: git -C FOLDER init, then
        git -C FOLDER remote add origin URL; see docs/sync.md): adds the .gitignore and
        .gitattributes lines it needs, commits every change, fetches and merges the remote
        branch (streaks whose names differ only in letter case, one started on each
        machine, become one streak with every action of both), rebuilds the prompt cache,
        and pushes. Uses the branch's upstream, else 'origin', else the only remote; with no
        remote it only commits.
        """)

    static func run(_ invocation: Invocation, _ context: Context) throws(CommandError) -> Int32 {
        let store = try context.store()
        let home = store.home
        let sync = DataSync(store: store, environment: context.environment)
        guard sync.isRepository else {
            throw .failure("\(home) is not a git repository; set it up once with: git -C '\(home)' init && git -C '\(home)' remote add origin URL (see docs/sync.md)")
        }
        let outcome: SyncOutcome
        do throws(SyncError) {
            outcome = try sync.run(zone: context.zone, stamp: context.fileStamp(at: Clock.now()))
        } catch {
            switch error {
            case .store(let error): throw error.commandError
            case .git(let message): throw .failure(message)
            }
        }
        guard let remote = outcome.remote else {
            context.out.line(outcome.committed ? "Committed locally; no remote to sync with (add one: git -C '\(home)' remote add origin URL)."
                                               : "Nothing to commit; no remote to sync with (add one: git -C '\(home)' remote add origin URL).")
            return 0
        }
        var parts: [String] = []
        if outcome.committed { parts.append("committed this machine's changes") }
        if outcome.merged {
            parts.append("merged \(remote.name)/\(remote.branch) (\(outcome.arrived) new \(outcome.arrived == 1 ? "action" : "actions"))")
        }
        parts.append("pushed to \(remote.name)/\(remote.branch)")
        context.out.line("Synced: " + parts.joined(separator: ", ") + ".")
        for rename in outcome.renames { context.out.line(rename) }
        for twin in outcome.twins { context.out.line(twin + ".") }
        for link in outcome.links {
            Exit.warn("\(link) is a symbolic link (it came with the merge, or was made here): streakprompt neither reads nor writes through it, so nothing in it counts; remove it from the repository ('git -C \(ShellQuote.quoted(home, .posix)) rm \(ShellQuote.quoted(String(link.dropFirst(home.count + 1)), .posix))', then 'streakprompt sync')")
        }
        return 0
    }
}
