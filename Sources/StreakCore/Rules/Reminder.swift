/// What `remind` knows about one streak: whether it is worth a reminder, and until when.
///
/// A streak is worth one when it is pending: alive, asked for today (or this week), not met
/// yet. Done, rest days (unscheduled), paused dates and weeks already met never are; a broken
/// streak has nothing left to lose, so it is only listed when asked (`--include-broken`), as a
/// chance to start again.
public struct Reminder: Sendable, Equatable {
    public let name: String
    public let icon: String
    public let reading: Reading
    /// The moment the date (or, for a weekly streak, the week) being read ends: when a pending
    /// streak breaks unless it is met (or a freeze covers it).
    public let deadline: Int64
    /// Seconds from now to the deadline.
    public let secondsLeft: Int64

    /// The reminder for a streak read as `reading` at `now`, or nil when there is nothing to
    /// remind of. Day-start aware through `clock`: with a 04:00 day start, today ends at 04:00.
    public init?<Zone: ZoneRules>(name: String, icon: String, reading: Reading, now: Int64, clock: DayClock<Zone>,
                                  weekStart: WeekStart, includeBroken: Bool) {
        // A habit to quit asks for nothing: there is nothing to remind of.
        if reading.quit { return nil }
        switch reading.state {
        case .pending: break
        // A new streak has nothing to lose yet, but today is its first chance: remind of it.
        case .broken where includeBroken || (reading.isNew && !reading.paused): break
        case .done, .broken: return nil
        }
        let last = reading.unit == .week ? weekStart.first(ofWeekHolding: reading.today) + 6 : reading.today
        self.name = name
        self.icon = icon
        self.reading = reading
        deadline = clock.end(of: last, after: now)
        secondsLeft = Swift.max(0, deadline - now)
    }

    /// Whether the streak is alive and can still be lost, or new and still to do today (not a
    /// broken one listed on request).
    public var isPending: Bool { reading.state == .pending || reading.isNew }
}
