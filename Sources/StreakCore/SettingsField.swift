/// Why one field's text was refused: one message per rule, the same wherever the field is
/// written (`streak.conf`, an event or action line, the command line, an import).
public struct FieldError: Error, Hashable, Sendable {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    static let scheduleAndTarget = FieldError("give a schedule or a weekly target, not both")
}

/// The settings fields a streak's rules are made of, by the key they are written with.
///
/// Each has one parser here, so `streak.conf`, `rules` events, `add`'s flags and the JSON
/// and CSV imports accept exactly the same text and refuse it with the same words.
public enum SettingsField: String, CaseIterable, Sendable {
    case schedule
    case target
    case goal
    case freezes
    case earnFreeze = "earn-freeze"
    case maxFreezes = "max-freezes"

    public init?(key: some StringProtocol) {
        switch String(key) {
        case "schedule": self = .schedule
        case "target": self = .target
        case "goal": self = .goal
        case "freezes": self = .freezes
        case "earn-freeze": self = .earnFreeze
        case "max-freezes": self = .maxFreezes
        default: return nil
        }
    }

    /// `daily`, `weekdays`, `weekends`, or days such as `mon,wed,fri`.
    public static func schedule(_ text: some StringProtocol) throws(FieldError) -> Schedule {
        guard let schedule = Schedule(text.trimmingSpaces()) else {
            throw FieldError("unknown schedule '\(Text.visible(String(text)))'; use daily, weekdays, weekends or days such as mon,wed,fri")
        }
        return schedule
    }

    /// `N/week`, N from 1 to 7.
    public static func target(_ text: some StringProtocol) throws(FieldError) -> Int {
        let trimmed = text.trimmingSpaces()
        guard trimmed.hasSuffix("/week"), let n = Decimal.parse(trimmed.dropLast(5).utf8), (1...7).contains(n) else {
            throw FieldError("target '\(Text.visible(String(text)))' must be N/week with N from 1 to 7, e.g. 3/week")
        }
        return n
    }

    public static func targetText(_ target: Int) -> String { String(target) + "/week" }

    /// Counts a date needs, 1 or more.
    public static func goal(_ text: some StringProtocol) throws(FieldError) -> Int {
        try number(text, "goal", 1...Rules.maxGoal)
    }

    /// Freezes banked, 0–1000.
    public static func freezes(_ text: some StringProtocol) throws(FieldError) -> Int {
        try number(text, "freezes", 0...Rules.maxFreezes)
    }

    /// Earn a freeze every N units of a run, 0 (never) to 1000.
    public static func earnFreeze(_ text: some StringProtocol) throws(FieldError) -> Int {
        try number(text, "earn-freeze", 0...Rules.maxFreezes, zeroMeans: "never")
    }

    /// Stop earning while this many are held, 0–1000.
    public static func maxFreezes(_ text: some StringProtocol) throws(FieldError) -> Int {
        try number(text, "max-freezes", 0...Rules.maxFreezes)
    }

    static func number(_ text: some StringProtocol, _ name: String, _ range: ClosedRange<Int>,
                       zeroMeans: String? = nil) throws(FieldError) -> Int {
        guard let n = Decimal.parse(text.trimmingSpaces().utf8), range.contains(n) else {
            let low = zeroMeans.map { "\(range.lowerBound) (\($0))" } ?? String(range.lowerBound)
            throw FieldError("\(name) '\(Text.visible(String(text)))' must be a whole number from \(low) to \(range.upperBound)")
        }
        return n
    }
}

/// The fields an action carries besides its date and moment.
public enum ActionField {
    public static let maxCount = 1_000_000
    public static let maxNoteBytes = 500

    /// How many the action counts for, 1 or more (`tick --count K`).
    public static func count(_ text: some StringProtocol) throws(FieldError) -> Int {
        try SettingsField.number(text, "count", 1...maxCount)
    }

    /// A note as a user gives it: 1–500 bytes of text with no control characters.
    public static func note(_ text: String) throws(FieldError) -> String {
        if text.isEmpty { throw FieldError("a note must not be empty") }
        if text.utf8.count > maxNoteBytes { throw FieldError("a note must be at most \(maxNoteBytes) bytes") }
        if text.unicodeScalars.contains(where: Text.isControl) {
            throw FieldError("a note must not hold control characters (tabs, line breaks, escapes)")
        }
        return text
    }

    /// A note as a log line stores it: percent-decoded, then checked like `note(_:)`.
    public static func decodedNote(_ bytes: some Collection<UInt8>) throws(FieldError) -> String {
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index != bytes.endIndex {
            let byte = bytes[index]
            index = bytes.index(after: index)
            guard byte == UInt8(ascii: "%") else {
                decoded.append(byte)
                continue
            }
            var value: UInt8 = 0
            for _ in 0..<2 {
                guard index != bytes.endIndex, let digit = hexValue(bytes[index]) else {
                    throw FieldError("a note's '%' must be followed by two hex digits")
                }
                value = value << 4 | digit
                index = bytes.index(after: index)
            }
            decoded.append(value)
        }
        // Invalid UTF-8 decodes to replacement characters, so the bytes would differ.
        let text = String(decoding: decoded, as: UTF8.self)
        guard text.utf8.elementsEqual(decoded) else { throw FieldError("a note must be UTF-8 text") }
        return try note(text)
    }

    /// The note as a log line stores it: bytes below 0x21, 0x7F and `%` as `%XX`, other UTF-8
    /// as it is, so the note is one field without spaces.
    public static func encodedNote(_ note: String) -> String {
        var bytes: [UInt8] = []
        for byte in note.utf8 {
            if byte < 0x21 || byte == 0x7F || byte == UInt8(ascii: "%") {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(contentsOf: Text.hex(Int(byte), width: 2).utf8)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: return byte - 0x30
        case 0x41...0x46: return byte - 0x41 + 10
        case 0x61...0x66: return byte - 0x61 + 10
        default: return nil
        }
    }
}
