/// The command line, described once: the parser, `--help`, the error suggestions and the shell
/// completions are all read from this table, so they cannot disagree.
public struct FlagSpec: Sendable, Equatable {
    /// With the dashes: `--json`.
    public let name: String
    /// A one-letter alias with its dash, `-q`, if any.
    public let short: String?
    /// The value's placeholder (`FMT`) if the flag takes one.
    public let value: String?
    public let help: String
    /// Values to offer in completions.
    public let choices: [String]
    /// What to complete for the value when there are no fixed choices.
    public let completes: Completion
    /// May be given more than once.
    public let repeatable: Bool

    public init(_ name: String, short: String? = nil, value: String? = nil, help: String, choices: [String] = [],
                completes: Completion = .none, repeatable: Bool = false) {
        self.name = name
        self.short = short
        self.value = value
        self.help = help
        self.choices = choices
        self.completes = completes
        self.repeatable = repeatable
    }
}

/// What a shell should offer for an argument.
public enum Completion: Sendable, Equatable {
    case none
    case streak
    case file
    case folder
    case words([String])
}

public struct CommandSpec: Sendable {
    /// The words that select it: `["git", "install"]`; empty for the bare command.
    public let path: [String]
    /// Usage after the command words: `[NAME] [--quiet]`.
    public let usage: String
    public let summary: String
    /// A paragraph or two for `--help`.
    public let details: String
    public let flags: [FlagSpec]
    /// Positional arguments: their placeholder, how many, and what to complete.
    public let arguments: String?
    public let argumentCount: ClosedRange<Int>
    public let argumentCompletion: Completion

    public init(_ path: [String], usage: String, summary: String, details: String = "", flags: [FlagSpec] = [],
                arguments: String? = nil, count: ClosedRange<Int> = 0...0, completes: Completion = .none) {
        self.path = path
        self.usage = usage
        self.summary = summary
        self.details = details
        self.flags = flags
        self.arguments = arguments
        self.argumentCount = count
        self.argumentCompletion = completes
    }

    public var name: String { path.joined(separator: " ") }

    /// Every flag the command accepts, including `--help`.
    public var allFlags: [FlagSpec] { flags + [CommandTable.help] }
}

public enum CommandTable {
    static let help = FlagSpec("--help", short: "-h", help: "show this help")
    static let now = FlagSpec("--now", value: "TIME",
                              help: "act as if it were TIME (ISO 8601, e.g. 2026-11-22T23:59, 2026-11-22T23:59+01:00, 2026-11-22)")
    static let json = FlagSpec("--json", help: "print JSON")
    static let quiet = FlagSpec("--quiet", short: "-q", help: "print nothing on success")
    static let shells = ["bash", "zsh", "fish"]
    static let hosts = ["bash", "zsh", "fish", "tmux", "plain"]

    public static let prompt = CommandSpec(
        ["prompt"], usage: "[NAME...] [--shell SHELL] [--format FMT]",
        summary: "print the prompt segment (the default command)",
        details: """
        Prints each named streak's segment, or every streak's when none is named, from the
        prompt cache alone. Never fails a prompt: with no cache, or one that cannot be read, it
        prints nothing and exits 0.

        Format placeholders: {icon} {count} {best} {name} {state} {total} {freezes};
        {{ and }} print braces. Default: STREAKPROMPT_FORMAT, else {icon}{count}.
        Styles by state: green when done today, yellow when pending, dim when broken
        (none with NO_COLOR or TERM=dumb).
        """,
        flags: [
            FlagSpec("--shell", value: "SHELL", help: "escape for bash, zsh, fish, tmux or plain (default plain)",
                     choices: hosts),
            FlagSpec("--format", value: "FMT", help: "segment format, e.g. '{icon}{count}'"),
            now,
        ],
        arguments: "NAME", count: 0...64, completes: .streak)

    public static let commands: [CommandSpec] = [
        prompt,
        CommandSpec(
            ["tick"], usage: "[NAME] [--quiet]", summary: "count an action today (default streak: \"default\")",
            details: """
            Records an action for the streak on today's date, creating the streak if it does
            not exist. A second tick on the same date is recorded but counts once.
            """,
            flags: [quiet, now], arguments: "NAME", count: 0...1, completes: .streak),
        CommandSpec(
            ["status"], usage: "[NAME] [--json]", summary: "current, best, total, state, time left today",
            flags: [json, now], arguments: "NAME", count: 0...1, completes: .streak),
        CommandSpec(["list"], usage: "[--json]", summary: "every streak, one line each", flags: [json, now]),
        CommandSpec(
            ["add"], usage: "NAME [--icon I] [--schedule S] [--freezes N]", summary: "create a streak",
            details: """
            Schedules: daily (the default), weekdays, weekends, or days such as mon,wed,fri.
            Unscheduled dates neither break nor extend the streak. Each freeze covers one
            missed scheduled date automatically.
            """,
            flags: [
                FlagSpec("--icon", value: "I", help: "what the segment shows before the count (default 🔥)"),
                FlagSpec("--schedule", value: "S", help: "daily, weekdays, weekends or mon,wed,fri",
                         choices: ["daily", "weekdays", "weekends", "mon,wed,fri"]),
                FlagSpec("--freezes", value: "N", help: "freezes banked (each covers one missed date)"),
            ],
            arguments: "NAME", count: 1...1, completes: .none),
        CommandSpec(
            ["remove"], usage: "NAME", summary: "remove a streak (asks no question; keeps a backup)",
            arguments: "NAME", count: 1...1, completes: .streak),
        CommandSpec(
            ["history"], usage: "[NAME] [--json]", summary: "past runs: start, end, length",
            flags: [json], arguments: "NAME", count: 0...1, completes: .streak),
    ]

    /// The command selected by the leading words of `arguments`, and how many words it took.
    public static func command(for arguments: [String]) -> (CommandSpec, Int)? {
        var best: (CommandSpec, Int)?
        for command in commands where arguments.starts(with: command.path) {
            if best == nil || command.path.count > best!.1 { best = (command, command.path.count) }
        }
        return best
    }

    /// First words of every command, for suggestions.
    public static var commandWords: [String] {
        var seen: [String] = []
        for command in commands where !seen.contains(command.path[0]) { seen.append(command.path[0]) }
        return seen
    }
}
