import Foundation
import Testing

/// The completion scripts in `completions/`, loaded into real shells.
@Suite("completions")
struct CompletionTests {
    var folder: String { Package.root.path + "/completions" }

    /// `git install`, `git uninstall`, ...: what `streakprompt git --help` lists.
    var gitSubcommands: [String] {
        let help = (try? Sandbox().sp("--help").stdout) ?? ""
        var words: [String] = []
        for line in help.split(separator: "\n") {
            let parts = line.split(separator: " ")
            if parts.count >= 3, parts[0] == "streakprompt", parts[1] == "git", !parts[2].contains("|") {
                words.append(String(parts[2]))
            }
        }
        return words
    }

    func prepared() throws -> Sandbox {
        let box = try Sandbox()
        try box.sp("tick", "quiz")
        try box.sp("tick", "gym")
        return box
    }

    /// What `completions SHELL` prints is what is committed: the committed scripts are the
    /// snapshots. Rewrite them with shell/generate, or run the tests with STREAKPROMPT_RECORD=1
    /// to record what the binary prints. The fish script is kept once, where fisher finds it
    /// (shell/completions); completions/streakprompt.fish is a link to it.
    @Test(arguments: [("bash", "completions/streakprompt.bash"), ("zsh", "completions/_streakprompt"),
                      ("fish", "shell/completions/streakprompt.fish")])
    func committedScriptsMatchTheBinary(shellName: String, file: String) throws {
        let box = try Sandbox()
        let printed = try box.sp("completions", shellName)
        #expect(printed.status == 0)
        let path = Package.root.path + "/" + file
        if let record = ProcessInfo.processInfo.environment["STREAKPROMPT_RECORD"], !record.isEmpty, record != "0" {
            try Data(printed.stdout.utf8).write(to: URL(fileURLWithPath: path))
            return
        }
        let committed = try String(contentsOfFile: path, encoding: .utf8)
        #expect(printed.stdout == committed, "\(file) is out of date: run shell/generate")
    }

    @Test func theFishScriptIsKeptOnce() throws {
        let link = try FileManager.default.destinationOfSymbolicLink(atPath: folder + "/streakprompt.fish")
        #expect(link == "../shell/completions/streakprompt.fish")
    }

    @Test func streakNamesForScripts() throws {
        let box = try prepared()
        let result = try box.sp("completions", "--streaks")
        #expect(result.status == 0)
        #expect(result.stdout == "gym\nquiz\n")
        let empty = try Sandbox().sp("completions", "--streaks")
        #expect(empty.status == 0 && empty.stdout.isEmpty && empty.stderr.isEmpty)
    }

    /// bash, under set -u: the function is registered and offers commands, flags, values and
    /// streak names.
    @Test func bashOffersCommandsFlagsAndStreaks() throws {
        guard let bash = tool("bash") else { return }
        let box = try prepared()
        let result = try shell(bash, ["--norc", "-euo", "pipefail"], script: """
            source '\(folder)/streakprompt.bash'
            complete -p streakprompt
            offer() { COMP_WORDS=("$@"); COMP_CWORD=$(( $# - 1 )); COMPREPLY=(); _streakprompt; echo "${COMPREPLY[*]-}"; }
            offer streakprompt ''
            offer streakprompt st
            offer streakprompt tick ''
            offer streakprompt tick --q
            offer streakprompt --shell ''
            offer streakprompt git ''
            offer streakprompt init --name g
            offer streakprompt init z
            offer streakprompt prompt --shell = f
            """, in: box)
        #expect(result.stderr.isEmpty, "\(result)")
        let lines = result.stdout.components(separatedBy: "\n")
        #expect(lines.count >= 10, "\(result)")
        guard lines.count >= 10 else { return }
        #expect(lines[0] == "complete -F _streakprompt streakprompt")
        for command in ["tick", "status", "list", "add", "remove", "history", "init", "completions", "git"] {
            #expect(lines[1].split(separator: " ").contains(Substring(command)), "\(lines[1])")
        }
        #expect(lines[2] == "status")
        #expect(lines[3] == "gym quiz")
        #expect(lines[4] == "--quiet")
        #expect(lines[5] == "bash zsh fish tmux plain waybar polybar i3blocks tcsh")
        #expect(lines[6] == gitSubcommands.joined(separator: " "))
        #expect(lines[7] == "gym")
        #expect(lines[8] == "zsh")
        #expect(lines[9] == "fish")
    }

    @Test func fishOffersCommandsFlagsAndStreaks() throws {
        guard let fish = tool("fish") else { return }
        let box = try prepared()
        let result = try shell(fish, ["--no-config"], script: """
            source '\(folder)/streakprompt.fish'
            for line in 'streakprompt ' 'streakprompt tick ' 'streakprompt tick --' 'streakprompt --shell ' 'streakprompt git ' 'streakprompt git install --' 'streakprompt add quiz --target ' 'streakprompt pause '
                echo "== $line"
                complete -C "$line" | string replace -r '\\t.*' ''
            end
            """, in: box)
        #expect(result.stderr.isEmpty, "\(result)")
        let sections = Dictionary(uniqueKeysWithValues: result.stdout.components(separatedBy: "== ").dropFirst().map { section in
            let lines = section.components(separatedBy: "\n")
            return (lines[0], Set(lines.dropFirst().filter { !$0.isEmpty }))
        })
        #expect(sections["streakprompt "]?.isSuperset(of: ["tick", "status", "list", "add", "pause", "unpause", "init", "completions", "git"]) == true,
                "\(result.stdout)")
        #expect(sections["streakprompt tick "] == ["gym", "quiz"])
        #expect(sections["streakprompt tick --"] == ["--count", "--note", "--quiet", "--now", "--help"])
        #expect(sections["streakprompt add quiz --target "] == Set((1...7).map { "\($0)/week" }))
        #expect(sections["streakprompt pause "] == ["gym", "quiz"])
        #expect(Set(sections["streakprompt --shell "] ?? []) == ["bash", "zsh", "fish", "tmux", "plain", "waybar", "polybar", "i3blocks", "tcsh"])
        #expect(sections["streakprompt git "] == Set(gitSubcommands))
        #expect(sections["streakprompt git install --"]?.contains("--help") == true)
    }

    /// An archived streak leaves the names offered, except to `unarchive`, which offers only
    /// the archived ones: in bash (under set -u) and fish.
    @Test func archivedStreaksAreOfferedToUnarchiveOnly() throws {
        let box = try prepared()
        #expect(try box.sp("archive", "gym").status == 0)
        #expect(try box.sp("completions", "--streaks", "--archived").stdout == "gym\n")
        #expect(try box.sp("completions", "--archived").status == 2)
        if let bash = tool("bash") {
            let result = try shell(bash, ["--norc", "-euo", "pipefail"], script: """
                source '\(folder)/streakprompt.bash'
                offer() { COMP_WORDS=("$@"); COMP_CWORD=$(( $# - 1 )); COMPREPLY=(); _streakprompt; echo "${COMPREPLY[*]-}"; }
                offer streakprompt tick ''
                offer streakprompt unarchive ''
                offer streakprompt archive ''
                """, in: box)
            #expect(result.stderr.isEmpty && result.stdout == "quiz\ngym\nquiz\n", "\(result)")
        }
        if let fish = tool("fish") {
            let result = try shell(fish, ["--no-config"], script: """
                source '\(folder)/streakprompt.fish'
                complete -C 'streakprompt status ' | string replace -r '\\t.*' ''
                complete -C 'streakprompt unarchive ' | string replace -r '\\t.*' ''
                """, in: box)
            #expect(result.stderr.isEmpty && result.stdout == "quiz\ngym\n", "\(result)")
        }
        // zsh, typed: the only archived streak is completed in full.
        guard let tmux = try box.zshWithCompletions(folder) else { return }
        defer { tmux.stop() }
        try tmux.type("streakprompt unarchive ", enter: false)
        try tmux.keys("Tab")
        try tmux.waitFor("the archived streak completed") { $0.hasSuffix("> streakprompt unarchive gym ") }
    }

    /// zsh: compinit finds the function on fpath and loads it without a word on stderr.
    @Test func zshLoadsTheFunction() throws {
        guard let zsh = tool("zsh") else { return }
        let box = try prepared()
        let result = try shell(zsh, ["--no-rcs", "-i", "-eu"], script: """
            fpath=('\(folder)' $fpath)
            autoload -Uz compinit
            compinit -u -d '\(box.root.path)/zcompdump'
            print -r -- ${_comps[streakprompt]-missing}
            autoload +X _streakprompt
            whence -w _streakprompt
            """, in: box)
        #expect(result.stderr.isEmpty, "\(result)")
        #expect(result.stdout == "_streakprompt\n_streakprompt: function\n", "\(result)")
    }

    /// zsh, typed: Tab completes a command word and lists streak names.
    @Test func zshCompletesInteractively() throws {
        let box = try prepared()
        guard let tmux = try box.zshWithCompletions(folder) else { return }
        defer { tmux.stop() }
        try tmux.type("streakprompt ti", enter: false)
        try tmux.waitFor("the line typed") { $0.hasSuffix("> streakprompt ti") }
        try tmux.keys("Tab")
        try tmux.waitFor("the command completed") { $0.hasSuffix("> streakprompt tick ") }
        try tmux.keys("Tab")
        let screen = try tmux.waitFor("the streak names listed") { $0.contains("gym") && $0.contains("quiz") }
        #expect(screen.contains("> streakprompt tick"), "\(screen)")
        // Each step waits for the screen to show the one before it: under load, a Tab that
        // arrives while zsh still draws the new prompt (or the list) can be taken for typing.
        try tmux.keys("C-c")
        try tmux.waitFor("a new prompt") { $0.hasSuffix("> ") }
        try tmux.type("streakprompt --shell f", enter: false)
        try tmux.waitFor("the line typed") { $0.hasSuffix("> streakprompt --shell f") }
        try tmux.keys("Tab")
        try tmux.waitFor("the value completed") { $0.hasSuffix("> streakprompt --shell fish ") }
    }

    /// bash, typed: Tab completes a command word.
    @Test func bashCompletesInteractively() throws {
        guard let tmuxPath = tool("tmux"), let bash = tool("bash") else { return }
        let box = try prepared()
        let rc = try box.file("bashrc", "set -u\nPS1='> '\nsource '\(folder)/streakprompt.bash'\n")
        let tmux = try Tmux(tmuxPath, box: box, command: "\(bash) --noprofile --rcfile \(rc) -i")
        defer { tmux.stop() }
        try tmux.waitFor("the prompt") { $0.hasSuffix("> ") }
        try tmux.type("streakprompt hist", enter: false)
        try tmux.keys("Tab")
        try tmux.waitFor("the command completed") { $0.hasSuffix("> streakprompt history ") }
        try tmux.type("q", enter: false)
        try tmux.keys("Tab")
        try tmux.waitFor("the streak completed") { $0.hasSuffix("> streakprompt history quiz ") }
    }
}
