#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import StreakCore

/// Appending to the logs: records and actions, one flushed `write` each, and the folder
/// a streak's first write makes.
extension Store {
    /// Records event records (rule changes, pauses, …) in this machine's event log and
    /// refreshes the streak's line in the prompt cache. The streak must exist. Returns it as it
    /// stands after them, and a prompt cache that could not be updated (the records stand).
    @discardableResult
    public func record(_ events: [StreakEvent], to name: StreakName, zone: some ZoneRules) throws(StoreError) -> RecordOutcome {
        try locked { () throws(StoreError) -> RecordOutcome in
            guard exists(name) else { throw absence(of: name) }
            return try recordLocked(events, to: name, zone: zone)
        }
    }

    /// Takes back the latest action of `day` that still counts (`StreakHistory.latestCounted`;
    /// of the same second, the one this machine recorded last), chosen and recorded under one
    /// hold of the lock, so two unticks at once take back two actions, never one twice.
    /// Returns the action and the outcome, or nil when the date has none left.
    public func untick(_ name: StreakName, on day: StreakDay, made: Instant,
                       zone: some ZoneRules) throws(StoreError) -> (action: Action, outcome: RecordOutcome)? {
        try locked { () throws(StoreError) -> (action: Action, outcome: RecordOutcome)? in
            guard exists(name) else { throw absence(of: name) }
            let streak = try load(name, zone: zone)
            let own = (try? actionsByMachine(of: name))?.machines.first { $0.machine == machine }?.actions ?? []
            guard let action = streak.history.latestCounted(on: day, recorded: own) else { return nil }
            let retraction = StreakHistory.retraction(of: action, made: made)
            return (action, try recordLocked([.untick(retraction)], to: name, zone: zone))
        }
    }

    /// `record` with the lock held.
    private func recordLocked(_ events: [StreakEvent], to name: StreakName, zone: some ZoneRules) throws(StoreError) -> RecordOutcome {
        try prepareForWrite(name, file: ownEventsPath(of: name))
        try appendEvents(events, to: name)
        let streak = try load(name, zone: zone)
        return RecordOutcome(streak: streak, cacheProblem: refreshCacheReporting(updating: [streak], zone: zone))
    }

    /// Merges actions and event records into the streak (creating it if needed), skipping
    /// every action already recorded on any machine (the same `Action.identity`) and every
    /// record already there (the same line), so merging the same records twice changes
    /// nothing. `settings`, if given, is written when the streak has no settings file yet.
    /// Returns how many actions and records were new. (One streak of `merge(_:zone:)`.)
    @discardableResult
    public func merge(_ actions: [Action], events: [StreakEvent] = [], into name: StreakName,
                      settings: StreakSettings? = nil, zone: some ZoneRules) throws(StoreError) -> Merged {
        let outcome = try merge([StreakImport(name: name, actions: actions, events: events, settings: settings)], zone: zone)
        return Merged(actions: outcome.added.first ?? 0, events: outcome.addedEvents.first ?? 0)
    }

    /// The settings a streak about to be created starts with: the defaults, with an icon no
    /// other streak has (`Icon.forNewStreak`). Call with the lock held.
    public func newStreakSettings(_ name: StreakName) -> StreakSettings {
        var icons: [String] = []
        for other in (try? names()) ?? [] where other != name {
            // One that does not read keeps its icon a secret; the default is the likeliest.
            icons.append((try? settings(of: other))?.icon ?? Icon.default)
        }
        return StreakSettings(icon: Icon.forNewStreak(name, taken: icons))
    }

    /// Writes the settings file of a streak about to be created by an action (a tick, an
    /// import), when its settings are not the defaults a streak without one reads as. Call
    /// with the lock held.
    func writeNewStreakSettings(_ name: StreakName) throws(StoreError) {
        let settings = newStreakSettings(name)
        guard settings != StreakSettings() else { return }
        do throws(SystemError) {
            let newFolder = !Files.isFolder(folder(of: name))
            let opened = try makeFolders(folder(of: name))
            if newFolder { try Files.syncFolder(streaksFolder) }
            try Files.writeAtomically(settingsPath(of: name), settings.encoded().utf8, locked: true, beneath: opened)
        } catch {
            throw .system(error)
        }
    }

    /// Makes a folder inside the data folder, refusing a symbolic link anywhere below the data
    /// folder (`Files.makeFolders(_:below:)`): a linked `streaks` or streak folder (one a sync
    /// brought, or another user made) is never written into. The files in it are then opened
    /// without following a link (`openRegular`).
    ///
    /// Returns the folder, open: a write into it goes through it (`openRegular(beneath:)`,
    /// `writeAtomically(beneath:)`), so that a folder swapped for a link after this walk (by
    /// another user who may write in the data folder) cannot send the write elsewhere.
    @discardableResult
    func makeFolders(_ path: String) throws(SystemError) -> FileDescriptor {
        try Files.makeFolders(path, below: home)
    }

    /// Makes the streak's folder and this machine's `file` (its log or event log) exist, then
    /// marks the folder changed.
    ///
    /// Marking it first means a writer killed after appending but before refreshing the cache
    /// leaves the folder's stamp different from the cache's, so the prompt notices and has the
    /// cache rebuilt. Creating the file first keeps our own file creation from looking like a
    /// change we did not see. Call with the lock held.
    func prepareForWrite(_ name: StreakName, file: String) throws(StoreError) {
        do throws(SystemError) {
            let newFolder = !Files.isFolder(folder(of: name))
            let opened = try makeFolders(folder(of: name))
            if newFolder { try Files.syncFolder(streaksFolder) }
            if !Files.exists(file) {
                _ = try FileDescriptor.openRegular(file, O_WRONLY | O_CREAT | O_APPEND, beneath: opened)
                try opened.syncFolder()
            }
            // The folder as opened, not by its path (which a link may have taken since).
            _ = futimens(opened.raw, nil)
        } catch {
            throw .system(error)
        }
    }

    /// Takes back what a streak's first write made before it failed (the settings file with
    /// its new icon, the empty log, the folder), so a failed `tick` leaves no empty streak
    /// behind. Call only for a streak that did not exist before; a log that holds anything is
    /// left alone (and with it the folder).
    func discardEmptyStreak(_ name: StreakName) {
        let log = ownLogPath(of: name)
        var size = -1
        if let file = try? FileDescriptor.openRegular(log, O_RDONLY, size: &size), size == 0 {
            _ = file
            try? Files.remove(log)
        }
        if !Files.exists(log) { try? Files.remove(settingsPath(of: name)) }
        Files.removeEmptyFolder(folder(of: name))
    }

    /// Appends actions to this machine's log of the streak (creating both if needed).
    /// One `write` per call, flushed to disk before returning. Call with the lock held.
    /// Returns the bytes written.
    ///
    /// All of it or nothing: a write or flush that fails (a full disk) truncates the log back
    /// to its old length, so no line cut short is left behind to be read later as an action.
    /// An action whose line would not read back (see `Action.isRecordable`) is refused first.
    @discardableResult
    public func append(_ actions: [Action], to name: StreakName) throws(StoreError) -> Int {
        guard !actions.isEmpty else { return 0 }
        if let reason = actions.lazy.compactMap(\.unrecordableReason).first { throw .unrecordable(reason) }
        // A loop, not `joined()`: that one is not specialised here and looks up conformances
        // at run time, a tenth of a git hook's first commit.
        var lines = ""
        for action in actions { lines += ActionLog.line(action) }
        return try appendLines(lines, to: ownLogPath(of: name), header: ActionLog.header, of: name)
    }

    /// Appends event records to this machine's event log of the streak, as `append` does
    /// actions. Call with the lock held.
    @discardableResult
    public func appendEvents(_ events: [StreakEvent], to name: StreakName) throws(StoreError) -> Int {
        guard !events.isEmpty else { return 0 }
        var lines = ""
        for event in events { lines += EventLog.line(event) }
        return try appendLines(lines, to: ownEventsPath(of: name), header: EventLog.header, of: name)
    }

    /// The last line of an action log that does not end with its newline, when it would not
    /// count (`ActionLog.countsUnterminated`: a crash cut it short) and is not a comment: where
    /// it starts and its bytes. A last line longer than 4 KB is left alone (not ours).
    static func tornLine(of file: FileDescriptor, size: Int) throws(SystemError) -> (start: Int, bytes: [UInt8])? {
        let from = max(0, size - 4096)
        let tail = try file.contents(count: size - from, at: from)
        guard tail.count == size - from else { return nil }
        let lineStart: Int
        if let newline = tail.lastIndex(of: 0x0A) {
            lineStart = newline + 1
        } else if from == 0 {
            lineStart = 0
        } else {
            return nil
        }
        let fragment = tail[lineStart...]
        let idsEverywhere = ActionLog.endsLinesWithIDs(try file.contents(count: min(size, 32), at: 0))
        guard fragment.first != UInt8(ascii: "#"), !ActionLog.countsUnterminated(fragment, idsEverywhere: idsEverywhere) else {
            return nil
        }
        return (from + lineStart, Array(fragment))
    }

    /// Appends whole lines to an append-only file of the streak, after `header` when the file
    /// is new or empty: one `write`, flushed to disk before returning, or, if the write or the
    /// flush fails, nothing (the file is cut back to its old length). A last line cut short by
    /// a crash gets its line break first, so a new line is never glued onto it. Returns the
    /// bytes written.
    private func appendLines(_ lines: String, to path: String, header: String, of name: StreakName) throws(StoreError) -> Int {
        let folder = folder(of: name)
        do throws(SystemError) {
            let newFolder = !Files.isFolder(folder)
            let opened = try makeFolders(folder)
            let newFile = !Files.exists(path)
            var size = 0
            let file = try FileDescriptor.openRegular(path, O_RDWR | O_CREAT | O_APPEND, mode: 0o644, beneath: opened, size: &size)
            var text: [UInt8] = []
            // An action line a crash cut short (`ActionLog.countsUnterminated`), taken off the end and
            // written back as a comment, byte for byte, so that its line break never makes it
            // read as an action; put back as it was if the write fails.
            var torn: (start: Int, bytes: [UInt8])?
            if size == 0 {
                text += header.utf8
            } else if try file.byte(at: size - 1) != 0x0A {
                if header == ActionLog.header, let fragment = try Store.tornLine(of: file, size: size) {
                    torn = fragment
                    text += ActionLog.tornComment.utf8
                    text += fragment.bytes
                    file.truncate(to: fragment.start)
                }
                text.append(0x0A)
            }
            text += lines.utf8
            do throws(SystemError) {
                try file.writeAll(text)
                TestPoint.reach("append-before-sync")
                try file.sync()
            } catch {
                // Back to the old bytes: the torn line written back where it was. Should that
                // fail too, the log ends before it (cutting to the old length would fill it
                // with zero bytes instead).
                var old = size
                if let torn {
                    file.truncate(to: torn.start)
                    if (try? file.writeAll(torn.bytes)) == nil { old = torn.start }
                }
                file.truncate(to: old)
                throw error
            }
            if newFile { try opened.syncFolder() }
            if newFolder { try Files.syncFolder(streaksFolder) }
            return text.count
        } catch {
            throw .system(error)
        }
    }
}
