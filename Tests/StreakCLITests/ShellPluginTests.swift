import Foundation
import Testing
@testable import StreakCLI
import StreakSystem

/// The repository's root, found from this file.
private let repositoryRoot: URL = {
    var url = URL(fileURLWithPath: #filePath)
    while url.path != "/" {
        url.deleteLastPathComponent()
        if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
    }
    return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
}()

private func repositoryFile(_ path: String) throws -> String {
    try String(contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8)
}

@Suite("shell plugins: one source")
struct EmbeddedPluginTests {
    @Test func compiledInCopiesAreTheFiles() throws {
        #expect(EmbeddedPlugin.bash == (try repositoryFile("shell/streakprompt.bash")), "run shell/generate")
        #expect(EmbeddedPlugin.zsh == (try repositoryFile("shell/streakprompt.plugin.zsh")), "run shell/generate")
        #expect(EmbeddedPlugin.fishConf == (try repositoryFile("shell/conf.d/streakprompt.fish")), "run shell/generate")
        let folder = repositoryRoot.appendingPathComponent("shell/functions")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".fish") }.sorted()
        #expect(EmbeddedPlugin.fishFunctions.map(\.name) == names, "run shell/generate")
        for (name, text) in EmbeddedPlugin.fishFunctions {
            #expect(text == (try repositoryFile("shell/functions/" + name)), "\(name): run shell/generate")
        }
    }

    @Test func fishPluginIsTheFunctionsThenConfD() {
        let text = PluginText.plugin(for: .fish)
        #expect(text.hasSuffix(EmbeddedPlugin.fishConf))
        for (_, function) in EmbeddedPlugin.fishFunctions { #expect(text.contains(function)) }
    }

    @Test func everythingIsNamespaced() {
        // Every function and variable the plugins define starts with __streakprompt_ or
        // STREAKPROMPT_ (fish_right_prompt is the documented exception: the right prompt).
        for text in [EmbeddedPlugin.bash, EmbeddedPlugin.zsh] {
            for line in text.split(separator: "\n") {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if trimmed.hasPrefix("function ") || trimmed.range(of: #"^[A-Za-z_][A-Za-z0-9_]*\(\) \{"#, options: .regularExpression) != nil {
                    #expect(trimmed.contains("__streakprompt_"), "\(trimmed)")
                }
            }
        }
        for text in [EmbeddedPlugin.fishConf] + EmbeddedPlugin.fishFunctions.map(\.text) {
            for line in text.split(separator: "\n") where line.trimmingCharacters(in: .whitespaces).hasPrefix("function ") {
                #expect(line.contains("__streakprompt_") || line.contains("function fish_right_prompt"), "\(line)")
            }
        }
    }
}

@Suite("init settings")
struct PluginSettingsTests {
    /// The preamble `init` writes, as a snapshot: the exact text for a fixed set of flags.
    @Test func settingsSnapshot() {
        var settings = PluginSettings()
        settings.binary = "/opt/it's here/streakprompt"
        settings.names = ["quiz", "gym"]
        settings.format = "{icon} $(x) \\ '"
        settings.tickOn = "^quiz( |$)"
        settings.manual = true
        #expect(settings.assignments(for: .bash) == """
            # shellcheck shell=bash disable=SC2016
            # Settings from `streakprompt init bash`; the plugin (shell/streakprompt.bash) follows.
            STREAKPROMPT_BIN='/opt/it'\\''s here/streakprompt'
            STREAKPROMPT_NAMES='quiz gym'
            STREAKPROMPT_FORMAT='{icon} $(x) \\ '\\'''
            STREAKPROMPT_TICK_ON='^quiz( |$)'
            STREAKPROMPT_MANUAL='1'

            """)
        #expect(settings.assignments(for: .fish) == """
            # Settings from `streakprompt init fish`; the plugin (shell/functions and shell/conf.d) follows.
            set -g STREAKPROMPT_BIN '/opt/it\\'s here/streakprompt'
            set -g STREAKPROMPT_NAMES 'quiz gym'
            set -g STREAKPROMPT_FORMAT '{icon} $(x) \\\\ \\''
            set -g STREAKPROMPT_TICK_ON '^quiz( |$)'
            set -g STREAKPROMPT_MANUAL '1'

            """)
    }

    @Test func noFlagsNoBinaryMeansThePluginAlone() {
        let text = PluginText.render(.zsh, settings: PluginSettings())
        #expect(text.hasSuffix(EmbeddedPlugin.zsh))
        #expect(!text.contains("STREAKPROMPT_BIN='"))
    }

    @Test(arguments: ["", "plain", "it's", "''", "a\\b", "$(x)`y`", "new\nline", "tab\there", "\\'"])
    func quotingKeepsTextOneWord(text: String) {
        let posix = ShellQuote.quoted(text, for: .bash)
        #expect(posix.hasPrefix("'") && posix.hasSuffix("'"))
        // Outside the quotes there is only \' (a quoted quote).
        let outside = posix.dropFirst().dropLast().components(separatedBy: "'\\''").joined()
        #expect(!outside.contains("'"))
        let fish = ShellQuote.quoted(text, for: .fish)
        #expect(fish.hasPrefix("'") && fish.hasSuffix("'"))
    }

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
