#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import StreakCore
import StreakShell
import StreakSystem

/// `streakprompt init bash|zsh|fish`: prints the shell plugin, for `eval "$(streakprompt init
/// zsh)"` or `streakprompt init fish | source`.
///
/// The plugin is the file in `shell/` exactly (compiled in); the flags become quoted variable
/// assignments above it, so whatever they hold is data to the shell, never code.
enum Init: Command {
    static let spec = CommandSpec(
        ["init"], usage: "bash|zsh|fish [--name NAME]... [--format FMT] [--tick-on REGEX] [--manual]",
        summary: "print the shell plugin to eval",
        details: """
        Add one line to your shell's start-up file:
          bash  ~/.bashrc                  eval "$(streakprompt init bash)"
          zsh   ~/.zshrc                   eval "$(streakprompt init zsh)"
          fish  ~/.config/fish/config.fish streakprompt init fish | source
        The segment goes at the start of PS1 (bash) or PROMPT (zsh), or into the right prompt
        (fish), keeping your prompt. With --manual the plugin only keeps $STREAKPROMPT_SEGMENT
        up to date, for you to place. With --tick-on, a command line that matches the
        extended regular expression ticks a streak when you run it: the first --name, else
        "default". Example: --tick-on '^(quiz|anki)( |$)' --name quiz
        """,
        flags: [
            FlagSpec("--name", value: "NAME", help: "a streak to show (repeat for more; default: every streak); the first is the one --tick-on ticks",
                     completes: .streak, repeatable: true),
            FlagSpec("--format", value: "FMT", help: "segment format, e.g. '{icon}{count}' (default: STREAKPROMPT_FORMAT, else {icon}{count})"),
            FlagSpec("--tick-on", value: "REGEX", help: "tick when a command line matching this extended regular expression runs"),
            FlagSpec("--manual", help: "leave the prompt alone: only keep $STREAKPROMPT_SEGMENT up to date, for you to place"),
        ],
        arguments: "SHELL", count: 1...1, completes: .words(PluginShell.names))

    static func run(_ invocation: Invocation, _ context: Context) throws -> Int32 {
        let shell = try shellArgument(invocation.arguments[0])
        var settings = PluginSettings()
        settings.binary = ExecutablePath.current()
        for name in invocation.values("--name") {
            settings.names.append(try Context.validName(name).text)
        }
        settings.format = invocation.value("--format")
        if let regex = invocation.value("--tick-on") {
            if let problem = regexProblem(regex) {
                throw UsageError("--tick-on '\(Text.visible(regex))' is not an extended regular expression (\(problem)); e.g. --tick-on '^quiz( |$)'")
            }
            settings.tickOn = regex
        }
        settings.manual = invocation.has("--manual")
        context.out.write(PluginText.render(shell, settings: settings))
        return 0
    }

    static func shellArgument(_ word: String) throws(UsageError) -> PluginShell {
        guard let shell = PluginShell(rawValue: word) else {
            let closest = Suggest.closest(to: word, in: PluginShell.names)
            throw UsageError("unknown shell '\(Text.visible(word))'; did you mean '\(closest)'? (bash, zsh or fish; tmux: see shell/streakprompt.tmux)")
        }
        return shell
    }

    /// Why the C library's extended regular expressions (what bash and zsh match with) refuse
    /// the pattern, or nil when they take it.
    static func regexProblem(_ pattern: String) -> String? {
        if pattern.isEmpty { return "it is empty" }
        if pattern.unicodeScalars.contains(where: Text.isControl) { return "it holds a control character" }
        var compiled = regex_t()
        let code = regcomp(&compiled, pattern, REG_EXTENDED | REG_NOSUB)
        guard code != 0 else {
            regfree(&compiled)
            return nil
        }
        var buffer = [CChar](repeating: 0, count: 256)
        regerror(code, &compiled, &buffer, buffer.count)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
