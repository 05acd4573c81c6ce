/// The weekdays on which a streak asks for an action.
///
/// Unscheduled dates neither break nor extend a streak: an action on one is recorded and counts
/// in the total, but adds nothing to a run's length.
public struct Schedule: Hashable, Sendable, CustomStringConvertible {
    /// Bit `n` set when `Weekday(rawValue: n)` is scheduled. Never 0.
    public private(set) var mask: UInt8

    public static let daily = Schedule(mask: 0x7F)!
    public static let weekdays = Schedule(mask: 0x1F)!

    public init?(mask: UInt8) {
        guard mask & 0x7F != 0, mask & 0x80 == 0 else { return nil }
        self.mask = mask
    }

    public init(days: some Sequence<Weekday>) {
        var mask: UInt8 = 0
        for day in days { mask |= 1 << UInt8(day.rawValue) }
        self.mask = mask == 0 ? 0x7F : mask
    }

    /// Parses `daily`, `weekdays`, `weekends`, or a comma list of days (`mon,wed,fri`,
    /// full names allowed, any case).
    public init?(_ text: some StringProtocol) {
        let word = String(text).lowercased()
        switch word {
        case "daily", "everyday", "every-day": self = .daily
        case "weekdays": self = .weekdays
        case "weekends": self = Schedule(days: [.saturday, .sunday])
        default:
            var days: [Weekday] = []
            for part in word.split(separator: ",", omittingEmptySubsequences: false) {
                let name = part.trimmingSpaces()
                guard let day = Weekday(shortName: name) else { return nil }
                days.append(day)
            }
            guard !days.isEmpty else { return nil }
            self = Schedule(days: days)
        }
    }

    public func contains(_ weekday: Weekday) -> Bool {
        mask & (1 << UInt8(weekday.rawValue)) != 0
    }

    public func contains(_ day: StreakDay) -> Bool {
        contains(day.weekday)
    }

    /// The canonical spelling: `daily`, `weekdays`, or `mon,wed,fri` in week order.
    public var description: String {
        if self == .daily { return "daily" }
        if self == .weekdays { return "weekdays" }
        return Weekday.allCases.filter(contains).map(\.shortName).joined(separator: ",")
    }
}

extension StringProtocol {
    public func trimmingSpaces() -> Substring {
        var s = Substring(self)
        while let first = s.first, first == " " || first == "\t" { s.removeFirst() }
        while let last = s.last, last == " " || last == "\t" { s.removeLast() }
        return s
    }
}
