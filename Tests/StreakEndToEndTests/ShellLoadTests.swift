import Foundation
import Testing

/// Values no shell may run: command substitutions, backticks, prompt and tmux markup, quotes,
/// an escape byte and a newline. Each names a file that must never appear. (The format's
/// `${HOME}` and zsh `%F{red}` are written with doubled braces: `init` refuses a placeholder
/// it does not know, and `{{`, `}}` print as braces, so the segment holds them all the same.)
enum Hostile {
    static let format = "$(touch pwned-f1)`touch pwned-f2`${{HOME}}'\"%F{{red}}%%#(touch pwned-f3)#[fg=red]\u{1B}[31m\\\n{count}"
    static let tickOn = "^(quiz|anki)( |$)|$(touch pwned-r1)`touch pwned-r2`'\""
    /// At most 32 bytes, as icons are.
    static let icon = "$(touch pi1)`touch pi2`%#(:)"
    static let markers = ["pwned-f1", "pwned-f2", "pwned-f3", "pwned-r1", "pwned-r2", "pi1", "pi2"]

    static func assertNothingRan(_ box: Sandbox, sourceLocation: SourceLocation = #_sourceLocation) {
        for marker in markers {
            #expect(!box.exists(marker), "\(marker) was created: data ran as code", sourceLocation: sourceLocation)
        }
    }
}

/// Every `init` flag combination, in strict mode, in each real shell.
enum InitFlags {
    static let names = ["--name", "quiz", "--name", "gym"]
    static let format = ["--format", "{name}:{count}"]
    static let tickOn = ["--tick-on", "^quiz( |$)"]
    static let manual = ["--manual"]

    /// The 16 subsets of the four flags, one --name alone, and the hostile values on top.
    static var combinations: [[String]] {
        let parts = [names, format, tickOn, manual]
        var all: [[String]] = []
        for mask in 0..<(1 << parts.count) {
            all.append(parts.indices.filter { mask & (1 << $0) != 0 }.flatMap { parts[$0] })
        }
        all.append(["--name", "quiz"])
        all.append(names + ["--format", Hostile.format, "--tick-on", Hostile.tickOn])
        all.append(["--format", Hostile.format, "--tick-on", Hostile.tickOn, "--manual"])
        return all
    }
}

@Suite("shell plugins load")
struct ShellLoadTests {
    /// A sandbox with two streaks and the init text for the flags in a file.
    func prepared(_ shell: String, _ flags: [String]) throws -> (Sandbox, String) {
        let box = try Sandbox()
        try box.sp("tick", "quiz")
        let added = try box.sp("add", "gym", "--icon", Hostile.icon)
        #expect(added.status == 0, "\(added)")
        try box.sp("tick", "gym")
        let file = try box.file("init.\(shell)", try box.initText(shell, flags))
        return (box, file)
    }

    func expectQuiet(_ result: Result, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.status == 0, "\(what): \(result)", sourceLocation: sourceLocation)
        #expect(result.stdout.isEmpty, "\(what) printed: \(result.stdout)", sourceLocation: sourceLocation)
        #expect(result.stderr.isEmpty, "\(what) complained: \(result.stderr)", sourceLocation: sourceLocation)
    }

    @Test(arguments: InitFlags.combinations)
    func bashLoadsQuietlyInStrictMode(flags: [String]) throws {
        guard let bash = tool("bash") else { return }
        let (box, file) = try prepared("bash", flags)
        // As a script sourcing ~/.bashrc would: nothing to do, nothing printed.
        let plain = try shell(bash, ["--norc", "--noprofile", "-euo", "pipefail"], script: """
            eval "$(cat '\(file)')"; eval "$(cat '\(file)')"
            """, in: box)
        expectQuiet(plain, "bash \(flags)")
        // Interactive: the hooks are installed, then two prompts are drawn, with set -u on.
        let interactive = try shell(bash, ["--norc", "--noprofile", "-i", "-euo", "pipefail"], script: """
            PS1='\\$ '
            eval "$(cat '\(file)')"; eval "$(cat '\(file)')"
            eval "$PROMPT_COMMAND"; eval "$PROMPT_COMMAND"
            """, in: box)
        expectQuiet(interactive, "interactive bash \(flags)")
        Hostile.assertNothingRan(box)
    }

    @Test(arguments: InitFlags.combinations)
    func zshLoadsQuietlyInStrictMode(flags: [String]) throws {
        guard let zsh = tool("zsh") else { return }
        let (box, file) = try prepared("zsh", flags)
        let plain = try shell(zsh, ["--no-rcs", "-eu"], script: """
            eval "$(cat '\(file)')"; eval "$(cat '\(file)')"
            """, in: box)
        expectQuiet(plain, "zsh \(flags)")
        for subst in ["setopt prompt_subst", "unsetopt prompt_subst"] {
            let interactive = try shell(zsh, ["--no-rcs", "-i", "-eu"], script: """
                \(subst)
                PROMPT='%# '
                eval "$(cat '\(file)')"; eval "$(cat '\(file)')"
                for f in $precmd_functions; do $f; done
                for f in $precmd_functions; do $f; done
                for f in $preexec_functions; do $f 'quiz' 'quiz' 'quiz'; done
                for f in $precmd_functions; do $f; done
                """, in: box)
            expectQuiet(interactive, "interactive zsh, \(subst), \(flags)")
        }
        Hostile.assertNothingRan(box)
    }

    @Test(arguments: InitFlags.combinations)
    func fishLoadsQuietly(flags: [String]) throws {
        guard let fish = tool("fish") else { return }
        let (box, file) = try prepared("fish", flags)
        let plain = try shell(fish, ["--no-config"], script: "cat '\(file)' | source; cat '\(file)' | source", in: box)
        expectQuiet(plain, "fish \(flags)")
        let interactive = try shell(fish, ["--no-config", "-i"], script: """
            cat '\(file)' | source; cat '\(file)' | source
            emit fish_prompt; functions -q fish_right_prompt; and fish_right_prompt >/dev/null
            emit fish_preexec quiz; emit fish_prompt; functions -q fish_right_prompt; and fish_right_prompt >/dev/null
            true
            """, in: box)
        expectQuiet(interactive, "interactive fish \(flags)")
        Hostile.assertNothingRan(box)
    }

    /// What `init` sets reaches each shell exactly as given, however hostile.
    @Test(arguments: ["bash", "zsh", "fish"])
    func flagValuesArriveAsData(shellName: String) throws {
        guard let program = tool(shellName) else { return }
        let box = try Sandbox()
        let text = try box.initText(shellName, ["--name", "quiz", "--name", "gym", "--format", Hostile.format,
                                                "--tick-on", Hostile.tickOn, "--manual"])
        let file = try box.file("init", text)
        let print = shellName == "fish"
            ? "cat '\(file)' | source; printf '%s\\0' $STREAKPROMPT_NAMES $STREAKPROMPT_FORMAT $STREAKPROMPT_TICK_ON $STREAKPROMPT_MANUAL $STREAKPROMPT_BIN"
            : "eval \"$(cat '\(file)')\"; printf '%s\\0' \"$STREAKPROMPT_NAMES\" \"$STREAKPROMPT_FORMAT\" \"$STREAKPROMPT_TICK_ON\" \"$STREAKPROMPT_MANUAL\" \"$STREAKPROMPT_BIN\""
        let options = shellName == "fish" ? ["--no-config"] : shellName == "zsh" ? ["--no-rcs", "-eu"] : ["--norc", "-eu"]
        let result = try shell(program, options, script: print, in: box)
        #expect(result.status == 0, "\(result)")
        let values = result.stdout.split(separator: "\0", omittingEmptySubsequences: false).map(String.init)
        #expect(values.count >= 5, "\(values)")
        guard values.count >= 5 else { return }
        #expect(values[0] == "quiz gym")
        #expect(values[1] == Hostile.format)
        #expect(values[2] == Hostile.tickOn)
        #expect(values[3] == "1")
        #expect(values[4] == URL(fileURLWithPath: Binary.path).resolvingSymlinksInPath().path)
        Hostile.assertNothingRan(box)
    }

    /// The binary path `init` writes is the running binary's, however odd the folder it is in.
    @Test func initWritesItsOwnPathQuoted() throws {
        guard let bash = tool("bash") else { return }
        let box = try Sandbox()
        let odd = box.root.appendingPathComponent("it's $(touch pwned-f1) `x` dir").path
        try FileManager.default.createDirectory(atPath: odd, withIntermediateDirectories: true)
        try Binary.copy(to: odd + "/streakprompt")
        let result = try run(odd + "/streakprompt", ["init", "bash"], environment: box.environment)
        #expect(result.status == 0)
        let file = try box.file("init.bash", result.stdout)
        let check = try shell(bash, ["--norc", "-eu"], script: "eval \"$(cat '\(file)')\"; printf '%s' \"$STREAKPROMPT_BIN\"", in: box)
        #expect(check.stdout == odd + "/streakprompt")
        Hostile.assertNothingRan(box)
    }

    /// Expected against actual, in bash itself: the prompt bash would draw (${PS1@P}).
    @Test func bashPromptHasTheSegmentOnceAndReadlineMarkers() throws {
        guard let bash = tool("bash") else { return }
        let box = try Sandbox()
        try box.sp("tick", "quiz")
        let file = try box.file("init.bash", try box.initText("bash", ["--name", "quiz"]))
        let result = try shell(bash, ["--norc", "-i", "-euo", "pipefail"], script: """
            PS1='> '
            eval "$(cat '\(file)')"; eval "$(cat '\(file)')"
            eval "$PROMPT_COMMAND"; eval "$PROMPT_COMMAND"
            printf '%s' "${PS1@P}"
            """, in: box)
        #expect(result.stderr.isEmpty, "\(result)")
        #expect(result.stdout == "\u{01}\u{1B}[32m\u{02}🔥1\u{01}\u{1B}[0m\u{02} > ")
    }

    /// --manual leaves PS1 / PROMPT alone and keeps STREAKPROMPT_SEGMENT up to date.
    @Test(arguments: ["bash", "zsh", "fish"])
    func manualLeavesThePromptAlone(shellName: String) throws {
        guard let program = tool(shellName) else { return }
        let box = try Sandbox()
        try box.sp("tick", "quiz")
        let file = try box.file("init", try box.initText(shellName, ["--manual", "--format", "{name}{count}"]))
        let script: String
        let options: [String]
        switch shellName {
        case "bash":
            options = ["--norc", "-i", "-eu"]
            script = "PS1='$ '; eval \"$(cat '\(file)')\"; eval \"$PROMPT_COMMAND\"; printf '%s|%s' \"$PS1\" \"$STREAKPROMPT_SEGMENT\""
        case "zsh":
            options = ["--no-rcs", "-i", "-eu"]
            script = "PROMPT='%# '; eval \"$(cat '\(file)')\"; for f in $precmd_functions; do $f; done; printf '%s|%s' \"$PROMPT\" \"$STREAKPROMPT_SEGMENT\""
        default:
            options = ["--no-config", "-i"]
            script = "cat '\(file)' | source; emit fish_prompt; functions -q fish_right_prompt; and echo right; printf '%s|%s' '$ ' \"$STREAKPROMPT_SEGMENT\""
        }
        let result = try shell(program, options, script: script, in: box, env: ["NO_COLOR": "1"])
        #expect(result.stderr.isEmpty, "\(result)")
        let prompt = shellName == "zsh" ? "%# " : "$ "
        #expect(result.stdout == "\(prompt)|quiz1", "\(shellName): \(result)")
    }

    /// Loading the plugin, then unloading it, gives the user's settings back.
    @Test func bashUnloadRestoresEverything() throws {
        guard let bash = tool("bash") else { return }
        let box = try Sandbox()
        let file = try box.file("init.bash", try box.initText("bash", ["--tick-on", "quiz"]))
        let result = try shell(bash, ["--norc", "-i", "-eu"], script: """
            PS1='\\$ '; PROMPT_COMMAND='user_hook'; user_hook() { :; }; trap 'true' DEBUG
            before="$PS1|$PROMPT_COMMAND|$(trap -p DEBUG)|${PS0-}"
            eval "$(cat '\(file)')"; eval "$PROMPT_COMMAND"
            during="$PS1|$PROMPT_COMMAND|$(trap -p DEBUG)|${PS0-}"
            __streakprompt_unload
            after="$PS1|$PROMPT_COMMAND|$(trap -p DEBUG)|${PS0-}"
            [[ $before != "$during" ]] && [[ $before == "$after" ]] && echo restored
            declare -F | grep -c __streakprompt || true
            """, in: box)
        #expect(result.stdout == "restored\n0\n", "\(result)")
    }

    /// The committed completion scripts are what the binary prints (`shell/generate --check`).
    @Test func generatedFilesAreUpToDate() throws {
        var environment = ProcessInfo.processInfo.environment
        environment["STREAKPROMPT_BIN"] = Binary.path
        let result = try run(Package.root.path + "/shell/generate", ["--check"], environment: environment,
                             directory: Package.root.path)
        #expect(result.status == 0, "run shell/generate and commit what it writes:\n\(result.stderr)")
    }

    /// `init` prints the file in shell/ exactly, after its settings: the binary compiles it in.
    @Test(arguments: [("bash", "shell/streakprompt.bash"), ("zsh", "shell/streakprompt.plugin.zsh")])
    func initPrintsThePluginFile(shellName: String, path: String) throws {
        let box = try Sandbox()
        let printed = try box.initText(shellName)
        let file = try String(contentsOfFile: Package.root.path + "/" + path, encoding: .utf8)
        #expect(printed.hasSuffix(file))
        #expect(printed.contains("# Settings from `streakprompt init \(shellName)`"))
    }

    /// The zsh plugin reads the same whatever option is set, or unset, where it loads (a
    /// ~/.zshrc's `emulate sh` or `setopt ignore_braces`): each of its functions, as zsh prints
    /// it back, is the same as under zsh's defaults. (NO_EXEC runs nothing, so defines nothing.)
    @Test func zshPluginReadsTheSameUnderEveryOption() throws {
        guard let zsh = tool("zsh") else { return }
        let box = try Sandbox()
        let result = try shell(zsh, ["--no-rcs"], script: """
            plugin='\(Package.root.path)/shell/streakprompt.plugin.zsh'
            read_back() { emulate -L zsh; functions -x 4 -- ${(ok)functions[(I)__streakprompt_*]}; }
            expected=$( { source $plugin } 2>/dev/null; read_back )
            [[ $expected == *__streakprompt_precmd* ]] || print 'nothing read under the defaults'
            for option in ${(ok)options}; do
                [[ $option == exec ]] && continue
                for way in setopt unsetopt; do
                    got=$( { $way $option; source $plugin } 2>/dev/null; read_back )
                    [[ $got == "$expected" ]] || print "$way $option"
                done
            done
            """, in: box)
        #expect(result.status == 0 && result.stdout.isEmpty, "read otherwise under: \(result)")
    }

    @Test func initRefusesWhatItCannotUse() throws {
        let box = try Sandbox()
        for arguments in [["init"], ["init", "bsh"], ["init", "bash", "--tick-on", "("], ["init", "bash", "--tick-on", ""],
                          ["init", "zsh", "--name", "no good"], ["init", "fish", "--nmae", "x"], ["init", "tmux"]] {
            let result = try box.spArgs(arguments)
            #expect(result.status == 2, "\(arguments): \(result)")
            #expect(result.stdout.isEmpty)
            #expect(result.stderr.hasPrefix("streakprompt: "), "\(arguments): \(result)")
        }
        #expect(try box.spArgs(["init", "bsh"]).stderr.contains("'bash'"))
    }
}
