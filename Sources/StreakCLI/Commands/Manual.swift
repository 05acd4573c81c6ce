import StreakCore
import StreakSystem

/// `streakprompt man`: the manual page `streakprompt(1)`, in roff, written from the command
/// table like `--help` and the completions (`man/streakprompt.1` is this output, kept in step
/// by `shell/generate`).
enum Manual: Command {
    static let spec = CommandSpec(
        ["man"], usage: "", summary: "print the manual page, streakprompt(1), in roff",
        details: """
        Read it:
          streakprompt man | man -l -
        Install it where man finds it (for ~/.local/bin on PATH):
          mkdir -p ~/.local/share/man/man1
          streakprompt man > ~/.local/share/man/man1/streakprompt.1
        """, printsData: true)

    static func run(_ invocation: Invocation, _ context: Context) throws(CommandError) -> Int32 {
        context.out.write(page())
        return 0
    }

    /// The variables the commands read, and what each means.
    static let environment: [(String, String)] = [
        ("STREAKPROMPT_HOME", "the data folder (default: $XDG_DATA_HOME/streakprompt, else ~/.local/share/streakprompt)"),
        ("STREAKPROMPT_DAY_START", "HH:MM when your day begins (default 00:00): an action before it counts for the day before"),
        ("STREAKPROMPT_WEEK_START", "mon (default) or sun: the first day of a week, for weekly targets and the calendar's rows"),
        ("STREAKPROMPT_WARN_AT", "HH:MM from which a pending streak warns in the prompt (default 20:00; off: never)"),
        ("STREAKPROMPT_FORMAT", "the segment format (default {icon}{count})"),
        ("STREAKPROMPT_NOW", "act at this moment instead of now, as --now"),
        ("STREAKPROMPT_MACHINE", "this machine's name for its action log (default: the short host name)"),
        ("NO_COLOR", "no colour anywhere (also TERM=dumb)"),
        ("LC_ALL, LC_CTYPE, LANG", "the first one set decides the charset: unless it is UTF-8, icons and glyphs are printed in ASCII"),
        ("TZ", "your time zone (default: the system's)"),
        ("XDG_DATA_HOME, XDG_CONFIG_HOME", "where the data folder (XDG_DATA_HOME/streakprompt) and the config file (XDG_CONFIG_HOME/streakprompt/config) go, else under ~/.local/share and ~/.config"),
    ]

    static func page() -> String {
        var out = Roff()
        out.request("TH", "STREAKPROMPT", "1", "", "streakprompt \(CLI.version)", "User Commands")
        // Flags and variables are copied from the page: no hyphenation, no stretched spaces.
        out.request("nh")
        out.request("ad", "l")
        out.section("NAME")
        out.raw("streakprompt \\- daily streaks in your shell prompt")
        out.section("SYNOPSIS")
        for command in CommandTable.commands where command.listed {
            out.request("br")
            out.synopsis(command)
        }
        out.section("DESCRIPTION")
        out.text("""
        Count a daily action (a commit, a quiz, a workout) with streakprompt tick, and see the
        streak in every prompt as a segment, an icon and the count: green when today is done,
        yellow while it is at risk, dim once it is broken. No app, no account, no network: one
        fast binary and plain files you can read, back up and sync.
        """)
        out.paragraph()
        out.text("""
        A day is your local calendar date (TZ, else the system zone) when you act. A streak is the
        run of consecutive scheduled dates with an action; two actions on one date count once.
        Without a NAME, a command uses the only streak there is; with several it asks which
        (tick with no streak at all starts "default").
        """)
        out.section("COMMANDS")
        for command in CommandTable.commands where command.listed {
            out.request("TP")
            out.synopsis(command)
            out.text(command.summary.prefix(1).uppercased() + command.summary.dropFirst() + ".")
            if !command.aliases.isEmpty {
                out.text("Also: " + command.aliases.map { "streakprompt " + $0 }.joined(separator: ", ") + ".")
            }
            if !command.details.isEmpty {
                out.request("sp")
                out.block(command.details)
            }
            out.request("RS")
            for (label, help) in Help.flagRows(command) where !label.hasSuffix(CommandTable.help.name) {
                out.request("TP")
                out.bold(String(label.drop { $0 == " " }))
                out.text(help)
            }
            out.request("RE")
        }
        out.section("ENVIRONMENT")
        for (name, meaning) in environment {
            out.request("TP")
            out.bold(name)
            out.text(meaning)
        }
        out.section("FILES")
        out.block("""
        DATA/streaks/NAME/streak.conf    settings: icon=, schedule=, freezes=
        DATA/streaks/NAME/MACHINE.log    actions recorded on MACHINE, one per line
        DATA/streaks/NAME/MACHINE.events rule changes, pauses and other records made on MACHINE
        DATA/streaks/.order              the streaks' order (order)
        DATA/backups/NAME-STAMP/         what remove took away
        DATA/prompt.cache                derived: what the prompt reads
        DATA/views/                      derived: the shells' pre-rendered prompts
        CONFIG/streakprompt/config       settings every host reads (config set)
        """, verbatim: true)
        out.text("DATA is the data folder (see STREAKPROMPT_HOME); CONFIG is XDG_CONFIG_HOME, else ~/.config.")
        out.section("EXIT STATUS")
        out.text("0 on success, 1 when an operation failed, 2 for a mistake in the command line (the message names the closest valid word). The prompt exits 0 whatever is wrong with the data.")
        out.section("EXAMPLES")
        out.block("""
        streakprompt tick quiz
        streakprompt add gym --schedule mon,wed,fri --freezes 2
        eval "$(streakprompt init bash)"
        streakprompt status --now 2026-11-23T09:00
        """, verbatim: true)
        out.section("SEE ALSO")
        out.raw("git(1), tmux(1), bash(1), zsh(1), fish(1)")
        return out.text
    }
}

/// Roff for the `man` macros, escaped so that nothing a summary says is read as a request.
struct Roff {
    private(set) var text = ".\\\" Generated by 'streakprompt man' from its command table; do not edit.\n"

    mutating func request(_ name: String, _ arguments: String...) {
        text += "." + name
        for argument in arguments {
            let escaped = Roff.escape(argument)
            guard escaped.isEmpty || escaped.contains(" ") || escaped.contains("\"") else {
                text += " " + escaped
                continue
            }
            // Quoted (a macro's argument with spaces), a quote inside doubled.
            text += " \""
            for character in escaped { text += character == "\"" ? "\"\"" : String(character) }
            text += "\""
        }
        text += "\n"
    }

    mutating func section(_ title: String) { request("SH", title) }

    mutating func paragraph() { request("PP") }

    /// A line of roff as written.
    mutating func raw(_ line: String) { text += line + "\n" }

    /// Filled text.
    mutating func text(_ words: String) {
        for line in words.split(separator: "\n", omittingEmptySubsequences: false) { text += Roff.line(String(line)) + "\n" }
    }

    mutating func bold(_ words: String) { text += "\\fB" + Roff.escape(words) + "\\fR\n" }

    /// A command's synopsis: its words in bold, the rest plain.
    mutating func synopsis(_ command: CommandSpec) {
        let words = command.path == ["prompt"] ? "streakprompt [prompt]" : "streakprompt " + command.name
        text += "\\fB" + Roff.escape(words) + "\\fR" + (command.usage.isEmpty ? "" : " " + Roff.escape(command.usage)) + "\n"
    }

    /// A `--help` paragraph: its blank lines separate paragraphs, and its indented lines
    /// (examples, tables) keep their line breaks and spaces. With `verbatim`, every line does.
    mutating func block(_ paragraph: String, verbatim: Bool = false) {
        var inExample = false
        for line in paragraph.split(separator: "\n", omittingEmptySubsequences: false) {
            let example = verbatim || line.hasPrefix(" ")
            if example != inExample {
                request(example ? "nf" : "fi")
                inExample = example
            }
            if line.isEmpty && !verbatim {
                request("sp")
            } else {
                text += Roff.line(String(line)) + "\n"
            }
        }
        if inExample { request("fi") }
    }

    /// One input line: escaped, and never read as a request.
    static func line(_ text: String) -> String {
        let escaped = escape(text)
        return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
    }

    /// Backslashes and dashes as roff means them: `\e` prints a backslash, `\-` an ASCII minus
    /// (so `--json` copied from the page still works). The page is ASCII, as man pages are
    /// read in any locale: our glyphs and emoji in their ASCII spelling (`ASCIIFallback`), any
    /// other character as groff's `\[u` code point `]` escape (`\[u00E9]` for é).
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in ASCIIFallback.text(text).unicodeScalars {
            switch scalar {
            case "\\": out += "\\e"
            case "-": out += "\\-"
            default:
                if scalar.isASCII {
                    out.unicodeScalars.append(scalar)
                } else {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    out += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
                }
            }
        }
        return out
    }
}
