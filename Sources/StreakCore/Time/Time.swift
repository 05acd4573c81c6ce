/// A moment, as seconds since the Unix epoch, together with the UTC offset of the place it was
/// seen from. The offset is kept so a log line shows the wall-clock time the user saw.
public struct Instant: Hashable, Sendable, CustomStringConvertible {
    public var seconds: Int64
    /// Seconds east of UTC.
    public var offset: Int

    public init(seconds: Int64, offset: Int) {
        self.seconds = seconds
        self.offset = offset
    }

    /// The wall-clock date and time at `offset`.
    public var local: LocalDateTime {
        LocalDateTime(utcSeconds: seconds + Int64(offset))
    }

    /// ISO 8601 with seconds and offset: `2026-11-22T21:57:05+01:00` (`Z` is never used, so the
    /// offset is always visible).
    public var description: String {
        local.description + Instant.offsetText(offset)
    }

    static func offsetText(_ offset: Int) -> String {
        let sign = offset < 0 ? "-" : "+"
        let minutes = abs(offset) / 60
        var text = sign + Decimal.padded(minutes / 60, width: 2) + ":" + Decimal.padded(minutes % 60, width: 2)
        if abs(offset) % 60 != 0 { text += ":" + Decimal.padded(abs(offset) % 60, width: 2) }
        return text
    }

    /// Parses what `description` writes (and any offset form `TimeInput` accepts).
    public static func parse(_ bytes: ArraySlice<UInt8>) -> Instant? {
        guard case .exact(let instant)? = TimeInput.parse(bytes) else { return nil }
        return instant
    }

    /// The largest UTC offset `parse` reads back (±14:59:59): every zone on Earth today is
    /// within ±14:00, and a few historical local mean times come close.
    public static let maxOffset = 15 * 3600 - 1

    /// Whether `description` reads back as this instant: the offset within ±14:59:59 and the
    /// wall-clock date at that offset within the years 0000–9999 that ISO 8601's four digits
    /// hold. Anything else must be refused before it is written, or it would be a line its
    /// own reader rejects.
    public var isRecordable: Bool {
        abs(offset) <= Instant.maxOffset && seconds >= TimeInput.earliest - Int64(Instant.maxOffset)
            && seconds <= TimeInput.latest + Int64(Instant.maxOffset) && local.day.isRecordable
    }
}

/// A wall-clock date and time with no zone attached.
public struct LocalDateTime: Hashable, Sendable, CustomStringConvertible {
    public var day: StreakDay
    /// Seconds since local midnight, 0..<86400 (a leap second is folded into :59).
    public var secondOfDay: Int

    public init(day: StreakDay, secondOfDay: Int) {
        self.day = day
        self.secondOfDay = secondOfDay
    }

    init(utcSeconds: Int64) {
        let s = Int(utcSeconds)
        let days = s >= 0 ? s / 86400 : -((-s + 86399) / 86400)
        self.day = StreakDay(ordinal: days)
        self.secondOfDay = s - days * 86400
    }

    /// Seconds since the epoch if this wall time were UTC.
    public var utcSeconds: Int64 {
        Int64(day.ordinal) * 86400 + Int64(secondOfDay)
    }

    public var hour: Int { secondOfDay / 3600 }
    public var minute: Int { secondOfDay / 60 % 60 }
    public var second: Int { secondOfDay % 60 }

    /// `YYYY-MM-DDTHH:MM:SS`.
    public var description: String {
        day.description + "T" + Decimal.padded(hour, width: 2) + ":" + Decimal.padded(minute, width: 2)
            + ":" + Decimal.padded(second, width: 2)
    }
}

/// What a time zone must answer. The system layer implements it with the C library's zone
/// database; tests implement it with fixed transition tables.
public protocol ZoneRules {
    /// The wall-clock time and UTC offset at this moment.
    func local(at seconds: Int64) -> Instant

    /// The moment this wall-clock time names. For a time skipped by a transition, the moment
    /// the C library's `mktime` picks (just after the gap); for a repeated one, either.
    func moment(of local: LocalDateTime) -> Int64
}

extension ZoneRules {
    /// Whether any moment of this date happens in the zone.
    ///
    /// False only for dates a zone skipped whole, as Samoa skipped 2011-12-30 when it crossed the
    /// date line; such a date is never a missed date. Cheap in the common case: one conversion.
    public func dayExists(_ day: StreakDay) -> Bool {
        let noon = LocalDateTime(day: day, secondOfDay: 12 * 3600)
        if local(at: moment(of: noon)).local.day == day { return true }
        // Noon is in a gap: look for any moment of the date, in quarter hours across every
        // offset a zone can have (−12h … +14h).
        let earliest = LocalDateTime(day: day, secondOfDay: 0).utcSeconds - 14 * 3600
        let latest = LocalDateTime(day: day, secondOfDay: 0).utcSeconds + 86400 + 12 * 3600
        var t = earliest
        while t < latest {
            if local(at: t).local.day == day { return true }
            t += 900
        }
        return false
    }

    /// The first date from `first` through `last` the zone skipped whole (`dayExists`), if
    /// any. Two conversions, unless the offset moves by half a day or more over those dates
    /// (only crossing the date line does), then one a date.
    public func firstSkippedDay(from first: StreakDay, through last: StreakDay) -> StreakDay? {
        guard first <= last else { return nil }
        // Instants before any moment of `first` and after any moment of `last`.
        let before = local(at: LocalDateTime(day: first, secondOfDay: 0).utcSeconds - 14 * 3600).offset
        let after = local(at: LocalDateTime(day: last, secondOfDay: 0).utcSeconds + 86400 + 12 * 3600).offset
        guard abs(after - before) >= 12 * 3600 else { return nil }
        var day = first
        while day <= last {
            if !dayExists(day) { return day }
            day = day + 1
        }
        return nil
    }
}

/// A zone with one fixed offset, such as UTC.
public struct FixedOffsetZone: ZoneRules, Sendable {
    public var offset: Int

    public init(offset: Int) { self.offset = offset }

    public func local(at seconds: Int64) -> Instant { Instant(seconds: seconds, offset: offset) }

    public func moment(of local: LocalDateTime) -> Int64 { local.utcSeconds - Int64(offset) }
}

/// When the streak's day begins, as a wall-clock time: with `04:00`, an action at 02:30 counts
/// for the previous date. From `STREAKPROMPT_DAY_START`.
public struct DayStart: Hashable, Sendable, CustomStringConvertible {
    /// Seconds after midnight, 0..<86400.
    public var seconds: Int

    public static let midnight = DayStart(seconds: 0)

    public init(seconds: Int) { self.seconds = seconds }

    /// `HH:MM` (or `H:MM`, `HH`), 00:00 up to 23:59.
    public init?(_ text: some StringProtocol) {
        let bytes = Array(text.utf8)
        var parts = bytes.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
        if parts.count == 1 { parts.append([0x30, 0x30]) }
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
              let h = Decimal.parse(parts[0]), let m = Decimal.parse(parts[1]), h < 24, m < 60
        else { return nil }
        self.seconds = h * 3600 + m * 60
    }

    public var description: String {
        Decimal.padded(seconds / 3600, width: 2) + ":" + Decimal.padded(seconds / 60 % 60, width: 2)
    }

    /// The streak date of a wall-clock time: its calendar date, or the one before if the time is
    /// earlier than the day start.
    public func day(of local: LocalDateTime) -> StreakDay {
        local.secondOfDay < seconds ? local.day - 1 : local.day
    }
}

/// Turns moments into streak dates, for one zone and one day start.
public struct DayClock<Zone: ZoneRules> {
    public var zone: Zone
    public var dayStart: DayStart

    // Inlinable, as `day(at:)`: a command that only asks for today's date then builds no
    // generic type at run time (which costs a git hook a conformance lookup through the
    // whole binary).
    @inlinable
    public init(zone: Zone, dayStart: DayStart = .midnight) {
        self.zone = zone
        self.dayStart = dayStart
    }

    /// The streak date an action at this moment counts for.
    @inlinable
    public func day(at seconds: Int64) -> StreakDay {
        dayStart.day(of: zone.local(at: seconds).local)
    }


    /// The moment the streak date `day` ends: the first instant after `moment` whose date is
    /// later, usually the next date's day start. The zone's transitions are honoured: a day
    /// start in a skipped hour ends the date when the clock jumps past it; a date the zone
    /// skips whole ends where the next one that exists begins; a day start in a repeated hour
    /// makes the date come back for the rest of that hour once the clock is set back, and for
    /// a `moment` then the date ends at the day start's second pass. `status`, `remind`, the
    /// prompt's warning and the views all take a date's end from here.
    public func end(of day: StreakDay, after moment: Int64 = .min) -> Int64 {
        let guess = zone.moment(of: LocalDateTime(day: day + 1, secondOfDay: dayStart.seconds))
        if guess > moment, self.day(at: guess) > day, self.day(at: guess - 1) <= day { return guess }
        // A transition near the day start: the first second whose date is later, searched.
        var low = Swift.max(guess - 30 * 3600, moment)
        var high = Swift.max(guess, low) + 30 * 3600
        while self.day(at: low) > day { low -= 24 * 3600 }
        while self.day(at: high) <= day { high += 24 * 3600 }
        while high - low > 1 {
            let middle = low + (high - low) / 2
            if self.day(at: middle) > day { high = middle } else { low = middle }
        }
        return high
    }
}

/// A time given by the user (`--now`, `STREAKPROMPT_NOW`): ISO 8601 with or without an offset,
/// a bare date (noon), `@SECONDS` since the epoch, or relative to the present (`RelativeTime`:
/// `yesterday`, `-2d`, `21:30`, `yesterday 21:30`, `-3h`).
///
/// Every form is bounded to the years 0000–9999 (ISO 8601's four digits, and what a log line
/// holds), so no time a user types can overflow the arithmetic that turns it into a date.
public enum TimeInput: Equatable, Sendable {
    /// `@SECONDS` from 0000-01-01T00:00:00Z to 9999-12-31T23:59:59Z.
    public static let earliest: Int64 = -62_167_219_200
    public static let latest: Int64 = 253_402_300_799

    /// An exact moment (an offset or `Z` was given, or `@SECONDS`).
    case exact(Instant)
    /// A wall-clock time in the user's zone.
    case local(LocalDateTime)
    /// Relative to the present.
    case relative(RelativeTime)

    public init?(_ text: some StringProtocol) {
        let bytes = Array(text.utf8)
        guard let parsed = TimeInput.parse(bytes[...]) else { return nil }
        self = parsed
    }

    /// The moment meant, reading a wall-clock time in `zone`, and a relative time from
    /// `present` with the day start.
    public func moment(in zone: some ZoneRules, present: @autoclosure () -> Int64, dayStart: DayStart) -> Int64 {
        switch self {
        case .exact(let instant): return instant.seconds
        case .local(let local): return zone.moment(of: local)
        case .relative(let relative): return relative.moment(from: present(), zone: zone, dayStart: dayStart)
        }
    }

    public static func parse(_ input: ArraySlice<UInt8>) -> TimeInput? {
        var bytes = input
        while bytes.first == 0x20 { bytes.removeFirst() }
        while bytes.last == 0x20 { bytes.removeLast() }
        if bytes.first == UInt8(ascii: "@") {
            guard let seconds = Decimal.parseSigned(bytes.dropFirst()),
                  Int64(seconds) >= earliest, Int64(seconds) <= latest
            else { return nil }
            return .exact(Instant(seconds: Int64(seconds), offset: 0))
        }
        guard bytes.count >= 10, let day = StreakDay.parse(bytes.prefix(10)) else {
            return RelativeTime.parse(bytes).map(TimeInput.relative)
        }
        var rest = bytes.dropFirst(10)
        if rest.isEmpty {
            return .local(LocalDateTime(day: day, secondOfDay: 12 * 3600))
        }
        guard let separator = rest.first, separator == UInt8(ascii: "T") || separator == UInt8(ascii: "t")
            || separator == 0x20
        else { return nil }
        rest = rest.dropFirst()
        // HH:MM, then optional :SS and optional fraction.
        guard rest.count >= 5, rest[rest.startIndex + 2] == UInt8(ascii: ":"),
              let hour = Decimal.parse(rest.prefix(2)),
              let minute = Decimal.parse(rest.dropFirst(3).prefix(2)),
              hour < 24, minute < 60
        else { return nil }
        var second = 0
        rest = rest.dropFirst(5)
        if rest.first == UInt8(ascii: ":") {
            guard rest.count >= 3, let s = Decimal.parse(rest.dropFirst().prefix(2)), s <= 60 else { return nil }
            second = min(s, 59)
            rest = rest.dropFirst(3)
            if rest.first == UInt8(ascii: ".") || rest.first == UInt8(ascii: ",") {
                rest = rest.dropFirst()
                let digits = rest.prefix { $0 >= 0x30 && $0 <= 0x39 }
                guard !digits.isEmpty else { return nil }
                rest = rest.dropFirst(digits.count)
            }
        }
        let local = LocalDateTime(day: day, secondOfDay: hour * 3600 + minute * 60 + second)
        if rest.isEmpty { return .local(local) }
        guard let offset = parseOffset(rest) else { return nil }
        return .exact(Instant(seconds: local.utcSeconds - Int64(offset), offset: offset))
    }

    /// `Z`, `+HH`, `+HHMM`, `+HH:MM` or `+HH:MM:SS` (and `-`), in seconds east of UTC.
    static func parseOffset(_ bytes: ArraySlice<UInt8>) -> Int? {
        if bytes.count == 1, bytes.first == UInt8(ascii: "Z") || bytes.first == UInt8(ascii: "z") { return 0 }
        guard let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else { return nil }
        // Digits in pairs, with all colons or none: HH, HHMM, HH:MM, HHMMSS, HH:MM:SS.
        var pairs = (0, 0, 0)
        var count = 0
        var colons = 0
        var index = bytes.index(after: bytes.startIndex)
        while index < bytes.endIndex {
            if bytes[index] == UInt8(ascii: ":") {
                guard count > 0, count < 3 else { return nil }
                colons += 1
                index += 1
                continue
            }
            guard count < 3, index + 1 < bytes.endIndex, let pair = Decimal.parse(bytes[index..<index + 2]) else {
                return nil
            }
            switch count {
            case 0: pairs.0 = pair
            case 1: pairs.1 = pair
            default: pairs.2 = pair
            }
            count += 1
            index += 2
        }
        guard count > 0, colons == 0 || colons == count - 1, pairs.0 <= 14, pairs.1 < 60, pairs.2 < 60 else { return nil }
        let value = pairs.0 * 3600 + pairs.1 * 60 + pairs.2
        return sign == UInt8(ascii: "-") ? -value : value
    }
}
