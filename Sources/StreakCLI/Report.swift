import StreakCore
import StreakSystem

/// How a streak is described to people and to scripts; shared by `status` and `list`.
enum Report {
    /// The `status --json` object. Keys are a contract: add, never rename.
    static func json(_ streak: LoadedStreak, _ reading: Reading, _ today: Today) -> JSON {
        .object([
            ("name", .string(streak.name.text)),
            ("current", .number(reading.current)),
            ("best", .number(reading.best)),
            ("total", .number(reading.total)),
            ("state", .string(reading.state.rawValue)),
            ("last", reading.last.map { .string($0.description) } ?? .null),
            ("today", .string(reading.today.description)),
            ("schedule", .string(streak.settings.rules.schedule.description)),
            ("freezes", .number(reading.freezesLeft)),
            ("icon", .string(streak.settings.icon)),
            ("seconds_left", .number(Int(today.secondsLeft))),
        ] + completionKeys(streak, today))
    }

    /// The windows `status` reports a completion rate for, in days.
    static let windows = [30, 365]

    /// Completion over the last `days` dates (see `CompletionRate` for the exact rule).
    static func completion(_ streak: LoadedStreak, _ today: Today, days: Int) -> CompletionRate {
        CompletionRate(days: days, actionDays: Set(streak.actions.map(\.day)), first: streak.actions.first?.day,
                   schedule: streak.settings.rules.schedule, today: today.day, zone: today.clock.zone)
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

    /// `last 30 days 80% (20 of 25)`, or `last 30 days: nothing scheduled yet`.
    static func completionText(_ completion: CompletionRate) -> String {
        guard let percent = completion.percent else { return "last \(completion.window) days: nothing scheduled yet" }
        return "last \(completion.window) days \(percent)% (\(completion.done) of \(completion.scheduled))"
    }

    /// What a person is told before any streak exists (`list`, or `streakprompt` by hand).
    static let noStreaksYet = "No streaks yet: 'streakprompt tick' starts one, 'streakprompt add NAME' makes one ('streakprompt help' lists the commands)."

    /// The state in one word, for tables: `new` for a streak with no action yet (which reads
    /// as broken: there is no run), else the state.
    static func stateWord(_ streak: LoadedStreak, _ reading: Reading) -> String {
        streak.actions.isEmpty ? "new" : reading.state.rawValue
    }

    /// `3h 12m`, `45m`, `under a minute`.
    static func duration(_ seconds: Int64) -> String {
        if seconds < 60 { return "under a minute" }
        let minutes = seconds / 60
        if minutes < 60 { return "\(minutes)m" }
        return "\(minutes / 60)h \(minutes % 60)m"
    }

    /// One phrase for the state: `done today`, `pending: 3h 12m left today`, `broken`.
    static func stateText(_ reading: Reading, _ today: Today, schedule: Schedule) -> String {
        switch reading.state {
        case .done:
            if reading.last.map({ $0 >= reading.today }) == true { return "done today" }
            return "done (\(reading.today.weekday.shortName) is not scheduled)"
        case .pending:
            return "pending: \(duration(today.secondsLeft)) left today"
        case .broken:
            return reading.total == 0 ? "no actions yet" : "broken"
        }
    }

    /// Reads one streak for a command that reports on it, warning about unreadable lines.
    static func load(_ name: StreakName, _ store: Store, _ context: Context) throws(CommandError) -> LoadedStreak {
        guard store.exists(name) else { throw StoreError.missing(name).commandError }
        let streak = try storeCall { () throws(StoreError) -> LoadedStreak in try store.load(name, zone: context.zone) }
        for problem in streak.problems {
            Exit.warn(problem.warning)
        }
        return streak
    }
}
