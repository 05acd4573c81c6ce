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

    // MARK: zsh

    func zsh() -> String {
        let q = { (text: String) in ShellQuote.quoted(text, for: .zsh) }
        var out = """
        #compdef streakprompt
        # zsh completion for streakprompt: generated from its command table by
        # `streakprompt completions zsh` (shell/generate writes this file); do not edit.
        # Load it: put this file, named _streakprompt, in a folder on $fpath before compinit runs,
        # e.g. fpath=(~/.zsh/completions $fpath) in ~/.zshrc.

        # The streak names, for a streak argument or --name (with --archived, the archived ones).
        (( $+functions[_streakprompt_streaks] )) ||
        _streakprompt_streaks() {
            local expl archived=
            [[ ${1-} == --archived ]] && archived=--archived
            local -a streaks
            streaks=(${(f)"$(command "${STREAKPROMPT_BIN:-streakprompt}" completions --streaks $archived 2>/dev/null)"})
            _wanted streaks expl streak compadd -a streaks
        }

        # A value that is one of the words in $1 (separated by spaces), or a comma-separated
        # list of the items after it, each once: after a comma only the items not given yet,
        # each followed by a comma that a space removes again.
        (( $+functions[_streakprompt_list] )) ||
        _streakprompt_list() {
            local -a words items taken
            words=(${=1})
            shift
            items=("$@")
            if [[ $PREFIX == *,* ]]; then
                taken=(${(s:,:)PREFIX%,*})
                compset -P '*,'
                items=(${items:|taken})
            else
                compadd -- $words
            fi
            compadd -q -S , -- $items
        }

        # No `emulate -L zsh` here: the completion system has set the options it needs
        # (extended_glob among them), and resetting them breaks matching.
        _streakprompt() {
            local command='' state state_descr line
            local -A opt_args
            local -i taken=0
            if (( CURRENT > 2 )); then
                case $words[2] in
                    (\(recognized.map(q).joined(separator: "|"))) command=$words[2] taken=1 ;;
                    (*) command=prompt ;;
                esac
                if (( CURRENT > 3 )); then
                    case "$command $words[3]" in
                        (\(longPaths.map(q).joined(separator: "|"))) command="$command $words[3]" taken=2 ;;
                    esac
                fi
            fi
            if [[ -z $command && $PREFIX != -* ]]; then
                local -a command_words
                command_words=(

        """
        for command in commands {
            out += "            \(q(command.word + ":" + command.summary))\n"
        }
        out += """
                )
                _describe -t commands 'streakprompt command' command_words
                return
            fi
            # What follows the command words, for _arguments.
            words=("$words[1]" "${(@)words[2+taken,-1]}")
            (( CURRENT -= taken ))
            case $command in

        """
        for entry in entries {
            var specs = entry.flags.flatMap { zshFlagSpecs($0) }
            let ownArguments = entry.arguments.flatMap { $0 == .none ? nil : $0 }
            if !entry.subcommands.isEmpty {
                if ownArguments != nil {
                    // `import`: a subcommand or the command's own argument; see ->subcommand.
                    specs.append(q("1:subcommand:->subcommand"))
                } else {
                    let words = entry.subcommands.map { zshWord($0.word) + "\\:" + zshWord($0.summary) }
                    specs.append(q("1:subcommand:((" + words.joined(separator: " ") + "))"))
                }
            }
            let position = entry.maxArguments == 1 && entry.subcommands.isEmpty ? "1" : "*"
            if let ownArguments {
                specs.append(q(position + ":argument:" + zshAction(ownArguments)))
            } else if entry.subcommands.isEmpty, entry.maxArguments > 0 {
                // Nothing to offer (`add NAME`), but declared: _arguments completes nothing
                // after a word it has no spec for, so `add gym --sch` would find no flag.
                specs.append(q(position + ":argument:" + zshAction(.none)))
            }
            out += "        (\(q(entry.path)))\n            _arguments -s -S \\\n"
            out += specs.map { "                " + $0 }.joined(separator: " \\\n") + "\n"
            if !entry.subcommands.isEmpty, let arguments = ownArguments {
                let words = entry.subcommands.map { q($0.word + ":" + $0.summary) }.joined(separator: " ")
                out += """
                            if [[ $state == subcommand ]]; then
                                local -a subcommands
                                subcommands=(\(words))
                                _describe -t subcommands subcommand subcommands
                                \(zshAction(arguments))
                            fi

                """
            }
            out += "            ;;\n"
        }
        out += """
            esac
        }

        _streakprompt "$@"

        """
        return out
    }

    /// `_arguments` specs for one flag: the long name and the short one.
    func zshFlagSpecs(_ flag: FlagSpec) -> [String] {
        let names = [flag.name] + (flag.short.map { [$0] } ?? [])
        return names.map { name in
            var spec = (flag.repeatable ? "*" : "") + name
            if let value = flag.value {
                spec += (name.hasPrefix("--") ? "=" : "+") + "[" + zshExplanation(flag.help) + "]:" + zshMessage(value) + ":"
                spec += zshAction(flag.completion)
            } else {
                spec += "[" + zshExplanation(flag.help) + "]"
            }
            return ShellQuote.quoted(spec, for: .zsh)
        }
    }

    func zshAction(_ completion: Completion) -> String {
        switch completion {
        case .none: return " "
        case .streak: return "_streakprompt_streaks"
        // A leading space: called as written, so --archived comes first.
        case .archivedStreak: return " _streakprompt_streaks --archived"
        case .file: return "_files"
        case .folder: return "_files -/"
        case .words(let words): return "(" + words.map(zshWord).joined(separator: " ") + ")"
        case .list(let words, let items):
            // A leading space: called as written, without _arguments' compadd options.
            return " _streakprompt_list " + zshWord(words.joined(separator: " ")) + " " + items.map(zshWord).joined(separator: " ")
        }
    }

    /// The explanation in `--flag[explanation]`.
    func zshExplanation(_ text: String) -> String { zshEscape(text, "\\[]") }

    /// The message in `:message:action`.
    func zshMessage(_ text: String) -> String { zshEscape(text, "\\:") }

    /// A word (or a description) in the `(a b)` and `((a\\:x b\\:y))` lists.
    func zshWord(_ text: String) -> String { zshEscape(text, "\\:() '\"") }

    func zshEscape(_ text: String, _ special: String) -> String {
        var out = ""
        for character in text {
            if special.contains(character) { out.append("\\") }
            out.append(character)
        }
        return out
    }

    // MARK: fish

    func fish() -> String {
        let q = { (text: String) in ShellQuote.quoted(text, for: .fish) }
        var out = """
        # fish completion for streakprompt: generated from its command table by
        # `streakprompt completions fish` (shell/generate writes this file); do not edit.
        # fisher installs it with the plugin; else copy it to ~/.config/fish/completions/.

        # Whether the command line being completed is the command $argv[1] ("-" before any
        # command word), followed by exactly $argv[2] more words when that is given.
        function __streakprompt_complete_is
            set -l words (commandline -opc)
            set -e words[1]
            set -l command -
            set -l taken 0
            if set -q words[1]
                if contains -- $words[1] \(recognized.map(q).joined(separator: " "))
                    set command $words[1]
                    set taken 1
                    if set -q words[2]; and contains -- "$command $words[2]" \(longPaths.map(q).joined(separator: " "))
                        set command "$command $words[2]"
                        set taken 2
                    end
                else
                    set command prompt
                end
            end
            test "$command" = "$argv[1]"; or return 1
            set -q argv[2]; or return 0
            test (math (count $words) - $taken) -eq $argv[2]
        end

        # The words in $argv[1] (separated by spaces), and the items after it as a
        # comma-separated list: those not in the list yet, after the token's last comma.
        function __streakprompt_complete_list
            set -l token (commandline -ct)
            string match -q -- '*,*' $token; or string split ' ' -- $argv[1]
            set -l head (string replace -r -- '[^,]*$' '' $token)
            set -l taken (string split , -- $head)
            for item in $argv[2..-1]
                contains -- $item $taken; or printf '%s%s\\n' $head $item
            end
        end

        function __streakprompt_complete_streaks
            set -l bin streakprompt
            set -q STREAKPROMPT_BIN[1]; and test -n "$STREAKPROMPT_BIN"; and set bin $STREAKPROMPT_BIN
            command $bin completions --streaks $argv 2>/dev/null
        end

        complete -c streakprompt -f

        """
        for entry in entries {
            let key = entry.path.isEmpty ? "-" : entry.path
            let condition = "-n " + q("__streakprompt_complete_is " + q(key))
            if entry.path.isEmpty {
                for command in commands {
                    out += "complete -c streakprompt \(condition) -a \(q(command.word)) -d \(q(command.summary))\n"
                }
            }
            for flag in entry.flags {
                var line = "complete -c streakprompt \(condition) -l \(q(String(flag.name.dropFirst(2))))"
                if let short = flag.short { line += " -s \(q(String(short.dropFirst())))" }
                if flag.value != nil {
                    line += " -x"
                    let completion = flag.completion
                    if let candidates = fishCandidates(completion) { line += " -a \(q(candidates))" }
                }
                out += line + " -d \(q(flag.help))\n"
            }
            if !entry.subcommands.isEmpty {
                let fresh = "-n " + q("__streakprompt_complete_is " + q(key) + " 0")
                for sub in entry.subcommands {
                    out += "complete -c streakprompt \(fresh) -a \(q(sub.word)) -d \(q(sub.summary))\n"
                }
            }
            if let arguments = entry.arguments, let candidates = fishCandidates(arguments) {
                out += "complete -c streakprompt \(condition) -a \(q(candidates))\n"
            }
        }
        return out
    }

    /// What `complete -a` offers for a value, or nil for free text.
    func fishCandidates(_ completion: Completion) -> String? {
        switch completion {
        case .none: return nil
        case .streak: return "(__streakprompt_complete_streaks)"
        case .archivedStreak: return "(__streakprompt_complete_streaks --archived)"
        case .file: return "(__fish_complete_path (commandline -ct))"
        case .folder: return "(__fish_complete_directories (commandline -ct))"
        case .words(let words): return words.joined(separator: " ")
        case .list(let words, let items):
            return "(__streakprompt_complete_list " + ShellQuote.quoted(words.joined(separator: " "), for: .fish) + " "
                + items.joined(separator: " ") + ")"
        }
    }
}
