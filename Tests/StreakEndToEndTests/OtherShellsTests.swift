import Foundation
import Testing

/// `init elvish|xonsh|tcsh|sh`: each plugin loaded as the README says, in the real shell under
/// tmux. The segment shows before the user's prompt, a hostile format and icon are shown as
/// text and never run, loading twice shows one segment, and (elvish, xonsh) --tick-on ticks.
@Suite("other shells")
struct OtherShellsTests {
    /// What each shell is started with, and the start-up text that loads the plugin.
    struct Host {
        var shell: String
        var program: String
        var command: (Sandbox, String) throws -> String
        var ticks: Bool
    }

    static let marker = "ran-as-code"

    /// The screen's lines that hold something, without the spaces they end with.
    static func rows(_ screen: String) -> [String] {
        screen.components(separatedBy: "\n").map { String($0.reversed().drop { $0 == " " }.reversed()) }.filter { !$0.isEmpty }
    }

    static func host(_ name: String) -> Host? {
        switch name {
        case "elvish":
            return Host(shell: "elvish", program: "elvish", command: { box, program in
                try box.file("home/.config/elvish/rc.elv", """
                    set edit:prompt = { put '> ' }
                    set edit:rprompt = { put '' }
                    eval (streakprompt init elvish --name code --format '{name}={count}!$(touch \(box.root.path)/\(marker))' --tick-on '^echo[ ]tick' | slurp)
                    eval (streakprompt init elvish | slurp)
                    """)
                return program
            }, ticks: true)
        case "xonsh":
            return Host(shell: "xonsh", program: "xonsh", command: { box, program in
                let rc = try box.file("xonshrc", """
                    $PROMPT = '> '
                    $RIGHT_PROMPT = ''
                    $XONSH_SHOW_TRACEBACK = True
                    execx($(streakprompt init xonsh --name code --format '{name}={count}!$(touch \(box.root.path)/\(marker)){{user}}' --tick-on '^echo tick'))
                    execx($(streakprompt init xonsh))
                    """)
                return "\(program) -i --rc \(rc)"
            }, ticks: true)
        case "tcsh":
            return Host(shell: "tcsh", program: "tcsh", command: { box, program in
                let binary = try box.shellEnvironment()["PATH"]!.split(separator: ":")[0] + "/streakprompt"
                let plugin = try run(String(binary), ["init", "tcsh", "--name", "code",
                                                      "--format", "{icon}{name}={count}%%`touch \(box.root.path)/\(marker)`"],
                                     environment: box.environment)
                let file = try box.file("streakprompt.tcsh", plugin.stdout)
                // A prompt set after the plugin is the one it goes before.
                try box.file("home/.tcshrc", "set prompt = 'first> '\nsource \(file)\nsource \(file)\nset prompt = '> '\n")
                return program
            }, ticks: false)
        case "sh":
            return Host(shell: "sh", program: "dash", command: { box, program in
                let rc = try box.file("shrc", """
                    PS1='> '
                    eval "$(streakprompt init sh --name code --format '{name}={count}$(touch \(box.root.path)/\(marker))')"
                    eval "$(streakprompt init sh)"
                    """)
                return "env ENV=\(rc) \(program) -i"
            }, ticks: false)
        default:
            return nil
        }
    }

    @Test(arguments: ["elvish", "xonsh", "sh"])
    func theSegmentShowsAndNothingRuns(shellName: String) throws {
        let box = try Sandbox()
        try box.sp("tick", "code", "--quiet")
        try box.sp("tick", "other", "--quiet")
        guard let host = Self.host(shellName), let program = tool(host.program), let tmuxPath = tool("tmux") else {
            if Package.isCI { Issue.record("\(shellName) or tmux is missing") }
            return
        }
        let command = try host.command(box, program)
        let tmux = try Tmux(tmuxPath, box: box, command: command, width: 160, height: 20,
                            env: ["HOME": box.root.path + "/home", "XDG_CONFIG_HOME": box.root.path + "/home/.config"])
        defer { tmux.stop() }
        let screen = try tmux.waitFor("the segment") { $0.contains("code=1!") || $0.contains("code=1$(touch") }
        let line = screen.components(separatedBy: "\n").last { $0.contains("code=1") } ?? ""
        #expect(line.trimmingCharacters(in: .whitespaces).hasSuffix(">"), "\(screen)")
        // Loaded twice: one segment; `other` is not named, so not shown.
        #expect(line.components(separatedBy: "code=1").count == 2 && !line.contains("other"), "\(screen)")
        #expect(!box.exists(Self.marker), "the format ran as code in \(shellName)")
        // xonsh: a brace the segment prints is not read as a prompt field.
        if shellName == "xonsh" { #expect(line.contains("{user}"), "\(screen)") }
        if host.ticks { try Self.expectTickOn(tmux, box: box, shellName: shellName) }
        #expect(!box.exists(Self.marker), "the format ran as code in \(shellName)")
    }

    /// Types a command line `--tick-on` matches (`echo tick`) and expects `code` to get its
    /// second action.
    static func expectTickOn(_ tmux: Tmux, box: Sandbox, shellName: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try tmux.type("echo tick")
        var actions = 0
        for _ in 0..<100 where actions < 2 {
            actions = try box.logLines("code").count
            usleep(100_000)
        }
        #expect(actions == 2, "--tick-on did not tick in \(shellName): \(tmux.text)", sourceLocation: sourceLocation)
    }

    /// tcsh keeps the colours (its prompt takes %{…%}, as zsh's does) and prints %, \ and !
    /// as they are (its prompt reads `\n`, `\101` and `!` otherwise).
    @Test func tcsh() throws {
        let box = try Sandbox()
        try box.sp("add", "code", "--icon", "x\\ny\\101!")
        try box.sp("tick", "code", "--quiet")
        guard let host = Self.host("tcsh"), let program = tool(host.program), let tmuxPath = tool("tmux") else {
            if Package.isCI { Issue.record("tcsh or tmux is missing") }
            return
        }
        let tmux = try Tmux(tmuxPath, box: box, command: try host.command(box, program), width: 160, height: 20,
                            env: ["HOME": box.root.path + "/home"])
        defer { tmux.stop() }
        let screen = try tmux.waitFor("the segment") { $0.contains("code=1%%`touch") }
        #expect(screen.contains("x\\ny\\101!code=1%%`touch"), "\(screen)")
        #expect(!screen.contains("first>"), "\(screen)")
        #expect(screen.components(separatedBy: "\n").contains { $0.hasSuffix("`touch \(box.root.path)/\(Self.marker)` > ") }, "\(screen)")
        #expect(!box.exists(Self.marker))
        try tmux.type("streakprompt tick code --quiet --now +1d; echo done")
        try tmux.waitFor("the next prompt") { $0.components(separatedBy: "\n").contains("done") }
        #expect(!box.exists(Self.marker))
    }

    /// tcsh finds the binary in a folder whose name has a space, a quote, a `!` or a `$`: the
    /// segment shows at every prompt and tcsh says nothing.
    @Test(arguments: ["a b", "o'brien", "wow!", "$HOME`x`"])
    func tcshRunsABinaryWhateverItsPath(folder: String) throws {
        let box = try Sandbox()
        try box.sp("tick", "code", "--quiet")
        guard let program = tool("tcsh"), let tmuxPath = tool("tmux") else {
            if Package.isCI { Issue.record("tcsh or tmux is missing") }
            return
        }
        let odd = box.root.appendingPathComponent(folder).path
        try FileManager.default.createDirectory(atPath: odd, withIntermediateDirectories: true)
        try Binary.copy(to: odd + "/streakprompt")
        let plugin = try run(odd + "/streakprompt", ["init", "tcsh", "--name", "code", "--format", "{name}={count}"],
                             environment: box.environment)
        #expect(plugin.status == 0 && plugin.stdout.contains("streakprompt"), "\(plugin)")
        let file = try box.file("streakprompt.tcsh", plugin.stdout)
        try box.file("home/.tcshrc", "set prompt = '> '\nsource \(file)\n")
        // No streakprompt on PATH: the segment can only come from the folder init named.
        let tmux = try Tmux(tmuxPath, box: box, command: program, width: 160, height: 20,
                            env: ["HOME": box.root.path + "/home", "PATH": "/usr/bin:/bin"])
        defer { tmux.stop() }
        try tmux.waitFor("the segment") { Self.rows($0).last == "code=1 >" }
        try tmux.type("echo shown")
        let screen = try tmux.waitFor("the next prompt") { Self.rows($0).count == 3 }
        #expect(Self.rows(screen) == ["code=1 > echo shown", "shown", "code=1 >"], "\(screen)")
    }

    /// A binary that moved or went since `init` (the path it wrote): each plugin runs
    /// streakprompt on PATH instead, and with none there, shows no segment and says nothing.
    @Test(arguments: ["elvish", "xonsh", "tcsh", "sh", "mksh"])
    func aBinaryGoneSinceInitFallsBackToPath(shellName: String) throws {
        let box = try Sandbox()
        try box.sp("tick", "code", "--quiet")
        let program = shellName == "sh" ? "dash" : shellName
        guard let path = tool(program), let tmuxPath = tool("tmux") else {
            if Package.isCI { Issue.record("\(program) or tmux is missing") }
            return
        }
        let plugin = shellName == "mksh" ? "sh" : shellName
        let ticks = plugin == "elvish" || plugin == "xonsh"
        var flags = ["--name", "code", "--format", "{name}={count}"]
        if ticks { flags += ["--tick-on", "^echo[ ]tick"] }
        let text = try box.initText(plugin, flags)
            .replacingOccurrences(of: URL(fileURLWithPath: Binary.path).resolvingSymlinksInPath().path, with: "/gone/streakprompt")
            .replacingOccurrences(of: Binary.path, with: "/gone/streakprompt")
        #expect(text.contains("/gone/streakprompt"), "\(text)")
        let file = try box.file("plugin." + plugin, text)
        let command: String
        switch plugin {
        case "elvish":
            try box.file("home/.config/elvish/rc.elv", """
                set edit:prompt = { put '> ' }
                set edit:rprompt = { put '' }
                eval (slurp < \(file))
                """)
            command = path
        case "xonsh":
            let rc = try box.file("xonshrc", "$PROMPT = '> '\n$RIGHT_PROMPT = ''\nexecx(open('\(file)').read())\n")
            try box.file("home/.xonshrc", "")  // else xonsh welcomes a new user
            command = "\(path) -i --rc \(rc)"
        case "tcsh":
            try box.file("home/.tcshrc", "set prompt = '> '\nsource \(file)\n")
            command = path
        default:
            let rc = try box.file("shrc", "PS1='> '\n. \(file)\n")
            command = "env ENV=\(rc) \(path) -i"
        }
        let home = ["HOME": box.root.path + "/home", "XDG_CONFIG_HOME": box.root.path + "/home/.config"]
        // streakprompt on PATH (the sandbox's bin folder): it shows the segment, and ticks.
        do {
            let tmux = try Tmux(tmuxPath, box: box, command: command, width: 160, height: 20, env: home)
            defer { tmux.stop() }
            try tmux.waitFor("the segment") { Self.rows($0).last == "code=1 >" }
            if ticks { try Self.expectTickOn(tmux, box: box, shellName: shellName) }
        }
        // None on PATH either: no segment, and not a word about it.
        guard !FileManager.default.isExecutableFile(atPath: "/usr/bin/streakprompt"),
              !FileManager.default.isExecutableFile(atPath: "/bin/streakprompt") else { return }
        var bare = home
        bare["PATH"] = "/usr/bin:/bin"
        let tmux = try Tmux(tmuxPath, box: box, command: command, width: 160, height: 20, env: bare)
        defer { tmux.stop() }
        try tmux.waitFor("the first prompt") { Self.rows($0) == [">"] }
        try tmux.type("echo tick")
        let screen = try tmux.waitFor("the next prompt") { Self.rows($0).count >= 3 }
        // Time for a tick (elvish, xonsh) to have said something, had it.
        Thread.sleep(forTimeInterval: 0.5)
        #expect(Self.rows(try tmux.screen()) == ["> echo tick", "tick", ">"], "\(shellName): \(screen)")
    }

    /// An interactive elvish under tmux whose rc.elv sets a plain prompt ('> ', no right one),
    /// then holds `rc`; nil (a CI failure) without elvish or tmux.
    static func elvish(_ box: Sandbox, rc: String, env extra: [String: String] = [:]) throws -> Tmux? {
        guard let program = tool("elvish"), let tmuxPath = tool("tmux") else {
            if Package.isCI { Issue.record("elvish or tmux is missing") }
            return nil
        }
        try box.file("home/.config/elvish/rc.elv", "set edit:prompt = { put '> ' }\nset edit:rprompt = { put '' }\n" + rc + "\n")
        var env = ["HOME": box.root.path + "/home", "XDG_CONFIG_HOME": box.root.path + "/home/.config"]
        for (key, value) in extra { env[key] = value }
        return try Tmux(tmuxPath, box: box, command: program, width: 160, height: 20, env: env)
    }

    /// elvish: a second load in the same shell adds nothing, but a new shell, even one that
    /// replaced this one (`exec elvish`, same pid and environment), loads it again.
    @Test func elvishLoadsOncePerShellAndAgainAfterExec() throws {
        let box = try Sandbox()
        try box.sp("tick", "code", "--quiet")
        let load = "eval (streakprompt init elvish --name code --format '{name}={count}' | slurp)"
        guard let tmux = try Self.elvish(box, rc: load + "\n" + load) else { return }
        defer { tmux.stop() }
        try tmux.waitFor("the segment") { Self.rows($0).last == "code=1 >" }
        try tmux.type("eval (streakprompt init elvish --name code --format '{name}={count}' | slurp)")
        try tmux.waitFor("the next prompt") { Self.rows($0).count == 2 }
        try tmux.type("exec elvish")
        try tmux.waitFor("the new shell's prompt") { Self.rows($0).count == 3 }
        try tmux.type("echo new")
        let screen = try tmux.waitFor("the next prompt") { Self.rows($0).count == 5 }
        #expect(Self.rows(screen) == ["code=1 > eval (streakprompt init elvish --name code --format '{name}={count}' | slurp)",
                                      "code=1 > exec elvish", "code=1 > echo new", "new", "code=1 >"], "\(screen)")
    }

    /// elvish --manual: eval runs the plugin in a namespace of its own, so the segment reaches
    /// the user's prompt as $E:STREAKPROMPT_SEGMENT, kept up to date before every prompt.
    @Test func elvishManualKeepsTheSegmentForTheUsersPrompt() throws {
        let box = try Sandbox()
        try box.sp("tick", "code", "--quiet")
        let rc = """
            eval (streakprompt init elvish --manual --format '{name}={count}' | slurp)
            set edit:prompt = { put '['$E:STREAKPROMPT_SEGMENT'] > ' }
            """
        guard let tmux = try Self.elvish(box, rc: rc) else { return }
        defer { tmux.stop() }
        try tmux.waitFor("the segment") { Self.rows($0).last == "[code=1 ] >" }
        try tmux.type("streakprompt tick gym --quiet")
        let screen = try tmux.waitFor("the next prompt") { Self.rows($0).count == 2 }
        #expect(Self.rows(screen) == ["[code=1 ] > streakprompt tick gym --quiet", "[code=1 gym=1 ] >"], "\(screen)")
    }

    /// elvish measures ⭐ and 🧠 (palette icons) one column narrower than terminals draw them:
    /// the plugin tells it their width, so what is typed starts after the prompt's space.
    @Test func elvishMeasuresEveryPaletteIconAsTheTerminalDraws() throws {
        let box = try Sandbox()
        try box.sp("add", "b", "--icon", "⭐")
        try box.sp("add", "h", "--icon", "🧠")
        try box.sp("tick", "b", "--quiet")
        try box.sp("tick", "h", "--quiet")
        guard let tmux = try Self.elvish(box, rc: "eval (streakprompt init elvish --format '{icon}{count}' | slurp)",
                                         env: ["NO_COLOR": "1"]) else { return }
        defer { tmux.stop() }
        try tmux.waitFor("the segment") { Self.rows($0).last == "⭐1 🧠1 >" }
        try tmux.type("echo typed")
        let screen = try tmux.waitFor("the next prompt") { Self.rows($0).count == 3 }
        #expect(Self.rows(screen) == ["⭐1 🧠1 > echo typed", "typed", "⭐1 🧠1 >"], "\(screen)")
    }

    @Test func whatAShellCannotDoIsRefused() throws {
        let box = try Sandbox()
        for shell in ["sh", "tcsh"] {
            // Whatever the pattern: the shell cannot run anything when a command line runs.
            for pattern in ["^make", "a\\<"] {
                let result = try box.sp("init", shell, "--tick-on", pattern)
                #expect(result.status == 2 && result.stdout.isEmpty && result.stderr.contains("has no way to run something"), "\(result)")
            }
        }
        let newline = try box.sp("init", "tcsh", "--format", "a\nb")
        #expect(newline.status == 2 && newline.stdout.isEmpty, "\(newline)")
        for shell in ["elvish", "xonsh", "tcsh", "sh"] {
            let result = try box.sp("init", shell)
            #expect(result.status == 0 && result.stdout.contains("streakprompt"), "\(shell): \(result)")
        }
        // The sh plugin, with settings that need quoting, through the linter and dash's parser.
        let text = try box.sp("init", "sh", "--name", "a", "--format", "it's {count} $(x) `y` \\").stdout
        let file = try box.file("init.sh", text)
        for (tool, arguments) in [("shellcheck", [file]), ("dash", ["-n", file])] {
            guard let path = StreakEndToEndTests.tool(tool) else {
                if Package.isCI { Issue.record("\(tool) is missing") }
                continue
            }
            let lint = try run(path, arguments, environment: box.environment)
            #expect(lint.status == 0 && lint.stdout.isEmpty, "\(tool): \(lint)")
        }
    }
}
