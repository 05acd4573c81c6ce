import StreakCore

/// The conflicts `sync` settles itself: a streak renamed to two names, one removed or renamed
/// on one machine while the other recorded in it, and settings files changed on both.
extension DataRepository {
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

    /// Resolves a streak renamed to two names on two machines: the name given later (by the
    /// commit that renamed it on each side) keeps the streak, and every record under the
    /// other name joins it (a log's lines are a set: the union of both, each once; a settings
    /// file of the later name wins). Commits the merge and returns what it says, or nil when
    /// the folders are not as a plain rename leaves them (then the merge is undone as usual).
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
                        try Files.writeAtomically(to, LogUnion.lines(try Files.read(to, limit: Store.fileLimit),
                                                                     adding: try Files.read(from, limit: Store.fileLimit),
                                                                     events: file.hasSuffix(Store.eventsSuffix)),
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
