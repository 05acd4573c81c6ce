/// Path arithmetic on plain strings (no Foundation): the one place paths are joined, split,
/// made absolute and normalised, for data files, hooks, git's answers and the binary alike.
public enum Paths {
    public static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        if slash == path.startIndex { return "/" }
        return String(path[..<slash])
    }

    public static func lastComponent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    public static func join(_ parts: String...) -> String {
        var out = ""
        for part in parts { out = join(out, part) }
        return out
    }

    /// `folder/name`, with exactly one slash between them.
    public static func join(_ folder: String, _ name: String) -> String {
        if name.isEmpty { return folder }
        if folder.isEmpty || folder.hasSuffix("/") { return folder + name }
        return folder + "/" + name
    }

    /// The path from the root with `.` components removed and `..` folded, lexically: links
    /// are never followed, so a link stays the link the user installed (see `ExecutablePath`).
    public static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            if part == "." { continue }
            if part == ".." { if !parts.isEmpty { parts.removeLast() }; continue }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }

    /// `path` made absolute against `base` (when it is relative), then normalised.
    public static func absolute(_ path: String, from base: String) -> String {
        normalized(path.hasPrefix("/") ? path : base + "/" + path)
    }

    /// `~/x` → `HOME/x`, as git and shells read path settings; unchanged without a home.
    public static func expandingTilde(_ path: String, home: String?) -> String {
        guard path == "~" || path.hasPrefix("~/"), let home else { return path }
        return home + path.dropFirst()
    }
}
