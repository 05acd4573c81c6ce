#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import StreakCore

/// The data folder: every streak's settings and actions, and the derived prompt cache.
///
/// ```
/// HOME/
///   streaks/NAME/streak.conf       settings (key=value), optional
///   streaks/NAME/MACHINE.log       actions recorded on MACHINE, appended, one per line
///   streaks/NAME/MACHINE.events    rule changes, pauses and other records made on MACHINE
///   backups/NAME-STAMP/            what `remove` took away
///   streaks/NAME/*.corrupt-STAMP   a damaged file set aside by `doctor --repair`
///   prompt.cache                   derived: what the prompt reads
///   .lock                          serialises writers
///   .gitignore, .gitattributes, .stignore   for sharing the folder (`sync`, `doctor --repair`)
/// ```
///
/// Each machine appends only to its own log and event log, so a folder shared by several
/// machines (a file sync tool, a git repository) never has two writers on one file: the union
/// of the logs is the truth. Writers take `.lock` for the whole update, so concurrent ticks queue instead of
/// racing; readers take no lock and never write.
public struct Store: Sendable {
    public let home: String
    public let machine: String
    /// `HOME/streaks`, made once: a tick asks for it (and paths in it) some forty times.
    public let streaksFolder: String
    /// The first day of a week (`STREAKPROMPT_WEEK_START`): an input to the fold, like the
    /// zone, for weekly streaks and changes that wait for a week start. Never stored with the
    /// data; each prompt cache line records the one it was folded with.
    public var weekStart: WeekStart = .monday
    /// The date the command acts on. A cache line whose plans ahead reach no further than
    /// this date is written as of this date (`Replay.cachedState`); nil: after the last action.
    public var today: StreakDay?
    /// The moment the command acts at (`--now`, `STREAKPROMPT_NOW`), from which the views are
    /// rendered when the data changes (`Views`); nil: the clock.
    public var now: Int64?
    /// The environment the command runs in, for pushing to tmux (`TmuxPush`); nil: no push.
    public var environment: Environment?

    /// Logs and settings larger than this are refused rather than read into memory (a log
    /// holding a tick a minute for a century is 80 MB less than this; a damaged one can be
    /// anything). `doctor --repair` still keeps the readable lines of a larger one.
    public static let fileLimit = 64 << 20
    public static let settingsLimit = 64 << 10
    /// How long a command waits for another one to release the data folder's lock before it
    /// gives up and says so (a writer holds it for milliseconds; this only ends a wait on one
    /// that hangs, so a hook or a prompt refresh never waits for ever).
    public static let lockWait = 30_000

    public init(home: String, machine: String) {
        self.home = home
        self.machine = machine
        streaksFolder = Paths.join(home, "streaks")
    }

    /// The data folder the environment names, for this machine; nil when there is no home
    /// folder to put it in.
    public init?(_ environment: Environment) {
        guard let home = Store.defaultHome(environment) else { return nil }
        self.init(home: home, machine: environment.machineName)
        self.environment = environment
    }

    /// `STREAKPROMPT_HOME`, else `$XDG_DATA_HOME/streakprompt`, else
    /// `~/.local/share/streakprompt`. Nil when there is no home folder to put it in, or when
    /// `STREAKPROMPT_HOME` is not an absolute path (see `homeProblem`).
    public static func defaultHome(_ environment: Environment) -> String? {
        // The first byte, not `hasPrefix`: this runs on the prompt's path (see `FileBytes`).
        if let home = environment.nonEmpty("STREAKPROMPT_HOME") { return home.utf8.first == UInt8(ascii: "/") ? home : nil }
        if let xdg = environment.nonEmpty("XDG_DATA_HOME"), xdg.hasPrefix("/") {
            return Paths.join(xdg, "streakprompt")
        }
        guard let home = environment.homeFolder else { return nil }
        return Paths.join(home, ".local/share/streakprompt")
    }

    /// Why the environment names no usable data folder, or nil when it names one.
    ///
    /// A relative `STREAKPROMPT_HOME` would put the data wherever the command happens to run
    /// (each project folder growing its own streaks): refused rather than guessed.
    public static func homeProblem(_ environment: Environment) -> String? {
        if let home = environment.nonEmpty("STREAKPROMPT_HOME"), !home.hasPrefix("/") {
            let rest = home.hasPrefix("~/") || home.hasPrefix("./") ? String(home.dropFirst(2)) : home
            return "STREAKPROMPT_HOME='\(Text.visible(home))' is not an absolute path, so the data would land in whatever folder you run a command from; set it to a full path such as $HOME/\(Text.visible(rest))"
        }
        if defaultHome(environment) == nil { return "cannot find a data folder: HOME is not set; set HOME or STREAKPROMPT_HOME" }
        return nil
    }

    /// A moment as it goes into the names of backups and set-aside files: the local time
    /// without dashes and colons, `20261122T215705`.
    public static func stamp(at moment: Int64, zone: some ZoneRules) -> String {
        String(zone.local(at: moment).local.description.unicodeScalars.filter { $0 != "-" && $0 != ":" }.map(Character.init))
    }

    public var backupsFolder: String { Paths.join(home, "backups") }
    public var cachePath: String { Store.cachePath(home: home) }
    public var lockPath: String { Paths.join(home, ".lock") }

    /// The prompt cache's name in the data folder.
    static let cacheName = "prompt.cache"
    public static func cachePath(home: String) -> String { Paths.join(home, cacheName) }

    public func folder(of name: StreakName) -> String { Paths.join(streaksFolder, name.text) }
    /// A streak's settings file's name.
    public static let settingsFile = "streak.conf"

    public func settingsPath(of name: StreakName) -> String { Paths.join(folder(of: name), Store.settingsFile) }
    public func ownLogPath(of name: StreakName) -> String { Paths.join(folder(of: name), machine + ".log") }
    public func ownEventsPath(of name: StreakName) -> String { Paths.join(folder(of: name), machine + ".events") }

    /// The suffixes of the files every machine appends to: action logs and event logs.
    public static let actionsSuffix = ".log"
    public static let eventsSuffix = ".events"

    /// How much of the end of each log a tick reads for the actions of the date the cache's
    /// line stands on (`quickTick`): over a thousand lines.
    static let tailLimit = 64 << 10
}
