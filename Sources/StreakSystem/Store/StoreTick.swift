#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import StreakCore

/// Recording an action: the one write every hook and `tick` makes, at a cost that does not
/// grow with the history (`quickTick`).
extension Store {
    /// A new action's id: 64 bits from the system's random source (`getrandom`, or
    /// `arc4random` on macOS), as 16 hex digits. Two ids are the same by chance once in
    /// about four billion actions of the same second and date.
    public static func newActionID() -> String {
        var random = SystemRandomNumberGenerator()
        return ActionField.idText(random.next())
    }

    /// Records an action and refreshes the streak's line in the prompt cache. Creates the
    /// streak if it does not exist. Returns where the streak stands after the action, and
    /// whether the action's date was already met before it.
    ///
    /// When the cache's line for the streak is current (nothing in the streak's folder
    /// changed since it was written) and the action is dated on or after the date the line
    /// stands on, the new state is that line's state with the action added (`Progress.adding`):
    /// only the end of the logs is read, so a tick costs the same after ten years as after ten
    /// days. Otherwise, and whenever anything does not add up, the whole history is read and
    /// replayed, as a first tick or `doctor --repair` does.
    ///
    /// An error thrown before the action is recorded leaves nothing behind (no line, and no
    /// empty folder for a streak this tick would have created); once it is recorded (flushed
    /// to disk), a prompt cache that cannot be written is reported in the outcome, not thrown,
    /// and a settings file that does not read is `recordedDespite`.
    ///
    /// An action without an id gets a new one (`Store.newActionID`): it is an action of its
    /// own, whatever else happened in the same second.
    ///
    /// `milliseconds`: how long to wait for another writer's lock (`StoreError.busy` after).
    public func tick(_ name: StreakName, action given: Action, zone: some ZoneRules,
                     waitingAtMost milliseconds: Int = Store.lockWait) throws(StoreError) -> TickOutcome {
        if let reason = given.unrecordableReason { throw .unrecordable(reason) }
        return try locked(waitingAtMost: milliseconds) { () throws(StoreError) -> TickOutcome in
            try tickHoldingLock(name, action: given, zone: zone)
        }
    }

    /// `tick`, unless the prompt cache shows the action's date met already (and its line is
    /// current), decided with the lock held: what a commit hook records, so that commits made
    /// at once (ten repositories, or a hook that found the folder busy) add one action to a
    /// date that needs one, as commits made one after another do. Nil: nothing recorded.
    public func tickUnlessMet(_ name: StreakName, action given: Action, zone: some ZoneRules,
                              waitingAtMost milliseconds: Int = Store.lockWait) throws(StoreError) -> TickOutcome? {
        if let reason = given.unrecordableReason { throw .unrecordable(reason) }
        return try locked(waitingAtMost: milliseconds) { () throws(StoreError) -> TickOutcome? in
            if Store.lastCachedMetDay(of: name.text, home: home) == given.day { return nil }
            return try tickHoldingLock(name, action: given, zone: zone)
        }
    }

    /// `tick`'s work, with the lock held.
    private func tickHoldingLock(_ name: StreakName, action given: Action, zone: some ZoneRules) throws(StoreError) -> TickOutcome {
        var action = given
        if action.id == nil { action.id = Store.newActionID() }
        let created = !exists(name)
        let before = Files.stamp(folder(of: name))
        let stamp: String
        do throws(StoreError) {
            if created { try refuseCaseTwin(name) }
            if created { try writeNewStreakSettings(name) }
            try prepareForWrite(name, file: ownLogPath(of: name))
            stamp = Files.stamp(folder(of: name))
        } catch {
            if created { discardEmptyStreak(name) }
            throw error
        }
        if !created, let settings = try? self.settings(of: name),
           let quick = try quickTick(name, action: action, settings: settings, stampBefore: before, stamp: stamp,
                                     zone: zone) {
            return quick
        }
        let size = filesSize(of: name)
        let recorded: Actions
        let events: Events
        let appended: Int
        do throws(StoreError) {
            recorded = try actions(of: name)
            events = try self.events(of: name)
            appended = try append([action], to: name)
        } catch {
            if created { discardEmptyStreak(name) }
            throw error
        }
        TestPoint.reach("tick-after-append")
        // From here on the action is recorded: what fails now is reported, not thrown away.
        let settings: StreakSettings
        do throws(StoreError) {
            settings = try self.settings(of: name)
        } catch {
            _ = try? refreshCache(updating: [], removing: [name], zone: zone)
            throw .recordedDespite(error.problem(settingsPath(of: name)))
        }
        // The actions are read sorted: the new one goes in its place.
        var actions = recorded.actions
        actions.insert(action, at: firstIndex(in: actions.count) { action < actions[$0] })
        let streak = loaded(name, settings: settings, actions: actions, events: events.events,
                            problems: recorded.problems + events.problems, newer: events.newer, stamp: stamp,
                            files: size + appended, zone: zone)
        let cacheProblem = refreshCacheReporting(updating: [streak], zone: zone)
        let day = streak.replay.dayProgress(on: action.day)
        // What the date had before: less this action, unless it does not count (the same
        // moment was already recorded, or it was taken back).
        let counts = !recorded.actions.contains { $0.identity == action.identity }
            && !streak.history.retractions.contains { $0.covers(action) }
        let earlier = day.done - (counts ? action.count : 0)
        // The runs as they were, for what this action reached.
        let previous = Replay(history: StreakHistory(rules: settings.rules, actions: recorded.actions, events: events.events),
                              zone: zone, weekStart: weekStart)
        return TickOutcome(name: name, settings: settings, progress: streak.replay.progress,
                           rules: streak.replay.rules(on: action.day), paused: streak.replay.pauses.contains(action.day),
                           problems: streak.problems, created: created, alreadyCounted: earlier >= day.needed, day: day,
                           milestones: Milestones.reached(before: previous.runs, after: streak.replay.runs, day: action.day),
                           cacheProblem: cacheProblem, archived: streak.archived)
    }

    /// The tick from the cache's line (see `tick`), or nil when the line cannot be trusted
    /// for it: none, folded with another week start, written before a change to the folder or
    /// to any file in it, standing on a date after the action, planning more than it holds,
    /// or disagreeing with the logs about the counts of the action's date. Call with the lock
    /// held, before the action is appended; appends it when it answers.
    private func quickTick(_ name: StreakName, action: Action, settings: StreakSettings, stampBefore: String,
                           stamp: String, zone: some ZoneRules) throws(StoreError) -> TickOutcome? {
        var line = PromptCache.Entry(name: "", icon: "", progress: Progress(rules: Rules()))
        guard let cache = try? Files.readIfPresent(cachePath, limit: PromptCache.maxBytes),
              PromptCache.read(&line, named: name.text, in: cache)
        else { return nil }
        let cached = line.progress
        // Another line left as it is must be current, or the views would show it as current
        // (without views the prompt itself notices a stale line and has it rebuilt).
        guard !(Files.isFolder(Views.folder(home: home)) && hasStaleLines(cache, besides: name)) else { return nil }
        let size = filesSize(of: name)
        // A habit to quit: a slip un-meets a date the line counted as met; the replay knows how.
        guard !settings.rules.quits, line.stamp == stampBefore, !stampBefore.isEmpty, cached.weekStart == weekStart,
              line.files > 0, line.files == size,
              let through = cached.through, action.day >= through, cached.ahead.horizon == nil,
              line.icon == settings.icon, line.tags == settings.tagsField
        else { return nil }
        // A file changed in place (a hand edit, a sync tool appending) leaves the folder's
        // stamp as it was: every file must be older than the cache.
        let folder = folder(of: name)
        let files: [String]
        do throws(SystemError) {
            files = try Files.list(folder)
        } catch {
            return nil
        }
        for file in files where !file.hasPrefix(".") {
            guard !Files.modifiedAfter(Paths.join(folder, file), cachePath) else { return nil }
        }
        let events = try events(of: name)
        guard events.problems.isEmpty else { return nil }
        // The action's date as the logs have it. A current line stands on the latest date with
        // an action, so a later date has none; the line's own date has its actions at the end
        // of the logs (they are appended): read the last lines only. If some of that date are
        // further up, the counts below disagree with the line's, and the tick replays.
        var sameDate: [Action] = []
        if action.day == through {
            let day = action.day.description
            for file in files where file.hasSuffix(Store.actionsSuffix) && !file.hasPrefix(".") {
                let tail: [UInt8]
                do throws(SystemError) {
                    tail = try Files.readTail(Paths.join(folder, file), limit: Store.tailLimit)
                } catch {
                    return nil
                }
                let found = ActionLog.lines(of: day, in: tail)
                guard found.bad.isEmpty else { return nil }
                sameDate += found.actions
            }
        }
        let history = StreakHistory(rules: settings.rules, actions: sameDate, events: events.events)
        let counted = history.countedActions
        let countedBefore = counted.reduce(0) { $0 + $1.count }
        // The line must agree with the logs about this date.
        guard countedBefore == (action.day == through ? cached.dayCount : 0) else { return nil }
        let timeline = RulesTimeline(initial: settings.rules, changes: history.changes, weekStart: weekStart)
        let pauses = PauseCalendar(history.pauses)
        // An action taken back, or one already recorded (the same identity: only lines
        // without an id share one, by their moment), does not count: of the same identity
        // the first in `Action` order counts, so one that would come first leaves it to the
        // replay.
        var counts = !history.retractions.contains { $0.covers(action) }
        if counts, let same = sameDate.filter({ $0.identity == action.identity }).min() {
            guard !(action < same) else { return nil }
            counts = false
        }
        var progress = cached
        if counts {
            progress = cached.adding(action.count, on: action.day, zone: zone, timeline: timeline, pauses: pauses)
            guard progress.ahead.horizon == nil, !cached.earlierUnknown(in: progress, day: action.day) else { return nil }
        }
        let appended = try append([action], to: name)
        TestPoint.reach("tick-after-append")
        // From here on the action is recorded: a cache that cannot be written is reported.
        let entry = PromptCache.Entry(name: name.text, icon: settings.icon, progress: progress, stamp: stamp,
                                      files: size + appended, archived: line.archived, tags: line.tags)
        // Every other line as it was, and the header's stamp of the streaks folder too: only
        // this line is new. A cache that missed a streak (an `add` killed before it wrote the
        // cache) stays stale, for the prompt to rebuild. (The line was found above.)
        let bytes = PromptCache.replacingLine(of: entry, in: cache)!
        var cacheProblem: SystemError?
        do throws(SystemError) {
            TestPoint.reach("cache-write")
            // An extra action on a met date (or one that does not count) changes only counts
            // no text shows: the views stay as they are, made newer.
            try writeCache(bytes, replacing: cache)
        } catch {
            cacheProblem = error
        }
        let goal = timeline.rules(on: action.day).goal
        let done = countedBefore + (counts ? action.count : 0)
        return TickOutcome(name: name, settings: settings, progress: progress, rules: timeline.rules(on: action.day),
                           paused: pauses.contains(action.day), problems: [], created: false,
                           alreadyCounted: countedBefore >= goal, day: GoalProgress(done: done, needed: goal),
                           milestones: Milestones.reached(from: cached, to: progress), cacheProblem: cacheProblem,
                           replayed: false, archived: line.archived)
    }
}
