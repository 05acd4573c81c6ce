/// One recorded action: the streak date it counts for, and the moment it happened (with the
/// UTC offset of where it happened).
public struct Action: Hashable, Sendable, Comparable {
    public var day: StreakDay
    public var at: Instant

    public init(day: StreakDay, at: Instant) {
        self.day = day
        self.at = at
    }

    public static func < (lhs: Action, rhs: Action) -> Bool {
        (lhs.day, lhs.at.seconds, lhs.at.offset) < (rhs.day, rhs.at.seconds, rhs.at.offset)
    }

    /// Whether `ActionLog.line` writes a line that reads back as this action: its date and its
    /// moment within what a log line can hold (see `Instant.isRecordable`).
    public var isRecordable: Bool { day.isRecordable && at.isRecordable }

    /// Why the action cannot be recorded, in words, or nil when it can.
    public var unrecordableReason: String? {
        if abs(at.offset) > Instant.maxOffset {
            return "the UTC offset \(Instant.offsetText(at.offset)) is outside -14:59:59…+14:59:59 (check TZ)"
        }
        if !at.isRecordable || !day.isRecordable {
            return "the moment is outside the years 0000–9999"
        }
        return nil
    }
}

/// A line of a file that could not be read, kept for the report.
public struct BadLine: Error, Equatable, Sendable {
    public var line: Int
    public var reason: String

    public init(line: Int, reason: String) {
        self.line = line
        self.reason = reason
    }
}

/// The action log format: one action per line, `DATE INSTANT`, e.g.
/// `2026-11-22 2026-11-22T21:57:05+01:00`.
///
/// Lines starting with `#` and blank lines are ignored; fields after the second are ignored, so
/// later versions can add some. A last line without its newline is kept if it reads, and
/// reported as cut short (a crash mid-write) if it does not.
public enum ActionLog {
    public static let header = "# streakprompt actions v1: DATE INSTANT (the streak date it counts for, when it happened)\n"

    public static func line(_ action: Action) -> String {
        action.day.description + " " + action.at.description + "\n"
    }

    public struct Parsed: Sendable {
        public var actions: [Action] = []
        public var bad: [BadLine] = []
        /// The file does not end with a newline (a torn last line, reported in `bad` unless
        /// the line was empty).
        public var endsTorn = false
        /// Lines that are git's conflict markers (`ConflictMarker`): skipped, the lines of
        /// both sides between them read as usual.
        public var conflictMarkers: [Int] = []
    }

    public static func parse(_ bytes: [UInt8]) -> Parsed {
        var parsed = Parsed()
        var lineNumber = 0
        var start = 0
        let count = bytes.count
        while start < count {
            lineNumber += 1
            var end = start
            while end < count, bytes[end] != 0x0A { end += 1 }
            let complete = end < count
            let line = bytes[start..<end]
            start = end + 1
            if !complete {
                parsed.endsTorn = true
                // A hand-edited file may just lack its last newline: keep the line if it reads.
                if let action = parseLine(line) {
                    parsed.actions.append(action)
                } else {
                    parsed.bad.append(BadLine(line: lineNumber, reason: "the last line is cut short (no newline)"))
                }
                break
            }
            if line.isEmpty || line.first == UInt8(ascii: "#") || line.allSatisfy({ $0 == 0x20 || $0 == 0x0D }) {
                continue
            }
            if ConflictMarker.isMarker(line) {
                parsed.conflictMarkers.append(lineNumber)
                continue
            }
            if let action = parseLine(line) {
                parsed.actions.append(action)
            } else {
                parsed.bad.append(BadLine(line: lineNumber, reason: "not 'DATE INSTANT'"))
            }
        }
        return parsed
    }

    static func parseLine(_ line: ArraySlice<UInt8>) -> Action? {
        // `DATE INSTANT`, then optional fields; scanned by hand (this runs for every line of
        // every log on every tick).
        var rest = line
        if rest.last == 0x0D { rest = rest.dropLast() }
        while rest.first == 0x20 { rest = rest.dropFirst() }
        guard rest.count >= 12, rest[rest.startIndex + 10] == 0x20,
              let day = StreakDay.parse(rest.prefix(10))
        else { return nil }
        var instant = rest.dropFirst(11)
        while instant.first == 0x20 { instant = instant.dropFirst() }
        if let space = instant.firstIndex(of: 0x20) { instant = instant[..<space] }
        guard let at = Instant.parse(instant) else { return nil }
        return Action(day: day, at: at)
    }
}

/// A streak's settings, as `key=value` lines in `streak.conf`.
public struct StreakSettings: Hashable, Sendable {
    public var icon: String
    public var rules: Rules

    public init(icon: String = Icon.default, rules: Rules = Rules()) {
        self.icon = icon
        self.rules = rules
    }

    public func encoded() -> String {
        "# streakprompt streak settings\n"
            + "icon=\(icon)\n"
            + "schedule=\(rules.schedule)\n"
            + "freezes=\(rules.freezes)\n"
    }

    /// Parses settings; unknown keys are ignored so a newer version's file still reads.
    public static func parse(_ bytes: [UInt8]) -> Result<StreakSettings, BadLine> {
        var settings = StreakSettings()
        var lineNumber = 0
        for rawLine in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
            lineNumber += 1
            var line = rawLine
            if line.last == 0x0D { line = line.dropLast() }
            if line.isEmpty || line.first == UInt8(ascii: "#") { continue }
            guard let equals = line.firstIndex(of: UInt8(ascii: "=")) else {
                return .failure(BadLine(line: lineNumber, reason: "expected key=value"))
            }
            let key = String(decoding: line[..<equals], as: UTF8.self).trimmingSpaces()
            let value = String(decoding: line[(equals + 1)...], as: UTF8.self)
            guard let field = SettingsField.named(key) else { continue }
            if let problem = field.apply(value, to: &settings) {
                return .failure(BadLine(line: lineNumber, reason: key + " " + problem))
            }
        }
        return .success(settings)
    }
}

extension Rules {
    public static let maxFreezes = 1000
}

/// The prompt cache: everything the prompt needs for every streak, in one small file, so the
/// prompt reads one file and never the history.
///
/// ```
/// streakprompt-cache 1<TAB>STREAKS-STAMP
/// NAME<TAB>ICON<TAB>SCHEDULE-MASK<TAB>LAST<TAB>ALIVE<TAB>LENGTH<TAB>FREEZES-LEFT<TAB>BEST<TAB>TOTAL<TAB>STAMP
/// ```
/// `LAST` is a date or `-`. A stamp is the modification time (`SECONDS.NANOSECONDS`) of the
/// `streaks/` folder (header) or of the streak's folder (line) when the line was computed; the
/// prompt compares them with the folders to notice changes it did not see (a sync tool
/// delivering another machine's actions, or a writer killed before it refreshed the cache).
/// Extra fields are ignored. Rebuilt by every write and by `doctor --repair`; a missing or
/// unreadable cache only blanks the prompt.
public enum PromptCache {
    public static let magic = "streakprompt-cache 1"
    /// Larger than this is not a cache we wrote: the prompt prints nothing.
    public static let maxBytes = 1 << 20

    public struct Entry: Hashable, Sendable {
        public var name: String
        public var icon: String
        public var schedule: Schedule
        public var progress: Progress
        /// The streak folder's modification time when this entry was computed.
        public var stamp: String

        public init(name: String, icon: String, schedule: Schedule, progress: Progress, stamp: String = "") {
            self.name = name
            self.icon = icon
            self.schedule = schedule
            self.progress = progress
            self.stamp = stamp
        }

        public var line: String {
            let p = progress
            return [name, icon, String(schedule.mask), p.last?.description ?? "-", p.alive ? "1" : "0",
                    String(p.length), String(p.freezesLeft), String(p.best), String(p.total), stamp]
                .joined(separator: "\t") + "\n"
        }
    }

    public static func encode(_ entries: [Entry], stamp: String = "") -> String {
        var text = magic + "\t" + stamp + "\n"
        for entry in entries.sorted(by: { $0.name < $1.name }) { text += entry.line }
        return text
    }

    /// The header's stamp, or nil when the file is not a cache.
    public static func headerStamp(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard let body = bodyStart(bytes) else { return nil }
        let start = magic.utf8.count + 1
        guard body - 1 > start else { return "" }
        return String(decoding: bytes[start..<(body - 1)], as: UTF8.self)
    }

    /// Where the entries start (after the header line), or nil when the file is not a cache.
    static func bodyStart(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let magicBytes = magic.utf8
        guard bytes.count > magicBytes.count, bytes.starts(with: magicBytes) else { return nil }
        var index = magicBytes.count
        if bytes[index] == 0x09 {
            while index < bytes.count, bytes[index] != 0x0A { index += 1 }
        }
        guard index < bytes.count, bytes[index] == 0x0A else { return nil }
        return index + 1
    }

    public static func decode(_ bytes: [UInt8]) -> [Entry]? {
        var entries: [Entry] = []
        let valid = bytes.withUnsafeBufferPointer { buffer in
            scan(buffer) { entries.append($0); return true }
        }
        return valid ? entries : nil
    }

    /// Calls `body` with each entry (as long as it returns true), without building an array:
    /// the prompt's path. Returns false when the file is not a cache.
    @discardableResult
    public static func scan(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (Entry) -> Bool) -> Bool {
        guard var start = bodyStart(bytes) else { return false }
        var entry = Entry(name: "", icon: "", schedule: .daily, progress: Progress(freezes: 0))
        while start < bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            if end == bytes.count { break }  // never written by us: ignore a torn tail
            if decodeLine(bytes, start, end, into: &entry), !body(entry) { break }
            start = end + 1
        }
        return true
    }

    /// Whether the cache has a line for this streak, checking names only.
    public static func contains(_ name: String, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var found = false
        let wanted = name.utf8
        _ = scanNames(bytes) { lineStart, nameEnd in
            if bytes[lineStart..<nameEnd].elementsEqual(wanted) { found = true; return false }
            return true
        }
        return found
    }

    private static func scanNames(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (Int, Int) -> Bool) -> Bool {
        guard var start = bodyStart(bytes) else { return false }
        while start < bytes.count {
            var tab = start
            while tab < bytes.count, bytes[tab] != 0x09, bytes[tab] != 0x0A { tab += 1 }
            var end = tab
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            if end == bytes.count { break }
            if !body(start, tab) { break }
            start = end + 1
        }
        return true
    }

    /// Reads the entry on the line `bytes[start..<end]` into `entry`; false if it does not parse.
    /// (An `inout` rather than an optional result: no generic metadata on the prompt's path.)
    static func decodeLine(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, into entry: inout Entry) -> Bool {
        // Nine tab-separated fields; a tenth and later ones are ignored.
        var bounds: (Int, Int, Int, Int, Int, Int, Int, Int, Int, Int) = (start, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var field = 1
        var i = start
        while i < end, field < 10 {
            if bytes[i] == 0x09 {
                switch field {
                case 1: bounds.1 = i + 1
                case 2: bounds.2 = i + 1
                case 3: bounds.3 = i + 1
                case 4: bounds.4 = i + 1
                case 5: bounds.5 = i + 1
                case 6: bounds.6 = i + 1
                case 7: bounds.7 = i + 1
                case 8: bounds.8 = i + 1
                default: bounds.9 = i + 1
                }
                field += 1
            }
            i += 1
        }
        guard field >= 9 else { return false }
        let stop = field == 9 ? end + 1 : bounds.9
        var stampEnd = end
        if field >= 10 {
            stampEnd = bounds.9
            while stampEnd < end, bytes[stampEnd] != 0x09 { stampEnd += 1 }
        }
        func slice(_ from: Int, _ to: Int) -> Slice<UnsafeBufferPointer<UInt8>> { bytes[from..<(to - 1)] }
        let name = slice(bounds.0, bounds.1)
        guard !name.isEmpty, name.count <= StreakName.maxLength, name.first != UInt8(ascii: "-"),
              name.allSatisfy(StreakName.isNameByte),
              let mask = Decimal.parse(slice(bounds.2, bounds.3)), mask < 256,
              let schedule = Schedule(mask: UInt8(mask)),
              bounds.5 - bounds.4 == 2,
              let length = Decimal.parse(slice(bounds.5, bounds.6)),
              // More freezes than a streak can hold would make the prompt walk that many
              // missed dates: not a cache we wrote.
              let freezesLeft = Decimal.parse(slice(bounds.6, bounds.7)), freezesLeft <= Rules.maxFreezes,
              let best = Decimal.parse(slice(bounds.7, bounds.8)),
              let total = Decimal.parse(slice(bounds.8, stop))
        else { return false }
        let aliveByte = bytes[bounds.4]
        guard aliveByte == UInt8(ascii: "0") || aliveByte == UInt8(ascii: "1") else { return false }
        var last: StreakDay?
        let lastField = slice(bounds.3, bounds.4)
        if !(lastField.count == 1 && lastField.first == UInt8(ascii: "-")) {
            guard let day = StreakDay.parse(lastField) else { return false }
            last = day
        }
        let alive = aliveByte == UInt8(ascii: "1") && last != nil
        let progress = Progress(last: last, through: last, alive: alive, length: alive ? length : 0, runStart: nil,
                                runEnd: nil, freezesLeft: freezesLeft, best: best, total: total)
        entry = Entry(name: String(decoding: name, as: UTF8.self),
                      icon: String(decoding: slice(bounds.1, bounds.2), as: UTF8.self),
                      schedule: schedule, progress: progress,
                      stamp: field >= 10 ? String(decoding: bytes[bounds.9..<stampEnd], as: UTF8.self) : "")
        return true
    }
}
