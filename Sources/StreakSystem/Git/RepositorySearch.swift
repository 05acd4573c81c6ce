#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import StreakCore

/// The folders under a folder that hold a git repository's worktree, found by walking it:
/// what `git install --global DIR` installs into.
///
/// Cheap on a home folder: one `readdir` per folder and no `stat` where the folder entry's
/// type says enough; never into `.git` (a repository's insides) nor `node_modules` (thousands
/// of folders, never a repository one commits in), nor into a git folder found outside a
/// worktree (a bare repository: its `objects` are hundreds of folders); links are not
/// followed, so a link cannot lead the walk in circles or out of the folder given.
public struct RepositorySearch: Sendable {
    /// Levels below the folder given: `~/go/src/github.com/owner/repo` is five below `~`.
    public var depth = 6
    /// Folders read at most, so a walk of a huge tree ends and says so.
    public var folderLimit = 200_000

    public static let skipped: Set<String> = [".git", "node_modules"]

    public init() {}

    public struct Found: Sendable {
        /// Folders holding a `.git` (a folder, or the file of a worktree or a submodule), in
        /// the order walked (by name).
        public var worktrees: [String] = []
        public var foldersRead = 0
        /// Whether the walk stopped at `folderLimit` before reading everything.
        public var cutShort = false
        /// Folders that could not be read (permissions), not walked.
        public var unreadable: [String] = []
    }

    /// Walks `root` (a link there is followed: it is the folder the user named).
    public func find(under root: String) -> Found {
        var found = Found()
        walk(root, level: 0, &found)
        return found
    }

    private func walk(_ folder: String, level: Int, _ found: inout Found) {
        guard !found.cutShort else { return }
        guard found.foldersRead < folderLimit else {
            found.cutShort = true
            return
        }
        guard let entries = RepositorySearch.entries(of: folder) else {
            found.unreadable.append(folder)
            return
        }
        found.foldersRead += 1
        if entries.contains(where: { $0.name == ".git" && $0.kind != .other }) {
            found.worktrees.append(folder)
        } else if level > 0, RepositorySearch.isGitFolder(entries) {
            return
        }
        guard level < depth else { return }
        for entry in entries where entry.kind == .folder && !RepositorySearch.skipped.contains(entry.name) {
            walk(Paths.join(folder, entry.name), level: level + 1, &found)
        }
    }

    /// A folder git itself keeps (`HEAD`, `objects`, `refs`): a bare repository, or a git
    /// folder kept apart from its worktree.
    static func isGitFolder(_ entries: [Entry]) -> Bool {
        var seen = 0
        for entry in entries {
            switch (entry.name, entry.kind) {
            case ("HEAD", .file), ("objects", .folder), ("refs", .folder): seen += 1
            default: break
            }
        }
        return seen == 3
    }

    struct Entry {
        enum Kind { case folder, file, link, other }
        var name: String
        var kind: Kind
    }

    /// The entries of `folder` with their kinds (a link is a link, whatever it points at), by
    /// name; nil when it cannot be read.
    static func entries(of folder: String) -> [Entry]? {
        guard let stream = opendir(folder) else { return nil }
        defer { closedir(stream) }
        var entries: [Entry] = []
        while let entry = readdir(stream) {
            let name = withUnsafePointer(to: entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            if name == "." || name == ".." { continue }
            var kind: Entry.Kind
            switch Int32(entry.pointee.d_type) {
            case Int32(DT_DIR): kind = .folder
            case Int32(DT_REG): kind = .file
            case Int32(DT_LNK): kind = .link
            case Int32(DT_UNKNOWN): kind = kindByStat(Paths.join(folder, name))
            default: kind = .other
            }
            entries.append(Entry(name: name, kind: kind))
        }
        return entries.sorted { $0.name < $1.name }
    }

    /// For file systems whose folder entries carry no type.
    static func kindByStat(_ path: String) -> Entry.Kind {
        var info = stat()
        guard lstat(path, &info) == 0 else { return .other }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return .folder
        case S_IFREG: return .file
        case S_IFLNK: return .link
        default: return .other
        }
    }
}
