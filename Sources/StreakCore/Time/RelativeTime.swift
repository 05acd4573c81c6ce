/// A date or a moment given relative to the present, as people type them at a prompt:
///
/// | typed | means |
/// | --- | --- |
/// | `today`, `yesterday`, `tomorrow` | that streak date (as a moment: the present's time of day on it) |
/// | `-2d`, `2d`, `-1w`, `+3d` | days or weeks before (unsigned: before) or after (`+`) |
/// | `21:30`, `7:05` | today's streak date at that time |
/// | `yesterday 21:30`, `-2d 08:00` | that streak date at that time |
/// | `-3h`, `-30m`, `+2h` | hours or minutes from the present, exactly |
///
/// A time of day earlier than the day start belongs to the streak date it ends: with a day
/// start of 04:00, `yesterday 02:30` is the night after yesterday's evening. Days move by
/// calendar dates, not by 24 hours, so a DST change in between keeps the time of day.
public enum RelativeTime: Hashable, Sendable {
    /// `days` streak dates from the present's, at `timeOfDay` (seconds after midnight), or at
    /// the present's time of day when nil.
    case days(Int, timeOfDay: Int?)
    /// Exactly this many seconds from the present.
    case seconds(Int64)

    /// How far a relative date may reach: 100 years either way.
    static let maxDays = 36_600

    /// Reads a relative time; nil when the text is not one.
    public static func parse(_ input: ArraySlice<UInt8>) -> RelativeTime? {
        var text = input
        while text.first == 0x20 { text.removeFirst() }
        while text.last == 0x20 { text.removeLast() }
        // `DAY TIME`: a day word or offset, a space, a time of day.
        if let space = text.firstIndex(of: 0x20) {
            guard case .days(let days, nil)? = parseDay(text[..<space]) else { return nil }
            var rest = text[space...]
            while rest.first == 0x20 { rest.removeFirst() }
            guard let time = timeOfDay(rest) else { return nil }
            return .days(days, timeOfDay: time)
        }
        if let time = timeOfDay(text) { return .days(0, timeOfDay: time) }
        if let day = parseDay(text) { return day }
        // `-3h`, `+30m`: exact offsets.
        guard let unit = text.last, unit == UInt8(ascii: "h") || unit == UInt8(ascii: "m"),
              let amount = signedAmount(text.dropLast()), abs(amount) <= maxDays * 24
        else { return nil }
        return .seconds(Int64(amount) * (unit == UInt8(ascii: "h") ? 3600 : 60))
    }

    /// A day word or a day offset (`-2d`, `1w`): nil for anything else.
    static func parseDay(_ text: ArraySlice<UInt8>) -> RelativeTime? {
        let word = String(decoding: text, as: UTF8.self).lowercased()
        switch word {
        case "today": return .days(0, timeOfDay: nil)
        case "yesterday": return .days(-1, timeOfDay: nil)
        case "tomorrow": return .days(1, timeOfDay: nil)
        default: break
        }
        guard let unit = text.last, unit == UInt8(ascii: "d") || unit == UInt8(ascii: "w"),
              let amount = signedAmount(text.dropLast())
        else { return nil }
        let days = amount * (unit == UInt8(ascii: "w") ? 7 : 1)
        guard abs(days) <= maxDays else { return nil }
        return .days(days, timeOfDay: nil)
    }

    /// `-N`, `+N` or `N` (which means `-N`: "7d" is seven days ago), 1 to 6 digits.
    static func signedAmount(_ text: ArraySlice<UInt8>) -> Int? {
        var digits = text
        var sign = -1
        if digits.first == UInt8(ascii: "+") {
            sign = 1
            digits.removeFirst()
        } else if digits.first == UInt8(ascii: "-") {
            digits.removeFirst()
        }
        guard !digits.isEmpty, digits.count <= 6, let value = Decimal.parse(digits) else { return nil }
        return sign * value
    }

    /// `HH:MM` or `H:MM` (and `:SS`), as seconds after midnight.
    static func timeOfDay(_ text: ArraySlice<UInt8>) -> Int? {
        let parts = text.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3, (1...2).contains(parts[0].count),
              parts.dropFirst().allSatisfy({ $0.count == 2 }),
              let hour = Decimal.parse(parts[0]), let minute = Decimal.parse(parts[1]), hour < 24, minute < 60
        else { return nil }
        var second = 0
        if parts.count == 3 {
            guard let value = Decimal.parse(parts[2]), value < 60 else { return nil }
            second = value
        }
        return hour * 3600 + minute * 60 + second
    }

    /// The streak date meant, from the present's streak date; nil for an exact offset in hours
    /// or minutes, which names a moment, not a date.
    public func day(from today: StreakDay) -> StreakDay? {
        guard case .days(let days, nil) = self else { return nil }
        return today + days
    }

    /// The moment meant, from the present, in `zone`, with the day start.
    public func moment(from present: Int64, zone: some ZoneRules, dayStart: DayStart) -> Int64 {
        switch self {
        case .seconds(let offset):
            return min(max(present + offset, TimeInput.earliest), TimeInput.latest)
        case .days(let days, nil):
            // The present's time of day on the date `days` away.
            let local = zone.local(at: present).local
            return zone.moment(of: LocalDateTime(day: local.day + days, secondOfDay: local.secondOfDay))
        case .days(let days, let time?):
            let day = dayStart.day(of: zone.local(at: present).local) + days
            // A time before the day start is the night that ends `day`: the next calendar date.
            return zone.moment(of: LocalDateTime(day: time < dayStart.seconds ? day + 1 : day, secondOfDay: time))
        }
    }
}
