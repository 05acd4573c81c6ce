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
