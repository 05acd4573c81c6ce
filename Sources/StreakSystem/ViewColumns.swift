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
/// file is read like a view (no link, no pipe, a size limit) and trusted no more: a file whose
/// first line or view lines do not read is discarded whole, and a view whose columns have a
/// line that does not read has them all worked out again.
///
/// A change reads the file in two steps: where each view's lines are (the first bytes of each
/// line), then a view's columns when that view is written, into one array of runs whose
/// texts stay ranges of the file's bytes (`SegmentPlan.ColumnSet`): no array, string or
/// buffer a column, which cost a change with five views of fifty streaks more than joining
/// them.
public final class ViewColumns {
    static let name = "columns"
    static let magic = "streakprompt-columns 1"
    /// A kept column serves while it covers this many dates from today; then the streak's
    /// column is worked out again (40 dates).
    static let keptDays = 30
    static let maxBytes = 4 << 20

    /// A view's columns in the file, in file order, found by name with a `NameIndex` (a view
    /// lists its streaks in the cache's order, which a change reads them in): each with its
    /// key, its runs (`slots`, in `runs`, their texts ranges of the file's bytes) and where
    /// its lines are (copied as they are when it is kept again).
    struct Kept {
        var id: String
        var zone: String
        var names = NameIndex()
        var keys: [UInt64] = []
        var slots: [SegmentPlan.ColumnSet.Slot] = []
        /// Where each column's lines start and end, in pairs.
        var lines: [Int] = []
        var runs: [SegmentPlan.Column.Run] = []

        func lines(of index: Int) -> Range<Int> { lines[2 * index]..<lines[2 * index + 1] }
    }

    /// Where a view's lines are in the file: from after its `view` line to the next one.
    struct Section {
        var id: String
        var zone: String
        var body: Range<Int>
    }

    /// A column a view was joined from, for `keep`: kept (its lines in the file read), or
    /// worked out now.
    struct Used {
        var name: String
        var key: UInt64
        var column: SegmentPlan.Column?
        var lines: Range<Int>
    }

    /// The file as read, and where its views' lines are.
    let old: [UInt8]
    private var sections: [Section] = []
    /// The file's next bytes: the columns of the views written since.
    private(set) var bytes: [UInt8]
    /// Cache-line checksums by streak name (`keyNames`' i-th is `keyValues[i]`), in the
    /// cache's order.
    private var keyNames = NameIndex()
    private var keyValues: [UInt64] = []

    /// The first line, naming the build that wrote the file: another build's columns are
    /// worked out again.
    public static var header: String { magic + "\t" + BuildInfo.version + " " + BuildInfo.commit + "\n" }

    /// The columns of `bytes` (nil: no file), for views of `cache`: its lines' checksums are
    /// taken from its bytes as they are (encoding each entry again cost a change with fifty
    /// streaks more than joining a view).
    init(_ bytes: [UInt8]?, cache: [UInt8]) {
        self.bytes = Array(ViewColumns.header.utf8)
        if let bytes, let sections = ViewColumns.sections(bytes) {
            old = bytes
            self.sections = sections
        } else {
            old = []
        }
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

    /// The kept columns of the view `id`, when they were worked out in `zone` and read (looked
    /// up once a view, not once a streak).
    func view(_ id: String, zone: String) -> Kept? {
        guard let section = sections.first(where: { $0.id == id }), section.zone == zone else { return nil }
        return old.withUnsafeBufferPointer { ViewColumns.parse($0, section) }
    }

    /// Which of `view`'s columns (from `view(_:zone:)`) is `entry`'s, when it still holds
    /// from `today` on.
    func column(in view: inout Kept, entry: PromptCache.Entry, today: StreakDay) -> Int? {
        let key = key(of: entry)
        guard let index = view.names.index(of: entry.name), view.keys[index] == key else { return nil }
        let slot = view.slots[index]
        let end = view.runs[slot.end - 1].until
        guard slot.first <= today.ordinal, end == Int.max || end >= today.ordinal + ViewColumns.keptDays else { return nil }
        return index
    }

    /// Adds the columns a view was just joined from to the next bytes: a kept one's lines as
    /// they were (a view's kept columns that follow one another in one copy), a new one's
    /// written out.
    func keep(view id: String, zone: String, _ columns: [Used]) {
        var out = bytes
        bytes = []
        func add(_ text: String) { out.append(contentsOf: text.utf8) }
        add("view\t" + id + "\t" + zone + "\n")
        old.withUnsafeBufferPointer { old in
            var pending = 0..<0
            func flush() {
                if !pending.isEmpty { out.append(contentsOf: UnsafeBufferPointer(rebasing: old[pending])) }
                pending = 0..<0
            }
            for used in columns {
                guard let column = used.column else {
                    if !pending.isEmpty, pending.upperBound == used.lines.lowerBound {
                        pending = pending.lowerBound..<used.lines.upperBound
                    } else {
                        flush()
                        pending = used.lines
                    }
                    continue
                }
                flush()
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
            flush()
        }
        bytes = out
    }

    /// The file as a change writes it when it keeps every column the file holds (in the
    /// file's order), or nil when any of it does not read. What reads must read back the same
    /// from that (the fuzzer's check, `fuzz/Checks.swift`).
    public static func keptAgain(_ bytes: [UInt8]) -> [UInt8]? {
        guard let views = parse(bytes) else { return nil }
        let again = ViewColumns(bytes, cache: [])
        for view in views {
            var used: [Used] = []
            for (index, name) in view.names.names.enumerated() {
                used.append(Used(name: name, key: view.keys[index], column: nil, lines: view.lines(of: index)))
            }
            again.keep(view: view.id, zone: view.zone, used)
        }
        return again.bytes
    }

    /// The file's views with their columns, in the file's order, or nil when any line does not
    /// read as written.
    static func parse(_ bytes: [UInt8]) -> [Kept]? {
        guard let sections = sections(bytes) else { return nil }
        var views: [Kept] = []
        for section in sections {
            guard let view = bytes.withUnsafeBufferPointer({ parse($0, section) }) else { return nil }
            views.append(view)
        }
        return views
    }

    /// Where each view's lines are, or nil when the first line is not this build's, the file
    /// does not end a line, or a `view` line does not read (or is not the first after the
    /// header). Only each line's first bytes are looked at.
    static func sections(_ file: [UInt8]) -> [Section]? {
        file.withUnsafeBufferPointer { bytes -> [Section]? in
            let header = Array(header.utf8)
            guard bytes.count >= header.count, bytes.last == 0x0A, bytes.starts(with: header) else { return nil }
            var sections: [Section] = []
            var start = header.count
            while start < bytes.count {
                let lineEnd = ByteSearch.index(of: 0x0A, in: bytes, from: start) ?? bytes.count - 1
                defer { start = lineEnd + 1 }
                if Views.matches(bytes, at: start, "view\t") {
                    let idEnd = fieldEnd(bytes, start + 5, lineEnd)
                    let id = text(bytes, (start + 5)..<idEnd)
                    guard idEnd < lineEnd, Views.isViewName(id) else { return nil }
                    if !sections.isEmpty { sections[sections.count - 1].body = sections[sections.count - 1].body.lowerBound..<start }
                    sections.append(Section(id: id, zone: text(bytes, (idEnd + 1)..<lineEnd), body: (lineEnd + 1)..<bytes.count))
                } else if sections.isEmpty {
                    return nil
                }
            }
            return sections
        }
    }

    static func text(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// The end of the field that starts at `start` (a TAB or the line's end).
    static func fieldEnd(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ lineEnd: Int) -> Int {
        var index = start
        while index < lineEnd, bytes[index] != 0x09 { index += 1 }
        return index
    }

    /// The columns of one view's lines, or nil when any line does not read as written. The
    /// runs' texts are ranges of `bytes`.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, _ section: Section) -> Kept? {
        var view = Kept(id: section.id, zone: section.zone)
        view.names.reserveCapacity(64)
        view.keys.reserveCapacity(64)
        view.slots.reserveCapacity(64)
        view.lines.reserveCapacity(128)
        view.runs.reserveCapacity(256)
        // The column being read: its first date, and where its lines and runs start (-1: none).
        var first = 0
        var columnStart = -1
        var runStart = 0
        func endColumn(at end: Int) -> Bool {
            guard columnStart >= 0 else { return true }
            // Runs in date order, after the first date; only the last may last for ever.
            guard view.runs.count > runStart else { return false }
            var previous = first
            for index in runStart..<view.runs.count {
                let until = view.runs[index].until
                guard until > previous, until != Int.max || index == view.runs.count - 1 else { return false }
                previous = until
            }
            view.slots.append(SegmentPlan.ColumnSet.Slot(first: first, start: runStart, end: view.runs.count))
            view.lines.append(columnStart)
            view.lines.append(end)
            columnStart = -1
            return true
        }
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
        func starts(_ start: Int, _ word: StaticString) -> Bool { Views.matches(bytes, at: start, word) }
        var start = section.body.lowerBound
        while start < section.body.upperBound {
            // The file ends with a newline (`sections`).
            let lineEnd = ByteSearch.index(of: 0x0A, in: bytes, from: start) ?? bytes.count - 1
            defer { start = lineEnd + 1 }
            if starts(start, "run\t") {
                let from = start + 4
                let end = fieldEnd(bytes, from, lineEnd)
                guard end < lineEnd, columnStart >= 0 else { return nil }
                let isDash = end == from + 1 && bytes[from] == UInt8(ascii: "-")
                guard let until = isDash ? Int.max : number(from..<end) else { return nil }
                let plain = (end + 1)..<lineEnd
                view.runs.append(SegmentPlan.Column.Run(until: until, plain: plain, warned: plain, marked: false))
            } else if starts(start, "warned\t") {
                guard columnStart >= 0, view.runs.count > runStart else { return nil }
                let warned = (start + 7)..<lineEnd
                view.runs[view.runs.count - 1].warned = warned
                // The {left} marker is one byte no data can make.
                view.runs[view.runs.count - 1].marked = ByteSearch.index(of: 0x1F, in: UnsafeBufferPointer(rebasing: bytes[..<lineEnd]),
                                                                         from: warned.lowerBound) != nil
            } else if starts(start, "column\t") {
                let keyStart = start + 7
                let keyEnd = fieldEnd(bytes, keyStart, lineEnd)
                let firstEnd = keyEnd < lineEnd ? fieldEnd(bytes, keyEnd + 1, lineEnd) : lineEnd
                guard keyEnd - keyStart == 16, firstEnd < lineEnd, let key = hex(keyStart..<keyEnd),
                      let made = number((keyEnd + 1)..<firstEnd), endColumn(at: start)
                else { return nil }
                // The name is compared with the cache's names only: one that is no streak's
                // name is never used.
                view.names.append(text(bytes, (firstEnd + 1)..<lineEnd))
                view.keys.append(key)
                first = made
                columnStart = start
                runStart = view.runs.count
            } else {
                return nil
            }
        }
        guard endColumn(at: section.body.upperBound) else { return nil }
        return view
    }
}
