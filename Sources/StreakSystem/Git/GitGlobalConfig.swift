import StreakCore

/// The settings git reads before any repository's own (`git config --global`, the system's,
/// the files they include) that a global install reads and, for `init.templateDir`, writes:
/// set only where nothing was set, and taken out again as it was found.
public enum GitGlobalConfig {
    /// The folder earlier versions' `install --global` named in the global `core.hooksPath`:
    /// `$XDG_CONFIG_HOME/streakprompt/git-hooks`, else `~/.config/streakprompt/git-hooks`.
    /// Nil without a home folder.
    public static func legacyHooksFolder(_ environment: Environment) -> String? {
        environment.configFolder.map { Paths.join($0, "streakprompt/git-hooks") }
    }

    /// Whether `path` (a `core.hooksPath` value, `~/` expanded as git does) is that folder.
    public static func isLegacyFolder(_ path: String, _ environment: Environment) -> Bool {
        guard let legacy = legacyHooksFolder(environment) else { return false }
        return Paths.expandingTilde(path, home: environment.homeFolder) == legacy
    }

    /// The global `core.hooksPath` with `~/` expanded, the folder git runs hooks from in every
    /// repository that does not set its own.
    public static func hooksFolder(_ git: Git) throws(GitError) -> String? {
        try hooksPath(git).map { Paths.expandingTilde($0, home: git.environment.homeFolder) }
    }

    public static func hooksPath(_ git: Git) throws(GitError) -> String? {
        try value("core.hooksPath", git)
    }

    /// The global config file's value of `key` (the last, as git reads it).
    public static func value(_ key: String, _ git: Git) throws(GitError) -> String? {
        try git.config(["--global", "--get", key]).last
    }

    /// Every `core.hooksPath` git reads before a repository's own config (see `valuesBeforeRepositories`).
    public static func hooksPathsBeforeRepositories(_ git: Git) throws(GitError) -> [(value: String, file: String)] {
        try valuesBeforeRepositories("core.hooksPath", git)
    }

    /// Every value of `key` git reads before a repository's own config, with the file each
    /// is in: the system file's (unless `GIT_CONFIG_NOSYSTEM`) and the global file's, with the
    /// files they include, and those they include only in some repositories (`includeIf`,
    /// whatever the folder this runs in). An empty value is one (it is set). What a global
    /// setting of ours would silently override.
    public static func valuesBeforeRepositories(_ key: String, _ git: Git) throws(GitError) -> [(value: String, file: String)] {
        var found: [(value: String, file: String)] = []
        let noSystem = git.environment.value("GIT_CONFIG_NOSYSTEM").map { !["", "0", "false", "no", "off"].contains($0.lowercased()) } ?? false
        let scopes = noSystem ? ["--global"] : ["--system", "--global"]
        for scope in scopes {
            let outcome = try git.run(["config", scope, "--includes", "--show-origin", "--get-all", key])
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
        for scope in scopes {
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
                let values = try git.run(["config", "--file", included, "--includes", "--get-all", key])
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

    /// Whether the global config holds any setting of `section` (`core`, `init`).
    public static func hasSettings(in section: String, _ git: Git) throws(GitError) -> Bool {
        !(try git.config(["--global", "--get-regexp", "^" + section + "\\."])).isEmpty
    }

    /// Removes the global config's `[section]` line, left empty when its last setting went
    /// (git keeps it); nothing when the section still holds a setting, or is not there.
    public static func removeEmptySection(_ section: String, _ git: Git) throws(GitError) {
        guard try !hasSettings(in: section, git) else { return }
        _ = try git.run(["config", "--global", "--remove-section", section])
    }

    public static func set(_ key: String, to value: String, _ git: Git) throws(GitError) {
        _ = try git.text(["config", "--global", key, value])
    }

    public static func unset(_ key: String, _ git: Git) throws(GitError) {
        let outcome = try git.run(["config", "--global", "--unset-all", key])
        guard outcome.succeeded || outcome.status == 5 else {
            throw .failed(command: "config --global --unset-all \(key)", status: outcome.status, message: outcome.firstErrorLine)
        }
    }

    /// Removes `file`, a global config file an install created, when it is empty again (the
    /// way it was: not there). Returns whether it did.
    @discardableResult
    public static func removeIfEmpty(_ file: String) -> Bool {
        guard let bytes = try? Files.readIfPresent(file, limit: 1 << 16, followLinks: true), bytes.isEmpty else { return false }
        return (try? Files.remove(file)) != nil
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
