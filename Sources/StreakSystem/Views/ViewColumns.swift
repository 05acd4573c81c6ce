#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif
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
///   streakprompt-columns 2<TAB>BUILD          BUILD: version and commit of the binary that wrote it
///   view<TAB>ID<TAB>STAMP<TAB>AT<TAB>ZONE     the columns of the view ID, worked out in ZONE (`ZoneFile`);
///                                             the view was joined from them at AT with the stamp STAMP
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
/// A change reads the file in steps: where each view's lines are (the first bytes of each
/// line), then a view's columns (their `column` lines) when that view is written, then their
/// runs only when the view is joined again, into one array of runs whose texts stay ranges of
/// the file's bytes (`SegmentPlan.ColumnSet`): no array, string or buffer a column, which
/// cost a change with five views of fifty streaks more than joining them.
///
/// `STAMP` and `AT` let a change that leaves a view's texts as they were skip joining it: when
/// the view file still has that stamp (it is what was joined then), every column it shows is
/// the same as then, and its first piece still holds, the view is that file
/// (`Views.bytes`).
public final class ViewColumns {
    static let name = "columns"
    static let magic = "streakprompt-columns 2"
    /// A kept column serves while it covers this many dates from today; then the streak's
    /// column is worked out again (40 dates).
    static let keptDays = 30
    static let maxBytes = 4 << 20

    /// A view's columns in the file, in file order, found by their key and name (a view lists
    /// its streaks in the cache's order, which a change reads them in: first where the
    /// streak is now): each with its key, where its name is, its runs (`slots`, in `runs`,
    /// their texts ranges of the file's bytes) and where its lines are (copied as they are
    /// when it is kept again).
    struct Kept {
        var id: String
        var zone: String
        /// The view's stamp and the time it was joined at, from these columns.
        var stamp: UInt64
        var at: Int64
        /// Where each column's name starts in the file (it ends its `column` line).
        var nameStarts: [Int] = []
        var keys: [UInt64] = []
        /// Each column's first date, and the first date after its runs (`Column.end`; `Int.min`
        /// when its last run's line does not read).
        var firsts: [Int] = []
        var ends: [Int] = []
        /// Where each column's lines start, where its runs' lines start, and where they end,
        /// in threes.
        var lines: [Int] = []
        /// Read by `readRuns`: each column's runs in `runs`.
        var slots: [SegmentPlan.ColumnSet.Slot] = []
        var runs: [SegmentPlan.Column.Run] = []

        var count: Int { keys.count }
        func lines(of index: Int) -> Range<Int> { lines[3 * index]..<lines[3 * index + 2] }
        func runLines(of index: Int) -> Range<Int> { lines[3 * index + 1]..<lines[3 * index + 2] }
        func name(of index: Int) -> Range<Int> { nameStarts[index]..<(lines[3 * index + 1] - 1) }
    }

    /// Where a view's lines are in the file: from after its `view` line to the next one.
    struct Section {
        var id: String
        var zone: String
        var stamp: UInt64
        var at: Int64
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
    /// The cache the views are rendered from (its lines), and each line's checksum, by line.
    let lines: ReadingMemo
    private var keys: [UInt64] = []

    /// The first line, naming the build that wrote the file: another build's columns are
    /// worked out again.
    public static var header: String { magic + "\t" + BuildInfo.version + " " + BuildInfo.commit + "\n" }

    /// The columns of `bytes` (nil: no file), for views of the cache `lines` holds: its lines'
    /// checksums are taken from its bytes as they are (encoding each entry again cost a change
    /// with fifty streaks more than joining a view).
    init(_ bytes: [UInt8]?, lines: ReadingMemo) {
        self.bytes = Array(ViewColumns.header.utf8)
        if let bytes, let sections = ViewColumns.sections(bytes) {
            old = bytes
            self.sections = sections
        } else {
            old = []
        }
        self.lines = lines
        keys.reserveCapacity(lines.lineCount)
        lines.cache.withUnsafeBufferPointer { buffer in
            for index in 0..<lines.lineCount {
                keys.append(Views.stamp(UnsafeBufferPointer(rebasing: buffer[lines.line(index)])))
            }
        }
    }

    /// The checksum of the cache's line `index`.
    func key(line index: Int) -> UInt64 { keys[index] }

    /// The kept columns of the view `id`, when they were worked out in `zone` and read (looked
    /// up once a view, not once a streak).
    func view(_ id: String, zone: String) -> Kept? {
        guard let section = sections.first(where: { $0.id == id }), section.zone == zone else { return nil }
        return old.withUnsafeBufferPointer { ViewColumns.parse($0, section) }
    }

    /// Which of `view`'s columns (from `view(_:zone:)`) is the cache line `line`'s, when it
    /// still holds from `today` on: one of its name with its key, looked for first at
    /// `position` (where the view shows the line now).
    func column(in view: Kept, line: Int, position: Int, today: StreakDay) -> Int? {
        let key = key(line: line)
        let name = lines.name(ofLine: line)
        var found: Int?
        if position < view.count, view.keys[position] == key, isName(name, of: position, in: view) {
            found = position
        } else {
            for index in 0..<view.count where view.keys[index] == key && isName(name, of: index, in: view) {
                found = index
                break
            }
        }
        guard let index = found,
              SegmentPlan.Column.covers(first: view.firsts[index], end: view.ends[index], day: today, days: ViewColumns.keptDays)
        else { return nil }
        return index
    }

    /// Whether `view`'s `index`-th column is named as the cache's bytes `name` are.
    func isName(_ name: Range<Int>, of index: Int, in view: Kept) -> Bool {
        let range = view.name(of: index)
        return name.count == range.count && lines.cache.withUnsafeBufferPointer { cache in
            old.withUnsafeBufferPointer { old in
                name.isEmpty || memcmp(cache.baseAddress! + name.lowerBound, old.baseAddress! + range.lowerBound, range.count) == 0
            }
        }
    }

    /// Whether `column`, worked out now, is the view's `index`-th column byte for byte (its
    /// key aside): then it joins into what it joined into before.
    func same(_ column: SegmentPlan.Column, as index: Int, in view: Kept) -> Bool {
        guard view.firsts[index] == column.first else { return false }
        var runs: [UInt8] = []
        ViewColumns.write(runs: column, to: &runs)
        let lines = view.runLines(of: index)
        return runs.count == lines.count && old.withUnsafeBufferPointer { old in
            runs.withUnsafeBufferPointer { memcmp($0.baseAddress!, old.baseAddress! + lines.lowerBound, lines.count) == 0 }
        }
    }

    /// A column's `run` and `warned` lines.
    static func write(runs column: SegmentPlan.Column, to out: inout [UInt8]) {
        func add(_ text: String) { out.append(contentsOf: text.utf8) }
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

    /// Adds the columns a view was just joined from to the next bytes: a kept one's lines as
    /// they were (a view's kept columns that follow one another in one copy), a new one's
    /// written out.
    func keep(view id: String, zone: String, stamp: UInt64, at: Int64, _ columns: [Used]) {
        var out = bytes
        bytes = []
        func add(_ text: String) { out.append(contentsOf: text.utf8) }
        add("view\t" + id + "\t" + Views.Spec.hex(stamp) + "\t" + String(at) + "\t" + zone + "\n")
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
                ViewColumns.write(runs: column, to: &out)
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
        let again = ViewColumns(bytes, lines: ReadingMemo(cache: []))
        for view in views {
            var used: [Used] = []
            for index in 0..<view.count {
                let name = String(decoding: bytes[view.name(of: index)], as: UTF8.self)
                used.append(Used(name: name, key: view.keys[index], column: nil, lines: view.lines(of: index)))
            }
            again.keep(view: view.id, zone: view.zone, stamp: view.stamp, at: view.at, used)
        }
        return again.bytes
    }

    /// The file's views with their columns, in the file's order, or nil when any line does not
    /// read as written.
    static func parse(_ bytes: [UInt8]) -> [Kept]? {
        guard let sections = sections(bytes) else { return nil }
        var views: [Kept] = []
        for section in sections {
            guard var view = bytes.withUnsafeBufferPointer({ parse($0, section) }),
                  bytes.withUnsafeBufferPointer({ readRuns($0, &view) })
            else { return nil }
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
            if bytes.count == header.count { return sections }
            // The first line after the header is a view's; the others are found by their
            // first byte (fewer `v`s than lines to look at).
            guard Views.matches(bytes, at: header.count, "view\t") else { return nil }
            var start = header.count
            while true {
                let lineEnd = ByteSearch.index(of: 0x0A, in: bytes, from: start) ?? bytes.count - 1
                let idEnd = fieldEnd(bytes, start + 5, lineEnd)
                let id = text(bytes, (start + 5)..<idEnd)
                let stampEnd = idEnd < lineEnd ? fieldEnd(bytes, idEnd + 1, lineEnd) : lineEnd
                let atEnd = stampEnd < lineEnd ? fieldEnd(bytes, stampEnd + 1, lineEnd) : lineEnd
                guard atEnd < lineEnd, Views.isViewName(id), stampEnd - idEnd == 17,
                      let stamp = hex(bytes, (idEnd + 1)..<stampEnd), let at = number(bytes, (stampEnd + 1)..<atEnd)
                else { return nil }
                if !sections.isEmpty { sections[sections.count - 1].body = sections[sections.count - 1].body.lowerBound..<start }
                sections.append(Section(id: id, zone: text(bytes, (atEnd + 1)..<lineEnd), stamp: stamp, at: Int64(at),
                                        body: (lineEnd + 1)..<bytes.count))
                // The next `view` line: a `v` just after a newline, then `iew<TAB>`.
                var next = lineEnd + 1
                var found: Int?
                while let letter = ByteSearch.index(of: UInt8(ascii: "v"), in: bytes, from: next) {
                    if bytes[letter - 1] == 0x0A, Views.matches(bytes, at: letter, "view\t") {
                        found = letter
                        break
                    }
                    next = letter + 1
                }
                guard let found else { break }
                start = found
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

    /// A decimal number of at most 18 digits.
    static func number(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        guard !range.isEmpty, range.count <= 18 else { return nil }
        var value = 0
        for index in range {
            let digit = bytes[index] &- 0x30
            guard digit < 10 else { return nil }
            value = value &* 10 &+ Int(digit)
        }
        return value
    }

    /// Sixteen hex digits, as `Views.Spec.hex` writes them (either case reads).
    static func hex(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> UInt64? {
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

    /// One view's columns (their `column` lines, and where each one's lines are), or nil when
    /// a line is neither a column's nor a run's. Their runs are read by `readRuns`.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, _ section: Section) -> Kept? {
        var view = Kept(id: section.id, zone: section.zone, stamp: section.stamp, at: section.at)
        view.nameStarts.reserveCapacity(64)
        view.keys.reserveCapacity(64)
        view.firsts.reserveCapacity(64)
        view.ends.reserveCapacity(64)
        view.lines.reserveCapacity(192)
        // The last `run` line of the column being read: where its date starts and ends.
        var lastRun = 0..<0
        func endColumn() {
            guard !view.lines.isEmpty else { return }
            let isDash = lastRun.count == 1 && bytes[lastRun.lowerBound] == UInt8(ascii: "-")
            view.ends.append(isDash ? Int.max : lastRun.isEmpty ? Int.min : number(bytes, lastRun) ?? Int.min)
            lastRun = 0..<0
        }
        var start = section.body.lowerBound
        while start < section.body.upperBound {
            // The file ends with a newline (`sections`).
            let lineEnd = ByteSearch.index(of: 0x0A, in: bytes, from: start) ?? bytes.count - 1
            defer { start = lineEnd + 1 }
            if Views.matches(bytes, at: start, "column\t") {
                let keyStart = start + 7
                let keyEnd = fieldEnd(bytes, keyStart, lineEnd)
                let firstEnd = keyEnd < lineEnd ? fieldEnd(bytes, keyEnd + 1, lineEnd) : lineEnd
                guard keyEnd - keyStart == 16, firstEnd < lineEnd, let key = hex(bytes, keyStart..<keyEnd),
                      let first = number(bytes, (keyEnd + 1)..<firstEnd)
                else { return nil }
                endColumn()
                if !view.lines.isEmpty { view.lines.append(start) }
                // The name is compared with the cache's names only: one that is no streak's
                // name is never used.
                view.nameStarts.append(firstEnd + 1)
                view.keys.append(key)
                view.firsts.append(first)
                view.lines.append(start)
                view.lines.append(lineEnd + 1)
            } else if !view.lines.isEmpty, Views.matches(bytes, at: start, "run\t") {
                lastRun = (start + 4)..<fieldEnd(bytes, start + 4, lineEnd)
            } else if view.lines.isEmpty || !Views.matches(bytes, at: start, "warned\t") {
                return nil
            }
        }
        endColumn()
        if !view.lines.isEmpty { view.lines.append(section.body.upperBound) }
        return view
    }

    /// Reads the runs of `view`'s columns (from `parse`) into its `runs` and `slots`; false
    /// when any does not read as written: runs in date order after the column's first date,
    /// only the last for ever, a `warned` line after a `run` line.
    static func readRuns(_ bytes: UnsafeBufferPointer<UInt8>, _ view: inout Kept) -> Bool {
        view.runs.removeAll(keepingCapacity: true)
        view.runs.reserveCapacity(4 * view.count)
        view.slots.removeAll(keepingCapacity: true)
        view.slots.reserveCapacity(view.count)
        for index in 0..<view.count {
            let first = view.firsts[index]
            let runStart = view.runs.count
            let lines = view.runLines(of: index)
            var start = lines.lowerBound
            var previous = first
            while start < lines.upperBound {
                let lineEnd = ByteSearch.index(of: 0x0A, in: bytes, from: start) ?? bytes.count - 1
                defer { start = lineEnd + 1 }
                if Views.matches(bytes, at: start, "run\t") {
                    let from = start + 4
                    let end = fieldEnd(bytes, from, lineEnd)
                    guard end < lineEnd, previous != Int.max else { return false }
                    let isDash = end == from + 1 && bytes[from] == UInt8(ascii: "-")
                    guard let until = isDash ? Int.max : number(bytes, from..<end), until > previous else { return false }
                    previous = until
                    let plain = (end + 1)..<lineEnd
                    view.runs.append(SegmentPlan.Column.Run(until: until, plain: plain, warned: plain, marked: false))
                } else {
                    // `parse` let only `run` and `warned` lines through.
                    guard view.runs.count > runStart else { return false }
                    let warned = (start + 7)..<lineEnd
                    view.runs[view.runs.count - 1].warned = warned
                    // The {left} marker is one byte no data can make.
                    view.runs[view.runs.count - 1].marked = memchr(bytes.baseAddress! + warned.lowerBound, 0x1F, warned.count) != nil
                }
            }
            guard view.runs.count > runStart else { return false }
            view.slots.append(SegmentPlan.ColumnSet.Slot(first: first, start: runStart, end: view.runs.count))
        }
        return true
    }
}
