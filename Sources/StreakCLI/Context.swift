import StreakCore
import StreakSystem

/// What every command needs from its surroundings: output, the data folder, the clock, the zone.
public struct Context {
    public let out: Output
    public let zone = LocalZone()

    public init(out: Output) {
        self.out = out
    }

    /// The data folder's store.
    public func store() throws(Failure) -> Store {
        guard let home = Store.defaultHome() else {
            throw Failure("cannot find a data folder: HOME is not set; set HOME or STREAKPROMPT_HOME")
        }
        return Store(home: home)
    }

    /// `STREAKPROMPT_DAY_START`, or midnight.
    public func dayStart() throws(UsageError) -> DayStart {
        guard let text = Environment.nonEmpty("STREAKPROMPT_DAY_START") else { return .midnight }
        guard let start = DayStart(text) else {
            throw UsageError("STREAKPROMPT_DAY_START='\(Text.visible(text))' is not a time of day; use HH:MM, e.g. 04:00")
        }
        return start
    }

    /// The moment the command acts at: `--now`, else `STREAKPROMPT_NOW`, else the clock.
    public func now(_ invocation: Invocation) throws(UsageError) -> Int64 {
        if let text = invocation.value("--now") {
            guard let input = TimeInput(text) else {
                throw UsageError("--now '\(Text.visible(text))' is not a time; use ISO 8601, e.g. 2026-11-22T23:59, 2026-11-22T23:59:30+01:00 or 2026-11-22")
            }
            return input.moment(in: zone)
        }
        if let text = Environment.nonEmpty("STREAKPROMPT_NOW") {
            guard let input = TimeInput(text) else {
                throw UsageError("STREAKPROMPT_NOW='\(Text.visible(text))' is not a time; use ISO 8601, e.g. 2026-11-22T23:59 or 2026-11-22")
            }
            return input.moment(in: zone)
        }
        return Clock.now()
    }

    /// The moment, the day clock, and the streak date of that moment.
    public func today(_ invocation: Invocation) throws(UsageError) -> Today {
        let clock = DayClock(zone: zone, dayStart: try dayStart())
        let now = try now(invocation)
        return Today(now: now, clock: clock, day: clock.day(at: now))
    }

    /// The streak named by the command's argument, or `default`.
    public func streakName(_ invocation: Invocation) throws(UsageError) -> StreakName {
        guard let text = invocation.arguments.first else { return .default }
        return try Context.validName(text)
    }

    static func validName(_ text: String) throws(UsageError) -> StreakName {
        do {
            return try StreakName(text)
        } catch {
            throw UsageError(error.message)
        }
    }
}

/// The present, as one command sees it.
public struct Today {
    public let now: Int64
    public let clock: DayClock<LocalZone>
    public let day: StreakDay

    /// Seconds until today's streak date ends.
    public var secondsLeft: Int64 { clock.end(of: day) - now }
}

extension StoreError {
    /// The error as the user reads it: what went wrong; what to do.
    var failure: Failure {
        switch self {
        case .system(let error):
            return Failure(error.message + "; check the folder's permissions, or set STREAKPROMPT_HOME to a folder you can write")
        case .corrupt(let problem):
            return Failure(problem.message + "; fix that line, or run 'streakprompt doctor --repair' to move the file aside")
        case .exists(let name):
            return Failure("a streak named '\(name)' already exists; see 'streakprompt status \(name)'")
        case .recordedDespite(let problem):
            return Failure("the action was recorded, but " + problem.message + "; fix that line (or run 'streakprompt doctor --repair') to see the streak again")
        case .missing(let name):
            return Failure("no streak named '\(name)'; create it with 'streakprompt add \(name)' or 'streakprompt tick \(name)'")
        }
    }
}

/// Runs a store operation, turning its error into the user's message.
func storeCall<T>(_ body: () throws(StoreError) -> T) throws(Failure) -> T {
    do {
        return try body()
    } catch {
        throw error.failure
    }
}
