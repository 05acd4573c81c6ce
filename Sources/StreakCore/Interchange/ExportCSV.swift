// The CSV encoding of an export (RFC 4180 quoting, `\n` line ends; `\r\n` is read too).

extension ExportDocument {
    /// The CSV header, in the order `csv()` writes the columns.
    public static let csvColumns = ["kind", "streak", "date", "at", "count", "note", "from", "to", "made"]
        + SettingsField.all.map(\.exportKey) + ["archived"]
    /// The last column, written only when an action or a retraction has an id (so an export
    /// of data recorded before ids is what it always was), and read whenever it is there.
    public static let csvIDColumn = "id"
    /// The first release's CSV header (no `kind` column; still imported).
    public static let csvColumnsV1 = ["streak", "date", "at", "icon", "schedule", "freezes"]

    /// What each row of a CSV export is.
    enum RowKind: String, CaseIterable {
        /// A streak's settings (its creation rules) and whether it is archived.
        case streak
        case action
        /// A change of rules from a date on.
        case rules
        case pause
        case unpause
        /// An action taken back.
        case untick
    }

    /// ```
    /// kind,streak,date,at,count,note,from,to,made,icon,schedule,target,goal,freezes,earn_freeze,max_freezes,archived
    /// streak,quiz,,,,,,,,📚,"mon,wed,fri",,1,2,0,2,false
    /// rules,quiz,,2026-11-23T09:00:00+01:00,,,2026-11-23,,,,,,3,,,,
    /// pause,quiz,,2026-11-23T09:01:00+01:00,,,2026-12-20,2027-01-02,,,,,,,,,
    /// action,quiz,2026-11-22,2026-11-22T07:10:00+01:00,3,ran 5 km,,,,,,,,,,,
    /// untick,quiz,2026-11-24,2026-11-24T09:58:10+01:00,,,,,2026-11-24T10:02:00+01:00,,,,,,,,
    /// ```
    /// One row per record: first each streak's settings, then its rule changes, pauses and
    /// unpauses, actions and retractions. When an action or a retraction has an id, an `id`
    /// column follows `archived`. A column a kind does not use is empty; so is `count`
    /// when it is 1 and `note` when there is none, and in a `rules` row every rule it does not
    /// change.
    public func csv() -> String {
        let withIDs = streaks.contains { streak in
            streak.actions.contains { $0.id != nil } || streak.retractions.contains { $0.id != nil }
        }
        // `tags` and `quit` too only when a streak has them, so an export without is as it was.
        let withTags = streaks.contains { !($0.settings?.tags.isEmpty ?? true) }
        let withQuit = streaks.contains { $0.settings?.rules.quits ?? false }
        let names = ExportDocument.csvColumns + (withIDs ? [ExportDocument.csvIDColumn] : [])
            + (withTags ? [StreakTag.key] : []) + (withQuit ? [StreakSettings.quitKey] : [])
            + (order.isEmpty ? [] : [ExportDocument.orderKey])
        var text = names.joined(separator: ",") + "\n"
        let columns = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })
        func row(_ kind: RowKind, _ name: StreakName, _ values: [(String, String)]) {
            var fields = [String](repeating: "", count: columns.count)
            fields[0] = kind.rawValue
            fields[1] = name.text
            for (column, value) in values { fields[columns[column]!] = value }
            text += CSV.row(fields)
        }
        for streak in streaks {
            let settings = streak.settings ?? StreakSettings()
            var values = settings.exportedFields.map { ($0.exportKey, $1) } + [("archived", String(streak.archived))]
            if !settings.tags.isEmpty { values.append((StreakTag.key, settings.tags.joined(separator: ","))) }
            if let since = settings.rules.quitSince { values.append((StreakSettings.quitKey, since.description)) }
            if let place = order.firstIndex(of: streak.name) { values.append((ExportDocument.orderKey, String(place + 1))) }
            row(.streak, streak.name, values)
            for change in streak.changes {
                row(.rules, streak.name, [("from", change.from.description), ("at", change.at.description)]
                    + change.fields.pairs.map { ($0.exportKey, $1) })
            }
            for record in streak.pauses {
                row(record.kind == .pause ? .pause : .unpause, streak.name,
                    [("from", record.from.description), ("to", record.to.description), ("at", record.at.description)])
            }
            for action in streak.actions {
                var values = [("date", action.day.description), ("at", action.at.description)]
                if action.count != 1 { values.append(("count", String(action.count))) }
                if let note = action.note { values.append(("note", note)) }
                if let id = action.id { values.append(("id", id)) }
                row(.action, streak.name, values)
            }
            for retraction in streak.retractions {
                row(.untick, streak.name, [("date", retraction.day.description), ("at", retraction.at.description),
                                          ("made", retraction.made.description)] + (retraction.id.map { [("id", $0)] } ?? []))
            }
        }
        return text
    }

    /// Reads a CSV export: with a `kind` column, one record per row (`csv()`); without one,
    /// the first release's layout (`parseCSVv1`). Columns may come in any order; unknown
    /// columns are ignored.
    public static func parseCSV(_ bytes: [UInt8]) throws(ImportProblem) -> ExportDocument {
        let records = try CSV.records(bytes)
        guard let header = records.first else {
            throw ImportProblem(line: 1, reason: "the file is empty: expected a CSV header such as '\(csvColumns.joined(separator: ","))' or a JSON export")
        }
        let names = header.fields.map { $0.trimmingSpaces().lowercased() }
        guard names.contains("kind") else { return try parseCSVv1(records, names: names) }
        guard let kindColumn = names.firstIndex(of: "kind"), let streakColumn = names.firstIndex(of: "streak") else {
            throw ImportProblem(line: header.line, reason: "the CSV header needs the columns 'kind' and 'streak' (an export writes '\(csvColumns.joined(separator: ","))')")
        }
        var order: [StreakName] = []
        var found: [StreakName: CSVStreak] = [:]
        // The streaks' order: each place once (`order` column of `streak` rows).
        var places: [Int: StreakName] = [:]
        for record in records.dropFirst() {
            let line = record.line
            guard record.fields.count == names.count else {
                throw ImportProblem(line: line, reason: "expected \(names.count) fields as in the header, found \(record.fields.count)")
            }
            let row = CSVRow(names: names, fields: record.fields, line: line)
            let name: StreakName
            do {
                name = try StreakName(record.fields[streakColumn])
            } catch {
                throw ImportProblem(line: line, reason: error.message)
            }
            if found[name] == nil {
                order.append(name)
                found[name] = CSVStreak()
            }
            let kindText = record.fields[kindColumn].trimmingSpaces()
            guard let kind = RowKind(rawValue: String(kindText)) else {
                throw ImportProblem(line: line, reason: "unknown kind '\(Text.visible(String(kindText)))'; use \(RowKind.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            try found[name]!.read(kind, row)
            if kind == .streak, let place = found[name]!.place {
                if let other = places[place], other != name {
                    throw ImportProblem(line: line, reason: "order \(place) is also the place of '\(other)'")
                }
                places[place] = name
            }
        }
        return ExportDocument(streaks: order.map { found[$0]!.streak($0) }, order: places.keys.sorted().map { places[$0]! })
    }

    /// The first release's CSV: one action per row, each repeating its streak's settings.
    ///
    /// ```
    /// streak,date,at,icon,schedule,freezes
    /// quiz,2026-11-20,2026-11-20T21:57:05+01:00,📚,"mon,wed,fri",2
    /// gym,,,🏋,weekdays,0
    /// ```
    /// `streak` and `date` are required; `at` and the settings columns optional. A row with
    /// empty `date` and `at` only carries settings. A row gives settings when any settings
    /// column is not empty (an empty schedule is daily, empty freezes 0, an empty icon no
    /// icon); all rows of a streak that give settings must agree.
    static func parseCSVv1(_ records: [CSV.Record], names: [String]) throws(ImportProblem) -> ExportDocument {
        func column(_ name: String) -> Int? { names.firstIndex(of: name) }
        guard let streakColumn = column("streak"), let dateColumn = column("date") else {
            throw ImportProblem(line: records[0].line,
                                reason: "the CSV header needs the columns 'streak' and 'date' (an export writes '\(csvColumns.joined(separator: ","))')")
        }
        let atColumn = column("at")
        let settingsColumns = SettingsField.all.map { ($0, column($0.exportKey)) }

        var order: [StreakName] = []
        var actions: [StreakName: [Action]] = [:]
        var settings: [StreakName: (StreakSettings, Int)] = [:]
        for record in records.dropFirst() {
            let fields = record.fields
            let line = record.line
            guard fields.count == names.count else {
                throw ImportProblem(line: line, reason: "expected \(names.count) fields as in the header, found \(fields.count)")
            }
            let name: StreakName
            do {
                name = try StreakName(fields[streakColumn])
            } catch {
                throw ImportProblem(line: line, reason: error.message)
            }
            if actions[name] == nil {
                order.append(name)
                actions[name] = []
            }

            let texts = settingsColumns.map { field, column in (field, column.map { fields[$0] } ?? "") }
            if texts.contains(where: { field, text in !field.isBlank(text) }) {
                // A row that gives any setting gives all of them: a blank one is the default,
                // and a blank icon is no icon.
                var fields = GivenSettings()
                for (field, text) in texts where !field.isBlank(text) {
                    do throws(FieldError) {
                        try field.read(text, into: &fields)
                    } catch {
                        throw ImportProblem(line: line, reason: error.message(at: field.exportKey))
                    }
                }
                let given = fields.applied(to: StreakSettings(icon: ""))
                if let (earlier, earlierLine) = settings[name] {
                    guard earlier == given else {
                        throw ImportProblem(line: line, reason: "the settings of '\(name)' differ from those on line \(earlierLine)")
                    }
                } else {
                    settings[name] = (given, line)
                }
            }

            let date = fields[dateColumn].trimmingSpaces()
            let at = atColumn.map { String(fields[$0].trimmingSpaces()) } ?? ""
            if date.isEmpty {
                guard at.isEmpty else { throw ImportProblem(line: line, reason: "a row with a moment ('at') needs its date") }
                continue
            }
            switch ExportDocument.action(date: String(date), at: at) {
            case .success(let action): actions[name]!.append(action)
            case .failure(let problem): throw ImportProblem(line: line, reason: problem.reason)
            }
        }
        return ExportDocument(streaks: order.map { name in
            ExportedStreak(name: name, settings: settings[name]?.0, actions: actions[name] ?? [])
        })
    }
}

/// One row of a CSV export with a `kind` column: its fields by column name.
struct CSVRow {
    let names: [String]
    let fields: [String]
    let line: Int

    /// The field of `column`, spaces trimmed ("" when the header has no such column).
    func text(_ column: String) -> String {
        guard let index = names.firstIndex(of: column) else { return "" }
        return String(fields[index].trimmingSpaces())
    }

    /// The field as written (a note or an icon keeps its spaces).
    func raw(_ column: String) -> String {
        names.firstIndex(of: column).map { fields[$0] } ?? ""
    }

    func problem(_ reason: String) -> ImportProblem { ImportProblem(line: line, reason: reason) }

    /// The action's or retraction's `id` (`ActionField.id`), nil when the cell is empty or
    /// the file has no `id` column (as before actions had ids).
    func id() throws(ImportProblem) -> String? {
        let text = self.text("id")
        guard !text.isEmpty else { return nil }
        do throws(FieldError) {
            return try ActionField.id(text)
        } catch {
            throw problem(error.message(at: "id"))
        }
    }

    func date(_ column: String) throws(ImportProblem) -> StreakDay {
        let text = text(column)
        guard let day = StreakDay(text) else {
            throw problem("\(column) '\(Text.visible(text))' is not a date; use YYYY-MM-DD, e.g. 2026-11-22")
        }
        return day
    }

    func moment(_ column: String) throws(ImportProblem) -> Instant {
        let text = text(column)
        guard let instant = ExportDocument.moment(text) else {
            throw problem("\(column) '\(Text.visible(text))' is not a moment in ISO 8601 with its UTC offset; use e.g. 2026-11-22T21:57:05+01:00")
        }
        return instant
    }

    /// The settings columns that are not blank, read by their parsers (`rulesOnly`: a
    /// `rules` row, where an icon has no place). Returns whether any was given.
    func settings(into given: inout GivenSettings, rulesOnly: Bool) throws(ImportProblem) -> Bool {
        var any = false
        for field in SettingsField.all {
            let text = raw(field.exportKey)
            guard !field.isBlank(text) else { continue }
            if rulesOnly, !field.isRule { throw problem("a rules row cannot set \(field.exportKey)") }
            do throws(FieldError) {
                try field.read(text, into: &given)
            } catch {
                throw problem(error.message(at: field.exportKey))
            }
            any = true
        }
        return any
    }
}

/// What the rows of one streak of a CSV export hold, as they are read.
struct CSVStreak {
    var settings: (StreakSettings, Int)?
    var archived = false
    var actions: [Action] = []
    var changes: [RuleChange] = []
    var pauses: [PauseRecord] = []
    var retractions: [Retraction] = []
    /// Its place in the streaks' order (the `order` column), if it has one.
    var place: Int?

    mutating func read(_ kind: ExportDocument.RowKind, _ row: CSVRow) throws(ImportProblem) {
        switch kind {
        case .streak:
            // Every settings column is given: a blank one is the default, a blank icon none.
            var fields = GivenSettings()
            _ = try row.settings(into: &fields, rulesOnly: false)
            var given = fields.applied(to: StreakSettings(icon: ""))
            switch StreakTag.list(row.text(StreakTag.key)) {
            case .success(let tags): given.tags = tags
            case .failure(let error): throw row.problem("tags " + error.reason)
            }
            let quitText = row.text(StreakSettings.quitKey)
            if !quitText.isEmpty {
                do throws(FieldError) {
                    given.rules = Rules(quitSince: try StreakSettings.quitDate(quitText))
                } catch {
                    throw row.problem(error.message(at: StreakSettings.quitKey))
                }
            }
            let archivedText = row.text("archived").lowercased()
            guard ["", "true", "false"].contains(archivedText) else {
                throw row.problem("archived '\(Text.visible(archivedText))' must be true or false")
            }
            if let (earlier, line) = settings, earlier != given || archived != (archivedText == "true") {
                throw row.problem("the settings of this streak differ from those on line \(line)")
            }
            settings = (given, row.line)
            archived = archivedText == "true"
            let placeText = row.text(ExportDocument.orderKey)
            if !placeText.isEmpty {
                guard let number = Int(placeText), number >= 1 else {
                    throw row.problem("order '\(Text.visible(placeText))' must be the streak's place in the order, 1 first")
                }
                place = number
            }
        case .action:
            let at = row.text("at")
            let action: Action
            switch ExportDocument.action(date: row.text("date"), at: at) {
            case .success(let made): action = made
            case .failure(let problem): throw row.problem(problem.reason)
            }
            let count = row.text("count")
            let note = row.raw("note")
            let id = try row.id()
            do throws(ActionFieldProblem) {
                var recorded = try action.with(count: count.isEmpty ? nil : count, note: note.isEmpty ? nil : note)
                recorded.id = id
                actions.append(recorded)
            } catch {
                throw row.problem(error.reason.message(at: error.field))
            }
        case .rules:
            var fields = GivenSettings()
            _ = try row.settings(into: &fields, rulesOnly: true)
            changes.append(RuleChange(from: try row.date("from"), at: try row.moment("at"), fields: fields.rules))
        case .pause, .unpause:
            let from = try row.date("from")
            let to = try row.date("to")
            guard to >= from else { throw row.problem("to \(to) is before from \(from)") }
            pauses.append(PauseRecord(kind == .pause ? .pause : .unpause, from: from, to: to, at: try row.moment("at")))
        case .untick:
            retractions.append(Retraction(day: try row.date("date"), at: try row.moment("at"), made: try row.moment("made"),
                                          id: try row.id()))
        }
    }

    func streak(_ name: StreakName) -> ExportedStreak {
        ExportedStreak(name: name, settings: settings?.0, actions: actions, changes: changes, pauses: pauses,
                       retractions: retractions, archived: archived)
    }
}

/// RFC 4180 fields: quoted when they hold a comma, a quote or a line break; quotes doubled.
enum CSV {
    struct Record {
        /// The line the record starts on (a quoted field may span lines).
        var line: Int
        var fields: [String]
    }

    static func row(_ fields: [String]) -> String {
        fields.map { quoted(guarded($0)) }.joined(separator: ",") + "\n"
    }

    /// The first characters that make a spreadsheet read a cell as a formula (`=1+1`,
    /// `@SUM(…)`, `-2+3`, and the tab and carriage return that some treat the same way).
    static let formulaStarts: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r"]

    /// The cell as written, so a spreadsheet shows it as text: a `'` before a cell that would
    /// start a formula (the apostrophe spreadsheets themselves use to mean "text"). So that
    /// `unguarded` gives back exactly what was written, a cell that is already one or more
    /// `'` followed by such a character gets one more `'`.
    static func guarded(_ cell: String) -> String {
        startsFormula(afterQuotes: cell, atLeast: 0) ? "'" + cell : cell
    }

    /// `guarded` undone: one `'` less before a formula start. Any other cell, including one a
    /// person wrote starting with `'`, is read as it is.
    static func unguarded(_ cell: String) -> String {
        startsFormula(afterQuotes: cell, atLeast: 1) ? String(cell.unicodeScalars.dropFirst()) : cell
    }

    /// Whether the cell is at least `minimum` apostrophes followed by a formula start.
    private static func startsFormula(afterQuotes cell: String, atLeast minimum: Int) -> Bool {
        var quotes = 0
        for scalar in cell.unicodeScalars {
            if scalar == "'" { quotes += 1; continue }
            return quotes >= minimum && formulaStarts.contains(scalar)
        }
        return false
    }

    static func quoted(_ field: String) -> String {
        guard field.utf8.contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }) else { return field }
        // By scalars, not characters: a quote followed by a combining mark is one character
        // (`"` + U+0593), and left single it ended the field for every reader.
        var out = "\""
        for scalar in field.unicodeScalars {
            if scalar == "\"" { out += "\"\"" } else { out.unicodeScalars.append(scalar) }
        }
        return out + "\""
    }

    /// Every record; blank lines are skipped.
    static func records(_ input: [UInt8]) throws(ImportProblem) -> [Record] {
        var bytes = input[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        var records: [Record] = []
        var fields: [String] = []
        var field: [UInt8] = []
        var line = 1
        var recordLine = 1
        var index = bytes.startIndex
        var quotedField = false

        func text(_ raw: [UInt8], line: Int) throws(ImportProblem) -> String {
            guard let text = String(validating: raw, as: UTF8.self) else {
                throw ImportProblem(line: line, reason: "the file is not UTF-8 text")
            }
            return unguarded(text)
        }

        func endRecord() throws(ImportProblem) {
            fields.append(try text(field, line: line))
            field = []
            quotedField = false
            if !(fields.count == 1 && fields[0].isEmpty) {
                records.append(Record(line: recordLine, fields: fields))
            }
            fields = []
        }

        while index < bytes.endIndex {
            let byte = bytes[index]
            index += 1
            switch byte {
            case 0x22 where field.isEmpty && !quotedField:
                quotedField = true
                let start = line
                while true {
                    guard index < bytes.endIndex else {
                        throw ImportProblem(line: start, reason: "a quoted field is never closed")
                    }
                    let inner = bytes[index]
                    index += 1
                    if inner == 0x22 {
                        if index < bytes.endIndex, bytes[index] == 0x22 {
                            field.append(0x22)
                            index += 1
                            continue
                        }
                        break
                    }
                    if inner == 0x0A { line += 1 }
                    field.append(inner)
                }
                if index < bytes.endIndex, ![0x2C, 0x0A, 0x0D].contains(bytes[index]) {
                    throw ImportProblem(line: line, reason: "a closing quote must end its field (write a quote inside a field as \"\")")
                }
            case 0x22:
                throw ImportProblem(line: line, reason: "a quote inside an unquoted field; quote the whole field and double the quote")
            case 0x2C:
                fields.append(try text(field, line: line))
                field = []
                quotedField = false
            case 0x0D where index < bytes.endIndex && bytes[index] == 0x0A:
                continue
            case 0x0A:
                try endRecord()
                line += 1
                recordLine = line
            default:
                field.append(byte)
            }
        }
        if !field.isEmpty || !fields.isEmpty || quotedField { try endRecord() }
        return records
    }
}
