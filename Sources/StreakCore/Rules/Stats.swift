/// How often the scheduled dates of a recent window got their action.
///
/// The window is the `days` dates ending today, clipped to start no earlier than the streak's
/// first action (dates before the streak existed are not misses). A scheduled date counts in
/// `scheduled` when it is before today, or when it is today and already done: a pending today
/// is not a miss yet. `done` counts the scheduled dates among those with an action. Dates a
/// freeze covered are scheduled dates without an action: they keep the streak, not the rate.
/// Unscheduled dates count in neither, even with an action. A date the zone skipped is not
/// scheduled.
public struct CompletionRate: Hashable, Sendable {
    public var window: Int
    public var done: Int
    public var scheduled: Int
    /// How many of the `scheduled` units are weeks (the rest are dates).
    public var weeks: Int = 0

    public init(window: Int, done: Int, scheduled: Int) {
        self.window = window
        self.done = done
        self.scheduled = scheduled
    }

    /// `done / scheduled` as a whole percentage, rounded down (100 only when every scheduled
    /// date was done); nil when the window holds no scheduled date.
    public var percent: Int? {
        scheduled == 0 ? nil : done * 100 / scheduled
    }

    /// The completion of the `days` dates ending on `today`.
    public init(days: Int, actionDays: Set<StreakDay>, first: StreakDay?, schedule: Schedule, today: StreakDay,
                zone: some ZoneRules) {
        self.window = days
        self.done = 0
        self.scheduled = 0
        guard let first, days > 0 else { return }
        var day = Swift.max(today - (days - 1), first)
        while day <= today {
            defer { day = day + 1 }
            guard schedule.contains(day) else { continue }
            let acted = actionDays.contains(day)
            if day == today && !acted { continue }
            guard acted || zone.dayExists(day) else { continue }
            scheduled += 1
            if acted { done += 1 }
        }
    }
}

extension CompletionRate {
    /// The completion of the `days` dates ending on `today`, with the streak's goals, pauses,
    /// rule changes and weeks: units (dates, or weeks in week mode) rather than dates.
    ///
    /// The window is clipped to start no earlier than the first action, as above. A date
    /// counts when it is in the window; a week when it starts in it. A met unit counts in
    /// `done` and `scheduled`; a missed one (frozen or not) in `scheduled` only; a neutral one
    /// (unscheduled, paused, a week not met holding a paused date, or holding a date the zone
    /// skipped) in neither; the unit holding today only once it is met.
    public init(days: Int, replay: Replay, today: StreakDay, zone: some ZoneRules) {
        self.init(window: days, done: 0, scheduled: 0)
        guard let first = replay.input.firstDate, days > 0 else { return }
        let windowStart = Swift.max(today - (days - 1), first)
        for walked in replay.fold(at: today, zone: zone, marks: true).units {
            let span = walked.span
            guard span.start >= windowStart, span.start <= today else { continue }
            // Today's unit is no miss yet, even when an action dated later has closed it.
            if span.end >= today, walked.outcome != .met { continue }
            switch walked.outcome {
            case .met:
                done += 1
                scheduled += 1
                if span.unit == .week { weeks += 1 }
            case .frozen, .broke:
                scheduled += 1
                if span.unit == .week { weeks += 1 }
            case .missed:
                var day = span.start
                var exists = true
                while day <= span.end, exists {
                    exists = zone.dayExists(day)
                    day = day + 1
                }
                if exists {
                    scheduled += 1
                    if span.unit == .week { weeks += 1 }
                }
            case .neutral, .open:
                continue
            }
        }
    }
}

extension CompletionRate {
    /// Cells of a rate bar.
    public static let barCells = 10

    /// `▕███████░░░▏`: the rate in whole tenths (full only at 100%), or nil with nothing
    /// scheduled. In ASCII (a locale that is not UTF-8) the output spells it `[#######---]`.
    public var bar: String? {
        guard let percent else { return nil }
        let full = Swift.min(CompletionRate.barCells, percent * CompletionRate.barCells / 100)
        return "▕" + String(repeating: "█", count: full) + String(repeating: "░", count: CompletionRate.barCells - full) + "▏"
    }
}
