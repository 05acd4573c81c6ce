import StreakCore
import StreakSystem

/// `streakprompt git` without a sub-command: how to use the git commands.
enum GitUsage: Command {
    static let subcommands = ["install", "uninstall", "status", "hook"]

    static let spec = CommandSpec(
        ["git"], usage: "install|uninstall|status [--global] [--name NAME]",
        summary: "count your commits with a git hook (see the git commands below)",
        details: """
        streakprompt git install [--name NAME]     this repository's post-commit hook
        streakprompt git install --global [DIR...] every new repository, and those under DIR
        streakprompt git uninstall [--global]      remove it; put back what was there
        streakprompt git status [--global] [--json]  where it is installed, what it counts
        streakprompt git hook post-commit          what the hook runs (for husky, lefthook)
        """,
        arguments: .choice("COMMAND", noun: "git command", words: subcommands), count: 0...1, listed: false)

    /// Reached only without a command: a valid one is its own command, a wrong one a usage error.
    static func run(_ invocation: Invocation, _ context: Context) throws(CommandError) -> Int32 {
        throw .usage("'streakprompt git' needs a command: install, uninstall or status; see 'streakprompt git --help'")
    }
}
