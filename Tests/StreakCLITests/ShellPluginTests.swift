import Foundation
import Testing
@testable import StreakCLI
import StreakShell
import StreakSystem

@Suite("init flags")
struct InitFlagTests {
    @Test func regexesAreCheckedTheWayBashAndZshWillRead() {
        #expect(Init.regexProblem("^quiz( |$)") == nil)
        #expect(Init.regexProblem("make (test|check)") == nil)
        #expect(Init.regexProblem("(") != nil)
        #expect(Init.regexProblem("") != nil)
        #expect(Init.regexProblem("a\nb") != nil)
    }
}

@Suite("executable path")
struct ExecutablePathTests {
    @Test func slashPathsAreTakenFromTheFolder() {
        let sh = ExecutablePath.resolve("/bin/sh", path: "", folder: nil)
        #expect(sh == "/bin/sh")
        #expect(ExecutablePath.resolve("./sh", path: "", folder: "/bin") == "/bin/sh")
        #expect(ExecutablePath.resolve("../bin/sh", path: "", folder: "/usr") == "/bin/sh" ||
                ExecutablePath.resolve("../bin/sh", path: "", folder: "/usr") == nil)
        #expect(ExecutablePath.resolve("nope/nothing", path: "", folder: "/") == nil)
    }

    @Test func bareNamesAreLookedUpInPath() {
        #expect(ExecutablePath.resolve("sh", path: "/nonexistent:/bin", folder: "/") == "/bin/sh")
        #expect(ExecutablePath.resolve("no-such-program-here", path: "/bin:/usr/bin", folder: "/") == nil)
    }

    @Test func normalizedFoldsDots() {
        #expect(ExecutablePath.normalized("/a/./b/../c") == "/a/c")
        #expect(ExecutablePath.normalized("/../x") == "/x")
    }

    @Test func theRunningTestBinaryIsFound() {
        let path = ExecutablePath.current()
        #expect(path?.hasPrefix("/") == true)
    }
}

@Suite("completion scripts")
struct CompletionScriptTests {
    @Test(arguments: PluginShell.allCases)
    func everyCommandAndFlagIsThere(shell: PluginShell) {
        let script = CompletionScript().script(for: shell)
        for command in CommandTable.commands {
            for word in command.path { #expect(script.contains(word), "\(shell): \(command.name)") }
            for flag in command.allFlags {
                let name = shell == .fish ? "-l '" + flag.name.dropFirst(2) + "'" : flag.name
                #expect(script.contains(name), "\(shell): \(command.name) \(flag.name)")
                for choice in flag.choices { #expect(script.contains(choice), "\(shell): \(flag.name) \(choice)") }
            }
        }
    }

    @Test func subcommandsAreKnown() {
        let script = CompletionScript()
        #expect(Set(script.longPaths) == Set(CommandTable.commands.filter { $0.path.count > 1 }.map(\.name)))
        let git = script.entries.first { $0.path == "git" }
        let expected = CommandTable.commands.filter { $0.path.count == 2 && $0.path[0] == "git" }.map { $0.path[1] }
        #expect(git?.subcommands.map(\.word) == expected)
        #expect(expected.contains("install") && expected.contains("status"))
        // Offered once, not again as the argument `git` itself lists.
        #expect(git?.arguments == nil)
    }
}
