/// A change of a streak's rules from a date on (`add NAME --goal 3 --from DATE`).
///
/// Dates before it keep the rules they had. `at` (when the change was made), then the
/// record's text, order changes: on every date, one made later applies over the ones made
/// before it (`RulesTimeline`), so the result depends only on the set of changes.
public struct RuleChange: Hashable, Sendable {
    public var from: StreakDay
    public var at: Instant
    public var fields: RuleFields

    public init(from: StreakDay, at: Instant, fields: RuleFields) {
        self.from = from
        self.at = at
        self.fields = fields
    }

    /// The record as an event log writes it (without the newline): its tie-breaking text.
    public var text: String { EventLog.text(.rules(self)) }
}

/// A pause (`pause NAME --from D --to D`) or its removal over a range of dates.
///
/// A date is paused when the latest record covering it (by `at`, an unpause winning a tie)
/// is a pause.
public struct PauseRecord: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case pause
        case unpause
    }

    public var kind: Kind
    public var from: StreakDay
    /// Inclusive.
    public var to: StreakDay
    public var at: Instant

    public init(_ kind: Kind, from: StreakDay, to: StreakDay, at: Instant) {
        self.kind = kind
        self.from = from
        self.to = to
        self.at = at
    }

    public var text: String { EventLog.text(.pause(self)) }
}

/// An action taken back (`untick`): the action with this id at this date and moment; without
/// an id (as the releases before ids wrote it), every action of this date at this moment.
public struct Retraction: Hashable, Sendable {
    public var day: StreakDay
    /// The moment of the action taken back.
    public var at: Instant
    /// When it was taken back.
    public var made: Instant
    /// The id of the action taken back (`Action.id`), when it has one.
    public var id: String?

    public init(day: StreakDay, at: Instant, made: Instant, id: String? = nil) {
        self.day = day
        self.at = at
        self.made = made
        self.id = id
    }

    public func covers(_ action: Action) -> Bool {
        action.day == day && action.at.seconds == at.seconds && (id == nil || id == action.id)
    }
}

/// One line of an event log.
public enum StreakEvent: Hashable, Sendable {
    case rules(RuleChange)
    case pause(PauseRecord)
    case untick(Retraction)
    case archive(Instant)
    case unarchive(Instant)

    /// When the record was made.
    public var at: Instant {
        switch self {
        case .rules(let change): return change.at
        case .pause(let record): return record.at
        case .untick(let retraction): return retraction.made
        case .archive(let at), .unarchive(let at): return at
        }
    }
}

/// The event log format (`streaks/NAME/MACHINE.events`): one record per line,
/// `INSTANT KIND key=value...`:
///
/// ```
/// 2026-11-23T09:00:00+01:00 rules from=2026-11-23 goal=3
/// 2026-11-23T09:01:00+01:00 pause from=2026-12-20 to=2027-01-02
/// 2026-11-24T10:02:00+01:00 untick date=2026-11-24 at=2026-11-24T09:58:10+01:00 id=3f9a0c1e22b5d711
/// 2026-11-25T08:00:00+01:00 archive
/// ```
///
/// `rules` fields are read by their settings-field parsers (`SettingsField`; not `icon`). Unknown
/// `key=value` fields are ignored; a field without `=`, a bad value or a missing required
/// field makes the line unreadable (reported, kept). A kind this version does not know is
/// reported apart, as written by a newer streakprompt, and is not damage. Blank lines,
/// comments and torn last lines as `LogLines` says.
public enum EventLog {
    public static let header = "# streakprompt events v1: INSTANT KIND ARGS...\n"

    public struct Parsed: Sendable {
        public var events: [StreakEvent] = []
        public var bad: [BadLine] = []
        /// Lines of a kind this version does not know.
        public var newer: [BadLine] = []
        public var endsTorn = false
        /// Lines that are git's conflict markers, skipped (see `ActionLog.Parsed`).
        public var conflictMarkers: [Int] = []
    }

    public static func line(_ event: StreakEvent) -> String { text(event) + "\n" }

    /// The line without its newline.
    public static func text(_ event: StreakEvent) -> String {
        var text = event.at.description + " "
        switch event {
        case .rules(let change):
            text += "rules from=" + change.from.description
            for (field, value) in change.fields.pairs { text += " " + field.rawValue + "=" + value }
        case .pause(let record):
            text += (record.kind == .pause ? "pause" : "unpause") + " from=" + record.from.description
                + " to=" + record.to.description
        case .untick(let retraction):
            text += "untick date=" + retraction.day.description + " at=" + retraction.at.description
            if let id = retraction.id { text += " id=" + id }
        case .archive:
            text += "archive"
        case .unarchive:
            text += "unarchive"
        }
        return text
    }

    public static func parse(_ bytes: [UInt8]) -> Parsed {
        var parsed = Parsed()
        parsed.endsTorn = LogLines.read(bytes, bad: &parsed.bad, markers: &parsed.conflictMarkers) { number, line in
            switch parseLine(line) {
            case .event(let event):
                parsed.events.append(event)
                return nil
            case .newer(let kind):
                parsed.newer.append(BadLine(line: number, reason: "a '\(Text.visible(kind))' record, written by a newer streakprompt (kept, not counted)"))
                return nil
            case .bad(let reason):
                return reason
            }
        }
        return parsed
    }

    enum LineResult {
        case event(StreakEvent)
        case newer(String)
        case bad(String)
    }

    static func parseLine(_ line: ArraySlice<UInt8>) -> LineResult {
        var rest = LogLines.trimmed(line)
        while rest.last == 0x20 { rest = rest.dropLast() }
        guard let space = rest.firstIndex(of: 0x20), let at = Instant.parse(rest[..<space]) else {
            return .bad("not 'INSTANT KIND ...'")
        }
        rest = rest[space...]
        while rest.first == 0x20 { rest = rest.dropFirst() }
        let kindEnd = rest.firstIndex(of: 0x20) ?? rest.endIndex
        let kind = String(decoding: rest[..<kindEnd], as: UTF8.self)
        let args = rest[kindEnd...]
        var dates: (from: StreakDay?, to: StreakDay?, date: StreakDay?) = (nil, nil, nil)
        var moment: Instant?
        var id: String?
        var given = GivenSettings()
        // Arrays of a few keys, not sets: a set of strings is a generic type the runtime
        // builds at first use, dearer than reading the whole line. `wanted` in sorted order:
        // the first missing one is named.
        var seen: [String] = []
        let wanted: [String]
        switch kind {
        case "rules": wanted = ["from"]
        case "pause", "unpause": wanted = ["from", "to"]
        case "untick": wanted = ["at", "date"]
        case "archive", "unarchive": wanted = []
        default: return .newer(kind)
        }
        let problem = LogLines.fields(args) { keyBytes, value, hasValue in
            let key = String(decoding: keyBytes, as: UTF8.self)
            guard hasValue else { return "'\(Text.visible(key))' is not key=value" }
            guard !seen.contains(key) else { return "\(key)= is given twice" }
            seen.append(key)
            let text = String(decoding: value, as: UTF8.self)
            if wanted.contains(key) {
                if key == "at" {
                    guard let parsed = Instant.parse(value) else {
                        return "at= must be a moment such as 2026-11-22T21:57:05+01:00"
                    }
                    moment = parsed
                    return nil
                }
                guard let day = StreakDay.parse(value) else { return "\(key)= must be a date such as 2026-11-22" }
                switch key {
                case "from": dates.from = day
                case "to": dates.to = day
                default: dates.date = day
                }
                return nil
            }
            if kind == "untick", key == "id" {
                do throws(FieldError) {
                    id = try ActionField.id(text)
                } catch {
                    return error.message(at: key)
                }
                return nil
            }
            // The icon is no rule: it is the same on every date (a `rules` line does not set it).
            if kind == "rules", let field = SettingsField.named(key), field.isRule {
                do throws(FieldError) {
                    try field.read(text, into: &given)
                } catch {
                    return error.message(at: key)
                }
            }
            return nil
        }
        if let problem { return .bad(problem) }
        if let missing = wanted.first(where: { !seen.contains($0) }) {
            return .bad("a '\(kind)' record needs \(missing)=")
        }
        switch kind {
        case "rules":
            return .event(.rules(RuleChange(from: dates.from!, at: at, fields: given.rules)))
        case "pause", "unpause":
            guard dates.to! >= dates.from! else { return .bad("to= is before from=") }
            return .event(.pause(PauseRecord(kind == "pause" ? .pause : .unpause, from: dates.from!, to: dates.to!, at: at)))
        case "untick":
            return .event(.untick(Retraction(day: dates.date!, at: moment!, made: at, id: id)))
        case "archive":
            return .event(.archive(at))
        default:
            return .event(.unarchive(at))
        }
    }
}

extension StreakHistory {
    /// The history of a streak from its creation rules, its actions and its event records
    /// (archive records do not change the streak's state; see `EventLog.archived(_:)`).
    public init(rules: Rules, actions: [Action], events: [StreakEvent]) {
        self.init(rules: rules, actions: actions)
        for event in events {
            switch event {
            case .rules(let change): changes.append(change)
            case .pause(let record): pauses.append(record)
            case .untick(let retraction): retractions.append(retraction)
            case .archive, .unarchive: break
            }
        }
    }
}

extension EventLog {
    /// Whether the latest archive or unarchive record (by when it was made, then by its text)
    /// is an archive: the same answer whatever order the records arrived in.
    public static func archived(_ events: some Sequence<StreakEvent>) -> Bool {
        var latest: (seconds: Int64, text: String, archived: Bool)?
        for event in events {
            let archived: Bool
            switch event {
            case .archive: archived = true
            case .unarchive: archived = false
            default: continue
            }
            let key = (event.at.seconds, text(event))
            if let known = latest, (known.seconds, known.text) >= key { continue }
            latest = (key.0, key.1, archived)
        }
        return latest?.archived ?? false
    }
}
