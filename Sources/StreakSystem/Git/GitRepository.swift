#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import StreakCore

/// `core.hooksPath` as git sees it, and which config file set it.
public struct HooksPathSetting: Equatable, Sendable {
    /// As written: possibly relative (to the worktree's top), starting with `~/`, or empty.
    public var value: String

    /// The value as a message shows it: an empty one says so.
    public var shown: String { value.isEmpty ? "(empty)" : value }
    /// `local`, `global`, `system`, `worktree` or `command` (`git -c`).
    public var scope: String

    public init(value: String, scope: String) {
        self.value = value
        self.scope = scope
    }
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

    /// A repository without a worktree (`git init --bare`): no commit is made there, so its
    /// post-commit never runs.
    public var isBare = false

    /// Whether git runs hooks from a folder other than the repository's own.
    public var hooksElsewhere: Bool { runsHooksFrom != hooksFolder }

    /// The repository at `git`'s folder, or nil if that is not inside one.
    public static func locate(_ git: Git) throws(GitError) -> GitRepository? {
        let home = git.environment.homeFolder
        let outcome = try git.run(["rev-parse", "--absolute-git-dir", "--git-common-dir", "--git-path", "hooks", "--is-bare-repository"])
        guard outcome.succeeded else {
            if outcome.status == 128 { return nil }
            throw .failed(command: "rev-parse", status: outcome.status, message: outcome.firstErrorLine)
        }
        // Three paths, one a line, then `true` or `false`: a path with a line break in it, or bytes that are not
        // UTF-8, would be read as another path (a hook written into a folder made up by the
        // decoding), so such a repository is said to be out of reach instead.
        let raw = outcome.stdout.split(separator: 0x0A)
        let lines = raw.compactMap { String(validating: $0, as: UTF8.self) }
        guard raw.count == 4, lines.count == 4 else {
            if raw.count < 4 { return nil }
            throw .system(SystemError("name", git.folder ?? Files.currentFolder() ?? ".", code: EINVAL,
                                      detail: "its path has a line break or bytes that are not UTF-8; move or rename it"))
        }
        let here = Files.currentFolder() ?? git.environment.nonEmpty("PWD") ?? "/"
        let base = Paths.absolute(git.folder ?? ".", from: here)
        let common = Paths.absolute(lines[1], from: base)
        var hooksPath: HooksPathSetting?
        if let line = try git.config(["--show-scope", "--get", "core.hooksPath"]).last {
            let parts = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
            // Set empty is set: git 2.39 then runs hooks from the worktree's top (`./`).
            if parts.count == 2 {
                hooksPath = HooksPathSetting(value: String(parts[1]), scope: String(parts[0]))
            }
        }
        return GitRepository(gitFolder: lines[0], commonFolder: common, hooksFolder: Paths.join(common, "hooks"),
                             runsHooksFrom: Paths.absolute(Paths.expandingTilde(lines[2], home: home), from: base),
                             hooksPath: hooksPath, isBare: lines[3] == "true")
    }
}

/// The global `core.hooksPath` (`git config --global`), which `install --global` owns when it
/// points at our folder.
public enum GitGlobalConfig {
    /// Our folder for `install --global`: `$XDG_CONFIG_HOME/streakprompt/git-hooks`, else
    /// `~/.config/streakprompt/git-hooks`. Configuration, not data: the data folder may be
    /// synced to machines where the binary lives elsewhere. Nil without a home folder.
    public static func ourHooksFolder(_ environment: Environment) -> String? {
        environment.configFolder.map { Paths.join($0, "streakprompt/git-hooks") }
    }

    /// Whether `path` (a `core.hooksPath` value, `~/` expanded as git does) is our folder.
    public static func isOurFolder(_ path: String, _ environment: Environment) -> Bool {
        guard let ours = ourHooksFolder(environment) else { return false }
        return Paths.expandingTilde(path, home: environment.homeFolder) == ours
    }

    /// The global `core.hooksPath` with `~/` expanded, the folder git runs hooks from in every
    /// repository that does not set its own.
    public static func hooksFolder(_ git: Git) throws(GitError) -> String? {
        try hooksPath(git).map { Paths.expandingTilde($0, home: git.environment.homeFolder) }
    }

    public static func hooksPath(_ git: Git) throws(GitError) -> String? {
        try git.config(["--global", "--get", "core.hooksPath"]).last
    }

    /// Every `core.hooksPath` git reads before a repository's own config, with the file each
    /// is in: the system file's (unless `GIT_CONFIG_NOSYSTEM`) and the global file's, with the
    /// files they include, and those they include only in some repositories (`includeIf`,
    /// whatever the folder this runs in). An empty value is one (it is set). What a global
    /// install would silently override.
    public static func hooksPathsBeforeRepositories(_ git: Git) throws(GitError) -> [(value: String, file: String)] {
        var found: [(value: String, file: String)] = []
        let noSystem = git.environment.value("GIT_CONFIG_NOSYSTEM").map { !["", "0", "false", "no", "off"].contains($0.lowercased()) } ?? false
        for scope in noSystem ? ["--global"] : ["--system", "--global"] {
            let outcome = try git.run(["config", scope, "--includes", "--show-origin", "--get-all", "core.hooksPath"])
            // 1: none; anything else but success (a file git cannot read) says nothing here:
            // the install's own writes will say it.
            guard outcome.succeeded else { continue }
            for line in outcome.stdout.split(separator: 0x0A, omittingEmptySubsequences: true) {
                guard let tab = line.firstIndex(of: 0x09) else { continue }
                var file = String(decoding: line[..<tab], as: UTF8.self)
                if file.hasPrefix("file:") { file.removeFirst(5) }
                found.append((String(decoding: line[(tab + 1)...], as: UTF8.self), file))
            }
        }
        // Conditional includes, each file read as a whole (a relative path is from the file
        // that names it, as git takes it).
        for scope in noSystem ? ["--global"] : ["--system", "--global"] {
            // -z: `ORIGIN NUL KEY LF VALUE NUL` each, whatever spaces a folder or a path has.
            let outcome = try git.run(["config", scope, "-z", "--includes", "--show-origin", "--get-regexp", "^includeif\\..*\\.path$"])
            guard outcome.succeeded else { continue }
            let fields = outcome.stdout.split(separator: 0, omittingEmptySubsequences: false)
            for index in stride(from: 0, to: fields.count - 1, by: 2) {
                guard let newline = fields[index + 1].firstIndex(of: 0x0A) else { continue }
                var origin = String(decoding: fields[index], as: UTF8.self)
                if origin.hasPrefix("file:") { origin.removeFirst(5) }
                var included = Paths.expandingTilde(String(decoding: fields[index + 1][(newline + 1)...], as: UTF8.self),
                                                    home: git.environment.homeFolder)
                if !included.hasPrefix("/") { included = Paths.join(Paths.folder(of: origin), included) }
                let values = try git.run(["config", "--file", included, "--includes", "--get-all", "core.hooksPath"])
                guard values.succeeded else { continue }
                for value in values.stdout.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast() {
                    found.append((String(decoding: value, as: UTF8.self), included))
                }
            }
        }
        return found
    }

    /// The files git reads as the global config: `GIT_CONFIG_GLOBAL` when set, else
    /// `~/.gitconfig` and the XDG one (`$XDG_CONFIG_HOME/git/config`).
    public static func candidateFiles(_ environment: Environment) -> [String] {
        if let file = environment.nonEmpty("GIT_CONFIG_GLOBAL") {
            return [Paths.expandingTilde(file, home: environment.homeFolder)]
        }
        var files: [String] = []
        if let home = environment.homeFolder { files.append(Paths.join(home, ".gitconfig")) }
        if let xdg = environment.nonEmpty("XDG_CONFIG_HOME") {
            files.append(Paths.join(xdg, "git/config"))
        } else if let home = environment.homeFolder {
            files.append(Paths.join(home, ".config/git/config"))
        }
        return files
    }

    /// Whether the global config holds any `core` setting.
    public static func hasCoreSettings(_ git: Git) throws(GitError) -> Bool {
        !(try git.config(["--global", "--get-regexp", "^core\\."])).isEmpty
    }

    /// Removes the global config's `[core]` line, left empty (nothing when there is none).
    public static func removeEmptyCoreSection(_ git: Git) throws(GitError) {
        guard try !hasCoreSettings(git) else { return }
        _ = try git.run(["config", "--global", "--remove-section", "core"])
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

