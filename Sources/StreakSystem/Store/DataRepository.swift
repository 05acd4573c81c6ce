import StreakCore
import StreakShell

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
}
