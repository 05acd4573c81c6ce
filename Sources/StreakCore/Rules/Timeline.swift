/// Dates from `from` to `to`, both included.
public struct DateRange: Hashable, Sendable {
    public var from: StreakDay
    public var to: StreakDay

    public init(from: StreakDay, to: StreakDay) {
        self.from = from
        self.to = to
    }

    public func contains(_ day: StreakDay) -> Bool { from <= day && day <= to }
}

/// The rules in force from a date on.
public struct RuleSegment: Hashable, Sendable {
    public var from: StreakDay
    public var rules: Rules

    public init(from: StreakDay, rules: Rules) {
        self.from = from
        self.rules = rules
    }
}

/// A streak's rules date by date: the creation rules on every date, overlaid with each change
/// from its effective date on.
///
/// A change takes effect on its `from` date, unless it involves weeks (it sets a target, or
/// the streak is in week mode on `from`): then on the first week start on or after `from`, so
/// a week always finishes under the rules it started with. On each date, the changes in
/// effect there apply in order of when they were made, then of their text: a change made
/// later applies from its date on over every change made before it, whatever their dates
/// (`add NAME --goal 3 --from DATE` after a change from a later date still holds on every date
/// from DATE), and the result depends only on the set of changes. Since every change of mode
/// waits for a week start, the mode is the same on every date of a week.
public struct RulesTimeline: Hashable, Sendable {
    /// The creation rules (they cover every date before the first change).
    public let initial: Rules
    /// The rules from each effective date on, dates increasing, each differing from the last.
    public let segments: [RuleSegment]

    /// A change with its effective date and tie-breaking text.
    private struct Resolved {
        var effective: StreakDay
        var change: RuleChange
        var text: String
        /// The order changes were made in: when, then the record's text.
        var made: (Int64, String) { (change.at.seconds, text) }
    }

    public init(initial: Rules, changes: [RuleChange], weekStart: WeekStart) {
        var byFrom = changes.map { Resolved(effective: $0.from, change: $0, text: $0.text) }
        byFrom.sort { ($0.change.from, $0.change.at.seconds, $0.text) < ($1.change.from, $1.change.at.seconds, $1.text) }
        // In order of `from`: a change's mode on its date depends only on changes effective by
        // the start of that week, all of which have an earlier `from`.
        var resolved: [Resolved] = []
        resolved.reserveCapacity(byFrom.count)
        for var item in byFrom {
            let weekFirst = weekStart.first(ofWeekHolding: item.change.from)
            if weekFirst != item.change.from {
                // The mode there: that of the change made last of those in effect that set one.
                var inWeeks = initial.unit == .week
                var latest: (Int64, String)?
                for earlier in resolved where earlier.effective <= weekFirst {
                    let fields = earlier.change.fields
                    guard fields.schedule != nil || fields.target != nil else { continue }
                    if let known = latest, earlier.made < known { continue }
                    latest = earlier.made
                    inWeeks = fields.target != nil
                }
                if item.change.fields.setsTarget || inWeeks { item.effective = weekFirst + 7 }
            }
            resolved.append(item)
        }
        // Date by date, the changes in effect in the order they were made. Usually a later
        // date's changes were also made later: they are laid over the rules of the date
        // before; one made before a change already in effect has them all laid again.
        resolved.sort { ($0.effective, $0.made.0, $0.made.1) < ($1.effective, $1.made.0, $1.made.1) }
        var segments: [RuleSegment] = []
        var rules = initial
        var lastMade: (Int64, String)?
        var start = 0
        while start < resolved.count {
            let date = resolved[start].effective
            var end = start
            while end < resolved.count, resolved[end].effective == date { end += 1 }
            if let known = lastMade, resolved[start].made < known {
                rules = initial
                for item in resolved[..<end].sorted(by: { $0.made < $1.made }) { rules = item.change.fields.applied(to: rules) }
            } else {
                for item in resolved[start..<end] { rules = item.change.fields.applied(to: rules) }
            }
            if lastMade.map({ resolved[end - 1].made > $0 }) ?? true { lastMade = resolved[end - 1].made }
            segments.append(RuleSegment(from: date, rules: rules))
            start = end
        }
        // A change that changes nothing is no boundary.
        var kept: [RuleSegment] = []
        var previous = initial
        for segment in segments where segment.rules != previous {
            kept.append(segment)
            previous = segment.rules
        }
        self.initial = initial
        self.segments = kept
    }

    /// The date a new change made from `from` would take effect, with these changes already
    /// made: `from`, unless it involves weeks (it sets a target, or the streak is in week mode
    /// on the first date of `from`'s week), then the first week start on or after `from`.
    public func effectiveDate(from: StreakDay, setsTarget: Bool, weekStart: WeekStart) -> StreakDay {
        let weekFirst = weekStart.first(ofWeekHolding: from)
        guard weekFirst != from, setsTarget || rules(on: weekFirst).unit == .week else { return from }
        return weekFirst + 7
    }

    /// The rules on `day`.
    public func rules(on day: StreakDay) -> Rules {
        // After the last segment starting on or before `day`.
        let after = firstIndex(in: segments.count) { segments[$0].from > day }
        return after == 0 ? initial : segments[after - 1].rules
    }

    /// The rules in force before `day`, and the freezes held then if nothing but these
    /// changes moved them (each change of `freezes` adds the difference, never below 0).
    func before(_ day: StreakDay) -> (rules: Rules, held: Int) {
        var rules = initial
        var held = initial.freezes
        for segment in segments where segment.from < day {
            held = max(0, held + segment.rules.freezes - rules.freezes)
            rules = segment.rules
        }
        return (rules, held)
    }
}

/// The dates a streak is paused on: each date takes the latest pause or unpause record that
/// covers it (by when it was made; an unpause wins a tie, then the record's text).
public struct PauseCalendar: Hashable, Sendable {
    /// Paused dates as ranges, in order, none touching another.
    public let ranges: [DateRange]

    public init(_ records: [PauseRecord]) {
        // By time, a pause before an unpause made in the same second. Records of one kind in
        // one second paint the same whatever their order, so their lines are not compared
        // (writing each record's line out for that was most of a tick's work on a streak with
        // a dozen pauses).
        var ordered = records
        ordered.sort { a, b in
            a.at.seconds != b.at.seconds ? a.at.seconds < b.at.seconds : a.kind == .pause && b.kind == .unpause
        }
        // Paint the records in that order, each over the ones before.
        var painted: [(range: DateRange, paused: Bool)] = []
        for record in ordered {
            var next: [(range: DateRange, paused: Bool)] = []
            for piece in painted {
                if piece.range.to < record.from || piece.range.from > record.to {
                    next.append(piece)
                    continue
                }
                if piece.range.from < record.from {
                    next.append((DateRange(from: piece.range.from, to: record.from - 1), piece.paused))
                }
                if piece.range.to > record.to {
                    next.append((DateRange(from: record.to + 1, to: piece.range.to), piece.paused))
                }
            }
            next.append((DateRange(from: record.from, to: record.to), record.kind == .pause))
            next.sort { $0.range.from < $1.range.from }
            painted = next
        }
        var ranges: [DateRange] = []
        for piece in painted where piece.paused {
            if let last = ranges.last, last.to + 1 >= piece.range.from {
                ranges[ranges.count - 1].to = max(last.to, piece.range.to)
            } else {
                ranges.append(piece.range)
            }
        }
        self.ranges = ranges
    }

    public func contains(_ day: StreakDay) -> Bool {
        let index = firstIndex(in: ranges.count) { ranges[$0].to >= day }
        return index < ranges.count && ranges[index].from <= day
    }
}

/// The first index in `0..<count` where `isAfter` holds, for a predicate that is false and
/// then true (a binary search over sorted dates); `count` when it never holds.
public func firstIndex(in count: Int, where isAfter: (Int) -> Bool) -> Int {
    var low = 0
    var high = count
    while low < high {
        let middle = (low + high) / 2
        if isAfter(middle) { high = middle } else { low = middle + 1 }
    }
    return low
}
