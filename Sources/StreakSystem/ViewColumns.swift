import StreakBuildInfo
import StreakCore

/// The views' columns (`SegmentPlan.Column`: one streak's texts date by date), kept from one
/// change to the next in the views folder, so a change works out again only the columns of
/// the streaks it changed and joins the kept ones: a tick with five views rewrites them for
/// about what one costs. Derived data, like the views: rewritten whole by every change that
/// rewrites the views, with the columns of the views written then (a removed view's go with
/// it); missing or unreadable, every column is worked out again.
///
/// ```
/// HOME/views/columns
///   streakprompt-columns 1<TAB>BUILD          BUILD: version and commit of the binary that wrote it
///   view<TAB>ID<TAB>ZONE                      the columns of the view ID, worked out in ZONE (`ZoneFile`)
///   column<TAB>KEY<TAB>FIRST<TAB>NAME         KEY: 16 hex digits, a checksum of the streak's cache line
///   run<TAB>UNTIL<TAB>TEXT                    dates up to UNTIL (an ordinal; `-`: for ever) show TEXT
///   warned<TAB>TEXT                           ...and TEXT from the warn time on, when it differs
/// ```
/// A column is used again only for the view it was worked out for (its ID is a checksum of
/// every setting its texts depend on), in the same zone, by the same build, for a streak whose
/// cache line is byte for byte the same, and when it covers `keptDays` dates from today. The
/// file is read like a view (no link, no pipe, a size limit) and trusted no more: a line that
/// does not read discards the whole file.
public final class ViewColumns {
    static let name = "columns"
    static let magic = "streakprompt-columns 1"
    /// A kept column serves while it covers this many dates from today; then the streak's
    /// column is worked out again (40 dates).
    static let keptDays = 30
    static let maxBytes = 4 << 20

    /// A view's columns in the file: each with its key, and where its lines are (copied as
    /// they are when it is kept again). Their texts are ranges of the file's bytes.
    /// Its columns in file order, found by name with a `NameIndex` (a view lists its streaks in
    /// the cache's order, which a change reads them in).
    struct Kept {
        struct Found {
            var key: UInt64
            var column: SegmentPlan.Column
            var lines: Range<Int>
        }

        var id: String
        var zone: String
        var names = NameIndex()
        var columns: [Found] = []
    }

    /// A column a view was joined from, for `keep`.
    struct Used {
        var name: String
        var key: UInt64
        var column: SegmentPlan.Column
        /// Where its lines are in the file read (a kept column), or nil (worked out now).
        var lines: Range<Int>?
    }

    /// The file as read, and its views' columns.
    private let old: [UInt8]
    private var kept: [Kept] = []
    /// The file's next bytes: the columns of the views written since.
    private(set) var bytes: [UInt8]
    /// Cache-line checksums by streak name (`keyNames`' i-th is `keyValues[i]`), in the
    /// cache's order.
    private var keyNames = NameIndex()
    private var keyValues: [UInt64] = []
    /// The names of the view `view(_:zone:)` last found, searched as its streaks are asked for.
    private var viewNames = NameIndex()

    /// The first line, naming the build that wrote the file: another build's columns are
    /// worked out again.
    public static var header: String { magic + "\t" + BuildInfo.version + " " + BuildInfo.commit + "\n" }

    /// The columns of `bytes` (nil: no file), for views of `cache`: its lines' checksums are
    /// taken from its bytes as they are (encoding each entry again cost a change with fifty
    /// streaks more than joining a view).
    init(_ bytes: [UInt8]?, cache: [UInt8]) {
        self.bytes = Array(ViewColumns.header.utf8)
        old = bytes ?? []
        if let bytes { kept = ViewColumns.parse(bytes) ?? [] }
        cache.withUnsafeBufferPointer { buffer in
            PromptCache.forEachLine(buffer) { name, line in
                keyNames.append(String(decoding: UnsafeBufferPointer(rebasing: buffer[name]), as: UTF8.self))
                keyValues.append(Views.fnv(UnsafeBufferPointer(rebasing: buffer[line])))
            }
        }
    }

    /// The checksum of `entry`'s cache line (encoded again when the cache's bytes had none).
    /// Entries are asked for in the cache's order, so a name the cache holds twice gets each
    /// line's checksum in turn.
    func key(of entry: PromptCache.Entry) -> UInt64 {
        if let index = keyNames.index(of: entry.name) { return keyValues[index] }
        keyNames.append(entry.name)
        let key = Views.fnv(entry.line)
        keyValues.append(key)
        return key
    }

    /// The kept columns of the view `id`, when they were worked out in `zone` (looked up once
    /// a view, not once a streak).
    func view(_ id: String, zone: String) -> Kept? {
        guard let view = kept.first(where: { $0.id == id }), view.zone == zone else { return nil }
        viewNames = view.names
        viewNames.rewind()
        return view
    }

    /// The kept column of `entry` in `view` (from `view(_:zone:)`, the last it found), when it
    /// still holds from `today` on.
    func column(in view: Kept, entry: PromptCache.Entry, today: StreakDay) -> Used? {
        let key = key(of: entry)
        guard let index = viewNames.index(of: entry.name) else { return nil }
        let found = view.columns[index]
        guard found.key == key, found.column.covers(today, days: ViewColumns.keptDays) else { return nil }
        return Used(name: entry.name, key: key, column: found.column, lines: found.lines)
    }

    /// Adds the columns a view was just joined from to the next bytes: a kept one's lines as
    /// they were, a new one's written out.
    func keep(view id: String, zone: String, _ columns: [Used]) {
        var out = bytes
        bytes = []
        func add(_ text: String) { out.append(contentsOf: text.utf8) }
        add("view\t" + id + "\t" + zone + "\n")
        old.withUnsafeBufferPointer { old in
            for used in columns {
                if let lines = used.lines {
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: old[lines]))
                    continue
                }
                let column = used.column
                add("column\t" + Views.Spec.hex(used.key) + "\t" + String(column.first) + "\t" + used.name + "\n")
                column.bytes.withUnsafeBufferPointer { text in
                    for run in column.runs {
                        add(run.until == Int.max ? "run\t-\t" : "run\t" + String(run.until) + "\t")
                        out.append(contentsOf: UnsafeBufferPointer(rebasing: text[run.plain]))
                        out.append(0x0A)
                        if run.warns {
                            add("warned\t")
                            out.append(contentsOf: UnsafeBufferPointer(rebasing: text[run.warned]))
                            out.append(0x0A)
                        }
                    }
                }
            }
        }
        bytes = out
    }

    /// The file as a change writes it when it keeps every column the file holds (in the
    /// file's order), or nil when it does not read. What reads must read back the same from
    /// that (the fuzzer's check, `fuzz/Checks.swift`).
    public static func keptAgain(_ bytes: [UInt8]) -> [UInt8]? {
        guard let views = parse(bytes) else { return nil }
        let again = ViewColumns(bytes, cache: [])
        for view in views {
            var used: [Used] = []
            for (name, found) in zip(view.names.names, view.columns) {
                used.append(Used(name: name, key: found.key, column: found.column, lines: found.lines))
            }
            again.keep(view: view.id, zone: view.zone, used)
        }
        return again.bytes
    }

    /// The file's views with their columns, in the file's order, or nil when any line does not
    /// read as written. The columns' texts are ranges of `bytes` (one buffer, shared, not copied).
    static func parse(_ bytes: [UInt8]) -> [Kept]? {
        bytes.withUnsafeBufferPointer { parse($0, shared: bytes) }
    }

    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, shared: [UInt8]) -> [Kept]? {
        let header = Array(header.utf8)
        guard bytes.count >= header.count, bytes.last == 0x0A, bytes.starts(with: header) else { return nil }
        var views: [Kept] = []
        // The view being read (its ID nil before the first), kept apart from its ID so that
        // its columns are added in place, not through a copy.
        var viewID: String?
        var view = Kept(id: "", zone: "")
        var column: (name: String, key: UInt64, column: SegmentPlan.Column, start: Int)?
        func endColumn(at end: Int) -> Bool {
            guard let done = column else { return true }
            column = nil
            // Runs in date order, after the first date; only the last may last for ever.
            var previous = done.column.first
            for (index, run) in done.column.runs.enumerated() {
                guard run.until > previous, run.until != Int.max || index == done.column.runs.count - 1 else { return false }
                previous = run.until
            }
            guard !done.column.runs.isEmpty, viewID != nil else { return false }
            view.names.append(done.name)
            view.columns.append(Kept.Found(key: done.key, column: done.column, lines: done.start..<end))
            return true
        }
        // Room for as many columns as the view before had: the views of one folder show
        // about the same streaks.
        var room = 8
        func endView(at end: Int) -> Bool {
            guard endColumn(at: end) else { return false }
            if viewID != nil {
                room = Swift.max(room, view.columns.count)
                views.append(view)
            }
            viewID = nil
            view = Kept(id: "", zone: "")
            return true
        }
        func text(_ range: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) }
        func number(_ range: Range<Int>) -> Int? {
            guard !range.isEmpty, range.count <= 18 else { return nil }
            var value = 0
            for index in range {
                guard (0x30...0x39).contains(bytes[index]) else { return nil }
                value = value * 10 + Int(bytes[index] - 0x30)
            }
            return value
        }
        /// Sixteen hex digits, as `Views.Spec.hex` writes them (either case reads).
        func hex(_ range: Range<Int>) -> UInt64? {
            var value: UInt64 = 0
            for index in range {
                let byte = bytes[index]
                let digit: UInt8
                switch byte {
                case 0x30...0x39: digit = byte - 0x30
                case 0x61...0x66: digit = byte - 0x61 + 10
                case 0x41...0x46: digit = byte - 0x41 + 10
                default: return nil
                }
                value = value << 4 | UInt64(digit)
            }
            return value
        }
        /// The end of the field that starts at `start` (a TAB or the line's end).
        func fieldEnd(_ start: Int, _ lineEnd: Int) -> Int {
            var index = start
            while index < lineEnd, bytes[index] != 0x09 { index += 1 }
            return index
        }
        func starts(_ start: Int, _ word: StaticString) -> Bool { Views.matches(bytes, at: start, word) }
        var start = header.count
        while start < bytes.count {
            // The file ends with a newline (checked above).
            let lineEnd = ByteSearch.index(of: 0x0A, in: bytes, from: start) ?? bytes.count - 1
            defer { start = lineEnd + 1 }
            if starts(start, "run\t") {
                let first = start + 4
                let end = fieldEnd(first, lineEnd)
                guard end < lineEnd, column != nil else { return nil }
                let isDash = end == first + 1 && bytes[first] == UInt8(ascii: "-")
                guard let until = isDash ? Int.max : number(first..<end) else { return nil }
                column!.column.append(until: until, plain: (end + 1)..<lineEnd)
            } else if starts(start, "warned\t") {
                guard column?.column.runs.isEmpty == false else { return nil }
                column!.column.setWarned((start + 7)..<lineEnd)
            } else if starts(start, "column\t") {
                let keyStart = start + 7
                let keyEnd = fieldEnd(keyStart, lineEnd)
                let firstEnd = keyEnd < lineEnd ? fieldEnd(keyEnd + 1, lineEnd) : lineEnd
                guard keyEnd - keyStart == 16, firstEnd < lineEnd, let key = hex(keyStart..<keyEnd),
                      let first = number((keyEnd + 1)..<firstEnd), endColumn(at: start)
                else { return nil }
                let name = text((firstEnd + 1)..<lineEnd)
                guard StreakName.problem(with: name) == nil else { return nil }
                var made = SegmentPlan.Column(first: first, bytes: shared)
                made.runs.reserveCapacity(4)
                column = (name, key, made, start)
            } else if starts(start, "view\t") {
                let idEnd = fieldEnd(start + 5, lineEnd)
                let id = text((start + 5)..<idEnd)
                guard idEnd < lineEnd, Views.isViewName(id), endView(at: start) else { return nil }
                viewID = id
                view = Kept(id: id, zone: text((idEnd + 1)..<lineEnd))
                view.names.reserveCapacity(room)
                view.columns.reserveCapacity(room)
            } else {
                return nil
            }
        }
        guard endView(at: bytes.count) else { return nil }
        return views
    }
}
