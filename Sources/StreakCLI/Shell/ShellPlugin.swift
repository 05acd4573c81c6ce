import StreakCore

/// A shell that `init` and `completions` write for.
enum PluginShell: String, CaseIterable, Sendable {
    case bash, zsh, fish

    static var names: [String] { allCases.map(\.rawValue) }
}

/// The settings `init` writes above the plugin: plain assignments of quoted values, so no flag
/// value (a format such as `$(touch x)`, a hostile regex, an odd binary path) can run as code.
struct PluginSettings: Equatable, Sendable {
    /// Absolute path of the binary that printed the plugin, when it could be found.
    var binary: String?
    var names: [String] = []
    var format: String?
    var tickOn: String?
    var manual = false

    /// The shellcheck directive (bash, zsh), a comment, then the assignments, one a line.
    func assignments(for shell: PluginShell) -> String {
        var values: [(String, [String])] = []
        if let binary { values.append(("STREAKPROMPT_BIN", [binary])) }
        if !names.isEmpty { values.append(("STREAKPROMPT_NAMES", [names.joined(separator: " ")])) }
        if let format { values.append(("STREAKPROMPT_FORMAT", [format])) }
        if let tickOn { values.append(("STREAKPROMPT_TICK_ON", [tickOn])) }
        if manual { values.append(("STREAKPROMPT_MANUAL", ["1"])) }
        // For shellcheck, before the first command: the shell, and that the single quotes are
        // the point here (no need to suggest double ones).
        var out = ""
        switch shell {
        case .bash: out = "# shellcheck shell=bash disable=SC2016\n"
        case .zsh: out = "# shellcheck disable=SC2016\n"
        case .fish: break
        }
        out += "# Settings from `streakprompt init \(shell.rawValue)`; the plugin (\(PluginText.source(shell))) follows.\n"
        for (name, words) in values {
            let quoted = words.map { ShellQuote.quoted($0, for: shell) }.joined(separator: " ")
            switch shell {
            case .bash, .zsh: out += "\(name)=\(quoted)\n"
            case .fish: out += "set -g \(name) \(quoted)\n"
            }
        }
        return out
    }
}

/// Quoting that makes any text one literal word.
enum ShellQuote {
    static func quoted(_ text: String, for shell: PluginShell) -> String {
        switch shell {
        case .bash, .zsh:
            // Inside '…' nothing is special but the closing quote; `'\''` closes, adds a quoted
            // quote and reopens. (Also right in zsh with RC_QUOTES, which only changes `''`.)
            return "'" + text.replacing("'", with: "'\\''") + "'"
        case .fish:
            // Inside fish's '…' only \\ and \' are escapes.
            return "'" + text.replacing("\\", with: "\\\\").replacing("'", with: "\\'") + "'"
        }
    }
}

/// What `init SHELL` prints: the settings, then the plugin file exactly as it is in `shell/`.
enum PluginText {
    static func plugin(for shell: PluginShell) -> String {
        switch shell {
        case .bash: return EmbeddedPlugin.bash
        case .zsh: return EmbeddedPlugin.zsh
        case .fish:
            // What fisher installs, in one piece: the functions it would autoload, then conf.d.
            return EmbeddedPlugin.fishFunctions.map(\.text).joined() + EmbeddedPlugin.fishConf
        }
    }

    static func render(_ shell: PluginShell, settings: PluginSettings) -> String {
        settings.assignments(for: shell) + "\n" + plugin(for: shell)
    }

    /// Where the plugin comes from, for the comment above it.
    static func source(_ shell: PluginShell) -> String {
        shell == .fish ? "shell/functions and shell/conf.d" : "shell/" + fileName(shell)
    }

    static func fileName(_ shell: PluginShell) -> String {
        switch shell {
        case .bash: return "streakprompt.bash"
        case .zsh: return "streakprompt.plugin.zsh"
        case .fish: return "conf.d/streakprompt.fish"
        }
    }
}
