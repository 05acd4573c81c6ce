import StreakShell

/// Shell completion scripts, written from the command table the parser reads: the flags and
/// the values their declared types allow (`ValueType.completion`), so a new command, flag or
/// allowed value is completed as soon as the scripts are generated again (`shell/generate`).
///
/// Every script follows the same rules: the first word is a command (or, for the bare prompt,
/// a streak name or a flag); a second word picks a subcommand (`git install`, `import git`);
/// after that come the command's flags, the values their table entries describe, and the
/// command's arguments. Streak names come from `streakprompt completions --streaks` at the
/// moment of completing.
struct CompletionScript {
    /// One command line the scripts know, as the table describes it.
    struct Entry {
        /// `""` before any command word; else the words, `git install`.
        var path: String
        var flags: [FlagSpec]
        /// Words that may follow `path` to make a longer command, with their summaries.
        var subcommands: [(word: String, summary: String)]
        /// What its arguments complete to; nil when it takes none.
        var arguments: Completion?
        /// How many arguments it takes at most.
        var maxArguments = 0
    }

    var entries: [Entry]
    /// The first words, with their summaries, in the order `--help` lists them.
    var commands: [(word: String, summary: String)]
    /// Every first word a command line may start with: the commands and their aliases
    /// (`ls`), which complete like the command but are not offered.
    var recognized: [String]

    init(table: [CommandSpec] = CommandTable.commands) {
        var commands: [(word: String, summary: String)] = []
        for spec in table where !commands.contains(where: { $0.word == spec.path[0] }) {
            let word = spec.path[0]
            if let own = table.first(where: { $0.path == [word] }) {
                commands.append((word, own.summary))
            } else {
                let subs = table.filter { $0.path.count == 2 && $0.path[0] == word }.map { $0.path[1] }
                commands.append((word, "\(word): " + subs.joined(separator: ", ")))
            }
        }
        self.commands = commands

        let prompt = table.first { $0.path == ["prompt"] }
        var entries = [Entry(path: "", flags: (prompt?.flags ?? []) + [CommandTable.help, CompletionScript.version],
                             subcommands: [], arguments: nil)]
        for (word, _) in commands {
            let subs = table.filter { $0.path.count == 2 && $0.path[0] == word }.map { ($0.path[1], $0.summary) }
            if let own = table.first(where: { $0.path == [word] }) {
                var arguments = own.argumentCount.upperBound > 0 ? own.argumentCompletion : nil
                // `git COMMAND` lists its subcommands as its argument: offer them once.
                if case .words(let words)? = arguments {
                    let rest = words.filter { word in !subs.contains { $0.0 == word } }
                    arguments = rest.isEmpty ? nil : .words(rest)
                }
                entries.append(Entry(path: word, flags: own.allFlags, subcommands: subs,
                                     arguments: arguments, maxArguments: own.argumentCount.upperBound))
            } else {
                entries.append(Entry(path: word, flags: [CommandTable.help], subcommands: subs, arguments: nil))
            }
        }
        for spec in table where spec.path.count > 1 {
            entries.append(Entry(path: spec.name, flags: spec.allFlags, subcommands: [],
                                 arguments: spec.argumentCount.upperBound > 0 ? spec.argumentCompletion : nil,
                                 maxArguments: spec.argumentCount.upperBound))
        }
        var recognized = commands.map(\.word)
        for spec in table {
            guard let own = entries.first(where: { $0.path == spec.name }) else { continue }
            for alias in spec.aliases {
                var entry = own
                entry.path = alias
                entries.append(entry)
                recognized.append(alias)
            }
        }
        self.entries = entries
        self.recognized = recognized
    }

    static let version = FlagSpec("--version", short: "-V", help: "print the version")

    /// The two-word commands, `git install`.
    var longPaths: [String] { entries.map(\.path).filter { $0.contains(" ") } }

    func script(for shell: PluginShell) -> String {
        switch shell {
        case .bash: return bash()
        case .zsh: return zsh()
        case .fish: return fish()
        }
    }

    // MARK: bash

    func bash() -> String {
        let q = { (text: String) in ShellQuote.quoted(text, for: .bash) }
        var out = """
        # bash completion for streakprompt: generated from its command table by
        # `streakprompt completions bash` (shell/generate writes this file); do not edit.
        # Load it from ~/.bashrc with `source /path/to/streakprompt.bash`, or copy it to
        # ~/.local/share/bash-completion/completions/streakprompt.

        # Adds the words from $2 on that start with $1.
        __streakprompt_complete_words() {
            \\builtin local prefix=$1 word
            \\builtin shift
            for word in "$@"; do
                [[ $word == "$prefix"* ]] && COMPREPLY+=("$word")
            done
            \\builtin return 0
        }

        # Adds the streak names that start with $1 (with $2 --archived, the archived ones).
        __streakprompt_complete_streaks() {
            \\builtin local name
            while IFS= \\builtin read -r name; do
                [[ $name == "$1"* ]] && COMPREPLY+=("$name")
            done < <(\\command "${STREAKPROMPT_BIN:-streakprompt}" completions --streaks ${2+"$2"} 2>/dev/null)
            \\builtin return 0
        }

        # Adds the words from $3 on that start with $1, and the items of a comma-separated
        # list: those in $2 (separated by spaces) that start the list in $1 or follow its last
        # comma, each once (`mon,w` → `mon,wed`).
        __streakprompt_complete_list() {
            \\builtin local cur=$1 head='' tail=$1 item
            \\builtin local -a items
            IFS=' ' \\builtin read -r -a items <<< "$2"
            \\builtin shift 2
            if [[ $cur == *,* ]]; then
                head=${cur%,*},
                tail=${cur##*,}
            else
                __streakprompt_complete_words "$cur" "$@"
            fi
            for item in "${items[@]}"; do
                [[ ,$head == *,"$item",* ]] && continue
                if [[ $item == "$tail"* ]]; then
                    COMPREPLY+=("$head$item")
                    # More items may follow: no space after one.
                    \\builtin compopt -o nospace 2>/dev/null || \\builtin true
                fi
            done
            \\builtin return 0
        }

        # Adds files (or with $2 = -d, folders) that start with $1.
        __streakprompt_complete_files() {
            \\builtin compopt -o filenames 2>/dev/null
            \\builtin local path
            while IFS= \\builtin read -r path; do
                COMPREPLY+=("$path")
            done < <(\\builtin compgen "${2:--f}" -- "$1")
            \\builtin return 0
        }

        _streakprompt() {
            COMPREPLY=()
            \\builtin local cur=${COMP_WORDS[COMP_CWORD]-} prev='' command=''
            \\builtin local -i first=1
            (( COMP_CWORD > 0 )) && prev=${COMP_WORDS[COMP_CWORD-1]-}
            # `--flag=value` reaches us as three words: --flag, =, value.
            if [[ $cur == '=' ]]; then
                cur=''
            elif [[ $prev == '=' ]] && (( COMP_CWORD > 1 )); then
                prev=${COMP_WORDS[COMP_CWORD-2]-}
            fi
            if (( COMP_CWORD > 1 )); then
                case ${COMP_WORDS[1]} in
                    \(recognized.map(q).joined(separator: "|"))) command=${COMP_WORDS[1]} first=2 ;;
                    *) command=prompt ;;
                esac
                if (( COMP_CWORD > 2 )); then
                    case "$command ${COMP_WORDS[2]}" in
                        \(longPaths.map(q).joined(separator: "|"))) command="$command ${COMP_WORDS[2]}" first=3 ;;
                    esac
                fi
            fi

            # The value of a flag.
            case "$command:$prev" in

        """
        for entry in entries {
            for flag in entry.flags where flag.value != nil {
                let keys = ([flag.name] + (flag.short.map { [$0] } ?? [])).map { q("\(entry.path):\($0)") }
                out += "        \(keys.joined(separator: "|")))"
                out += " " + bashValue(flag.completion) + "; return 0 ;;\n"
            }
        }
        out += """
            esac

            if [[ $cur == -* ]]; then
                case $command in

        """
        for entry in entries {
            let names = entry.flags.map(\.name)
            out += "            \(q(entry.path))) __streakprompt_complete_words \"$cur\" \(names.map(q).joined(separator: " ")) ;;\n"
        }
        out += """
                esac
                return 0
            fi

            case $command in
                '') __streakprompt_complete_words "$cur" \(commands.map { q($0.word) }.joined(separator: " ")) ;;

        """
        for entry in entries where !entry.path.isEmpty {
            var actions: [String] = []
            if !entry.subcommands.isEmpty {
                actions.append("(( COMP_CWORD == first )) && __streakprompt_complete_words \"$cur\" "
                    + entry.subcommands.map { q($0.word) }.joined(separator: " "))
            }
            if let arguments = entry.arguments, arguments != .none { actions.append(bashValue(arguments)) }
            guard !actions.isEmpty else { continue }
            out += "        \(q(entry.path))) \(actions.joined(separator: "; ")) ;;\n"
        }
        out += """
            esac
            return 0
        }

        \\builtin complete -F _streakprompt streakprompt

        """
        return out
    }

    /// The command that completes one value in bash.
    func bashValue(_ completion: Completion) -> String {
        switch completion {
        case .none: return ":"
        case .streak: return "__streakprompt_complete_streaks \"$cur\""
        case .archivedStreak: return "__streakprompt_complete_streaks \"$cur\" --archived"
        case .file: return "__streakprompt_complete_files \"$cur\""
        case .folder: return "__streakprompt_complete_files \"$cur\" -d"
        case .words(let words):
            return "__streakprompt_complete_words \"$cur\" " + words.map { ShellQuote.quoted($0, for: .bash) }.joined(separator: " ")
        case .list(let words, let items):
            return "__streakprompt_complete_list \"$cur\" " + ShellQuote.quoted(items.joined(separator: " "), for: .bash) + " "
                + words.map { ShellQuote.quoted($0, for: .bash) }.joined(separator: " ")
        }
    }

}
