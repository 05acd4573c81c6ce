import StreakCore
import StreakSystem

/// `streakprompt sync`: commits the data folder's git repository, merges the remote's
/// commits and pushes, with git itself.
///
/// Each machine writes only its own log, so a merge only adds files or lines; `.gitattributes`
/// gives logs git's union merge, so two machines with the same name still merge without a
/// conflict. The prompt cache is rebuilt after the merge, since other machines' actions may
/// have arrived.
enum Sync: Command {
    static let spec = CommandSpec(
        ["sync"], usage: "", summary: "commit, merge and push the data folder's git repository",
        details: """
        For a data folder that is a git repository (set it up once: git -C FOLDER init, then
        git -C FOLDER remote add origin URL; see the README): adds the .gitignore and
        .gitattributes lines it needs, commits every change, fetches and merges the remote
        branch, rebuilds the prompt cache, and pushes. Uses the branch's upstream, else
        'origin', else the only remote; with no remote it only commits.
        """)

    static let gitEnvironment = ["GIT_TERMINAL_PROMPT": "0", "GIT_MERGE_AUTOEDIT": "no"]

    static func run(_ invocation: Invocation, _ context: Context) throws -> Int32 {
        let store = try context.store()
        let home = store.home
        guard Files.exists(Paths.join(home, ".git")) else {
            throw Failure("\(home) is not a git repository; set it up once with: git -C '\(home)' init && git -C '\(home)' remote add origin URL (see the README's 'Many machines')")
        }
        let git = DataRepository(folder: home, machine: store.machine)

        // Commit this machine's changes, holding the lock so no tick lands half-written.
        let committed = try storeCall { () throws(StoreError) -> Result<Bool, Failure> in
            try store.locked { () throws(StoreError) -> Result<Bool, Failure> in
                do throws(SystemError) {
                    try SharedFolder.ensure(.gitignore, home: home)
                    try SharedFolder.ensure(.gitattributes, home: home)
                } catch {
                    throw .system(error)
                }
                do throws(Failure) {
                    return .success(try git.commitEverything(message: "streakprompt sync: \(store.machine)"))
                } catch {
                    return .failure(error)
                }
            }
        }.get()

        guard let remote = try git.remote() else {
            context.out.line(committed ? "Committed locally; no remote to sync with (add one: git -C '\(home)' remote add origin URL)."
                                       : "Nothing to commit; no remote to sync with (add one: git -C '\(home)' remote add origin URL).")
            return 0
        }
        try git.must(["fetch", "--quiet", remote.name], doing: "fetch from \(remote.name)")

        let before = try actionCount(store, context)
        let merged = try storeCall { () throws(StoreError) -> Result<Bool, Failure> in
            try store.locked { () throws(StoreError) -> Result<Bool, Failure> in
                let merged: Bool
                do throws(Failure) {
                    merged = try git.merge(remote)
                } catch {
                    return .failure(error)
                }
                // Other machines' actions may have arrived: every streak's cache line anew.
                var streaks: [LoadedStreak] = []
                for name in try store.names() {
                    if let streak = try? store.load(name, zone: context.zone) { streaks.append(streak) }
                }
                try store.refreshCache(updating: streaks, zone: context.zone)
                return .success(merged)
            }
        }.get()
        let after = try actionCount(store, context)
        try git.must(["push", "--quiet", "-u", remote.name, "HEAD:refs/heads/" + remote.branch],
                     doing: "push to \(remote.name)/\(remote.branch)")

        var parts: [String] = []
        if committed { parts.append("committed this machine's changes") }
        if merged {
            let arrived = after - before
            parts.append("merged \(remote.name)/\(remote.branch) (\(arrived) new \(arrived == 1 ? "action" : "actions"))")
        }
        parts.append("pushed to \(remote.name)/\(remote.branch)")
        context.out.line("Synced: " + parts.joined(separator: ", ") + ".")
        return 0
    }

    static func actionCount(_ store: Store, _ context: Context) throws -> Int {
        var count = 0
        for name in try storeCall({ () throws(StoreError) -> [StreakName] in try store.names() }) {
            if let actions = try? store.actions(of: name) { count += actions.actions.distinctMoments().count }
        }
        return count
    }
}

/// The few git operations `sync` needs, run in the data folder.
struct DataRepository {
    let folder: String
    let machine: String

    struct Remote {
        var name: String
        var branch: String
    }

    func run(_ arguments: [String]) throws(Failure) -> ProcessOutcome {
        do {
            return try Subprocess.run(["git", "-C", folder] + arguments, unsetting: Git.repositoryVariables,
                                      setting: Sync.gitEnvironment)
        } catch {
            throw Failure(error.message + "; sync needs git installed and on PATH")
        }
    }

    @discardableResult
    func must(_ arguments: [String], doing what: String) throws(Failure) -> ProcessOutcome {
        let outcome = try run(arguments)
        guard outcome.succeeded else {
            throw Failure("git could not \(what): \(outcome.errorText.isEmpty ? "exit \(outcome.status)" : outcome.errorText)")
        }
        return outcome
    }

    /// `-c user.name=… -c user.email=…` when git has no identity configured, so a fresh
    /// machine can still commit.
    func identity() throws(Failure) -> [String] {
        if try run(["config", "user.email"]).succeeded { return [] }
        return ["-c", "user.name=streakprompt", "-c", "user.email=streakprompt@\(machine)"]
    }

    /// Stages everything (ignored files aside) and commits it. Returns whether there was
    /// anything to commit.
    func commitEverything(message: String) throws(Failure) -> Bool {
        try must(["add", "-A", "."], doing: "stage the data folder")
        let unborn = !(try run(["rev-parse", "--verify", "--quiet", "HEAD"]).succeeded)
        if !unborn, try run(["diff", "--cached", "--quiet"]).succeeded { return false }
        if unborn, try run(["ls-files"]).text.isEmpty { return false }
        try must(try identity() + ["commit", "--quiet", "--no-verify", "-m", message], doing: "commit")
        return true
    }

    /// The remote to sync with: the branch's upstream, else `origin`, else the only remote.
    func remote() throws(Failure) -> Remote? {
        let names = try run(["remote"]).text.split(separator: "\n").map(String.init)
        guard !names.isEmpty else { return nil }
        let branch = try run(["symbolic-ref", "--short", "HEAD"]).text
        let local = branch.isEmpty ? "main" : branch
        let configured = try run(["config", "branch.\(local).remote"]).text
        let name = names.contains(configured) ? configured : (names.contains("origin") ? "origin" : names[0])
        var remoteBranch = local
        let merge = try run(["config", "branch.\(local).merge"]).text
        if merge.hasPrefix("refs/heads/") { remoteBranch = String(merge.dropFirst("refs/heads/".count)) }
        return Remote(name: name, branch: remoteBranch)
    }

    /// Merges the fetched remote branch, if it exists. On a conflict the merge is undone and
    /// the folder left as it was. Returns whether anything new was merged.
    func merge(_ remote: Remote) throws(Failure) -> Bool {
        let ref = "refs/remotes/\(remote.name)/\(remote.branch)"
        guard try run(["rev-parse", "--verify", "--quiet", ref]).succeeded else { return false }
        if try run(["merge-base", "--is-ancestor", ref, "HEAD"]).succeeded { return false }
        let outcome = try run(try identity() + ["merge", "--quiet", "--no-edit", "--allow-unrelated-histories",
                                                "-m", "streakprompt sync: merge \(remote.name)/\(remote.branch)", ref])
        guard outcome.succeeded else {
            _ = try? run(["merge", "--abort"])
            let said = String(decoding: outcome.stdout + outcome.stderr, as: UTF8.self)
            let conflicts = said.split(whereSeparator: \.isNewline).compactMap { line -> String? in
                guard let range = line.firstRange(of: "Merge conflict in ") else { return nil }
                return String(line[range.upperBound...])
            }
            let branch = "\(remote.name)/\(remote.branch)"
            guard !conflicts.isEmpty else {
                throw Failure("git could not merge \(branch): \(outcome.errorText); the merge was undone, nothing changed")
            }
            throw Failure("this machine and \(branch) both changed \(conflicts.joined(separator: ", ")), so the merge was undone and nothing changed; keep one version: git -C '\(folder)' merge \(branch), edit the file, git -C '\(folder)' commit -a, then run sync again")
        }
        return true
    }
}
