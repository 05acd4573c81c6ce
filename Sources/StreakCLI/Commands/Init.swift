import StreakCore
import StreakShell
import StreakSystem

/// `streakprompt init bash|zsh|fish`: prints the shell plugin, for `eval "$(streakprompt init
/// zsh)"` or `streakprompt init fish | source`.
///
/// The plugin is the file in `shell/` exactly (compiled in); the flags become quoted variable
/// assignments above it, so whatever they hold is data to the shell, never code.
enum Init: Command {
    static let names = FlagSpec("--name", .streakName(existing: true),
                                help: "a streak to show (repeat for more; default: every streak); the first is the one --tick-on ticks",
                                repeatable: true)
    static let format = FlagSpec("--format", .text("FMT"), help: "segment format, e.g. '{icon}{count}' (default: STREAKPROMPT_FORMAT, else {icon}{count})")
    static let tickOn = FlagSpec("--tick-on", .regex, help: "tick when a command line matching this extended regular expression runs")
    static let manual = FlagSpec("--manual", help: "leave the prompt alone: only keep $STREAKPROMPT_SEGMENT up to date, for you to place")

    static let spec = CommandSpec(
        ["init"], usage: "bash|zsh|fish|elvish|xonsh|tcsh|sh [--name NAME]... [--format FMT] [--tick-on REGEX] [--manual]",
        summary: "print the shell plugin to eval",
        details: """
        Add one line to your shell's start-up file:
        \(ShellStartup.all.map { "  " + pad($0.shell, 6) + pad($0.file, 27) + $0.line }.joined(separator: "\n"))
        The segment goes at the start of PS1 (bash) or PROMPT (zsh), or into the right prompt
        (fish), keeping your prompt. With --manual the plugin only keeps $STREAKPROMPT_SEGMENT
        up to date, for you to place. With --tick-on, a command line that matches the
        extended regular expression ticks a streak when you run it: the first --name, else
        "default" (fish, elvish and xonsh match with their own engines; what they would read
        otherwise, such as \\<, is refused). Example: --tick-on '^(quiz|anki)( |$)' --name quiz

        Also for elvish (eval (streakprompt init elvish | slurp) in rc.elv), xonsh
        (execx($(streakprompt init xonsh)) in ~/.xonshrc), tcsh ('streakprompt init tcsh >
        ~/.streakprompt.tcsh', then 'source ~/.streakprompt.tcsh' in ~/.tcshrc) and POSIX sh
        (dash, mksh, ksh: eval "$(streakprompt init sh)" in the ENV file). These run the
        binary at each prompt, show the segment without colours (tcsh keeps them), and only
        elvish and xonsh can --tick-on. With --manual, place the segment yourself with
        $E:STREAKPROMPT_SEGMENT (elvish), {streakprompt} in $PROMPT (xonsh), $streakprompt_segment
        (tcsh) or $(__streakprompt_segment) in PS1 (sh).
        """,
        flags: [names, format, tickOn, manual],
        arguments: shells, count: 1...1, printsData: true)

    /// Every shell `init` writes for.
    static let shells = ValueType.choice("SHELL", noun: "shell", words: PluginShell.names + OtherShell.names)

    static func run(_ invocation: Invocation, _ context: Context) throws(CommandError) -> Int32 {
        let other = OtherShell(rawValue: invocation.arguments[0])
        guard let shell = PluginShell(rawValue: invocation.arguments[0]) ?? (other != nil ? .bash : nil) else {
            throw .usage("'streakprompt init' needs a shell: \((PluginShell.names + OtherShell.names).joined(separator: ", "))")
        }
        // The plugin would print the typo's text before every prompt, silently: say it now.
        if let text = invocation.text(format), let unknown = SegmentFormat(text).unknownPlaceholder {
            throw Prompt.placeholderError(unknown, in: "--format")
        }
        var settings = PluginSettings()
        settings.binary = ExecutablePath.current(environment: context.environment)
        settings.names = invocation.names(names).map(\.text)
        settings.format = invocation.text(format)
        settings.tickOn = invocation.text(tickOn)
        settings.manual = invocation.has(manual)
        // A shell that cannot tick on commands at all says so, whatever the pattern.
        if let other, settings.tickOn != nil, !other.ticksOnCommands {
            throw .usage("--tick-on: \(other.rawValue) has no way to run something when a command line runs; bash, zsh, fish, elvish and xonsh do")
        }
        if let pattern = settings.tickOn, let problem = portabilityProblem(pattern, shell: invocation.arguments[0]) {
            throw .usage(problem)
        }
        if let other {
            for value in [settings.binary, settings.format, settings.tickOn].compactMap({ $0 }) {
                if let problem = other.problem(with: value) { throw .usage(problem) }
            }
            context.out.write(other.render(settings: settings))
            return 0
        }
        context.out.write(PluginText.render(shell, settings: settings))
        return 0
    }

    /// Why `shell` would read the pattern otherwise than bash and zsh do (fish matches with
    /// PCRE, elvish with Go's, xonsh with Python's), or nil: `\<` and `\>` (a word's edge in
    /// the C library, a plain `<` or an error elsewhere), a back-reference in elvish (Go has
    /// none), `[[:class:]]` in xonsh (Python reads a nested set). Checked as an ERE first.
    static func portabilityProblem(_ pattern: String, shell: String) -> String? {
        guard shell != "bash", shell != "zsh" else { return nil }
        // What each engine reads otherwise: Go takes no back-reference, Python's `[[:` opens a
        // nested set, and none of them has `\<` and `\>`.
        let backReferences = shell != "elvish"
        let classes = shell != "xonsh"
        let bytes = Array(pattern.utf8)
        var unportable: String?
        var index = 0
        while index < bytes.count, unportable == nil {
            if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count {
                let next = bytes[index + 1]
                if !backReferences, next >= 0x30, next <= 0x39 { unportable = "a back-reference (\\\(Character(UnicodeScalar(next))))" }
                if next == UInt8(ascii: "<") || next == UInt8(ascii: ">") { unportable = "a word edge (\\\(Character(UnicodeScalar(next))))" }
                index += 2
                continue
            }
            if !classes, bytes[index...].starts(with: "[[:".utf8) { unportable = "a character class ([[:…:]])" }
            index += 1
        }
        guard let unportable else { return nil }
        return "--tick-on: \(shell) matches command lines with its own regular expressions, which read \(unportable) otherwise than an extended regular expression does; write it with what they share, e.g. '^quiz( |$)'"
    }

    /// Why bash and zsh would refuse the pattern, or nil when they take it: `ExtendedRegex`'s
    /// answer, which `--tick-on`'s declared type asks (kept under this name for the plugin tests).
    static func regexProblem(_ pattern: String) -> String? {
        ExtendedRegex.problem(pattern)
    }

    /// `text` followed by spaces up to `width` (at least one).
    private static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(1, width - text.count))
    }
}
