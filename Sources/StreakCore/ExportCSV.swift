// The CSV encoding of an export (RFC 4180 quoting, `\n` line ends; `\r\n` is read too).

extension ExportDocument {
    /// ```
    /// streak,date,at,icon,schedule,freezes
    /// quiz,2026-11-20,2026-11-20T21:57:05+01:00,📚,"mon,wed,fri",2
    /// gym,,,🏋,weekdays,0
    /// ```
    /// One row per action; every row repeats its streak's settings, so rows can be filtered or
    /// sorted freely. A streak with no action gets one row with empty `date` and `at`.
    public func csv() -> String {
        var text = ExportDocument.csvColumns.joined(separator: ",") + "\n"
        for streak in streaks {
            let settings = streak.settings ?? StreakSettings()
            let tail = [settings.icon, settings.rules.schedule.description, String(settings.rules.freezes)]
            if streak.actions.isEmpty {
                text += CSV.row([streak.name.text, "", ""] + tail)
            }
            for action in streak.actions {
                text += CSV.row([streak.name.text, action.day.description, action.at.description] + tail)
            }
        }
        return text
    }

    /// Reads a CSV export. The header names the columns, in any order: `streak` and `date` are
    /// required; `at`, `icon`, `schedule` and `freezes` are optional, and other columns are
    /// ignored. A row with empty `date` and `at` only carries settings. A row gives settings
    /// when any of `icon`, `schedule`, `freezes` is not empty (an empty schedule is daily, empty
    /// freezes 0, an empty icon no icon); all rows of a streak that give settings must agree.
    public static func parseCSV(_ bytes: [UInt8]) throws(ImportProblem) -> ExportDocument {
        let records = try CSV.records(bytes)
        guard let header = records.first else {
            throw ImportProblem(line: 1, reason: "the file is empty: expected a CSV header such as '\(csvColumns.joined(separator: ","))' or a JSON export")
        }
        let names = header.fields.map { $0.trimmingSpaces().lowercased() }
        func column(_ name: String) -> Int? { names.firstIndex(of: name) }
        guard let streakColumn = column("streak"), let dateColumn = column("date") else {
            throw ImportProblem(line: header.line,
                                reason: "the CSV header needs the columns 'streak' and 'date' (an export writes '\(csvColumns.joined(separator: ","))')")
        }
        let atColumn = column("at")
        let settingsColumns = SettingsField.all.map { ($0, column($0.key)) }

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
                var given = StreakSettings(icon: "")
                for (field, text) in texts where !field.isBlank(text) {
                    if let problem = field.apply(text, to: &given) {
                        throw ImportProblem(line: line, reason: field.key + " " + problem)
                    }
                }
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
        var out = "\""
        for character in field {
            if character == "\"" { out += "\"\"" } else { out.append(character) }
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
