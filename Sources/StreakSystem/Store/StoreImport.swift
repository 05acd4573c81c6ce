#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import StreakCore

/// One streak's part of an import: the actions to merge, and the settings it gets if it is new.
public struct StreakImport: Sendable {
    public var name: StreakName
    public var actions: [Action]
    /// Rule changes, pauses, retractions… (any record an event log holds).
    public var events: [StreakEvent]
    /// Written when the streak has no settings file yet; nil keeps the defaults.
    public var settings: StreakSettings?

    public init(name: StreakName, actions: [Action], events: [StreakEvent] = [], settings: StreakSettings? = nil) {
        self.name = name
        self.actions = actions
        self.events = events
        self.settings = settings
    }
}

/// What an import changed.
public struct MergeOutcome: Sendable {
    /// New actions per streak, in the order the streaks were given.
    public var added: [Int]
    /// New event records per streak, likewise.
    public var addedEvents: [Int]
    /// Why the prompt cache could not be updated afterwards, if it could not (the import stands).
    public var cacheProblem: SystemError?
}

extension Store {
    /// Merges actions into many streaks at once, all of them or none: every file it changes is
    /// written down in a journal (see `Journal`) before the first one is touched, so a process
    /// killed half-way leaves a journal that the next command rolls forward.
    ///
    /// Linear in the streaks and actions given: each streak's files are read once, the journal
    /// is written once, the data is flushed to disk once (not once per file), and the prompt
    /// cache is rewritten once. An action is new unless the streak already has one with the
    /// same date and moment, on any machine's log; an event record unless the same line is in
    /// one of its event logs.
    public func merge(_ imports: [StreakImport], zone: some ZoneRules) throws(StoreError) -> MergeOutcome {
        for item in imports {
            if let reason = item.actions.lazy.compactMap(\.unrecordableReason).first { throw .unrecordable(reason) }
        }
        return try locked { () throws(StoreError) -> MergeOutcome in
            var journal = Journal(machine: machine)
            var added: [Int] = []
            var addedEvents: [Int] = []
            var changed: [LoadedStreak] = []
            for item in imports {
                // Refused before the journal is committed: a journal that cannot be applied
                // would stop every later write until the link is gone.
                try refuseLinks(item.name)
                let stamp = Files.stamp(folder(of: item.name))
                // The bytes of its files as they are read, and then as the journal leaves them.
                var files = filesSize(of: item.name)
                let isNew = !exists(item.name)
                if isNew { try refuseCaseTwin(item.name) }
                let hasSettings = Files.exists(settingsPath(of: item.name))
                // A streak an import creates without settings starts as a tick would start it.
                let given = item.settings ?? (isNew && !item.actions.isEmpty ? newStreakSettings(item.name) : nil)
                let settings = hasSettings ? try self.settings(of: item.name) : (given ?? StreakSettings())
                if !hasSettings, let given, item.settings != nil || given != StreakSettings() {
                    let bytes = Array(given.encoded().utf8)
                    journal.steps.append(.create(path: relative(settingsPath(of: item.name)), bytes: bytes))
                    files += bytes.count
                }
                let recorded = isNew ? Actions() : try actions(of: item.name)
                let events = isNew ? Events() : try self.events(of: item.name)
                var seen = Set(recorded.actions.map(\.identity))
                var fresh: [Action] = []
                for action in item.actions.sorted() where seen.insert(action.identity).inserted {
                    fresh.append(action)
                }
                if !fresh.isEmpty {
                    let step = try appendStep(fresh.map(ActionLog.line).joined(), to: ownLogPath(of: item.name),
                                              header: ActionLog.header)
                    journal.steps.append(step)
                    if case .append(_, _, let bytes) = step { files += bytes.count }
                }
                var seenEvents = Set(events.events.map(EventLog.text))
                var freshEvents: [StreakEvent] = []
                for event in item.events where seenEvents.insert(EventLog.text(event)).inserted {
                    freshEvents.append(event)
                }
                if !freshEvents.isEmpty {
                    let step = try appendStep(freshEvents.map(EventLog.line).joined(), to: ownEventsPath(of: item.name),
                                              header: EventLog.header)
                    journal.steps.append(step)
                    if case .append(_, _, let bytes) = step { files += bytes.count }
                }
                added.append(fresh.count)
                addedEvents.append(freshEvents.count)
                if !fresh.isEmpty || !freshEvents.isEmpty || (!hasSettings && given != nil) {
                    changed.append(loaded(item.name, settings: settings, actions: (recorded.actions + fresh).sorted(),
                                          events: events.events + freshEvents, problems: [], newer: [], stamp: stamp,
                                          files: files, zone: zone))
                }
            }
            guard !journal.isEmpty else { return MergeOutcome(added: added, addedEvents: addedEvents, cacheProblem: nil) }
            try commit(journal)
            // Each folder as the import left it: a streak it created had no folder (no stamp)
            // when it was read, and a line with that stamp would read as stale.
            for index in changed.indices { changed[index].stamp = Files.stamp(folder(of: changed[index].name)) }
            TestPoint.reach("import-before-cache")
            return MergeOutcome(added: added, addedEvents: addedEvents,
                                cacheProblem: refreshCacheReporting(updating: changed, zone: zone))
        }
    }

    /// The journal step that appends these lines to this machine's log or event log of a
    /// streak: a header for a new file, a line break after a last line cut short, then them.
    private func appendStep(_ lines: String, to path: String, header: String) throws(StoreError) -> Journal.Step {
        var size = 0
        var text = ""
        do throws(SystemError) {
            let file = try FileDescriptor.openRegular(path, O_RDONLY, size: &size)
            if size > 0, try file.byte(at: size - 1) != 0x0A { text += "\n" }
        } catch where error.isNotFound {
            size = 0
        } catch {
            throw .system(error)
        }
        if size == 0 { text += header }
        text += lines
        return .append(path: relative(path), offset: size, bytes: Array(text.utf8))
    }

    private func relative(_ path: String) -> String {
        String(path.dropFirst(home.count + (home.hasSuffix("/") ? 0 : 1)))
    }

    // MARK: The journal

    /// Writes the journal into the lock file and flushes it (the commit), applies its steps,
    /// flushes them, and clears it. Call with the lock held.
    ///
    /// The journal lives in `.lock`: only the lock's holder writes it, no sync tool carries it
    /// (the lock is never shared), and a first-release binary opens the file without reading
    /// or truncating it.
    func commit(_ journal: Journal) throws(StoreError) {
        let lock: FileDescriptor
        do throws(SystemError) {
            lock = try FileDescriptor.openRegular(lockPath, O_RDWR)
            let bytes = journal.encoded()
            lock.truncate(to: 0)
            do throws(SystemError) {
                try lock.write(bytes, at: 0)
                TestPoint.reach("journal-before-sync")
                try lock.sync()
            } catch {
                // Not committed: nothing was applied, and nothing is left to finish.
                lock.truncate(to: 0)
                throw error
            }
        } catch {
            throw .system(error)
        }
        TestPoint.reach("journal-written")
        do throws(SystemError) {
            try apply(journal)
        } catch {
            // Committed: the journal stays, and the next command that can write finishes it.
            throw .unfinished(error)
        }
        TestPoint.reach("journal-applied")
        lock.truncate(to: 0)
    }

    /// Rolls forward a journal a killed process left in the lock file, if there is one of this
    /// machine; a journal cut short (never committed) is dropped. Call with the lock held.
    func finishJournal(in lock: FileDescriptor) throws(StoreError) {
        do throws(SystemError) {
            let size = try lock.size()
            guard size > 0 else { return }
            guard size <= Store.fileLimit, let journal = Journal.decode(try lock.contents(count: size, at: 0)) else {
                // Cut short before its flush ended: nothing of it was applied.
                lock.truncate(to: 0)
                return
            }
            // Another machine's (a lock file a sync tool should not have shared): not ours to finish.
            guard journal.machine == machine else { return }
            try apply(journal)
            lock.truncate(to: 0)
        } catch {
            throw .system(error)
        }
    }

    /// Whether an interrupted write waits in the lock file (one `stat`; no lock taken).
    public var hasUnfinishedWrite: Bool {
        var size = 0
        guard let _ = try? FileDescriptor.openRegular(lockPath, O_RDONLY, size: &size) else { return false }
        return size > 0
    }

    /// Finishes a write that a killed process left half done, so that what a command reads is
    /// a whole state. Nil when there was nothing to do or it was done; else why it could not be.
    public func finishInterruptedWrite() -> StoreError? {
        guard hasUnfinishedWrite else { return nil }
        do throws(StoreError) {
            try locked {}
            return nil
        } catch {
            return error
        }
    }

    /// Applies every step, each one idempotently, then flushes them all to disk at once.
    private func apply(_ journal: Journal) throws(SystemError) {
        var touched: [String] = []
        for step in journal.steps {
            guard Journal.isStreakFilePath(step.path) else { continue }
            let path = Paths.join(home, step.path)
            let folder = Paths.folder(of: path)
            let opened = try makeFolders(folder)
            // The folder's stamp changes before its files do: a kill after this step and before
            // the cache is rewritten shows the prompt the streak changed (see `prepareForWrite`).
            Files.touch(folder)
            TestPoint.reach("journal-step")
            switch step {
            case .create(_, let bytes):
                if !Files.exists(path) { try Files.writeAtomically(path, bytes, durable: false, locked: true, beneath: opened) }
            case .append(_, let offset, let bytes):
                try Store.appendOnce(bytes, to: path, at: offset, beneath: opened)
            }
            touched.append(path)
        }
        try Files.syncAll(touched, home: home)
    }

    /// Appends `bytes` to the file that was `offset` bytes long when the journal was written,
    /// unless they are already there.
    ///
    /// The lock's holder is the only writer of this machine's logs, so the file is as the
    /// journal left it: `offset` bytes and nothing (not applied yet), a prefix of `bytes`
    /// (cut short: cut back and written whole), or all of them (done). If it is anything
    /// else (a first-release binary, which does not know journals, ticked in between), the
    /// bytes go at the end, after a line break if one is needed.
    static func appendOnce(_ bytes: [UInt8], to path: String, at offset: Int, beneath folder: FileDescriptor? = nil) throws(SystemError) {
        var size = 0
        let file = try FileDescriptor.openRegular(path, O_RDWR | O_CREAT, mode: 0o644, beneath: folder, size: &size)
        if size >= offset {
            let there = try file.contents(count: min(bytes.count, size - offset), at: offset)
            if there.count == bytes.count, there == bytes { return }
            if size - offset < bytes.count, bytes.starts(with: there) {
                file.truncate(to: offset)
                try file.write(bytes, at: offset)
                return
            }
        }
        var tail = bytes
        if size > 0, try file.byte(at: size - 1) != 0x0A { tail.insert(0x0A, at: 0) }
        if size == 0 && offset > 0 {
            tail = Array((path.hasSuffix(Store.eventsSuffix) ? EventLog.header : ActionLog.header).utf8) + tail
        }
        try file.write(tail, at: size)
    }
}
