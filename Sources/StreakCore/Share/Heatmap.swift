/// A streak's recent history as a GitHub-style grid: one column per week (Monday on top, or
/// Sunday when weeks start on Sunday), one cell per date, shaded by how far the date got: with
/// a daily goal of 1, its actions relative to the busiest date shown; with a goal N above 1,
/// its progress toward N (full once met). A weekly streak gets a last row with each week's
/// outcome.
///
/// Pure data and text: the caller gives the counts, the frozen dates and today, and chooses
/// the number of weeks and whether to colour, so the layout is testable byte for byte.
public struct Heatmap: Sendable {
    /// One date of the grid.
    public struct Cell: Hashable, Sendable {
        public var day: StreakDay
        /// What the date's actions count for (each plain tick is one; a date can have several).
        public var count: Int
        /// 0 for none, else 1–4 (see `level(of:max:)` and `level(of:goal:)`).
        public var level: Int
        public var scheduled: Bool
        /// A freeze covered the date (or its week).
        public var frozen: Bool
        public var isToday: Bool
        /// After today (the rest of the current week).
        public var isFuture: Bool
        /// Counts the date needs to be met.
        public var goal: Int = 1
        /// The streak is paused on the date.
        public var paused: Bool = false

        public var met: Bool { count >= goal }

        /// What the cell shows: its shade when it has actions, else a freeze, a pause, an
        /// empty scheduled date or an unscheduled one; nil after today (drawn empty).
        public var kind: Kind? {
            if count > 0 { return .level(level) }
            if isFuture { return nil }
            if frozen { return .frozen }
            if paused { return .paused }
            return scheduled ? .level(0) : .unscheduled
        }
    }

    /// What one date holds, as the grid takes it.
    public struct DayFacts: Sendable {
        public var count: Int
        public var goal: Int
        public var scheduled: Bool
        public var frozen: Bool
        public var paused: Bool
    }

    public let name: String
    public let today: StreakDay
    public let weeks: Int
    /// The first date of the first column.
    public let first: StreakDay
    public let weekStart: WeekStart
    /// Every date of the grid, week by week, from the week start: `7 * weeks` cells.
    public let cells: [Cell]
    /// The most actions on one date of the grid (0 when it has none).
    public let maxCount: Int
    /// Days or weeks.
    public let unit: StreakUnit
    /// A habit to quit: a date's cell is full when it had no slip (its count is 1), empty
    /// when it had one.
    public private(set) var quit = false
    /// How each column's week ended (or, for this week, `met` or `open`), for a weekly streak
    /// (nil: not a week the streak counted).
    public let weekOutcomes: [UnitOutcome?]

    /// Columns the weekday labels take.
    public static let labelWidth = 4
    /// The most weeks shown when the width allows: a whole year and the current week.
    public static let maxWeeks = 53

    /// The grid of `weeks` columns ending with the week that holds `today`, for a streak with
    /// a fixed schedule and a goal of 1 (the first release's heat map).
    public init(name: String, counts: [StreakDay: Int], schedule: Schedule, frozen: Set<StreakDay>,
                today: StreakDay, weeks: Int) {
        self.init(name: name, today: today, weeks: weeks, weekStart: .monday, unit: .day, weekOutcomes: [:]) { day in
            DayFacts(count: counts[day] ?? 0, goal: 1, scheduled: schedule.contains(day), frozen: frozen.contains(day),
                     paused: false)
        }
    }

    /// The grid of a replayed streak, read on `today`: every date's counts, goal, pause and
    /// freeze as the fold saw them, in the replay's weeks.
    public init(name: String, replay: Replay, today: StreakDay, weeks: Int, zone: some ZoneRules) {
        let fold = replay.fold(at: today, zone: zone, marks: true)
        var outcomes: [StreakDay: UnitOutcome] = [:]
        for walked in fold.units where walked.span.unit == .week { outcomes[walked.span.start] = walked.outcome }
        let marks = fold.days
        self.init(name: name, today: today, weeks: weeks, weekStart: replay.weekStart,
                  unit: replay.rules(on: fold.reading.today).unit, weekOutcomes: outcomes) { day in
            if let first = marks.first?.day, day >= first, day - first < marks.count {
                let mark = marks[day - first]
                return DayFacts(count: mark.quit ? (mark.met ? 1 : 0) : mark.count, goal: mark.goal, scheduled: mark.scheduled, frozen: mark.frozen,
                                paused: mark.paused)
            }
            let rules = replay.rules(on: day)
            let paused = replay.pauses.contains(day)
            return DayFacts(count: 0, goal: rules.goal, scheduled: rules.asks(day) && !paused, frozen: false, paused: paused)
        }
        quit = replay.timeline.initial.quits
    }

    /// The grid of `weeks` columns ending with the week that holds `today`, each date's facts
    /// given by `facts`.
    public init(name: String, today: StreakDay, weeks: Int, weekStart: WeekStart, unit: StreakUnit,
                weekOutcomes: [StreakDay: UnitOutcome], facts: (StreakDay) -> DayFacts) {
        let weeks = max(1, weeks)
        let first = weekStart.first(ofWeekHolding: today) - 7 * (weeks - 1)
        let dayFacts = (0..<(7 * weeks)).map { facts(first + $0) }
        var most = 0
        for facts in dayFacts { most = max(most, facts.count) }
        var cells: [Cell] = []
        cells.reserveCapacity(7 * weeks)
        for (offset, facts) in dayFacts.enumerated() {
            let day = first + offset
            let level = facts.goal > 1 ? Heatmap.level(of: facts.count, goal: facts.goal)
                : Heatmap.level(of: facts.count, max: most)
            cells.append(Cell(day: day, count: facts.count, level: level, scheduled: facts.scheduled,
                              frozen: facts.frozen, isToday: day == today, isFuture: day > today, goal: facts.goal,
                              paused: facts.paused))
        }
        self.name = name
        self.today = today
        self.weeks = weeks
        self.first = first
        self.weekStart = weekStart
        self.cells = cells
        self.maxCount = most
        self.unit = unit
        self.weekOutcomes = (0..<weeks).map { weekOutcomes[first + 7 * $0] }
    }

    /// The weeks that fit in `width` columns, at most `maxWeeks`, at least 1.
    public static func weeks(fitting width: Int) -> Int {
        min(maxWeeks, max(1, (width - labelWidth) / 2))
    }

    /// The shade of a date with `count` actions when the busiest date shown has `max`:
    /// 0 for none, else the quarter of `max` it reaches (1–4). With one action a day at most,
    /// every active date is fully shaded.
    public static func level(of count: Int, max: Int) -> Int {
        guard count > 0, max > 0 else { return 0 }
        return Swift.min(4, Swift.max(1, (count * 4 + max - 1) / max))
    }

    /// The shade of a date with `count` toward a daily goal of `goal`: 0 for none, 4 once
    /// met, else the quarter of the goal it reached (1–3).
    public static func level(of count: Int, goal: Int) -> Int {
        guard count > 0 else { return 0 }
        if count >= goal { return 4 }
        return Swift.min(3, Swift.max(1, count * 4 / goal))
    }

    /// The cell in column `week`, row `weekday` (0: the week start).
    public func cell(week: Int, weekday: Int) -> Cell {
        cells[week * 7 + weekday]
    }

    // MARK: Text

    /// How cells are drawn: ANSI colours (256-colour greens, like GitHub's), or plain ASCII
    /// characters that carry the same information with no colour at all.
    public enum Style: Sendable {
        case color
        case plain
    }

    /// The grid as terminal text: a title, month labels, seven weekday rows and a legend
    /// wrapped to `width` columns. Today's cell is bracketed (`[#]`); lines carry no trailing
    /// spaces. Each column is two characters wide after a four-character weekday label.
    public func rendered(style: Style, width: Int) -> String {
        var lines: [String] = []
        lines.append(title)
        lines.append(monthLine)
        let rowLabels = weekStart == .monday ? ["Mon ", "    ", "Wed ", "    ", "Fri ", "    ", "Sun "]
            : ["Sun ", "    ", "Tue ", "    ", "Thu ", "    ", "Sat "]
        for weekday in 0..<7 {
            var line = rowLabels[weekday]
            // Today in the first column: its `[` takes the label's last space.
            if weeks > 0, cell(week: 0, weekday: weekday).isToday { line = String(line.dropLast()) + "[" }
            for week in 0..<weeks {
                let cell = cell(week: week, weekday: weekday)
                line += glyph(for: cell, style: style)
                if cell.isToday {
                    line += "]"
                } else if week + 1 < weeks, self.cell(week: week + 1, weekday: weekday).isToday {
                    line += "["
                } else {
                    line += " "
                }
            }
            lines.append(line)
        }
        if unit == .week {
            // Each week's outcome under its column: met, frozen, paused (neutral), missed.
            var line = "Wk  "
            for outcome in weekOutcomes {
                line += Heatmap.kind(of: outcome).map { Heatmap.draw($0, style: style) } ?? " "
                line += " "
            }
            lines.append(line)
        }
        lines.append("")
        lines.append(contentsOf: legend(style: style, width: width))
        var text = ""
        for line in lines {
            var trimmed = Substring(line)
            while trimmed.last == " " { trimmed.removeLast() }
            text += trimmed + "\n"
        }
        return text
    }

    /// `quiz: 40 actions on 35 dates since 2026-03-02`.
    var title: String {
        let shown = cells.filter { $0.count > 0 }
        if quit { return "\(name): \(shown.count) \(shown.count == 1 ? "date" : "dates") without a slip since \(first)" }
        let actions = shown.reduce(0) { $0 + $1.count }
        let actionWord = actions == 1 ? "action" : "actions"
        let dateWord = shown.count == 1 ? "date" : "dates"
        return "\(name): \(actions) \(actionWord) on \(shown.count) \(dateWord) since \(first)"
    }

    /// Month names above the first week that lies wholly in each month. The first column is
    /// named after its Monday's month only when the next name leaves room for it; a name in
    /// the last column is moved left to end at the grid's edge, unless that would touch the
    /// name before it.
    var monthLine: String {
        let gridWidth = Heatmap.labelWidth + 2 * weeks
        var line = ""
        for (week, month) in monthStarts {
            // The last column's name ends at the grid's edge, a column early if need be.
            let column = min(Heatmap.labelWidth + 2 * week, gridWidth - 3)
            guard column > line.count || (line.isEmpty && column >= 0) else { continue }
            line += String(repeating: " ", count: column - line.count) + Heatmap.monthNames[month - 1]
        }
        return line
    }

    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The columns where a month begins, with the month (1–12): the first column is named
    /// after its first date's month only when the next month starts two columns or more later.
    var monthStarts: [(week: Int, month: Int)] {
        var starts: [(week: Int, month: Int)] = []
        for week in 0..<weeks {
            let month = (first + 7 * week).civil.month
            if week == 0 || month != (first + 7 * (week - 1)).civil.month { starts.append((week, month)) }
        }
        if starts.count > 1, starts[0].week == 0, starts[1].week < 2 { starts.removeFirst() }
        return starts
    }

    func glyph(for cell: Cell, style: Style) -> String {
        guard let kind = cell.kind else { return " " }
        return Heatmap.draw(kind, style: style)
    }

    /// What a cell shows, in the terminal and in the shared SVG alike.
    public enum Kind: Equatable, Sendable {
        case level(Int)
        case frozen
        case paused
        case unscheduled
    }

    /// How a week's outcome is drawn in a weekly streak's Wk row: met, frozen, paused
    /// (neutral), missed; nil while the week is open or was not counted in weeks.
    public static func kind(of outcome: UnitOutcome?) -> Kind? {
        switch outcome {
        case .met?: return .level(4)
        case .frozen?: return .frozen
        case .neutral?: return .paused
        case .broke?, .missed?: return .level(0)
        case .open?, nil: return nil
        }
    }

    static let plainLevels = [".", "-", "+", "x", "#"]
    /// xterm-256 colours: grey for an empty date, then GitHub-like greens.
    static let colorLevels = [238, 22, 28, 34, 40]
    static let frozenColor = 39
    static let unscheduledColor = 240
    static let pausedColor = 61

    static func draw(_ kind: Kind, style: Style) -> String {
        switch (kind, style) {
        case (.level(let n), .plain): return plainLevels[n]
        case (.frozen, .plain): return "*"
        case (.unscheduled, .plain): return "_"
        case (.paused, .plain): return "~"
        case (.paused, .color): return paint("~", pausedColor)
        case (.level(let n), .color): return paint("■", colorLevels[n])
        case (.frozen, .color): return paint("■", frozenColor)
        case (.unscheduled, .color): return paint("·", unscheduledColor)
        }
    }

    static func paint(_ text: String, _ color: Int) -> String {
        "\u{1B}[38;5;\(color)m" + text + "\u{1B}[0m"
    }

    /// `Less . - + x # More   * frozen   _ not scheduled   [ ] today`, wrapped to `width`.
    func legend(style: Style, width: Int) -> [String] {
        let scale = "Less " + (0...4).map { Heatmap.draw(.level($0), style: style) }.joined(separator: " ") + " More"
        var items = [scale, Heatmap.draw(.frozen, style: style) + " frozen"]
        if legendShowsPaused { items.append(Heatmap.draw(.paused, style: style) + " paused") }
        if legendShowsUnscheduled { items.append(Heatmap.draw(.unscheduled, style: style) + " not scheduled") }
        items.append("[ ] today")
        if unit == .week { items.append("Wk: each week, met or not") }
        if hasGoals { items.append("full shade: goal met") }
        if maxCount > 1 { items.append("busiest date: \(maxCount) actions") }
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        for item in items {
            let itemWidth = Heatmap.visibleWidth(item)
            if lineWidth > 0, lineWidth + 3 + itemWidth > width {
                lines.append(line)
                line = ""
                lineWidth = 0
            }
            if lineWidth > 0 {
                line += "   "
                lineWidth += 3
            }
            line += item
            lineWidth += itemWidth
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// Whether the legend explains the paused mark: some date or week shown was paused.
    var legendShowsPaused: Bool { cells.contains(where: \.paused) || weekOutcomes.contains(.neutral) }

    /// Whether the legend explains unscheduled dates: a daily streak, or one with such dates.
    var legendShowsUnscheduled: Bool { unit == .day || cells.contains(where: { !$0.scheduled && !$0.paused }) }

    /// Whether shades mean progress toward a goal above 1 somewhere in the grid.
    var hasGoals: Bool { cells.contains(where: { $0.goal > 1 }) }

    /// Columns taken by text made of ASCII, `■`, `·` and colour escapes.
    static func visibleWidth(_ text: String) -> Int {
        var width = 0
        var inEscape = false
        for scalar in text.unicodeScalars {
            if inEscape {
                if scalar == "m" { inEscape = false }
            } else if scalar == "\u{1B}" {
                inEscape = true
            } else {
                width += 1
            }
        }
        return width
    }

    // MARK: JSON

    /// The same data as the grid: every date shown, with its count, shade and marks.
    public var json: JSON {
        .object([
            ("name", .string(name)),
            ("today", .string(today.description)),
            ("first", .string(first.description)),
            ("weeks", .number(weeks)),
            ("max", .number(maxCount)),
            ("unit", .string(unit.name)),
            ("week_start", .string(weekStart.shortName)),
            ("days", .array(cells.map { cell in
                .object([
                    ("date", .string(cell.day.description)),
                    ("count", .number(cell.count)),
                    ("level", .number(cell.level)),
                    ("scheduled", .bool(cell.scheduled)),
                    ("frozen", .bool(cell.frozen)),
                    ("today", .bool(cell.isToday)),
                    ("future", .bool(cell.isFuture)),
                    ("goal", .number(cell.goal)),
                    ("met", .bool(cell.met)),
                    ("paused", .bool(cell.paused)),
                ])
            })),
        ] + weekKeys)
    }

    /// For a weekly streak, each column's week and how it ended (`met`, `frozen`, `neutral`,
    /// `missed`, or null while not over).
    private var weekKeys: [(String, JSON)] {
        guard unit == .week else { return [] }
        return [("week_outcomes", .array(weekOutcomes.enumerated().map { week, outcome in
            let name = Heatmap.outcomeName(outcome).map { JSON.string($0) } ?? .null
            return .object([("start", .string((first + 7 * week).description)), ("outcome", name)])
        }))]
    }
}
