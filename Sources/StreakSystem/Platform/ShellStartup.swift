/// The line that loads the shell plugin, and the start-up file it goes in, for each shell:
/// what `init --help` shows and what `doctor` suggests, in that shell's own syntax.
public struct ShellStartup: Equatable, Sendable {
    /// `bash`, `zsh`, `fish`.
    public var shell: String
    /// Where the line goes, as the user writes the path: `~/.zshrc`.
    public var file: String
    public var line: String

    public static let all = [
        ShellStartup(shell: "bash", file: "~/.bashrc", line: "eval \"$(streakprompt init bash)\""),
        ShellStartup(shell: "zsh", file: "~/.zshrc", line: "eval \"$(streakprompt init zsh)\""),
        ShellStartup(shell: "fish", file: "~/.config/fish/config.fish", line: "streakprompt init fish | source"),
    ]

    /// The user's shell, from the path in `SHELL` (`/usr/bin/zsh`, `/opt/homebrew/bin/fish`);
    /// nil for a shell streakprompt has no plugin for.
    public static func of(_ environment: Environment) -> ShellStartup? {
        guard let path = environment.nonEmpty("SHELL") else { return nil }
        let name = Paths.lastComponent(of: path)
        return all.first { $0.shell == name }
    }
}
