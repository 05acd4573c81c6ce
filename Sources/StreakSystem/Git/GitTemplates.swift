#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import StreakCore

/// Git's template folder: what `git init` and `git clone` copy into every new repository's git
/// folder (its `hooks/` included), `init.templateDir` when set, else git's own (sample hooks,
/// `info/exclude`, `description`). The global install puts the hook there.
public enum GitTemplates {
    public static let key = "init.templateDir"

    /// The template folder of streakprompt's, named in `init.templateDir` when the user has
    /// none: `$XDG_CONFIG_HOME/streakprompt/git-template`, else
    /// `~/.config/streakprompt/git-template` (configuration, beside the config file: the data
    /// folder may be synced to machines where the binary lives elsewhere).
    public static func ownFolder(_ environment: Environment) -> String? {
        environment.configFolder.map { Paths.join($0, "streakprompt/git-template") }
    }

    /// Where the hook goes for new repositories: our own folder (`ownNamed`: `init.templateDir`
    /// names it already), the user's own folders (`init.templateDir` set by them), or both
    /// where an earlier install named ours and the user added a folder since.
    public struct Target: Equatable, Sendable {
        public var own: String?
        public var ownNamed = false
        public var theirs: [String] = []
    }

    /// Where the hook goes, from every `init.templateDir` git reads before a repository's own
    /// config: the user's folders when they set some, else ours. An empty value (git copies
    /// no template at all) and a relative one (read from whatever folder a clone runs in) are
    /// refused: there is no one folder every new repository is made from.
    public static func target(_ git: Git) throws(TargetError) -> Target {
        let environment = git.environment
        guard let own = ownFolder(environment) else {
            throw .refused("cannot find a folder for the template: HOME is not set; set HOME or XDG_CONFIG_HOME")
        }
        let values: [(value: String, file: String)]
        do throws(GitError) {
            values = try GitGlobalConfig.valuesBeforeRepositories(key, git)
        } catch {
            throw .git(error)
        }
        var theirs: [String] = []
        var named = false
        for (value, file) in values {
            if value.isEmpty {
                throw .refused("init.templateDir is set, empty, in \(Text.visible(file)), so git copies no template into new repositories, and there is nowhere to put the hook for them; remove the setting there (or set it to a folder of yours) and install again")
            }
            let folder = Paths.expandingTilde(value, home: environment.homeFolder)
            guard folder.hasPrefix("/") else {
                throw .refused("init.templateDir is '\(Text.visible(value))' in \(Text.visible(file)), a relative path, which git reads from whatever folder a clone runs in; set it to a full path and install again")
            }
            let normalized = Paths.normalized(folder)
            if normalized == own {
                named = true
            } else if !theirs.contains(normalized) {
                theirs.append(normalized)
            }
        }
        // Ours is used where the user names no folder, and kept where an earlier install
        // named it, even next to one of the user's.
        return Target(own: theirs.isEmpty || named ? own : nil, ownNamed: named, theirs: theirs)
    }

    /// Why there is no folder to put the hook in (`refused`: said to the user as it is), or
    /// git could not say.
    public enum TargetError: Error, Sendable {
        case refused(String)
        case git(GitError)

        public var message: String {
            switch self {
            case .refused(let message): return message
            case .git(let error): return error.message
            }
        }
    }

    /// The template folder git uses when nothing names one: `share/git-core/templates` under
    /// the prefix git runs from (`git --exec-path` is `PREFIX/lib/git-core` or
    /// `PREFIX/libexec/git-core`, on every system git builds for), else the usual places.
    public static func defaultFolder(_ git: Git) -> String? {
        var candidates: [String] = []
        if let exec = try? git.text(["--exec-path"]), exec.hasPrefix("/") {
            let prefix = Paths.folder(of: Paths.folder(of: Paths.normalized(exec)))
            candidates.append(Paths.join(prefix, "share/git-core/templates"))
        }
        candidates += ["/usr/share/git-core/templates", "/usr/local/share/git-core/templates",
                       "/opt/homebrew/share/git-core/templates",
                       "/Library/Developer/CommandLineTools/usr/share/git-core/templates"]
        return candidates.first { Files.isFolder($0) }
    }

    /// Copies git's default templates from `source` into `folder` (the sample hooks,
    /// `info/exclude`, `description`: what a new repository would have had without
    /// `init.templateDir`), with their permission bits. A file there already is left as it is;
    /// links and anything but files and folders are not copied. Returns the files copied,
    /// relative to `folder`, and the folders made for them (outermost first).
    public static func copyDefaults(from source: String, into folder: String) throws(SystemError) -> (files: [GitGlobalRecord.CopiedFile], folders: [String]) {
        var files: [GitGlobalRecord.CopiedFile] = []
        var folders: [String] = []
        func copy(_ relative: String, depth: Int) throws(SystemError) {
            guard depth < 4 else { return }
            let from = Paths.join(source, relative)
            for entry in RepositorySearch.entries(of: from) ?? [] {
                let path = relative.isEmpty ? entry.name : relative + "/" + entry.name
                let target = Paths.join(folder, path)
                switch entry.kind {
                case .folder:
                    if !Files.exists(target) {
                        try Files.makeFolders(target)
                        folders.append(target)
                    }
                    try copy(path, depth: depth + 1)
                case .file:
                    guard !Files.exists(target) else { continue }
                    let bytes = try Files.read(Paths.join(source, path), limit: 1 << 20)
                    let mode = try GitHookFiles.mode(of: Paths.join(source, path)) & 0o777
                    try Files.writeAtomically(target, bytes, mode: mode)
                    // The mode as it was, whatever the umask (a sample hook stays executable).
                    guard chmod(target, mode) == 0 else { throw SystemError("set the mode of", target) }
                    files.append(GitGlobalRecord.CopiedFile(path: path, fingerprint: GitGlobalRecord.fingerprint(bytes)))
                case .link, .other:
                    continue
                }
            }
        }
        try copy("", depth: 0)
        return (files, folders)
    }

    /// Removes the copies still as they were copied; returns those kept (changed since).
    public static func removeCopies(_ files: [GitGlobalRecord.CopiedFile], in folder: String) -> [String] {
        var kept: [String] = []
        for file in files {
            let path = Paths.join(folder, file.path)
            guard let bytes = (try? Files.readIfPresent(path, limit: 1 << 20)) ?? nil else { continue }
            if GitGlobalRecord.fingerprint(bytes) == file.fingerprint {
                try? Files.remove(path)
            } else {
                kept.append(path)
            }
        }
        return kept
    }
}

extension Files {
    /// `path` and those of its parents that do not exist, outermost first: what making
    /// `path` creates.
    public static func missingFolders(_ path: String) -> [String] {
        var missing: [String] = []
        var current = path
        while !current.isEmpty, current != "/", !exists(current) {
            missing.insert(current, at: 0)
            current = Paths.folder(of: current)
        }
        return missing
    }

    /// Removes each of `folders` that is empty, innermost first (the reverse of
    /// `missingFolders`); returns those left because something is in them.
    @discardableResult
    public static func removeEmptyFolders(_ folders: [String]) -> [String] {
        var left: [String] = []
        for folder in folders.reversed() where isFolder(folder) && !isLink(folder) {
            if !removeEmptyFolder(folder) { left.append(folder) }
        }
        return left
    }
}
