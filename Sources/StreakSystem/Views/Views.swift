#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import StreakCore

/// Pre-rendered views: the segment a shell plugin asked for (its host, streaks, format and
/// settings), for now and the days ahead (`SegmentPlan`), written again with every change to
/// the data (one that leaves every text as it was only makes them newer: `refreshAll`), so
/// the plugin shows it with a builtin read and its own clock instead of running the binary
/// before every prompt.
///
/// ```
/// HOME/views/ID
///   streakprompt-view 2 STAMP           STAMP: 16 hex digits, a checksum of the rest of the file
///   watch<TAB>NAME NAME ...            streak folders it shows (a folder newer than the file: stale)
///   UNTIL<TAB>DEADLINE<TAB>TEXT        one piece a line, in time order; UNTIL 0: for ever
///   ...
///   end
///   zone<TAB>PATH<TAB>REAL<TAB>DEVICE<TAB>INODE<TAB>SIZE<TAB>MTIME   the zone file it was rendered with
///   spec<TAB>HOST<TAB>NAMES<TAB>FORMAT<TAB>COLOR<TAB>ASCII<TAB>TZ<TAB>DAY-START<TAB>WEEK-START<TAB>TMUX-SOCKET<TAB>REGISTERED
///   theme<TAB>KEY=VALUE<TAB>...
/// ```
/// A plugin reads the first lines up to the piece whose `UNTIL` is after its clock, and puts
/// the time left until `DEADLINE` where a text holds the `{left}` marker (a control character no
/// data can make). It keeps that piece and the first line: while its clock is before `UNTIL`, a
/// prompt reads only the first line again, and a different `STAMP` (any rewrite that changed a
/// byte) sends it back to the whole file. Version 1 had no stamp; its readers run the binary on
/// a version 2 file, and version 2 readers on a version 1 file. It runs the binary instead when the file is missing, has another first line,
/// is older than a folder it watches or than the streaks folder, or has no piece for now.
/// `ID` is a checksum of the spec: shells with the same settings share one file. A view nobody
/// asked for in `keepDays` days is removed at the next change. The `zone` line (`ZoneFile`)
/// lets a plugin notice at its once-a-minute check that `/etc/localtime` or the file `TZ`
/// names changed (readers before it stop at `end` and never see it).
///
/// The folder is part of the data folder's trust boundary: it is opened without following a
/// link (a `views` that is a link is neither written nor pruned: `doctor` names it), every file
/// in it is opened without following a link or waiting (a named pipe is skipped), and only
/// files named as the program names views (`isViewName`) are ever removed.
public enum Views {
    public static let magic = "streakprompt-view 2"

    /// The most a plugin reads of a view (bash, zsh, fish, vim and neovim: 16 KB; a longer
    /// file runs the binary at every prompt). A view holds the pieces that fit: fifty
    /// streaks, a long format or weekly targets are fewer days ahead, never a larger file.
    public static let maxBytes = 16384
    public static let keepDays: Int64 = 30
    /// More views than this are not written (each change of the data rewrites every view).
    public static let limit = 64

    public static func folder(home: String) -> String { Paths.join(home, "views") }

    /// The clock views are rendered at: the real one, whatever `--now` (or `STREAKPROMPT_NOW`)
    /// the change that rewrites them carried, since a plugin shows them at its own clock. Debug
    /// builds let a test move it (`STREAKPROMPT_TEST_CLOCK`, a time as `--now` takes it): the
    /// static binary ignores faketime, and the plugins' tests live through a simulated year.
    /// Release builds compile that out (`.ci/run` checks the name is not in the binary).
    public static func clock() -> Int64 {
        #if DEBUG
        if let raw = getenv("STREAKPROMPT_TEST_CLOCK"), let input = TimeInput(String(cString: raw)) {
            return input.moment(in: LocalZone(), present: Clock.now(), dayStart: .midnight)
        }
        #endif
        return Clock.now()
    }

    /// What a view shows and how: everything its text depends on besides the data.
    public struct Spec: Equatable, Sendable {
        public var host: Host
        /// Streak names separated by single spaces; empty: every streak.
        public var names: String
        public var format: String
        public var color: Bool
        public var ascii: Bool
        /// `TZ` as the plugin had it; nil: unset (the system zone).
        public var zone: String?
        public var dayStart: DayStart
        public var weekStart: WeekStart
        public var theme: SegmentTheme
        public var registered: Int64
        /// The tmux server a tmux view is pushed to (the socket of `TMUX` when it was asked
        /// for); nil: the default server.
        public var tmuxSocket: String?

        public init(host: Host, names: String, format: String, color: Bool, ascii: Bool, zone: String?,
                    dayStart: DayStart, weekStart: WeekStart, theme: SegmentTheme, registered: Int64,
                    tmuxSocket: String? = nil) {
            self.host = host
            self.names = names
            self.format = Text.withoutControls(format)
            self.color = color
            self.ascii = ascii
            self.zone = zone.map(Text.withoutControls)
            self.dayStart = dayStart
            self.weekStart = weekStart
            self.theme = theme
            self.registered = registered
            self.tmuxSocket = host == .tmux ? tmuxSocket.map(Text.withoutControls).flatMap { $0.isEmpty ? nil : $0 } : nil
        }

        /// The spec's lines, without the registration time: what the ID is a checksum of.
        /// (Copied piece by piece into one buffer: appending to a string cost a change with
        /// five views more than a view's readings.)
        var identity: String {
            var parts: [String] = ["spec\t", host.rawValue, "\t", names, "\t", format, "\t", color ? "1" : "0", "\t",
                                   ascii ? "1" : "0", "\t", zone ?? "-", "\t", dayStart.description, "\t", weekStart.shortName,
                                   "\t", tmuxSocket ?? "-", "\ntheme"]
            parts.reserveCapacity(parts.count + 4 * PromptSettings.Key.count)
            for raw in 0..<PromptSettings.Key.count {
                let key = PromptSettings.Key(rawValue: raw)!
                parts.append("\t")
                parts.append(key.fileKey)
                parts.append("=")
                parts.append(PromptSettings.value(of: key, in: theme))
            }
            return Views.joined(parts)
        }

        public var id: String { Spec.id(host: host, identity: identity) }

        /// The view's name from its identity (`identity`, worked out once by callers that also
        /// write it).
        static func id(host: Host, identity: String) -> String {
            // FNV-1a, 64 bits: a name, not a secret.
            host.rawValue + "-" + hex(Views.fnv(identity))
        }

        static func hex(_ value: UInt64) -> String {
            String(unsafeUninitializedCapacity: 16) { buffer in
                for index in 0..<16 {
                    let digit = UInt8((value >> UInt64(60 - 4 * index)) & 0xF)
                    buffer[index] = digit < 10 ? 0x30 + digit : 0x57 + digit
                }
                return 16
            }
        }

        /// The spec's lines as a view ends with them: `identity` with the registration time.
        func lines(_ identity: String, to out: inout [UInt8]) {
            // By bytes: a walk by characters costs more than the rest of a view's text.
            var identity = identity
            identity.withUTF8 { bytes in
                let newline = bytes.firstIndex(of: 0x0A) ?? bytes.count
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[..<newline]))
                out.append(0x09)
                Decimal.append(registered, to: &out)
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[newline...]))
                out.append(0x0A)
            }
        }

        /// The spec in a view file's bytes, or nil when it has none that reads.
        public static func parse(_ bytes: [UInt8]) -> Spec? {
            bytes.withUnsafeBufferPointer { parse($0) }
        }

        /// Read by byte positions, not by splitting (a generic split of a few hundred bytes cost
        /// a change with five views more than writing them).
        static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Spec? {
            func starts(_ start: Int, _ word: StaticString) -> Bool { Views.matches(bytes, at: start, word) }
            func lineEnd(_ start: Int) -> Int {
                var index = start
                while index < bytes.count, bytes[index] != 0x0A { index += 1 }
                return index
            }
            /// Where the TAB-separated fields of `start..<end` start and end, in pairs, at most
            /// `limit` fields (nil: more). Plain numbers: an array of ranges is a generic type
            /// the runtime builds at first use, dearer than reading the fields.
            func fields(_ start: Int, _ end: Int, limit: Int) -> [Int]? {
                var found: [Int] = []
                found.reserveCapacity(2 * Swift.min(limit, 32))
                var from = start
                var index = start
                while true {
                    if index == end || bytes[index] == 0x09 {
                        guard found.count / 2 < limit else { return nil }
                        found.append(from)
                        found.append(index)
                        if index == end { return found }
                        from = index + 1
                    }
                    index += 1
                }
            }
            func text(_ range: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) }
            // The spec's lines are the file's last: the last line that starts `spec`, and the
            // theme line after it.
            guard let specLine = Views.lastLine(bytes, "spec\t") else { return nil }
            let start = specLine.lowerBound
            let specEnd = specLine.upperBound
            guard specEnd < bytes.count, let spec = fields(start, specEnd, limit: 11), spec.count == 22 else { return nil }
            func field(_ index: Int) -> Range<Int> { spec[2 * index]..<spec[2 * index + 1] }
            guard let host = Host(name: text(field(1))), let dayStart = DayStart(text(field(7))),
                  let weekStart = WeekStart(text(field(8))), let registered = Int64(text(field(10)))
            else { return nil }
            let themeStart = specEnd + 1
            let themeEnd = lineEnd(themeStart)
            guard let themeFields = fields(themeStart, themeEnd, limit: Int.max),
                  themeFields[1] - themeFields[0] == 5, starts(themeStart, "theme")
            else { return nil }
            var theme = SegmentTheme.standard
            var position = 0
            while 2 * (position + 1) < themeFields.count {
                let fieldStart = themeFields[2 * (position + 1)]
                let fieldEnd = themeFields[2 * (position + 1) + 1]
                var equals = fieldStart
                while equals < fieldEnd, bytes[equals] != UInt8(ascii: "=") { equals += 1 }
                guard equals < fieldEnd else { return nil }
                // Written in the keys' order: the key at this position is tried first.
                let name = bytes[fieldStart..<equals]
                let expected = PromptSettings.Key(rawValue: position).flatMap { key in
                    var literal = key.fileKey
                    return literal.withUTF8 { $0.elementsEqual(name) } ? key : nil
                }
                guard let key = expected ?? PromptSettings.Key(fileKey: name) else { return nil }
                PromptSettings.apply(key, text((equals + 1)..<fieldEnd), to: &theme)
                position += 1
            }
            // Streak names, and `+TAG` for the streaks with a tag (`--tag`).
            let names = text(field(2))
            for word in names.split(separator: " ") {
                let problem = word.first == "+" ? StreakTag.problem(with: String(word.dropFirst())) != nil
                    : StreakName.problem(with: String(word)) != nil
                if problem { return nil }
            }
            let zone = text(field(6))
            let socket = text(field(9))
            return Spec(host: host, names: names, format: text(field(3)), color: bytes[field(4)].elementsEqual("1".utf8),
                        ascii: bytes[field(5)].elementsEqual("1".utf8), zone: zone == "-" ? nil : zone, dayStart: dayStart,
                        weekStart: weekStart, theme: theme, registered: registered, tmuxSocket: socket == "-" ? nil : socket)
        }
    }

    /// Whether `bytes` hold `word` from `start` on: a line's keyword, compared without making
    /// a string (the readers of views and of their columns).
    static func matches(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int, _ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard start >= 0, start + count <= bytes.count else { return false }
        for offset in 0..<count where bytes[start + offset] != word.utf8Start[offset] { return false }
        return true
    }

    /// `parts` joined: their bytes copied once into a string of the right size.
    static func joined(_ parts: [String]) -> String {
        var count = 0
        for part in parts { count += part.utf8.count }
        return String(unsafeUninitializedCapacity: count) { buffer in
            var at = 0
            for var part in parts {
                part.withUTF8 { bytes in
                    guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
                    UnsafeMutableRawPointer(buffer.baseAddress! + at).copyMemory(from: base, byteCount: bytes.count)
                    at += bytes.count
                }
            }
            return at
        }
    }

    /// One streak's segment in a view or a prompt: the one renderer both use.
    public static func render(_ entry: PromptCache.Entry, _ reading: Reading, warning: Bool, secondsLeft: Int64,
                              format: SegmentFormat, host: Host, color: Bool, theme: SegmentTheme, ascii: Bool) -> String {
        let text = Segment(name: entry.name, icon: entry.icon, reading: reading, warning: warning, secondsLeft: secondsLeft)
            .rendered(format, host: host, color: color, theme: theme)
        return ascii ? ASCIIFallback.text(text) : text
    }

    /// The view file's text for `spec` from the cache's bytes, from `now` on.
    public static func text(_ spec: Spec, cache: UnsafeBufferPointer<UInt8>, now: Int64) -> String {
        String(decoding: bytes(spec, identity: spec.identity, cache: cache, now: now), as: UTF8.self)
    }

    /// The view file's bytes; `memo` and `columns` share and keep work between the views one
    /// change rewrites. `old`: the view file as it is, which is the answer when the columns
    /// say it was joined from columns that are all as they were, and its first piece still
    /// holds (`unchanged`).
    static func bytes(_ spec: Spec, identity: String, cache: UnsafeBufferPointer<UInt8>, now: Int64,
                      memo: ReadingMemo? = nil, columns: ViewColumns? = nil, zones: Zones? = nil,
                      old: [UInt8]? = nil) -> [UInt8] {
        // The cache's lines, each decoded only when its column is worked out (shared by the
        // views a change rewrites).
        let memo = memo ?? ReadingMemo(cache: Array(cache))
        let format = SegmentFormat(parsed: spec.format)
        // A change's views: `write` checked the zone and `withZone` read it.
        let zone = zones == nil ? LocalZone() : LocalZone(checked: ())
        let zoneIdentity = zones?.identity(for: spec.zone) ?? ZoneFile.identity(for: spec.zone)
        let table = memo.table("\(spec.zone.map { "=" + $0 } ?? "-")|\(spec.dayStart)|\(spec.weekStart.shortName)")
        let id = Spec.id(host: spec.host, identity: identity)
        // The columns this view was joined from last time, and the dates it shows.
        var keptView = format.summarises ? nil : columns?.view(id, zone: zoneIdentity)
        let dates = format.summarises ? [] : table.dates(from: now, zone: zone, dayStart: spec.dayStart, days: SegmentPlan.days)
        let today = dates.first?.day
        // The cache lines it shows, in the order shown.
        var shown: [Int] = []
        if spec.names.isEmpty, let columns, let view = keptView, let today {
            // Every streak but the archived ones (the usual view): a line whose column this
            // view kept (its name, its bytes) was one it showed, so it reads and is not
            // archived; only the others are decoded.
            for line in 0..<memo.lineCount
            where columns.column(in: view, line: line, position: shown.count, today: today) != nil
                || memo.entry(atLine: line).map({ !$0.archived }) == true {
                shown.append(line)
            }
        } else {
            PromptCache.forEachShown(memo, names: spec.names) { line, isShown in
                if isShown { shown.append(line) }
            }
        }
        /// The entry on a line shown: one that reads (chosen by `forEachShown`, or decoded when
        /// its column was not kept).
        func entry(_ line: Int) -> PromptCache.Entry {
            guard let entry = memo.entry(atLine: line) else { preconditionFailure("a view shows a cache line that does not read") }
            return entry
        }
        // The lines before the pieces and after them (not needed for a view kept as it is),
        // and the bytes they leave for the pieces: the file within `maxBytes`.
        var head: [UInt8] = []
        var tail: [UInt8] = []
        func frame() -> Int {
            // Copied as bytes: the names' strings joined cost a change with five views of fifty
            // streaks more than the columns they watch.
            func add(_ text: String, to out: inout [UInt8]) {
                var text = text
                text.withUTF8 { out.append(contentsOf: $0) }
            }
            head.reserveCapacity(64 + 4 * shown.count)
            add(magic + " 0123456789abcdef\nwatch\t", to: &head)
            let names = head.count
            func watch(_ name: UnsafeBufferPointer<UInt8>) {
                if head.count > names { head.append(0x20) }
                head.append(contentsOf: name)
            }
            memo.cache.withUnsafeBufferPointer { cache in
                for line in shown { watch(UnsafeBufferPointer(rebasing: cache[memo.name(ofLine: line)])) }
                guard !spec.names.isEmpty else { return }
                for name in spec.names.split(separator: " ") where name.first != "+"
                    && !shown.contains(where: { cache[memo.name(ofLine: $0)].elementsEqual(name.utf8) }) {
                    var name = String(name)
                    name.withUTF8 { watch($0) }
                }
            }
            head.append(0x0A)
            add("end\nzone\t", to: &tail)
            add(zoneIdentity, to: &tail)
            tail.append(0x0A)
            spec.lines(identity, to: &tail)
            return maxBytes - head.count - tail.count
        }
        let render = { (entry: PromptCache.Entry, reading: Reading, warning: Bool) in
            Views.render(entry, reading, warning: warning, secondsLeft: Segment.leftMarker, format: format, host: spec.host,
                         color: spec.color, theme: spec.theme, ascii: spec.ascii)
        }
        let pieces: [SegmentPlan.BytePiece]
        // The view's columns, to keep once its stamp is known.
        var joinedColumns: (id: String, used: [ViewColumns.Used])?
        if format.summarises {
            // `{done}`/`{due}`: one summary a date instead of a segment a streak.
            let all = SegmentPlan.pieces(shown.map(entry), from: now, zone: zone, dayStart: spec.dayStart, weekStart: spec.weekStart,
                                         theme: spec.theme, summary: { counts in
                                             guard let segment = counts.segment() else { return "" }
                                             let text = segment.rendered(format, host: spec.host, color: spec.color, theme: spec.theme)
                                             return spec.ascii ? ASCIIFallback.text(text) : text
                                         }, memo: table, render: render)
            pieces = SegmentPlan.fitting(all.map { ($0.until, $0.deadline, Array($0.text.utf8)) }, budget: frame())
        } else {
            // Each streak's column: kept from the last change when its line is the same, else
            // worked out (its readings shared with the other views of the zone).
            var used: [ViewColumns.Used] = []
            used.reserveCapacity(shown.count)
            // Where each line's kept column is in the view's (-1: worked out now).
            var keptIndex: [Int] = []
            keptIndex.reserveCapacity(shown.count)
            // Each line's column: kept (its index in the view's), or worked out now; whether
            // every one is what the view was joined from last time, in the same places.
            var unchanged = keptView?.count == shown.count
            for (position, line) in shown.enumerated() {
                if let columns, let today, let view = keptView,
                   let index = columns.column(in: view, line: line, position: position, today: today) {
                    unchanged = unchanged && index == position
                    keptIndex.append(index)
                    // A kept column's name is in its lines, copied as they are (`keep`).
                    used.append(ViewColumns.Used(name: "", key: view.keys[index], column: nil, lines: view.lines(of: index)))
                    continue
                }
                let entry = entry(line)
                let column = SegmentPlan.column(entry, dates: dates, zone: zone, weekStart: spec.weekStart, theme: spec.theme,
                                                readings: table.readings(of: entry), render: render)
                unchanged = unchanged && columns!.isName(memo.name(ofLine: line), of: position, in: keptView!)
                    && columns!.same(column, as: position, in: keptView!)
                keptIndex.append(-1)
                used.append(ViewColumns.Used(name: entry.name, key: columns?.key(line: line) ?? 0, column: column, lines: 0..<0))
            }
            if unchanged, let old, let kept = keptView, let columns, Views.stillHolds(old, stamp: kept.stamp, at: kept.at, now: now) {
                columns.keep(view: id, zone: zoneIdentity, stamp: kept.stamp, at: kept.at, used)
                return old
            }
            // Joined: the kept columns' runs, as read, and the columns worked out now added to
            // them (a kept column whose runs do not read is worked out again).
            var set = SegmentPlan.ColumnSet(shared: [])
            if let columns, keptView != nil {
                if columns.old.withUnsafeBufferPointer({ ViewColumns.readRuns($0, &keptView!) }) {
                    set = SegmentPlan.ColumnSet(shared: columns.old, runs: keptView!.runs)
                } else {
                    keptView = nil
                }
            }
            set.slots.reserveCapacity(shown.count)
            let slots = keptView?.slots ?? []
            for (position, line) in shown.enumerated() {
                if let column = used[position].column {
                    set.append(column)
                } else if keptView != nil {
                    set.append(slots[keptIndex[position]])
                } else {
                    let entry = entry(line)
                    let column = SegmentPlan.column(entry, dates: dates, zone: zone, weekStart: spec.weekStart, theme: spec.theme,
                                                    readings: table.readings(of: entry), render: render)
                    used[position].column = column
                    set.append(column)
                }
            }
            let budget = frame()
            pieces = SegmentPlan.fitting(SegmentPlan.mergedBytes(set, dates: dates, from: now, zone: zone, dayStart: spec.dayStart,
                                                                 theme: spec.theme, memo: table, budget: budget),
                                         budget: budget)
            joinedColumns = (id, used)
        }
        // The first line's stamp (`stamp`, 16 hex digits) is of the rest of the file, so the
        // same view written twice keeps its stamp and any change of a byte changes it.
        var file = head
        let bodyStart = magic.utf8.count + 18
        var size = file.count + tail.count
        for piece in pieces { size += SegmentPlan.lineBytes(piece) }
        file.reserveCapacity(size)
        for piece in pieces {
            Decimal.append(piece.until, to: &file)
            file.append(0x09)
            Decimal.append(piece.deadline, to: &file)
            file.append(0x09)
            piece.text.withUnsafeBufferPointer { file.append(contentsOf: $0) }
            file.append(0x0A)
        }
        file.append(contentsOf: tail)
        let stamp = file.withUnsafeBufferPointer { Views.stamp(UnsafeBufferPointer(rebasing: $0[bodyStart...])) }
        file.replaceSubrange((bodyStart - 17)..<(bodyStart - 1), with: Spec.hex(stamp).utf8)
        if let joinedColumns { columns?.keep(view: joinedColumns.id, zone: zoneIdentity, stamp: stamp, at: now, joinedColumns.used) }
        return file
    }

    /// Whether the view file `old` is the one stamped `stamp` when it was joined at `at`, and
    /// its first piece still holds at `now`: then its pieces are what joining the same columns
    /// at `now` gives (the date is the same, and no piece has ended: joining later drops only
    /// pieces that have ended), or, for a view cut to `maxBytes`, the first of them. The
    /// stamp is checked against the bytes: a view edited since is joined again.
    static func stillHolds(_ old: [UInt8], stamp: UInt64, at: Int64, now: Int64) -> Bool {
        now >= at && holdsWhole(old, now: now) == stamp
    }

    /// The stamp of the view file `bytes` when it is whole (its first line of this version,
    /// its stamp the checksum of the rest) and its first piece still holds at `now`; else nil.
    static func holdsWhole(_ bytes: [UInt8], now: Int64) -> UInt64? {
        bytes.withUnsafeBufferPointer { bytes -> UInt64? in
            let stampStart = magic.utf8.count + 1
            guard bytes.count > stampStart + 17, isFirstLine(UnsafeBufferPointer(rebasing: bytes[..<(stampStart + 16)])),
                  let stamp = ViewColumns.hex(bytes, stampStart..<(stampStart + 16)),
                  Views.stamp(UnsafeBufferPointer(rebasing: bytes[(stampStart + 17)...])) == stamp,
                  let watchEnd = ByteSearch.index(of: 0x0A, in: bytes, from: stampStart + 17),
                  let untilEnd = ByteSearch.index(of: 0x09, in: bytes, from: watchEnd + 1),
                  let until = ViewColumns.number(bytes, (watchEnd + 1)..<untilEnd),
                  until == 0 || now < Int64(until)
            else { return nil }
            return stamp
        }
    }

    /// A view's stamp: a 64-bit checksum of its bytes taken eight at a time (FNV-1a takes one
    /// a step, and the stamps were most of the bytes a change hashed). Each step maps the eight
    /// bytes one to one into the state (an xor, then a multiplication by an odd number), so
    /// two files that differ in one step's bytes differ after it; the length is mixed in
    /// last. Not a secret, and not kept across versions (a plugin only compares it; the
    /// columns file, whose keys are these checksums of cache lines, is a build's own).
    static func stamp(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        guard let base = bytes.baseAddress else { return hash }
        let raw = UnsafeRawPointer(base)
        var at = 0
        while at + 8 <= bytes.count {
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: UInt64.self))
            hash = ((hash << 5 | hash >> 59) ^ word) &* multiplier
            at += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while at < bytes.count {
            tail |= UInt64(bytes[at]) << shift
            shift += 8
            at += 1
        }
        hash = ((hash << 5 | hash >> 59) ^ tail) &* multiplier
        hash = ((hash << 5 | hash >> 59) ^ UInt64(bytes.count)) &* multiplier
        return hash ^ hash >> 29
    }

    /// Whether a view's bytes end with the settings its name is made of (`Spec.id`): the
    /// lines `Spec.lines` writes, whose checksum without the registration time is the name's.
    /// Read as the bytes are: a view this program wrote has its settings as it writes them.
    static func isNamed(_ bytes: [UInt8], _ name: String) -> Bool {
        bytes.withUnsafeBufferPointer { bytes -> Bool in
            guard let dash = name.utf8.lastIndex(of: UInt8(ascii: "-")), bytes.last == 0x0A else { return false }
            let host = name.utf8[..<dash]
            // The last line that starts `spec\t`, and the theme line after it, the file's last.
            guard let specLine = lastLine(bytes, "spec\t"), matches(bytes, at: specLine.lowerBound + 5 + host.count, "\t"),
                  bytes[(specLine.lowerBound + 5)..<(specLine.lowerBound + 5 + host.count)].elementsEqual(host)
            else { return false }
            let (start, specEnd) = (specLine.lowerBound, specLine.upperBound)
            var registered = specEnd
            while registered > start, bytes[registered] != 0x09 { registered -= 1 }
            guard matches(bytes, at: specEnd + 1, "theme"),
                  ByteSearch.index(of: 0x0A, in: bytes, from: specEnd + 1) == bytes.count - 1
            else { return false }
            var hash = fnv(UnsafeBufferPointer(rebasing: bytes[start..<registered]))
            for byte in bytes[specEnd..<(bytes.count - 1)] {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01B3
            }
            return name.utf8.count == name.utf8.distance(from: name.utf8.startIndex, to: dash) + 17
                && name.utf8[name.utf8.index(after: dash)...].elementsEqual(Spec.hex(hash).utf8)
        }
    }

    /// Whether the zone a view was rendered with (its `zone` line) is still the one its
    /// settings' `TZ` names (`ZoneFile`): a zone file replaced since gives other dates.
    static func zoneHolds(_ bytes: [UInt8], zones: Zones) -> Bool {
        bytes.withUnsafeBufferPointer { bytes -> Bool in
            guard let zoneLine = lastLine(bytes, "zone\t"), let specLine = lastLine(bytes, "spec\t") else { return false }
            // `TZ` is the spec's seventh field: `-` when unset.
            var field = specLine.lowerBound + 5
            for _ in 0..<5 {
                while field < specLine.upperBound, bytes[field] != 0x09 { field += 1 }
                field += 1
            }
            var fieldEnd = field
            while fieldEnd < specLine.upperBound, bytes[fieldEnd] != 0x09 { fieldEnd += 1 }
            guard fieldEnd < specLine.upperBound else { return false }
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[field..<fieldEnd]), as: UTF8.self)
            let identity = zones.identity(for: text == "-" ? nil : text)
            return bytes[(zoneLine.lowerBound + 5)..<zoneLine.upperBound].elementsEqual(identity.utf8)
        }
    }

    /// The last line of `bytes` that starts with `word`, without its line break: the readers
    /// of a view's settings and zone lines (the file's last) look from its end.
    static func lastLine(_ bytes: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Range<Int>? {
        var start = bytes.count
        while start > 0 {
            start -= 1
            if start == 0 || bytes[start - 1] == 0x0A, matches(bytes, at: start, word) {
                var end = start
                while end < bytes.count, bytes[end] != 0x0A { end += 1 }
                return start..<end
            }
        }
        return nil
    }

    static func fnv(_ text: String) -> UInt64 {
        var text = text
        return text.withUTF8 { fnv($0) }
    }

    static func fnv(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    /// Whether `line` is a view's first line of this version: the magic, a space, 16 hex digits.
    static func isFirstLine<Line: Collection<UInt8>>(_ line: Line) -> Bool {
        guard line.count == magic.utf8.count + 17, line.starts(with: (magic + " ").utf8) else { return false }
        return line.dropFirst(magic.utf8.count + 1).allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// Whether `name` is one the program gives a view: a host, `-`, and 16 lowercase hex
    /// digits. Nothing else in the folder is ever read as a view or removed.
    public static func isViewName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard bytes.count > 17, bytes[bytes.count - 17] == UInt8(ascii: "-"),
              bytes.suffix(16).allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) })
        else { return false }
        return Host(rawValue: String(decoding: bytes.prefix(bytes.count - 17), as: UTF8.self)) != nil
    }

    /// Writes the view `spec` asks for from the cache's bytes; returns its path. A view whose
    /// zone the C library could not read without waiting (its file is a named pipe) is not
    /// written (`ZoneFile.isSafe`): its plugin runs the binary instead.
    @discardableResult
    public static func write(_ spec: Spec, home: String, cache: UnsafeBufferPointer<UInt8>, now: Int64,
                             locked: Bool = true) throws(SystemError) -> String {
        let folder = try Folder(home: home, create: true)
        return try write(spec, in: folder, cache: cache, now: now, locked: locked)
    }

    static func write(_ spec: Spec, in folder: Folder, cache: UnsafeBufferPointer<UInt8>, now: Int64,
                      locked: Bool, memo: ReadingMemo? = nil, columns: ViewColumns? = nil, zones: Zones? = nil,
                      old: [UInt8]? = nil, identity: String? = nil) throws(SystemError) -> String {
        let identity = identity ?? spec.identity
        let name = Spec.id(host: spec.host, identity: identity)
        guard zones?.isSafe(spec.zone) ?? ZoneFile.isSafe(spec.zone) else {
            throw SystemError("read the zone of", ZoneFile.path(for: spec.zone), code: EINVAL, detail: "it is not a regular file")
        }
        let bytes = withZone(spec.zone) { Views.bytes(spec, identity: identity, cache: cache, now: now, memo: memo, columns: columns,
                                                      zones: zones, old: old) }
        // The same bytes (a change that did not change what it shows): only made newer than
        // the streak folders the change touched, which a plugin compares it with.
        if let old, !old.isEmpty, old.count == bytes.count,
           old.withUnsafeBytes({ a in bytes.withUnsafeBytes { b in memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 } }),
           folder.touch(name) {
            return Paths.join(folder.path, name)
        }
        try folder.write(name, bytes, locked: locked)
        return Paths.join(folder.path, name)
    }

    /// Writes every view again after the data changed (the cache was just written with
    /// `cache`), and pushes tmux views to a reachable tmux server; removes views nobody asked
    /// for in `keepDays` days. Never fails the change that called it: a view it cannot write
    /// is removed, so its plugin runs the binary instead of showing an old text. Only files
    /// named as views are looked at; a `views` that is a link is left alone.
    ///
    /// `old`: the cache this one replaces, and when it was written (nanoseconds). When
    /// everything rendered from it shows the same (`PromptCache.showsTheSame`: an extra action
    /// on a met date, a stamp), and every view is one this program rendered from it or from a
    /// cache that showed the same (`renderedAfter`: written or touched since, whole, of its own
    /// settings), each is only made newer than the streak folders the change touched (all its
    /// plugin compares), and nothing is rendered; `rendered` must name that cache. Anything
    /// else (a view put back or edited, one a killed change did not get to) renders them all,
    /// as every change did before. The columns file, the pruning of views nobody asks for and
    /// the tmux push (the same text) wait for the next change that renders.
    public static func refreshAll(home: String, cache: [UInt8], replacing old: ([UInt8], Int64)? = nil, now: Int64,
                                  environment: Environment) {
        guard let folder = try? Folder(home: home, create: false) else { return }
        // A view older than the config file has the settings the file had (its plugin asks
        // for another at its next check, which a view made newer here would never pass).
        // (A config file dated ahead of the clock, synced from a machine whose clock runs
        // fast, would have every view removed at every change: not looked at.)
        var configured = PromptSettings.configPath(environment).map(Files.modifiedNanoseconds) ?? -1
        if configured > Clock.nowNanoseconds() { configured = -1 }
        let zones = Zones()
        if let (bytes, written) = old, written >= 0, PromptCache.showsTheSame(bytes, as: cache),
           folder.read(renderedName, limit: 64) == rendered(bytes) {
            let names = folder.names().filter(isViewName)
            if names.allSatisfy({ folder.renderedAfter(Swift.max(written, configured), name: $0, now: now, zones: zones) }) {
                for name in names where !folder.touch(name) { folder.removeWithSpare(name) }
                try? folder.write(renderedName, rendered(cache), locked: true)
                return
            }
        }
        var written = 0
        // Every view is rendered at `now` from the same cache: their readings are shared, and
        // the columns of streaks whose lines did not change are kept from the last change.
        let memo = ReadingMemo(cache: cache)
        let columns = ViewColumns(folder.read(ViewColumns.name, limit: ViewColumns.maxBytes), lines: memo)
        for name in folder.names() where isViewName(name) {
            if configured >= 0, folder.modified(name) < configured {
                // tmux shows what was pushed until the time pushed with it: ended now, so its
                // next refresh runs the binary, which asks for a view of the new settings.
                if name.hasPrefix(Host.tmux.rawValue + "-"), let bytes = folder.read(name, limit: PromptCache.maxBytes),
                   let spec = Spec.parse(bytes) {
                    TmuxPush.expire(socket: spec.tmuxSocket, environment: environment)
                }
                folder.removeWithSpare(name)
                continue
            }
            // A name of ours that is a link, a folder or a pipe: not something it wrote.
            guard let bytes = folder.read(name, limit: PromptCache.maxBytes) else {
                if folder.isRegularFile(name) { folder.removeWithSpare(name) }
                continue
            }
            let spec = Spec.parse(bytes)
            let identity = spec?.identity ?? ""
            guard written < limit, let spec, Spec.id(host: spec.host, identity: identity) == name,
                  now - spec.registered < keepDays * 86400
            else {
                folder.removeWithSpare(name)
                continue
            }
            written += 1
            do throws(SystemError) {
                let path = try cache.withUnsafeBufferPointer { (buffer) throws(SystemError) -> String in
                    try write(spec, in: folder, cache: buffer, now: now, locked: true, memo: memo, columns: columns,
                              zones: zones, old: bytes, identity: identity)
                }
                if spec.host == .tmux { TmuxPush.push(viewPath: path, socket: spec.tmuxSocket, now: now, environment: environment) }
            } catch {
                folder.removeWithSpare(name)
            }
        }
        if written == 0 || (try? folder.write(ViewColumns.name, columns.bytes, locked: true)) == nil {
            folder.removeWithSpare(ViewColumns.name)
        }
        // Last: the views are now those of this cache.
        if (try? folder.write(renderedName, rendered(cache), locked: true)) == nil { folder.removeWithSpare(renderedName) }
    }

    /// `views/rendered`: the checksum of the cache every view was last rendered or touched
    /// from, written after them. A change that shows the same touches the views only when it
    /// names the cache that change replaces: a change killed after it wrote the cache, before
    /// it got to the views, left the checksum of the one before.
    static let renderedName = "rendered"

    static func rendered(_ cache: [UInt8]) -> [UInt8] {
        Array((Spec.hex(cache.withUnsafeBufferPointer { stamp($0) }) + "\n").utf8)
    }

    /// What the views one change rewrites learn of their zones (`ZoneFile`), once a zone:
    /// each is a few system calls on the zone file.
    final class Zones {
        /// By key (`identityKeys`' i-th is `identities[i]`; the same for `safe`): one or two.
        private var identityKeys = NameIndex()
        private var identities: [String] = []
        private var safeKeys = NameIndex()
        private var safe: [Bool] = []

        /// `TZ` unset and `TZ` empty are different zones (the system's, and UTC).
        private func key(_ zone: String?) -> String { zone.map { "=" + $0 } ?? "-" }

        func identity(for zone: String?) -> String {
            if let index = identityKeys.index(of: key(zone)) { return identities[index] }
            let identity = ZoneFile.identity(for: zone)
            identityKeys.append(key(zone))
            identities.append(identity)
            return identity
        }

        func isSafe(_ zone: String?) -> Bool {
            if let index = safeKeys.index(of: key(zone)) { return safe[index] }
            let answer = ZoneFile.isSafe(zone)
            safeKeys.append(key(zone))
            safe.append(answer)
            return answer
        }
    }

    /// The views folder, opened once without following a link; every file in it is then
    /// named relative to that descriptor (`openat`, `unlinkat`, `renameat`), so a folder
    /// swapped for a link after the open still cannot redirect a write or a removal.
    final class Folder {
        let fd: Int32
        let path: String

        /// Opens the folder, making it (0700) when `create` and it is missing. Fails when it
        /// is a link or not a folder (`ELOOP`, `ENOTDIR`).
        init(home: String, create: Bool) throws(SystemError) {
            path = Views.folder(home: home)
            var fd = path.withCString { open($0, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }
            if fd < 0, errno == ENOENT, create {
                if !Files.isFolder(home) { try Files.makeFolders(home, mode: 0o700) }
                guard path.withCString({ mkdir($0, 0o700) }) == 0 || errno == EEXIST else { throw SystemError("create", path) }
                fd = path.withCString { open($0, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }
            }
            guard fd >= 0 else {
                let code = errno
                throw SystemError("open", path, code: code,
                                  detail: code == ELOOP || code == ENOTDIR ? "it is a link or not a folder; views are not written through a link" : nil)
            }
            self.fd = fd
        }

        /// The data folder itself, which may be a link (to a synced folder, say): for the
        /// files at its top that a change replaces whole (the prompt cache).
        init(data home: String) throws(SystemError) {
            path = home
            let fd = home.withCString { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
            guard fd >= 0 else { throw SystemError("open", home) }
            self.fd = fd
        }

        deinit { close(fd) }

        /// This process's effective user, asked once (a system call each time).
        static let user = geteuid()

        /// The names in the folder, sorted.
        func names() -> [String] {
            let copy = dup(fd)
            guard copy >= 0, let dir = fdopendir(copy) else {
                if copy >= 0 { close(copy) }
                return []
            }
            defer { closedir(dir) }
            rewinddir(dir)
            return Files.names(in: dir)
        }

        func isRegularFile(_ name: String) -> Bool {
            var info = stat()
            return name.withCString { fstatat(fd, $0, &info, AT_SYMLINK_NOFOLLOW) } == 0 && (info.st_mode & S_IFMT) == S_IFREG
        }

        /// The file's bytes when it is a regular file (not a link: `O_NOFOLLOW`; a named pipe
        /// is opened without waiting, then refused) of at most `limit` bytes; else nil.
        func read(_ name: String, limit: Int) -> [UInt8]? {
            let file = retrying { name.withCString { openat(fd, $0, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC) } }
            guard file >= 0 else { return nil }
            defer { close(file) }
            var info = stat()
            guard fstat(file, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) <= limit else { return nil }
            guard let bytes = systemReadToEnd(file, size: Int(info.st_size), limit: limit), bytes.count <= limit else { return nil }
            return bytes
        }

        /// Whether the view `name` is one this program rendered, as it rendered it, at
        /// `written` (nanoseconds) or later: a regular file with one name, modified since,
        /// whole, its first piece holding at `now` (one that ended is joined again, as a
        /// change that renders does), whose settings are the ones its name is made of.
        /// (File times move in clock ticks, whole seconds on some file systems: a view as old
        /// as the cache passes; `rendered` tells a change killed in between.)
        func renderedAfter(_ written: Int64, name: String, now: Int64, zones: Zones) -> Bool {
            var info = stat()
            guard name.withCString({ fstatat(fd, $0, &info, AT_SYMLINK_NOFOLLOW) }) == 0,
                  (info.st_mode & S_IFMT) == S_IFREG, info.st_nlink == 1,
                  Folder.nanoseconds(info) >= written,
                  let bytes = read(name, limit: Views.maxBytes)
            else { return false }
            return Views.holdsWhole(bytes, now: now) != nil && Views.isNamed(bytes, name) && Views.zoneHolds(bytes, zones: zones)
        }

        /// The file's modification time in nanoseconds (a link's own), or -1.
        func modified(_ name: String) -> Int64 {
            var info = stat()
            guard name.withCString({ fstatat(fd, $0, &info, AT_SYMLINK_NOFOLLOW) }) == 0 else { return -1 }
            return Folder.nanoseconds(info)
        }

        static func nanoseconds(_ info: stat) -> Int64 {
            #if canImport(Darwin)
            let time = info.st_mtimespec
            #else
            let time = info.st_mtim
            #endif
            return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
        }

        /// Sets the file's times to now (a link's own, never what it points to); false when
        /// that fails.
        func touch(_ name: String) -> Bool {
            name.withCString { utimensat(fd, $0, nil, AT_SYMLINK_NOFOLLOW) } == 0
        }

        /// Removes the file and the spare a locked write keeps beside it (`write`).
        func removeWithSpare(_ name: String) {
            remove(name)
            remove("." + name + ".tmp")
        }

        /// Removes the file (a link itself, never what it points to).
        func remove(_ name: String) {
            _ = name.withCString { unlinkat(fd, $0, 0) }
        }

        /// Replaces the file so a reader finds the old one or the new one whole. Derived data:
        /// not flushed.
        ///
        /// `locked` (the caller holds the data folder's lock): the new bytes go into the spare
        /// `.NAME.tmp`, which the two names then swap (`systemExchange`), so the old bytes
        /// become the spare for the next change. Nothing is freed, and no rename lands on a
        /// file: on ext4 a rename over a file (or a truncation) makes it write the new file out
        /// at once (`auto_da_alloc`), and freeing blocks is slow on a disk mounted `discard` —
        /// eight times the cost of the swap. The spare is used only when it is a regular file
        /// of ours with one link that no one else may write (`O_NOFOLLOW`; a second link
        /// could be a file of the user's elsewhere); else it is made anew (`O_EXCL`).
        ///
        /// Unlocked (a prompt writing its own view), or where names cannot be swapped: a
        /// temporary file made here (never one that was there) is renamed to the name, the old
        /// file removed just before (a plugin that looks in that moment finds no view and runs
        /// the binary once, never a part of one). With `alwaysThere` the rename lands on the
        /// old file instead, so a reader never finds none (the prompt cache: a prompt without
        /// it shows nothing and starts a rebuild).
        func write(_ name: String, _ bytes: [UInt8], locked: Bool, alwaysThere: Bool = false) throws(SystemError) {
            var temporary = "." + name + (locked ? ".tmp" : ".tmp-" + String(getpid()))
            if locked, let (spare, size) = openSpare(temporary) {
                // Cut to the new length only when the spare is longer.
                try fill(spare, with: bytes, truncating: size > bytes.count, temporary: temporary, for: name)
                // Only a regular file is swapped away (a folder or a link in the view's place is
                // not ours to move: the rename below fails on a folder, removes a link). None
                // there yet, or no swap on this system or file system: the rename, with the
                // bytes already written.
                if isRegularFile(name) {
                    if systemExchange(fd, temporary, name) { return }
                    guard errno == ENOENT || errno == ENOSYS || errno == EINVAL else {
                        let code = errno
                        remove(temporary)
                        throw SystemError("replace", Paths.join(path, name), code: code)
                    }
                }
                try rename(temporary, over: name, removingFirst: !alwaysThere)
                return
            }
            // The spare's name holds what cannot be removed (a folder): a name of this process.
            if locked { temporary = "." + name + ".tmp-" + String(getpid()) }
            _ = temporary.withCString { unlinkat(fd, $0, 0) }
            let file = retrying { temporary.withCString {
                openat(fd, $0, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, 0o644)
            } }
            guard file >= 0 else { throw SystemError("create", Paths.join(path, temporary)) }
            try fill(file, with: bytes, truncating: false, temporary: temporary, for: name)
            try rename(temporary, over: name, removingFirst: !alwaysThere)
        }

        /// Writes `bytes` into `file` (the open `temporary`) from its start, cut to their
        /// length when `truncating` (a spare may be longer), and closes it; when that fails,
        /// removes `temporary` and throws for `name`.
        private func fill(_ file: Int32, with bytes: [UInt8], truncating: Bool, temporary: String,
                          for name: String) throws(SystemError) {
            let wrote = bytes.withUnsafeBytes { systemWriteAll(file, $0.baseAddress!, $0.count) }
                && (!truncating || ftruncate(file, off_t(bytes.count)) == 0)
            let failure = errno
            close(file)
            guard wrote else {
                remove(temporary)
                throw SystemError("replace", Paths.join(path, name), code: failure)
            }
            TestPoint.reach("write-before-rename")
        }

        /// Renames `temporary` to `name`, removing `name` just before when `removingFirst`;
        /// removes the temporary file when that fails.
        private func rename(_ temporary: String, over name: String, removingFirst: Bool) throws(SystemError) {
            if removingFirst { remove(name) }
            guard temporary.withCString({ from in name.withCString { to in renameat(fd, from, fd, to) } }) == 0 else {
                let code = errno
                remove(temporary)
                throw SystemError("replace", Paths.join(path, name), code: code)
            }
        }

        /// The spare file `temporary` opened for writing from its start: the one there when it
        /// is a regular file of this user with one link that no one else may write, else a new
        /// one; nil when neither can be had.
        private func openSpare(_ temporary: String) -> (file: Int32, size: Int)? {
            let file = retrying { temporary.withCString {
                openat(fd, $0, O_WRONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
            } }
            if file >= 0 {
                var info = stat()
                if fstat(file, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_nlink == 1, info.st_uid == Folder.user,
                   info.st_mode & 0o022 == 0 {
                    return (file, Int(info.st_size))
                }
                close(file)
            }
            remove(temporary)
            let made = retrying { temporary.withCString {
                openat(fd, $0, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, 0o644)
            } }
            return made >= 0 ? (made, 0) : nil
        }
    }

    /// Runs `body` with `TZ` set to `zone` (unset for nil), as the plugin that asked for the
    /// view has it, then puts the process's back.
    static func withZone<T>(_ zone: String?, _ body: () -> T) -> T {
        let old = getenv("TZ").map { String(cString: $0) }
        guard old != zone else { return body() }
        if let zone { setenv("TZ", zone, 1) } else { unsetenv("TZ") }
        tzset()
        defer {
            if let old { setenv("TZ", old, 1) } else { unsetenv("TZ") }
            tzset()
        }
        return body()
    }

    /// The piece of a view file shown at `now`: its text with `{left}` filled, as a plugin
    /// picks it; nil when the plugin would run the binary (no piece for now, not a view).
    public static func pick(_ bytes: [UInt8], now: Int64) -> String? {
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        guard lines.count > 2, isFirstLine(lines[0]) else { return nil }
        for line in lines.dropFirst(2) {
            if line.elementsEqual("end".utf8) { return nil }
            let fields = line.split(separator: 0x09, maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3, let until = Int64(String(decoding: fields[0], as: UTF8.self)),
                  let deadline = Int64(String(decoding: fields[1], as: UTF8.self))
            else { return nil }
            guard until == 0 || now < until else { continue }
            let text = String(decoding: fields[2], as: UTF8.self)
            let left = Segment.leftText(deadline - now)
            return deadline == 0 ? text : text.split(separator: "\u{1F}", omittingEmptySubsequences: false).joined(separator: left)
        }
        return nil
    }
}

/// Puts a tmux view's text into tmux's global option `@streakprompt` (and the instant it
/// stops being valid into `@streakprompt-until`), so `status-right` shows it with no process
/// per refresh. Only when a tmux server is reachable: `TMUX` is set (a command run inside
/// tmux), or the default server's socket exists.
public enum TmuxPush {
    /// The socket of the tmux server this process runs in (`TMUX`), if any.
    public static func socket(_ environment: Environment) -> String? {
        guard let value = environment.nonEmpty("TMUX") else { return nil }
        let path = String(value.prefix { $0 != "," })
        return path.hasPrefix("/") ? path : nil
    }

    public static func reachable(_ environment: Environment, socket: String?) -> Bool {
        if let socket { return Files.exists(socket) }
        if environment.nonEmpty("TMUX") != nil { return true }
        let base = environment.nonEmpty("TMUX_TMPDIR") ?? "/tmp"
        return Files.exists(Paths.join(base, "tmux-\(getuid())/default"))
    }

    /// Ends what was pushed (`@streakprompt-until` 0): tmux runs the binary at its next refresh.
    static func expire(socket: String?, environment: Environment) {
        guard reachable(environment, socket: socket) else { return }
        let server = socket.map { ["-S", $0] } ?? []
        _ = try? Subprocess.run(["tmux"] + server + ["set-option", "-gq", "@streakprompt-until", "0"],
                                environment: environment, limit: 1 << 16, timeout: 2000)
    }

    public static func push(viewPath: String, socket: String?, now: Int64, environment: Environment) {
        guard reachable(environment, socket: socket), let bytes = try? Files.read(viewPath, limit: PromptCache.maxBytes) else { return }
        let text = Views.pick(bytes, now: now) ?? ""
        var until: Int64 = 0
        for line in bytes.split(separator: 0x0A).dropFirst(2) {
            let fields = line.split(separator: 0x09, maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3, let value = Int64(String(decoding: fields[0], as: UTF8.self)) else { break }
            if value == 0 || now < value {
                until = value == 0 ? TimeInput.latest : value
                // A {left} changes by the minute: valid to the next minute only.
                if let deadline = Int64(String(decoding: fields[1], as: UTF8.self)), deadline != 0 {
                    let rest = (deadline - now) % 60
                    until = Swift.min(until, now + (rest == 0 ? 60 : rest))
                }
                break
            }
        }
        let server = socket.map { ["-S", $0] } ?? []
        // tmux reads an argument that ends in `;` as the end of a command (and drops the
        // `;`), unless a backslash comes before it, which it then drops: `🔥1;` stays whole.
        let value = text.hasSuffix(";") ? String(text.dropLast()) + "\\;" : text
        _ = try? Subprocess.run(["tmux"] + server + ["set-option", "-gq", "@streakprompt", value, ";",
                                 "set-option", "-gq", "@streakprompt-until", String(until)],
                                environment: environment, limit: 1 << 16, timeout: 2000)
    }
}
