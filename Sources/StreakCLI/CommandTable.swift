import StreakCore
import StreakShell
import StreakSystem

/// The command line, described once: the parser, `--help`, the error suggestions and the shell
/// completions are all read from this table, so they cannot disagree.

/// What a flag's value or a command's arguments must be.
///
/// The parser reads every word with it (and refuses one that does not read, with one message
/// per rule), `--help` shows it, and the completion scripts offer what it allows.
public enum ValueType: Sendable {
    /// Any text; the placeholder names it in help (`FMT`).
    case text(String)
    /// One of `words`; `noun` says what they are in an error (`shell`).
    case choice(String, noun: String, words: [String])
    /// A whole number within `range`.
    case integer(String, ClosedRange<Int>)
    /// A valid streak name (`StreakName`). `existing`: completions offer the streaks there are
    /// (not for `add`, whose name is new); `archived`: the archived ones (`unarchive`).
    case streakName(existing: Bool, archived: Bool = false)
    /// A moment in ISO 8601 (`TimeInput`).
    case time
    /// A calendar date, `YYYY-MM-DD` (`--from`, `--to`).
    case date
    /// What an action counts for, read by its one parser (`ActionField.count`).
    case count
    /// A note kept with an action, read by its one parser (`ActionField.note`).
    case note
    /// A value of a streak setting, read by the field's one parser (`SettingsField`), with a
    /// few examples to offer, and the items of a comma-separated list it may also be
    /// (`mon,wed,fri`), which completions continue item by item.
    case setting(SettingsField, placeholder: String, examples: [String] = [], listOf: [String] = [])
    /// A POSIX extended regular expression, as bash and zsh will match it.
    case regex
    /// Times of day, `HH:MM` separated by commas (`20:00,22:30`), read by `ReminderTimer.times`.
    case timesOfDay
    case file
    case folder
    /// A command's words (`help COMMAND`): any words here, checked against the table by the
    /// command that takes them; completions offer the first words.
    case command

    /// What `--help` and error messages call the value: `NAME`, `FMT`.
    public var placeholder: String {
        switch self {
        case .text(let placeholder), .choice(let placeholder, _, _), .integer(let placeholder, _),
             .setting(_, let placeholder, _, _):
            return placeholder
        case .streakName: return "NAME"
        case .time: return "TIME"
        case .date: return "DATE"
        case .count: return "K"
        case .note: return "TEXT"
        case .regex: return "REGEX"
        case .file: return "FILE"
        case .folder: return "PATH"
        case .command: return "COMMAND"
        case .timesOfDay: return "HH:MM,..."
        }
    }

    /// The fixed words a shell offers for it (the allowed ones, or examples).
    public var choices: [String] {
        switch self {
        case .choice(_, _, let words): return words
        case .setting(_, _, let examples, _): return examples
        default: return []
        }
    }

    /// What a shell completes it with.
    public var completion: Completion {
        switch self {
        case .setting(_, _, let examples, let items) where !items.isEmpty: return .list(words: examples, items: items)
        case .choice, .setting: return choices.isEmpty ? .none : .words(choices)
        case .streakName(let existing, let archived): return archived ? .archivedStreak : existing ? .streak : .none
        case .file: return .file
        case .folder: return .folder
        case .command: return .words(CommandTable.listedWords)
        case .text, .integer, .time, .date, .count, .note, .regex, .timesOfDay: return .none
        }
    }

    /// `word` read as this type, or the usage error that says why not. `flag` is where it was
    /// given (`--weeks`), nil for an argument.
    public func parse(_ word: String, flag: String?) throws(CommandError) -> ParsedValue {
        let quoted = "'" + Text.visible(word) + "'"
        let given = flag.map { $0 + " " + quoted } ?? quoted
        switch self {
        case .text, .file, .folder, .command:
            return .text(word)
        case .choice(_, let noun, let words):
            guard words.contains(word) else {
                let closest = Suggest.closest(to: word, in: words)
                let list = words.dropLast().joined(separator: ", ") + (words.count > 1 ? " or " : "") + (words.last ?? "")
                throw .usage("unknown \(noun) \(quoted)\(flag.map { " for " + $0 } ?? ""); did you mean '\(closest)'? (\(list))")
            }
            return .text(word)
        case .integer(_, let range):
            guard let number = Decimal.parse(word.utf8), range.contains(number) else {
                throw .usage("\(given) must be a whole number from \(range.lowerBound) to \(range.upperBound)")
            }
            return .integer(number)
        case .streakName:
            do {
                return .name(try StreakName(word))
            } catch {
                throw .usage(error.message)
            }
        case .time:
            guard let input = TimeInput(word) else { throw ValueType.notATime(given) }
            return .time(input)
        case .date:
            guard StreakDay(word) != nil || RelativeTime.parse(Array(word.utf8)[...])?.day(from: StreakDay(ordinal: 0)) != nil else {
                throw .usage("\(given) is not a date; use YYYY-MM-DD (e.g. 2026-11-22), today, yesterday, tomorrow, -2d (two days ago) or +1w (in a week)")
            }
            return .text(word)
        case .count:
            do throws(FieldError) {
                return .integer(try ActionField.count(word))
            } catch {
                throw .usage(error.message(at: flag ?? "count"))
            }
        case .note:
            do throws(FieldError) {
                // Bytes that are not UTF-8 reach here as U+FFFD: the note would not be what
                // was typed. (Checked here, not where a log's notes are read: a log an earlier
                // version wrote may hold one, and must read back as it was.)
                if word.unicodeScalars.contains("\u{FFFD}") {
                    throw FieldError("must be UTF-8 text (it holds bytes that are not, or U+FFFD)")
                }
                return .text(try ActionField.note(word))
            } catch {
                throw .usage(error.message(at: flag ?? "note"))
            }
        case .setting(let field, _, _, _):
            var given = GivenSettings()
            do throws(FieldError) {
                try field.read(word, into: &given)
            } catch {
                throw .usage(error.message(at: flag ?? field.key))
            }
            return .text(word)
        case .regex:
            if let problem = ExtendedRegex.problem(word) {
                throw .usage("\(given) is not an extended regular expression (\(problem)); e.g. '^quiz( |$)'")
            }
            return .text(word)
        case .timesOfDay:
            guard ReminderTimer.times(word) != nil else {
                throw .usage("\(given) is not a list of times of day; use HH:MM separated by commas, e.g. 20:00,22:30")
            }
            return .text(word)
        }
    }

    /// The one message for a time that does not read, wherever it was given (`--now 'x'`,
    /// `STREAKPROMPT_NOW='x'`).
    public static func notATime(_ given: String) -> CommandError {
        .usage("\(given) is not a time; use ISO 8601 (years 0000–9999), e.g. 2026-11-22T23:59, 2026-11-22T23:59:30+01:00 or 2026-11-22, or one relative to now: 21:30, yesterday, yesterday 21:30, -2d, -3h")
    }
}

/// A value read by its `ValueType`.
public enum ParsedValue: Sendable, Equatable {
    case text(String)
    case integer(Int)
    case name(StreakName)
    case time(TimeInput)
}

/// One flag of a command.
public struct FlagSpec: Sendable {
    /// With the dashes: `--json`.
    public let name: String
    /// A one-letter alias with its dash, `-q`, if any.
    public let short: String?
    /// What its value must be; nil for a flag that takes none.
    public let type: ValueType?
    public let help: String
    /// May be given more than once.
    public let repeatable: Bool

    public init(_ name: String, short: String? = nil, _ type: ValueType? = nil, help: String, repeatable: Bool = false) {
        self.name = name
        self.short = short
        self.type = type
        self.help = help
        self.repeatable = repeatable
    }

    /// The value's placeholder (`FMT`), if the flag takes one.
    public var value: String? { type?.placeholder }
    /// Values to offer in completions.
    public var choices: [String] { type?.choices ?? [] }
    /// What to complete for the value.
    public var completion: Completion { type?.completion ?? .none }
}

/// What a shell should offer for an argument.
public enum Completion: Sendable, Equatable {
    case none
    case streak
    /// An archived streak (`completions --streaks --archived`).
    case archivedStreak
    case file
    case folder
    case words([String])
    /// One of `words`, or a comma-separated list of `items` (`mon,wed,fri`), offered one
    /// item at a time after each comma.
    case list(words: [String], items: [String])
}

public struct CommandSpec: Sendable {
    /// The words that select it: `["git", "install"]`.
    public let path: [String]
    /// Usage after the command words: `[NAME] [--quiet]`.
    public let usage: String
    public let summary: String
    /// A paragraph or two for `--help`, made only when shown: every command's spec is built to
    /// find the one that runs, and this text is the one part that need not be.
    public var details: String { makeDetails() }
    private let makeDetails: @Sendable () -> String
    public let flags: [FlagSpec]
    /// What its positional arguments must be, and how many it takes.
    public let argumentType: ValueType?
    public let argumentCount: ClosedRange<Int>
    /// Other first words that select it (`ls` for `list`): accepted everywhere the name is,
    /// shown in its help and the manual, not offered as separate commands.
    public let aliases: [String]
    /// Whether the overview and the manual list it. Only `git`, whose usage line is its
    /// subcommands', is not: they are listed themselves.
    public let listed: Bool
    /// Whether what it prints is data for a program (an export, shell code, roff), printed
    /// byte for byte whatever the locale, like any `--json`. Text for people falls back to
    /// ASCII (`ASCIIFallback`) when the locale is not UTF-8.
    public let printsData: Bool
    /// Whether the command checks its arguments itself, against `argumentType`, rather than the
    /// parser: the prompt, which shows nothing for a word that is no streak's name when it is
    /// printed into a host (`--shell`), and names the mistake by hand.
    public let checksArguments: Bool

    public init(_ path: [String], usage: String, summary: String, details: @autoclosure @escaping @Sendable () -> String = "",
                flags: [FlagSpec] = [], arguments: ValueType? = nil, count: ClosedRange<Int> = 0...0,
                aliases: [String] = [], listed: Bool = true, printsData: Bool = false, checksArguments: Bool = false) {
        self.path = path
        self.usage = usage
        self.summary = summary
        makeDetails = details
        self.flags = flags
        argumentType = arguments
        argumentCount = count
        self.aliases = aliases
        self.listed = listed
        self.printsData = printsData
        self.checksArguments = checksArguments
    }

    public var name: String { path.joined(separator: " ") }

    /// `streakprompt tick [NAME] [--quiet]`: the command line a person types, without a
    /// trailing space when it takes nothing.
    public var synopsis: String {
        let words = path == ["prompt"] ? ["streakprompt", "[prompt]"] : ["streakprompt"] + path
        return (words + (usage.isEmpty ? [] : [usage])).joined(separator: " ")
    }

    /// The arguments' placeholder, `NAME`.
    public var arguments: String? { argumentType?.placeholder }

    /// What to complete for an argument.
    public var argumentCompletion: Completion { argumentType?.completion ?? .none }

    /// Every flag the command accepts, including `--help`.
    public var allFlags: [FlagSpec] { flags + [CommandTable.help] }
}

/// A command: its line in the table and what it does. One file per command.
protocol Command {
    static var spec: CommandSpec { get }
    static func run(_ invocation: Invocation, _ context: Context) throws(CommandError) -> Int32
}

public enum CommandTable {
    static let help = FlagSpec("--help", short: "-h", help: "show this help")
    static let now = FlagSpec("--now", .time,
                              help: "act as if it were TIME (ISO 8601, e.g. 2026-11-22T23:59, 2026-11-22T23:59+01:00, 2026-11-22; or yesterday, 21:30, 'yesterday 21:30', -2d, -3h)")
    static let json = FlagSpec("--json", help: "print JSON")
    static let quiet = FlagSpec("--quiet", short: "-q", help: "print nothing on success")
    /// Where a segment can be printed (`Host`).
    static let hosts = ["bash", "zsh", "fish", "tmux", "plain", "waybar", "polybar", "i3blocks", "tcsh"]
    /// What `init` and `completions` write for.
    static let shell = ValueType.choice("SHELL", noun: "shell", words: PluginShell.names)

    /// Every command, in the order `--help` lists them.
    static let all: [any Command.Type] = [
        Prompt.self, Tick.self, Untick.self, Status.self, List.self, Log.self, Add.self, Pause.self, Unpause.self,
        Order.self, Archive.self, Unarchive.self, Rename.self, Remove.self, History.self,
        Calendar.self, Card.self, Remind.self, Export.self, Import.self, ImportGit.self,
        Init.self, GitUsage.self, GitInstall.self, GitUninstall.self, GitStatus.self, GitHook.self, Completions.self,
        Doctor.self, Sync.self, Config.self, ConfigSet.self, ConfigUnset.self, Watch.self, Help.self, Version.self, Manual.self,
    ]

    public static var commands: [CommandSpec] { all.map { $0.spec } }

    /// The first word of every command, and every alias. A literal list, so the prompt's fast
    /// path can tell a streak name from a command without building the whole table; a test
    /// keeps it in step.
    public static let commandWords = [
        "prompt", "tick", "status", "list", "add", "pause", "unpause", "remove", "history", "calendar", "card", "remind", "export", "import",
        "init", "git", "completions", "doctor", "sync", "config", "help", "version", "man", "ls",
        "untick", "undo", "log", "archive", "unarchive", "rename", "watch", "order",
    ]

    /// The first words a person is offered (`help COMMAND`, completions): no aliases.
    public static var listedWords: [String] {
        var words: [String] = []
        for spec in commands where !words.contains(spec.path[0]) { words.append(spec.path[0]) }
        return words
    }

    /// The command selected by the leading words of `arguments`, and how many words it took.
    static func command(for arguments: [String]) -> (any Command.Type, Int)? {
        guard let first = arguments.first, commandWords.contains(first) else { return nil }
        var best: (any Command.Type, Int)?
        for command in all {
            let spec = command.spec
            let taken: Int
            if arguments.starts(with: spec.path) {
                taken = spec.path.count
            } else if spec.aliases.contains(first) {
                taken = 1
            } else {
                continue
            }
            if best == nil || taken > best!.1 { best = (command, taken) }
        }
        return best
    }
}
