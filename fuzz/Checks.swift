#if canImport(Glibc)
import Glibc
#endif
import StreakCore
import StreakSystem

/// What each target checks beyond "does not crash": the property that makes the parser safe
/// to trust, so a violation stops the fuzzer like a crash does (and leaves the input behind).
enum Checks {
    /// Stops the run with the input kept as a crash artifact.
    static func require(_ condition: @autoclosure () -> Bool, _ what: @autoclosure () -> String) {
        if !condition() {
            fputs("fuzz check failed: \(what())\n", stderr)
            abort()
        }
    }

    static let zones: [any ZoneRules] = [LocalZone(), FixedOffsetZone(offset: 0), FixedOffsetZone(offset: 14 * 3600),
                                         FixedOffsetZone(offset: -Instant.maxOffset)]

    /// Every action the reader takes is one the writer can write, and reads back the same.
    static func actionLog(_ bytes: [UInt8]) {
        let parsed = ActionLog.parse(bytes)
        for action in parsed.actions {
            require(action.isRecordable, "the reader took \(action), which cannot be written back")
            let again = ActionLog.parse(Array(ActionLog.line(action).utf8))
            require(again.actions == [action] && again.bad.isEmpty, "\(action) does not read back from its line")
        }
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).count
        require(parsed.actions.count + parsed.bad.count <= lines, "more actions and bad lines than lines")
        _ = Replay(days: parsed.actions.map(\.day), rules: Rules(), zone: FixedOffsetZone(offset: 0))
    }

    /// Settings that read are written back as settings that read the same.
    static func settings(_ bytes: [UInt8]) {
        guard case .success(let settings) = StreakSettings.parse(bytes) else { return }
        let again = StreakSettings.parse(Array(settings.encoded().utf8))
        require(again == .success(settings), "settings do not read back: \(settings)")
    }

    /// The prompt's path: whatever the cache holds, reading and rendering it in every host
    /// ends, in bounded work, with one line of text; and a cache that decodes is a fixed point.
    static func promptCache(_ bytes: [UInt8]) {
        guard let entries = PromptCache.decode(bytes) else { return }
        bytes.withUnsafeBufferPointer { buffer in
            _ = PromptCache.headerStamp(buffer)
            _ = PromptCache.contains("default", in: buffer)
        }
        let again = PromptCache.decode(Array(PromptCache.encode(entries).utf8))
        require(again.map(Set.init) == Set(entries), "a decoded cache does not encode back")
        let today = StreakDay(ordinal: 20_600)
        for entry in entries.prefix(4) {
            let rules = Rules(schedule: entry.schedule, freezes: entry.progress.freezesLeft)
            for zone in zones {
                for day in [today, entry.progress.last.map { $0 + 3 } ?? today, StreakDay.latest] {
                    let reading = entry.progress.reading(today: day, rules: rules, zone: zone)
                    for host in Host.allCases {
                        let text = Segment(name: entry.name, icon: entry.icon, reading: reading)
                            .rendered(SegmentFormat("{icon}{count}{best}{name}{state}{total}{freezes}"), host: host, color: false)
                        requireOneLine(text, "cache entry \(entry.name) for \(host)")
                    }
                }
            }
        }
    }

    /// A views file, as the binary reads it (the shells' readers follow the same format and
    /// are run against forged files in the end-to-end tests): picking the piece shown at any
    /// moment ends, in one line; a spec that reads renders into a view that reads back the
    /// same spec under the same name; only names the program gives views are ones it removes.
    static func view(_ bytes: [UInt8]) {
        for now: Int64 in [0, 1_795_000_000, Int64(Int32.max), -1] {
            if let text = Views.pick(bytes, now: now) { require(!text.contains("\n"), "the piece picked at \(now) spans lines") }
        }
        let name = String(decoding: bytes.prefix(40), as: UTF8.self)
        if Views.isViewName(name) {
            require(!name.contains("/") && !name.hasPrefix("."), "\(name.debugDescription) is taken for a view's name")
        }
        guard let spec = Views.Spec.parse(bytes) else { return }
        let written = [UInt8]().withUnsafeBufferPointer { Views.text(spec, cache: $0, now: 1_795_000_000) }
        let again = Views.Spec.parse(Array(written.utf8))
        require(again == spec, "a view's spec does not read back: \(spec)")
        require(again?.id == spec.id && Views.isViewName(spec.id), "a view's name changed or is not one: \(spec.id)")
    }

    /// The views' kept columns (`views/columns`), which every change reads and writes again:
    /// a file that reads is written back, every column kept, as a file that reads back the
    /// same; one that does not read is dropped whole. The input is the file after its first
    /// line, which names this build (no seed could name the build that runs it).
    static func viewColumns(_ bytes: [UInt8]) {
        guard let again = ViewColumns.keptAgain(Array(ViewColumns.header.utf8) + bytes) else { return }
        require(ViewColumns.keptAgain(again) == again, "kept columns do not read back the same")
    }

    /// Times a user types: parsing and the zone arithmetic never trap, an exact moment is one
    /// a log can hold, and the date of any accepted moment reads back.
    static func timeInput(_ bytes: [UInt8]) {
        _ = DayStart(String(decoding: bytes, as: UTF8.self))
        _ = StreakDay.parse(bytes)
        guard let input = TimeInput.parse(bytes[...]) else { return }
        if case .exact(let instant) = input {
            require(instant.isRecordable, "an exact moment typed by a user is not recordable: \(instant.seconds) \(instant.offset)")
        }
        let dayStart = DayStart(seconds: Int(bytes.first ?? 0) * 300 % 86400)
        for zone in zones { timeInZone(input, zone, dayStart) }
    }

    static func timeInZone(_ input: TimeInput, _ zone: some ZoneRules, _ dayStart: DayStart) {
        let moment = input.moment(in: zone, present: 1_795_600_000, dayStart: dayStart)
        let local = zone.local(at: moment)
        let clock = DayClock(zone: zone, dayStart: dayStart)
        let day = clock.day(at: moment)
        _ = clock.end(of: day)
        _ = zone.dayExists(day)
        if local.isRecordable {
            require(Instant.parse(Array(local.description.utf8)[...]) == local, "\(local) does not read back")
        }
    }

    /// Formats: in every host the segment is one line, with no control or bidi character of
    /// its own, and the host's markup characters doubled.
    static func segmentFormat(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        let format = SegmentFormat(text)
        _ = format.pieces
        let reading = Reading(state: .pending, current: 12, best: 40, total: 99, freezesLeft: 2, last: nil,
                              today: StreakDay(ordinal: 20_600))
        let icon = String(decoding: bytes.prefix(32), as: UTF8.self)
        for host in Host.allCases {
            for color in [false, true] {
                let rendered = Segment(name: "s", icon: icon, reading: reading).rendered(format, host: host, color: color)
                if !color {
                    requireOneLine(rendered, "format for \(host)")
                    if host == .zsh { requireDoubled(rendered, "%", host) }
                    if host == .tmux { requireDoubled(rendered, "#", host) }
                } else {
                    require(!rendered.contains("\n") && !rendered.contains("\r"), "a line break in the \(host) segment")
                }
            }
        }
    }

    /// An import file that reads, exported again in either encoding, reads back the same.
    static func jsonImport(_ bytes: [UInt8]) {
        guard let document = try? ExportDocument.parseJSON(bytes) else { return }
        requireRoundTrip(document)
    }

    static func csvImport(_ bytes: [UInt8]) {
        guard let document = try? ExportDocument.parseCSV(bytes) else { return }
        requireRoundTrip(document)
    }

    /// A journal that reads is written back as the same journal; it never names a path
    /// outside a streak's folder.
    static func journal(_ bytes: [UInt8]) {
        guard let journal = Journal.decode(bytes) else { return }
        for step in journal.steps { require(Journal.isStreakFilePath(step.path), "the journal names \(step.path)") }
        require(Journal.decode(journal.encoded()) == journal, "a journal does not read back")
    }

    /// Every event the reader takes reads back from its own line; folding the events with a
    /// few actions never traps, and gives the same reading whatever order they arrive in.
    static func eventLog(_ bytes: [UInt8]) {
        let parsed = EventLog.parse(bytes)
        for event in parsed.events {
            let again = EventLog.parse(Array(EventLog.line(event).utf8))
            require(again.events == [event] && again.bad.isEmpty, "\(event) does not read back from its line")
        }
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).count
        require(parsed.events.count + parsed.bad.count + parsed.newer.count <= lines, "more records than lines")
        var changes: [RuleChange] = []
        var pauses: [PauseRecord] = []
        var retractions: [Retraction] = []
        for event in parsed.events.prefix(64) {
            switch event {
            case .rules(let change): changes.append(change)
            case .pause(let record): pauses.append(record)
            case .untick(let retraction): retractions.append(retraction)
            case .archive, .unarchive: break
            }
        }
        let anchor = changes.first?.from ?? pauses.first?.from ?? StreakDay(ordinal: 20_600)
        let actions = (0..<12).map { offset in
            Action(day: anchor + (offset * 3 - 10), at: Instant(seconds: Int64(20_600 + offset) * 86_400, offset: 0))
        }.filter(\.isRecordable)
        func reading(_ history: StreakHistory) -> String {
            let replay = Replay(history: history, zone: FixedOffsetZone(offset: 0))
            let fold = replay.fold(at: anchor + 40, zone: FixedOffsetZone(offset: 0))
            return "\(fold.reading) \(fold.runs)"
        }
        let forward = StreakHistory(changes: changes, pauses: pauses, actions: actions, retractions: retractions)
        let backward = StreakHistory(changes: changes.reversed(), pauses: pauses.reversed(), actions: actions.reversed(),
                                     retractions: retractions.reversed())
        require(reading(forward) == reading(backward), "the reading depends on the order of the events")
    }

    // MARK: Helpers

    static func requireOneLine(_ text: String, _ what: String) {
        for scalar in text.unicodeScalars {
            require(!Text.isHidden(scalar), "\(what): control or bidi character U+\(String(scalar.value, radix: 16))")
        }
    }

    /// Every `mark` comes in a pair (what the host reads as one literal `mark`). Counted in
    /// scalars, as the host reads bytes: a combining mark after it makes no difference.
    static func requireDoubled(_ text: String, _ mark: Unicode.Scalar, _ host: Host) {
        var run = 0
        for scalar in text.unicodeScalars + ["\u{0}"] {
            if scalar == mark { run += 1; continue }
            require(run % 2 == 0, "a lone \(mark) in the \(host) segment: \(text)")
            run = 0
        }
    }

    static func requireRoundTrip(_ document: ExportDocument) {
        func normal(_ document: ExportDocument) -> [String] {
            document.streaks.map { streak in
                let settings = streak.settings ?? StreakSettings()
                return "\(streak.name)|\(settings.icon)|\(settings.rules)|\(streak.archived)|"
                    + streak.actions.map { "\($0.day) \($0.at.seconds) \($0.count) \($0.note ?? "")" }.joined(separator: ",")
                    + "|" + Set(streak.events.map(EventLog.text)).sorted().joined(separator: ",")
            }
        }
        let expected = normal(document)
        for action in document.streaks.flatMap(\.actions) {
            require(action.isRecordable, "an import accepted \(action), which no log can hold")
        }
        let fromJSON = try? ExportDocument.parse(Array(document.json().utf8))
        require(fromJSON.map(normal) == expected, "the JSON export does not read back")
        let fromCSV = try? ExportDocument.parse(Array(document.csv().utf8))
        require(fromCSV.map(normal) == expected, "the CSV export does not read back")
    }

    /// An archive reads into files no bigger in all than the limit, or is refused; never a crash.
    static func zipArchive(_ bytes: [UInt8]) {
        guard let files = try? ZipArchive.files(bytes, limit: 1 << 20) else { return }
        require(files.values.reduce(0) { $0 + $1.count } <= 1 << 20, "an archive unpacked past its limit")
    }

    /// DEFLATE data decodes within its limit, or is refused.
    static func inflate(_ bytes: [UInt8]) {
        guard let out = try? Inflate.decode(bytes[...], limit: 1 << 16) else { return }
        require(out.count <= 1 << 16, "inflate wrote past its limit")
    }

    /// The two parts of an input, split at its first NUL byte.
    static func halves(_ bytes: [UInt8]) -> ([UInt8], [UInt8]) {
        guard let nul = bytes.firstIndex(of: 0) else { return (bytes, []) }
        return (Array(bytes[..<nul]), Array(bytes[(nul + 1)...]))
    }

    /// Another tracker's data becomes an export this program writes and reads back the same:
    /// every name and tag a valid one, every action recordable.
    static func foreign(_ imported: ForeignImport) {
        let document = imported.document
        for streak in document.streaks {
            require(StreakName.problem(with: streak.name.text) == nil, "an imported streak has a bad name")
            for tag in streak.settings?.tags ?? [] { require(StreakTag.problem(with: tag) == nil, "a bad tag \(tag)") }
            for action in streak.actions { require(action.isRecordable, "an imported action cannot be written") }
        }
        let again = try? ExportDocument.parse(Array(document.json().utf8))
        require(again?.streaks.map(\.name) == document.streaks.map(\.name), "an imported document does not read back")
    }

    static func loopImport(_ bytes: [UInt8]) {
        let (habits, checkmarks) = halves(bytes)
        guard let imported = try? ForeignImport.loop(["Habits.csv": habits, "001 Habit/Checkmarks.csv": checkmarks,
                                                      "Checkmarks.csv": checkmarks], zone: FixedOffsetZone(offset: 0))
        else { return }
        foreign(imported)
    }

    /// Every number the importers read from another tracker's files, as the fuzzer writes
    /// it (a line each: Loop's frequency, target and two values, harsh's amount and
    /// frequency): read into counts and goals this tool holds, or refused with the file and
    /// line it was on; never a trap, never a count or goal out of range.
    static func foreignNumbers(_ bytes: [UInt8]) {
        var fields = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        fields = fields.map { $0.filter { $0 != "," && $0 != "\"" && $0 != "\r" } }
        while fields.count < 8 { fields.append("") }
        let habits = "Position,Name,Type,FrequencyNumerator,FrequencyDenominator,Target Type,Target Value\n"
            + "001,Run,NUMERICAL,\(fields[0]),\(fields[1]),\(fields[2].hasPrefix("-") ? "AT_MOST" : "AT_LEAST"),\(fields[2])\n"
        let checkmarks = "Date,Value\n2026-11-20,\(fields[3])\n2026-11-21,\(fields[4])\n"
        let loopFiles = ["Habits.csv": Array(habits.utf8), "001 Run/Checkmarks.csv": Array(checkmarks.utf8)]
        checkNumbers(at: ["Habits.csv": 2, "001 Run/Checkmarks.csv": 3]) { () throws(ForeignImport.Problem) in
            try ForeignImport.loop(loopFiles, zone: FixedOffsetZone(offset: 0))
        }
        let log = "2026-11-20 : Read : y :  : \(fields[5])\n2026-11-21 : Read : y\n"
        checkNumbers(at: ["log": 1, "habits": 1]) { () throws(ForeignImport.Problem) in
            try ForeignImport.harsh(habits: Array("Read: \(fields[6])\n".utf8), log: Array(log.utf8), today: StreakDay(ordinal: 20_600),
                                    zone: FixedOffsetZone(offset: 0))
        }
    }

    /// An import that reads has counts and goals in range; one that is refused names a file
    /// it was given and a line no further than `lastLines` says that file has.
    static func checkNumbers(at lastLines: [String: Int], _ read: () throws(ForeignImport.Problem) -> ForeignImport) {
        do throws(ForeignImport.Problem) {
            let imported = try read()
            for streak in imported.document.streaks {
                let goal = streak.settings?.rules.goal ?? 1
                require((1...Rules.maxGoal).contains(goal), "a goal out of range: \(goal)")
                for action in streak.actions {
                    require((1...ActionField.maxCount).contains(action.count), "a count out of range: \(action.count)")
                }
            }
            foreign(imported)
        } catch {
            require(lastLines[error.file].map { (1...$0).contains(error.line) } ?? false, "a problem names no line of the input: \(error.message)")
        }
    }

    static func harshImport(_ bytes: [UInt8]) {
        let (habits, log) = halves(bytes)
        guard let imported = try? ForeignImport.harsh(habits: habits, log: log, today: StreakDay(ordinal: 20_600),
                                                      zone: FixedOffsetZone(offset: 0))
        else { return }
        foreign(imported)
    }
}
