/// A calendar date, counted in days from 1970-01-01, with no time and no zone.
///
/// A streak is a set of these. Which date an action belongs to is decided once, where and when
/// the action happens (see `DayClock`); after that only whole dates are compared, so a tick in
/// Tokyo and the next in Los Angeles each keep their own local date.
public struct StreakDay: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Days since 1970-01-01 (negative before it).
    public var ordinal: Int

    public init(ordinal: Int) {
        self.ordinal = ordinal
    }

    /// The date with this proleptic Gregorian year, month (1–12) and day, or nil if there is none.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), day >= 1, day <= StreakDay.daysIn(month: month, year: year)
        else { return nil }
        self.ordinal = StreakDay.ordinal(year: year, month: month, day: day)
    }

    public static func < (lhs: StreakDay, rhs: StreakDay) -> Bool { lhs.ordinal < rhs.ordinal }

    /// 0000-01-01 and 9999-12-31: the dates `YYYY-MM-DD` can write, so the only ones a file holds.
    public static let earliest = StreakDay(ordinal: -719_528)
    public static let latest = StreakDay(ordinal: 2_932_896)

    /// Whether `description` reads back as this date (a year from 0000 to 9999).
    public var isRecordable: Bool { ordinal >= StreakDay.earliest.ordinal && ordinal <= StreakDay.latest.ordinal }

    public static func + (lhs: StreakDay, rhs: Int) -> StreakDay { StreakDay(ordinal: lhs.ordinal + rhs) }
    public static func - (lhs: StreakDay, rhs: Int) -> StreakDay { StreakDay(ordinal: lhs.ordinal - rhs) }
    public static func - (lhs: StreakDay, rhs: StreakDay) -> Int { lhs.ordinal - rhs.ordinal }

    /// Year, month and day of month.
    public var civil: (year: Int, month: Int, day: Int) {
        // Howard Hinnant's civil_from_days: exact for every date, no tables.
        let z = ordinal + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    public var weekday: Weekday {
        // 1970-01-01 was a Thursday.
        let index = ((ordinal + 3) % 7 + 7) % 7
        return Weekday(rawValue: index)!
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        let (y, m, d) = civil
        var text = ""
        if y < 0 { text += "-" }
        text += Decimal.padded(abs(y), width: 4)
        text += "-" + Decimal.padded(m, width: 2) + "-" + Decimal.padded(d, width: 2)
        return text
    }

    /// Parses exactly `YYYY-MM-DD`.
    public init?(_ text: some StringProtocol) {
        let bytes = Array(text.utf8)
        guard let day = StreakDay.parse(bytes[...]) else { return nil }
        self = day
    }

    /// Parses exactly `YYYY-MM-DD` from raw bytes.
    public static func parse<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes) -> StreakDay? where Bytes.Index == Int {
        guard bytes.count == 10 else { return nil }
        let s = bytes.startIndex
        guard bytes[s + 4] == UInt8(ascii: "-"), bytes[s + 7] == UInt8(ascii: "-"),
              let y = Decimal.parse(bytes[s..<s + 4]),
              let m = Decimal.parse(bytes[s + 5..<s + 7]),
              let d = Decimal.parse(bytes[s + 8..<s + 10])
        else { return nil }
        return StreakDay(year: y, month: m, day: d)
    }

    static func isLeap(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    static func ordinal(year: Int, month: Int, day: Int) -> Int {
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = month > 2 ? month - 3 : month + 9
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }
}

/// A day of the week, Monday first (ISO 8601).
public enum Weekday: Int, CaseIterable, Sendable {
    case monday, tuesday, wednesday, thursday, friday, saturday, sunday

    /// Three-letter lowercase name, as schedules are written: `mon`, `tue`, ….
    public var shortName: String {
        ["mon", "tue", "wed", "thu", "fri", "sat", "sun"][rawValue]
    }

    public init?(shortName: some StringProtocol) {
        let lower = String(shortName).lowercased()
        guard let found = Weekday.allCases.first(where: {
            $0.shortName == lower || $0.longName == lower
        }) else { return nil }
        self = found
    }

    /// The lowercase full name: `monday`, ….
    public var longName: String {
        ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"][rawValue]
    }

    /// The name as a sentence writes it: `Monday`, ….
    public var title: String {
        ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"][rawValue]
    }
}

/// Small decimal helpers that work on bytes, so parsing never goes through `String` on hot paths.
public enum Decimal {
    /// Appends `value` in decimal digits, zero-padded to `width`, a minus sign first when it
    /// is negative (unpadded, it is what `String(value)` writes): numbers written as bytes,
    /// without a string each.
    public static func append(_ value: Int64, width: Int = 1, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        // The magnitude as unsigned, so that Int64.min has one too.
        let magnitude = value.magnitude
        var (count, divisor) = digitCount(magnitude)
        for _ in count..<Swift.max(count, width) { bytes.append(0x30) }
        while divisor > 0 {
            bytes.append(0x30 + UInt8(magnitude / divisor % 10))
            divisor /= 10
        }
    }

    /// How many bytes `append` writes for `value` (unpadded).
    public static func digits(_ value: Int64) -> Int {
        (value < 0 ? 1 : 0) + digitCount(value.magnitude).count
    }

    /// How many digits `magnitude` has, and the power of ten of its first.
    static func digitCount(_ magnitude: UInt64) -> (count: Int, divisor: UInt64) {
        var divisor: UInt64 = 1
        var count = 1
        while divisor <= magnitude / 10 {
            divisor *= 10
            count += 1
        }
        return (count, divisor)
    }

    /// The non-negative integer written in these ASCII digits, or nil. No sign, no spaces.
    public static func parse(_ bytes: some Collection<UInt8>) -> Int? {
        guard !bytes.isEmpty, bytes.count <= 18 else { return nil }
        var value = 0
        for byte in bytes {
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return value
    }

    /// An optionally negative integer (`-12`), or nil.
    public static func parseSigned(_ bytes: ArraySlice<UInt8>) -> Int? {
        if bytes.first == UInt8(ascii: "-") {
            return parse(bytes.dropFirst()).map { -$0 }
        }
        return parse(bytes)
    }

    public static func padded(_ value: Int, width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}

/// Text built as UTF-8 bytes: digits and dates without going through `String` for each
/// piece (the prompt cache writes every streak's line on every write).
struct ByteWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 64) {
        bytes.reserveCapacity(capacity)
    }

    mutating func byte(_ byte: UInt8) {
        bytes.append(byte)
    }

    mutating func text(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// A non-negative number, zero-padded to `width` digits.
    mutating func digits(_ value: Int, width: Int = 1) {
        Decimal.append(Int64(Swift.max(0, value)), width: width, to: &bytes)
    }

    /// `YYYY-MM-DD` (as `StreakDay.description` writes it).
    mutating func date(_ day: StreakDay) {
        let (year, month, date) = day.civil
        guard (0...9999).contains(year) else {
            text(day.description)
            return
        }
        digits(year, width: 4)
        bytes.append(UInt8(ascii: "-"))
        digits(month, width: 2)
        bytes.append(UInt8(ascii: "-"))
        digits(date, width: 2)
    }

    var string: String { String(decoding: bytes, as: UTF8.self) }
}
