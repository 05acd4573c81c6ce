import StreakCore

/// The files that prepare the data folder for sharing between machines: what a sync tool or
/// git must leave alone (the derived prompt cache and views, the lock, temporary files of
/// interrupted writes), and git's union merge for action logs.
///
/// Every machine writes only its own `MACHINE.log` and `MACHINE.events`, so logs never conflict; but two machines
/// with the same host name would append to one file, and git's `merge=union` then keeps both
/// sides' lines instead of stopping on a conflict.
public enum SharedFolder {
    public enum File: String, CaseIterable, Sendable {
        case gitignore = ".gitignore"
        case gitattributes = ".gitattributes"
        /// Syncthing's ignore file (not itself synced: each machine has its own).
        case stignore = ".stignore"

        /// The lines the file must hold, with a comment first.
        public var lines: [String] {
            switch self {
            case .gitignore:
                // backups/: what `remove` took away here stays here (the removal itself syncs).
                // The program's own files: `install.sh` with its default prefix puts its share
                // folder (the plugins and its record of what it installed) at the default
                // data folder; each machine keeps the ones of the version it runs. Anchored:
                // a streak may be named `shell`.
                return ["# streakprompt: derived and temporary files stay on each machine",
                        "prompt.cache", ".lock", ".*.tmp*", "views/", "backups/",
                        "# and the program's own files, when install.sh put them here",
                        "/shell/", "/streakprompt.tmux", "/installed", "/installed.folders"]
            case .stignore:
                return ["// streakprompt: derived and temporary files stay on each machine",
                        "prompt.cache", ".lock", ".*.tmp*", "views", "backups",
                        "// and the program's own files, when install.sh put them here",
                        "/shell", "/streakprompt.tmux", "/installed", "/installed.folders"]
            case .gitattributes:
                return ["# streakprompt: a merge keeps every machine's actions from both sides",
                        "*.log merge=union", "*.events merge=union"]
            }
        }
    }

    /// Whether the folder is shared in a way we can see: a git work tree, or a Syncthing
    /// folder (Syncthing puts a `.stfolder` marker in each folder it shares).
    public static func filesWanted(home: String) -> [File] {
        var files: [File] = []
        if Files.exists(Paths.join(home, ".git")) { files += [.gitignore, .gitattributes] }
        if Files.exists(Paths.join(home, ".stfolder")) { files.append(.stignore) }
        return files
    }

    /// The lines of `file` that are missing from it (comments aside).
    public static func missingLines(_ file: File, home: String) -> [String] {
        let path = Paths.join(home, file.rawValue)
        let present = ((try? Files.readIfPresent(path, limit: 1 << 20)) ?? nil)
            .map { String(decoding: $0, as: UTF8.self).split(whereSeparator: \.isNewline).map { String($0.trimmingSpaces()) } } ?? []
        return file.lines.dropFirst().filter { !isComment($0) && !present.contains($0) }
    }

    static func isComment(_ line: String) -> Bool { line.hasPrefix("#") || line.hasPrefix("//") }

    /// Adds the missing lines to `file` (keeping what is there), atomically. Returns whether
    /// the file changed.
    @discardableResult
    public static func ensure(_ file: File, home: String) throws(SystemError) -> Bool {
        let missing = missingLines(file, home: home)
        guard !missing.isEmpty else { return false }
        let path = Paths.join(home, file.rawValue)
        var text = String(decoding: (try Files.readIfPresent(path, limit: 1 << 20)) ?? [], as: UTF8.self)
        if !text.isEmpty && !text.hasSuffix("\n") { text += "\n" }
        if !text.contains(file.lines[0]) { text += file.lines[0] + "\n" }
        // Each missing line, after the comment of its group when that is missing too.
        var comment: String?
        for line in file.lines.dropFirst() {
            if isComment(line) {
                comment = text.contains(line) ? nil : line
            } else if missing.contains(line) {
                if let pending = comment { text += pending + "\n" }
                comment = nil
                text += line + "\n"
            }
        }
        try Files.writeAtomically(path, text.utf8)
        return true
    }
}

/// `doctor`'s check of the files that prepare the data folder for sharing.
extension Checkup {
    /// Ignore and merge files for a folder shared through git or Syncthing.
    public func sharing() -> [Finding] {
        guard Files.isFolder(store.home) else { return [] }
        var findings: [Finding] = []
        for file in SharedFolder.filesWanted(home: store.home) {
            let missing = SharedFolder.missingLines(file, home: store.home)
            let path = Paths.join(store.home, file.rawValue)
            if missing.isEmpty {
                findings.append(Finding("sharing", .ok, "\(path) is set up"))
            } else {
                findings.append(Finding("sharing", .warning, "\(path) lacks \(missing.joined(separator: ", ")); 'streakprompt doctor --repair' adds it"))
            }
        }
        return findings
    }
}
