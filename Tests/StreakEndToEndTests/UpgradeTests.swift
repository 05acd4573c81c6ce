import Foundation
import Testing

/// An upgrade as a user of the previous release makes it. That release (0.1.0, tag `v0.1.0`)
/// shipped as source only, installed as its README said: `swift build -c release`, then the
/// binary copied into `~/.local/bin`. So the test builds it from its own source (once per
/// checkout, kept under `.build/previous-release`), uses it for a while — streaks ticked on
/// earlier days, its git hook installed, bash, zsh and fish open with its plugin — and then
/// installs this release's tarball over it with `install.sh`, as the README now says.
/// Afterwards the streaks read the same, the hook counts, the shells that were open go on
/// showing the streak and follow a tick, and `install.sh --uninstall` leaves the data alone.
@Suite("upgrade from the previous release", .serialized)
struct UpgradeTests {
    static let previousVersion = "0.1.0"
    static let previousTag = "v0.1.0"
    /// The tag's commit: found by its id when the tag itself did not come with the clone.
    static let previousCommit = "1c69dc63a197bb835f435b88f861be15ea86f5a1"

    /// The previous release's binary, built from its source, or nil (with the reason) when the
    /// source cannot be had: no git, no Swift, or a clone without that history.
    static func previousBinary() throws -> (path: String?, why: String) {
        let root = Package.root.path
        let kept = root + "/.build/previous-release/\(previousVersion)/streakprompt"
        if FileManager.default.isExecutableFile(atPath: kept) { return (kept, "") }
        guard let git = which("git"), let swift = which("swift") else { return (nil, "git or swift is not on PATH") }
        let environment = ProcessInfo.processInfo.environment
        var commit: String?
        for reference in [previousTag, previousCommit] {
            let found = try run(git, ["-C", root, "rev-parse", "--verify", "-q", reference + "^{commit}"], environment: environment)
            if found.status == 0 { commit = found.stdout.trimmingCharacters(in: .whitespacesAndNewlines); break }
        }
        guard let commit else {
            let shallow = try run(git, ["-C", root, "rev-parse", "--is-shallow-repository"], environment: environment).stdout
            return (nil, shallow.hasPrefix("true") ? "a shallow clone" : "neither \(previousTag) nor \(previousCommit) is in this clone")
        }
        let source = root + "/.build/previous-release/source-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: source, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: source) }
        let unpacked = try run("/bin/sh", ["-c", "\"$0\" -C \"$1\" archive \"$2\" | tar -x -C \"$3\"", git, root, commit, source],
                               environment: environment)
        guard unpacked.status == 0 else { throw TestFailure("git archive \(commit) failed: \(unpacked)") }
        let built = try run(swift, ["build", "-c", "release", "--package-path", source], environment: environment,
                            directory: source, timeout: 900)
        guard built.status == 0 else { throw TestFailure("building \(previousTag) failed: \(built)") }
        let binary = try run(swift, ["build", "-c", "release", "--package-path", source, "--show-bin-path"],
                             environment: environment, directory: source).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines) + "/streakprompt"
        try FileManager.default.createDirectory(atPath: (kept as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let temporary = kept + ".\(getpid())"
        try? FileManager.default.removeItem(atPath: temporary)
        try FileManager.default.copyItem(atPath: binary, toPath: temporary)
        guard rename(temporary, kept) == 0 else { throw TestFailure("cannot keep the built binary at \(kept)") }
        return (kept, "")
    }

    /// A day `n` days before today (UTC) at noon, for `--now`.
    static func daysAgo(_ n: Int) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let day = calendar.date(byAdding: .day, value: -n, to: Date())!
        let parts = calendar.dateComponents([.year, .month, .day], from: day)
        return String(format: "%04d-%02d-%02dT12:00", parts.year!, parts.month!, parts.day!)
    }

    /// The fields of `status NAME --json` both releases print.
    static func facts(_ result: Result) -> [String] {
        guard result.status == 0,
              let object = try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        else { return ["unreadable: \(result)"] }
        return ["current", "best", "total", "state", "last", "today"].map { "\($0)=\(object[$0] ?? "nil")" }
    }

    /// Whether the screen's last line is the prompt the previous release's plugin draws with
    /// the quiz streak at `count`: before `> ` in bash and zsh, as fish's right prompt.
    static func prompt(_ screen: String, of shell: String, shows count: Int) -> Bool {
        let last = screen.components(separatedBy: "\n").last ?? ""
        if shell == "fish" { return last.hasPrefix("> ") && last.hasSuffix(" 🔥\(count)") }
        return last == "🔥\(count) > "
    }

    @Test func anInstallOverThePreviousReleaseKeepsStreaksHooksAndOpenShells() throws {
        guard requireTool("tar"), requireTool("sha256sum"), requireTool("tmux") else { return }
        let (found, why) = try Self.previousBinary()
        guard let previous = found else {
            // Without the previous release's source there is nothing to upgrade from; a full
            // clone (what CI makes) always has it.
            if Package.isCI, !why.contains("shallow") { Issue.record("the previous release cannot be built: \(why)") }
            return
        }
        guard let g = try GitBox.make() else { return }
        let box = g.box
        // Installed as the previous README said: the binary copied into ~/.local/bin.
        let prefix = g.userHome + "/.local"
        try FileManager.default.createDirectory(atPath: prefix + "/bin", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: previous, toPath: prefix + "/bin/streakprompt")
        var environment = box.environment
        environment["PATH"] = prefix + "/bin:" + (environment["PATH"] ?? "/usr/bin:/bin")
        func streakprompt(_ arguments: String..., in folder: String? = nil) throws -> Result {
            try run(prefix + "/bin/streakprompt", arguments, environment: environment, directory: folder)
        }
        #expect(try streakprompt("--version").stdout == "streakprompt \(Self.previousVersion)\n")

        // Used for a while: two days of quiz, one of reading, the hook in a repository.
        for arguments in [["quiz", Self.daysAgo(2)], ["quiz", Self.daysAgo(1)], ["read", Self.daysAgo(1)]] {
            let ticked = try streakprompt("tick", arguments[0], "--now", arguments[1], "--quiet")
            #expect(ticked.status == 0, "\(ticked)")
        }
        let repo = try g.repository()
        let hooked = try streakprompt("git", "install", "--name", "code", in: repo)
        #expect(hooked.status == 0, "\(hooked)")
        let before = try ["quiz", "read"].map { Self.facts(try streakprompt("status", $0, "--json")) }

        // Shells opened with the previous release's plugin, which stay open over the upgrade.
        var shells: [(name: String, tmux: Tmux)] = []
        defer { for shell in shells { shell.tmux.stop() } }
        for name in ["bash", "zsh", "fish"] {
            guard let tmux = try startShell(name, rc: pluginRC(name, [("STREAKPROMPT_NAMES", "quiz")]), in: box, height: 40,
                                            env: ["PATH": environment["PATH"]!]) else { continue }
            shells.append((name, tmux))
            try tmux.waitFor("\(name): the previous release's prompt") { Self.prompt($0, of: name, shows: 2) }
        }

        // The upgrade: this release's tarball, checked and installed over the previous binary.
        let dist = try PackagingTests.build(box)
        let installed = try run(dist + "/install.sh", ["--prefix", prefix], environment: environment)
        #expect(installed.status == 0, "\(installed)")
        #expect(try streakprompt("--version").stdout == "streakprompt \(PackagingTests.version)\n")

        // The streaks read as they did.
        let after = try ["quiz", "read"].map { Self.facts(try streakprompt("status", $0, "--json")) }
        #expect(after == before)

        // The open shells, still running the previous plugin, use the new binary: the same
        // segment, then a tick typed in one shows in every one, and no error on any screen.
        func next(_ shell: (name: String, tmux: Tmux), _ line: String, shows count: Int) throws {
            let lines = try shell.tmux.lineCount()
            try shell.tmux.type(line)
            try shell.tmux.waitFor("\(shell.name): a prompt showing \(count) after '\(line)'") {
                $0.components(separatedBy: "\n").count > lines && Self.prompt($0, of: shell.name, shows: count)
            }
        }
        for shell in shells { try next(shell, "true", shows: 2) }
        if let first = shells.first {
            try next(first, "streakprompt tick quiz", shows: 3)
        } else {
            #expect(try streakprompt("tick", "quiz", "--quiet").status == 0)
        }
        for shell in shells {
            try next(shell, "true", shows: 3)
            let screen = try shell.tmux.screen()
            #expect(!screen.contains("streakprompt:") && !screen.contains("not found") && !screen.contains("rror"),
                    "\(shell.name): \(screen)")
        }

        // The previous release's git hook counts a commit with the new binary.
        try g.commit(in: repo)
        let code = Self.facts(try streakprompt("status", "code", "--json"))
        #expect(code.contains("total=1") && code.contains("state=done"), "\(code)")

        // Removing the install leaves the streaks (and the folder the user made for the binary).
        let removed = try run(dist + "/install.sh", ["--uninstall", "--prefix", prefix], environment: environment)
        #expect(removed.status == 0, "\(removed)")
        // (fish keeps its history under ~/.local/share/fish: the user's, not ours.)
        let left = (FileManager.default.enumerator(atPath: prefix)?.allObjects as? [String] ?? [])
            .filter { $0 != "share" && $0 != "share/fish" && !$0.hasPrefix("share/fish/fish_") }
        #expect(left == ["bin"], "left behind: \(left)")
        for name in ["quiz", "read", "code"] {
            #expect(FileManager.default.fileExists(atPath: box.home + "/streaks/" + name), "\(name)")
        }
    }

    /// An install over an earlier one takes away what the earlier one wrote and this one no
    /// longer ships (a plugin file left behind would still be loaded), and nothing else.
    @Test func anUpgradeRemovesWhatTheNewReleaseNoLongerShips() throws {
        guard requireTool("tar"), requireTool("sha256sum") else { return }
        let box = try Sandbox()
        let dist = try PackagingTests.build(box)
        let prefix = box.root.appendingPathComponent("prefix").path
        #expect(try run(dist + "/install.sh", ["--prefix", prefix], environment: box.environment).status == 0)
        // What an earlier release wrote, as its install recorded it; and a file of the user's.
        let manifest = prefix + "/share/streakprompt/installed"
        try box.file("prefix/share/streakprompt/shell/retired.bash", "echo retired\n")
        try box.file("prefix/share/streakprompt/retired/old.zsh", "echo retired\n")
        try box.file("prefix/share/streakprompt/shell/mine.bash", "echo mine\n")
        var recorded = try String(contentsOfFile: manifest, encoding: .utf8)
        recorded += "share/streakprompt/shell/retired.bash\nshare/streakprompt/retired/old.zsh\n"
        try recorded.write(toFile: manifest, atomically: true, encoding: .utf8)
        try (try String(contentsOfFile: manifest + ".folders", encoding: .utf8) + "share/streakprompt/retired\n")
            .write(toFile: manifest + ".folders", atomically: true, encoding: .utf8)

        let again = try run(dist + "/install.sh", ["--prefix", prefix], environment: box.environment)
        #expect(again.status == 0, "\(again)")
        #expect(!FileManager.default.fileExists(atPath: prefix + "/share/streakprompt/shell/retired.bash"))
        #expect(!FileManager.default.fileExists(atPath: prefix + "/share/streakprompt/retired"))
        #expect(FileManager.default.fileExists(atPath: prefix + "/share/streakprompt/shell/mine.bash"), "not ours: kept")
        #expect(FileManager.default.fileExists(atPath: prefix + "/bin/streakprompt"))
        #expect(!(try String(contentsOfFile: manifest, encoding: .utf8)).contains("retired"))
    }
}
