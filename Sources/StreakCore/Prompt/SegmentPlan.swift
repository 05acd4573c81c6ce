/// The segment for now and the days ahead, as the data stands, each text with the instant it
/// stops being valid: what a shell plugin reads with its own clock instead of running the
/// binary before every prompt (a pre-rendered view).
///
/// A text changes only where the date changes (the day start, in the zone, with its DST
/// changes), where a pending streak starts to warn (`SegmentTheme.warnAt`), or where the data
/// changes (then the view is written again). So each date yields one or two pieces, and
/// consecutive pieces with the same text are merged: a week of a done-pending-broken streak
/// is three lines.
public enum SegmentPlan {
    /// One text and the instants it is shown in: from the end of the previous piece up to
    /// `until` (exclusive; 0: for ever). `deadline` is the end of the date for `{left}`, which
    /// a warning text holds as `Segment.leftMarkerText` (0: no `{left}` to fill).
    public struct Piece: Equatable, Sendable {
        public var until: Int64
        public var deadline: Int64
        public var text: String

        public init(until: Int64, deadline: Int64, text: String) {
            self.until = until
            self.deadline = deadline
            self.text = text
        }
    }

    /// How many dates ahead a view covers at most; past them the plugin runs the binary once,
    /// which writes the view again from then.
    public static let days = 40

    /// Where the date `day` ends, after `moment` (`DayClock.end(of:after:)`).
    public static func end(of day: StreakDay, zone: some ZoneRules, dayStart: DayStart, after moment: Int64 = .min) -> Int64 {
        DayClock(zone: zone, dayStart: dayStart).end(of: day, after: moment)
    }

    /// The instant the date `day` starts to warn: `warnAt` on the clock, on that calendar date
    /// (or the next one when the warn time is earlier than the day start: with the day
    /// starting at 04:00, a warn time of 01:00 is the night before the date ends).
    public static func warnStart(of day: StreakDay, zone: some ZoneRules, dayStart: DayStart, warnAt: DayStart) -> Int64 {
        let date = warnAt.seconds >= dayStart.seconds ? day : day + 1
        return zone.moment(of: LocalDateTime(day: date, secondOfDay: warnAt.seconds))
    }

    /// Whether a reading asks for action before its date ends: pending, and (weekly streaks)
    /// on the last date of the week. Rest dates, paused dates and done ones never warn (they
    /// read done, not pending).
    public static func canWarn(_ reading: Reading, weekStart: WeekStart) -> Bool {
        guard reading.state == .pending else { return false }
        return reading.unit == .day || weekStart.first(ofWeekHolding: reading.today + 1) == reading.today + 1
    }

    /// The warn time and the end of one date, worked out once for every streak of a prompt
    /// (each is a zone conversion, the costliest step of a prompt), and the end only once the
    /// warn time has come.
    public struct WarnWindow {
        var day = StreakDay(ordinal: Int.min / 2)
        var start: Int64 = 0
        var end: Int64 = 0

        public init() {}
    }

    /// Whether `now` on `today` is past the warn time for a reading that can warn, with the
    /// seconds left until the date ends: the one rule the binary's prompt and a view share.
    public static func warning(_ reading: Reading, now: Int64, zone: some ZoneRules, dayStart: DayStart,
                               weekStart: WeekStart, theme: SegmentTheme, secondsLeft: inout Int64) -> Bool {
        var window = WarnWindow()
        return warning(reading, now: now, zone: zone, dayStart: dayStart, weekStart: weekStart, theme: theme,
                       window: &window, secondsLeft: &secondsLeft)
    }

    /// `warning`, reusing the times of `window` when it holds them for the reading's date.
    public static func warning(_ reading: Reading, now: Int64, zone: some ZoneRules, dayStart: DayStart,
                               weekStart: WeekStart, theme: SegmentTheme, window: inout WarnWindow,
                               secondsLeft: inout Int64) -> Bool {
        guard let warnAt = theme.warnAt, canWarn(reading, weekStart: weekStart) else { return false }
        if window.day != reading.today {
            window.day = reading.today
            window.start = warnStart(of: reading.today, zone: zone, dayStart: dayStart, warnAt: warnAt)
            window.end = 0
        }
        guard now >= window.start else { return false }
        if window.end == 0 { window.end = end(of: reading.today, zone: zone, dayStart: dayStart, after: now) }
        guard now < window.end else { return false }
        secondsLeft = window.end - now
        return true
    }

    /// The dates a plan covers from `now`, each with its end: the date at `now`, then the date
    /// each one's end falls in (a date the zone skips is left out), `days` of them.
    ///
    /// A date's end is first tried 24 hours after the one before: taken when the UTC offset is
    /// the same there and a second before it is still the date (then it is the same wall-clock
    /// time a day later, what `end(of:)` asks the zone for), else worked out by `end(of:)`,
    /// as on the dates of a DST change. Two clock readings a date instead of three and a
    /// `mktime`.
    public static func dates(from now: Int64, zone: some ZoneRules, dayStart: DayStart,
                             days: Int = SegmentPlan.days) -> [(day: StreakDay, end: Int64)] {
        let clock = DayClock(zone: zone, dayStart: dayStart)
        var day = clock.day(at: now)
        var dates: [(day: StreakDay, end: Int64)] = []
        dates.reserveCapacity(days)
        var previous: Instant?
        for _ in 0..<days {
            if let before = previous {
                let guess = zone.local(at: before.seconds + 86400)
                let next = dayStart.day(of: guess.local)
                if guess.offset == before.offset, next > day, clock.day(at: guess.seconds - 1) <= day {
                    dates.append((day, guess.seconds))
                    day = next
                    previous = guess
                    continue
                }
            }
            let end = end(of: day, zone: zone, dayStart: dayStart, after: previous?.seconds ?? now)
            dates.append((day, end))
            let local = zone.local(at: end)
            day = dayStart.day(of: local.local)
            previous = local
        }
        return dates
    }

    /// One streak's texts date by date, as runs of dates with the same texts: what a view is
    /// joined from. Its texts depend only on the streak's cache entry, the view's settings and
    /// the zone, never on the instant it was worked out, so a column worked out on an earlier
    /// date still holds for the dates it covers (`Views` keeps them between changes and works
    /// out again only the columns of the streaks that changed). The texts are bytes in one
    /// buffer a column, so joining a view copies bytes and makes no strings.
    public struct Column: Sendable {
        public struct Run: Sendable {
            /// The first date after the run (a date ordinal); `Int.max`: for ever.
            public var until: Int
            /// Where its text is in `bytes`, and its text from the warn time on (the same
            /// range when the dates cannot warn).
            public var plain: Range<Int>
            public var warned: Range<Int>
            /// Whether the warned text holds the `{left}` marker.
            public var marked: Bool
            public var warns: Bool { warned != plain }

            public init(until: Int, plain: Range<Int>, warned: Range<Int>, marked: Bool) {
                self.until = until
                self.plain = plain
                self.warned = warned
                self.marked = marked
            }
        }

        /// The first date it covers (an ordinal).
        public var first: Int
        public var runs: [Run] = []
        public var bytes: [UInt8] = []

        public init(first: Int) {
            self.first = first
        }

        /// A column whose texts are ranges of `bytes` (a buffer it shares, such as a file's).
        public init(first: Int, bytes: [UInt8]) {
            self.first = first
            self.bytes = bytes
        }

        /// Adds a run of dates up to `until` showing the text at `plain` in `bytes`.
        public mutating func append(until: Int, plain: Range<Int>) {
            precondition(plain.upperBound <= bytes.count)
            runs.append(Run(until: until, plain: plain, warned: plain, marked: false))
        }

        /// Sets the last run's text from the warn time on to the text at `range` in `bytes`.
        public mutating func setWarned(_ range: Range<Int>) {
            runs[runs.count - 1].warned = range
            // The {left} marker is one byte no data can make: a byte scan finds it.
            runs[runs.count - 1].marked = bytes[range].contains(0x1F)
        }

        /// Adds a run of dates up to `until` showing `plain` (from the warn time on too, until
        /// `setWarned`).
        public mutating func append(until: Int, plain: UnsafeBufferPointer<UInt8>) {
            let start = bytes.count
            bytes.append(contentsOf: plain)
            let range = start..<bytes.count
            runs.append(Run(until: until, plain: range, warned: range, marked: false))
        }

        /// Sets the last run's text from the warn time on.
        public mutating func setWarned(_ text: UnsafeBufferPointer<UInt8>) {
            let start = bytes.count
            bytes.append(contentsOf: text)
            setWarned(start..<bytes.count)
        }

        /// Adds a run of dates up to `until` showing `plain`, and `warned` from the warn time
        /// on (nil: `plain`).
        mutating func append(until: Int, plain: String, warned: String?) {
            var plain = plain
            plain.withUTF8 { append(until: until, plain: $0) }
            if var warned { warned.withUTF8 { setWarned($0) } }
        }

        public func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

        /// The first date it does not cover: `Int.max` when its last text lasts for ever.
        public var end: Int { Column.end(first: first, runs: runs[...]) }

        /// Where its last text starts, when that lasts for ever (the streak is broken with
        /// nothing planned, a week past its last action, and is no habit to quit); else nil.
        public var settledFrom: Int? { Column.settledFrom(first: first, runs: runs[...]) }

        /// Whether it holds every date from `day` to the `days`-th after (or its last text
        /// lasts for ever): a column kept from an earlier change, good for the view now.
        public func covers(_ day: StreakDay, days: Int) -> Bool {
            Column.covers(first: first, end: end, day: day, days: days)
        }

        /// `end`, `settledFrom` and `covers` of a column that starts at `first` with `runs`
        /// (a column of its own, or one in a `ColumnSet`, or read from the views' columns file).
        static func end(first: Int, runs: ArraySlice<Run>) -> Int { runs.last?.until ?? first }

        static func settledFrom(first: Int, runs: ArraySlice<Run>) -> Int? {
            guard end(first: first, runs: runs) == Int.max else { return nil }
            return runs.count > 1 ? runs[runs.endIndex - 2].until : first
        }

        public static func covers(first: Int, end: Int, day: StreakDay, days: Int) -> Bool {
            first <= day.ordinal && (end == Int.max || end >= day.ordinal + days)
        }
    }

    /// The column of `entry` over `dates` (`dates(from:)`), its texts from `render` (a
    /// streak's reading to its host text; `warning` on: with the warning look and
    /// `Segment.leftMarker` for `{left}`). `readings`, when given, holds the readings other
    /// views of the same zone and day start already worked out.
    public static func column(_ entry: PromptCache.Entry, dates: [(day: StreakDay, end: Int64)], zone: some ZoneRules,
                              weekStart: WeekStart, theme: SegmentTheme, readings: ReadingMemo.Readings? = nil,
                              render: (PromptCache.Entry, Reading, Bool) -> String) -> Column {
        var column = Column(first: dates.first?.day.ordinal ?? 0)
        var state = entry.progress
        // Most dates read like the one before (the date aside): render again only when the
        // reading changes, and start a run only when the texts do.
        var lastReading: Reading?
        var texts = ("", "")
        var fresh = true
        let lasting = entry.progress.ahead.isEmpty && !entry.progress.rules.quits
        for (index, date) in dates.enumerated() {
            let reading = readings?.reading(index, on: date.day, zone: zone) ?? state.advance(to: date.day, zone: zone)
            let canWarn = theme.warnAt != nil && canWarn(reading, weekStart: weekStart)
            var undated = reading
            // Whether it can warn depends on the date (a week's last): part of the key.
            undated.today = StreakDay(ordinal: canWarn ? 1 : 0)
            if lastReading != undated {
                let text = render(entry, reading, false)
                let made = (text, canWarn ? render(entry, reading, true) : text)
                fresh = fresh || made != texts
                texts = made
                lastReading = undated
            }
            if fresh {
                column.append(until: date.day.ordinal + 1, plain: texts.0, warned: texts.1 == texts.0 ? nil : texts.1)
                fresh = false
            } else {
                column.runs[column.runs.count - 1].until = date.day.ordinal + 1
            }
            // Broken with nothing planned, a week past the last action (whose date's and
            // week's progress no longer show), stays as it is for ever; a habit to quit never
            // does (its dates count without an action).
            if lasting, reading.state == .broken, entry.progress.through.map({ $0 + 7 >= date.day }) != true {
                column.runs[column.runs.count - 1].until = Int.max
                break
            }
        }
        return column
    }

    /// The pieces from `now` on, for the streaks `entries` (in the order shown). `render` turns
    /// a streak's reading into its host text (`warning` on: with the warning look and
    /// `Segment.leftMarker` for `{left}`); the texts of a date are joined with spaces, empty
    /// ones left out, as the prompt joins them. `summary`: one text a date for all of them
    /// instead (`{done}`/`{due}`).
    public static func pieces(_ entries: [PromptCache.Entry], from now: Int64, zone: some ZoneRules,
                              dayStart: DayStart, weekStart: WeekStart, theme: SegmentTheme, days: Int = SegmentPlan.days,
                              summary: ((Segment.Summary) -> String)? = nil, memo: ReadingMemo.Table? = nil,
                              render: (PromptCache.Entry, Reading, Bool) -> String) -> [Piece] {
        let dates = memo?.dates(from: now, zone: zone, dayStart: dayStart, days: days)
            ?? self.dates(from: now, zone: zone, dayStart: dayStart, days: days)
        if let summary {
            return summaryPieces(entries, dates: dates, from: now, zone: zone, memo: memo, summary: summary)
        }
        let columns = entries.map { entry in
            column(entry, dates: dates, zone: zone, weekStart: weekStart, theme: theme, readings: memo?.readings(of: entry),
                   render: render)
        }
        return merge(columns, dates: dates, from: now, zone: zone, dayStart: dayStart, theme: theme)
    }

    /// A piece whose text is bytes (what a view file is written from).
    public typealias BytePiece = (until: Int64, deadline: Int64, text: [UInt8])

    /// Pieces made of pieces: the one way they are kept, merging a text that goes on.
    struct Builder<Text: Equatable> {
        var pieces: [(until: Int64, deadline: Int64, text: Text)] = []

        mutating func add(_ text: Text, until: Int64, deadline: Int64) {
            if deadline == 0, let last = pieces.last, last.deadline == 0, last.text == text {
                pieces[pieces.count - 1].until = until
            } else {
                pieces.append((until, deadline, text))
            }
        }
    }

    /// The pieces from `now` on, joined from the streaks' columns (in the order shown) over
    /// `dates` (`dates(from: now)`), as far as every column covers.
    public static func merge(_ columns: [Column], dates: [(day: StreakDay, end: Int64)], from now: Int64,
                             zone: some ZoneRules, dayStart: DayStart, theme: SegmentTheme) -> [Piece] {
        mergedBytes(columns, dates: dates, from: now, zone: zone, dayStart: dayStart, theme: theme).map {
            Piece(until: $0.until, deadline: $0.deadline, text: String(decoding: $0.text, as: UTF8.self))
        }
    }

    /// Columns in one store, as a view is joined from them: every column's runs in one
    /// array, their texts in two buffers (`shared`, the kept columns' file as read, and `own`,
    /// the columns worked out now), so that a view of fifty kept columns is joined without
    /// an array or a buffer a column.
    public struct ColumnSet: Sendable {
        /// A column: its first date and where its runs are in `runs`.
        public struct Slot: Sendable {
            public var first: Int
            public var start: Int
            public var end: Int

            public init(first: Int, start: Int, end: Int) {
                self.first = first
                self.start = start
                self.end = end
            }
        }

        /// The runs; a text range below `shared.count` is in `shared`, one from it on is in
        /// `own` at `shared.count` less.
        public var runs: [Column.Run]
        public var slots: [Slot] = []
        public let shared: [UInt8]
        public var own: [UInt8] = []

        /// A set of columns whose runs' texts are ranges of `shared`, these runs among them.
        public init(shared: [UInt8], runs: [Column.Run] = []) {
            self.shared = shared
            self.runs = runs
        }

        public init(_ columns: [Column]) {
            self.init(shared: [])
            slots.reserveCapacity(columns.count)
            for column in columns { append(column) }
        }

        /// Adds a column whose runs are `runs[start..<end]` already.
        public mutating func append(_ slot: Slot) { slots.append(slot) }

        /// Adds a column of its own, its texts copied into `own`.
        public mutating func append(_ column: Column) {
            let offset = shared.count + own.count
            own.append(contentsOf: column.bytes)
            let start = runs.count
            for var run in column.runs {
                run.plain = (run.plain.lowerBound + offset)..<(run.plain.upperBound + offset)
                run.warned = (run.warned.lowerBound + offset)..<(run.warned.upperBound + offset)
                runs.append(run)
            }
            slots.append(Slot(first: column.first, start: start, end: runs.count))
        }

        /// The first date the column does not cover (`Column.end`).
        func end(_ slot: Slot) -> Int { Column.end(first: slot.first, runs: runs[slot.start..<slot.end]) }

        /// Where its last text starts when that lasts for ever (`Column.settledFrom`).
        func settledFrom(_ slot: Slot) -> Int? { Column.settledFrom(first: slot.first, runs: runs[slot.start..<slot.end]) }
    }

    /// `merge`, the texts as bytes.
    public static func mergedBytes(_ columns: [Column], dates: [(day: StreakDay, end: Int64)], from now: Int64,
                                   zone: some ZoneRules, dayStart: DayStart, theme: SegmentTheme,
                                   memo: ReadingMemo.Table? = nil) -> [BytePiece] {
        mergedBytes(ColumnSet(columns), dates: dates, from: now, zone: zone, dayStart: dayStart, theme: theme, memo: memo)
    }

    /// `merge` from a column set, the texts as bytes. With a `budget`, joining stops once the
    /// pieces' lines (`lineBytes`) hold more than that many bytes, and there are two or more:
    /// every piece but the last is then as an unbounded merge gives it, and the last is one
    /// `fitting` drops.
    public static func mergedBytes(_ set: ColumnSet, dates: [(day: StreakDay, end: Int64)], from now: Int64,
                                   zone: some ZoneRules, dayStart: DayStart, theme: SegmentTheme,
                                   memo: ReadingMemo.Table? = nil, budget: Int = .max) -> [BytePiece] {
        var builder = Builder<[UInt8]>()
        // At least the bytes of the pieces' lines so far (a line's numbers have a digit each).
        var least = 0
        var counted = 0
        let slots = set.slots
        // A column that starts after the first date cannot say what it shows: no pieces (the
        // plugin runs the binary).
        guard let first = dates.first, slots.allSatisfy({ $0.first <= first.day.ordinal }) else { return [] }
        var covered = Int.max
        var settledFrom = Int.min
        for slot in slots {
            covered = Swift.min(covered, set.end(slot))
            if settledFrom != Int.max { settledFrom = Swift.max(settledFrom, set.settledFrom(slot) ?? Int.max) }
        }
        // Each column's current run (an index into the set's runs), and where it ends: the
        // one thing a date looks at per column.
        var current = slots.map(\.start)
        var runEnd = slots.map { $0.end > $0.start ? set.runs[$0.start].until : Int.min }
        // The first date any column's run ends: dates before it change nothing (a date
        // looked at every column, fifty streaks times forty dates a view).
        var nextEnd = Int.max
        for end in runEnd where end < nextEnd { nextEnd = end }
        var plain: [UInt8] = []
        var warned: [UInt8] = []
        var warns = false
        var marked = false
        var begin = now
        for (index, date) in dates.enumerated() {
            let day = date.day.ordinal
            guard day < covered else { break }
            var changed = index == 0
            if day >= nextEnd {
                var next = Int.max
                set.runs.withUnsafeBufferPointer { runs in
                    current.withUnsafeMutableBufferPointer { current in
                        runEnd.withUnsafeMutableBufferPointer { runEnd in
                            for position in 0..<runEnd.count {
                                if runEnd[position] <= day {
                                    var run = current[position]
                                    while runs[run].until <= day { run += 1 }
                                    current[position] = run
                                    runEnd[position] = runs[run].until
                                    changed = true
                                }
                                if runEnd[position] < next { next = runEnd[position] }
                            }
                        }
                    }
                }
                nextEnd = next
            }
            if changed { (plain, warned, warns, marked) = joined(set, current) }
            if day >= settledFrom {
                builder.add(plain, until: 0, deadline: 0)
                return builder.pieces
            }
            if warns, let warnAt = theme.warnAt {
                let warns = memo?.warnStart(of: date.day, zone: zone, dayStart: dayStart, warnAt: warnAt)
                    ?? warnStart(of: date.day, zone: zone, dayStart: dayStart, warnAt: warnAt)
                let start = Swift.min(Swift.max(warns, begin), date.end)
                if start > begin { builder.add(plain, until: start, deadline: 0) }
                if date.end > start { builder.add(warned, until: date.end, deadline: marked ? date.end : 0) }
            } else {
                builder.add(plain, until: date.end, deadline: 0)
            }
            begin = date.end
            while counted < builder.pieces.count {
                least += builder.pieces[counted].text.count + 5
                counted += 1
            }
            if least > budget, builder.pieces.count > 1 { return builder.pieces }
        }
        return builder.pieces
    }

    /// The bytes of a piece's line in a view: `UNTIL<TAB>DEADLINE<TAB>TEXT<LF>`.
    public static func lineBytes(_ piece: BytePiece) -> Int {
        Decimal.digits(piece.until) + Decimal.digits(piece.deadline) + 3 + piece.text.count
    }

    /// The first pieces whose lines fit in `budget` bytes (at least the first: a view always
    /// holds the piece for now). The pieces left out are the last ones: a shell that reaches
    /// the end of a view runs the binary, which writes it again from then.
    public static func fitting(_ pieces: [BytePiece], budget: Int) -> [BytePiece] {
        var used = 0
        for (index, piece) in pieces.enumerated() {
            used += lineBytes(piece)
            if used > budget { return Array(pieces.prefix(Swift.max(index, 1))) }
        }
        return pieces
    }

    /// The texts of the columns' current runs, the non-empty ones joined by spaces, and their
    /// warned texts joined the same way (the plain ones when no run warns), with whether any
    /// warns and any holds the `{left}` marker: sized first, then each copied once (appending
    /// them one by one cost a view with fifty streaks more than the rest of its joining).
    static func joined(_ set: ColumnSet, _ current: [Int]) -> (plain: [UInt8], warned: [UInt8], warns: Bool, marked: Bool) {
        set.runs.withUnsafeBufferPointer { runs in
            set.shared.withUnsafeBufferPointer { shared in
                set.own.withUnsafeBufferPointer { own in
                    current.withUnsafeBufferPointer { current in
                        var plainCount = 0
                        var warnedCount = 0
                        var warns = false
                        var marked = false
                        for run in current {
                            let plain = runs[run].plain
                            let warned = runs[run].warned
                            if !plain.isEmpty { plainCount += (plainCount == 0 ? 0 : 1) + plain.count }
                            if !warned.isEmpty { warnedCount += (warnedCount == 0 ? 0 : 1) + warned.count }
                            warns = warns || warned != plain
                            marked = marked || runs[run].marked
                        }
                        func copy(_ count: Int, warned: Bool) -> [UInt8] {
                            [UInt8](unsafeUninitializedCapacity: count) { buffer, written in
                                var at = 0
                                for run in current {
                                    let range = warned ? runs[run].warned : runs[run].plain
                                    guard !range.isEmpty else { continue }
                                    if at > 0 {
                                        buffer[at] = 0x20
                                        at += 1
                                    }
                                    let source = range.lowerBound < shared.count
                                        ? shared.baseAddress! + range.lowerBound
                                        : own.baseAddress! + (range.lowerBound - shared.count)
                                    UnsafeMutableRawPointer(buffer.baseAddress! + at).copyMemory(from: source, byteCount: range.count)
                                    at += range.count
                                }
                                written = at
                            }
                        }
                        let plain = copy(plainCount, warned: false)
                        return (plain, warns ? copy(warnedCount, warned: true) : plain, warns, marked)
                    }
                }
            }
        }
    }

    /// The pieces of a summarising format: one text a date from the counts of every streak's
    /// reading, with no warning look.
    static func summaryPieces(_ entries: [PromptCache.Entry], dates: [(day: StreakDay, end: Int64)], from now: Int64,
                              zone: some ZoneRules, memo: ReadingMemo.Table?, summary: (Segment.Summary) -> String) -> [Piece] {
        var builder = Builder<String>()
        var states = entries.map(\.progress)
        let readings = entries.map { memo?.readings(of: $0) }
        for (index, date) in dates.enumerated() {
            var settled = true
            var counts = Segment.Summary()
            for (position, entry) in entries.enumerated() {
                let reading = readings[position]?.reading(index, on: date.day, zone: zone)
                    ?? states[position].advance(to: date.day, zone: zone)
                if reading.state != .broken || !entry.progress.ahead.isEmpty || entry.progress.rules.quits
                    || entry.progress.through.map({ $0 + 7 >= date.day }) == true {
                    settled = false
                }
                counts.add(reading)
            }
            let text = summary(counts)
            if settled {
                builder.add(text, until: 0, deadline: 0)
                break
            }
            builder.add(text, until: date.end, deadline: 0)
        }
        return builder.pieces.map { Piece(until: $0.until, deadline: $0.deadline, text: $0.text) }
    }
}

/// The readings of streaks date by date, shared by the views one change rewrites: views
/// rendered at one instant with the same zone, day start and week start read the same dates,
/// so each streak is carried over them once, not once a view.
public final class ReadingMemo {
    /// One streak's readings, date by date of the plan.
    public final class Readings {
        let initial: Progress
        var state: Progress
        var readings: [Reading] = []

        init(_ state: Progress) {
            initial = state
            self.state = state
        }

        /// The reading on the `index`-th date of the plan, `day` (dates asked in order: a date
        /// not read yet is the one after the last read).
        func reading(_ index: Int, on day: StreakDay, zone: some ZoneRules) -> Reading {
            if index < readings.count { return readings[index] }
            // Only in order: a plan that asks out of order (it never does) reads without the memo.
            guard index == readings.count else {
                return initial.reading(on: day, zone: zone)
            }
            let reading = state.advance(to: day, zone: zone)
            readings.append(reading)
            return reading
        }
    }

    /// The readings and dates of one zone, day start and week start, by streak name.
    public final class Table {
        /// The readings by streak name (`names`' i-th is `columns[i]`), as the views ask for them.
        var names = NameIndex()
        var columns: [Readings] = []
        var dates: [(day: StreakDay, end: Int64)]?
        var datesFrom: Int64 = 0

        /// The readings of `entry`'s streak (the entries of one cache: one per name).
        public func readings(of entry: PromptCache.Entry) -> Readings {
            if let index = names.index(of: entry.name) { return columns[index] }
            let readings = Readings(entry.progress)
            names.append(entry.name)
            columns.append(readings)
            return readings
        }

        /// Worked-out warn starts, by date and warn time: a few dates, searched in order (a
        /// dictionary of numbers is a generic type the runtime builds at first use, which cost
        /// more than the search).
        var warnKeys: [Int64] = []
        var warnStarts: [Int64] = []

        /// `SegmentPlan.warnStart`, worked out once for every view of the table.
        func warnStart(of day: StreakDay, zone: some ZoneRules, dayStart: DayStart, warnAt: DayStart) -> Int64 {
            let key = Int64(day.ordinal) << 20 | Int64(warnAt.seconds)
            if let index = warnKeys.firstIndex(of: key) { return warnStarts[index] }
            let start = SegmentPlan.warnStart(of: day, zone: zone, dayStart: dayStart, warnAt: warnAt)
            warnKeys.append(key)
            warnStarts.append(start)
            return start
        }

        /// `SegmentPlan.dates`, worked out once for every view of the table.
        public func dates(from now: Int64, zone: some ZoneRules, dayStart: DayStart, days: Int) -> [(day: StreakDay, end: Int64)] {
            if let dates, datesFrom == now, dates.count >= days { return Array(dates.prefix(days)) }
            let worked = SegmentPlan.dates(from: now, zone: zone, dayStart: dayStart, days: days)
            dates = worked
            datesFrom = now
            return worked
        }
    }

    /// The tables by key (`keys`' i-th is `tables[i]`): a few.
    var keys = NameIndex()
    var tables: [Table] = []

    /// The cache the views are rendered from, and its whole lines (where each starts, where
    /// its name ends and where it ends, in threes), each decoded when first asked for
    /// (`entry(atLine:)`): a change's views work out only the columns of lines that changed,
    /// and a line whose column is kept needs its name and bytes alone. (Decoding every line
    /// for every change cost one with five views of fifty streaks more than a view.)
    public let cache: [UInt8]
    private var bounds: [Int] = []
    private var decoded: [PromptCache.Entry?] = []
    private var tried: [Bool] = []

    public init(cache: [UInt8]) {
        self.cache = cache
        cache.withUnsafeBufferPointer { buffer in
            PromptCache.forEachLine(buffer) { name, line in
                bounds.append(line.lowerBound)
                bounds.append(name.upperBound)
                bounds.append(line.upperBound)
            }
        }
        decoded = Array(repeating: nil, count: bounds.count / 3)
        tried = Array(repeating: false, count: bounds.count / 3)
    }

    /// How many whole lines the cache has.
    public var lineCount: Int { bounds.count / 3 }

    /// Where the line `index` is in `cache` (without its line break), and its name.
    public func line(_ index: Int) -> Range<Int> { bounds[3 * index]..<bounds[3 * index + 2] }
    public func name(ofLine index: Int) -> Range<Int> { bounds[3 * index]..<bounds[3 * index + 1] }

    /// The entry on the line `index`, or nil when it does not read (`PromptCache.scan` leaves
    /// such a line out).
    public func entry(atLine index: Int) -> PromptCache.Entry? {
        if tried[index] { return decoded[index] }
        tried[index] = true
        decoded[index] = cache.withUnsafeBufferPointer { PromptCache.entry(atLine: bounds[3 * index], in: $0) }
        return decoded[index]
    }

    /// The table for views of this key (their zone, day start and week start).
    public func table(_ key: String) -> Table {
        if let index = keys.index(of: key) { return tables[index] }
        let table = Table()
        keys.append(key)
        tables.append(table)
        return table
    }
}
