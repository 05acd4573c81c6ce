import StreakShell

/// The zsh completion script (`_streakprompt`), from the command table.
extension CompletionScript {
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
}
