/// A streak's settings, as `key=value` lines in `streak.conf`: the icon and the creation rules
/// (which cover every date of the streak; later changes are `rules` events).
public struct StreakSettings: Hashable, Sendable {
    public var icon: String
    public var rules: Rules
    /// Tags (`add NAME --tag T`), sorted, each once: like the icon, the same on every date.
    public var tags: [String]

    /// The tags as the prompt cache's line holds them: joined by commas. (A loop: the
    /// standard library's `joined` is not specialised here, and looks up its collection's
    /// conformances at run time, which costs a tick more than this.)
    public var tagsField: String {
        var text = ""
        for tag in tags {
            if !text.isEmpty { text += "," }
            text += tag
        }
        return text
    }

    public init(icon: String = Icon.default, rules: Rules = Rules(), tags: [String] = []) {
        self.icon = icon
        self.rules = rules
        self.tags = StreakTag.normalized(tags)
    }

    /// The first release's keys always (`icon`, `schedule` or `target`, `freezes`), the newer
    /// ones only when they differ from their defaults, so a first-release streak's file is
    /// written as it always was.
    public func encoded() -> String {
        var text = "# streakprompt streak settings\n" + "icon=\(icon)\n"
        switch rules.mode {
        case .days(let schedule): text += "schedule=\(schedule)\n"
        case .weeks(let target): text += "target=\(SettingsField.targetText(target))\n"
        }
        text += "freezes=\(rules.freezes)\n"
        if let since = rules.quitSince { text += "\(StreakSettings.quitKey)=\(since)\n" }
        if rules.goal != 1 { text += "goal=\(rules.goal)\n" }
        if rules.earnEvery != 0 { text += "earn-freeze=\(rules.earnEvery)\n" }
        if rules.maxHeld != Rules.defaultMaxHeld { text += "max-freezes=\(rules.maxHeld)\n" }
        if !tags.isEmpty { text += "tags=\(tags.joined(separator: ","))\n" }
        return text
    }

    /// Parses settings; unknown keys are ignored so a newer version's file still reads. Each
    /// key is read by its field's parser (`SettingsField`).
    public static func parse(_ bytes: [UInt8]) -> Result<StreakSettings, BadLine> {
        var given = GivenSettings()
        var tags: [String] = []
        var quitSince: StreakDay?
        var lineNumber = 0
        for rawLine in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
            lineNumber += 1
            var line = rawLine
            if line.last == 0x0D { line = line.dropLast() }
            if line.isEmpty || line.first == UInt8(ascii: "#") { continue }
            // `=======` would read as an unknown key: a marker is a merge that stopped half way.
            if ConflictMarker.isMarker(line) {
                return .failure(BadLine(line: lineNumber, reason: "a git conflict marker: a merge stopped half way (keep one side's lines, delete the markers)"))
            }
            guard let equals = line.firstIndex(of: UInt8(ascii: "=")) else {
                return .failure(BadLine(line: lineNumber, reason: "expected key=value"))
            }
            let key = String(decoding: line[..<equals], as: UTF8.self).trimmingSpaces()
            let value = String(decoding: line[(equals + 1)...], as: UTF8.self)
            if key == StreakTag.key {
                switch StreakTag.list(value) {
                case .success(let list): tags = list
                case .failure(let error): return .failure(BadLine(line: lineNumber, reason: "tags " + error.reason))
                }
                continue
            }
            if key == StreakSettings.quitKey {
                do throws(FieldError) {
                    quitSince = try StreakSettings.quitDate(value)
                } catch {
                    return .failure(BadLine(line: lineNumber, reason: error.message(at: String(key))))
                }
                continue
            }
            guard let field = SettingsField.named(key) else { continue }
            do throws(FieldError) {
                try field.read(value, into: &given)
            } catch {
                return .failure(BadLine(line: lineNumber, reason: error.message(at: String(key))))
            }
        }
        var settings = given.applied(to: StreakSettings())
        settings.tags = tags
        // A habit to quit has no other rules: what else the file says does not apply.
        if let quitSince { settings.rules = Rules(quitSince: quitSince) }
        return .success(settings)
    }

    /// The key of a habit to quit (`quit=DATE`, the date it is counted from) in `streak.conf`,
    /// an export's JSON and CSV, and `status --json` (`"quit": true`).
    public static let quitKey = "quit"

    /// `YYYY-MM-DD`: the date a habit to quit is counted from.
    public static func quitDate(_ text: some StringProtocol) throws(FieldError) -> StreakDay {
        guard let day = StreakDay(text.trimmingSpaces()) else {
            throw FieldError("'\(Text.visible(String(text)))' is not a date; a habit to quit is counted from a date (YYYY-MM-DD)")
        }
        return day
    }
}

/// A streak's tag (`add NAME --tag work`): spelled like a streak name (1–32 ASCII letters,
/// digits, `-` and `_`, not starting with `-`), so it is safe in a file, a prompt and a shell.
public enum StreakTag {
    /// The key in `streak.conf`, the member of an export's JSON and `status --json`.
    public static let key = "tags"
    public static let maxCount = 32

    /// Why `text` is not a tag, or nil.
    public static func problem(with text: String) -> FieldError? {
        guard let error = StreakName.problem(with: text) else { return nil }
        return FieldError("'\(Text.visible(text))' is not a tag: \(error.reason)")
    }

    /// Sorted, each once.
    public static func normalized(_ tags: [String]) -> [String] {
        Array(Set(tags)).sorted()
    }

    /// `a,b` (spaces around commas allowed; empty: none) as a list of tags.
    public static func list(_ text: String) -> Result<[String], FieldError> {
        var tags: [String] = []
        for part in text.split(separator: ",") {
            let tag = String(String(part).trimmingSpaces())
            if tag.isEmpty { continue }
            if let problem = problem(with: tag) { return .failure(problem) }
            tags.append(tag)
        }
        if tags.count > maxCount { return .failure(FieldError("more than \(maxCount) tags")) }
        return .success(normalized(tags))
    }
}
