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

        let before = try actionKeys()
        var renames: [String] = []
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
            try refresh()
            return merged
        }
        let after = try actionKeys()
        try git.must(["push", "--quiet", "-u", remote.name, "HEAD:refs/heads/" + remote.branch],
                     doing: "push to \(remote.name)/\(remote.branch)")
        return SyncOutcome(committed: committed, remote: remote, merged: merged, arrived: after.subtracting(before).count,
                           links: linksInStreaks(), renames: renames)
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

/// The few git operations `sync` needs, run in the data folder.
public struct DataRepository {
    public let folder: String
    public let machine: String
    var git: Git

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
        // A merge's conflicts are read from what git says: in English whatever the user's
        // language (git translates them: "KONFLIKT (Inhalt): Merge-Konflikt in …").
        git.setting = ["LC_ALL": "C"]
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
            // git says some things on stdout (a merge's conflicts): its words from either stream.
            var reason = outcome.errorText
            if reason.isEmpty { reason = outcome.text.split(whereSeparator: \.isNewline).joined(separator: "; ") }
            throw .git("git could not \(what): \(reason.isEmpty ? "exit \(outcome.status)" : reason)")
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
    /// the folder left as it was, except when the only conflicts are one streak renamed to two
    /// names on the two machines (`resolveRenames`): then both names' records go to the one
    /// renamed later, and `renames` says so. Returns whether anything new was merged.
    func merge(_ remote: Remote, renames: inout [String]) throws(SyncError) -> Bool {
        let ref = "refs/remotes/\(remote.name)/\(remote.branch)"
        guard try run(["rev-parse", "--verify", "--quiet", ref]).succeeded else { return false }
        if try run(["merge-base", "--is-ancestor", ref, "HEAD"]).succeeded { return false }
        let outcome = try run(try identity() + ["merge", "--quiet", "--no-edit", "--allow-unrelated-histories",
                                                "-m", "streakprompt sync: merge \(remote.name)/\(remote.branch)", ref])
        guard outcome.succeeded else {
            let said = String(decoding: outcome.stdout + outcome.stderr, as: UTF8.self)
            let lines = said.split(whereSeparator: \.isNewline).map(String.init)
            let renamed = lines.compactMap(RenameConflict.init)
            let kept = lines.compactMap(KeptConflict.init)
            let others = lines.filter { $0.hasPrefix("CONFLICT") && RenameConflict($0) == nil && KeptConflict($0) == nil }
            let conflicts = lines.compactMap { line -> String? in
                guard let range = line.firstRange(of: "Merge conflict in ") else { return nil }
                return String(line[range.upperBound...])
            }
            // Settled whole, or undone whole: never left half merged.
            func settle(_ resolve: () throws(SyncError) -> [String]?) throws(SyncError) -> Bool {
                let resolved: [String]?
                do throws(SyncError) {
                    resolved = try resolve()
                } catch {
                    _ = try? run(["merge", "--abort"])
                    throw error
                }
                guard let resolved else { return false }
                renames += resolved
                return true
            }
            // A streak removed (or renamed) on one machine while the other recorded in it, and
            // one renamed to two names: settled by sync, nothing recorded lost.
            if !renamed.isEmpty || !kept.isEmpty, others.isEmpty, try settle({ () throws(SyncError) -> [String]? in
                guard let said = try resolveKept(kept, theirs: ref) else { return nil }
                if renamed.isEmpty {
                    try must(["add", "-A", "."], doing: "stage the streaks kept")
                    try must(try identity() + ["commit", "--quiet", "--no-verify", "--no-edit"], doing: "commit the merge")
                    return said
                }
                guard let renames = try resolveRenames(renamed, theirs: ref) else { return nil }
                return said + renames
            }) {
                return true
            }
            // Only settings files, each changed in different fields or the icon and tags on
            // both sides: settled field by field, the later change winning (no manual step).
            if renamed.isEmpty, !conflicts.isEmpty, others.count == conflicts.count,
               conflicts.allSatisfy({ $0.hasPrefix("streaks/") && $0.hasSuffix("/" + Store.settingsFile) }),
               try settle({ () throws(SyncError) in try resolveSettings(conflicts, theirs: ref) }) {
                return true
            }
            _ = try? run(["merge", "--abort"])
            let branch = "\(remote.name)/\(remote.branch)"
            guard !conflicts.isEmpty else {
                // Never an empty reason: git's own words, from either stream, or its status.
                let reason = lines.filter { !$0.hasPrefix("Automatic merge failed") }.joined(separator: "; ")
                throw .git("git could not merge \(branch): \(reason.isEmpty ? "it exited with status \(outcome.status)" : reason); the merge was undone, nothing changed")
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

    /// `CONFLICT (rename/rename): streaks/OLD/F renamed to streaks/A/F in HEAD and to
    /// streaks/B/F in REF.`: a streak's file renamed to two names, here (`ours`) and there.
    struct RenameConflict: Equatable {
        var old: String
        var ours: String
        var theirs: String

        init?(_ line: String) {
            let prefix = "CONFLICT (rename/rename): "
            guard line.hasPrefix(prefix) else { return nil }
            let rest = String(line.dropFirst(prefix.count))
            let first = rest.split(separator: " renamed to ", maxSplits: 1, omittingEmptySubsequences: false)
            guard first.count == 2 else { return nil }
            let second = first[1].split(separator: " in HEAD and to ", maxSplits: 1, omittingEmptySubsequences: false)
            // The other side's path ends at the last " in " (the branch follows it).
            let tail = second.count == 2 ? second[1].split(separator: " in ", omittingEmptySubsequences: false) : []
            guard tail.count >= 2 else { return nil }
            let theirsPath = tail.dropLast().joined(separator: " in ")
            let folders = [String(first[0]), String(second[0]), theirsPath].map { path -> String? in
                let parts = path.split(separator: "/", omittingEmptySubsequences: false)
                guard parts.count == 3, parts[0] == "streaks", StreakName.problem(with: String(parts[1])) == nil else { return nil }
                return String(parts[1])
            }
            guard let old = folders[0], let ours = folders[1], let theirs = folders[2], ours != theirs else { return nil }
            self.old = old
            self.ours = ours
            self.theirs = theirs
        }
    }

    /// A conflict sync settles by keeping what was recorded:
    /// `CONFLICT (modify/delete): streaks/NAME/F deleted in A and modified in B.  Version B of
    /// streaks/NAME/F left in tree.` (a streak removed on one machine, recorded in on the
    /// other since), and `CONFLICT (file location): streaks/OLD/F added in A inside a directory
    /// that was renamed in B, suggesting it should perhaps be moved to streaks/NEW/F.` (a
    /// streak renamed on one machine, a log started under the old name on the other).
    struct KeptConflict: Equatable {
        enum Kind: Equatable {
            /// The streak `name` was removed on one side and its file changed on `side`.
            case removedWhileChanged(name: String, side: String)
            /// A file added at `path` that git moved to `moved`, inside the renamed streak.
            case addedIntoRenamed(path: String, moved: String)
        }
        var kind: Kind

        init?(_ line: String) {
            func streak(_ path: Substring) -> String? {
                let parts = path.split(separator: "/", omittingEmptySubsequences: false)
                guard parts.count == 3, parts[0] == "streaks", StreakName.problem(with: String(parts[1])) == nil,
                      !parts[2].isEmpty, !parts[2].contains(" ")
                else { return nil }
                return String(parts[1])
            }
            let removed = "CONFLICT (modify/delete): "
            let moved = "CONFLICT (file location): "
            if line.hasPrefix(removed) {
                let rest = line.dropFirst(removed.count)
                guard let deleted = rest.firstRange(of: " deleted in "), let modified = rest.firstRange(of: " and modified in "),
                      deleted.upperBound <= modified.lowerBound, let name = streak(rest[..<deleted.lowerBound])
                else { return nil }
                var side = rest[modified.upperBound...]
                if let end = side.firstRange(of: ".  Version ") ?? side.firstRange(of: ". Version ") {
                    side = side[..<end.lowerBound]
                } else if side.hasSuffix(".") {
                    side = side.dropLast()
                }
                guard !side.isEmpty, !side.contains(" ") else { return nil }
                kind = .removedWhileChanged(name: name, side: String(side))
            } else if line.hasPrefix(moved) {
                let rest = line.dropFirst(moved.count)
                guard let added = rest.firstRange(of: " added in "), let suggested = rest.firstRange(of: "moved to "),
                      streak(rest[..<added.lowerBound]) != nil
                else { return nil }
                var target = rest[suggested.upperBound...]
                if target.hasSuffix(".") { target = target.dropLast() }
                guard streak(target) != nil else { return nil }
                kind = .addedIntoRenamed(path: String(rest[..<added.lowerBound]), moved: String(target))
            } else {
                return nil
            }
        }
    }

    /// Settles `KeptConflict`s without committing: a streak removed on one side and recorded
    /// in on the other comes back whole as that side has it (its records since would be lost
    /// otherwise; `remove` removes it again); a log started under a streak's old name joins
    /// the renamed streak, where git moved it. Returns what to say, or nil when the folders are
    /// not as those conflicts leave them.
    func resolveKept(_ conflicts: [KeptConflict], theirs ref: String) throws(SyncError) -> [String]? {
        var said: [String] = []
        var restored: Set<String> = []
        for conflict in conflicts {
            switch conflict.kind {
            case .removedWhileChanged(let name, let side):
                guard restored.insert(name).inserted else { continue }
                let source = side == "HEAD" ? "HEAD" : ref
                try must(["checkout", source, "--", "streaks/" + name], doing: "keep the streak \(name)")
                said.append(side == "HEAD"
                    ? "\(name) was removed on the other machine after this one recorded in it: kept it, with this machine's records; 'streakprompt remove \(name)' removes it again."
                    : "\(name) was removed here while the other machine recorded in it: it is back, as the other machine has it; 'streakprompt remove \(name)' removes it again.")
            case .addedIntoRenamed(let path, let moved):
                guard Files.exists(Paths.join(folder, moved)), !Files.isLink(Paths.join(folder, moved)) else { return nil }
                _ = try run(["rm", "--cached", "--quiet", "--ignore-unmatch", "--", path])
                try must(["add", "--", moved], doing: "stage \(moved)")
                let old = path.split(separator: "/")[1]
                let new = moved.split(separator: "/")[1]
                said.append("\(old) was renamed to \(new) on one machine while the other recorded under \(old): its records joined \(new).")
            }
        }
        return said
    }

    /// Resolves a streak renamed to two names on two machines: the name given later (by the
    /// commit that renamed it on each side) keeps the streak, and every record under the
    /// other name joins it (a log's lines are a set: the union of both, each once; a settings
    /// file of the later name wins). Commits the merge and returns what it says, or nil when
    /// the folders are not as a plain rename leaves them (then the merge is undone as usual).
    /// Settles conflicts in settings files field by field from the three versions (the merge
    /// base, here and there): a field changed on one side takes that side's value; the icon
    /// and the tags changed on both take the side that committed its file later (ties: the
    /// greater text); creation rules changed differently on both sides are not settled (nil:
    /// the caller undoes the merge and gives the manual steps). Commits the merge.
    func resolveSettings(_ paths: [String], theirs ref: String) throws(SyncError) -> [String]? {
        var said: [String] = []
        for path in paths {
            func version(_ stage: Int) throws(SyncError) -> StreakSettings? {
                let shown = try run(["show", ":\(stage):\(path)"])
                guard shown.succeeded else { return stage == 1 ? StreakSettings() : nil }
                guard case .success(let settings) = StreakSettings.parse(shown.stdout) else { return nil }
                return settings
            }
            guard let base = try version(1), let ours = try version(2), let theirs = try version(3) else { return nil }
            func changedAt(_ side: String) throws(SyncError) -> Int {
                Int(try run(["log", "-1", "--format=%ct", side, "--", path]).text) ?? 0
            }
            let oursAt = try changedAt("HEAD")
            let theirsAt = try changedAt(ref)
            func pick<T: Equatable>(_ base: T, _ ours: T, _ theirs: T, _ order: (T, T) -> Bool) -> T {
                if ours == theirs || theirs == base { return ours }
                if ours == base { return theirs }
                if oursAt != theirsAt { return oursAt > theirsAt ? ours : theirs }
                return order(ours, theirs) ? theirs : ours
            }
            var merged = ours
            merged.icon = pick(base.icon, ours.icon, theirs.icon, <)
            merged.tags = pick(base.tags, ours.tags, theirs.tags) { $0.joined(separator: ",") < $1.joined(separator: ",") }
            if ours.rules != theirs.rules {
                if ours.rules == base.rules {
                    merged.rules = theirs.rules
                } else if theirs.rules != base.rules {
                    return nil
                }
            }
            let file = Paths.join(folder, path)
            guard !Files.isLink(file) else { return nil }
            do throws(SystemError) {
                try Files.writeAtomically(file, Array(merged.encoded().utf8),
                                          beneath: try Files.makeFolders(Paths.folder(of: file), below: folder))
            } catch {
                throw .store(.system(error))
            }
            try must(["add", "--", path], doing: "stage the merged settings")
            said.append("\(path) was changed here and on the other machine: merged, the later change of each setting kept (icon \(merged.icon)\(merged.tags.isEmpty ? "" : ", tags " + merged.tags.joined(separator: ",")))")
        }
        try must(try identity() + ["commit", "--quiet", "--no-verify", "--no-edit"], doing: "commit the merge")
        return said
    }

    func resolveRenames(_ conflicts: [RenameConflict], theirs ref: String) throws(SyncError) -> [String]? {
        var pairs: [String: (ours: String, theirs: String)] = [:]
        for conflict in conflicts {
            if let known = pairs[conflict.old], known != (conflict.ours, conflict.theirs) { return nil }
            pairs[conflict.old] = (conflict.ours, conflict.theirs)
        }
        var said: [String] = []
        for (old, pair) in pairs.sorted(by: { $0.key < $1.key }) {
            func renamedAt(_ side: String, _ name: String) throws(SyncError) -> Int {
                Int(try run(["log", "-1", "--format=%ct", "--no-renames", "--diff-filter=A", side, "--", "streaks/\(name)"]).text) ?? 0
            }
            let oursAt = try renamedAt("HEAD", pair.ours)
            let theirsAt = try renamedAt(ref, pair.theirs)
            let keep = oursAt != theirsAt ? (oursAt > theirsAt ? pair.ours : pair.theirs) : min(pair.ours, pair.theirs)
            let drop = keep == pair.ours ? pair.theirs : pair.ours
            let keptFolder = Paths.join(folder, "streaks/" + keep)
            let droppedFolder = Paths.join(folder, "streaks/" + drop)
            guard Files.isFolder(keptFolder), Files.isFolder(droppedFolder), !Files.isLink(keptFolder), !Files.isLink(droppedFolder) else { return nil }
            do throws(SystemError) {
                for file in try Files.list(droppedFolder) {
                    let from = Paths.join(droppedFolder, file)
                    let to = Paths.join(keptFolder, file)
                    let isLog = file.hasSuffix(Store.actionsSuffix) || file.hasSuffix(Store.eventsSuffix)
                    if !Files.exists(to) {
                        try Files.rename(from, to: to)
                    } else if isLog {
                        try Files.writeAtomically(to, RenameConflict.union(try Files.read(to, limit: Store.fileLimit),
                                                                           try Files.read(from, limit: Store.fileLimit)),
                                                  beneath: try Files.makeFolders(keptFolder, below: folder))
                    }
                }
                for file in try Files.list(droppedFolder) { try Files.remove(Paths.join(droppedFolder, file)) }
                _ = Files.removeEmptyFolder(droppedFolder)
            } catch {
                throw .store(.system(error))
            }
            said.append("\(old) was renamed to \(pair.ours) here and to \(pair.theirs) on the other machine: kept \(keep) (the later rename) with every action of both; rename it again to choose another name.")
        }
        try must(["add", "-A", "."], doing: "stage the renamed streaks")
        try must(try identity() + ["commit", "--quiet", "--no-verify", "--no-edit"], doing: "commit the merge")
        return said
    }
}

extension DataRepository.RenameConflict {
    /// The lines of `kept`, then each line of `other` that `kept` does not hold (a log is a set
    /// of lines; comments and conflict markers of `other` are not carried over).
    static func union(_ kept: [UInt8], _ other: [UInt8]) -> [UInt8] {
        var out = kept
        if let last = out.last, last != 0x0A { out.append(0x0A) }
        let lines = Set(kept.split(separator: 0x0A).map(Array.init))
        for line in other.split(separator: 0x0A) where !lines.contains(Array(line)) && line.first != UInt8(ascii: "#")
            && !ConflictMarker.isMarker(line) {
            out += line
            out.append(0x0A)
        }
        return out
    }
}
