/// Why one field's text was refused: one message per rule, the same wherever the field is
/// written (`streak.conf`, an event or action line, the command line, an import).
///
/// The reason starts with the text quoted (`'x' is not a schedule; …`), for the caller to put
/// after where it was written: `--schedule`, `schedule`, `"schedule"`. A few reasons are about
/// the record as a whole and stand alone.
public struct FieldError: Error, Hashable, Sendable {
    public var reason: String
    /// The reason is a whole sentence: no place goes before it.
    public var standsAlone: Bool

    public init(_ reason: String, standsAlone: Bool = false) {
        self.reason = reason
        self.standsAlone = standsAlone
    }

    /// The message with where the value was given: `--goal '0' is not a whole number …`.
    public func message(at place: String) -> String {
        standsAlone ? reason : place + " " + reason
    }

    static let scheduleAndTarget = FieldError("give a schedule or a weekly target, not both", standsAlone: true)
}

/// Settings as some text gives them: each field it names, read by that field's parser. The
/// fields not named keep the value they have where this is applied.
public struct GivenSettings: Hashable, Sendable {
    public var icon: String?
    public var rules: RuleFields

    public init(icon: String? = nil, rules: RuleFields = RuleFields()) {
        self.icon = icon
        self.rules = rules
    }

    public var isEmpty: Bool { icon == nil && rules.isEmpty }

    /// These fields laid over `settings`.
    public func applied(to settings: StreakSettings) -> StreakSettings {
        StreakSettings(icon: icon ?? settings.icon, rules: rules.applied(to: settings.rules), tags: settings.tags)
    }
}

/// One field of a streak's settings, read the same way wherever it is written: `streak.conf`
/// (`KEY=value`), a `rules` event (`KEY=value`), an export's JSON and CSV, and `add --KEY`.
/// Each field has one parser and one message per rule it enforces; the places that read it
/// only say where the value was.
///
/// A new setting is one more case here: every reader and `add` pick it up.
public enum SettingsField: String, CaseIterable, Sendable {
    case icon
    case schedule
    case target
    case goal
    case freezes
    case earnFreeze = "earn-freeze"
    case maxFreezes = "max-freezes"

    /// Every field, in the order files list them.
    public static let all = allCases

    /// The key in `streak.conf` and `rules` events, and the `add` flag's name.
    public var key: String { rawValue }

    /// The member of an export's JSON and the column of its CSV (`earn_freeze`).
    public var exportKey: String {
        String(rawValue.map { $0 == "-" ? "_" : $0 })
    }

    /// Whether an export's JSON holds it as a number rather than a string.
    public var isNumber: Bool {
        switch self {
        case .goal, .freezes, .earnFreeze, .maxFreezes: return true
        case .icon, .schedule, .target: return false
        }
    }

    /// Whether it is one of the rules, which a change can set from a date on (the icon is not:
    /// it is the same on every date).
    public var isRule: Bool { self != .icon }

    /// Whether spaces around the value are dropped before it is read (not for an icon, where
    /// they may be the point).
    public var trims: Bool { self != .icon }

    /// The field with this key (`streak.conf`, events, flags), or nil for a key this version
    /// does not know.
    public static func named(_ key: some StringProtocol) -> SettingsField? {
        SettingsField(rawValue: String(key))
    }

    /// Whether `text` gives no value (empty, or only spaces for a field that trims them).
    public func isBlank(_ text: some StringProtocol) -> Bool {
        trims ? text.trimmingSpaces().isEmpty : text.isEmpty
    }

    /// Reads `text` into `given`. A schedule and a weekly target in one place are refused.
    public func read(_ text: some StringProtocol, into given: inout GivenSettings) throws(FieldError) {
        switch self {
        case .icon: given.icon = try SettingsField.icon(String(text))
        case .schedule: given.rules.schedule = try SettingsField.schedule(text)
        case .target: given.rules.target = try SettingsField.target(text)
        case .goal: given.rules.goal = try SettingsField.goal(text)
        case .freezes: given.rules.freezes = try SettingsField.freezes(text)
        case .earnFreeze: given.rules.earnEvery = try SettingsField.earnFreeze(text)
        case .maxFreezes: given.rules.maxHeld = try SettingsField.maxFreezes(text)
        }
        if given.rules.schedule != nil, given.rules.target != nil { throw FieldError.scheduleAndTarget }
    }

    // MARK: The parsers, one per field

    /// What the segment shows before the count (`Icon`).
    public static func icon(_ text: String) throws(FieldError) -> String {
        if let problem = Icon.problem(with: text) { throw FieldError("'\(Text.visible(text))': \(problem)") }
        return text
    }

    /// `daily`, `weekdays`, `weekends`, or days such as `mon,wed,fri`.
    public static func schedule(_ text: some StringProtocol) throws(FieldError) -> Schedule {
        guard let schedule = Schedule(text.trimmingSpaces()) else {
            throw FieldError("'\(Text.visible(String(text)))' is not a schedule; use daily, weekdays, weekends or days such as mon,wed,fri")
        }
        return schedule
    }

    /// `N/week`, N from 1 to 7.
    public static func target(_ text: some StringProtocol) throws(FieldError) -> Int {
        let trimmed = text.trimmingSpaces()
        guard trimmed.hasSuffix("/week"), let n = Decimal.parse(trimmed.dropLast(5).utf8), (1...7).contains(n) else {
            throw FieldError("'\(Text.visible(String(text)))' is not a weekly target; use N/week with N from 1 to 7, e.g. 3/week")
        }
        return n
    }

    /// `3/week`, as the target is written everywhere.
    public static func targetText(_ target: Int) -> String { String(target) + "/week" }

    /// Every weekly target there is, as completions offer them.
    public static let targetTexts = (1...7).map(targetText)

    /// Counts a date needs, 1 or more.
    public static func goal(_ text: some StringProtocol) throws(FieldError) -> Int {
        try number(text, 1...Rules.maxGoal)
    }

    /// Freezes banked, 0–1000.
    public static func freezes(_ text: some StringProtocol) throws(FieldError) -> Int {
        try number(text, 0...Rules.maxFreezes)
    }

    /// Earn a freeze every N units of a run, 0 (never) to 1000.
    public static func earnFreeze(_ text: some StringProtocol) throws(FieldError) -> Int {
        try number(text, 0...Rules.maxFreezes, zeroMeans: "never")
    }

    /// Stop earning while this many are held, 0–1000.
    public static func maxFreezes(_ text: some StringProtocol) throws(FieldError) -> Int {
        try number(text, 0...Rules.maxFreezes)
    }

    static func number(_ text: some StringProtocol, _ range: ClosedRange<Int>,
                       zeroMeans: String? = nil) throws(FieldError) -> Int {
        guard let n = Decimal.parse(text.trimmingSpaces().utf8), range.contains(n) else {
            let low = zeroMeans.map { "\(range.lowerBound) (\($0))" } ?? String(range.lowerBound)
            throw FieldError("'\(Text.visible(String(text)))' is not a whole number from \(low) to \(range.upperBound)")
        }
        return n
    }
}

/// The fields an action carries besides its date and moment, each with one parser, read the
/// same way in action logs, `tick --count/--note`, and JSON and CSV imports.
public enum ActionField {
    public static let maxCount = 1_000_000
    public static let maxNoteBytes = 500

    /// How many the action counts for, 1 or more (`tick --count K`).
    public static func count(_ text: some StringProtocol) throws(FieldError) -> Int {
        try SettingsField.number(text, 1...maxCount)
    }

    /// A note as a user gives it: 1–500 bytes of text with no control characters.
    public static func note(_ text: String) throws(FieldError) -> String {
        if text.isEmpty { throw FieldError("must not be empty") }
        if text.utf8.count > maxNoteBytes { throw FieldError("must be at most \(maxNoteBytes) bytes") }
        if text.unicodeScalars.contains(where: Text.isControl) {
            throw FieldError("must not hold control characters (tabs, line breaks, escapes)")
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
                    throw FieldError("has a '%' not followed by two hex digits")
                }
                value = value << 4 | digit
                index = bytes.index(after: index)
            }
            decoded.append(value)
        }
        // Invalid UTF-8 decodes to replacement characters, so the bytes would differ.
        let text = String(decoding: decoded, as: UTF8.self)
        guard text.utf8.elementsEqual(decoded) else { throw FieldError("is not UTF-8 text") }
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

    public static let maxIDBytes = 64

    /// An action's identity (`id=`): 1–64 letters, digits, `-` or `_`. What this version
    /// writes is 16 lowercase hex digits from the system's random source (see `Action.id`).
    public static func id(_ text: some StringProtocol) throws(FieldError) -> String {
        let bytes = text.utf8
        if bytes.isEmpty { throw FieldError("must not be empty") }
        if bytes.count > maxIDBytes { throw FieldError("must be at most \(maxIDBytes) characters") }
        let allowed = bytes.allSatisfy { byte in
            switch byte {
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, UInt8(ascii: "-"), UInt8(ascii: "_"): return true
            default: return false
            }
        }
        if !allowed { throw FieldError("must be letters, digits, '-' or '_'") }
        return String(text)
    }

    /// A new action's identity from 64 random bits: 16 lowercase hex digits.
    public static func idText(_ bits: UInt64) -> String {
        let digits = String(bits, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
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
