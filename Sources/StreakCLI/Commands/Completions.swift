import StreakCore
import StreakShell
import StreakSystem

/// `streakprompt completions bash|zsh|fish`: prints the completion script, generated from the
/// command table (the files in `completions/` are this output, kept in step by
/// `shell/generate`). `--streaks` lists the streak names, which is what the scripts call.
enum Completions: Command {
    static let spec = CommandSpec(
        ["completions"], usage: "bash|zsh|fish | --streaks", summary: "print shell completions",
        details: """
        bash: source <(streakprompt completions bash), or save it as
              ~/.local/share/bash-completion/completions/streakprompt
        zsh:  streakprompt completions zsh > ~/.zsh/completions/_streakprompt, with that
              folder on $fpath before compinit
        fish: streakprompt completions fish > ~/.config/fish/completions/streakprompt.fish
        """,
        flags: [streaks, archived], arguments: CommandTable.shell, count: 0...1, printsData: true)

    static let streaks = FlagSpec("--streaks", help: "list the streak names, one a line (what the scripts complete with)")
    static let archived = FlagSpec("--archived", help: "with --streaks: the archived streaks instead (what unarchive completes)")

    static func run(_ invocation: Invocation, _ context: Context) throws(CommandError) -> Int32 {
        if invocation.has(archived), !invocation.has(streaks) {
            throw .usage("--archived goes with --streaks: 'streakprompt completions --streaks --archived'")
        }
        if invocation.has(streaks) {
            guard invocation.arguments.isEmpty else {
                throw .usage("--streaks takes no shell; use 'streakprompt completions --streaks' or 'streakprompt completions SHELL'")
            }
            // Completion must stay quiet: no data folder or an unreadable one lists nothing.
            guard let store = try? context.store(), let names = try? Roster.names(store, archived: invocation.has(archived))
            else { return 0 }
            for name in names where !invocation.has(archived) || store.isArchived(name) { context.out.line(name.text) }
            return 0
        }
        guard let word = invocation.arguments.first, let shell = PluginShell(rawValue: word) else {
            throw .usage("'streakprompt completions' needs a shell: bash, zsh or fish; usage: streakprompt completions \(spec.usage)")
        }
        context.out.write(CompletionScript().script(for: shell))
        return 0
    }
}
