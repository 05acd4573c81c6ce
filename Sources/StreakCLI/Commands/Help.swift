import StreakCore
import StreakSystem

/// `streakprompt help [COMMAND]`: the overview, or one command's help (the same text as
/// `COMMAND --help`), both read from the command table.
enum Help: Command {
    static let spec = CommandSpec(
        ["help"], usage: "[COMMAND]", summary: "show the commands, or one command's flags",
        details: "'streakprompt help tick' is 'streakprompt tick --help'; 'streakprompt man' prints the whole manual.",
        arguments: .command, count: 0...2)

    static func run(_ invocation: Invocation, _ context: Context) throws(CommandError) -> Int32 {
        let words = invocation.arguments
        guard !words.isEmpty else {
            overview(context.out)
            return 0
        }
        guard let (command, taken) = CommandTable.command(for: words), taken == words.count else {
            let typed = words.joined(separator: " ")
            // Aliases too: `help undoo` means undo.
            let candidates = CommandTable.commands.flatMap { [$0.name] + $0.aliases }
            throw .usage("no command '\(Text.visible(typed))'; did you mean '\(Suggest.closest(to: typed, in: candidates))'? ('streakprompt help' lists them)")
        }
        Help.command(command.spec, context.out)
        return 0
    }

    /// Every listed command's synopsis and summary.
    static func overview(_ out: Output) {
        out.line("streakprompt \(CLI.version): daily streaks in your shell prompt")
        out.line()
        out.line("Usage:")
        for command in CommandTable.commands where command.listed {
            out.line("  " + command.synopsis)
            out.line("      " + command.summary + (command.aliases.isEmpty ? "" : " (also: " + command.aliases.joined(separator: ", ") + ")"))
        }
        out.line()
        out.line("Every command that depends on the clock takes --now TIME (or STREAKPROMPT_NOW).")
        out.line("Environment: STREAKPROMPT_HOME, STREAKPROMPT_DAY_START, STREAKPROMPT_WEEK_START, STREAKPROMPT_FORMAT, NO_COLOR, TZ.")
        out.line("Run 'streakprompt help COMMAND' for a command's flags, 'streakprompt man' for the manual.")
    }

    static func command(_ command: CommandSpec, _ out: Output) {
        out.line("Usage: " + command.synopsis)
        if !command.aliases.isEmpty {
            out.line("Also: " + command.aliases.map { "streakprompt " + $0 }.joined(separator: ", "))
        }
        out.line()
        out.line(command.summary.prefix(1).uppercased() + command.summary.dropFirst() + ".")
        if !command.details.isEmpty {
            out.line()
            out.line(command.details)
        }
        out.line()
        out.line("Flags:")
        let rows = flagRows(command)
        let width = rows.map(\.label.count).max() ?? 0
        for (label, help) in rows {
            out.line("  " + label + String(repeating: " ", count: width - label.count + 2) + help)
        }
    }

    /// Each flag as `-q, --quiet` or `    --format json|csv`, with its help: what `--help`
    /// and the manual list.
    static func flagRows(_ command: CommandSpec) -> [(label: String, help: String)] {
        command.allFlags.map { flag in
            var label = flag.short.map { "\($0), " } ?? "    "
            label += flag.name
            if let type = flag.type {
                // A closed set of words is shown as the words themselves.
                if case .choice(_, _, let words) = type { label += " " + words.joined(separator: "|") } else { label += " " + type.placeholder }
            }
            return (label, flag.help)
        }
    }
}
