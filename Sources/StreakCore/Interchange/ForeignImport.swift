/// Another habit tracker's data, read as an export of this one (`import --from loop|harsh`):
/// each habit a streak, each done date an action at noon of that date, each skipped date a
/// pause of that date. Every action's id is made of its source and date (`loop-20261122`), so
/// importing the same data again adds nothing.
public struct ForeignImport: Sendable {
    /// Where a problem was: a file and a line (0: the file as a whole).
    public struct Problem: Error, Equatable, Sendable {
        public var file: String
        public var line: Int
        public var reason: String

        public init(file: String, line: Int, reason: String) {
            self.file = file
            self.line = line
            self.reason = reason
        }

        public var message: String { line > 0 ? "\(file):\(line): \(reason)" : "\(file): \(reason)" }
    }

    /// One habit as it was found: its own name and the streak it becomes.
    public struct Habit: Equatable, Sendable {
        public var original: String
        public var streak: ExportedStreak
        /// How its frequency became rules, when that was not exact.
        public var approximation: String?
        /// Dates marked skipped, paused here.
        public var skipped: Int
    }

    public var source: String
    public var habits: [Habit]
    /// What this import could not carry over, said once each.
    public var notes: [String]

    public var document: ExportDocument { ExportDocument(streaks: habits.map(\.streak)) }

    // MARK: Shared

    /// The rules for "target times in interval days": daily when it asks every date (or
    /// nothing: a habit only tracked), N/week for a week, else the nearest weekly target.
    static func rules(target: Int, interval: Int) -> (Rules, String?) {
        if target <= 0 || interval <= 1 || target >= interval { return (Rules(), nil) }
        if interval == 7 { return (Rules(mode: .weeks(target: target)), nil) }
        let perWeek = Swift.min(7, Swift.max(1, Int((7.0 * Double(target) / Double(interval)).rounded())))
        let rules = perWeek == 7 ? Rules() : Rules(mode: .weeks(target: perWeek))
        return (rules, "\(target) in \(interval) days has no equal here: counted as \(perWeek == 7 ? "daily" : "\(perWeek)/week")")
    }

    /// A streak name for a habit's own: lowercase ASCII letters and digits, other runs of
    /// characters as `-`, at most 32; `fallback` when nothing is left; `-2`, `-3`… when taken.
    static func name(for text: String, fallback: String, taken: inout Set<StreakName>) -> StreakName {
        var base = slug(text)
        // Never empty, never starting with `-`: every candidate below is a name, so this ends.
        if base.isEmpty || StreakName.problem(with: base) != nil { base = fallback }
        if base.isEmpty || StreakName.problem(with: base) != nil { base = "habit" }
        var candidate = base
        var suffix = 2
        while true {
            if let name = try? StreakName(candidate), !taken.contains(name) {
                taken.insert(name)
                return name
            }
            let tail = "-\(suffix)"
            candidate = trimmed(base, to: StreakName.maxLength - tail.count) + tail
            suffix += 1
        }
    }

    /// `text` as lowercase ASCII letters, digits and `_`, other runs of characters as one `-`,
    /// at most 32, no `-` at either end (possibly empty).
    static func slug(_ text: String) -> String {
        var slug = ""
        for scalar in text.lowercased().unicodeScalars {
            if scalar.isASCII, (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_") {
                slug.unicodeScalars.append(scalar)
            } else if !slug.isEmpty, slug.last != "-" {
                slug += "-"
            }
        }
        return trimmed(slug, to: StreakName.maxLength)
    }

    static func trimmed(_ text: String, to length: Int) -> String {
        var text = String(text.prefix(length))
        while text.hasSuffix("-") { text.removeLast() }
        return text
    }

    /// An action of `day` at noon there, with an id made of `source` and the date.
    static func action(_ day: StreakDay, source: String, count: Int = 1, note: String?, zone: some ZoneRules) -> Action {
        let noon = zone.local(at: zone.moment(of: LocalDateTime(day: day, secondOfDay: 12 * 3600)))
        let digits = String(day.description.filter { $0 != "-" })
        return Action(day: day, at: noon, count: Swift.min(count, ActionField.maxCount), note: note.flatMap(cleanNote),
                      id: source + "-" + digits)
    }

    /// A note as a tick takes it: control characters as spaces, at most 500 bytes; nil when
    /// nothing is left.
    static func cleanNote(_ text: String) -> String? {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { scalars.append(Text.isControl(scalar) ? " " : scalar) }
        var note = String(String(scalars).trimmingSpaces())
        while note.utf8.count > ActionField.maxNoteBytes { note.removeLast() }
        return (try? ActionField.note(note)) ?? nil
    }

    /// The skipped dates as pauses, runs of dates one pause each, made at noon of the first.
    static func pauses(_ days: Set<StreakDay>, zone: some ZoneRules) -> [PauseRecord] {
        var records: [PauseRecord] = []
        for day in days.sorted() {
            if let last = records.last, last.to + 1 == day {
                records[records.count - 1].to = day
            } else {
                let noon = zone.local(at: zone.moment(of: LocalDateTime(day: day, secondOfDay: 12 * 3600)))
                records.append(PauseRecord(.pause, from: day, to: day, at: noon))
            }
        }
        return records
    }

    // MARK: Loop Habit Tracker

    /// Loop Habit Tracker's "Export as CSV" (the zip, or the folder it unpacks to), given as
    /// its files by path: `Habits.csv` (one row a habit: its name, frequency, type, archived),
    /// and each habit's `NNN Name/Checkmarks.csv` (`Date,Value[,Notes]`) or, failing that, its
    /// column of the top `Checkmarks.csv`. A date counts when it was checked by hand
    /// (`YES_MANUAL`, or `2` in older exports); a numerical habit's amounts count toward a goal
    /// of its target (at least N units), or a date counts when it met the target (at most N);
    /// `SKIP` (`3`) pauses the date; dates Loop filled in itself (`YES_AUTO`) are no action.
    public static func loop(_ files: [String: [UInt8]], zone: some ZoneRules) throws(Problem) -> ForeignImport {
        guard let habitsPath = files.keys.filter({ $0 == "Habits.csv" || $0.hasSuffix("/Habits.csv") })
            .min(by: { ($0.count, $0) < ($1.count, $1) })
        else {
            throw Problem(file: "the export", line: 0, reason: "no Habits.csv: give the zip Loop's 'Export as CSV' writes, or the folder it unpacks to")
        }
        let prefix = String(habitsPath.dropLast("Habits.csv".count))
        let table = try table(files[habitsPath]!, file: "Habits.csv")
        guard let nameColumn = table.column("Name") else {
            throw Problem(file: "Habits.csv", line: 1, reason: "no Name column: is this Loop Habit Tracker's export?")
        }
        let wide = try files[prefix + "Checkmarks.csv"].map { bytes throws(Problem) in try Self.table(bytes, file: "Checkmarks.csv") }
        var result = ForeignImport(source: "Loop Habit Tracker", habits: [], notes: [])
        var taken = Set<StreakName>()
        for (index, row) in table.rows.enumerated() {
            let original = row.text(nameColumn)
            let position = table.column("Position").map { row.text($0) } ?? ""
            func number(_ what: String) -> ForeignNumber { ForeignNumber(file: "Habits.csv", line: row.line, what: what) }
            let numerator = try number("the frequency's numerator")
                .integer(table.text(row, "FrequencyNumerator", "NumRepetitions"), in: 0...Int(Int32.max)) ?? 1
            let denominator = try number("the frequency's denominator")
                .integer(table.text(row, "FrequencyDenominator", "Interval"), in: 1...Int(Int32.max)) ?? 1
            var (rules, approximation) = Self.rules(target: numerator, interval: denominator)
            let numerical = table.text(row, "Type") == "NUMERICAL"
            let target = numerical ? try number("Target Value").decimal(table.text(row, "Target Value"), in: 0...Double(Rules.maxGoal)) ?? 0 : 0
            let atMost = table.text(row, "Target Type") == "AT_MOST"
            // At least N whole units a date: the amounts count toward a goal of N.
            let counted = numerical && !atMost && target >= 1
            if counted { rules.goal = try number("Target Value").whole(target, rounding: .up, in: 1...Rules.maxGoal) }
            let name = Self.name(for: original, fallback: "habit-\(index + 1)", taken: &taken)

            // The habit's own file, else its column of the wide file.
            var entries: [(day: String, value: String, note: String, line: Int)] = []
            var entriesFile = "Checkmarks.csv"
            if !position.isEmpty, let path = files.keys.filter({
                $0.hasPrefix(prefix + position + " ") && $0.hasSuffix("/Checkmarks.csv")
                    && !$0.dropFirst(prefix.count).dropLast("/Checkmarks.csv".count).contains("/")
            }).min() {
                entriesFile = String(path.dropFirst(prefix.count))
                let own = try Self.table(files[path]!, file: entriesFile)
                guard let dateColumn = own.column("Date"), let valueColumn = own.column("Value") else {
                    throw Problem(file: entriesFile, line: 1, reason: "expected the columns Date and Value")
                }
                let notes = own.column("Notes")
                entries = own.rows.map { item in
                    (item.text(dateColumn), item.text(valueColumn), notes.map { item.text($0) } ?? "", item.line)
                }
            } else if let wide, let column = wide.column(original), let dateColumn = wide.column("Date") {
                entries = wide.rows.map { item in (item.text(dateColumn), item.text(column), "", item.line) }
            } else {
                result.notes.append("\(original): no checkmarks found (no '\(position) \(original)/Checkmarks.csv', no column in Checkmarks.csv)")
            }
            var actions: [Action] = []
            var skipped = Set<StreakDay>()
            let thousandths = ForeignNumber.countRange.lowerBound * 1000...ForeignNumber.countRange.upperBound * 1000
            for entry in entries {
                guard let day = StreakDay(entry.day) else {
                    throw Problem(file: entriesFile, line: entry.line, reason: "'\(Text.visible(entry.day))' is not a date (YYYY-MM-DD)")
                }
                let word = entry.value.uppercased()
                let value = ForeignNumber(file: entriesFile, line: entry.line, what: "the value")
                let done: Bool
                if word == "SKIP" || (!numerical && word == "3") {
                    skipped.insert(day)
                    continue
                } else if counted {
                    // Loop keeps amounts in thousandths; whole units count.
                    guard let units = try value.decimal(entry.value, in: thousandths, wordsAsNone: true).map({ $0 / 1000 }),
                          units >= 1 else { continue }
                    let count = try value.whole(units, rounding: .towardZero, in: 1...ActionField.maxCount)
                    actions.append(action(day, source: "loop", count: count, note: entry.note, zone: zone))
                    continue
                } else if numerical {
                    // Loop keeps amounts in thousandths.
                    guard let amount = try value.decimal(entry.value, in: thousandths, wordsAsNone: true), amount >= 0 else { continue }
                    done = atMost ? amount / 1000 <= target : amount / 1000 >= target && amount > 0
                } else {
                    done = word == "YES_MANUAL" || word == "2"
                }
                if done { actions.append(action(day, source: "loop", note: entry.note, zone: zone)) }
            }
            let archived = table.text(row, "Archived?").lowercased() == "true"
            let streak = ExportedStreak(name: name, settings: StreakSettings(icon: "", rules: rules), actions: actions,
                                        pauses: pauses(skipped, zone: zone), archived: archived)
            result.habits.append(Habit(original: original, streak: streak, approximation: approximation, skipped: skipped.count))
            if counted {
                result.notes.append("\(original): a numerical habit; each date's amount in whole units counts toward a goal of \(rules.goal)")
            } else if numerical {
                result.notes.append("\(original): a numerical habit; a date counts when it reached the target (\(atMost ? "at most" : "at least") \(target))")
            }
        }
        return result
    }

    // MARK: harsh

    /// harsh's two files: `habits` (`Name: frequency[: end date]`, `! Heading` lines, which
    /// become tags, `#` comments) and `log` (`DATE : Name : y|n|s[ : comment[ : amount]]`). A
    /// `y` is an action (its comment the note, a whole amount its count), `s` pauses the date,
    /// `n` is nothing; a habit
    /// whose end date has passed is archived. Habits in the log but not in `habits` are
    /// imported too, daily.
    public static func harsh(habits: [UInt8], log: [UInt8], today: StreakDay, zone: some ZoneRules) throws(Problem) -> ForeignImport {
        var result = ForeignImport(source: "harsh", habits: [], notes: [])
        var taken = Set<StreakName>()
        var index: [String: Int] = [:]
        var heading: String?
        for (offset, raw) in lines(habits, file: "habits").enumerated() {
            let line = raw.text.trimmingSpaces()
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix("!") {
                let tag = slug(String(line.dropFirst()))
                heading = !tag.isEmpty && StreakTag.problem(with: tag) == nil ? tag : nil
                continue
            }
            let parts = split(String(line), by: ": ")
            guard parts.count >= 2 else {
                throw Problem(file: "habits", line: offset + 1, reason: "expected 'Name: frequency', as harsh writes it")
            }
            let original = String(parts[0].trimmingSpaces())
            guard let (target, interval) = harshFrequency(String(parts[1].trimmingSpaces())) else {
                throw Problem(file: "habits", line: offset + 1, reason: "'\(Text.visible(parts[1]))' is not a frequency (1, 1w, 3/7, 0)")
            }
            let (rules, approximation) = Self.rules(target: target, interval: interval)
            let ended = parts.count >= 3 ? StreakDay(String(parts[2].trimmingSpaces())).map { $0 < today } ?? false : false
            let streak = ExportedStreak(name: name(for: original, fallback: "habit-\(result.habits.count + 1)", taken: &taken),
                                        settings: StreakSettings(icon: "", rules: rules, tags: heading.map { [$0] } ?? []),
                                        actions: [], archived: ended)
            if index[original] == nil {
                index[original] = result.habits.count
                result.habits.append(Habit(original: original, streak: streak, approximation: approximation, skipped: 0))
            }
        }
        var actions = [[Action]](repeating: [], count: result.habits.count)
        var skipped = [Set<StreakDay>](repeating: [], count: result.habits.count)
        var amounts = false
        for raw in lines(log, file: "log") {
            let line = raw.text
            if line.trimmingSpaces().isEmpty || line.hasPrefix("#") { continue }
            let parts = split(line, by: " : ")
            guard parts.count >= 3 else {
                throw Problem(file: "log", line: raw.number, reason: "expected 'DATE : Name : y|n|s', as harsh writes it")
            }
            guard let day = StreakDay(String(parts[0].trimmingSpaces())) else {
                throw Problem(file: "log", line: raw.number, reason: "'\(Text.visible(parts[0]))' is not a date (YYYY-MM-DD)")
            }
            let original = String(parts[1].trimmingSpaces())
            guard !original.isEmpty else { throw Problem(file: "log", line: raw.number, reason: "no habit name") }
            let outcome = String(parts[2].trimmingSpaces())
            guard ["y", "n", "s"].contains(outcome) else {
                throw Problem(file: "log", line: raw.number, reason: "'\(Text.visible(outcome))' is not y, n or s")
            }
            let slot: Int
            if let known = index[original] {
                slot = known
            } else {
                slot = result.habits.count
                index[original] = slot
                let streak = ExportedStreak(name: name(for: original, fallback: "habit-\(slot + 1)", taken: &taken),
                                            settings: StreakSettings(icon: "", rules: Rules()), actions: [])
                result.habits.append(Habit(original: original, streak: streak, approximation: nil, skipped: 0))
                result.notes.append("\(original): in the log but not in habits, imported as daily")
                actions.append([])
                skipped.append([])
            }
            // An amount in whole units is the action's count; any other goes into its note.
            var count = 1
            var note = parts.count >= 4 ? parts[3] : ""
            let number = ForeignNumber(file: "log", line: raw.number, what: "the amount")
            if parts.count >= 5, let amount = try number.decimal(parts[4], in: ForeignNumber.countRange, wordsAsNone: true), amount > 0 {
                if amount == amount.rounded(), amount >= 1 {
                    count = try number.whole(amount, rounding: .towardZero, in: 1...ActionField.maxCount)
                } else {
                    note += (note.trimmingSpaces().isEmpty ? "" : "; ") + "amount " + String(parts[4].trimmingSpaces())
                    amounts = true
                }
            }
            switch outcome {
            case "y": actions[slot].append(action(day, source: "harsh", count: count, note: note, zone: zone))
            case "s": skipped[slot].insert(day)
            default: break
            }
        }
        for slot in result.habits.indices {
            var streak = result.habits[slot].streak
            streak = ExportedStreak(name: streak.name, settings: streak.settings, actions: actions[slot],
                                    pauses: pauses(skipped[slot], zone: zone), archived: streak.archived)
            result.habits[slot].streak = streak
            result.habits[slot].skipped = skipped[slot].count
        }
        if amounts { result.notes.append("amounts that are not whole numbers are kept in the actions' notes") }
        return result
    }

    /// harsh's frequency: `N` (every N days; 0: tracked only), `Nw` (weeks), `T/I`.
    static func harshFrequency(_ text: String) -> (Int, Int)? {
        func days(_ part: Substring) -> Int? {
            let part = part.trimmingSpaces()
            if part.hasSuffix("w") { return Decimal.parse(part.dropLast().utf8).map { $0 * 7 } }
            return Decimal.parse(part.utf8)
        }
        let pieces = text.split(separator: "/", omittingEmptySubsequences: false)
        guard let first = pieces.first, let value = days(first) else { return nil }
        if pieces.count == 1 { return value == 0 ? (0, 1) : (1, value) }
        guard pieces.count == 2, let interval = days(pieces[1]), interval > 0, value <= interval else { return nil }
        return (value, interval)
    }

    /// `text` cut at each `separator`.
    static func split(_ text: String, by separator: String) -> [String] {
        let bytes = Array(text.utf8)
        let cut = Array(separator.utf8)
        var parts: [String] = []
        var start = 0
        var index = 0
        while index + cut.count <= bytes.count {
            if Array(bytes[index..<(index + cut.count)]) == cut {
                parts.append(String(decoding: bytes[start..<index], as: UTF8.self))
                index += cut.count
                start = index
            } else {
                index += 1
            }
        }
        parts.append(String(decoding: bytes[start...], as: UTF8.self))
        return parts
    }

    static func lines(_ bytes: [UInt8], file: String) -> [(number: Int, text: String)] {
        var bytes = bytes[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        return bytes.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated().map { index, line in
            var line = line
            if line.last == 0x0D { line = line.dropLast() }
            return (index + 1, String(decoding: line, as: UTF8.self))
        }
    }

    // MARK: CSV tables

    struct Table {
        var header: [String]
        var rows: [CSV.Record]

        func column(_ name: String) -> Int? { header.firstIndex(of: name) }

        /// The first of these columns the table has, in `row`; empty when none.
        func text(_ row: CSV.Record, _ names: String...) -> String {
            for name in names { if let index = column(name) { return row.text(index) } }
            return ""
        }
    }

    static func table(_ bytes: [UInt8], file: String) throws(Problem) -> Table {
        let records: [CSV.Record]
        do throws(ImportProblem) {
            records = try CSV.records(bytes)
        } catch {
            throw Problem(file: file, line: error.line, reason: error.reason)
        }
        guard let header = records.first else { throw Problem(file: file, line: 1, reason: "the file is empty") }
        return Table(header: header.fields.map { String($0.trimmingSpaces()) }, rows: Array(records.dropFirst()))
    }
}

extension CSV.Record {
    /// The field at `index`, spaces around it dropped; empty past the end of the row.
    func text(_ index: Int) -> String {
        index < fields.count ? String(fields[index].trimmingSpaces()) : ""
    }
}
