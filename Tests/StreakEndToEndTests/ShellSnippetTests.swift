import Foundation
import Testing

/// The plugin files as plugin managers load them, and the README's snippets, run as written.
@Suite("plugin files and README snippets")
struct ShellSnippetTests {
    /// The README and the docs pages, one after the other.
    var readme: String {
        ReadmeExamplesTests.pages.map { (try? String(contentsOfFile: $0, encoding: .utf8)) ?? "" }.joined(separator: "\n")
    }

    /// The fenced block of `language` in the README that contains `marker`.
    func block(_ language: String, containing marker: String) throws -> String {
        let parts = readme.components(separatedBy: "```" + language + "\n").dropFirst()
        for part in parts {
            let body = part.components(separatedBy: "```")[0]
            if body.contains(marker) { return body }
        }
        throw TestFailure("no ```\(language) block with \(marker) in README.md or docs/")
    }

    /// starship shows the variable the plugin exports (its env_var module): no custom command,
    /// no process per prompt. (starship is not on these machines; the export itself is tested
    /// in real shells by `ExportedTextTests`.)
    @Test func starshipReadsTheExportedVariable() throws {
        let toml = try block("toml", containing: "[env_var.STREAKPROMPT_TEXT]")
        #expect(toml.contains("$env_value") && !toml.contains("command ="), "\(toml)")
        let sh = try block("sh", containing: "before starship")
        #expect(sh.contains("init bash --manual") && sh.contains("init zsh --manual") && sh.contains("init fish --manual"), "\(sh)")
    }

    @Test func powerlevel10kSegmentRunsUnderZsh() throws {
        guard let zsh = tool("zsh") else { return }
        let snippet = try block("zsh", containing: "function prompt_streakprompt()")
        let box = try Sandbox()
        try box.sp("add", "quiz", "--icon", "100%")
        try box.sp("tick", "quiz")
        let file = try box.file("p10k-snippet.zsh", snippet)
        let plugin = try box.file("plugin.zsh", try box.initText("zsh", ["--manual"]))
        let result = try shell(zsh, ["--no-rcs", "-u"], script: """
            p10k() { print -r -- "p10k $*" }
            source '\(plugin)'
            source '\(file)'
            prompt_streakprompt
            instant_prompt_streakprompt
            """, in: box, env: ["TERM": "xterm-256color"])
        #expect(result.stderr.isEmpty, "\(result)")
        // The plugin's segment, its colours taken out; the zsh segment doubled the %, so
        // p10k's prompt expansion shows one.
        #expect(result.stdout == "p10k segment -f 208 -t 100%%1\np10k segment -f 208 -t 100%%1\n", "\(result)")
    }

    /// An interactive fish without config, in a sandbox whose default streak is done today,
    /// running `script` (given the repository's shell/ folder) with colour off; nil without
    /// fish. Its stderr must be empty.
    static func fishWithTheShellFolder(_ script: (String) -> String,
                                       sourceLocation: SourceLocation = #_sourceLocation) throws -> Result? {
        guard let fish = tool("fish") else { return nil }
        let box = try Sandbox()
        try box.sp("tick")
        let result = try shell(fish, ["--no-config", "-i"], script: script(Package.root.path + "/shell"), in: box,
                               env: ["NO_COLOR": "1"])
        #expect(result.stderr.isEmpty, "\(result)", sourceLocation: sourceLocation)
        return result
    }

    /// What fisher does: functions/ on the autoload path, conf.d sourced at start-up; and
    /// `fisher remove`'s uninstall event gives the right prompt back.
    @Test func fisherLayoutLoadsAndUninstalls() throws {
        guard let result = try Self.fishWithTheShellFolder({ folder in """
            function fish_right_prompt; printf mine; end
            set -p fish_function_path '\(folder)/functions'
            set -p fish_complete_path '\(folder)/completions'
            source '\(folder)/conf.d/streakprompt.fish'
            source '\(folder)/conf.d/streakprompt.fish'
            emit fish_prompt
            printf '[%s]\\n' (fish_right_prompt)
            complete -C 'streakprompt ti'
            emit streakprompt_uninstall
            printf '[%s]\\n' (fish_right_prompt)
            set -q STREAKPROMPT_SEGMENT; or echo unset
            """ }) else { return }
        #expect(result.stdout.hasPrefix("[🔥1 mine]\ntick\t"), "\(result)")
        #expect(result.stdout.hasSuffix("[mine]\nunset\n"), "\(result)")
    }

    /// A plain `source` of the conf.d file from a copy of shell/ (no plugin manager): the
    /// functions beside it are found, the prompt shows the segment and says nothing else.
    @Test func theConfDFileSourcedByHandFindsItsFunctions() throws {
        guard let result = try Self.fishWithTheShellFolder({ folder in """
            source '\(folder)/conf.d/streakprompt.fish'
            source '\(folder)/conf.d/streakprompt.fish'
            emit fish_prompt
            printf '[%s]\\n' (fish_right_prompt)
            printf '%s\\n' (count (string match -- '\(folder)/functions' $fish_function_path))
            """ }) else { return }
        #expect(result.stdout == "[🔥1]\n1\n", "\(result)")
    }

    /// A right prompt defined after the plugin loaded (config.fish runs after fisher's
    /// conf.d; a theme loaded later) goes after the segment, from the first prompt; one
    /// defined later still is kept too when the plugin is loaded again.
    @Test func aRightPromptDefinedAfterLoadingKeepsTheSegment() throws {
        guard let result = try Self.fishWithTheShellFolder({ folder in """
            set -p fish_function_path '\(folder)/functions'
            source '\(folder)/conf.d/streakprompt.fish'
            function fish_right_prompt; printf mine; end
            emit fish_prompt
            printf '[%s]\\n' (fish_right_prompt)
            emit fish_prompt
            function fish_right_prompt; printf theirs; end
            emit fish_prompt
            printf '[%s]\\n' (fish_right_prompt)
            source '\(folder)/conf.d/streakprompt.fish'
            emit fish_prompt
            printf '[%s]\\n' (fish_right_prompt)
            emit streakprompt_uninstall
            printf '[%s]\\n' (fish_right_prompt)
            """ }) else { return }
        #expect(result.stdout == "[🔥1 mine]\n[theirs]\n[🔥1 theirs]\n[theirs]\n", "\(result)")
    }

    /// bash with promptvars turned off after loading: the reference the plugin put into PS1
    /// is taken out again at the next prompt (it would show as text), and put back once it is on.
    @Test func bashWithoutPromptvarsShowsNoReference() throws {
        guard let bash = tool("bash") else { return }
        let box = try Sandbox()
        try box.sp("tick")
        let path = Package.root.path + "/shell/streakprompt.bash"
        let result = try shell(bash, ["--norc", "-i", "-eu"], script: """
            PS1='> '; source '\(path)'; eval "$PROMPT_COMMAND"; printf '[%s]\\n' "$PS1"
            shopt -u promptvars; eval "$PROMPT_COMMAND"; printf '[%s]\\n' "$PS1"
            shopt -s promptvars; eval "$PROMPT_COMMAND"; printf '[%s]\\n' "$PS1"
            """, in: box, env: ["NO_COLOR": "1"])
        #expect(result.stderr.isEmpty, "\(result)")
        #expect(result.stdout == "[${__streakprompt_ps1-}> ]\n[> ]\n[${__streakprompt_ps1-}> ]\n", "\(result)")
    }

    /// The files in shell/, sourced as they are: the binary is found on PATH, also when
    /// STREAKPROMPT_BIN names one that is gone.
    @Test(arguments: [("bash", "streakprompt.bash"), ("zsh", "streakprompt.plugin.zsh")])
    func pluginFilesFindTheBinaryOnPath(shellName: String, file: String) throws {
        guard let program = tool(shellName) else { return }
        let box = try Sandbox()
        try box.sp("tick")
        let path = Package.root.path + "/shell/" + file
        let refresh = shellName == "bash" ? "eval \"$PROMPT_COMMAND\"" : "for f in $precmd_functions; do $f; done"
        let options = shellName == "bash" ? ["--norc", "-i", "-eu"] : ["--no-rcs", "-i", "-eu"]
        for bin in ["", "STREAKPROMPT_BIN=/gone/streakprompt; "] {
            let result = try shell(program, options, script: """
                \(bin)source '\(path)'; \(refresh); printf '%s' "$STREAKPROMPT_SEGMENT"
                """, in: box, env: ["NO_COLOR": "1"])
            #expect(result.stderr.isEmpty, "\(result)")
            #expect(result.stdout == "🔥1", "\(shellName) \(bin): \(result)")
        }
    }

    /// No binary at all: the prompt just has no segment, and nothing is said.
    @Test(arguments: ["bash", "zsh", "fish"])
    func noBinaryNoSegmentNoNoise(shellName: String) throws {
        guard let program = tool(shellName) else { return }
        let box = try Sandbox()
        let text = try box.initText(shellName, ["--tick-on", "quiz"])
            .replacingOccurrences(of: Binary.path, with: "/gone/streakprompt")
            .replacingOccurrences(of: URL(fileURLWithPath: Binary.path).resolvingSymlinksInPath().path, with: "/gone/streakprompt")
        let file = try box.file("init", text)
        let environment = ["PATH": "/usr/bin:/bin"]
        let result: Result
        switch shellName {
        case "bash":
            result = try shell(program, ["--norc", "-i", "-eu"], script: "PS1='> '; eval \"$(cat '\(file)')\"; eval \"$PROMPT_COMMAND\"; __streakprompt_preexec quiz; eval \"$PROMPT_COMMAND\"; printf '%s' \"${PS1@P}\"", in: box, env: environment)
        case "zsh":
            result = try shell(program, ["--no-rcs", "-i", "-eu"], script: "PROMPT='> '; eval \"$(cat '\(file)')\"; for f in $precmd_functions; do $f; done; __streakprompt_preexec quiz; for f in $precmd_functions; do $f; done; printf '%s' \"${(%)PROMPT}\"", in: box, env: environment)
        default:
            result = try shell(program, ["--no-config", "-i"], script: "cat '\(file)' | source; emit fish_prompt; emit fish_preexec quiz; emit fish_prompt; printf '%s' (fish_right_prompt) '> '", in: box, env: environment)
        }
        #expect(result.stderr.isEmpty, "\(shellName): \(result)")
        #expect(result.stdout == "> ", "\(shellName): \(result)")
    }
}
