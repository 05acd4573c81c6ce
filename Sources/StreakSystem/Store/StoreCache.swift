#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import StreakCore

/// The prompt cache and the views: everything derived, rewritten after every change.
extension Store {
    /// Rewrites the prompt cache with fresh lines for `streaks`, keeping the other lines.
    /// When the old cache cannot be read, or does not list the same streaks as the folder,
    /// every other streak is rebuilt from its files. Call with the lock held.
    public func refreshCache(updating streaks: [LoadedStreak], removing: [StreakName] = [],
                             zone: some ZoneRules) throws(StoreError) {
        let stamp = Files.settledStamp(streaksFolder)
        var entries: [String: PromptCache.Entry] = [:]
        let old = (try? Files.readIfPresent(cachePath, limit: PromptCache.maxBytes)).flatMap { $0 }
        let present = Set(try names().map(\.text))
        var previous: [String: PromptCache.Entry] = [:]
        if let old, let decoded = PromptCache.decode(old) {
            for entry in decoded { previous[entry.name] = entry }
            // A line whose folder changed since it was written (a sync tool delivered another
            // machine's actions, a change was killed before its cache update) is read again:
            // the views about to be rendered from this cache must not show it as it was.
            let folder = Files.openFolder(streaksFolder)
            defer { Files.closeFolder(folder) }
            for entry in decoded where Files.stampMatches(in: folder, path: streaksFolder, entry.name, entry.stamp) {
                entries[entry.name] = entry
            }
        }
        for streak in streaks { entries[streak.name.text] = streak.cacheEntry(zone: zone) }
        for name in removing { entries[name.text] = nil }
        if Set(entries.keys) != present {
            let missing = present.subtracting(entries.keys)
            entries = entries.filter { present.contains($0.key) }
            for name in try names() where missing.contains(name.text) {
                entries[name.text] = entry(name, previous: previous[name.text], zone: zone)
            }
        }
        do throws(SystemError) {
            TestPoint.reach("cache-write")
            let bytes = Array(PromptCache.encode(Array(entries.values), stamp: stamp, order: order()).utf8)
            try writeCache(bytes, replacing: old)
        } catch {
            throw .system(error)
        }
    }

    /// Writes the prompt cache, then every pre-rendered view from it (`Views`): the one place
    /// the derived files are written, so every command that changes the data updates the views
    /// and pushes to tmux. Derived data: atomic for every reader, but not flushed to disk
    /// (doctor rebuilds it). Call with the lock held. The views describe the real clock
    /// whatever `--now` the change carried: a plugin shows them at its own clock, so a view
    /// rendered for `tick --now +3days` would show that day's state today. `old`: the cache
    /// it replaces, when the change kept its lines (the views are not rendered again when it
    /// shows the same: `Views.refreshAll`); nil renders them all (a rebuild).
    func writeCache(_ bytes: [UInt8], replacing old: [UInt8]? = nil) throws(SystemError) {
        // When the cache it replaces was written: a view older than that was not rendered from it.
        let oldWritten = old == nil ? -1 : Files.modifiedNanoseconds(cachePath)
        // Into the spare beside it, then the names swapped, as views are written: a rename
        // over the old cache costs a tick 130 to 180 µs on ext4 mounted `discard` (the
        // write-out and the freed blocks), the swap a tenth of that. Its spare is
        // `.prompt.cache.tmp`, which sync and `.stignore` leave out as every `.*.tmp*`.
        // (A data folder that cannot be opened for reading, only searched and written: a new
        // file renamed over it, as before.)
        if let folder = try? Views.Folder(data: home) {
            try folder.write(Store.cacheName, bytes, locked: true, alwaysThere: true)
        } else {
            try Files.writeAtomically(cachePath, bytes, durable: false, locked: true)
        }
        Views.refreshAll(home: home, cache: bytes, replacing: old.map { ($0, oldWritten) }, now: Views.clock(),
                         environment: environment ?? Environment([:]))
    }

    /// `refreshCache` after a change that is already recorded: a cache that cannot be written
    /// (a full disk) is returned for the command to report, not thrown, since the change
    /// itself stands. The prompt notices the streak folders changed and rebuilds it later.
    func refreshCacheReporting(updating streaks: [LoadedStreak], removing: [StreakName] = [],
                               zone: some ZoneRules) -> SystemError? {
        do throws(StoreError) {
            try refreshCache(updating: streaks, removing: removing, zone: zone)
            return nil
        } catch {
            if case .system(let failure) = error { return failure }
            return SystemError("update", cachePath, code: EIO, detail: "\(error)")
        }
    }

    /// The right to run the prompt's background refresh, or nil when another refresh holds it:
    /// an advisory lock on the data folder itself (no extra file), released when the returned
    /// descriptor goes or the process ends. One refresh at a time, however many prompts ask.
    public func claimRefresh() -> FileDescriptor? {
        guard let folder = try? FileDescriptor.open(home, O_RDONLY | O_DIRECTORY), folder.tryLockExclusive() else {
            return nil
        }
        return folder
    }

    /// Rebuilds the prompt cache from every streak's files.
    public func rebuildCache(zone: some ZoneRules, waitingAtMost milliseconds: Int = Store.lockWait) throws(StoreError) {
        try locked(waitingAtMost: milliseconds) { () throws(StoreError) in
            try rebuildCacheLocked(zone: zone)
        }
    }

    /// Writes the streaks' order (`StreakOrder`): `names` first, then the rest as before;
    /// the cache follows it at once. Returns the whole order.
    public func setOrder(_ names: [StreakName], zone: some ZoneRules) throws(StoreError) -> [StreakName] {
        try locked { () throws(StoreError) -> [StreakName] in
            try refuseLinks()
            let previous = try self.names().map(\.text)
            let wanted = names.map(\.text)
            let whole = StreakOrder.arranged(previous, by: wanted + previous)
            do throws(SystemError) {
                try Files.writeAtomically(orderPath, StreakOrder.encoded(whole).utf8, locked: true, beneath: try makeFolders(streaksFolder))
            } catch {
                throw .system(error)
            }
            try rebuildCacheLocked(zone: zone)
            return whole.compactMap { try? StreakName($0) }
        }
    }

    /// Whether some line of `cache` other than `name`'s was written before its streak's
    /// folder last changed (`PromptSource` makes the same check for the prompt), or the
    /// streaks folder changed since the cache was: then a change must not keep those lines as
    /// they are.
    func hasStaleLines(_ cache: [UInt8], besides name: StreakName) -> Bool {
        cache.withUnsafeBufferPointer { bytes -> Bool in
            guard Files.stampMatches(streaksFolder, PromptCache.headerStamp(bytes) ?? "") else { return true }
            var stale = false
            var own = name.text
            return own.withUTF8 { own in
                Files.stampsMatch(in: streaksFolder, bytes) { matches in
                    PromptCache.forEachLine(bytes) { nameRange, line in
                        guard !stale, !bytes[nameRange].elementsEqual(own) else { return }
                        // The stamp is the third field.
                        var start = nameRange.upperBound + 1
                        while start < line.upperBound, bytes[start] != 0x09 { start += 1 }
                        var end = start + 1
                        while end < line.upperBound, bytes[end] != 0x09 { end += 1 }
                        if start >= line.upperBound || !matches(nameRange, (start + 1)..<end) { stale = true }
                    }
                    return stale
                }
            }
        }
    }

    /// Forgets the streaks' order (`streaks/.order` removed): by name again; the cache follows
    /// at once. Returns the order now.
    public func resetOrder(zone: some ZoneRules) throws(StoreError) -> [StreakName] {
        try locked { () throws(StoreError) -> [StreakName] in
            try refuseLinks()
            if Files.exists(orderPath) {
                do throws(SystemError) {
                    try Files.remove(orderPath)
                } catch {
                    throw .system(error)
                }
            }
            try rebuildCacheLocked(zone: zone)
            return try names()
        }
    }

    /// The cache line of `name`, from its files. A streak whose files cannot be read at all
    /// (none at all: the command that reads it reports why; a log that is a link, a named
    /// pipe, one it may not read) is never shown as an empty streak: it keeps the line it had
    /// (`previous`), marked as read now so that the prompt does not ask for a rebuild at every
    /// prompt, until a change in its folder has it read again; without one it is left out.
    func entry(_ name: StreakName, previous: PromptCache.Entry?, zone: some ZoneRules) -> PromptCache.Entry? {
        guard let streak = try? load(name, zone: zone) else { return nil }
        guard streak.problems.contains(where: { $0.line == 0 }) else { return streak.cacheEntry(zone: zone) }
        guard var kept = previous else { return nil }
        kept.stamp = streak.stamp
        kept.files = streak.files
        return kept
    }

    /// `rebuildCache` with the lock already held.
    func rebuildCacheLocked(zone: some ZoneRules) throws(StoreError) {
        let stamp = Files.settledStamp(streaksFolder)
        var previous: [String: PromptCache.Entry] = [:]
        if let old = (try? Files.readIfPresent(cachePath, limit: PromptCache.maxBytes)) ?? nil {
            for entry in PromptCache.decode(old) ?? [] { previous[entry.name] = entry }
        }
        var entries: [PromptCache.Entry] = []
        for name in try names() {
            if let entry = entry(name, previous: previous[name.text], zone: zone) { entries.append(entry) }
        }
        do throws(SystemError) {
            try writeCache(Array(PromptCache.encode(entries, stamp: stamp, order: order()).utf8))
        } catch {
            throw .system(error)
        }
    }
}
