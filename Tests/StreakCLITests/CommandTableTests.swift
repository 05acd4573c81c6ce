import Testing
@testable import StreakCLI

@Suite("command table")
struct CommandTableTests {
    @Test func commandWordsMatchTheTable() {
        let fromTable = Set(CommandTable.commands.map { $0.path[0] })
        #expect(Set(CommandTable.commandWords) == fromTable)
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

    @Test(arguments: [("stauts", "status"), ("tik", "tick"), ("lst", "list"), ("histroy", "history"), ("calender", "calendar")])
    func suggestionsFindTheIntendedCommand(typo: String, intended: String) {
        #expect(Suggest.closest(to: typo, in: CommandTable.commandWords) == intended)
        #expect(Suggest.isClose(typo, to: intended))
    }

    @Test func parserHandlesValuesAndSeparators() throws {
        let spec = Prompt.spec
        let parsed = try Parser.parse(["quiz", "--shell=zsh", "--format", "{count}", "--", "--odd"], for: spec)
        #expect(parsed.arguments == ["quiz", "--odd"])
        #expect(parsed.value("--shell") == "zsh")
        #expect(parsed.value("--format") == "{count}")
        #expect(throws: UsageError.self) { try Parser.parse(["--format"], for: spec) }
        #expect(throws: UsageError.self) { try Parser.parse(["--nope"], for: spec) }
    }
}
