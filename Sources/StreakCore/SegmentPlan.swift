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

    /// The first instant of the streak date after `day`: where the date `day` ends. The
    /// zone's transitions are honoured (a day start in a skipped hour ends the date when the
    /// clock jumps past it); a date the zone skips whole ends where the next one that exists
    /// begins.
    public static func end(of day: StreakDay, zone: some ZoneRules, dayStart: DayStart) -> Int64 {
        let clock = DayClock(zone: zone, dayStart: dayStart)
        let guess = clock.end(of: day)
        if clock.day(at: guess) > day, clock.day(at: guess - 1) <= day { return guess }
        // A transition near the day start: the first second whose date is later, searched.
        var low = guess - 30 * 3600
        var high = guess + 30 * 3600
        while clock.day(at: low) > day { low -= 24 * 3600 }
        while clock.day(at: high) <= day { high += 24 * 3600 }
        while high - low > 1 {
            let middle = low + (high - low) / 2
            if clock.day(at: middle) > day { high = middle } else { low = middle }
        }
        return high
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
        if window.end == 0 { window.end = end(of: reading.today, zone: zone, dayStart: dayStart) }
        guard now < window.end else { return false }
        secondsLeft = window.end - now
        return true
    }

    /// The pieces from `now` on, for the streaks `entries` (in the order shown). `render` turns
    /// a streak's reading into its host text (`warning` on: with the warning look and
    /// `Segment.leftMarker` for `{left}`); the texts of a date are joined with spaces, empty
    /// ones left out, as the prompt joins them.
    public static func pieces(_ entries: [PromptCache.Entry], from now: Int64, zone: some ZoneRules,
                              dayStart: DayStart, weekStart: WeekStart, theme: SegmentTheme, days: Int = SegmentPlan.days,
                              summary: ((Segment.Summary) -> String)? = nil, memo: ReadingMemo.Table? = nil,
                              render: (PromptCache.Entry, Reading, Bool) -> String) -> [Piece] {
        var pieces: [Piece] = []
        func add(_ text: String, until: Int64, deadline: Int64) {
            if deadline == 0, let last = pieces.last, last.deadline == 0, last.text == text {
                pieces[pieces.count - 1].until = until
            } else {
                pieces.append(Piece(until: until, deadline: deadline, text: text))
            }
        }
        let clock = DayClock(zone: zone, dayStart: dayStart)
        var day = clock.day(at: now)
        // Most dates read like the one before (the date aside): render each streak again only
        // when its reading changes.
        var lastReading = [Reading?](repeating: nil, count: entries.count)
        // Each streak's state, carried from date to date as the plan moves on.
        var states = entries.map(\.progress)
        var lastTexts = [(String, String)](repeating: ("", ""), count: entries.count)
        // The texts of the date before, joined: a date where no streak's text changed reuses them.
        var joined = ("", "")
        var begin = now
        for dayIndex in 0..<days {
            let end = end(of: day, zone: zone, dayStart: dayStart)
            var plain = ""
            var warned = ""
            var changed = dayIndex == 0
            var warns = false
            var settled = true
            var counts = Segment.Summary()
            for (index, entry) in entries.enumerated() {
                let reading = memo?.reading(of: entry, day: dayIndex, on: day, zone: zone)
                    ?? states[index].advance(to: day, zone: zone)
                // Broken with nothing planned, a week past the last action (whose date's and
                // week's progress no longer show), stays as it is for ever; a habit to quit
                // never does (its dates count without an action).
                if reading.state != .broken || !entry.progress.ahead.isEmpty || entry.progress.rules.quits
                    || entry.progress.through.map({ $0 + 7 >= day }) == true {
                    settled = false
                }
                if summary != nil {
                    // One text for all of them, after the last; no warning look.
                    counts.add(reading)
                    continue
                }
                let canWarn = theme.warnAt != nil && canWarn(reading, weekStart: weekStart)
                warns = warns || canWarn
                var undated = reading
                undated.today = StreakDay(ordinal: 0)
                // Whether it can warn depends on the date (a week's last): part of the key.
                if canWarn { undated.today = StreakDay(ordinal: 1) }
                if lastReading[index] != undated {
                    let text = render(entry, reading, false)
                    let texts = (text, canWarn ? render(entry, reading, true) : text)
                    if texts != lastTexts[index] { changed = true }
                    lastTexts[index] = texts
                    lastReading[index] = undated
                }
            }
            if summary == nil {
                if changed {
                    for (text, warnedText) in lastTexts {
                        if !text.isEmpty {
                            if !plain.isEmpty { plain.append(" ") }
                            plain.append(text)
                        }
                        if !warnedText.isEmpty {
                            if !warned.isEmpty { warned.append(" ") }
                            warned.append(warnedText)
                        }
                    }
                    joined = (plain, warned)
                } else {
                    (plain, warned) = joined
                }
            }
            if let summary {
                plain = summary(counts)
                warned = plain
            }
            if settled {
                add(plain, until: 0, deadline: 0)
                return pieces
            }
            if warns, let warnAt = theme.warnAt {
                let start = Swift.min(Swift.max(warnStart(of: day, zone: zone, dayStart: dayStart, warnAt: warnAt), begin), end)
                if start > begin { add(plain, until: start, deadline: 0) }
                if end > start {
                    // The {left} marker is one byte no data can make: a byte scan finds it.
                    add(warned, until: end, deadline: warned.utf8.contains(0x1F) ? end : 0)
                }
            } else {
                add(plain, until: end, deadline: 0)
            }
            begin = end
            day = clock.day(at: end)
        }
        return pieces
    }
}

/// The readings of streaks date by date, shared by the views one change rewrites: views
/// rendered at one instant with the same zone, day start and week start read the same dates,
/// so each streak is carried over them once, not once a view.
public final class ReadingMemo {
    /// The readings of one zone, day start and week start, by streak name.
    public final class Table {
        struct Column {
            var state: Progress
            var readings: [Reading]
        }

        var columns: [String: Column] = [:]

        /// The reading of `entry` on the `day`-th date of the plan (dates asked in order: a
        /// date not read yet is the one after the last read).
        func reading(of entry: PromptCache.Entry, day index: Int, on day: StreakDay, zone: some ZoneRules) -> Reading {
            if let column = columns[entry.name], index < column.readings.count { return column.readings[index] }
            var column = columns.removeValue(forKey: entry.name) ?? Column(state: entry.progress, readings: [])
            // Only in order: a plan that asks out of order (it never does) reads without the memo.
            guard index == column.readings.count else {
                columns[entry.name] = column
                var state = entry.progress
                return state.reading(on: day, zone: zone)
            }
            let reading = column.state.advance(to: day, zone: zone)
            column.readings.append(reading)
            columns[entry.name] = column
            return reading
        }
    }

    var tables: [String: Table] = [:]

    public init() {}

    /// The table for views of this key (their zone, day start and week start).
    public func table(_ key: String) -> Table {
        if let table = tables[key] { return table }
        let table = Table()
        tables[key] = table
        return table
    }
}
