import Foundation
import Testing

/// A word the binary does not know, run by a person (standard output a terminal, no --shell)
/// and from a prompt (a pipe, or --shell given); and the commands a person reaches for first.
@Suite("by hand and in a prompt")
struct ByHandTests {
    func withQuiz() throws -> Sandbox {
        let box = try Sandbox()
        try box.sp("tick", "quiz", "--quiet", "--now", "2026-11-22")
        return box
    }

    @Test func anUnknownWordByHandNamesTheClosestCommandOrStreak() throws {
        let box = try withQuiz()
        for (word, closest) in [("verison", "version"), ("qiz", "quiz"), ("hlep", "help"), ("lst", "list")] {
            let result = try box.spByHand(word)
            #expect(result.status == 2, "\(word): \(result)")
            #expect(result.stdout.isEmpty, "\(word)")
            #expect(result.stderr.hasPrefix("streakprompt: unknown command or streak '\(word)'; did you mean '\(closest)'?"),
                    "\(word): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1)
        }
        // A command after a streak's name: the order is the mistake (it said "did you mean
        // 'tick'?" of 'tick').
        let swapped = try box.spByHand("quiz", "tick")
        #expect(swapped.status == 2, "\(swapped)")
        #expect(swapped.stderr == "streakprompt: 'tick' is a command: it comes first ('streakprompt tick NAME'); see 'streakprompt help tick'\n",
                "\(swapped)")
        // After `prompt` the word can only be a streak.
        let named = try box.spByHand("prompt", "qiz")
        #expect(named.status == 2)
        #expect(named.stderr.hasPrefix("streakprompt: no streak named 'qiz'; did you mean 'quiz'?"), "\(named)")
        // A streak that exists is shown, whatever the cache says.
        let shown = try box.spByHand("quiz", env: ["NO_COLOR": "1", "STREAKPROMPT_NOW": "2026-11-22"])
        #expect(shown.status == 0 && shown.stderr.isEmpty, "\(shown)")
        #expect(shown.stdout.hasPrefix("🔥1"))
    }

    @Test func aMissingStreakInAPromptStaysSilent() throws {
        let box = try withQuiz()
        for arguments in [["qiz"], ["prompt", "qiz"], ["gym", "--shell", "zsh"], ["vacation", "--shell", "bash"],
                          ["stauts", "--shell", "zsh"], ["mat", "--shell", "tmux"]] {
            let piped = try box.spArgs(arguments)
            #expect(piped.status == 0 && piped.stdout.isEmpty && piped.stderr.isEmpty, "\(arguments): \(piped)")
        }
        // --shell says "this is a prompt", even on a terminal.
        for arguments in [["gym", "--shell", "zsh"], ["prompt", "gym", "--shell", "plain"], ["--format", "{x}", "--shell", "bash"]] {
            let result = try box.spByHandArgs(arguments)
            #expect(result.status == 0 && result.stderr.isEmpty, "\(arguments): \(result)")
        }
        // Without --shell, a mistyped command is still a mistake in a pipe.
        #expect(try box.sp("stauts").status == 2)
    }

    @Test func helpVersionAndLsAreCommands() throws {
        let box = try withQuiz()
        let overview = try box.sp("help")
        #expect(overview.status == 0)
        #expect(overview.stdout == (try box.sp("--help")).stdout)
        #expect(try box.sp("help", "tick").stdout == (try box.sp("tick", "--help")).stdout)
        #expect(try box.sp("help", "git", "install").stdout == (try box.sp("git", "install", "--help")).stdout)
        let unknown = try box.sp("help", "undoo")
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("did you mean"), "\(unknown)")

        let version = try box.sp("version")
        #expect(version.status == 0)
        #expect(version.stdout == (try box.sp("--version")).stdout)
        #expect(version.stdout.hasPrefix("streakprompt "))

        let ls = try box.sp("ls", "--now", "2026-11-22")
        #expect(ls.status == 0)
        #expect(ls.stdout == (try box.sp("list", "--now", "2026-11-22")).stdout)
        #expect(ls.stdout.contains("quiz"))
        #expect(try box.sp("ls", "--json", "--now", "2026-11-22").stdout.contains("\"name\": \"quiz\""))
        #expect(try box.sp("ls", "--help").stdout.contains("Also: streakprompt ls"))
    }

    @Test func theFirstRunByHandSaysWhatToDo() throws {
        let box = try Sandbox()
        let byHand = try box.spByHand()
        #expect(byHand.status == 0)
        #expect(byHand.stdout.contains("No streaks yet: 'streakprompt tick' starts one"), "\(byHand)")
        let piped = try box.sp()
        #expect(piped.status == 0 && piped.stdout.isEmpty && piped.stderr.isEmpty)
        // The same words from `list`.
        #expect(try box.sp("list").stdout.hasPrefix("No streaks yet:"))
    }

    @Test func anUnknownPlaceholderIsAnErrorByHandAndTextInAPrompt() throws {
        let box = try withQuiz()
        let byHand = try box.spByHand("--format", "{icon}{cont}")
        #expect(byHand.status == 2)
        #expect(byHand.stderr.contains("unknown placeholder '{cont}' in --format"), "\(byHand)")
        #expect(byHand.stderr.contains("{icon} {count} {best} {name} {state}"), "the valid ones are listed")
        let fromVariable = try box.spByHand(env: ["STREAKPROMPT_FORMAT": "{nmae}"])
        #expect(fromVariable.status == 2)
        #expect(fromVariable.stderr.contains("'{nmae}' in STREAKPROMPT_FORMAT"), "\(fromVariable)")
        // Braces doubled are braces; a known placeholder is fine.
        let fine = try box.spByHand("--format", "{{x}} {name}", env: ["NO_COLOR": "1", "STREAKPROMPT_NOW": "2026-11-22"])
        #expect(fine.status == 0, "\(fine)")
        #expect(fine.stdout.hasPrefix("{x} quiz"))
        // In a prompt: printed as written, nothing on stderr.
        let prompt = try box.prompt(["--format", "{icon}{cont}", "--shell", "zsh"], now: "2026-11-22")
        #expect(prompt == "🔥{cont}")
        #expect(try box.prompt(["--format", "{cont}"], now: "2026-11-22") == "{cont}")
        // `init` is not a prompt: the plugin would print the typo before every prompt.
        let plugin = try box.sp("init", "bash", "--format", "{cuont}")
        #expect(plugin.status == 2)
        #expect(plugin.stderr.contains("unknown placeholder '{cuont}' in --format"), "\(plugin)")
    }

    /// `--help` lists every command once and ends no line with a space.
    @Test func helpHasNoDuplicatesOrTrailingSpaces() throws {
        let box = try Sandbox()
        let overview = try box.sp("--help").stdout
        var texts = [("--help", overview)]
        var usages: [String] = []
        for line in overview.split(separator: "\n") where line.hasPrefix("  streakprompt ") {
            usages.append(String(line))
            let words = line.split(separator: " ").dropFirst().prefix { !$0.hasPrefix("[") && !$0.hasPrefix("-") && $0.uppercased() != $0 }
            texts.append((words.joined(separator: " "), try box.spArgs(words.map(String.init) + ["--help"]).stdout))
        }
        #expect(Set(usages).count == usages.count, "a command listed twice: \(usages)")
        #expect(usages.count >= 20)
        let commands = usages.map { $0.split(separator: " ").dropFirst().first ?? "" }
        #expect(!usages.contains { $0.contains("install|uninstall|status") }, "git's subcommands are listed themselves")
        #expect(commands.contains("help") && commands.contains("version") && commands.contains("man"))
        for (command, text) in texts {
            #expect(!text.isEmpty, "\(command)")
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                #expect(!line.hasSuffix(" "), "\(command) --help: '\(line)' ends with a space")
            }
            let flags = text.split(separator: "\n").filter { $0.hasPrefix("  -") || $0.hasPrefix("      --") }
                .map { $0.split(separator: " ").first { $0.hasPrefix("--") } ?? "" }
            #expect(Set(flags).count == flags.count, "\(command) --help repeats a flag: \(flags)")
        }
    }
}
