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

/// A command: its line in the table and what it does. One file per command.
protocol Command {
    static var spec: CommandSpec { get }
    static func run(_ invocation: Invocation, _ context: Context) throws -> Int32
}

public enum CommandTable {
    static let help = FlagSpec("--help", short: "-h", help: "show this help")
    static let now = FlagSpec("--now", value: "TIME",
                              help: "act as if it were TIME (ISO 8601, e.g. 2026-11-22T23:59, 2026-11-22T23:59+01:00, 2026-11-22)")
    static let json = FlagSpec("--json", help: "print JSON")
    static let quiet = FlagSpec("--quiet", short: "-q", help: "print nothing on success")
    static let shells = ["bash", "zsh", "fish"]
    static let hosts = ["bash", "zsh", "fish", "tmux", "plain"]

    /// Every command, in the order `--help` lists them.
    static let all: [any Command.Type] = [
        Prompt.self, Tick.self, Status.self, List.self, Add.self, Remove.self, History.self,
        Calendar.self, Export.self, Import.self, ImportGit.self,
        Init.self, GitUsage.self, GitInstall.self, GitUninstall.self, GitStatus.self, GitHook.self, Completions.self,
        Doctor.self, Sync.self,
    ]

    public static var commands: [CommandSpec] { all.map { $0.spec } }

    /// The first word of every command. A literal list, so the prompt's fast path can tell a
    /// streak name from a command without building the whole table; a test keeps it in step.
    public static let commandWords = [
        "prompt", "tick", "status", "list", "add", "remove", "history", "calendar", "export", "import",
        "init", "git", "completions", "doctor", "sync",
    ]

    public static var prompt: CommandSpec { Prompt.spec }

    /// The command selected by the leading words of `arguments`, and how many words it took.
    static func command(for arguments: [String]) -> (any Command.Type, Int)? {
        guard let first = arguments.first, commandWords.contains(first) else { return nil }
        var best: (any Command.Type, Int)?
        for command in all where arguments.starts(with: command.spec.path) {
            if best == nil || command.spec.path.count > best!.1 { best = (command, command.spec.path.count) }
        }
        return best
    }
}
