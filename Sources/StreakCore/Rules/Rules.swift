/// What a streak counts in: dates, or weeks (a weekly target).
public enum StreakUnit: Sendable, Hashable {
    case day
    case week

    /// `day` or `week`, as `status --json` writes it.
    public var name: String {
        switch self {
        case .day: return "day"
        case .week: return "week"
        }
    }
}

/// The first day of a week: Monday (ISO 8601), or Sunday with `STREAKPROMPT_WEEK_START=sun`.
///
/// An input to the rules like the zone, never stored with the data: the same history read
/// with the other week start counts other weeks.
public enum WeekStart: Sendable, Hashable {
    case monday
    case sunday

    /// `mon`, `monday`, `sun` or `sunday`, any case.
    public init?(_ text: some StringProtocol) {
        switch String(text).lowercased() {
        case "mon", "monday": self = .monday
        case "sun", "sunday": self = .sunday
        default: return nil
        }
    }

    public var shortName: String {
        switch self {
        case .monday: return "mon"
        case .sunday: return "sun"
        }
    }

    /// The first date of the week holding `day`.
    public func first(ofWeekHolding day: StreakDay) -> StreakDay {
        // Weekday raw values count from Monday.
        let sinceStart = self == .monday ? day.weekday.rawValue : (day.weekday.rawValue + 1) % 7
        return day - sinceStart
    }

    /// The first week start on or after `day`: where a change that involves weeks takes effect.
    public func firstStart(onOrAfter day: StreakDay) -> StreakDay {
        let start = first(ofWeekHolding: day)
        return start == day ? day : start + 7
    }
}

/// The settings the rules need: what is asked (a schedule of dates, or a weekly target), the
/// daily goal, and the freezes.
public struct Rules: Hashable, Sendable {
    /// What a streak asks for.
    public enum Mode: Hashable, Sendable {
        /// An action on every scheduled date.
        case days(Schedule)
        /// This many met dates (1–7) in every week.
        case weeks(target: Int)
    }

    public var mode: Mode
    /// Counts a date needs to be met (1 or more).
    public var goal: Int
    /// Freezes banked: the total granted for the streak's whole life (each covers one missed
    /// unit). A later change of this number adds or takes back the difference.
    public var freezes: Int
    /// A run earns a freeze each time its length reaches a multiple of this (0: never).
    public var earnEvery: Int
    /// Earning stops while this many freezes are held.
    public var maxHeld: Int
    /// A habit to quit (`add NAME --quit`), counted from this date: an action is a slip, a
    /// date is met when it has none. Set only at creation, with every other field at its
    /// default (`Rules(quitSince:)`); no change applies to it.
    public internal(set) var quitSince: StreakDay?

    public static let maxFreezes = 1000
    public static let maxGoal = 1_000_000
    public static let defaultMaxHeld = 2

    public init(mode: Mode = .days(.daily), goal: Int = 1, freezes: Int = 0, earnEvery: Int = 0,
                maxHeld: Int = Rules.defaultMaxHeld) {
        self.mode = mode
        self.goal = goal
        self.freezes = freezes
        self.earnEvery = earnEvery
        self.maxHeld = maxHeld
        self.quitSince = nil
    }

    /// A habit to quit, counted from `since`: daily, goal 1, no freezes (goals, targets and
    /// freezes do not apply to it).
    public init(quitSince since: StreakDay) {
        self.init()
        quitSince = since
    }

    /// Whether it is a habit to quit.
    public var quits: Bool { quitSince != nil }

    /// The first release's rules: a schedule and banked freezes.
    public init(schedule: Schedule = .daily, freezes: Int = 0) {
        self.init(mode: .days(schedule), freezes: freezes)
    }

    /// The schedule in day mode (`daily` in week mode, where every date may count).
    /// Setting it switches to day mode.
    public var schedule: Schedule {
        get {
            if case .days(let schedule) = mode { return schedule }
            return .daily
        }
        set { mode = .days(newValue) }
    }

    /// The weekly target in week mode, else nil.
    public var target: Int? {
        if case .weeks(let target) = mode { return target }
        return nil
    }

    public var unit: StreakUnit {
        if case .weeks = mode { return .week }
        return .day
    }

    /// Whether `day` asks for an action: on the schedule in day mode; every date in week mode.
    func asks(_ day: StreakDay) -> Bool {
        switch mode {
        case .days(let schedule): return schedule.contains(day)
        case .weeks: return true
        }
    }

    /// What a unit needs: the goal of one date, or the weekly target in met dates.
    var needed: Int {
        switch mode {
        case .days: return goal
        case .weeks(let target): return target
        }
    }

    // MARK: Compact text (prompt cache)

    /// `d127,GOAL,FREEZES,EARN,MAX` (the schedule's weekday mask) or `w3,GOAL,…` (the target),
    /// or for a habit to quit `q127,GOAL,…,SINCE` (SINCE in days from 0000-01-01): the form the
    /// prompt cache keeps, read back byte by byte.
    public var compact: String {
        var writer = ByteWriter(capacity: 24)
        write(into: &writer)
        return writer.string
    }

    func write(into writer: inout ByteWriter) {
        switch mode {
        case .days(let schedule):
            writer.byte(UInt8(ascii: quits ? "q" : "d"))
            writer.digits(Int(schedule.mask))
        case .weeks(let target):
            writer.byte(UInt8(ascii: "w"))
            writer.digits(target)
        }
        for value in [goal, freezes, earnEvery, maxHeld] {
            writer.byte(UInt8(ascii: ","))
            writer.digits(value)
        }
        if let quitSince {
            writer.byte(UInt8(ascii: ","))
            writer.digits(quitSince - StreakDay.earliest)
        }
    }

    /// Reads `compact` at `bytes[index...]`, up to the first byte that is not part of it;
    /// false (and `rules` untouched) when it does not read. No optional result: the prompt
    /// calls this.
    static func readCompact(_ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int, _ end: Int,
                            into rules: inout Rules) -> Bool {
        guard index < end else { return false }
        let kind = bytes[index]
        index += 1
        var numbers = (0, 0, 0, 0, 0, 0)
        let quit = kind == UInt8(ascii: "q")
        for slot in 0..<(quit ? 6 : 5) {
            if slot > 0 {
                guard index < end, bytes[index] == UInt8(ascii: ",") else { return false }
                index += 1
            }
            let start = index
            var value = 0
            while index < end, bytes[index] >= 0x30, bytes[index] <= 0x39, index - start < 8 {
                value = value * 10 + Int(bytes[index] - 0x30)
                index += 1
            }
            guard index > start else { return false }
            switch slot {
            case 0: numbers.0 = value
            case 1: numbers.1 = value
            case 2: numbers.2 = value
            case 3: numbers.3 = value
            case 4: numbers.4 = value
            default: numbers.5 = value
            }
        }
        let mode: Mode
        if kind == UInt8(ascii: "d") || quit {
            guard numbers.0 < 128, let schedule = Schedule(mask: UInt8(numbers.0)) else { return false }
            mode = .days(schedule)
        } else if kind == UInt8(ascii: "w") {
            guard (1...7).contains(numbers.0) else { return false }
            mode = .weeks(target: numbers.0)
        } else {
            return false
        }
        guard numbers.1 >= 1, numbers.1 <= maxGoal, numbers.2 <= maxFreezes, numbers.3 <= maxFreezes,
              numbers.4 <= maxFreezes
        else { return false }
        var read = Rules(mode: mode, goal: numbers.1, freezes: numbers.2, earnEvery: numbers.3, maxHeld: numbers.4)
        if quit {
            let since = StreakDay.earliest + numbers.5
            guard since.isRecordable else { return false }
            read.quitSince = since
        }
        rules = read
        return true
    }
}

/// Some of a streak's rule fields: what one change sets (the others keep their value).
public struct RuleFields: Hashable, Sendable {
    public var schedule: Schedule?
    public var target: Int?
    public var goal: Int?
    public var freezes: Int?
    public var earnEvery: Int?
    public var maxHeld: Int?

    public init(schedule: Schedule? = nil, target: Int? = nil, goal: Int? = nil, freezes: Int? = nil,
                earnEvery: Int? = nil, maxHeld: Int? = nil) {
        self.schedule = schedule
        self.target = target
        self.goal = goal
        self.freezes = freezes
        self.earnEvery = earnEvery
        self.maxHeld = maxHeld
    }

    public var isEmpty: Bool { self == RuleFields() }

    /// Whether it sets a weekly target (which switches to week mode).
    public var setsTarget: Bool { target != nil }

    /// These fields laid over `rules`. A target switches to week mode, a schedule to day mode.
    /// A habit to quit has no rules to change: it stays as it is.
    public func applied(to rules: Rules) -> Rules {
        guard !rules.quits else { return rules }
        var result = rules
        if let schedule { result.mode = .days(schedule) }
        if let target { result.mode = .weeks(target: target) }
        if let goal { result.goal = goal }
        if let freezes { result.freezes = freezes }
        if let earnEvery { result.earnEvery = earnEvery }
        if let maxHeld { result.maxHeld = maxHeld }
        return result
    }

    /// `key=value` for each field set, in a fixed order (`schedule`, `target`, `goal`,
    /// `freezes`, `earn-freeze`, `max-freezes`), as `rules` events and `streak.conf` write them.
    public var pairs: [(SettingsField, String)] {
        var pairs: [(SettingsField, String)] = []
        if let schedule { pairs.append((.schedule, schedule.description)) }
        if let target { pairs.append((.target, SettingsField.targetText(target))) }
        if let goal { pairs.append((.goal, String(goal))) }
        if let freezes { pairs.append((.freezes, String(freezes))) }
        if let earnEvery { pairs.append((.earnFreeze, String(earnEvery))) }
        if let maxHeld { pairs.append((.maxFreezes, String(maxHeld))) }
        return pairs
    }
}
