/// How a shell reads a quoted word and an assignment: POSIX `sh`, bash and zsh alike, or fish.
public enum ShellSyntax: Sendable {
    case posix, fish
}

/// Quoting that makes any text one literal word: the only quoting streakprompt writes into
/// shell text (`init`, the git hooks, completions).
public enum ShellQuote {
    public static func quoted(_ text: String, for shell: PluginShell) -> String {
        quoted(text, shell.syntax)
    }

    public static func quoted(_ text: String, _ syntax: ShellSyntax) -> String {
        switch syntax {
        case .posix:
            // Inside '…' nothing is special but the closing quote; `'\''` closes, adds a quoted
            // quote and reopens. (Also right in zsh with RC_QUOTES, which only changes `''`.)
            return "'" + text.replacing("'", with: "'\\''") + "'"
        case .fish:
            // Inside fish's '…' only \\ and \' are escapes.
            return "'" + text.replacing("\\", with: "\\\\").replacing("'", with: "\\'") + "'"
        }
    }
}

/// The one way streakprompt makes shell text: the lines that must come first (an interpreter
/// line, a marker, shellcheck directives), the settings as quoted assignments, then files from
/// `shell/` exactly as they are there.
///
/// The files are compiled in (SwiftPM `embedInCode`), so what `init` prints and `git install`
/// writes is the same bytes a plugin manager loads from the repository; the settings are
/// assignments of quoted words, so no value (a format such as `$(touch x)`, a hostile regex, an
/// odd binary path) can run as code.
enum ShellText {
    /// A variable and the value it is set to.
    struct Setting: Equatable, Sendable {
        var name: String
        var value: String
    }

    static func render(head: [String], settings: [Setting], syntax: ShellSyntax, files: [[UInt8]]) -> String {
        var text = ""
        for line in head { text += line + "\n" }
        for setting in settings { text += assignment(setting, syntax) + "\n" }
        text += "\n"
        for file in files { text += String(decoding: file, as: UTF8.self) }
        return text
    }

    /// `name='value'`, or fish's `set -g name 'value'`.
    static func assignment(_ setting: Setting, _ syntax: ShellSyntax) -> String {
        let value = ShellQuote.quoted(setting.value, syntax)
        switch syntax {
        case .posix: return setting.name + "=" + value
        case .fish: return "set -g " + setting.name + " " + value
        }
    }
}
