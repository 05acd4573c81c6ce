/// What `git install --global` installed on one machine: the file `git uninstall --global`
/// reads to remove exactly that and nothing else, and `git status --global` lists.
///
/// One line a fact, a key and then a path that runs to the end of the line (a path may hold
/// spaces; git's answers with a line break in a path are refused before they get here):
///
/// ```
/// # streakprompt git install --global v1: ...
/// own-template /home/me/.config/streakprompt/git-template
/// copied 8c1d4e0f2a6b7d31 info/exclude
/// template /home/me/dotfiles/git-template
/// repository /home/me/src/app/.git/hooks
/// created-folder /home/me/.config/streakprompt
/// created-config /home/me/.gitconfig
/// added-init-section
/// ```
///
/// `own-template` is the template folder of streakprompt's that the install named in the
/// global `init.templateDir`; `template` is the user's own, which got only the hook. `copied`
/// lines are the files of git's default templates put into the own one, with a fingerprint of
/// their bytes, so a copy someone changed since is kept. `repository` lines are the hooks
/// folders the hook was put into (a repository that had it already is not one). The folders it
/// created (outermost first), the global config file it created, and the `[init]` line git
/// adds with the first `init` setting are undone by uninstall as the install found them. Lines
/// a later version adds are kept as they are.
public struct GitGlobalRecord: Equatable, Sendable {
    public var ownTemplate: String?
    public var copied: [CopiedFile] = []
    /// The user's template folders (`init.templateDir` set by them), in the order found.
    public var templates: [String] = []
    /// Hooks folders, in the order installed.
    public var repositories: [String] = []
    public var createdFolders: [String] = []
    public var createdConfig: String?
    public var addedInitSection = false
    /// Lines of a key this version does not know, kept for the version that wrote them.
    public var other: [String] = []

    public struct CopiedFile: Equatable, Sendable {
        /// Relative to the own template folder.
        public var path: String
        public var fingerprint: UInt64

        public init(path: String, fingerprint: UInt64) {
            self.path = path
            self.fingerprint = fingerprint
        }
    }

    public init() {}

    /// The file's name in the data folder's `git` folder: one per machine, since the paths
    /// are that machine's and the folder may be shared.
    public static func fileName(machine: String) -> String { machine + ".global" }
    public static let folderName = "git"

    static let header = "# streakprompt git install --global v1: what it installed on this machine; 'streakprompt git uninstall --global' removes exactly this"

    /// Whether it records nothing: no file needs to stay.
    public var isEmpty: Bool {
        ownTemplate == nil && copied.isEmpty && templates.isEmpty && repositories.isEmpty && createdFolders.isEmpty
            && createdConfig == nil && !addedInitSection && other.isEmpty
    }

    /// Every template folder the hook was put into: the own one first.
    public var allTemplates: [String] { (ownTemplate.map { [$0] } ?? []) + templates }

    public mutating func addRepository(_ hooks: String) {
        if !repositories.contains(hooks) { repositories.append(hooks) }
    }

    public mutating func addTemplate(_ folder: String) {
        if !templates.contains(folder) { templates.append(folder) }
    }

    /// Adds folders a step created (outermost first) that are not recorded yet.
    public mutating func addCreatedFolders(_ folders: [String]) {
        for folder in folders where !createdFolders.contains(folder) { createdFolders.append(folder) }
    }

    /// The file's text.
    public func encoded() -> String {
        var text = GitGlobalRecord.header + "\n"
        if let ownTemplate { text += "own-template " + ownTemplate + "\n" }
        for file in copied { text += "copied " + GitGlobalRecord.hex(file.fingerprint) + " " + file.path + "\n" }
        for folder in templates { text += "template " + folder + "\n" }
        for hooks in repositories { text += "repository " + hooks + "\n" }
        for folder in createdFolders { text += "created-folder " + folder + "\n" }
        if let createdConfig { text += "created-config " + createdConfig + "\n" }
        if addedInitSection { text += "added-init-section\n" }
        for line in other { text += line + "\n" }
        return text
    }

    /// The record in `bytes`, and the numbers (from 1) of the lines that do not read: a
    /// known key without its path, a path that is not absolute, a fingerprint that is not
    /// 16 hex digits. Comments and blank lines are skipped; unknown keys are kept in `other`.
    public static func parse(_ bytes: some Sequence<UInt8>) -> (record: GitGlobalRecord, bad: [Int]) {
        var record = GitGlobalRecord()
        var bad: [Int] = []
        for (index, line) in Array(bytes).split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            var text = String(decoding: line, as: UTF8.self)
            if text.hasSuffix("\r") { text.removeLast() }
            if text.isEmpty || text.hasPrefix("#") { continue }
            let key = text.prefix { $0 != " " }
            let rest = text.dropFirst(key.count).dropFirst()
            let path = String(rest)
            let absolute = path.hasPrefix("/")
            switch key {
            case "own-template" where absolute && record.ownTemplate == nil: record.ownTemplate = path
            case "template" where absolute: record.addTemplate(path)
            case "repository" where absolute: record.addRepository(path)
            case "created-folder" where absolute: record.addCreatedFolders([path])
            case "created-config" where absolute: record.createdConfig = path
            case "added-init-section" where rest.isEmpty: record.addedInitSection = true
            case "copied":
                let hex = rest.prefix { $0 != " " }
                let relative = String(rest.dropFirst(hex.count).dropFirst())
                guard hex.count == 16, let fingerprint = UInt64(hex, radix: 16), !relative.isEmpty, !relative.hasPrefix("/"),
                      !relative.split(separator: "/").contains("..")
                else { bad.append(index + 1); continue }
                record.copied.append(CopiedFile(path: relative, fingerprint: fingerprint))
            case "own-template", "template", "repository", "created-folder", "created-config", "added-init-section":
                bad.append(index + 1)
            default:
                record.other.append(text)
            }
        }
        return (record, bad)
    }

    /// FNV-1a, 64 bits: whether a copied file is still the bytes that were copied (not a
    /// defence against anyone; a way to tell an edit).
    public static func fingerprint(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }

    static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
