/// The prompt cache: everything the prompt needs for every streak, in one small file, so the
/// prompt reads one file and never the history.
///
/// ```
/// streakprompt-cache 2<TAB>STREAKS-STAMP
/// NAME ICON STAMP FILES WEEK RULES THROUGH LAST COUNT FLAGS LENGTH RUN-START RUN-END HELD
///   BEST-DAYS BEST-WEEKS ENDED-DAYS ENDED-WEEKS TOTAL LAST-MET WEEK-MET AHEAD   (one line, TABs between)
/// ```
/// One line per streak holds its `Progress` after its last action: `FILES` the bytes of the
/// streak's files when the line was written; `WEEK` the week start
/// (`mon`, `sun`); `RULES` the rules then in force (`Rules.compact`, e.g. `d127,1,0,0,2`);
/// `THROUGH` the date the state stands on and `LAST` the latest date with an action (dates
/// are `YYYY-MM-DD`, or `-` for none); `COUNT` that date's counts; `FLAGS` four digits: the
/// run is alive, the date is paused, its week holds a paused date, the streak is archived
/// (hidden from the all-streaks segment; a line with three reads as not archived); `LENGTH`, `RUN-START`,
/// `RUN-END` the current run; `HELD` freezes held; `BEST-DAYS`, `BEST-WEEKS` the longest runs,
/// `ENDED-DAYS`, `ENDED-WEEKS` the longest that have ended (what a run beats);
/// `TOTAL` met dates; `LAST-MET` the latest met date; `WEEK-MET` met dates in the week of
/// `THROUGH`; `AHEAD` the rule changes and pauses planned after it (`Ahead`, `-` for none);
/// then, only when the streak has tags or an earlier state, `TAGS` (`a,b`: what `--tag`
/// chooses by; empty for none); then, only when the state keeps some (`Progress.earlier`: the
/// latest date reads broken), the earlier states' fields `RULES` to `AHEAD` again, one after
/// the other, latest first (their `FLAGS` three or four digits, the fourth ignored).
///
/// A stamp is the modification time (`SECONDS.NANOSECONDS`) of the `streaks/` folder
/// (header) or of the streak's folder (line) when it was computed; the prompt compares them
/// with the folders to notice changes it did not see (a sync tool delivering another
/// machine's actions, or a writer killed before it refreshed the cache). Fields after
/// `TAGS` that do not read as earlier states are ignored (and a reader before tags ignores
/// `TAGS`, one before earlier states the fields after it). A first-release cache (`streakprompt-cache 1`) is not a cache: the
/// first prompt after the upgrade has it rebuilt at once (see `PromptSource.open`). Rebuilt by every write and by
/// `doctor --repair`; a missing or unreadable cache only blanks the prompt.
public enum PromptCache {
    public static let magic = "streakprompt-cache 2"
    /// The first release's cache: not read, rebuilt at once (see `PromptSource.open`).
    public static let magicV1 = "streakprompt-cache 1"
    /// Larger than this is not a cache we wrote: the prompt prints nothing.
    public static let maxBytes = 1 << 20

    public struct Entry: Hashable, Sendable {
        public var name: String
        public var icon: String
        public var progress: Progress
        /// The streak folder's modification time when this entry was computed.
        public var stamp: String
        /// The bytes of the streak's files when this entry was computed (0: not known): a file
        /// appended to in place leaves the folder's stamp as it was, not its size.
        public var files: Int
        /// Archived: left out of the segment of every streak, shown when named.
        public var archived: Bool
        /// The streak's tags, `a,b` (empty: none).
        public var tags: String

        public init(name: String, icon: String, progress: Progress, stamp: String = "", files: Int = 0,
                    archived: Bool = false, tags: String = "") {
            self.name = name
            self.icon = icon
            self.progress = progress
            self.stamp = stamp
            self.files = files
            self.archived = archived
            self.tags = tags
        }

        /// Whether `tag` is one of the streak's tags.
        public func hasTag(_ tag: Substring) -> Bool {
            var rest = Substring(tags)
            while !rest.isEmpty {
                let end = rest.firstIndex(of: ",") ?? rest.endIndex
                if rest[..<end] == tag { return true }
                rest = end == rest.endIndex ? rest[end...] : rest[rest.index(after: end)...]
            }
            return false
        }

        /// The first release's entry: `schedule` replaces the progress's schedule in day mode.
        public init(name: String, icon: String, schedule: Schedule, progress: Progress, stamp: String = "") {
            var progress = progress
            if progress.rules.unit == .day { progress.rules.schedule = schedule }
            self.init(name: name, icon: icon, progress: progress, stamp: stamp, files: 0)
        }

        /// The schedule in force after the last action (`daily` in week mode).
        public var schedule: Schedule { progress.rules.schedule }

        public var line: String {
            let p = progress
            var line = LineWriter()
            line.text(name)
            line.text(icon)
            line.text(stamp)
            line.number(files)
            line.text(p.weekStart.shortName)
            line.state(p, archived: archived)
            if !tags.isEmpty || p.earlier != nil { line.text(tags) }
            for earlier in p.earlier?.states ?? [] { line.state(earlier, archived: false) }
            return line.finished()
        }
    }

    /// Writes a cache line's fields, TAB-separated, as bytes: every write rewrites every line.
    struct LineWriter {
        private var writer = ByteWriter(capacity: 160)
        private var first = true

        private mutating func separate() {
            if !first { writer.byte(0x09) }
            first = false
        }

        mutating func text(_ text: String) {
            separate()
            writer.text(text)
        }

        mutating func number(_ value: Int) {
            separate()
            writer.digits(value)
        }

        mutating func rules(_ rules: Rules) {
            separate()
            rules.write(into: &writer)
        }

        /// A state's fields, `RULES` to `AHEAD`.
        mutating func state(_ p: Progress, archived: Bool) {
            rules(p.rules)
            date(p.through)
            date(p.last)
            number(p.dayCount)
            flags(p.alive, p.dayPaused, p.unitPaused, archived)
            number(p.length)
            date(p.runStart)
            date(p.runEnd)
            number(p.freezesLeft)
            number(p.bestDays)
            number(p.bestWeeks)
            number(p.endedBestDays)
            number(p.endedBestWeeks)
            number(p.total)
            date(p.lastMet)
            number(p.unitMet)
            text(p.ahead.isEmpty ? "-" : p.ahead.text)
        }

        /// `0` or `1` for each.
        mutating func flags(_ a: Bool, _ b: Bool, _ c: Bool, _ d: Bool) {
            separate()
            for flag in [a, b, c, d] { writer.byte(flag ? 0x31 : 0x30) }
        }

        /// `YYYY-MM-DD`, or `-`.
        mutating func date(_ day: StreakDay?) {
            separate()
            if let day { writer.date(day) } else { writer.byte(UInt8(ascii: "-")) }
        }

        mutating func finished() -> String {
            writer.byte(0x0A)
            return writer.string
        }
    }

    public static func encode(_ entries: [Entry], stamp: String = "", order: [String] = []) -> String {
        var text = magic + "\t" + stamp + "\n"
        let byName = Dictionary(entries.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for name in StreakOrder.arranged(entries.map(\.name), by: order) { text += byName[name]!.line }
        return text
    }

    /// Whether the bytes start with this version's header (the lines are read as they are
    /// shown; one that does not read is skipped).
    public static func isCache(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bodyStart(bytes) != nil
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

    /// The entry on the whole line that starts at `start`, or nil when it does not read.
    static func entry(atLine start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Entry? {
        var entry = Entry(name: "", icon: "", progress: Progress(rules: Rules()))
        var line = FieldReader(bytes: bytes, index: start)
        return decodeLine(&line, into: &entry) ? entry : nil
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
        var entry = Entry(name: "", icon: "", progress: Progress(rules: Rules()))
        while start < bytes.count {
            var line = FieldReader(bytes: bytes, index: start)
            let decoded = decodeLine(&line, into: &entry)
            let end = line.lineEnd()
            if end == bytes.count { break }  // never written by us: ignore a torn tail
            if decoded, !body(entry) { break }
            start = end + 1
        }
        return true
    }

    /// Calls `body` with the entries a segment shows, in the order shown: every streak's but
    /// the archived ones when `names` (separated by single spaces) is empty, else each named
    /// streak's that the cache has (archived or not). A word `+TAG` (`--tag TAG`) stands for
    /// every streak with that tag but the archived ones, in the cache's order; words that are
    /// all tags choose by any of them. An archived line left out of every streak's segment
    /// still comes with `shown` false. The prompt and the pre-rendered views (`SegmentPlan`)
    /// both choose with this.
    public static func forEachShown(_ bytes: UnsafeBufferPointer<UInt8>, names: String, _ body: (Entry, Bool) -> Void) {
        forEachShown(Lines(bytes: bytes), names: names) { entry, _, shown in body(entry, shown) }
    }

    /// `forEachShown` over the lines of a memo's cache, decoded as they are read: `body`
    /// gets each chosen entry's line (`ReadingMemo.entry(atLine:)`).
    public static func forEachShown(_ memo: ReadingMemo, names: String, _ body: (Int, Bool) -> Void) {
        forEachShown(Memo(memo: memo), names: names) { _, line, shown in body(line, shown) }
    }

    /// The entries of a cache, each in turn with where it is (as long as `body` returns true).
    protocol Entries {
        func scan(_ body: (Entry, Int) -> Bool)
    }

    struct Lines: Entries {
        let bytes: UnsafeBufferPointer<UInt8>
        func scan(_ body: (Entry, Int) -> Bool) { PromptCache.scan(bytes) { body($0, 0) } }
    }

    struct Memo: Entries {
        let memo: ReadingMemo
        func scan(_ body: (Entry, Int) -> Bool) {
            for line in 0..<memo.lineCount {
                if let entry = memo.entry(atLine: line), !body(entry, line) { break }
            }
        }
    }

    /// The one way entries are chosen.
    static func forEachShown(_ source: some Entries, names: String, _ body: (Entry, Int, Bool) -> Void) {
        func scan(_ visit: (Entry, Int) -> Bool) { source.scan(visit) }
        if names.isEmpty {
            scan { body($0, $1, !$0.archived); return true }
            return
        }
        // Only tags: one pass, each streak once, in the cache's order. (Names alone, the
        // plugins' usual case, split nothing here.)
        if names.first == "+", !names.contains(" ") || names.split(separator: " ").allSatisfy({ $0.first == "+" }) {
            let tags = names.split(separator: " ").map { $0.dropFirst() }
            scan { entry, line in
                body(entry, line, !entry.archived && tags.contains { entry.hasTag($0) })
                return true
            }
            return
        }
        var rest = Substring(names)
        while !rest.isEmpty {
            let end = rest.firstIndex(of: " ") ?? rest.endIndex
            let word = rest[..<end]
            if word.first == "+" {
                let tag = word.dropFirst()
                scan { entry, line in
                    if !entry.archived, entry.hasTag(tag) { body(entry, line, true) }
                    return true
                }
            } else if !word.isEmpty {
                let name = String(word)
                scan { entry, line in
                    guard entry.name == name else { return true }
                    body(entry, line, true)
                    return false
                }
            }
            rest = end == rest.endIndex ? rest[end...] : rest[rest.index(after: end)...]
        }
    }

    /// The cache with the line of `entry`'s streak replaced by `entry`'s line, every other line
    /// and the header as they were, byte for byte (a cache that was stale stays stale); nil
    /// when the file is not a cache or has no line that reads for the streak (a writer then
    /// writes the whole cache).
    /// What a tick writes: one line is new, the other lines need no decoding and encoding.
    public static func replacingLine(of entry: Entry, in bytes: [UInt8]) -> [UInt8]? {
        bytes.withUnsafeBufferPointer { buffer -> [UInt8]? in
            var range: Range<Int>?
            let wanted = entry.name.utf8
            guard let body = bodyStart(buffer) else { return nil }
            _ = scanNames(buffer) { lineStart, nameEnd, end in
                guard buffer[lineStart..<nameEnd].elementsEqual(wanted) else { return true }
                range = lineStart..<(end + 1)
                return false
            }
            guard let range else { return nil }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + 64)
            out.append(contentsOf: buffer[..<range.lowerBound])
            out.append(contentsOf: entry.line.utf8)
            out.append(contentsOf: buffer[range.upperBound...])
            return out
        }
    }

    /// The entry on the streak's line, or nil when there is none that reads.
    public static func entry(named name: String, in bytes: [UInt8]) -> Entry? {
        var found: Entry?
        withEntry(named: name, in: bytes) { found = $0 }
        return found
    }

    /// `entry(named:in:)` into `entry`, which is left as it was when this returns false: for
    /// a tick and the git hook, whose optional entry would be a type to build at run time.
    public static func read(_ entry: inout Entry, named name: String, in bytes: [UInt8]) -> Bool {
        var found = false
        withEntry(named: name, in: bytes) {
            entry = $0
            found = true
        }
        return found
    }

    private static func withEntry(named name: String, in bytes: [UInt8], _ body: (Entry) -> Void) {
        bytes.withUnsafeBufferPointer { buffer in
            let wanted = name.utf8
            _ = scanNames(buffer) { lineStart, nameEnd, _ in
                guard buffer[lineStart..<nameEnd].elementsEqual(wanted) else { return true }
                var line = FieldReader(bytes: buffer, index: lineStart)
                var entry = Entry(name: "", icon: "", progress: Progress(rules: Rules()))
                if decodeLine(&line, into: &entry), line.lineEnd() < buffer.count { body(entry) }
                return false
            }
        }
    }

    /// Whether everything rendered from `new` shows what the same render of `old` shows, at
    /// every moment and in every format: the same lines in the same order, each the same but
    /// for its stamp and size (never shown), or for counts no reading shows
    /// (`Progress.readsTheSame`: an extra action on a met date). A write of the cache that
    /// changes only that leaves every view as it is (`Views.refreshAll`). False for anything
    /// else, a line that does not read or a torn last line (unless the same) included. Only
    /// the lines between the first and the last byte that differ are read (a tick changes one
    /// line).
    public static func showsTheSame(_ old: [UInt8], as new: [UInt8]) -> Bool {
        old.withUnsafeBufferPointer { oldFile in
            new.withUnsafeBufferPointer { newFile in
                guard let oldBody = bodyStart(oldFile), let newBody = bodyStart(newFile) else { return false }
                let old = UnsafeBufferPointer(rebasing: oldFile[oldBody...])
                let new = UnsafeBufferPointer(rebasing: newFile[newBody...])
                let same = Bytes.commonPrefix(old, new)
                if same == old.count && same == new.count { return true }
                let tail = Bytes.commonSuffix(old, new, limit: Swift.min(old.count, new.count) - same)
                // The lines that differ, whole: from the start of the line of the first byte
                // that differs to the newline ending the line of the last (in the common tail,
                // so at the same distance from either end).
                var start = same
                while start > 0, old[start - 1] != 0x0A { start -= 1 }
                var oldStop = old.count - tail
                while oldStop < old.count, old[oldStop] != 0x0A { oldStop += 1 }
                if oldStop == old.count {
                    guard tail == 0, old.last == 0x0A, new.last == 0x0A else { return false }
                    oldStop = old.count - 1
                }
                let newStop = oldStop + new.count - old.count
                func end(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
                    var index = start
                    while bytes[index] != 0x0A { index += 1 }
                    return index
                }
                var oldAt = start
                var newAt = start
                while oldAt <= oldStop, newAt <= newStop {
                    let oldEnd = end(old, from: oldAt)
                    let newEnd = end(new, from: newAt)
                    guard sameButStamps(UnsafeBufferPointer(rebasing: old[oldAt..<oldEnd]),
                                        UnsafeBufferPointer(rebasing: new[newAt..<newEnd]))
                            || readsTheSame(oldFile, at: oldBody + oldAt, newFile, at: newBody + newAt)
                    else { return false }
                    oldAt = oldEnd + 1
                    newAt = newEnd + 1
                }
                return oldAt == oldStop + 1 && newAt == newStop + 1
            }
        }
    }

    /// Whether two lines are the same but for their third and fourth fields (`STAMP`, `FILES`).
    private static func sameButStamps(_ one: UnsafeBufferPointer<UInt8>, _ other: UnsafeBufferPointer<UInt8>) -> Bool {
        /// Where the second and the fourth TAB are (nil: fewer).
        func cuts(_ line: UnsafeBufferPointer<UInt8>) -> (Int, Int)? {
            var tabs = 0
            var second = 0
            for index in 0..<line.count where line[index] == 0x09 {
                tabs += 1
                if tabs == 2 { second = index }
                if tabs == 4 { return (second, index) }
            }
            return nil
        }
        guard let (oneIcon, oneFiles) = cuts(one), let (otherIcon, otherFiles) = cuts(other) else { return false }
        return oneIcon == otherIcon && Bytes.commonPrefix(one, other) >= oneIcon
            && one.count - oneFiles == other.count - otherFiles
            && Bytes.commonSuffix(one, other, limit: one.count - oneFiles) == one.count - oneFiles
    }

    /// Whether the lines at `oldAt` and `newAt` both read, as the same streak with the same
    /// icon, tags and archive mark, and states that read the same.
    private static func readsTheSame(_ old: UnsafeBufferPointer<UInt8>, at oldAt: Int,
                                     _ new: UnsafeBufferPointer<UInt8>, at newAt: Int) -> Bool {
        func entry(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Entry? {
            var line = FieldReader(bytes: bytes, index: start)
            var entry = Entry(name: "", icon: "", progress: Progress(rules: Rules()))
            return decodeLine(&line, into: &entry) && line.lineEnd() < bytes.count ? entry : nil
        }
        guard let one = entry(old, at: oldAt), let other = entry(new, at: newAt) else { return false }
        return one.name == other.name && one.icon == other.icon && one.archived == other.archived && one.tags == other.tags
            && one.progress.readsTheSame(as: other.progress)
    }

    /// Whether the cache has a line for this streak, checking names only.
    public static func contains(_ name: String, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var found = false
        let wanted = name.utf8
        _ = scanNames(bytes) { lineStart, nameEnd, _ in
            if bytes[lineStart..<nameEnd].elementsEqual(wanted) { found = true; return false }
            return true
        }
        return found
    }

    /// Each whole line's name and the line itself (without its newline), as ranges of
    /// `bytes`, in order; nothing when the file is not a cache, and not a torn last line.
    public static func forEachLine(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (Range<Int>, Range<Int>) -> Void) {
        _ = scanNames(bytes) { start, nameEnd, end in
            body(start..<nameEnd, start..<end)
            return true
        }
    }

    /// Calls `body` with each whole line's start, its name's end and its newline's index, in
    /// order, until it returns false; false when the file is not a cache.
    private static func scanNames(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (Int, Int, Int) -> Bool) -> Bool {
        guard var start = bodyStart(bytes) else { return false }
        while start < bytes.count {
            var tab = start
            while tab < bytes.count, bytes[tab] != 0x09, bytes[tab] != 0x0A { tab += 1 }
            // The rest of the line, eight bytes a step (a cache's lines are a hundred bytes and
            // more; a change reads every one of them twice).
            let end = Bytes.index(of: 0x0A, in: bytes, from: tab)
            if end == bytes.count { break }
            if !body(start, tab, end) { break }
            start = end + 1
        }
        return true
    }

    /// Reads the entry on the line `line` stands at into `entry`; false if it does not parse.
    /// (An `inout` rather than an optional result: no generic metadata on the prompt's path.)
    static func decodeLine(_ line: inout FieldReader, into entry: inout Entry) -> Bool {
        let bytes = line.bytes
        let name = line.field()
        guard name.1 > name.0, name.1 - name.0 <= StreakName.maxLength, bytes[name.0] != UInt8(ascii: "-"),
              bytes[name.0..<name.1].allSatisfy(StreakName.isNameByte)
        else { return false }
        let icon = line.field()
        let stamp = line.field()
        let files = line.number()
        let week = line.field()
        let weekStart: WeekStart
        if bytes[week.0..<week.1].elementsEqual("mon".utf8) {
            weekStart = .monday
        } else if bytes[week.0..<week.1].elementsEqual("sun".utf8) {
            weekStart = .sunday
        } else {
            return false
        }
        var progress = Progress(rules: Rules(), weekStart: weekStart)
        var archived = false
        guard decodeState(&line, into: &progress, archived: &archived) else { return false }
        // Tags: name bytes and commas only (anything else is no tags of ours).
        var tags = ""
        if !line.atLineEnd {
            let field = line.field()
            var valid = field.1 > field.0
            for index in field.0..<field.1 where bytes[index] != UInt8(ascii: ",") && !StreakName.isNameByte(bytes[index]) {
                valid = false
                break
            }
            if valid { tags = String(decoding: bytes[field.0..<field.1], as: UTF8.self) }
        }
        // The earlier states, when the line keeps some: they end at one that does not read;
        // what could not stand in for the line's state is none (`Progress.keep(earlier:)`).
        if !line.atLineEnd {
            var states: [Progress] = []
            while !line.atLineEnd, states.count < Progress.earlierDates {
                var earlier = Progress(rules: Rules(), weekStart: weekStart)
                var unused = false
                guard decodeState(&line, into: &earlier, archived: &unused) else { break }
                states.append(earlier)
            }
            progress.keep(earlier: states)
        }
        entry = Entry(name: String(decoding: bytes[name.0..<name.1], as: UTF8.self),
                      icon: String(decoding: bytes[icon.0..<icon.1], as: UTF8.self),
                      progress: progress, stamp: String(decoding: bytes[stamp.0..<stamp.1], as: UTF8.self), files: files,
                      archived: archived, tags: tags)
        return true
    }

    /// Reads a state's fields, `RULES` to `AHEAD`, into `progress` (whose week start is the
    /// line's); false if they do not parse or cannot be a state we wrote.
    private static func decodeState(_ line: inout FieldReader, into progress: inout Progress, archived: inout Bool) -> Bool {
        let bytes = line.bytes
        let rulesField = line.field()
        var at = rulesField.0
        guard Rules.readCompact(bytes, &at, rulesField.1, into: &progress.rules), at == rulesField.1 else { return false }
        progress.through = line.day()
        progress.last = line.day()
        progress.dayCount = line.number()
        let flags = line.field()
        guard flags.1 - flags.0 == 3 || flags.1 - flags.0 == 4, bytes[flags.0..<flags.1].allSatisfy({ $0 == 0x30 || $0 == 0x31 })
        else { return false }
        progress.alive = bytes[flags.0] == 0x31
        progress.dayPaused = bytes[flags.0 + 1] == 0x31
        progress.unitPaused = bytes[flags.0 + 2] == 0x31
        archived = flags.1 - flags.0 == 4 && bytes[flags.0 + 3] == 0x31
        progress.length = line.number()
        progress.runStart = line.day()
        progress.runEnd = line.day()
        progress.freezesLeft = line.number()
        // More freezes than rules can grant would make the prompt walk that many missed dates:
        // not a cache we wrote.
        if progress.freezesLeft > 2 * Rules.maxFreezes { line.ok = false }
        progress.bestDays = line.number()
        progress.bestWeeks = line.number()
        progress.endedBestDays = line.number()
        progress.endedBestWeeks = line.number()
        progress.total = line.number()
        progress.lastMet = line.day()
        progress.unitMet = line.number()
        let ahead = line.field()
        guard line.ok else { return false }
        // A state that stands nowhere has no run; one that stands somewhere has its last
        // action there or before (or none yet: a streak with no action, anchored on a date
        // because of what it plans ahead; see `Replay.cachedState`).
        if let through = progress.through {
            if let last = progress.last, last > through { return false }
            if progress.last == nil, progress.alive { return false }
        } else {
            guard progress.last == nil, !progress.alive else { return false }
        }
        guard ahead.1 > ahead.0 else { return false }
        if !(ahead.1 - ahead.0 == 1 && bytes[ahead.0] == UInt8(ascii: "-")) {
            guard Ahead.isValid(bytes, ahead.0, ahead.1) else { return false }
            progress.ahead = Ahead(validText: String(decoding: bytes[ahead.0..<ahead.1], as: UTF8.self))
        }
        return true
    }
}
