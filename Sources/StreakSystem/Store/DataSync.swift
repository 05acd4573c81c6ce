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
    /// Actions that arrived with the merge (each action once, by its identity).
    public var arrived: Int
    /// Symbolic links in the streaks folder after the merge (a repository can hold them):
    /// never read or written through, named so the user can remove them.
    public var links: [String] = []
    /// How a streak renamed to two names on two machines was resolved, if one was.
    public var renames: [String] = []
    /// Streaks whose names differ only in letter case (each machine started one), made one.
    public var twins: [String] = []
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

    /// Syncs; `stamp` names the backups of streaks it makes one (`joinCaseTwins`).
    public func run(zone: some ZoneRules, stamp: String) throws(SyncError) -> SyncOutcome {
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

        let before = try actionKeys()
        var renames: [String] = []
        var twins: [String] = []
        let merged = try locked { () throws(SyncError) -> Bool in
            // Other machines' actions may have arrived: every streak's cache line anew. Also
            // after a merge that was undone: undoing it rewrote the streaks' files as they were,
            // which made the cache look stale to the prompt and `doctor`.
            func refresh() throws(SyncError) {
                do throws(StoreError) {
                    var streaks: [LoadedStreak] = []
                    for name in try store.names() {
                        if let streak = try? store.load(name, zone: zone) { streaks.append(streak) }
                    }
                    try store.refreshCache(updating: streaks, zone: zone)
                } catch {
                    throw .store(error)
                }
            }
            let merged: Bool
            do throws(SyncError) {
                merged = try git.merge(remote, renames: &renames)
            } catch {
                try? refresh()
                throw error
            }
            twins = try joinCaseTwins(stamp: stamp, zone: zone)
            try refresh()
            return merged
        }
        let after = try actionKeys()
        try git.must(["push", "--quiet", "-u", remote.name, "HEAD:refs/heads/" + remote.branch],
                     doing: "push to \(remote.name)/\(remote.branch)")
        return SyncOutcome(committed: committed, remote: remote, merged: merged, arrived: after.subtracting(before).count,
                           links: linksInStreaks(), renames: renames, twins: twins)
    }

    /// Streaks whose names differ only in letter case, which a merge brings together when
    /// two machines each started one: made one streak (`Store.mergeCaseTwinsLocked`, which
    /// chooses the same name on every machine) and committed, so the push carries one streak
    /// everywhere and an export of the folder imports again. Returns what it said.
    func joinCaseTwins(stamp: String, zone: some ZoneRules) throws(SyncError) -> [String] {
        let merges: [Store.TwinMerge]
        do throws(StoreError) {
            merges = try store.mergeCaseTwinsLocked(stamp: stamp, zone: zone)
        } catch {
            throw .store(error)
        }
        guard !merges.isEmpty else { return [] }
        let pairs = merges.map { "\($0.merged) into \($0.kept)" }.joined(separator: ", ")
        _ = try repository.commitEverything(message: "streakprompt sync: one streak of letter-case twins: \(pairs)")
        return merges.map(\.message)
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

    /// Every readable action of every streak, each once (`Action.identity`), with its streak:
    /// what arrived is what is here after the merge and was not before (an action that became
    /// unreadable, or a renamed streak, is not a negative arrival).
    func actionKeys() throws(SyncError) -> Set<SyncedAction> {
        let names: [StreakName]
        do throws(StoreError) {
            names = try store.names()
        } catch {
            throw .store(error)
        }
        var keys = Set<SyncedAction>()
        for name in names {
            guard let actions = try? store.actions(of: name) else { continue }
            for action in actions.actions { keys.insert(SyncedAction(identity: action.identity, count: action.count)) }
        }
        return keys
    }

    struct SyncedAction: Hashable {
        var identity: Action.Identity
        var count: Int
    }

    /// The symbolic links among the streaks' folders and files.
    func linksInStreaks() -> [String] {
        var links: [String] = []
        for entry in (try? Files.list(store.streaksFolder)) ?? [] {
            let folder = Paths.join(store.streaksFolder, entry)
            if Files.isLink(folder) {
                links.append(folder)
                continue
            }
            for file in (try? Files.list(folder)) ?? [] where Files.isLink(Paths.join(folder, file)) {
                links.append(Paths.join(folder, file))
            }
        }
        return links
    }
}
