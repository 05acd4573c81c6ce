#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import StreakCore
import StreakShell

/// Why a hook could not be installed or removed.
public enum HookFileError: Error, Sendable {
    /// A foreign hook is in place and the name we would keep it under is taken.
    case backupInTheWay(hook: String, backup: String)
    case system(SystemError)
}

/// What `install` did to a hooks folder.
public enum HookInstallOutcome: Equatable, Sendable {
    /// Ours is in place; `chained` when it runs a hook that was there before.
    case installed(chained: Bool)
    /// Ours was there with this exact text.
    case unchanged(chained: Bool)
    /// An older or differently set-up hook of ours was replaced.
    case updated(from: GitHookScript.Installed, chained: Bool)
}

/// What `uninstall` did to a hooks folder.
public enum HookRemoveOutcome: Equatable, Sendable {
    /// Ours is gone; `restored` when the hook that was there before is back in its place.
    case removed(restored: Bool)
    /// Ours, which another tool kept as `HOOK.legacy` (the pre-commit framework), is gone from
    /// there; `restored` as above.
    case removedKept(restored: Bool)
    case notInstalled
    /// The hook in place is not ours (another tool replaced it): nothing was touched.
    case foreign(backupPresent: Bool)
    /// Ours is gone from the hook, whose lines someone added after ours stay in it, as a
    /// hook of their own.
    case removedKeepingAdded
    /// Someone added lines after ours, and ours kept the hook that was there before: both
    /// are left as they are (putting the kept one back would lose the added lines).
    case addedAndKept
}

/// Installs and removes our hooks in a folder, keeping any hook already there byte for byte.
public enum GitHookFiles {
    /// Hooks larger than this are not read to check whether they are ours (they are not).
    static let readLimit = 1 << 20

    /// What is at `path`: nothing, one of our hooks (its text), or something else.
    public enum Found: Equatable, Sendable {
        case nothing
        case ours(GitHookScript.Installed, text: [UInt8])
        case foreign
    }

    public static func look(at path: String) -> Found {
        guard Files.exists(path) else { return .nothing }
        if Files.isLink(path), let linked = lookAtLink(path) { return linked }
        // A link that points nowhere, an unreadable or huge file: someone else's.
        guard let bytes = try? Files.readIfPresent(path, limit: readLimit, followLinks: true) else { return .foreign }
        if !Files.isLink(path), let direct = lookAtDirect(path, bytes) { return direct }
        guard let installed = GitHookScript.inspect(bytes) else { return .foreign }
        return .ours(installed, text: bytes)
    }

    /// A symbolic link of ours (what development builds of 0.2 installed): it leads to the binary its settings file
    /// beside it names (the target as written, so a link someone pointed elsewhere is theirs).
    /// Its `text` is the target and the settings, for telling an install that would change
    /// nothing.
    static func lookAtLink(_ path: String) -> Found? {
        guard let target = Files.linkTarget(path),
              let settings = (try? Files.readIfPresent(settingsPath(beside: path), limit: readLimit)) ?? nil,
              let installed = GitHookScript.inspectLinkSettings(settings), installed.binary == target
        else { return nil }
        return .ours(installed, text: linkText(target: target, settings: settings))
    }

    /// The settings file of the post-commit hook `path` is (or was: another tool may keep it
    /// as `post-commit.legacy`), as the binary reads it when git runs it: beside it, by the
    /// counting hook's name.
    static func settingsPath(beside path: String) -> String {
        Paths.join(Paths.folder(of: path), GitHookScript.countingHook) + GitHookScript.settingsSuffix
    }

    static func linkText(target: String, settings: [UInt8]) -> [UInt8] {
        Array(("link " + target + "\n").utf8) + settings
    }

    /// A direct hook of ours (`GitHookScript.directHook`): its bytes are the ones written for
    /// the binary its settings file beside it names. Its `text` is its bytes and the settings.
    static func lookAtDirect(_ path: String, _ bytes: [UInt8]) -> Found? {
        guard bytes.starts(with: "#!".utf8),
              let settings = (try? Files.readIfPresent(settingsPath(beside: path), limit: readLimit)) ?? nil,
              var installed = GitHookScript.inspectLinkSettings(settings), let binary = installed.binary,
              let text = GitHookScript.directHook(binary: binary), bytes.elementsEqual(text.utf8)
        else { return nil }
        installed.form = .direct
        return .ours(installed, text: bytes + settings)
    }

    /// Our post-commit in a repository's hooks folder: a direct hook of `binary`
    /// (`GitHookScript.directHook`), its settings beside it, when `link` allows it (git runs
    /// this folder itself, not the global hooks first), nothing is to run after ours (no hook
    /// there before, none kept) and the binary's path can stand on an interpreter line; else
    /// the script, which still runs the kept hook when the binary is gone.
    public static func installRepositoryHook(binary: String, name: StreakName, in folder: String,
                                             link: Bool) throws(HookFileError) -> HookInstallOutcome {
        let hook = GitHookScript.countingHook
        let path = Paths.join(folder, hook)
        let settingsPath = path + GitHookScript.settingsSuffix
        let found = look(at: path)
        // Ours kept behind the pre-commit framework (`post-commit.legacy`, which its hook
        // runs): installed again there, not wrapped around the framework's hook (which would
        // then run ours, which would run the framework's again).
        let legacy = path + ".legacy"
        if found == .foreign, case .ours(let installed, _) = look(at: legacy) {
            if installed.form == .direct, !Files.exists(path + GitHookScript.backupSuffix),
               let direct = GitHookScript.directHook(binary: binary) {
                do throws(SystemError) {
                    return try installDirect(direct, binary: binary, name: name, at: legacy, found: look(at: legacy))
                } catch {
                    throw .system(error)
                }
            }
            let outcome = try install(GitHookScript.repositoryHook(binary: binary, name: name), as: hook + ".legacy", in: folder)
            if ourSettings(settingsPath) != nil { try? Files.remove(settingsPath) }
            return outcome
        }
        let chained = found == .foreign || Files.exists(path + GitHookScript.backupSuffix)
        // A settings file of ours, or none: anything else at that name is left alone.
        let settingsFree = !Files.exists(settingsPath) || ourSettings(settingsPath) != nil
        if link, !chained, settingsFree, let direct = GitHookScript.directHook(binary: binary) {
            do throws(SystemError) {
                return try installDirect(direct, binary: binary, name: name, at: path, found: found)
            } catch {
                // Not written: the script, as before.
            }
        }
        let outcome = try install(GitHookScript.repositoryHook(binary: binary, name: name), as: hook, in: folder)
        // The settings of a link that is no longer there.
        if ourSettings(settingsPath) != nil { try? Files.remove(settingsPath) }
        return outcome
    }

    static func ourSettings(_ path: String) -> GitHookScript.Installed? {
        guard !Files.isLink(path), let bytes = (try? Files.readIfPresent(path, limit: readLimit)) ?? nil else { return nil }
        return GitHookScript.inspectLinkSettings(bytes)
    }

    /// Writes the settings, then puts the direct hook `text` in place of what is at `path` in
    /// one rename: it never runs without its settings, and there is no moment without a hook.
    static func installDirect(_ text: String, binary: String, name: StreakName, at path: String,
                              found: Found) throws(SystemError) -> HookInstallOutcome {
        let folder = Paths.folder(of: path)
        let settingsPath = settingsPath(beside: path)
        let settings = Array(GitHookScript.linkSettings(binary: binary, name: name).utf8)
        if case .ours(let installed, let old) = found, installed.form == .direct, old == Array(text.utf8) + settings,
           try mode(of: path) == 0o755 {
            return .unchanged(chained: false)
        }
        try Files.makeFolders(folder)
        let hadSettings = Files.exists(settingsPath)
        let before = (try? Files.readIfPresent(settingsPath, limit: readLimit)) ?? nil
        if before != settings { try Files.writeAtomically(settingsPath, settings) }
        do throws(SystemError) {
            try writeHook(path, text)
        } catch {
            if !hadSettings { try? Files.remove(settingsPath) }
            throw error
        }
        if case .ours(let installed, _) = found { return .updated(from: installed, chained: false) }
        return .installed(chained: false)
    }

    /// Puts `text` in `folder/hook`. A foreign hook there is renamed to `hook.before-streakprompt`,
    /// which ours runs; installing the same text again changes nothing.
    public static func install(_ text: String, as hook: String, in folder: String) throws(HookFileError) -> HookInstallOutcome {
        let path = Paths.join(folder, hook)
        let backup = path + GitHookScript.backupSuffix
        let found = look(at: path)
        if found == .foreign, Files.exists(backup) { throw .backupInTheWay(hook: path, backup: backup) }
        // A folder, a pipe or a socket by the hook's name is no hook git could run, and one a
        // hook of ours could not run after it, nor uninstall put back in its place.
        if found == .foreign, !Files.isLink(path), !Files.isRegularFile(path) {
            throw .system(SystemError("keep", path, code: EINVAL, detail: "it is not a file git can run as a hook; move it away and install again"))
        }
        do throws(SystemError) {
            try Files.makeFolders(folder)
            switch found {
            case .ours(let installed, let old):
                let chained = Files.exists(backup)
                if old == Array(text.utf8), try mode(of: path) == 0o755 { return .unchanged(chained: chained) }
                try writeHook(path, text)
                return .updated(from: installed, chained: chained)
            case .foreign:
                try Files.rename(path, to: backup)
                try writeHook(path, text)
                return .installed(chained: true)
            case .nothing:
                // A backup without a hook: an install cut short, or ours deleted by hand. Ours
                // runs it again, and uninstall puts it back.
                try writeHook(path, text)
                return .installed(chained: Files.exists(backup))
            }
        } catch {
            throw .system(error)
        }
    }

    /// Removes our `folder/hook` and renames the hook that was there before back into place.
    public static func uninstall(_ hook: String, in folder: String) throws(HookFileError) -> HookRemoveOutcome {
        let path = Paths.join(folder, hook)
        let backup = path + GitHookScript.backupSuffix
        do throws(SystemError) {
            switch look(at: path) {
            case .foreign:
                // Ours kept by the pre-commit framework as `HOOK.legacy`, which it runs: that
                // one goes (or gives way to the hook ours kept), as ours would at its own name.
                let legacy = path + ".legacy"
                guard case .ours(let installed, _) = look(at: legacy) else {
                    // The settings of a direct hook of ours that someone replaced: no hook reads them now.
                    let settings = path + GitHookScript.settingsSuffix
                    if ourSettings(settings) != nil { try Files.remove(settings) }
                    return .foreign(backupPresent: Files.exists(backup))
                }
                let restored = Files.exists(backup)
                if restored { try Files.rename(backup, to: legacy) } else { try Files.remove(legacy) }
                if installed.startsTheBinary { try Files.remove(path + GitHookScript.settingsSuffix) }
                try Files.syncFolder(folder)
                return .removedKept(restored: restored)
            case .nothing:
                guard Files.exists(backup) else { return .notInstalled }
                try Files.rename(backup, to: path)
                return .removed(restored: true)
            case .ours(let installed, let text):
                let restored = Files.exists(backup)
                // Lines someone added after ours (`echo make test >> .git/hooks/post-commit`)
                // stay: the file becomes a hook of theirs, without our lines.
                if installed.form == .script, let added = GitHookScript.added(to: text), GitHookScript.holdsCommands(added) {
                    if restored { return .addedAndKept }
                    let own = added.starts(with: "#!".utf8) ? Array(added) : Array("#!/bin/sh\n".utf8) + added
                    try writeHook(path, own)
                    let settings = path + GitHookScript.settingsSuffix
                    if ourSettings(settings) != nil { try Files.remove(settings) }
                    return .removedKeepingAdded
                }
                if restored {
                    // One rename replaces ours with the original: there is no moment without a hook.
                    try Files.rename(backup, to: path)
                    try Files.syncFolder(folder)
                } else {
                    try Files.remove(path)
                }
                // A link's settings go after it: a link never runs without them.
                if installed.startsTheBinary { try Files.remove(path + GitHookScript.settingsSuffix) }
                return .removed(restored: restored)
            }
        } catch {
            throw .system(error)
        }
    }

    /// Replaces `path` atomically with `text`, mode exactly 0755 whatever the umask.
    static func writeHook(_ path: String, _ text: String) throws(SystemError) {
        try writeHook(path, Array(text.utf8))
    }

    static func writeHook(_ path: String, _ text: [UInt8]) throws(SystemError) {
        let folder = Paths.folder(of: path)
        let temporary = folder + "/." + Paths.lastComponent(of: path) + ".streakprompt-" + String(getpid())
        do throws(SystemError) {
            let file = try FileDescriptor.open(temporary, O_WRONLY | O_CREAT | O_TRUNC, mode: 0o755)
            guard fchmod(file.raw, 0o755) == 0 else { throw SystemError("set the mode of", temporary) }
            try file.writeAll(text)
            try file.sync()
            try Files.rename(temporary, to: path)
        } catch {
            _ = temporary.withCString { unlink($0) }
            throw error
        }
        try Files.syncFolder(folder)
    }

    /// The permission bits of the file at `path` (following links).
    public static func mode(of path: String) throws(SystemError) -> mode_t {
        var info = stat()
        guard stat(path, &info) == 0 else { throw SystemError("stat", path) }
        return info.st_mode & 0o7777
    }
}
