import StreakCore
import StreakSystem

/// What every command needs from its surroundings: output, the environment, the data folder,
/// the clock, the zone.
public struct Context {
    public let out: Output
    /// The variables the command runs with; everything below reads them through this.
    public let environment: Environment
    public let zone = LocalZone()

    public init(out: Output, environment: Environment) {
        self.out = out
        self.environment = environment
    }

    /// The data folder's store, with any write a killed process left half done finished
    /// first (see `Store.finishInterruptedWrite`), so every command reads a whole state, folding
    /// weeks from `STREAKPROMPT_WEEK_START`. `today`, when the command knows it (`--now`),
    /// anchors cache lines whose plans ahead run out; else the clock's date (`STREAKPROMPT_NOW`,
    /// else now), when it reads.
    public func store(today: Today? = nil) throws(CommandError) -> Store {
        if let problem = Store.homeProblem(environment) {
            // A variable that cannot work is the user's setting to fix, like a bad --flag.
            throw environment.nonEmpty("STREAKPROMPT_HOME") != nil ? .usage(problem) : .failure(problem)
        }
        guard var store = Store(environment) else {
            throw .failure("cannot find a data folder: HOME is not set; set HOME or STREAKPROMPT_HOME")
        }
        try fold(&store, today: today)
        if let error = store.finishInterruptedWrite() {
            Exit.warn("an interrupted import could not be finished yet (\(error.commandError.message)); the next command that can write finishes it")
        }
        return store
    }

    /// Sets what the store folds with: the week start (`STREAKPROMPT_WEEK_START`) and the date
    /// its cache lines are anchored on when their plans ahead run out (`today`, else the
    /// clock's date: `STREAKPROMPT_NOW`, else now).
    public func fold(_ store: inout Store, today: Today? = nil) throws(CommandError) {
        store.weekStart = try weekStart()
        if let today {
            store.today = today.day
            store.now = today.now
        } else if let start = try? dayStart() {
            var moment: Int64? = Clock.now()
            if let text = environment.nonEmpty("STREAKPROMPT_NOW") {
                moment = TimeInput(text)?.moment(in: zone, present: Clock.now(), dayStart: start)
            }
            store.today = moment.map { DayClock(zone: zone, dayStart: start).day(at: $0) }
            store.now = moment
        }
    }

    /// `STREAKPROMPT_WEEK_START` (`mon` or `sun`), or Monday.
    public func weekStart() throws(CommandError) -> WeekStart {
        guard let text = environment.nonEmpty("STREAKPROMPT_WEEK_START") else {
            return PromptSettings.read(environment).shared.value(.weekStart).flatMap { WeekStart($0) } ?? .monday
        }
        guard let start = WeekStart(text) else {
            throw .usage("STREAKPROMPT_WEEK_START='\(Text.visible(text))' is not a week start; use mon or sun")
        }
        return start
    }

    /// `STREAKPROMPT_DAY_START`, or midnight.
    public func dayStart() throws(CommandError) -> DayStart {
        guard let text = environment.nonEmpty("STREAKPROMPT_DAY_START") else {
            return PromptSettings.read(environment).shared.value(.dayStart).flatMap { DayStart($0) } ?? .midnight
        }
        guard let start = DayStart(text) else {
            throw .usage("STREAKPROMPT_DAY_START='\(Text.visible(text))' is not a time of day; use HH:MM, e.g. 04:00")
        }
        return start
    }

    /// The moment the command acts at: `--now`, else `present()`.
    public func now(_ invocation: Invocation) throws(CommandError) -> Int64 {
        if let input = invocation.time(CommandTable.now) {
            // The flag wins: a `STREAKPROMPT_NOW` that does not read is not in the way.
            let present = (try? present()) ?? Clock.now()
            return input.moment(in: zone, present: present, dayStart: try dayStart())
        }
        return try present()
    }

    /// Now, as far as this process knows: `STREAKPROMPT_NOW`, else the clock. (`--now` acts at
    /// another moment; a tick says when that is another date.)
    public func present() throws(CommandError) -> Int64 {
        if let text = environment.nonEmpty("STREAKPROMPT_NOW") {
            guard let input = TimeInput(text) else { throw ValueType.notATime("STREAKPROMPT_NOW='\(Text.visible(text))'") }
            return input.moment(in: zone, present: Clock.now(), dayStart: try dayStart())
        }
        return Clock.now()
    }

    /// The moment, the day clock, and the streak date of that moment.
    public func today(_ invocation: Invocation) throws(CommandError) -> Today {
        try today(at: try now(invocation))
    }

    /// `moment`, its day clock and streak date, with the settings in effect now.
    public func today(at moment: Int64) throws(CommandError) -> Today {
        let clock = DayClock(zone: zone, dayStart: try dayStart())
        return Today(now: moment, clock: clock, day: clock.day(at: moment), weekStart: try weekStart())
    }

    /// A stamp for the names of backups and set-aside files: this moment, local time.
    public func fileStamp(at moment: Int64) -> String {
        Store.stamp(at: moment, zone: zone)
    }
}

/// The present, as one command sees it.
public struct Today {
    public let now: Int64
    public let clock: DayClock<LocalZone>
    public let day: StreakDay
    /// The first day of a week (`STREAKPROMPT_WEEK_START`).
    public let weekStart: WeekStart

    /// Seconds until today's streak date ends.
    public var secondsLeft: Int64 { clock.end(of: day, after: now) - now }
}

extension StoreError {
    /// The error as the user reads it: what went wrong; what to do.
    var commandError: CommandError {
        switch self {
        case .system(let error):
            return .failure(error.message + "; " + error.advice)
        case .corrupt(let problem):
            return .failure(problem.message + "; fix that line, or run 'streakprompt doctor --repair' to move the file aside")
        case .exists(let name):
            return .failure("a streak named '\(name)' already exists; see 'streakprompt status \(name)'")
        case .recordedDespite(let problem):
            return .failure("the action was recorded, but " + problem.message + "; fix that line (or run 'streakprompt doctor --repair') to see the streak again")
        case .missing(let name, let twin?):
            return .failure("no streak named '\(name)'; did you mean '\(twin)'? (names differ in letter case)")
        case .missing(let name, nil):
            return .failure("no streak named '\(name)'; create it with 'streakprompt add \(name)' or 'streakprompt tick \(name)'")
        case .busy(let path, let milliseconds):
            return .failure("another streakprompt process has held \(path) for \(milliseconds / 1000) s (a sync or an import still running, or one that hangs); try again, or end that process")
        case .unfinished(let error):
            return .failure(error.message + "; " + error.advice + ": the import is written down whole, and the next command that can write finishes it")
        case .unrecordable(let reason):
            return .failure("cannot record that: \(reason), and the log could not read it back")
        case .caseTwin(let name, let twin):
            return .failure("'\(name)' differs from the streak '\(twin)' only in letter case (one folder on macOS and Windows disks); use '\(twin)', or choose another name")
        }
    }
}

extension Exit {
    /// Warns that a change was made but the prompt cache could not follow it.
    static func warnCache(_ problem: SystemError?, done: String) {
        guard let problem else { return }
        warn("\(done), but the prompt cache could not be updated (\(problem.message)); the prompt shows the old state until it can be rebuilt (it retries by itself; 'streakprompt doctor --repair' rebuilds it)")
    }
}

/// Runs a store operation, turning its error into the user's message.
func storeCall<T>(_ body: () throws(StoreError) -> T) throws(CommandError) -> T {
    do {
        return try body()
    } catch {
        throw error.commandError
    }
}
