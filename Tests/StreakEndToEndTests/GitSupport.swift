import Foundation
import Testing

/// A sandbox with its own git identity and global config (its `HOME`), for running real git.
/// Nothing of the real user's git config is read or written: `HOME` is the sandbox's, and
/// `GIT_CONFIG_NOSYSTEM` keeps the machine's `/etc/gitconfig` out.
final class GitBox {
    let box: Sandbox
    static let me = "me@example.com"

    var root: String { box.root.path }
    var userHome: String { box.root.appendingPathComponent("home").path }
    var globalConfig: String { userHome + "/.gitconfig" }
    /// Where earlier versions' `git install --global` kept its hooks (`core.hooksPath`).
    var legacyHooks: String { userHome + "/.config/streakprompt/git-hooks" }
    /// streakprompt's own template folder, for `init.templateDir`.
    var ownTemplate: String { userHome + "/.config/streakprompt/git-template" }
    /// What `git install --global` recorded it installed.
    var record: String { box.home + "/git/test.global" }

    /// Whether the tests that drive git run: where git is installed, and always under CI, where a
    /// missing git then fails them (`make` records it) rather than skipping them.
    static var runs: Bool { which("git") != nil || Package.isCI }

    /// Nil (and the test returns early) when git is missing, except under CI, where that fails.
    static func make(writeGlobalConfig: Bool = true) throws -> GitBox? {
        guard requireTool("git") else { return nil }
        return try GitBox(writeGlobalConfig: writeGlobalConfig)
    }

    private init(writeGlobalConfig: Bool) throws {
        box = try Sandbox(tz: "UTC", extra: [
            "GIT_CONFIG_NOSYSTEM": "1",
            "GIT_TERMINAL_PROMPT": "0",
            "GIT_EDITOR": "true",
        ])
        if writeGlobalConfig {
            for (key, value) in [("user.name", "Me"), ("user.email", GitBox.me), ("init.defaultBranch", "main"),
                                 ("commit.gpgsign", "false"), ("advice.detachedHead", "false")] {
                try git(["config", "--global", key, value], in: root)
            }
        }
    }

    /// Runs git in `folder`; fails the test's step if git fails, unless `check` is false.
    @discardableResult
    func git(_ arguments: [String], in folder: String, env: [String: String] = [:], check: Bool = true) throws -> Result {
        var environment = box.environment
        for (key, value) in env { environment[key] = value }
        let result = try run(gitPath(environment), arguments, environment: environment, directory: folder)
        if check && result.status != 0 { throw TestFailure("git \(arguments.joined(separator: " ")) failed: \(result)") }
        return result
    }

    /// Runs streakprompt in `folder`.
    @discardableResult
    func sp(_ arguments: [String], in folder: String, env: [String: String] = [:], binary: String = Binary.path) throws -> Result {
        var environment = box.environment
        for (key, value) in env { environment[key] = value }
        return try run(binary, arguments, environment: environment, directory: folder)
    }

    /// A new repository in the sandbox.
    func repository(_ name: String = "repo") throws -> String {
        let path = root + "/" + name
        try git(["init", "-q", path], in: root)
        return path
    }

    private var counter = 0

    /// A copy of the binary under test at `ROOT/FOLDER/streakprompt`: one a test may move or
    /// remove, or write through.
    func binaryCopy(in folder: String) throws -> String {
        let copy = root + "/" + folder + "/streakprompt"
        try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
        try Binary.copy(to: copy)
        return copy
    }

    /// Adds a file with fresh content and commits it.
    @discardableResult
    func commit(in folder: String, _ message: String? = nil, extra: [String] = [], env: [String: String] = [:],
                check: Bool = true) throws -> Result {
        counter += 1
        let file = "file\(counter).txt"
        try Data("change \(counter)\n".utf8).write(to: URL(fileURLWithPath: folder + "/" + file))
        try git(["add", file], in: folder, env: env)
        return try git(["commit", "-q", "-m", message ?? "change \(counter)"] + extra, in: folder, env: env, check: check)
    }

    /// A moment on day `n` of March 2026, ISO 8601.
    static func moment(_ n: Int, hour: Int = 10) -> String {
        "2026-03-\(n < 10 ? "0" : "")\(n)T\(hour < 10 ? "0" : "")\(hour):00:00+00:00"
    }

    /// Acting on day `n`: streakprompt's clock and both of git's dates. The hook records one
    /// action per date, so tests that count ticks put each commit on a day of its own.
    static func on(_ n: Int) -> [String: String] {
        ["STREAKPROMPT_NOW": moment(n), "GIT_AUTHOR_DATE": moment(n), "GIT_COMMITTER_DATE": moment(n)]
    }

    /// Replaying commits on day `n`: the clock and the commit date move, author dates stay.
    static func replaying(on n: Int) -> [String: String] {
        ["STREAKPROMPT_NOW": moment(n), "GIT_COMMITTER_DATE": moment(n)]
    }

    /// The action lines of a streak's log on this machine (comments left out): one per tick.
    func actions(_ streak: String = "default") -> [String] {
        guard let text = try? box.read("streaks/\(streak)/test.log") else { return [] }
        return text.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") }
    }

    /// `status NAME --json`, parsed.
    func status(_ streak: String = "default") throws -> [String: Any] {
        let result = try sp(["status", streak, "--json"], in: root)
        guard result.status == 0, let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        else { throw TestFailure("status failed: \(result)") }
        return object
    }

    /// `history NAME --json`, as (start, end, length).
    func history(_ streak: String = "default") throws -> [(String, String, Int)] {
        let result = try sp(["history", streak, "--json"], in: root)
        guard result.status == 0, let runs = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]
        else { throw TestFailure("history failed: \(result)") }
        return runs.map { ($0["start"] as? String ?? "", $0["end"] as? String ?? "", $0["length"] as? Int ?? -1) }
    }

    private func gitPath(_ environment: [String: String]) -> String {
        for folder in (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(folder)/git"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return "/usr/bin/git"
    }
}

/// A file's bytes, permission bits and kind (a link is read as a link), for "restored exactly".
struct FileSnapshot: Equatable, CustomStringConvertible {
    var name: String
    var bytes: Data
    var mode: Int
    var link: String?

    var description: String { "\(name) mode \(String(mode, radix: 8)) \(link.map { "-> \($0)" } ?? "\(bytes.count) bytes")" }

    /// Every entry of a folder.
    static func folder(_ path: String) throws -> [FileSnapshot] {
        try FileManager.default.contentsOfDirectory(atPath: path).sorted().map { try file(path + "/" + $0) }
    }

    static func file(_ path: String) throws -> FileSnapshot {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        let mode = (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
        let name = URL(fileURLWithPath: path).lastPathComponent
        if attributes[.type] as? FileAttributeType == .typeDirectory {
            return FileSnapshot(name: name, bytes: Data(), mode: mode, link: "(folder)")
        }
        if attributes[.type] as? FileAttributeType == .typeSymbolicLink {
            return FileSnapshot(name: name, bytes: Data(), mode: mode,
                                link: try FileManager.default.destinationOfSymbolicLink(atPath: path))
        }
        return FileSnapshot(name: name, bytes: try Data(contentsOf: URL(fileURLWithPath: path)), mode: mode, link: nil)
    }
}

extension GitBox {
    static let releasedHome = "/home/me"
    static let releasedBinary = "/home/me/.local/bin/streakprompt"

    /// Lays an earlier version's global install out as it left it: its folder (the released files, with
    /// the binary under test and the sandbox's home in place of the release's), its record,
    /// and the global core.hooksPath naming the folder.
    func installEarlierGlobal(release: String) throws {
        let fixtures = Package.root.path + "/Tests/Fixtures/git-hooks-\(release)/"
        try FileManager.default.createDirectory(atPath: legacyHooks, withIntermediateDirectories: true)
        let folder = fixtures + "global-folder"
        let files: [(String, String)]
        if fileExists(folder) {
            files = try FileManager.default.contentsOfDirectory(atPath: folder).map { ($0, try String(contentsOfFile: folder + "/" + $0, encoding: .utf8)) }
        } else {
            // v1's folder, from its two kinds of file: the counting hook and a forwarder.
            let forwarder = try String(contentsOfFile: fixtures + "global-pre-push", encoding: .utf8)
            files = try GitBox.forwardedHooks.map { hook in
                (hook, hook == "post-commit" ? try String(contentsOfFile: fixtures + "global-post-commit", encoding: .utf8)
                                              : forwarder.replacing("pre-push", with: hook))
            } + [(".streakprompt-install", "# streakprompt git install --global: what uninstall --global undoes\ncreated-folder=/home/me/.config\nadded-core-section\n")]
        }
        #expect(files.count == 27, "\(files.map(\.0))")
        for (name, text) in files {
            let placed = text.replacing("streakprompt_bin='\(GitBox.releasedBinary)'", with: "streakprompt_bin='\(Binary.path)'")
                .replacing(GitBox.releasedHome + "/", with: userHome + "/")
            try writeScript(legacyHooks + "/" + name, placed, mode: name.hasPrefix(".") ? 0o644 : 0o755)
        }
        try git(["config", "--global", "core.hooksPath", legacyHooks], in: root)
    }

    /// Every hook git runs by name that the earlier releases forwarded.
    static let forwardedHooks = [
        "applypatch-msg", "pre-applypatch", "post-applypatch", "pre-commit", "pre-merge-commit",
        "prepare-commit-msg", "commit-msg", "post-commit", "pre-rebase", "post-checkout", "post-merge",
        "pre-push", "pre-receive", "update", "proc-receive", "post-receive", "post-update",
        "reference-transaction", "pre-auto-gc", "post-rewrite", "sendemail-validate", "post-index-change",
        "p4-changelist", "p4-prepare-changelist", "p4-post-changelist", "p4-pre-submit",
    ]
}

extension FileSnapshot {
    /// Every entry below `path`, folders included (by their mode), with paths relative to it:
    /// "as it was, byte for byte" for a whole tree.
    static func tree(_ path: String) throws -> [FileSnapshot] {
        guard fileExists(path) else { return [] }
        var entries: [FileSnapshot] = []
        for relative in (try FileManager.default.subpathsOfDirectory(atPath: path)).sorted() {
            var entry = try file(path + "/" + relative)
            entry.name = relative
            entries.append(entry)
        }
        return entries
    }
}

/// Writes an executable script.
func writeScript(_ path: String, _ text: String, mode: Int = 0o755) throws {
    try FileManager.default.createDirectory(atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path,
                                            withIntermediateDirectories: true)
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
}

/// The binary a direct post-commit has git start (its interpreter line, `#!BINARY
/// --git-hook-file`), or nil when the file is no such hook (a script, a link, nothing).
func directHookBinary(_ path: String) -> String? {
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
          attributes[.type] as? FileAttributeType == .typeRegular,
          let text = try? String(contentsOfFile: path, encoding: .utf8), text.hasPrefix("#!"),
          let line = text.split(separator: "\n", maxSplits: 1).first, line.hasSuffix(" --git-hook-file")
    else { return nil }
    return String(line.dropFirst(2).dropLast(" --git-hook-file".count))
}

func fileExists(_ path: String) -> Bool {
    (try? FileManager.default.attributesOfItem(atPath: path)) != nil
}
