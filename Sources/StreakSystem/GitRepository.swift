#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import StreakCore

/// A git command that could not give an answer.
public enum GitError: Error, Sendable {
    /// No `git` on `PATH`.
    case missing
    /// git ran and failed: the command (without `git`), its status, its first stderr line.
    case failed(command: String, status: Int32, message: String)
    case system(SystemError)

    public var message: String {
        switch self {
        case .missing: return "git is not installed (or not on PATH)"
        case .failed(let command, let status, let message):
            return "'git \(command)' failed (exit \(status))" + (message.isEmpty ? "" : ": \(message)")
        case .system(let error): return error.message
        }
    }
}

/// Runs git, in the current folder or in `folder` (`git -C`).
public struct Git: Sendable {
    public var folder: String?
    /// Milliseconds before a git command is killed; nil waits.
    public var timeout: Int?

    /// Variables that tell git which repository to use. A command pointed at a folder clears
    /// them, so `import git PATH` reads PATH even from inside a hook or a `GIT_DIR=` shell.
    public static let repositoryVariables = [
        "GIT_DIR", "GIT_WORK_TREE", "GIT_COMMON_DIR", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY",
        "GIT_ALTERNATE_OBJECT_DIRECTORIES", "GIT_NAMESPACE", "GIT_PREFIX",
    ]

    public init(folder: String? = nil, timeout: Int? = nil) {
        self.folder = folder
        self.timeout = timeout
    }

    /// Runs `git ARGUMENTS` and returns what it left, whatever its status.
    public func run(_ arguments: [String], unsetting: [String] = [], limit: Int = 1 << 20,
                    progress: ((Int) -> Void)? = nil) throws(GitError) -> ProcessOutcome {
        var command = ["git"]
        if let folder { command += ["-C", folder] }
        command += arguments
        do {
            return try Subprocess.run(command, unsetting: unsetting + (folder == nil ? [] : Git.repositoryVariables),
                                      limit: limit, timeout: timeout, progress: progress)
        } catch where error.code == ENOENT {
            throw .missing
        } catch {
            throw .system(error)
        }
    }

    /// The output of a command that must succeed, without its last newline.
    public func text(_ arguments: [String]) throws(GitError) -> String {
        let outcome = try run(arguments)
        guard outcome.succeeded else {
            throw .failed(command: arguments.joined(separator: " "), status: outcome.status, message: outcome.firstErrorLine)
        }
        var bytes = outcome.stdout
        if bytes.last == 0x0A { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The values of a `git config` query, one a line; empty when the key is not set (exit 1).
    public func config(_ arguments: [String], unsetting: [String] = []) throws(GitError) -> [String] {
        let outcome = try run(["config"] + arguments, unsetting: unsetting)
        if outcome.status == 1 { return [] }
        guard outcome.succeeded else {
            throw .failed(command: (["config"] + arguments).joined(separator: " "), status: outcome.status,
                          message: outcome.firstErrorLine)
        }
        return outcome.stdout.split(separator: 0x0A).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Variables through which one git command overrides config (`git -c`), which a hook
    /// inherits from the command that ran it.
    public static let oneOffConfigVariables = ["GIT_CONFIG_PARAMETERS", "GIT_CONFIG_COUNT"]

    /// The user's addresses: `user.email` and every `streakprompt.email` (the other addresses
    /// they commit with), as git sees them here. With `configuredOnly`, as the config files
    /// say, without the one-off `git -c user.email=…` of the command that ran the hook: that
    /// is committing as someone else, not who the user is.
    public func yourEmails(configuredOnly: Bool = false) throws(GitError) -> [String] {
        var emails: [String] = []
        let unsetting = configuredOnly ? Git.oneOffConfigVariables : []
        for line in try config(["--get-regexp", "^(user|streakprompt)\\.email$"], unsetting: unsetting) {
            let parts = line.split(separator: " ", maxSplits: 1)
            if parts.count == 2, !parts[1].isEmpty, !emails.contains(String(parts[1])) { emails.append(String(parts[1])) }
        }
        return emails
    }
}

/// `core.hooksPath` as git sees it, and which config file set it.
public struct HooksPathSetting: Equatable, Sendable {
    /// As written: possibly relative (to the worktree's top) or starting with `~/`.
    public var value: String
    /// `local`, `global`, `system`, `worktree` or `command` (`git -c`).
    public var scope: String

    public init(value: String, scope: String) {
        self.value = value
        self.scope = scope
    }

    /// The value with `~/` expanded, as git expands it.
    public var expanded: String { GitPaths.expandingTilde(value) }
}

/// The repository around a folder, located the way git locates it.
public struct GitRepository: Sendable {
    /// This worktree's git folder (absolute).
    public var gitFolder: String
    /// The folder shared by every worktree, where the repository's own hooks live (absolute).
    public var commonFolder: String
    /// The repository's own hooks folder, where git runs hooks from when `core.hooksPath` is
    /// not set (the common folder's `hooks`: worktrees share it, a submodule has its own).
    public var hooksFolder: String
    /// Where git really runs hooks from (`git rev-parse --git-path hooks`, which follows
    /// `core.hooksPath`, relative ones from the worktree's top), absolute.
    public var runsHooksFrom: String
    /// `core.hooksPath`, if any config sets it.
    public var hooksPath: HooksPathSetting?

    /// Whether git runs hooks from a folder other than the repository's own.
    public var hooksElsewhere: Bool { runsHooksFrom != hooksFolder }

    /// The repository at `git`'s folder, or nil if that is not inside one.
    public static func locate(_ git: Git) throws(GitError) -> GitRepository? {
        let outcome = try git.run(["rev-parse", "--absolute-git-dir", "--git-common-dir", "--git-path", "hooks"])
        guard outcome.succeeded else {
            if outcome.status == 128 { return nil }
            throw .failed(command: "rev-parse", status: outcome.status, message: outcome.firstErrorLine)
        }
        let lines = outcome.stdout.split(separator: 0x0A).map { String(decoding: $0, as: UTF8.self) }
        guard lines.count == 3 else { return nil }
        let base = GitPaths.absolute(git.folder ?? ".", from: GitPaths.currentFolder())
        let common = GitPaths.absolute(lines[1], from: base)
        var hooksPath: HooksPathSetting?
        if let line = try git.config(["--show-scope", "--get", "core.hooksPath"]).last {
            let parts = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
            if parts.count == 2, !parts[1].isEmpty {
                hooksPath = HooksPathSetting(value: String(parts[1]), scope: String(parts[0]))
            }
        }
        return GitRepository(gitFolder: lines[0], commonFolder: common, hooksFolder: Paths.join(common, "hooks"),
                             runsHooksFrom: GitPaths.absolute(GitPaths.expandingTilde(lines[2]), from: base),
                             hooksPath: hooksPath)
    }
}

/// The global `core.hooksPath` (`git config --global`), which `install --global` owns when it
/// points at our folder.
public enum GitGlobalConfig {
    public static func hooksPath(_ git: Git) throws(GitError) -> String? {
        try git.config(["--global", "--get", "core.hooksPath"]).last
    }

    public static func setHooksPath(_ git: Git, _ folder: String) throws(GitError) {
        _ = try git.text(["config", "--global", "core.hooksPath", folder])
    }

    public static func unsetHooksPath(_ git: Git) throws(GitError) {
        let outcome = try git.run(["config", "--global", "--unset-all", "core.hooksPath"])
        guard outcome.succeeded || outcome.status == 5 else {
            throw .failed(command: "config --global --unset-all core.hooksPath", status: outcome.status,
                          message: outcome.firstErrorLine)
        }
    }

    /// The file `git config --global` writes, as git reports it for a key it holds.
    public static func file(holding key: String, _ git: Git) throws(GitError) -> String? {
        guard let line = try git.config(["--global", "--show-origin", "--get", key]).last,
              line.hasPrefix("file:"), let tab = line.firstIndex(of: "\t")
        else { return nil }
        return String(line[line.index(line.startIndex, offsetBy: 5)..<tab])
    }

    /// Whether the global config holds no setting at all (a missing file included: git then
    /// fails to read it, and `--global` writes will create it).
    public static func isEmpty(_ git: Git) throws(GitError) -> Bool {
        let outcome = try git.run(["config", "--global", "--list"])
        return !outcome.succeeded || outcome.stdout.isEmpty
    }
}

/// Path arithmetic for what git prints.
public enum GitPaths {
    /// The process's current folder.
    public static func currentFolder() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return Environment.nonEmpty("PWD") ?? "/" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `path` made absolute against `base`, with `.` and `..` folded away (lexically: git
    /// prints real folders, and this never follows links).
    public static func absolute(_ path: String, from base: String) -> String {
        let joined = path.hasPrefix("/") ? path : base + "/" + path
        var parts: [Substring] = []
        for part in joined.split(separator: "/") {
            if part == "." { continue }
            if part == ".." { if !parts.isEmpty { parts.removeLast() }; continue }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }

    /// Whether `path` is a file this process may run.
    public static func isExecutable(_ path: String) -> Bool {
        access(path, X_OK) == 0 && !Files.isFolder(path)
    }

    /// `~/x` → `$HOME/x`, as git reads path settings.
    public static func expandingTilde(_ path: String) -> String {
        guard path == "~" || path.hasPrefix("~/"), let home = Environment.homeFolder else { return path }
        return home + path.dropFirst()
    }

    /// The absolute path of the running binary, for the hook to call: the path it was started
    /// by when that names a file (a `PATH` link such as `/opt/homebrew/bin/streakprompt` stays
    /// valid across upgrades, the versioned file behind it does not), else what the system
    /// reports.
    public static func runningBinary(_ argv0: String) -> String? {
        if argv0.contains("/") {
            let path = absolute(argv0, from: currentFolder())
            if access(path, X_OK) == 0 { return path }
        } else if let search = Environment.nonEmpty("PATH") {
            for folder in search.split(separator: ":") where folder.hasPrefix("/") {
                let candidate = String(folder) + "/" + argv0
                if access(candidate, X_OK) == 0, !Files.isFolder(candidate) { return candidate }
            }
        }
        #if os(Linux)
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        if count > 0 { return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        #elseif canImport(Darwin)
        var size: UInt32 = UInt32(PATH_MAX) + 1
        var buffer = [CChar](repeating: 0, count: Int(size))
        if _NSGetExecutablePath(&buffer, &size) == 0 { return absolute(String(cString: buffer), from: currentFolder()) }
        #endif
        return nil
    }

    /// Our folder for `install --global`: `$XDG_CONFIG_HOME/streakprompt/git-hooks`, else
    /// `~/.config/streakprompt/git-hooks`. Configuration, not data: the data folder may be
    /// synced to machines where the binary lives elsewhere.
    public static func globalHooksFolder() -> String? {
        if let xdg = Environment.nonEmpty("XDG_CONFIG_HOME"), xdg.hasPrefix("/") {
            return Paths.join(xdg, "streakprompt/git-hooks")
        }
        guard let home = Environment.homeFolder else { return nil }
        return Paths.join(home, ".config/streakprompt/git-hooks")
    }
}
