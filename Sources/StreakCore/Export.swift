/// Everything `export` writes and `import` reads: every streak's settings and actions.
///
/// Two encodings carry the same data: JSON (`json()`, one action per line) and CSV (`csv()`,
/// one action per row, each row repeating its streak's settings). Reading validates the whole
/// document before anything is returned, so an import either has all of it or none.
public struct ExportDocument: Hashable, Sendable {
    public var streaks: [ExportedStreak]

    public init(streaks: [ExportedStreak]) {
        self.streaks = streaks.sorted { $0.name < $1.name }
    }

    /// The value of the `format` key of a JSON export.
    public static let formatName = "streakprompt-export"
    public static let version = 1
    /// The CSV header, in the order `csv()` writes the columns.
    public static let csvColumns = ["streak", "date", "at", "icon", "schedule", "freezes"]

    /// Reads either encoding: JSON when the first non-blank byte is `{`, CSV otherwise.
    public static func parse(_ bytes: [UInt8]) throws(ImportProblem) -> ExportDocument {
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        let first = body.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        if first == UInt8(ascii: "{") { return try parseJSON(bytes) }
        if first == UInt8(ascii: "[") {
            throw ImportProblem(line: 1, reason: "a JSON export is an object with a \"streaks\" array, not an array")
        }
        return try parseCSV(bytes)
    }
}

/// One streak of an export.
public struct ExportedStreak: Hashable, Sendable {
    public var name: StreakName
    /// The streak's settings; nil when the file gives none (an import then keeps the defaults).
    public var settings: StreakSettings?
    /// Sorted, one per moment (see `distinctMoments()`).
    public var actions: [Action]

    public init(name: StreakName, settings: StreakSettings?, actions: [Action]) {
        self.name = name
        self.settings = settings
        self.actions = actions.distinctMoments()
    }
}

/// Why an import file was refused: the line it was found on and what is wrong there.
public struct ImportProblem: Error, Equatable, Sendable {
    public var line: Int
    public var reason: String

    public init(line: Int, reason: String) {
        self.line = line
        self.reason = reason
    }
}

extension Sequence where Element == Action {
    /// The actions sorted, keeping one per date and moment: the same action recorded twice
    /// (in two machines' logs after an import, say) is one action. The offset is how a moment
    /// was written, not a different moment, so it does not make two actions differ.
    public func distinctMoments() -> [Action] {
        var sorted = Array(self)
        // Logs are read sorted already: check before sorting again (this runs on every tick).
        if zip(sorted, sorted.dropFirst()).contains(where: { $1 < $0 }) { sorted.sort() }
        var out: [Action] = []
        out.reserveCapacity(sorted.count)
        for action in sorted {
            if let last = out.last, last.day == action.day, last.at.seconds == action.at.seconds { continue }
            out.append(action)
        }
        return out
    }
}

extension Action {
    /// The moment given to an action imported with a date only: noon UTC of that date.
    public static func noon(of day: StreakDay) -> Action {
        Action(day: day, at: Instant(seconds: LocalDateTime(day: day, secondOfDay: 12 * 3600).utcSeconds, offset: 0))
    }
}

// MARK: JSON

extension ExportDocument {
    /// ```
    /// {
    ///   "format": "streakprompt-export",
    ///   "version": 1,
    ///   "streaks": [
    ///     {
    ///       "name": "quiz",
    ///       "icon": "📚",
    ///       "schedule": "mon,wed,fri",
    ///       "freezes": 2,
    ///       "actions": [
    ///         {"date": "2026-11-20", "at": "2026-11-20T21:57:05+01:00"}
    ///       ]
    ///     }
    ///   ]
    /// }
    /// ```
    public func json() -> String {
        let streaks = streaks.map { streak -> JSON in
            let settings = streak.settings ?? StreakSettings()
            return .object([
                ("name", .string(streak.name.text)),
                ("icon", .string(settings.icon)),
                ("schedule", .string(settings.rules.schedule.description)),
                ("freezes", .number(settings.rules.freezes)),
                ("actions", .array(streak.actions.map { action in
                    .object([("date", .string(action.day.description)), ("at", .string(action.at.description))])
                })),
            ])
        }
        let document = JSON.object([
            ("format", .string(ExportDocument.formatName)),
            ("version", .number(ExportDocument.version)),
            ("streaks", .array(streaks)),
        ])
        return document.rowsText + "\n"
    }

    public static func parseJSON(_ bytes: [UInt8]) throws(ImportProblem) -> ExportDocument {
        let parsed: (value: JSON, starts: [Int])
        do {
            parsed = try JSON.parseLocated(bytes)
        } catch {
            throw ImportProblem(line: error.line, reason: "not valid JSON (column \(error.column)): \(error.reason)")
        }
        var index = 0
        let root = Located(parsed.value, parsed.starts, &index)
        let line = { (node: Located) -> Int in JSON.line(of: node.offset, in: bytes) }

        guard case .object = root.value else {
            throw ImportProblem(line: line(root), reason: "an export is a JSON object with a \"streaks\" array")
        }
        if let format = root.member("format") {
            guard format.value.string == formatName else {
                throw ImportProblem(line: line(format), reason: "\"format\" must be \"\(formatName)\"")
            }
        }
        if let version = root.member("version") {
            guard let number = version.value.int, number >= 1 else {
                throw ImportProblem(line: line(version), reason: "\"version\" must be a whole number (1)")
            }
            guard number <= ExportDocument.version else {
                throw ImportProblem(line: line(version),
                                    reason: "written by a newer streakprompt (export version \(number)); upgrade to import it")
            }
        }
        guard let list = root.member("streaks") else {
            throw ImportProblem(line: line(root), reason: "missing \"streaks\": an export holds an array of streaks")
        }
        guard case .array = list.value else {
            throw ImportProblem(line: line(list), reason: "\"streaks\" must be an array")
        }
        var streaks: [ExportedStreak] = []
        var firstLine: [StreakName: Int] = [:]
        for item in list.members {
            guard case .object = item.value else {
                throw ImportProblem(line: line(item), reason: "each streak must be an object with a \"name\"")
            }
            guard let nameNode = item.member("name") else {
                throw ImportProblem(line: line(item), reason: "a streak has no \"name\"")
            }
            guard let nameText = nameNode.value.string else {
                throw ImportProblem(line: line(nameNode), reason: "\"name\" must be a string")
            }
            let name: StreakName
            do {
                name = try StreakName(nameText)
            } catch {
                throw ImportProblem(line: line(nameNode), reason: error.message)
            }
            if let earlier = firstLine[name] {
                throw ImportProblem(line: line(nameNode), reason: "the streak '\(name)' appears twice (first on line \(earlier))")
            }
            firstLine[name] = line(nameNode)

            var fields = GivenSettings()
            var given = false
            for field in SettingsField.all {
                let key = field.exportKey
                guard let node = item.member(key) else { continue }
                let text: String
                if field.isNumber {
                    text = node.value.int.map { String($0) } ?? node.value.text
                } else {
                    guard let string = node.value.string else {
                        throw ImportProblem(line: line(node), reason: "\"\(key)\" must be a string")
                    }
                    text = string
                }
                do throws(FieldError) {
                    try field.read(text, into: &fields)
                } catch {
                    throw ImportProblem(line: line(node), reason: error.message(at: "\"\(key)\""))
                }
                given = true
            }
            let settings = fields.applied(to: StreakSettings())

            var actions: [Action] = []
            if let actionsNode = item.member("actions") {
                guard case .array = actionsNode.value else {
                    throw ImportProblem(line: line(actionsNode), reason: "\"actions\" must be an array")
                }
                for entry in actionsNode.members {
                    guard case .object = entry.value else {
                        throw ImportProblem(line: line(entry), reason: "each action must be an object with a \"date\"")
                    }
                    guard let dateNode = entry.member("date") else {
                        throw ImportProblem(line: line(entry), reason: "an action has no \"date\"")
                    }
                    let atText: String?
                    if let atNode = entry.member("at"), atNode.value != .null {
                        guard let text = atNode.value.string else {
                            throw ImportProblem(line: line(atNode), reason: "\"at\" must be a string")
                        }
                        atText = text
                    } else {
                        atText = nil
                    }
                    let action: Action
                    switch ExportDocument.action(date: dateNode.value.string, at: atText) {
                    case .success(let made):
                        action = made
                    case .failure(let problem):
                        let node = problem.field == .at ? (entry.member("at") ?? entry) : dateNode
                        throw ImportProblem(line: line(node), reason: problem.reason)
                    }
                    actions.append(action)
                }
            }
            streaks.append(ExportedStreak(name: name, settings: given ? settings : nil, actions: actions))
        }
        return ExportDocument(streaks: streaks)
    }

    /// What is wrong with one field of an action.
    struct FieldProblem: Error {
        enum Field { case date, at }
        var field: Field
        var reason: String
    }

    /// An action from its date and optional moment (noon UTC of the date when none is given).
    static func action(date: String?, at: String?) -> Result<Action, FieldProblem> {
        guard let date else {
            return .failure(FieldProblem(field: .date, reason: "\"date\" must be a string such as \"2026-11-22\""))
        }
        guard let day = StreakDay(date) else {
            return .failure(FieldProblem(field: .date,
                                         reason: "date '\(Text.visible(date))' is not a date; use YYYY-MM-DD, e.g. 2026-11-22"))
        }
        guard let at, !at.isEmpty else { return .success(Action.noon(of: day)) }
        guard !at.hasPrefix("@"), case .exact(let instant)? = TimeInput(at) else {
            return .failure(FieldProblem(field: .at, reason: "moment '\(Text.visible(at))' is not ISO 8601 with its UTC offset; use e.g. 2026-11-22T21:57:05+01:00"))
        }
        return .success(Action(day: day, at: instant))
    }
}

/// A parsed JSON value with where it starts, and its members (array items, object values)
/// located the same way.
struct Located {
    let value: JSON
    let offset: Int
    let members: [Located]

    init(_ value: JSON, _ starts: [Int], _ index: inout Int) {
        self.value = value
        self.offset = index < starts.count ? starts[index] : 0
        index += 1
        var members: [Located] = []
        switch value {
        case .array(let items):
            for item in items { members.append(Located(item, starts, &index)) }
        case .object(let pairs):
            for (_, item) in pairs { members.append(Located(item, starts, &index)) }
        default:
            break
        }
        self.members = members
    }

    /// The value of the first `key` of an object.
    func member(_ key: String) -> Located? {
        guard case .object(let pairs) = value, let position = pairs.firstIndex(where: { $0.0 == key }) else { return nil }
        return members[position]
    }
}

extension JSON {
    /// Indented like `pretty`, except that an array or object holding only plain values
    /// stays on one line: an export prints one action per line, a calendar one date per line.
    public var rowsText: String {
        var out = ""
        writeRows(to: &out, level: 0)
        return out
    }

    private var isFlat: Bool {
        switch self {
        case .array(let items): return items.allSatisfy(\.isScalar)
        case .object(let pairs): return pairs.allSatisfy { $0.1.isScalar }
        default: return true
        }
    }

    private var isScalar: Bool {
        switch self {
        case .array, .object: return false
        default: return true
        }
    }

    private func writeRows(to out: inout String, level: Int) {
        let indent = String(repeating: "  ", count: level + 1)
        let closing = String(repeating: "  ", count: level)
        switch self {
        case .array(let items) where !items.isEmpty && !isFlat:
            out += "[\n"
            for (i, item) in items.enumerated() {
                out += indent
                item.writeRows(to: &out, level: level + 1)
                out += i + 1 < items.count ? ",\n" : "\n"
            }
            out += closing + "]"
        case .object(let pairs) where !pairs.isEmpty && !isFlat:
            out += "{\n"
            for (i, (key, item)) in pairs.enumerated() {
                out += indent
                JSON.quote(key, into: &out)
                out += ": "
                item.writeRows(to: &out, level: level + 1)
                out += i + 1 < pairs.count ? ",\n" : "\n"
            }
            out += closing + "}"
        case .array(let items):
            out += "[" + items.map(\.text).joined(separator: ", ") + "]"
        case .object(let pairs):
            out += "{"
            for (i, (key, item)) in pairs.enumerated() {
                if i > 0 { out += ", " }
                JSON.quote(key, into: &out)
                out += ": " + item.text
            }
            out += "}"
        default:
            out += text
        }
    }
}
