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

/// Runs git: the one way every command (the hook, `git install` and `status`, `import git`,
/// `sync`, `doctor`) asks git anything.
///
/// Always bounded and never interactive: every run has a deadline, git never asks for a
/// password or opens an editor (a hook or a sync must not hang on a prompt nobody sees), and a
/// command pointed at a folder drops the variables that would point it at another repository.
public struct Git: Sendable {
    public var folder: String?
    /// Milliseconds before a git command is killed.
    public var timeout: Int
    public var environment: Environment
    /// Variables set for every command besides `quiet` (sync's: git's words in English).
    public var setting: [String: String] = [:]

    /// What a git query may take when nobody said otherwise: long enough for a large
    /// repository on a slow disk, short enough that nothing waits for ever.
    public static let defaultTimeout = 60_000

    /// Variables that tell git which repository to use. A command pointed at a folder clears
    /// them, so `import git PATH` reads PATH even from inside a hook or a `GIT_DIR=` shell.
    public static let repositoryVariables = [
        "GIT_DIR", "GIT_WORK_TREE", "GIT_COMMON_DIR", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY",
        "GIT_ALTERNATE_OBJECT_DIRECTORIES", "GIT_NAMESPACE", "GIT_PREFIX",
    ]

    /// Set for every git command: no credential prompt, no editor for a merge message.
    public static let quiet = ["GIT_TERMINAL_PROMPT": "0", "GIT_MERGE_AUTOEDIT": "no"]

    /// Variables through which one git command overrides config (`git -c`), which a hook
    /// inherits from the command that ran it.
    public static let oneOffConfigVariables = ["GIT_CONFIG_PARAMETERS", "GIT_CONFIG_COUNT"]

    public init(folder: String? = nil, timeout: Int = Git.defaultTimeout, environment: Environment) {
        self.folder = folder
        self.timeout = timeout
        self.environment = environment
    }

    /// Runs `git ARGUMENTS` and returns what it left, whatever its status.
    public func run(_ arguments: [String], unsetting: [String] = [], limit: Int = 1 << 20, timeout: Int? = nil,
                    progress: ((Int) -> Void)? = nil) throws(GitError) -> ProcessOutcome {
        var command = ["git"]
        if let folder { command += ["-C", folder] }
        command += arguments
        do {
            return try Subprocess.run(command, environment: environment,
                                      unsetting: unsetting + (folder == nil ? [] : Git.repositoryVariables),
                                      setting: setting.isEmpty ? Git.quiet : Git.quiet.merging(setting) { $1 },
                                      limit: limit, timeout: timeout ?? self.timeout,
                                      progress: progress)
        } catch where error.isNotFound {
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

    /// Whether a one-off identity override (`git -c`, `GIT_COMMITTER_EMAIL`) is in effect for
    /// the git commands this environment runs.
    public var identityOverridden: Bool {
        (Git.oneOffConfigVariables + ["GIT_COMMITTER_EMAIL"]).contains { environment.value($0) != nil }
    }

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
