import Foundation
import Testing
@testable import StreakShell

/// The repository's root, found from this file's place in it.
let repositoryRoot: URL = {
    var root = URL(fileURLWithPath: #filePath)
    while root.path != "/" {
        root.deleteLastPathComponent()
        if FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) { return root }
    }
    return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
}()

/// A file of the repository, as bytes.
func repositoryFile(_ path: String) throws -> [UInt8] {
    Array(try Data(contentsOf: repositoryRoot.appendingPathComponent(path)))
}

/// The names of the files in a folder of the repository, sorted.
func repositoryFolder(_ path: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: repositoryRoot.appendingPathComponent(path).path).sorted()
}

@Suite("init: settings, then the plugin files")
struct PluginTextTests {
    /// Every flag, with values that need quoting.
    static var everything: PluginSettings {
        var settings = PluginSettings()
        settings.binary = "/opt/it's here/streakprompt"
        settings.names = ["quiz", "gym"]
        settings.format = "{icon} $(x) \\ '"
        settings.tickOn = "^quiz( |$)"
        settings.manual = true
        return settings
    }

    /// What `init` writes above the plugin, as a snapshot: the exact text for a fixed set of flags.
    @Test func settingsSnapshot() throws {
        let bash = PluginText.render(.bash, settings: Self.everything)
        let bashHead = """
            # shellcheck shell=bash disable=SC2016
            # Settings from `streakprompt init bash`; the plugin (shell/streakprompt.bash) follows.
            STREAKPROMPT_BIN='/opt/it'\\''s here/streakprompt'
            STREAKPROMPT_NAMES='quiz gym'
            STREAKPROMPT_FORMAT='{icon} $(x) \\ '\\'''
            STREAKPROMPT_TICK_ON='^quiz( |$)'
            STREAKPROMPT_MANUAL='1'


            """
        #expect(bash.hasPrefix(bashHead))
        #expect(Array(bash.utf8.dropFirst(bashHead.utf8.count)) == (try repositoryFile("shell/streakprompt.bash")))

        let fish = PluginText.render(.fish, settings: Self.everything)
        let fishHead = """
            # Settings from `streakprompt init fish`; the plugin (shell/functions and shell/conf.d) follows.
            set -g STREAKPROMPT_BIN '/opt/it\\'s here/streakprompt'
            set -g STREAKPROMPT_NAMES 'quiz gym'
            set -g STREAKPROMPT_FORMAT '{icon} $(x) \\\\ \\''
            set -g STREAKPROMPT_TICK_ON '^quiz( |$)'
            set -g STREAKPROMPT_MANUAL '1'


            """
        #expect(fish.hasPrefix(fishHead))

        let zsh = PluginText.render(.zsh, settings: PluginSettings())
        #expect(zsh == """
            # shellcheck disable=SC2016,SC2034
            # Settings from `streakprompt init zsh`; the plugin (shell/streakprompt.plugin.zsh) follows.


            """ + String(decoding: try repositoryFile("shell/streakprompt.plugin.zsh"), as: UTF8.self))
    }

    /// fish's plugin is what fisher installs: every file of shell/functions (a new one must be
    /// added to `PluginText.fishFunctions`, or this fails), then conf.d.
    @Test func fishPluginIsEveryFunctionThenConfD() throws {
        let names = try repositoryFolder("shell/functions").filter { $0.hasSuffix(".fish") }
        #expect(PluginText.fishFunctions.map(\.name) == names)
        var expected: [UInt8] = []
        for name in names { expected += try repositoryFile("shell/functions/" + name) }
        expected += try repositoryFile("shell/conf.d/streakprompt.fish")
        let text = PluginText.render(.fish, settings: PluginSettings())
        #expect(text.utf8.hasSuffixBytes(expected))
    }

    @Test func everythingIsNamespaced() throws {
        // Every function the plugins define starts with __streakprompt_ (fish_right_prompt is
        // the documented exception: the right prompt).
        for file in ["shell/streakprompt.bash", "shell/streakprompt.plugin.zsh"] {
            for line in String(decoding: try repositoryFile(file), as: UTF8.self).split(separator: "\n") {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if trimmed.hasPrefix("function ") || trimmed.range(of: #"^[A-Za-z_][A-Za-z0-9_]*\(\) \{"#, options: .regularExpression) != nil {
                    #expect(trimmed.contains("__streakprompt_"), "\(file): \(trimmed)")
                }
            }
        }
        let fish = PluginText.render(.fish, settings: PluginSettings())
        for line in fish.split(separator: "\n") where line.trimmingCharacters(in: .whitespaces).hasPrefix("function ") {
            #expect(line.contains("__streakprompt_") || line.contains("function fish_right_prompt"), "\(line)")
        }
    }

    @Test(arguments: ["", "plain", "it's", "''", "a\\b", "$(x)`y`", "new\nline", "tab\there", "\\'"])
    func quotingKeepsTextOneWord(text: String) {
        let posix = ShellQuote.quoted(text, for: .bash)
        #expect(posix == ShellQuote.quoted(text, .posix))
        #expect(posix.hasPrefix("'") && posix.hasSuffix("'"))
        // Outside the quotes there is only \' (a quoted quote).
        let outside = posix.dropFirst().dropLast().components(separatedBy: "'\\''").joined()
        #expect(!outside.contains("'"))
        let fish = ShellQuote.quoted(text, for: .fish)
        #expect(fish.hasPrefix("'") && fish.hasSuffix("'"))
        #expect(ShellQuote.quoted("it's", for: .zsh) == "'it'\\''s'")
    }
}

extension String.UTF8View {
    func hasSuffixBytes(_ suffix: [UInt8]) -> Bool {
        count >= suffix.count && Array(self.suffix(suffix.count)) == suffix
    }
}
