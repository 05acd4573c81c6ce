import StreakCore
import StreakShell

/// Why `sync` stopped.
public enum SyncError: Error, Sendable {
    /// The data folder could not be read or written.
    case store(StoreError)
    /// git failed; what went wrong and what to do.
    case git(String)
}

/// What `sync` did.
public struct SyncOutcome: Sendable {
    /// Whether this machine's changes were committed.
    public var committed: Bool
    /// The remote synced with; nil when the repository has none (then it only committed).
    public var remote: DataRepository.Remote?
    /// Whether the remote's commits were merged.
    public var merged: Bool
    /// Actions that arrived with the merge.
    public var arrived: Int
}

/// `sync`: commits the data folder's git repository, merges the remote's commits and pushes,
/// with git itself.
///
/// Each machine writes only its own log, so a merge only adds files or lines; `.gitattributes`
/// gives logs git's union merge, so two machines with the same name still merge without a
/// conflict. The prompt cache is rebuilt after the merge, since other machines' actions may
/// have arrived.
public struct DataSync {
    public let store: Store
    public let repository: DataRepository

    public init(store: Store, environment: Environment) {
        self.store = store
        repository = DataRepository(folder: store.home, machine: store.machine, environment: environment)
    }

    /// Whether the data folder is a git repository at all.
    public var isRepository: Bool { Files.exists(Paths.join(store.home, ".git")) }

    public func run(zone: some ZoneRules) throws(SyncError) -> SyncOutcome {
        let home = store.home
        let git = repository
        // Commit this machine's changes, holding the lock so no tick lands half-written.
        let committed = try locked { () throws(SyncError) -> Bool in
            do throws(SystemError) {
                try SharedFolder.ensure(.gitignore, home: home)
                try SharedFolder.ensure(.gitattributes, home: home)
            } catch {
                throw .store(.system(error))
            }
            return try git.commitEverything(message: "streakprompt sync: \(store.machine)")
        }
        guard let remote = try git.remote() else {
            return SyncOutcome(committed: committed, remote: nil, merged: false, arrived: 0)
        }
        try git.must(["fetch", "--quiet", remote.name], doing: "fetch from \(remote.name)")

        let before = try actionCount()
        let merged = try locked { () throws(SyncError) -> Bool in
            let merged = try git.merge(remote)
            // Other machines' actions may have arrived: every streak's cache line anew.
            do throws(StoreError) {
                var streaks: [LoadedStreak] = []
                for name in try store.names() {
                    if let streak = try? store.load(name, zone: zone) { streaks.append(streak) }
                }
                try store.refreshCache(updating: streaks, zone: zone)
            } catch {
                throw .store(error)
            }
            return merged
        }
        let after = try actionCount()
        try git.must(["push", "--quiet", "-u", remote.name, "HEAD:refs/heads/" + remote.branch],
                     doing: "push to \(remote.name)/\(remote.branch)")
        return SyncOutcome(committed: committed, remote: remote, merged: merged, arrived: after - before)
    }

    /// Runs `body` holding the store's lock.
    private func locked<T>(_ body: () throws(SyncError) -> T) throws(SyncError) -> T {
        var failure: SyncError?
        var result: T?
        do throws(StoreError) {
            try store.locked { () throws(StoreError) in
                do throws(SyncError) {
                    result = try body()
                } catch {
                    failure = error
                }
            }
        } catch {
            throw .store(error)
        }
        if let failure { throw failure }
        return result!
    }

    /// Every readable action of every streak, one per moment.
    func actionCount() throws(SyncError) -> Int {
        let names: [StreakName]
        do throws(StoreError) {
            names = try store.names()
        } catch {
            throw .store(error)
        }
        var count = 0
        for name in names {
            if let actions = try? store.actions(of: name) { count += actions.actions.distinctActions().count }
        }
        return count
    }
}

/// The few git operations `sync` needs, run in the data folder.
public struct DataRepository {
    public let folder: String
    public let machine: String
    let git: Git

    /// Fetches and pushes cross the network: more time than a local query, still bounded.
    public static let timeout = 300_000

    public struct Remote: Sendable {
        public var name: String
        public var branch: String
    }

    public init(folder: String, machine: String, environment: Environment) {
        self.folder = folder
        self.machine = machine
        git = Git(folder: folder, timeout: DataRepository.timeout, environment: environment)
    }

    func run(_ arguments: [String]) throws(SyncError) -> ProcessOutcome {
        do {
            return try git.run(arguments)
        } catch {
            throw .git(error.message + "; sync needs git installed and on PATH")
        }
    }

    @discardableResult
    func must(_ arguments: [String], doing what: String) throws(SyncError) -> ProcessOutcome {
        let outcome = try run(arguments)
        guard outcome.succeeded else {
            throw .git("git could not \(what): \(outcome.errorText.isEmpty ? "exit \(outcome.status)" : outcome.errorText)")
        }
        return outcome
    }

    /// `-c user.name=… -c user.email=…` when git has no identity configured, so a fresh
    /// machine can still commit.
    func identity() throws(SyncError) -> [String] {
        if try run(["config", "user.email"]).succeeded { return [] }
        return ["-c", "user.name=streakprompt", "-c", "user.email=streakprompt@\(machine)"]
    }

    /// Stages everything (ignored files aside) and commits it. Returns whether there was
    /// anything to commit.
    ///
    /// A merge the user started by hand (the steps a conflict gives) is concluded here, once
    /// no file it stopped at still has conflict markers.
    func commitEverything(message: String) throws(SyncError) -> Bool {
        let merging = try run(["rev-parse", "--verify", "--quiet", "MERGE_HEAD"]).succeeded
        if merging {
            let stopped = try run(["diff", "--name-only", "--diff-filter=U"]).text.split(separator: "\n").map(String.init)
            for path in stopped {
                guard let bytes = try? Files.read(Paths.join(folder, path), limit: Store.fileLimit),
                      !ConflictMarker.lines(in: bytes).isEmpty else { continue }
                throw .git("\(path) still has the conflict markers of the merge: keep the lines you want, delete the <<<<<<<, ======= and >>>>>>> lines, then run 'streakprompt sync' again")
            }
        }
        try must(["add", "-A", "."], doing: "stage the data folder")
        let unborn = !(try run(["rev-parse", "--verify", "--quiet", "HEAD"]).succeeded)
        if !unborn, !merging, try run(["diff", "--cached", "--quiet"]).succeeded { return false }
        if unborn, try run(["ls-files"]).text.isEmpty { return false }
        try must(try identity() + ["commit", "--quiet", "--no-verify", "-m", message], doing: "commit")
        return true
    }

    /// The remote to sync with: the branch's upstream, else `origin`, else the only remote.
    func remote() throws(SyncError) -> Remote? {
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
    func merge(_ remote: Remote) throws(SyncError) -> Bool {
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
                throw .git("git could not merge \(branch): \(outcome.errorText); the merge was undone, nothing changed")
            }
            // Steps that work on a machine where git has no identity: the merge gets the one
            // sync commits with, and sync itself concludes it.
            // Histories two machines started apart are unrelated: the same merge as sync's.
            let merge = (["git", "-C", ShellQuote.quoted(folder, .posix)] + (try identity())
                + ["merge", "--allow-unrelated-histories", branch]).joined(separator: " ")
            let files = conflicts.joined(separator: ", ")
            throw .git("this machine and \(branch) both changed \(files), so the merge was undone and nothing changed. To keep one version: 1. \(merge) (it stops at the conflict) 2. edit \(files): keep the lines you want, delete the <<<<<<<, ======= and >>>>>>> lines 3. streakprompt sync (it commits the merge and pushes)")
        }
        return true
    }
}
