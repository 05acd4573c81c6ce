import StreakCore
import Testing
@testable import StreakCLI

@Suite("command table")
struct CommandTableTests {
    @Test func commandWordsMatchTheTable() {
        let fromTable = Set(CommandTable.commands.flatMap { [$0.path[0]] + $0.aliases })
        #expect(Set(CommandTable.commandWords) == fromTable)
        #expect(CommandTable.commandWords.count == fromTable.count)
    }

    @Test func aliasesSelectTheirCommand() throws {
        let (list, taken) = try #require(CommandTable.command(for: ["ls", "--json"]))
        #expect(list.spec.name == "list")
        #expect(taken == 1)
        #expect(!CommandTable.listedWords.contains("ls"), "aliases are not offered")
        #expect(CommandTable.listedWords.contains("list"))
    }

    @Test func everyCommandPathIsUnique() {
        let paths = CommandTable.commands.map(\.name)
        #expect(Set(paths).count == paths.count)
    }

    @Test func flagsAreWellFormed() {
        for command in CommandTable.commands {
            let names = command.allFlags.map(\.name)
            #expect(Set(names).count == names.count, "\(command.name) repeats a flag")
            for flag in command.allFlags {
                #expect(flag.name.hasPrefix("--"), "\(command.name) \(flag.name)")
                #expect(!flag.help.isEmpty, "\(command.name) \(flag.name) has no help")
            }
        }
    }

    @Test func longestCommandPathWins() throws {
        let (command, taken) = try #require(CommandTable.command(for: ["import", "git", "."]))
        #expect(command.spec.name == "import git")
        #expect(taken == 2)
        let (plain, one) = try #require(CommandTable.command(for: ["import", "file.json"]))
        #expect(plain.spec.name == "import")
        #expect(one == 1)
        #expect(CommandTable.command(for: ["quiz"]) == nil)
    }

    @Test(arguments: [("stauts", "status"), ("tik", "tick"), ("lst", "list"), ("histroy", "history"), ("calender", "calendar"),
                      ("hist", "history"), ("unarch", "unarchive")])
    func suggestionsFindTheIntendedCommand(typo: String, intended: String) {
        #expect(Suggest.closest(to: typo, in: CommandTable.commandWords) == intended)
        #expect(Suggest.isClose(typo, to: intended))
    }

    /// A subcommand typed without its command names the command it belongs to.
    @Test func aSubcommandAloneSuggestsItsCommand() {
        #expect(Prompt.unknownWord("uninstall", bare: true, streaks: []).message.contains("did you mean 'git uninstall'?"))
        #expect(Prompt.unknownWord("unset", bare: true, streaks: []).message.contains("did you mean 'config unset'?"))
    }

    @Test func parserHandlesValuesAndSeparators() throws {
        let parsed = try Parser.parse(["quiz", "--shell=zsh", "--format", "{count}", "--", "gym"], for: Prompt.spec)
        #expect(parsed.arguments == ["quiz", "gym"])
        #expect(parsed.value("--shell") == "zsh")
        #expect(parsed.text(Prompt.format) == "{count}")
        #expect(parsed.argumentNames.map(\.text) == ["quiz", "gym"])
        #expect(throws: CommandError.self) { try Parser.parse(["--format"], for: Prompt.spec) }
        #expect(throws: CommandError.self) { try Parser.parse(["--nope"], for: Prompt.spec) }
        // After `--`, a word that looks like a flag is an argument (here a folder).
        let paths = try Parser.parse(["--author=me@example.com", "--", "--odd"], for: ImportGit.spec)
        #expect(paths.arguments == ["--odd"])
        #expect(paths.values(ImportGit.author) == ["me@example.com"])
    }

    /// Each value is read by its flag's declared type when the command line is parsed, with
    /// the type's one message.
    @Test func declaredTypesAreEnforcedByTheParser() throws {
        func usage(_ words: [String], _ spec: CommandSpec) -> String? {
            do {
                _ = try Parser.parse(words, for: spec)
                return nil
            } catch {
                #expect(error.exitCode == 2)
                return error.message
            }
        }
        #expect(usage(["--weeks", "0"], Calendar.spec) == "--weeks '0' must be a whole number from 1 to 520")
        #expect(usage(["--weeks", "520"], Calendar.spec) == nil)
        #expect(try Parser.parse(["--weeks=12"], for: Calendar.spec).integer(Calendar.weeks) == 12)
        #expect(usage(["--shell", "csh"], Prompt.spec)?.hasPrefix("unknown shell 'csh' for --shell; did you mean") == true)
        #expect(usage(["--format", "xml"], Export.spec) == "unknown format 'xml' for --format; did you mean 'csv'? (json or csv)")
        #expect(usage(["csh"], Init.spec)?.contains("(bash, zsh, fish, elvish, xonsh, tcsh or sh)") == true)
        #expect(usage(["--now", "soon"], Status.spec)?.hasPrefix("--now 'soon' is not a time; use ISO 8601") == true)
        #expect(usage(["a/b"], Status.spec)?.hasPrefix("invalid streak name 'a/b'") == true)
        #expect(usage(["bash", "--tick-on", "("], Init.spec)?.contains("is not an extended regular expression") == true)
        // What a shell's own engine reads otherwise than an ERE is refused for that shell.
        for (pattern, refusedBy) in [("^(quiz)\\1", ["elvish"]), ("\\<quiz\\>", ["fish", "elvish", "xonsh"]),
                                     ("^quiz[[:space:]]", ["xonsh"]), ("^quiz\\\\1", []), ("^quiz( |$)", [])] {
            for shell in ["bash", "zsh", "fish", "elvish", "xonsh"] {
                #expect((Init.portabilityProblem(pattern, shell: shell) != nil) == refusedBy.contains(shell), "\(shell) \(pattern)")
            }
        }
        #expect(usage(["--name", "../x"], GitInstall.spec)?.hasPrefix("invalid streak name") == true)
        // A settings flag says what the settings file and an import say about the same value.
        var given = GivenSettings()
        let rule = try #require(#expect(throws: FieldError.self) { try SettingsField.schedule.read("sometimes", into: &given) })
        #expect(usage(["quiz", "--schedule", "sometimes"], Add.spec) == rule.message(at: "--schedule"))
        #expect(rule.message(at: "--schedule").hasPrefix("--schedule 'sometimes' is not a schedule"))
        #expect(usage(["quiz", "--freezes", "5000"], Add.spec) == "--freezes '5000' is not a whole number from 0 to 1000")
    }

    /// The completions read the same declaration the parser enforces.
    @Test func completionsComeFromTheDeclarations() {
        for command in CommandTable.commands {
            for flag in command.allFlags {
                guard let type = flag.type else {
                    #expect(flag.completion == .none)
                    continue
                }
                if case .choice(_, _, let words) = type {
                    #expect(flag.completion == .words(words), "\(command.name) \(flag.name)")
                    #expect(flag.choices == words)
                }
                if case .streakName(true, false) = type { #expect(flag.completion == .streak) }
            }
        }
        let script = CompletionScript().script(for: .bash)
        #expect(script.contains("__streakprompt_complete_words \"$cur\" 'json' 'csv'"))
    }
}
