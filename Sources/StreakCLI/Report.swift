import StreakCore
import StreakSystem

/// How a streak is described to people and to scripts; shared by `status`, `list`, `tick` and
/// `add`.
enum Report {
    /// The `status --json` object. Keys are a contract: add, never rename.
    static func json(_ streak: LoadedStreak, _ reading: Reading, _ today: Today) -> JSON {
        let rules = streak.replay.rules(on: reading.today)
        return .object([
            ("name", .string(streak.name.text)),
            ("current", .number(reading.current)),
            ("best", .number(reading.best)),
            ("total", .number(reading.total)),
            ("state", .string(reading.state.rawValue)),
            ("last", reading.last.map { .string($0.description) } ?? .null),
            ("today", .string(reading.today.description)),
            ("schedule", .string(rules.schedule.description)),
            ("freezes", .number(reading.freezesLeft)),
            ("icon", .string(streak.settings.icon)),
            ("seconds_left", .number(Int(today.secondsLeft))),
        ] + completionKeys(streak, today) + [
            ("unit", .string(reading.unit.name)),
            ("goal", .number(reading.goal)),
            ("progress", .array([.number(reading.progress.done), .number(reading.progress.needed)])),
            ("paused", .bool(reading.paused)),
            ("target", rules.target.map { .string(SettingsField.targetText($0)) } ?? .null),
            ("archived", .bool(streak.archived)),
            ("new", .bool(reading.isNew)),
            ("tags", .array(streak.settings.tags.map { .string($0) })),
            ("quit", .bool(rules.quits)),
            ("quit_since", rules.quitSince.map { .string($0.description) } ?? .null),
        ])
    }

    /// The windows `status` reports a completion rate for, in days.
    static let windows = [30, 365]

    /// Completion over the last `days` dates (see `CompletionRate` for the exact rule).
    static func completion(_ streak: LoadedStreak, _ today: Today, days: Int) -> CompletionRate {
        CompletionRate(days: days, replay: streak.replay, today: today.day, zone: today.clock.zone)
    }

    /// `rate_30` (whole percent, or null with no scheduled date), `done_30`, `scheduled_30`,
    /// and the same for 365 days.
    static func completionKeys(_ streak: LoadedStreak, _ today: Today) -> [(String, JSON)] {
        var keys: [(String, JSON)] = []
        for days in windows {
            let completion = completion(streak, today, days: days)
            keys.append(("rate_\(days)", completion.percent.map { .number($0) } ?? .null))
            keys.append(("done_\(days)", .number(completion.done)))
            keys.append(("scheduled_\(days)", .number(completion.scheduled)))
        }
        return keys
    }

    /// `last 30 days 80% (20 of 25)`, `last 30 days 75% (3 of 4 weeks)` (a weekly streak),
    /// `last 30 days 60% (3 of 5 dates and weeks)` (just after a change of unit), or
    /// `last 30 days: nothing scheduled yet`.
    static func completionText(_ completion: CompletionRate, bar: Bool = false) -> String {
        guard let percent = completion.percent else { return "last \(completion.window) days: nothing scheduled yet" }
        let label = "last \(completion.window) days"
        let shown = bar ? label + String(repeating: " ", count: Swift.max(0, 13 - label.count)) + " " + completion.bar! : label
        var units = ""
        if completion.weeks == completion.scheduled {
            units = completion.scheduled == 1 ? " week" : " weeks"
        } else if completion.weeks > 0 {
            units = " dates and weeks"
        }
        return "\(shown) \(percent)% (\(completion.done) of \(completion.scheduled)\(units))"
    }

    /// What a person is told before any streak exists (`list`, or `streakprompt` by hand).
    static let noStreaksYet = "No streaks yet: 'streakprompt tick' starts one, 'streakprompt add NAME' makes one ('streakprompt help' lists the commands)."

    /// The state in one word, for tables: `new` for a streak that never met a date
    /// (`Reading.isNew`: it reads as broken, there is no run, but nothing was lost), else the
    /// state.
    static func stateWord(_ streak: LoadedStreak, _ reading: Reading) -> String {
        reading.isNew ? "new" : reading.state.rawValue
    }

    /// `09:58`: the wall-clock time an instant was recorded at, in its own offset.
    static func clockTime(_ at: Instant) -> String {
        let local = at.local
        return Decimal.padded(local.hour, width: 2) + ":" + Decimal.padded(local.minute, width: 2)
    }

    /// `3h 12m`, `45m`, `under a minute`.
    static func duration(_ seconds: Int64) -> String {
        if seconds < 60 { return "under a minute" }
        let minutes = seconds / 60
        if minutes < 60 { return "\(minutes)m" }
        return "\(minutes / 60)h \(minutes % 60)m"
    }

    /// `3h 12m` under a day, `2d 4h` beyond (the rest of a week).
    static func timeLeft(_ seconds: Int64) -> String {
        seconds < 86400 ? duration(seconds) : "\(seconds / 86400)d \(seconds % 86400 / 3600)h"
    }

    /// The run as shown: `5`, or `5w` for a weekly streak.
    static func count(_ value: Int, _ unit: StreakUnit) -> String {
        unit == .week ? "\(value)w" : String(value)
    }

    /// `2 of 3 today` (a daily goal above 1) or `1 of 2 this week` (a weekly target); nil for
    /// a streak that asks one action a date.
    static func progressText(_ reading: Reading) -> String? {
        let progress = reading.progress
        switch reading.unit {
        case .week: return ofGoal(progress) + " this week"
        case .day: return progress.needed > 1 ? ofGoal(progress) + " today" : nil
        }
    }

    /// `2 of 3`; past the goal it reads as met, with what came on top: `3 of 3 +1` (not
    /// `4 of 3`).
    static func ofGoal(_ progress: GoalProgress) -> String {
        let over = progress.done - progress.needed
        return "\(min(progress.done, progress.needed)) of \(progress.needed)" + (over > 0 ? " +\(over)" : "")
    }

    /// One phrase for the state: `done today`, `pending: 3h 12m left today`,
    /// `pending: 2 of 3 today, 3h 12m left`, `pending: 1 of 2 this week, 2d 4h left`, `broken`.
    static func stateText(_ reading: Reading, _ today: Today, hasActions: Bool) -> String {
        if reading.quit {
            if reading.state == .done { return reading.paused ? "done (paused today)" : "done: no slip today" }
            return reading.progress.done > 0 ? "broken: a slip today (tomorrow starts again at 1)" : "new: not counted yet"
        }
        let progress = progressText(reading)
        switch (reading.state, reading.unit) {
        case (.done, .week):
            return "done this week (\(ofGoal(reading.progress)))"
        case (.done, .day):
            if reading.progress.isMet && reading.last.map({ $0 >= reading.today }) == true {
                return progress == nil ? "done today" : "done today (\(ofGoal(reading.progress)))"
            }
            if reading.paused { return "done (paused today)" }
            return "done (\(reading.today.weekday.shortName) is not scheduled)"
        case (.pending, .week):
            // The time left as remind says it: to the moment the week ends.
            return "pending: \(progress!), \(timeLeft(today.clock.end(of: weekEnd(of: reading.today, today), after: today.now) - today.now)) left"
        case (.pending, .day):
            if let progress { return "pending: \(progress), \(duration(today.secondsLeft)) left" }
            return "pending: \(duration(today.secondsLeft)) left today"
        case (.broken, _) where reading.isNew:
            // Still to do, as a pending streak is: with its progress and the time left.
            guard hasActions else { return "new: no actions yet" }
            var pending = reading
            pending.state = .pending
            return "new" + stateText(pending, today, hasActions: true).dropFirst("pending".count)
        case (.broken, _):
            return "broken"
        }
    }

    /// The last date of the week holding `day`.
    static func weekEnd(of day: StreakDay, _ today: Today) -> StreakDay {
        today.weekStart.first(ofWeekHolding: day) + 6
    }

    /// The rules in words: `daily, 0 freezes`, `3/week, goal 2, 1 freeze, earns a freeze every
    /// 4 met weeks (up to 2 held)`.
    static func rulesText(_ rules: Rules) -> String {
        if let since = rules.quitSince { return "a habit to quit, every date without a slip counts from \(since)" }
        var parts: [String] = []
        switch rules.mode {
        case .days(let schedule): parts.append(schedule.description)
        case .weeks(let target): parts.append(SettingsField.targetText(target))
        }
        if rules.goal != 1 { parts.append("goal \(rules.goal)") }
        parts.append(rules.freezes == 1 ? "1 freeze" : "\(rules.freezes) freezes")
        if rules.earnEvery > 0 {
            let units = rules.unit == .week ? "weeks" : "dates"
            parts.append("earns a freeze every \(rules.earnEvery) met \(units) (up to \(rules.maxHeld) held)")
        }
        return parts.joined(separator: ", ")
    }

    /// What a change sets: `goal 3, target 3/week`.
    static func changeText(_ fields: RuleFields) -> String {
        fields.pairs.map { field, value in
            switch field {
            case .earnFreeze: return "earn a freeze every \(value)"
            case .maxFreezes: return "at most \(value) held"
            case .freezes: return "\(value) banked freezes"
            default: return field.key + " " + value
            }
        }.joined(separator: ", ")
    }

    /// The streak a reporting command names (or means, see `Roster.streak`), loaded, and
    /// the day it is read on: what `status`, `calendar` and `card` start from.
    static func named(_ invocation: Invocation, _ context: Context) throws(CommandError) -> (Today, LoadedStreak) {
        let today = try context.today(invocation)
        let store = try context.store(today: today)
        let name = try Roster.streak(invocation, store, whenNone: nil)
        return (today, try load(name, store, context))
    }

    /// Reads one streak for a command that reports on it, warning about unreadable lines.
    static func load(_ name: StreakName, _ store: Store, _ context: Context) throws(CommandError) -> LoadedStreak {
        guard store.exists(name) else { throw store.absence(of: name).commandError }
        let streak = try storeCall { () throws(StoreError) -> LoadedStreak in try store.load(name, zone: context.zone) }
        warn(about: streak)
        return streak
    }

    /// Warns about the lines of a streak's files that are not counted.
    static func warn(about streak: LoadedStreak) {
        for problem in streak.problems {
            Exit.warn(problem.warning)
        }
        for newer in streak.newer {
            Exit.warn(newer.message)
        }
    }
}
