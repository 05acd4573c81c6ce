/// Everything `export` writes and `import` reads: every streak's settings and every record of
/// it (actions with their counts and notes, rule changes, pauses and unpauses, actions taken
/// back), losslessly.
///
/// Two encodings carry the same data: JSON (`json()`, one record per line) and CSV (`csv()`,
/// one record per row with a `kind` column). The first release's JSON (version 1) and CSV (no
/// `kind` column) still read. Reading validates the whole document before anything is
/// returned, so an import either has all of it or none.
public struct ExportDocument: Hashable, Sendable {
    public var streaks: [ExportedStreak]
    /// The streaks' order (`order`), when the data folder has one: the document's streaks in
    /// it, first to last (JSON: a top-level `order` array; CSV: an `order` column holding each
    /// streak's place, 1 first). Empty: none (each encoding is then as it was before).
    public var order: [StreakName]

    public init(streaks: [ExportedStreak], order: [StreakName] = []) {
        self.streaks = streaks.sorted { $0.name < $1.name }
        let names = Set(streaks.map(\.name))
        var seen = Set<StreakName>()
        self.order = order.filter { names.contains($0) && seen.insert($0).inserted }
    }

    /// The key of the order (a JSON member, a CSV column).
    public static let orderKey = "order"

    /// The value of the `format` key of a JSON export.
    public static let formatName = "streakprompt-export"
    /// Version 2 carries counts, notes, rule changes, pauses and retractions; version 1 (the
    /// first release's) only settings and dated actions, and still imports.
    public static let version = 2

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

/// One streak of an export: its settings (the creation rules) and its records.
public struct ExportedStreak: Hashable, Sendable {
    public var name: StreakName
    /// The streak's settings; nil when the file gives none (an import then keeps the defaults).
    public var settings: StreakSettings?
    /// Sorted, each action once (see `distinctActions()`).
    public var actions: [Action]
    /// Rule changes, pause and unpause records, retractions: each once, in a fixed order.
    public var changes: [RuleChange]
    public var pauses: [PauseRecord]
    public var retractions: [Retraction]
    /// The latest archive or unarchive record is an archive.
    public var archived: Bool

    public init(name: StreakName, settings: StreakSettings?, actions: [Action], changes: [RuleChange] = [],
                pauses: [PauseRecord] = [], retractions: [Retraction] = [], archived: Bool = false) {
        self.name = name
        self.settings = settings
        self.actions = actions.distinctActions()
        self.changes = ExportedStreak.distinct(changes, \.text)
        self.pauses = ExportedStreak.distinct(pauses, \.text)
        self.retractions = ExportedStreak.distinct(retractions) { EventLog.text(.untick($0)) }
        self.archived = archived
    }

    /// A streak with the records of its event logs (archive records give `archived`).
    public init(name: StreakName, settings: StreakSettings?, actions: [Action], events: [StreakEvent]) {
        let history = StreakHistory(rules: settings?.rules ?? Rules(), actions: [], events: events)
        self.init(name: name, settings: settings, actions: actions, changes: history.changes, pauses: history.pauses,
                  retractions: history.retractions, archived: EventLog.archived(events))
    }

    /// The event records an import adds (rule changes, pauses, retractions), as lines of an
    /// event log would hold them.
    public var events: [StreakEvent] {
        changes.map(StreakEvent.rules) + pauses.map(StreakEvent.pause) + retractions.map(StreakEvent.untick)
    }

    /// Each record once (the same line twice is one record), sorted by its line.
    static func distinct<T>(_ records: [T], _ text: (T) -> String) -> [T] {
        var seen = Set<String>()
        return records.map { (text($0), $0) }.sorted { $0.0 < $1.0 }.compactMap { seen.insert($0.0).inserted ? $0.1 : nil }
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
    /// The actions sorted, keeping each action once (`Action.identity`): the same action
    /// recorded twice (in two machines' logs after an import, say) is one action. Two actions
    /// in the same second are two when they have ids; lines without ids (written before
    /// actions had them) are one per date and moment, the first in `Action` order.
    public func distinctActions() -> [Action] {
        var sorted = Array(self)
        // Logs are read sorted already: check before sorting again (this runs on every tick).
        if zip(sorted, sorted.dropFirst()).contains(where: { $1 < $0 }) { sorted.sort() }
        var out: [Action] = []
        out.reserveCapacity(sorted.count)
        // `Action`'s order keeps one action's lines side by side: compare with the last kept.
        for action in sorted {
            if let last = out.last, last.day == action.day, last.at.seconds == action.at.seconds, last.id == action.id {
                continue
            }
            out.append(action)
        }
        return out
    }
}

/// Which field of an action was refused (`count` or `note`), and why.
struct ActionFieldProblem: Error {
    var field: String
    var reason: FieldError
}

extension Action {
    /// The action with the count and note of an import, each read by its parser (nil: not
    /// given; the count then stays 1, the note none).
    func with(count: String?, note: String?) throws(ActionFieldProblem) -> Action {
        var action = self
        do throws(FieldError) {
            if let count { action.count = try ActionField.count(count) }
        } catch {
            throw ActionFieldProblem(field: "count", reason: error)
        }
        do throws(FieldError) {
            if let note { action.note = try ActionField.note(note) }
        } catch {
            throw ActionFieldProblem(field: "note", reason: error)
        }
        return action
    }

    /// The moment given to an action imported with a date only: noon UTC of that date.
    public static func noon(of day: StreakDay) -> Action {
        Action(day: day, at: Instant(seconds: LocalDateTime(day: day, secondOfDay: 12 * 3600).utcSeconds, offset: 0))
    }
}

extension StreakSettings {
    /// Each settings field as an export writes it: `(field, text)`, the schedule or the
    /// target (whichever the mode uses), the others always.
    var exportedFields: [(SettingsField, String)] {
        var fields: [(SettingsField, String)] = [(.icon, icon)]
        switch rules.mode {
        case .days(let schedule): fields.append((.schedule, schedule.description))
        case .weeks(let target): fields.append((.target, SettingsField.targetText(target)))
        }
        fields += [(.goal, String(rules.goal)), (.freezes, String(rules.freezes)), (.earnFreeze, String(rules.earnEvery)),
                   (.maxFreezes, String(rules.maxHeld))]
        return fields
    }
}

// MARK: JSON

extension ExportDocument {
    /// ```
    /// {
    ///   "format": "streakprompt-export",
    ///   "version": 2,
    ///   "streaks": [
    ///     {
    ///       "name": "quiz",
    ///       "icon": "📚",
    ///       "schedule": "mon,wed,fri",
    ///       "goal": 1,
    ///       "freezes": 2,
    ///       "earn_freeze": 0,
    ///       "max_freezes": 2,
    ///       "archived": false,
    ///       "changes": [
    ///         {"from": "2026-11-23", "at": "2026-11-23T09:00:00+01:00", "goal": 3}
    ///       ],
    ///       "pauses": [
    ///         {"kind": "pause", "from": "2026-12-20", "to": "2027-01-02", "at": "2026-11-23T09:01:00+01:00"}
    ///       ],
    ///       "actions": [
    ///         {"date": "2026-11-20", "at": "2026-11-20T21:57:05+01:00"},
    ///         {"date": "2026-11-22", "at": "2026-11-22T07:10:00+01:00", "count": 3, "note": "ran 5 km",
    ///          "id": "3f9a0c1e22b5d711"}
    ///       ],
    ///       "retractions": [
    ///         {"date": "2026-11-24", "at": "2026-11-24T09:58:10+01:00", "made": "2026-11-24T10:02:00+01:00"}
    ///       ]
    ///     }
    ///   ]
    /// }
    /// ```
    public func json() -> String {
        let streaks = streaks.map { streak -> JSON in
            let settings = streak.settings ?? StreakSettings()
            var members: [(String, JSON)] = [("name", .string(streak.name.text))]
            for (field, text) in settings.exportedFields {
                members.append((field.exportKey, field.isNumber ? .number(Int(text) ?? 0) : .string(text)))
            }
            if !settings.tags.isEmpty { members.append((StreakTag.key, .array(settings.tags.map { .string($0) }))) }
            if let since = settings.rules.quitSince { members.append((StreakSettings.quitKey, .string(since.description))) }
            members.append(("archived", .bool(streak.archived)))
            members.append(("changes", .array(streak.changes.map { change in
                var object: [(String, JSON)] = [("from", .string(change.from.description)), ("at", .string(change.at.description))]
                for (field, text) in change.fields.pairs {
                    object.append((field.exportKey, field.isNumber ? .number(Int(text) ?? 0) : .string(text)))
                }
                return .object(object)
            })))
            members.append(("pauses", .array(streak.pauses.map { record in
                .object([("kind", .string(record.kind == .pause ? "pause" : "unpause")),
                         ("from", .string(record.from.description)), ("to", .string(record.to.description)),
                         ("at", .string(record.at.description))])
            })))
            members.append(("actions", .array(streak.actions.map { action in
                var object: [(String, JSON)] = [("date", .string(action.day.description)), ("at", .string(action.at.description))]
                if action.count != 1 { object.append(("count", .number(action.count))) }
                if let note = action.note { object.append(("note", .string(note))) }
                if let id = action.id { object.append(("id", .string(id))) }
                return .object(object)
            })))
            members.append(("retractions", .array(streak.retractions.map { retraction in
                var object: [(String, JSON)] = [("date", .string(retraction.day.description)),
                                                ("at", .string(retraction.at.description)),
                                                ("made", .string(retraction.made.description))]
                if let id = retraction.id { object.append(("id", .string(id))) }
                return .object(object)
            })))
            return .object(members)
        }
        var members: [(String, JSON)] = [("format", .string(ExportDocument.formatName)),
                                         ("version", .number(ExportDocument.version))]
        if !order.isEmpty { members.append((ExportDocument.orderKey, .array(order.map { .string($0.text) }))) }
        members.append(("streaks", .array(streaks)))
        let document = JSON.object(members)
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
        let reader = JSONReader(bytes: bytes)

        guard case .object = root.value else {
            throw reader.problem(root, "an export is a JSON object with a \"streaks\" array")
        }
        if let format = root.member("format") {
            guard format.value.string == formatName else {
                throw reader.problem(format, "\"format\" must be \"\(formatName)\"")
            }
        }
        if let version = root.member("version") {
            guard let number = version.value.int, number >= 1 else {
                throw reader.problem(version, "\"version\" must be a whole number (1 or \(ExportDocument.version))")
            }
            guard number <= ExportDocument.version else {
                throw reader.problem(version, "written by a newer streakprompt (export version \(number)); upgrade to import it")
            }
        }
        guard let list = root.member("streaks") else {
            throw reader.problem(root, "missing \"streaks\": an export holds an array of streaks")
        }
        guard case .array = list.value else {
            throw reader.problem(list, "\"streaks\" must be an array")
        }
        var streaks: [ExportedStreak] = []
        var firstLine: [StreakName: Int] = [:]
        for item in list.members {
            guard case .object = item.value else {
                throw reader.problem(item, "each streak must be an object with a \"name\"")
            }
            guard let nameNode = item.member("name") else {
                throw reader.problem(item, "a streak has no \"name\"")
            }
            guard let nameText = nameNode.value.string else {
                throw reader.problem(nameNode, "\"name\" must be a string")
            }
            let name: StreakName
            do {
                name = try StreakName(nameText)
            } catch {
                throw reader.problem(nameNode, error.message)
            }
            if let earlier = firstLine[name] {
                throw reader.problem(nameNode, "the streak '\(name)' appears twice (first on line \(earlier))")
            }
            firstLine[name] = reader.line(nameNode)

            var fields = GivenSettings()
            var given = try reader.settings(of: item, into: &fields, rulesOnly: false)
            var settings = fields.applied(to: StreakSettings())
            if let node = item.member(StreakTag.key), node.value != .null {
                guard case .array = node.value else { throw reader.problem(node, "\"tags\" must be an array of tags") }
                var tags: [String] = []
                for member in node.members {
                    guard let text = member.value.string else { throw reader.problem(member, "each of \"tags\" must be a string") }
                    if let problem = StreakTag.problem(with: text) { throw reader.problem(member, problem.reason) }
                    tags.append(text)
                }
                guard tags.count <= StreakTag.maxCount else { throw reader.problem(node, "more than \(StreakTag.maxCount) tags") }
                settings.tags = StreakTag.normalized(tags)
                given = true
            }
            if let node = item.member(StreakSettings.quitKey), node.value != .null {
                guard let text = node.value.string else {
                    throw reader.problem(node, "\"quit\" must be the date a habit to quit is counted from (\"YYYY-MM-DD\")")
                }
                do throws(FieldError) {
                    settings.rules = Rules(quitSince: try StreakSettings.quitDate(text))
                } catch {
                    throw reader.problem(node, error.message(at: "\"quit\""))
                }
                given = true
            }
            var archived = false
            if let node = item.member("archived") {
                guard case .bool(let value) = node.value else { throw reader.problem(node, "\"archived\" must be true or false") }
                archived = value
            }

            var actions: [Action] = []
            for entry in try reader.objects(item, "actions", each: "an action", needing: "date") {
                let dateNode = entry.member("date")!
                let action: Action
                switch ExportDocument.action(date: dateNode.value.string, at: try reader.optionalString(entry, "at")) {
                case .success(let made):
                    action = made
                case .failure(let problem):
                    throw reader.problem(problem.field == .at ? (entry.member("at") ?? entry) : dateNode, problem.reason)
                }
                actions.append(try reader.actionFields(entry, action))
            }
            var changes: [RuleChange] = []
            for entry in try reader.objects(item, "changes", each: "a change", needing: "from", "at") {
                var change = GivenSettings()
                _ = try reader.settings(of: entry, into: &change, rulesOnly: true)
                changes.append(RuleChange(from: try reader.date(entry, "from"), at: try reader.moment(entry, "at"),
                                          fields: change.rules))
            }
            var pauses: [PauseRecord] = []
            for entry in try reader.objects(item, "pauses", each: "a pause", needing: "kind", "from", "to", "at") {
                let kindNode = entry.member("kind")!
                let kind: PauseRecord.Kind
                switch kindNode.value.string {
                case "pause": kind = .pause
                case "unpause": kind = .unpause
                default: throw reader.problem(kindNode, "\"kind\" must be \"pause\" or \"unpause\"")
                }
                let from = try reader.date(entry, "from")
                let to = try reader.date(entry, "to")
                guard to >= from else { throw reader.problem(entry.member("to")!, "\"to\" is before \"from\"") }
                pauses.append(PauseRecord(kind, from: from, to: to, at: try reader.moment(entry, "at")))
            }
            var retractions: [Retraction] = []
            for entry in try reader.objects(item, "retractions", each: "a retraction", needing: "date", "at", "made") {
                retractions.append(Retraction(day: try reader.date(entry, "date"), at: try reader.moment(entry, "at"),
                                              made: try reader.moment(entry, "made"), id: try reader.id(entry)))
            }
            streaks.append(ExportedStreak(name: name, settings: given ? settings : nil, actions: actions, changes: changes,
                                          pauses: pauses, retractions: retractions, archived: archived))
        }
        var order: [StreakName] = []
        if let node = root.member(ExportDocument.orderKey), node.value != .null {
            guard case .array = node.value else { throw reader.problem(node, "\"order\" must be an array of streak names") }
            for member in node.members {
                guard let text = member.value.string, let name = try? StreakName(text), firstLine[name] != nil,
                      !order.contains(name)
                else {
                    throw reader.problem(member, "each of \"order\" must name a streak of the export, once")
                }
                order.append(name)
            }
        }
        return ExportDocument(streaks: streaks, order: order)
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
        guard let instant = moment(at) else {
            return .failure(FieldProblem(field: .at, reason: "moment '\(Text.visible(at))' is not ISO 8601 with its UTC offset; use e.g. 2026-11-22T21:57:05+01:00"))
        }
        return .success(Action(day: day, at: instant))
    }

    /// A moment with its UTC offset, as exports write them.
    static func moment(_ text: String) -> Instant? {
        guard !text.hasPrefix("@"), case .exact(let instant)? = TimeInput(text) else { return nil }
        return instant
    }
}
