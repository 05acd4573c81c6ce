import StreakCore

/// Streaks whose names differ only in letter case (`OTHER2`, `Other2`). No command makes
/// one beside another (`refuseCaseTwin`), but two machines can each make one under its own
/// spelling and a sync brings them together: on macOS and Windows disks they are one folder,
/// and an export holding both cannot be imported. `doctor` names them; `doctor --repair` and
/// `sync` make each set one streak, with every record of every twin.
extension Store {
    /// Every set of streaks whose names differ only in letter case, each in byte order.
    public func caseTwins() -> [[StreakName]] {
        var groups: [String: [StreakName]] = [:]
        for name in (try? names()) ?? [] { groups[name.text.lowercased(), default: []].append(name) }
        return groups.values.filter { $0.count > 1 }.map { $0.sorted { $0.text < $1.text } }.sorted { $0[0].text < $1[0].text }
    }

    /// Refuses to start the streak `name` beside one whose name differs only in letter case.
    /// Call with the lock held, before its folder is made: the commands check the same
    /// first (`add`, `tick`, `import`), but two of them at once could each find the other's
    /// name free. `renaming`: the streak that is to take the name.
    func refuseCaseTwin(_ name: StreakName, renaming: StreakName? = nil) throws(StoreError) {
        let lowered = name.text.lowercased()
        if let twin = ((try? names()) ?? []).first(where: { $0 != name && $0 != renaming && $0.text.lowercased() == lowered }) {
            throw .caseTwin(name, of: twin)
        }
    }

    /// What became of one twin: its records joined the streak that kept its name.
    public struct TwinMerge: Sendable, Equatable {
        public var kept: StreakName
        public var merged: StreakName
        /// Why `kept` keeps its name.
        public var why: String
        /// The files of `merged` that joined `kept`: copied where it had none of that name,
        /// else joined line by line (`LogUnion`).
        public var files: [String]
        /// Where `merged`'s folder went, whole, as it was.
        public var backup: String

        public var message: String {
            let moved = files.isEmpty ? "it had no records" : "moved its records in (\(files.joined(separator: ", ")))"
            return "\(merged) and \(kept) differed only in letter case: kept \(kept) (\(why)); \(moved); "
                + "\(merged)'s folder is kept whole in \(backup). Hooks and shells that name \(merged) should name \(kept) now"
                + " ('streakprompt rename \(kept) NAME' chooses another name)"
        }
    }

    /// Makes each set of case twins one streak, and returns what it did. The name kept is
    /// chosen from the data alone, so every machine that does this chooses the same: the
    /// twin with more actions, else the one whose first action is earlier, else the name
    /// that sorts first. Every action and record of the others joins it, each once; their
    /// tags join its tags (its icon and creation rules stay); each other's folder then moves,
    /// whole, to `backups/`, and its place in the order goes to the kept name. Call with the
    /// lock held. Killed half-way, it leaves both twins with their records (copies of one's
    /// in the other count once), and doing it again finishes it.
    public func mergeCaseTwinsLocked(stamp: String, zone: some ZoneRules) throws(StoreError) -> [TwinMerge] {
        var done: [TwinMerge] = []
        for twins in caseTwins() {
            try refuseLinks()
            for name in twins { try refuseLinks(name) }
            var ranked: [Twin] = []
            for name in twins {
                let actions = Set(try actions(of: name).actions.map(\.identity))
                ranked.append(Twin(name: name, actions: actions.count, first: actions.map(\.seconds).min() ?? .max))
            }
            ranked.sort(by: Twin.keepsItsName)
            let kept = ranked[0]
            for other in ranked.dropFirst() {
                let why: String
                if kept.actions != other.actions {
                    why = "it holds more actions: \(kept.actions) against \(other.actions)"
                } else if kept.first != other.first {
                    why = "both hold \(kept.actions) actions; its first is the earlier"
                } else {
                    why = "both hold \(kept.actions) actions from the same moment; its name sorts first"
                }
                let files = try moveRecords(of: other.name, into: kept.name)
                let backup = try moveToBackups(other.name, stamp: stamp)
                let order = self.order()
                if order.contains(other.name.text) {
                    let newOrder = order.contains(kept.name.text) ? order.filter { $0 != other.name.text }
                                                                  : StreakOrder.renamed(order, other.name.text, to: kept.name.text)
                    do throws(SystemError) {
                        try Files.writeAtomically(orderPath, StreakOrder.encoded(newOrder).utf8, locked: true,
                                                  beneath: try makeFolders(streaksFolder))
                    } catch {
                        throw .system(error)
                    }
                }
                done.append(TwinMerge(kept: kept.name, merged: other.name, why: why, files: files, backup: backup))
            }
            let streak = try load(kept.name, zone: zone)
            _ = refreshCacheReporting(updating: [streak], removing: ranked.dropFirst().map { $0.name }, zone: zone)
        }
        return done
    }

    /// A twin as the choice of the name kept sees it.
    struct Twin {
        var name: StreakName
        /// Its actions, each once (`Action.Identity`).
        var actions: Int
        /// Its earliest action's moment (`Int64.max`: none).
        var first: Int64

        /// Whether `a` keeps its name before `b`: more actions, else an earlier first one,
        /// else the name that sorts first.
        static func keepsItsName(_ a: Twin, before b: Twin) -> Bool {
            if a.actions != b.actions { return a.actions > b.actions }
            if a.first != b.first { return a.first < b.first }
            return a.name.text < b.name.text
        }
    }

    /// Writes the records of `other`'s folder into `kept`'s: each action and event log, and
    /// each file a repair set aside, copied where `kept` has no file of its name, else (a
    /// log of the same machine) joined line by line; `other`'s tags join `kept`'s. Returns
    /// the files it wrote, by name. `other`'s folder is left as it was.
    private func moveRecords(of other: StreakName, into kept: StreakName) throws(StoreError) -> [String] {
        let from = folder(of: other)
        let to = folder(of: kept)
        var written: [String] = []
        do throws(SystemError) {
            let opened = try makeFolders(to)
            for file in try Files.list(from).sorted() where !file.hasPrefix(".") {
                let isLog = file.hasSuffix(Store.actionsSuffix) || file.hasSuffix(Store.eventsSuffix)
                guard isLog || file.contains(".corrupt-") else { continue }
                let source = Paths.join(from, file)
                guard Files.isRegularFile(source), !Files.isLink(source) else { continue }
                let bytes = try Files.read(source, limit: Store.fileLimit)
                var target = Paths.join(to, file)
                if isLog, Files.exists(target) {
                    let joined = LogUnion.lines(try Files.read(target, limit: Store.fileLimit), adding: bytes,
                                                events: file.hasSuffix(Store.eventsSuffix))
                    try Files.writeAtomically(target, joined, beneath: opened)
                } else {
                    // A set-aside file of the same name holds other lines: a name of its own.
                    var suffix = 2
                    while Files.exists(target) {
                        target = Paths.join(to, file + "-" + other.text + (suffix > 2 ? "-\(suffix)" : ""))
                        suffix += 1
                    }
                    try Files.writeAtomically(target, bytes, beneath: opened)
                }
                written.append(file)
            }
        } catch {
            throw .system(error)
        }
        if let tags = (try? settings(of: other))?.tags, !tags.isEmpty {
            var settings = try self.settings(of: kept)
            let joined = StreakTag.normalized(settings.tags + tags)
            if joined != settings.tags, joined.count <= StreakTag.maxCount {
                settings.tags = joined
                do throws(SystemError) {
                    try Files.writeAtomically(settingsPath(of: kept), settings.encoded().utf8, locked: true,
                                              beneath: try makeFolders(to))
                } catch {
                    throw .system(error)
                }
                written.append(Store.settingsFile + " (tags)")
            }
        }
        return written
    }
}
