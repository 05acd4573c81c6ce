/// One recorded action: the streak date it counts for, the moment it happened (with the UTC
/// offset of where it happened), how many it counts for, an optional note, and its identity.
public struct Action: Hashable, Sendable, Comparable {
    public var day: StreakDay
    public var at: Instant
    /// 1 for a plain tick; K for `tick --count K`.
    public var count: Int
    public var note: String?
    /// What makes this action itself and no other (`id=` in its log line): every action this
    /// version records has one, random, so two actions in the same second (three quick ticks,
    /// two machines) are two actions, and the same line read from two logs is one. Lines
    /// written before actions had ids have none: those are one action per date and moment,
    /// as they always read (see `identity`).
    public var id: String?

    public init(day: StreakDay, at: Instant, count: Int = 1, note: String? = nil, id: String? = nil) {
        self.day = day
        self.at = at
        self.count = count
        self.note = note
        self.id = id
    }

    /// What makes two recorded lines one action: the date, the moment (the offset is how it
    /// was written, not what happened) and the id; without an id, the date and the moment.
    public struct Identity: Hashable, Sendable {
        public var day: StreakDay
        public var seconds: Int64
        public var id: String?
    }

    public var identity: Identity { Identity(day: day, seconds: at.seconds, id: id) }

    /// Date, moment, id (none first), offset, then count and note: a total order in which one
    /// action's lines sit side by side, so "the first of equal moments" is the same whatever
    /// order the actions arrived in.
    public static func < (lhs: Action, rhs: Action) -> Bool {
        if lhs.day != rhs.day { return lhs.day < rhs.day }
        if lhs.at.seconds != rhs.at.seconds { return lhs.at.seconds < rhs.at.seconds }
        if lhs.id != rhs.id {
            switch (lhs.id, rhs.id) {
            case (nil, _?): return true
            case (_?, nil): return false
            case (let a?, let b?): return a < b
            case (nil, nil): break
            }
        }
        if lhs.at.offset != rhs.at.offset { return lhs.at.offset < rhs.at.offset }
        if lhs.count != rhs.count { return lhs.count < rhs.count }
        switch (lhs.note, rhs.note) {
        case (nil, nil), (_?, nil): return false
        case (nil, _?): return true
        case (let a?, let b?): return a < b
        }
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

/// The robustness every append-only log shares: lines starting with `#` and blank lines are
/// ignored; git's conflict markers are skipped and listed (the lines of both sides read); a bad line is reported with its number and the rest still read; a last line
/// without its newline is kept if it reads and is `whole`, and reported as cut short (a crash
/// mid-write) if it is not.
enum LogLines {
    /// Calls `read` with each line that is not blank or a comment, and its number; `read`
    /// keeps what it reads and returns why a line does not read (nil when it does). A last
    /// line without its newline is read only when `whole` says it was written to its end.
    /// Returns whether the file ends without a newline.
    /// The length of a UTF-8 byte order mark at the start of `bytes` (3), or 0.
    static func byteOrderMark(_ bytes: [UInt8]) -> Int {
        bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
    }

    static func read(_ bytes: [UInt8], bad: inout [BadLine], markers: inout [Int],
                     whole: (ArraySlice<UInt8>) -> Bool = { _ in true },
                     _ read: (Int, ArraySlice<UInt8>) -> String?) -> Bool {
        var lineNumber = 0
        // A byte order mark an editor put before the first line (Notepad's UTF-8): not part
        // of it, so the header still reads as the header.
        var start = byteOrderMark(bytes)
        let count = bytes.count
        while start < count {
            lineNumber += 1
            // Logs hold years of lines: find the line's end without bounds checks.
            let end = bytes.withUnsafeBufferPointer { lineEnd($0, from: start) }
            let complete = end < count
            let line = bytes[start..<end]
            start = end + 1
            if !complete {
                // A hand-edited file may just lack its last newline: keep the line if it reads.
                if !whole(line) || read(lineNumber, line) != nil {
                    bad.append(BadLine(line: lineNumber, reason: "the last line is cut short (no newline)"))
                }
                return true
            }
            if line.isEmpty || line.first == UInt8(ascii: "#") || line.allSatisfy({ $0 == 0x20 || $0 == 0x0D }) {
                continue
            }
            // A log merged without git's union merge: skip the markers, read both sides.
            if ConflictMarker.isMarker(line) {
                markers.append(lineNumber)
                continue
            }
            if let reason = read(lineNumber, line) { bad.append(BadLine(line: lineNumber, reason: reason)) }
        }
        return false
    }

    /// Where the line starting at `start` ends: its line break, or the end of the bytes.
    static func lineEnd(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        let count = buffer.count
        var end = start
        // Eight bytes at a time while none of them is a line break.
        if let base = buffer.baseAddress {
            while end + 8 <= count {
                let word = UnsafeRawPointer(base + end).loadUnaligned(as: UInt64.self) ^ 0x0A0A_0A0A_0A0A_0A0A
                if (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080 != 0 { break }
                end += 8
            }
        }
        while end < count, buffer[end] != 0x0A { end += 1 }
        return end
    }

    /// The line without a trailing `\r` and leading spaces.
    static func trimmed(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var rest = line
        if rest.last == 0x0D { rest = rest.dropLast() }
        while rest.first == 0x20 { rest = rest.dropFirst() }
        return rest
    }

    /// Calls `body` with each space-separated field of `bytes`, as `key` and `value` split at
    /// the first `=` (the whole field is the key, and `hasValue` false, when it has none).
    /// Stops with the first reason `body` returns.
    static func fields(_ bytes: ArraySlice<UInt8>,
                       _ body: (_ key: ArraySlice<UInt8>, _ value: ArraySlice<UInt8>, _ hasValue: Bool) -> String?) -> String? {
        var rest = bytes
        while true {
            while rest.first == 0x20 { rest = rest.dropFirst() }
            guard !rest.isEmpty else { return nil }
            let end = rest.firstIndex(of: 0x20) ?? rest.endIndex
            let field = rest[..<end]
            rest = rest[end...]
            let reason: String?
            if let equals = field.firstIndex(of: UInt8(ascii: "=")) {
                reason = body(field[..<equals], field[(equals + 1)...], true)
            } else {
                reason = body(field, field[field.endIndex...], false)
            }
            if let reason { return reason }
        }
    }
}

/// The action log format: one action per line, `DATE INSTANT [count=K] [note=TEXT] [id=ID]`,
/// e.g. `2026-11-22 2026-11-22T21:57:05+01:00 count=3 note=ran%205%20km id=3f9a0c1e22b5d711`.
///
/// A first-release line (`DATE INSTANT`) counts 1 and has no note and no id. `count=` (1 or
/// more), `note=` (percent-encoded, see `ActionField`) and `id=` are read with their field
/// parsers, and a bad value makes the line unreadable; other `key=value` fields are ignored (later versions may
/// add some), and so are fields without `=`, as the first release ignored every field after
/// the second. Blank lines, comments and torn last lines as `LogLines` says.
public enum ActionLog {
    public static let header = "# streakprompt actions v3: DATE INSTANT [count=K] [note=TEXT] [id=ID]\n"
    /// What the second release wrote at the top of a new log (kept for its fixture).
    public static let headerV2 = "# streakprompt actions v2: DATE INSTANT [count=K] [note=TEXT]\n"
    /// What the first release wrote at the top of a new log (kept for its fixture).
    public static let headerV1 = "# streakprompt actions v1: DATE INSTANT (the streak date it counts for, when it happened)\n"

    public static func line(_ action: Action) -> String {
        var text = action.day.description + " " + action.at.description
        if action.count != 1 { text += " count=" + String(action.count) }
        if let note = action.note { text += " note=" + ActionField.encodedNote(note) }
        if let id = action.id { text += " id=" + id }
        return text + "\n"
    }

    /// Whether a line was written to its end, as `line(_:)` ends every line it writes: with
    /// ` id=` and 16 lowercase hex digits.
    public static func isWhole(_ line: ArraySlice<UInt8>) -> Bool {
        guard line.count >= 20 else { return false }
        let id = line.index(line.endIndex, offsetBy: -16)
        guard line[line.index(id, offsetBy: -4)..<id].elementsEqual(" id=".utf8) else { return false }
        return line[id...].allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// Whether a log's lines all end with their id (`isWhole`): a log this version started
    /// (its v3 header). Logs started before ids (v1, v2) hold lines without them, and their
    /// last line may lack its newline (a hand edit; the first release's own fixture).
    public static func endsLinesWithIDs(_ bytes: [UInt8]) -> Bool {
        bytes.dropFirst(LogLines.byteOrderMark(bytes)).starts(with: "# streakprompt actions v3".utf8)
    }

    /// Whether a last line without its newline counts (if it reads). In a log whose lines end
    /// with their id, only a whole one: a write cut short inside the id, or before it, leaves a
    /// line that reads, as an action with another identity (an export made before counted it
    /// twice once imported), or none. In an older log, any line without an id that does not
    /// end in the start of one (` i`, ` id`); one with an id, only whole.
    public static func countsUnterminated(_ line: ArraySlice<UInt8>, idsEverywhere: Bool) -> Bool {
        if isWhole(line) { return true }
        if idsEverywhere || line.last == 0x20 || line.suffix(2).elementsEqual(" i".utf8) || line.suffix(3).elementsEqual(" id".utf8) {
            return false
        }
        var before: (UInt8, UInt8) = (0, 0)
        for byte in line {
            if before == (UInt8(ascii: "i"), UInt8(ascii: "d")), byte == UInt8(ascii: "=") { return false }
            before = (before.1, byte)
        }
        return true
    }

    /// What an append writes before a line a crash cut short (not `isWhole`) when it ends it:
    /// the line stays, as a comment.
    public static let tornComment = "# cut short by a crash, not counted: "

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
        let idsEverywhere = endsLinesWithIDs(bytes)
        parsed.endsTorn = LogLines.read(bytes, bad: &parsed.bad, markers: &parsed.conflictMarkers,
                                        whole: { countsUnterminated($0, idsEverywhere: idsEverywhere) }) { _, line in
            switch parseLine(line) {
            case .success(let action):
                parsed.actions.append(action)
                return nil
            case .failure(let problem):
                return problem.reason
            }
        }
        return parsed
    }

    /// The actions of one date (`YYYY-MM-DD`): the lines that start with it, read as `parse`
    /// reads them; only those lines are read. (A tick reads its own date this way; see
    /// `Store.tick`.) A torn last line of that date is reported, as `parse` reports it.
    public static func lines(of day: String, in bytes: [UInt8]) -> Parsed {
        var parsed = Parsed()
        let wanted = Array(day.utf8)
        guard wanted.count == 10 else { return parsed }
        bytes.withUnsafeBufferPointer { buffer in
            var start = 0
            var lineNumber = 0
            while start < buffer.count {
                lineNumber += 1
                let end = LogLines.lineEnd(buffer, from: start)
                if end - start > 10, buffer[start] == wanted[0], buffer[start + 10] == 0x20,
                   (1..<10).allSatisfy({ buffer[start + $0] == wanted[$0] }) {
                    let complete = end < buffer.count
                    switch complete || countsUnterminated(bytes[start..<end], idsEverywhere: endsLinesWithIDs(bytes))
                        ? parseLine(bytes[start..<end])
                        : .failure(FieldError("cut short", standsAlone: true)) {
                    case .success(let action): parsed.actions.append(action)
                    case .failure(let problem):
                        parsed.bad.append(BadLine(line: lineNumber, reason: complete ? problem.reason
                                                  : "the last line is cut short (no newline)"))
                    }
                }
                start = end + 1
            }
        }
        return parsed
    }

    static func parseLine(_ line: ArraySlice<UInt8>) -> Result<Action, FieldError> {
        // Most lines are exactly what `line(_:)` writes: read those in one pass over fixed
        // positions (this runs for every line of every log on every tick, and a log holds
        // years of lines). Anything else, and anything the pass does not accept, is read by
        // the general path below, which accepts everything the pass does, with the same result.
        if let action = canonical(line) { return .success(action) }
        return parseGeneral(line)
    }

    /// Any line: `DATE INSTANT`, then optional fields; scanned by hand.
    static func parseGeneral(_ line: ArraySlice<UInt8>) -> Result<Action, FieldError> {
        let rest = LogLines.trimmed(line)
        guard rest.count >= 12, rest[rest.startIndex + 10] == 0x20,
              let day = StreakDay.parse(rest.prefix(10))
        else { return .failure(FieldError("not 'DATE INSTANT'", standsAlone: true)) }
        var instant = rest.dropFirst(11)
        while instant.first == 0x20 { instant = instant.dropFirst() }
        var fields = instant[instant.endIndex...]
        if let space = instant.firstIndex(of: 0x20) {
            fields = instant[space...]
            instant = instant[..<space]
        }
        guard let at = Instant.parse(instant) else { return .failure(FieldError("not 'DATE INSTANT'", standsAlone: true)) }
        var action = Action(day: day, at: at)
        var seen = (count: false, note: false, id: false)
        let problem = LogLines.fields(fields) { key, value, hasValue in
            guard hasValue else { return nil }
            let name = key.elementsEqual("count".utf8) ? "count" : key.elementsEqual("id".utf8) ? "id" : "note"
            do throws(FieldError) {
                if key.elementsEqual("count".utf8) {
                    if seen.count { return "count= is given twice" }
                    seen.count = true
                    action.count = try ActionField.count(String(decoding: value, as: UTF8.self))
                } else if key.elementsEqual("note".utf8) {
                    if seen.note { return "note= is given twice" }
                    seen.note = true
                    action.note = try ActionField.decodedNote(value)
                } else if key.elementsEqual("id".utf8) {
                    if seen.id { return "id= is given twice" }
                    seen.id = true
                    action.id = try ActionField.id(String(decoding: value, as: UTF8.self))
                }
            } catch {
                return error.message(at: name)
            }
            return nil
        }
        if let problem { return .failure(FieldError(problem, standsAlone: true)) }
        return .success(action)
    }
}

extension ActionLog {
    /// The action on a line written as `line(_:)` writes it, `YYYY-MM-DD YYYY-MM-DDTHH:MM:SS±HH:MM`,
    /// at most ` count=K`, and at most ` id=` with 16 lowercase hex digits (what this version
    /// writes); nil for any other line (a note, other fields, other spacing, an offset with
    /// seconds, a value out of range), which the general path then reads.
    static func canonical(_ line: ArraySlice<UInt8>) -> Action? {
        line.withUnsafeBufferPointer { whole -> Action? in
            var p = whole
            var id: String?
            let idLength = 20
            if whole.count >= 36 + idLength {
                let start = whole.count - idLength
                if whole[start] == 0x20, whole[start + 1] == UInt8(ascii: "i"), whole[start + 2] == UInt8(ascii: "d"),
                   whole[start + 3] == UInt8(ascii: "=") {
                    let digits = UnsafeBufferPointer(rebasing: whole[(start + 4)...])
                    guard digits.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) else { return nil }
                    id = String(decoding: digits, as: UTF8.self)
                    p = UnsafeBufferPointer(rebasing: whole[..<start])
                }
            }
            guard p.count >= 36, p[10] == 0x20, p[4] == 0x2D, p[7] == 0x2D, p[15] == 0x2D, p[18] == 0x2D,
                  p[21] == UInt8(ascii: "T"), p[24] == 0x3A, p[27] == 0x3A, p[33] == 0x3A,
                  p[30] == UInt8(ascii: "+") || p[30] == 0x2D
            else { return nil }
            var valid = true
            func number(_ at: Int, _ width: Int) -> Int {
                var value = 0
                for index in at..<(at + width) {
                    let digit = Int(p[index]) &- 0x30
                    if digit < 0 || digit > 9 { valid = false }
                    value = value * 10 + digit
                }
                return value
            }
            let date = (number(0, 4), number(5, 2), number(8, 2))
            let local = (number(11, 4), number(16, 2), number(19, 2), number(22, 2), number(25, 2), number(28, 2))
            let offset = (number(31, 2), number(34, 2))
            guard valid, local.3 < 24, local.4 < 60, local.5 <= 60, offset.0 <= 14, offset.1 < 60,
                  let day = StreakDay(year: date.0, month: date.1, day: date.2),
                  let localDay = StreakDay(year: local.0, month: local.1, day: local.2)
            else { return nil }
            var count = 1
            if p.count > 36 {
                // ` count=K`, K from 1 to `ActionField.maxCount`, without leading zeros.
                guard p.count > 43, p.count <= 50, p[36] == 0x20, p[37] == UInt8(ascii: "c"), p[38] == UInt8(ascii: "o"),
                      p[39] == UInt8(ascii: "u"), p[40] == UInt8(ascii: "n"), p[41] == UInt8(ascii: "t"),
                      p[42] == UInt8(ascii: "="), p[43] != 0x30
                else { return nil }
                count = number(43, p.count - 43)
                guard valid, count >= 1, count <= ActionField.maxCount else { return nil }
            }
            let seconds = local.3 * 3600 + local.4 * 60 + Swift.min(local.5, 59)
            let east = (offset.0 * 3600 + offset.1 * 60) * (p[30] == 0x2D ? -1 : 1)
            let wall = LocalDateTime(day: localDay, secondOfDay: seconds)
            return Action(day: day, at: Instant(seconds: wall.utcSeconds - Int64(east), offset: east), count: count, id: id)
        }
    }
}
