/// One field of a streak's settings, read the same way wherever it is written: `streak.conf`
/// (`KEY=value`), an export's JSON and CSV, and `add --KEY`. Each field has one parser and one
/// message per rule it enforces; the places that read it only say where the value was.
///
/// A new setting is one more field here (and in `all`): every reader and `add` pick it up.
public struct SettingsField: Sendable {
    /// The key in `streak.conf`, the JSON member and CSV column, and the `add` flag's name.
    public let key: String
    /// Whether an export's JSON holds it as a number rather than a string.
    public let isNumber: Bool
    /// Whether spaces around the value are dropped before it is read (not for an icon, where
    /// they may be the point).
    public let trims: Bool
    private let read: @Sendable (Substring, inout StreakSettings) -> String?

    private init(key: String, isNumber: Bool = false, trims: Bool = true,
                 read: @escaping @Sendable (Substring, inout StreakSettings) -> String?) {
        self.key = key
        self.isNumber = isNumber
        self.trims = trims
        self.read = read
    }

    /// Reads `text` into `settings`. Returns nil when it reads, else why not, starting with
    /// the text quoted (`'x' is not a schedule; …`), for the caller to put after where it was
    /// written: `--schedule`, `schedule`, `"schedule"`.
    public func apply(_ text: String, to settings: inout StreakSettings) -> String? {
        read(trims ? text.trimmingSpaces() : Substring(text), &settings)
    }

    /// Whether `text` gives no value (empty, or only spaces for a field that trims them).
    public func isBlank(_ text: String) -> Bool {
        trims ? text.trimmingSpaces().isEmpty : text.isEmpty
    }

    /// What the segment shows before the count (`Icon`).
    public static let icon = SettingsField(key: "icon", trims: false) { text, settings in
        if let problem = Icon.problem(with: String(text)) { return "'\(Text.visible(String(text)))': \(problem)" }
        settings.icon = String(text)
        return nil
    }

    /// The dates the streak asks for (`Schedule`).
    public static let schedule = SettingsField(key: "schedule") { text, settings in
        guard let schedule = Schedule(text) else {
            return "'\(Text.visible(String(text)))' is not a schedule; use daily, weekdays, weekends or days such as mon,wed,fri"
        }
        settings.rules.schedule = schedule
        return nil
    }

    /// Freezes banked, each covering one missed scheduled date.
    public static let freezes = SettingsField(key: "freezes", isNumber: true) { text, settings in
        guard let freezes = Decimal.parse(text.utf8), freezes <= Rules.maxFreezes else {
            return "'\(Text.visible(String(text)))' is not a whole number from 0 to \(Rules.maxFreezes)"
        }
        settings.rules.freezes = freezes
        return nil
    }

    /// Every field, in the order files list them.
    public static let all: [SettingsField] = [icon, schedule, freezes]

    /// The field with this key, or nil for a key this version does not know.
    public static func named(_ key: some StringProtocol) -> SettingsField? {
        all.first { $0.key == key }
    }
}
