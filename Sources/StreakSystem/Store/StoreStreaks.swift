#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import StreakCore

/// Whole streaks: creating one, changing its settings, removing it to `backups/`, renaming it.
extension Store {
    /// Creates a streak with these settings. Fails if it exists.
    public func add(_ name: StreakName, settings: StreakSettings, zone: some ZoneRules) throws(StoreError) {
        try locked { () throws(StoreError) in
            if exists(name) { throw .exists(name) }
            _ = try writeSettings(settings, of: name, zone: zone)
        }
    }

    /// Creates a streak with the defaults of a new streak (`newStreakSettings`), the
    /// settings `given` (its creation rules) and `tags`, in one write. Fails if it exists.
    /// With `quitSince`, a habit to quit counted from that date (the rules given do not apply
    /// to it: the caller refuses them).
    public func create(_ name: StreakName, with given: GivenSettings, tags: [String] = [], quitSince: StreakDay? = nil,
                       zone: some ZoneRules) throws(StoreError) -> ConfigureOutcome {
        try locked { () throws(StoreError) -> ConfigureOutcome in
            if exists(name) { throw .exists(name) }
            var settings = given.applied(to: newStreakSettings(name))
            settings.tags = StreakTag.normalized(tags)
            if let quitSince {
                settings.rules = Rules(quitSince: quitSince)
                // Its own icon, unless one was given or another streak has it.
                let taken = ((try? names()) ?? []).compactMap { (try? self.settings(of: $0))?.icon }
                if given.icon == nil, !taken.contains(Icon.quit.icon) { settings.icon = Icon.quit.icon }
            }
            let cacheProblem = try writeSettings(settings, of: name, zone: zone)
            return ConfigureOutcome(settings: settings, before: settings, created: true, cacheProblem: cacheProblem)
        }
    }

    /// Changes an existing streak's settings (or creates it): `change` gets the current ones,
    /// read under the lock it writes them under, so that every change made at once lands (a
    /// change worked out from settings read before would write over the others). Returns the
    /// settings before and after, whether the streak was new, and a prompt cache that could
    /// not be updated (the settings are written all the same). Settings `change` leaves as
    /// they were are not written again.
    @discardableResult
    public func configure(_ name: StreakName, zone: some ZoneRules,
                          _ change: (inout StreakSettings) -> Void) throws(StoreError) -> ConfigureOutcome {
        try locked { () throws(StoreError) -> ConfigureOutcome in
            let created = !exists(name)
            let before = created ? newStreakSettings(name) : try self.settings(of: name)
            var settings = before
            change(&settings)
            guard created || settings != before else {
                return ConfigureOutcome(settings: settings, before: before, created: false, cacheProblem: nil)
            }
            let cacheProblem = try writeSettings(settings, of: name, zone: zone)
            return ConfigureOutcome(settings: settings, before: before, created: created, cacheProblem: cacheProblem)
        }
    }

    /// Writes the settings file and refreshes the streak's cache line. Call with the lock held.
    /// A streak created here whose settings cannot be written leaves no folder behind.
    private func writeSettings(_ settings: StreakSettings, of name: StreakName,
                               zone: some ZoneRules) throws(StoreError) -> SystemError? {
        let created = !Files.isFolder(folder(of: name))
        if created { try refuseCaseTwin(name) }
        do throws(SystemError) {
            try Files.writeAtomically(settingsPath(of: name), settings.encoded().utf8, locked: true,
                                      beneath: try makeFolders(folder(of: name)))
        } catch {
            if created { Files.removeEmptyFolder(folder(of: name)) }
            throw .system(error)
        }
        var streak = try load(name, zone: zone)
        streak.problems = []
        return refreshCacheReporting(updating: [streak], zone: zone)
    }

    /// Refuses a `streaks` folder, or the folders of `names`, that is a symbolic link (a sync
    /// tool or another user may put one there): nothing is renamed, moved or written through
    /// it. What changes a streak's folder by name (`rename`, `remove`, `order`, an import)
    /// asks first; what creates one is refused by `makeFolders`.
    func refuseLinks(_ names: StreakName...) throws(StoreError) {
        for path in [streaksFolder] + names.map(folder(of:)) where Files.isLink(path) {
            throw .system(SystemError.link(path))
        }
    }

    /// Moves the streak's folder into `backups/` (nothing is deleted) and drops it from the
    /// prompt cache. Returns the backup's path (and a prompt cache that could not be updated:
    /// the streak is removed all the same).
    public func remove(_ name: StreakName, stamp: String, zone: some ZoneRules) throws(StoreError) -> RemoveOutcome {
        try locked { () throws(StoreError) -> RemoveOutcome in
            try refuseLinks(name)
            guard exists(name) else { throw absence(of: name) }
            let backup = try moveToBackups(name, stamp: stamp)
            let cacheProblem = refreshCacheReporting(updating: [], removing: [name], zone: zone)
            return RemoveOutcome(backup: backup, cacheProblem: cacheProblem)
        }
    }

    /// Moves the streak's folder, whole, to `backups/NAME-STAMP` (a free name), and returns
    /// where it went. Call with the lock held.
    func moveToBackups(_ name: StreakName, stamp: String) throws(StoreError) -> String {
        var backup = Paths.join(backupsFolder, name.text + "-" + stamp)
        do throws(SystemError) {
            try makeFolders(backupsFolder)
            var suffix = 2
            while Files.exists(backup) {
                backup = Paths.join(backupsFolder, name.text + "-" + stamp + "-" + String(suffix))
                suffix += 1
            }
            try Files.rename(folder(of: name), to: backup)
        } catch {
            throw .system(error)
        }
        // Moved: a failure from here on does not undo it.
        _ = try? Files.syncFolder(streaksFolder)
        return backup
    }

    /// Renames a streak: its folder, with every machine's logs and event logs, its settings
    /// and history, moves in one `rename`, holding the lock; the prompt cache follows. Refuses
    /// when `old` does not exist or `new` does.
    public func rename(_ old: StreakName, to new: StreakName, zone: some ZoneRules) throws(StoreError) -> RecordOutcome {
        try locked { () throws(StoreError) -> RecordOutcome in
            try refuseLinks(old, new)
            guard exists(old) else { throw absence(of: old) }
            if Files.exists(folder(of: new)) { throw .exists(new) }
            try refuseCaseTwin(new, renaming: old)
            do throws(SystemError) {
                try Files.rename(folder(of: old), to: folder(of: new))
            } catch {
                throw .system(error)
            }
            // Moved: a failure from here on does not undo it.
            _ = try? Files.syncFolder(streaksFolder)
            // The new name keeps the old one's place in the order.
            let order = self.order()
            if order.contains(old.text) {
                try? Files.writeAtomically(orderPath, StreakOrder.encoded(StreakOrder.renamed(order, old.text, to: new.text)).utf8,
                                           locked: true, beneath: try makeFolders(streaksFolder))
            }
            // An icon that is the old name (`reading:`, given once the palette ran out) would
            // show the streak under its old name: it becomes the new one.
            if let settings = try? self.settings(of: new), settings.icon == Icon.label(for: old) {
                var renamed = settings
                renamed.icon = Icon.label(for: new)
                try? Files.writeAtomically(settingsPath(of: new), renamed.encoded().utf8, locked: true,
                                           beneath: try makeFolders(folder(of: new)))
            }
            let streak = try load(new, zone: zone)
            return RecordOutcome(streak: streak,
                                 cacheProblem: refreshCacheReporting(updating: [streak], removing: [old], zone: zone))
        }
    }
}
