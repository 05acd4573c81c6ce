import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a program is on PATH, or nil.
func which(_ name: String) -> String? {
    for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
        let candidate = "\(folder)/\(name)"
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
}

/// The program's path when it is installed; under CI a missing one fails the test (see
/// `requireTool`), elsewhere the test is skipped by returning nil.
func tool(_ name: String) -> String? {
    requireTool(name) ? which(name) : nil
}

extension Sandbox {
    /// A folder on PATH holding `streakprompt` (a link to the binary under test), so a shell,
    /// a plugin and a user find it by name.
    var binFolder: String { root.appendingPathComponent("bin").path }

    /// The sandbox's environment with `streakprompt` on PATH, for shells and tmux.
    func shellEnvironment(_ extra: [String: String] = [:]) throws -> [String: String] {
        if !FileManager.default.fileExists(atPath: binFolder) {
            try FileManager.default.createDirectory(atPath: binFolder, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: binFolder + "/streakprompt", withDestinationPath: Binary.path)
        }
        var environment = self.environment
        environment["PATH"] = binFolder + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["TERM"] = "xterm-256color"
        for (key, value) in extra { environment[key] = value }
        return environment
    }

    /// Writes a file under the sandbox root (not the data folder) and returns its path.
    @discardableResult
    func file(_ name: String, _ text: String, executable: Bool = false) throws -> String {
        let url = root.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        if executable { try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path) }
        return url.path
    }

    func exists(_ name: String) -> Bool {
        FileManager.default.fileExists(atPath: root.appendingPathComponent(name).path)
    }

    /// An interactive zsh in tmux with the completion scripts in `folder` on its fpath and the
    /// prompt `> `, shown; nil when zsh or tmux is missing (outside CI).
    func zshWithCompletions(_ folder: String) throws -> Tmux? {
        guard let tmuxPath = tool("tmux"), let zsh = tool("zsh") else { return nil }
        try file("zdot/.zshrc", """
            fpath=('\(folder)' $fpath)
            autoload -Uz compinit
            compinit -u -d '\(root.path)/zcompdump'
            PROMPT='> '
            """)
        let tmux = try Tmux(tmuxPath, box: self, command: "env ZDOTDIR=\(root.path)/zdot \(zsh) --no-globalrcs -i")
        try tmux.waitFor("the prompt") { $0.hasSuffix("> ") }
        return tmux
    }

    /// `streakprompt init SHELL ARGS` as text; fails the test unless it exits 0 and is quiet.
    func initText(_ shell: String, _ arguments: [String] = []) throws -> String {
        let result = try spArgs(["init", shell] + arguments)
        guard result.status == 0, result.stderr.isEmpty else { throw TestFailure("init \(shell) \(arguments) failed: \(result)") }
        return result.stdout
    }
}

/// Runs a shell script in a real shell, e.g. `bash --norc -euo pipefail -c SCRIPT`.
@discardableResult
func shell(_ program: String, _ options: [String], script: String, in box: Sandbox, env: [String: String] = [:]) throws -> Result {
    var result = try run(program, options + ["-c", script], environment: try box.shellEnvironment(env), directory: box.root.path)
    // An interactive bash without a terminal says so before running anything; that is bash
    // talking, not the plugin.
    let noise = ["bash: cannot set terminal process group", "bash: no job control in this shell"]
    result.stderr = result.stderr.split(separator: "\n", omittingEmptySubsequences: false)
        .filter { line in !noise.contains { line.hasPrefix($0) } }
        .joined(separator: "\n")
    return result
}

/// Runs a program with its output thrown away and waits for it: for `tmux new-session`, whose
/// server outlives the client. Foundation's `Process` on Linux would wait for that server too
/// (the server inherits the descriptors Process watches), and a server that inherited those of
/// a process another test is running would make that test wait; so this one is spawned
/// directly, with nothing but /dev/null open.
func spawnAndWait(_ arguments: [String], environment: [String: String]) -> Int32 {
    let pid = spawnQuietly(arguments, environment: environment)
    guard pid > 0 else { return -1 }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 {
        if errno != EINTR { return -1 }
    }
    return status
}

/// Starts a program as `spawnAndWait` does (nothing open but /dev/null, no blocked signal)
/// and returns its process id without waiting (-1 if it did not start).
func spawnQuietly(_ arguments: [String], environment: [String: String]) -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    // Nothing else: a tmux server that kept another test's pipes would keep that test waiting.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // Test threads block signals, and a tmux server that inherited that mask would neither
    // reap its shells nor stop when asked: start it with none blocked and default handlers.
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGPIPE, SIGCHLD, SIGTERM, SIGHUP, SIGINT] { sigaddset(&defaults, signal) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    var flags = Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
    #if canImport(Darwin)
    flags |= Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)
    #endif
    posix_spawnattr_setflags(&attributes, Int16(flags))
    #if canImport(Darwin)
    #else
    // glibc >= 2.34; looked up at run time so the tests still link against an older one.
    typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    if let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") {
        _ = unsafeBitCast(symbol, to: AddCloseFrom.self)(&actions, 3)
    }
    #endif
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
        for pointer in argv { free(pointer) }
        for pointer in envp { free(pointer) }
    }
    var pid: pid_t = 0
    guard posix_spawn(&pid, arguments[0], &actions, &attributes, argv, envp) == 0 else { return -1 }
    return pid
}

/// An inner tmux, configured with `config`, attached as a client inside an outer one (whose
/// screen then shows the inner status line); returns the outer one and the inner socket's
/// name. `env` reaches both servers (`TMUX_TMPDIR`). The inner server is killed by
/// `stopInnerTmux`. Nil when tmux is missing (outside CI).
func nestedTmux(_ box: Sandbox, config: String, env: [String: String] = [:]) throws -> (Tmux, String)? {
    guard let tmux = tool("tmux") else { return nil }
    let inner = "sp-inner-\(UUID().uuidString.prefix(12))"
    let file = try box.file("inner.conf", config)
    let outer = try Tmux(tmux, box: box, command: "env -u TMUX \(tmux) -L \(inner) -f \(file) new-session",
                         width: 160, height: 10, env: env)
    return (outer, inner)
}

func stopInnerTmux(_ inner: String, _ box: Sandbox, env: [String: String] = [:]) {
    guard let tmux = which("tmux"), let environment = try? box.shellEnvironment(env) else { return }
    let facts = (try? run(tmux, ["-L", inner, "display-message", "-p", "#{pid} #{socket_path}"], environment: environment,
                          timeout: 10))?.stdout.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
    let parts = facts.split(separator: " ", maxSplits: 1).map(String.init)
    _ = try? run(tmux, ["-L", inner, "kill-server"], environment: environment, timeout: 10)
    if let pid = Int32(parts.first ?? ""), pid > 0 {
        Thread.sleep(forTimeInterval: 0.2)
        if kill(pid, 0) == 0 { kill(pid, SIGKILL) }
    }
    if parts.count == 2 { unlink(parts[1]) }
}

/// One tmux server on its own socket, with one window running a command; killed by `stop`.
final class Tmux {
    let executable: String
    let socket: String
    let environment: [String: String]
    let width: Int
    private(set) var serverPID: Int32 = 0
    private(set) var socketPath: String?

    /// Starts `tmux -L <unique> new-session -d -x WIDTH -y HEIGHT COMMAND` with no tmux.conf
    /// but `config` (written to a file when given).
    init(_ executable: String, box: Sandbox, command: String, width: Int = 120, height: Int = 30,
         config: String? = nil, env: [String: String] = [:]) throws {
        self.executable = executable
        socket = "sp-test-\(UUID().uuidString.prefix(12))"
        var environment = try box.shellEnvironment(env)
        environment.removeValue(forKey: "TMUX")
        self.environment = environment
        self.width = width
        var configPath = "/dev/null"
        if let config { configPath = try box.file("tmux-\(socket).conf", config) }
        let status = spawnAndWait([executable, "-L", socket, "-f", configPath, "new-session", "-d", "-x", "\(width)",
                                   "-y", "\(height)", "-c", box.root.path, command], environment: environment)
        guard status == 0 else { throw TestFailure("tmux did not start: status \(status)") }
        let facts = try run(executable, ["-L", socket, "display-message", "-p", "#{pid} #{socket_path}"],
                            environment: environment, timeout: 20).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let parts = facts.split(separator: " ", maxSplits: 1).map(String.init)
        serverPID = Int32(parts.first ?? "") ?? 0
        socketPath = parts.count == 2 ? parts[1] : nil
    }

    deinit { stop() }

    /// Kills the server (and with it the shell); by signal if it does not go when asked.
    func stop() {
        guard serverPID > 0 else { return }
        _ = try? run(executable, ["-L", socket, "kill-server"], environment: environment, timeout: 10)
        for _ in 0..<20 where kill(serverPID, 0) == 0 { Thread.sleep(forTimeInterval: 0.05) }
        if kill(serverPID, 0) == 0 { kill(serverPID, SIGKILL) }
        serverPID = 0
        // tmux leaves its socket behind; the next test gets a name of its own anyway.
        if let socketPath { unlink(socketPath) }
    }

    @discardableResult
    func tmux(_ arguments: String...) throws -> Result {
        try run(executable, ["-L", socket] + arguments, environment: environment, timeout: 20)
    }

    /// Types text literally, then Enter unless `enter` is false.
    func type(_ text: String, enter: Bool = true) throws {
        try tmux("send-keys", "-t", "0", "-l", text)
        if enter { try tmux("send-keys", "-t", "0", "Enter") }
    }

    func keys(_ keys: String...) throws {
        for key in keys { try tmux("send-keys", "-t", "0", key) }
    }

    /// The pane's text, trailing blank lines dropped.
    func screen() throws -> String {
        var lines = try tmux("capture-pane", "-p", "-N", "-t", "0").stdout.components(separatedBy: "\n")
        while let last = lines.last, last.trimmingCharacters(in: .whitespaces).isEmpty { lines.removeLast() }
        return lines.joined(separator: "\n")
    }

    /// The screen for a failure message (empty if tmux cannot be asked).
    var text: String { (try? screen()) ?? "" }

    /// The last non-blank line of the pane: where the prompt is.
    func lastLine() throws -> String {
        try screen().components(separatedBy: "\n").last ?? ""
    }

    /// Polls the screen until `condition` holds; fails with the screen when it does not in time.
    @discardableResult
    func waitFor(_ what: String, timeout: TimeInterval = Package.isCI ? 30 : 15,
                 _ condition: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var text = ""
        while Date() < deadline {
            text = try screen()
            if condition(text) { return text }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw TestFailure("timed out waiting for \(what); the screen:\n\(text)")
    }

    /// Waits until the last line of the screen ends with `prompt` and has changed from
    /// `previous` line count, i.e. a new prompt was drawn.
    @discardableResult
    func waitForPrompt(after lines: Int, endingWith suffix: String) throws -> String {
        try waitFor("a prompt ending with '\(suffix)' after line \(lines)") { screen in
            let all = screen.components(separatedBy: "\n")
            return all.count > lines && all.last!.hasSuffix(suffix)
        }
    }

    /// The number of non-blank-trailing lines on screen now.
    func lineCount() throws -> Int {
        try screen().components(separatedBy: "\n").count
    }

    /// Runs a command line and waits for the next prompt (whose last characters are `suffix`).
    @discardableResult
    func command(_ text: String, promptSuffix suffix: String) throws -> String {
        let before = try lineCount()
        try type(text)
        return try waitForPrompt(after: before, endingWith: suffix)
    }

    /// `#{cursor_x} #{cursor_y}` of the pane.
    /// Waits until the cursor is at (`x`, `y`), and returns where it is in the end.
    @discardableResult
    func waitForCursor(x: Int, y: Int, timeout: TimeInterval = Package.isCI ? 30 : 15) throws -> (x: Int, y: Int) {
        let deadline = Date().addingTimeInterval(timeout)
        var at = try cursor()
        while Date() < deadline, at != (x, y) {
            Thread.sleep(forTimeInterval: 0.05)
            at = try cursor()
        }
        return at
    }

    func cursor() throws -> (x: Int, y: Int) {
        let parts = try tmux("display-message", "-p", "-t", "0", "#{cursor_x} #{cursor_y}").stdout
            .trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ")
        guard parts.count == 2, let x = Int(parts[0]), let y = Int(parts[1]) else { throw TestFailure("no cursor: \(parts)") }
        return (x, y)
    }
}

/// A detached tmux server of a test's own (socket in the sandbox), killed by `stop`: what a
/// tick outside tmux pushes the segment into.
struct TmuxServer {
    let tmux: String
    let socket: String
    /// The environment of the test's processes, and of one inside the server (as TPM runs it).
    let outside: [String: String]
    let inside: [String: String]

    init?(_ box: Sandbox) throws {
        guard let tmux = tool("tmux") else { return nil }
        self.tmux = tmux
        socket = box.root.path + "/tmux.sock"
        outside = try box.shellEnvironment()
        var inside = outside
        inside["TMUX"] = socket + ",1,0"
        self.inside = inside
        guard spawnAndWait([tmux, "-S", socket, "-f", "/dev/null", "new-session", "-d"], environment: outside) == 0 else {
            throw TestFailure("tmux did not start a server")
        }
    }

    /// A global option's value, without its line break.
    func option(_ name: String) throws -> String {
        try run(tmux, ["-S", socket, "show-options", "-gqv", name], environment: outside).stdout
            .trimmingCharacters(in: .newlines)
    }

    func stop() {
        _ = try? run(tmux, ["-S", socket, "kill-server"], environment: outside, timeout: 10)
    }
}

/// An interactive bash, zsh or fish in tmux, started with the rc file `rc` and nothing else;
/// nil when the shell or tmux is missing (outside CI).
func startShell(_ shellName: String, rc: String, in box: Sandbox, width: Int = 120, height: Int = 50,
                env: [String: String] = [:]) throws -> Tmux? {
    guard let tmux = tool("tmux"), let program = tool(shellName) else { return nil }
    let command: String
    switch shellName {
    case "bash":
        let file = try box.file("bashrc", rc)
        command = "\(program) --noprofile --rcfile \(file) -i"
    case "zsh":
        try box.file("zdot/.zshrc", rc)
        command = "env ZDOTDIR=\(box.root.path)/zdot \(program) --no-globalrcs -i"
    default:
        let file = try box.file("config.fish", rc)
        command = "\(program) --no-config -C 'source \(file)'"
    }
    return try Tmux(tmux, box: box, command: command, width: width, height: height, env: env)
}

/// A start-up file for `shellName` (bash, zsh or fish) that sets a plain `> ` prompt, these
/// variables, and loads the plugin with `init`.
func pluginRC(_ shellName: String, _ variables: [(String, String)]) -> String {
    switch shellName {
    case "bash", "zsh":
        let prompt = shellName == "bash" ? "PS1='> '" : "PROMPT='> '"
        return ([prompt] + variables.map { "\($0.0)='\($0.1)'" } + ["eval \"$(streakprompt init \(shellName))\""]).joined(separator: "\n")
    default:
        return (["function fish_prompt; printf '> '; end"] + variables.map { "set -g \($0.0) '\($0.1)'" }
            + ["streakprompt init fish | source"]).joined(separator: "\n")
    }
}

/// Waits for `pid` to end (polling every 50 ms, `tries` times), then kills it if it has not;
/// returns what `waitpid` returned (the pid once it ended, 0 when it had to be killed).
@discardableResult
func waitOrKill(_ pid: pid_t, tries: Int = 100) -> pid_t {
    var status: Int32 = 0
    var waited: pid_t = 0
    for _ in 0..<tries where waited == 0 {
        waited = waitpid(pid, &status, WNOHANG)
        usleep(50_000)
    }
    if waited == 0 { kill(pid, SIGKILL) }
    return waited
}
