#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import StreakCore

/// The global install of earlier versions: a folder of forwarders for every hook type
/// (`GitGlobalConfig.legacyHooksFolder`) named in the global `core.hooksPath`. Found, and
/// taken out as its own uninstall did, so that the next `git install --global` (or
/// `doctor --repair`) can put the template install in its place.
///
/// Those versions set `core.hooksPath` only where it was not set at all (they refused
/// whenever another value was set anywhere), so the setting is restored by unsetting it, with
/// the `[core]` line and the config file they created when they had to.
public enum LegacyGlobalHooks {
    public struct State: Equatable, Sendable {
        public var folder: String
        /// Whether the global `core.hooksPath` names the folder: git runs its hooks.
        public var active: Bool
        /// Whether the folder is there (it may outlive a setting removed by hand).
        public var folderPresent: Bool
        /// The streak its post-commit counts for, when it says.
        public var name: String?

        public var present: Bool { active || folderPresent }
    }

    /// The old layout as it stands, or nil when neither its setting nor its folder is there.
    public static func state(_ git: Git) throws(GitError) -> State? {
        guard let folder = GitGlobalConfig.legacyHooksFolder(git.environment) else { return nil }
        let setting = try GitGlobalConfig.hooksPath(git)
        let active = setting.map { GitGlobalConfig.isLegacyFolder($0, git.environment) } ?? false
        let present = Files.isFolder(folder) && !Files.isLink(folder)
        guard active || present else { return nil }
        var name: String?
        if case .ours(let installed, _) = GitHookFiles.look(at: Paths.join(folder, "post-commit")) { name = installed.name }
        return State(folder: folder, active: active, folderPresent: present, name: name)
    }

    public struct Removal: Equatable, Sendable {
        /// Whether `core.hooksPath` was unset (it named the folder).
        public var unsetHooksPath = false
        /// Whether the folder is gone (false: it holds files of someone else's, left there).
        public var folderGone = true
        /// The config file the old install created, removed again because it was left empty.
        public var removedConfig: String?
    }

    /// Takes the old layout out: `core.hooksPath` unset (only while it names the folder), the
    /// `[core]` line and the config file it created gone again once empty, our files and the
    /// folder removed (and the folders it created for it, when nothing else is in them).
    public static func remove(_ state: State, _ git: Git) throws(GlobalInstallError) -> Removal {
        var removal = Removal()
        let record = LegacyGlobalRecord.read(in: state.folder)
        if state.active {
            do throws(GitError) {
                try GitGlobalConfig.unset("core.hooksPath", git)
                if record.addedCoreSection { try? GitGlobalConfig.removeEmptySection("core", git) }
            } catch {
                throw .git(error)
            }
            removal.unsetHooksPath = true
            if let created = record.createdConfig, GitGlobalConfig.removeIfEmpty(created) { removal.removedConfig = created }
        }
        if state.folderPresent {
            do throws(SystemError) {
                removal.folderGone = try removeFolder(state.folder)
            } catch {
                throw .system(error)
            }
            if removal.folderGone { record.removeCreatedFolders(above: state.folder) }
        }
        return removal
    }

    /// Removes our files from the folder, then the folder if nothing else is left in it.
    /// Returns whether the folder is gone.
    static func removeFolder(_ folder: String) throws(SystemError) -> Bool {
        for entry in try Files.list(folder) {
            let path = Paths.join(folder, entry)
            if entry == LegacyGlobalRecord.fileName { try Files.remove(path); continue }
            if case .ours = GitHookFiles.look(at: path) { try Files.remove(path) }
        }
        guard Files.isFolder(folder) else { return true }
        guard folder.withCString({ rmdir($0) }) == 0 else {
            if errno == ENOTEMPTY || errno == EEXIST { return false }
            throw SystemError("remove the folder", folder)
        }
        return true
    }
}

/// What the old global install kept in its folder (`.streakprompt-install`), so its
/// uninstall could leave things as it found them: the global config file it created if git
/// had none, the topmost folder it created for its hooks (`~/.config` on a machine that had
/// none), and whether it added the `[core]` line.
public struct LegacyGlobalRecord: Equatable, Sendable {
    public static let fileName = ".streakprompt-install"

    public var createdConfig: String?
    public var createdFolder: String?
    public var addedCoreSection = false

    /// The record in `folder`, or an empty one.
    public static func read(in folder: String) -> LegacyGlobalRecord {
        var record = LegacyGlobalRecord()
        guard let bytes = try? Files.readIfPresent(Paths.join(folder, fileName), limit: 1 << 16, followLinks: true) else { return record }
        for line in bytes.split(separator: 0x0A) {
            let text = String(decoding: line, as: UTF8.self)
            if text.hasPrefix("created-config=") { record.createdConfig = String(text.dropFirst("created-config=".count)) }
            if text.hasPrefix("created-folder=") { record.createdFolder = String(text.dropFirst("created-folder=".count)) }
            if text == "added-core-section" { record.addedCoreSection = true }
        }
        return record
    }

    /// Removes the now empty folders between `folder` (gone already) and the one the install
    /// created first, innermost first; stops at the first that is not empty.
    public func removeCreatedFolders(above folder: String) {
        guard let createdFolder, folder.hasPrefix(createdFolder + "/") || folder == createdFolder else { return }
        var path = Paths.folder(of: folder)
        while path.hasPrefix(createdFolder + "/") || path == createdFolder {
            guard path.withCString({ rmdir($0) }) == 0 else { return }
            if path == createdFolder { return }
            path = Paths.folder(of: path)
        }
    }
}
