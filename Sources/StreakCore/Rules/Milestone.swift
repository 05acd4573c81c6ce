/// What a tick is congratulated for, once, by the tick that reaches it: a run that reaches 7,
/// 30, 100 or 365, and a run longer than any other run ever was.
public struct Milestones: Equatable, Sendable {
    /// The round length the run reached or passed (the largest, when a backdated tick joins
    /// two runs and passes several at once), if any.
    public var length: Int?
    /// The record the run has just beaten, if it has: the best of the other runs.
    public var beatenBest: Int?

    public static let lengths = [7, 30, 100, 365]

    public init(length: Int? = nil, beatenBest: Int? = nil) {
        self.length = length
        self.beatenBest = beatenBest
    }

    /// The milestones an action on `day` reached, from the runs before it and after it
    /// (`Replay.runs`). The run it counts in is the one that holds `day` after it; an action
    /// that counts in no run (an unscheduled date) reaches nothing.
    ///
    /// A length is reached when the run was shorter than it before (the longest of the runs the
    /// action joined) and is at least as long now. A best is beaten when the run is now longer
    /// than every run before it, and the old record belonged to another run: while a run that
    /// already holds the record grows, its ticks are not new records, and a first run has no
    /// record to beat.
    ///
    /// Runs are compared in their own unit: a weekly run beats weekly runs.
    public static func reached(before: [Run], after: [Run], day: StreakDay) -> Milestones {
        guard let run = after.first(where: { $0.start <= day && day <= $0.end }) else { return Milestones() }
        let alike = before.filter { $0.unit == run.unit }
        let inside = alike.filter { $0.start >= run.start && $0.end <= run.end }
        let outside = alike.filter { !($0.start >= run.start && $0.end <= run.end) }
        let was = inside.map(\.length).max() ?? 0
        var milestones = Milestones()
        milestones.length = lengths.last { was < $0 && $0 <= run.length }
        let record = outside.map(\.length).max() ?? 0
        if record > 0, run.length > record, was <= record {
            milestones.beatenBest = record
        }
        return milestones
    }

    /// The same from the state before an action dated on or after the date that state stands
    /// on, and the state after it (`Progress.adding`): such an action joins no runs, so the run
    /// it counts in is the current one after it, and the record is the longest run that has
    /// ended, in that run's unit.
    public static func reached(from before: Progress, to after: Progress) -> Milestones {
        guard after.alive, after.length > 0 else { return Milestones() }
        let sameRun = before.alive && before.length > 0 && before.rules.unit == after.rules.unit
            && before.runStart == after.runStart
        let was = sameRun ? before.length : 0
        guard after.length > was else { return Milestones() }
        var milestones = Milestones()
        milestones.length = lengths.last { was < $0 && $0 <= after.length }
        let record = after.rules.unit == .week ? after.endedBestWeeks : after.endedBestDays
        if record > 0, after.length > record, was <= record {
            milestones.beatenBest = record
        }
        return milestones
    }
}
