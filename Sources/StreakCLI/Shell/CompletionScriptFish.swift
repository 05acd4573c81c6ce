import StreakShell

/// The fish completion script, from the command table.
extension CompletionScript {
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
