import StreakCore
import StreakSystem

public enum CLI {
    public static let version = "0.1.0"

    /// Runs the command line and returns the exit status: 0 success, 1 failed operation,
    /// 2 usage error.
    public static func main(argc: Int32, argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
        ProcessSetup.ignoreBrokenPipe()
        let out = Output(fd: 1)
        if let status = Prompt.fast(argc: argc, argv: argv, out: out) {
            out.flush()
            return status
        }
        var words: [String] = []
        for index in 1..<Int(max(argc, 1)) {
            if let raw = argv[index] { words.append(String(cString: raw)) }
        }
        let status = run(words, out: out)
        out.flush()
        return status
    }

    static func run(_ words: [String], out: Output) -> Int32 {
        let context = Context(out: out, environment: .process)
        do {
            return try dispatch(words, context)
        } catch {
            out.flush()
            Exit.report(error.message)
            return error.exitCode
        }
    }

    static func dispatch(_ words: [String], _ context: Context) throws(CommandError) -> Int32 {
        if words.first == "--version" || words.first == "-V" {
            context.out.line("streakprompt \(version)")
            return 0
        }
        if words.first == "--help" || words.first == "-h" || words.first == "help" {
            if words.first == "help", words.count > 1 {
                return try dispatch(Array(words.dropFirst()) + ["--help"], context)
            }
            Help.overview(context.out)
            return 0
        }
        if words == [PromptSource.refreshArgument] { return Refresh.run(context) }
        // `streakprompt`, `streakprompt --shell zsh` and `streakprompt NAME...` are the prompt.
        guard let (command, taken) = CommandTable.command(for: words) else {
            let invocation = try Parser.parse(words, for: Prompt.spec,
                                              unreadableArgument: { Prompt.unknownWord($0, bare: true) })
            if invocation.has("--help") { Help.command(Prompt.spec, context.out); return 0 }
            return Prompt.run(invocation, context, bare: true)
        }
        let invocation = try Parser.parse(words.dropFirst(taken), for: command.spec)
        if invocation.has("--help") {
            Help.command(command.spec, context.out)
            return 0
        }
        return try command.run(invocation, context)
    }
}

/// `--help` text, from the command table.
enum Help {
    static func overview(_ out: Output) {
        out.line("streakprompt \(CLI.version): daily streaks in your shell prompt")
        out.line()
        out.line("Usage:")
        let rows = CommandTable.commands.map { command -> (String, String) in
            let name = command.name == "prompt" ? "[prompt]" : command.name
            return ("streakprompt \(name) \(command.usage)", command.summary)
        }
        for (usage, summary) in rows {
            out.line("  " + usage)
            out.line("      " + summary)
        }
        out.line()
        out.line("Every command that depends on the clock takes --now TIME (or STREAKPROMPT_NOW).")
        out.line("Environment: STREAKPROMPT_HOME, STREAKPROMPT_DAY_START, STREAKPROMPT_WEEK_START, STREAKPROMPT_FORMAT, NO_COLOR, TZ.")
        out.line("Run 'streakprompt COMMAND --help' for a command's flags.")
    }

    static func command(_ command: CommandSpec, _ out: Output) {
        out.line("Usage: streakprompt \(command.name) \(command.usage)")
        out.line()
        out.line(command.summary.prefix(1).uppercased() + command.summary.dropFirst() + ".")
        if !command.details.isEmpty {
            out.line()
            out.line(command.details)
        }
        out.line()
        out.line("Flags:")
        let flags = command.allFlags
        let labels = flags.map { flag -> String in
            var label = flag.short.map { "\($0), " } ?? "    "
            label += flag.name
            if let type = flag.type {
                // A closed set of words is shown as the words themselves.
                if case .choice(_, _, let words) = type { label += " " + words.joined(separator: "|") } else { label += " " + type.placeholder }
            }
            return label
        }
        let width = labels.map(\.count).max() ?? 0
        for (label, flag) in zip(labels, flags) {
            out.line("  " + label + String(repeating: " ", count: width - label.count + 2) + flag.help)
        }
    }
}
