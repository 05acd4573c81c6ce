import StreakCore
import StreakShell
import StreakSystem

/// `streakprompt git uninstall`: removes what `install` added and puts back what was there.
enum GitUninstall: Command {
    static let spec = CommandSpec(
        ["git", "uninstall"], usage: "[--global]",
        summary: "remove the hook, restoring what was there",
        details: """
        Removes streakprompt's post-commit hook from this repository and renames the hook that
        was there before back into place, byte for byte. With --global, unsets the global
        core.hooksPath (only when it is streakprompt's) and removes streakprompt's hooks folder.
        """,
        flags: [global])

    static let global = FlagSpec("--global", help: "remove the hooks installed for every repository")

    static func run(_ invocation: Invocation, _ context: Context) throws(CommandError) -> Int32 {
        if invocation.has(global) { return try uninstallGlobal(context) }
        let repository = try GitShared.repository(Git(environment: context.environment), purpose: "uninstall")
        let hook = Paths.join(repository.hooksFolder, GitHookScript.countingHook)
        let outcome: HookRemoveOutcome
        do {
            outcome = try GitHookFiles.uninstall(GitHookScript.countingHook, in: repository.hooksFolder)
        } catch {
            throw GitShared.failure(error)
        }
        switch outcome {
        case .removed(let restored):
            context.out.line(restored ? "Removed streakprompt's hook; \(hook) is the hook that was there before, unchanged."
                                      : "Removed \(hook).")
        case .removedKept(let restored):
            context.out.line(restored ? "Removed streakprompt's hook from behind \(hook); \(hook).legacy is the hook that was there before, unchanged."
                                      : "Removed \(hook).legacy, streakprompt's hook that \(hook) ran; \(hook) is left as it is.")
        case .notInstalled:
            context.out.line("streakprompt's hook is not installed in \(repository.hooksFolder); nothing changed.")
        case .foreign(false):
            // Nothing of ours there (never installed, or gone with what it kept): the same
            // answer as with no hook at all.
            context.out.line("streakprompt's hook is not installed in \(repository.hooksFolder) (\(hook) is another hook, left as it is); nothing changed.")
        case .removedKeepingAdded:
            context.out.line("Removed streakprompt's lines from \(hook); the lines you added after them stay there, as a hook of yours.")
        case .addedAndKept:
            throw .failure("\(hook) has lines you added after streakprompt's, and \(hook)\(GitHookScript.backupSuffix) is the hook that was there before: both were left as they are; put the lines you added into \(hook)\(GitHookScript.backupSuffix), then run 'streakprompt git uninstall' again")
        case .foreign(true):
            throw .failure("\(hook) is not streakprompt's hook (another tool replaced it), so it was left untouched; the hook streakprompt kept, \(hook)\(GitHookScript.backupSuffix), is still there: move it back by hand if you want it")
        }
        return 0
    }

    static func uninstallGlobal(_ context: Context) throws(CommandError) -> Int32 {
        let folder = try GitShared.globalFolder(context.environment)
        let git = Git(environment: context.environment)
        let current = try GitShared.call { () throws(GitError) in try GitGlobalConfig.hooksPath(git) }
        if let current, !GitGlobalConfig.isOurFolder(current, context.environment) {
            throw .failure("core.hooksPath in your global git config is '\(current)', which is not streakprompt's folder: it belongs to another tool and was left untouched; streakprompt's global hook is not active, so there is nothing to uninstall")
        }
        let record = GlobalInstallRecord.read(in: folder)
        let createdConfig = record.createdConfig
        if current != nil {
            try GitShared.call { () throws(GitError) in try GitGlobalConfig.unsetHooksPath(git) }
            // The `[core]` line the install's setting came with, when nothing else is under it.
            if record.addedCoreSection { try? GitGlobalConfig.removeEmptyCoreSection(git) }
            // The config file the install created, now empty again: gone, as it was.
            if let createdConfig, let bytes = try? Files.readIfPresent(createdConfig, limit: 1 << 16, followLinks: true), bytes.isEmpty {
                try? Files.remove(createdConfig)
            }
        }
        let hadFolder = Files.isFolder(folder)
        var folderGone = true
        if hadFolder {
            do {
                folderGone = try GitHookFiles.removeGlobal(folder)
                if folderGone { record.removeCreatedFolders(above: folder) }
            } catch {
                throw .failure(error.message + "; remove the folder by hand")
            }
        }
        if current == nil && !hadFolder {
            context.out.line("streakprompt's global hook is not installed; nothing changed.")
            return 0
        }
        context.out.line("Removed the global hook: core.hooksPath is unset, and repositories run their own hooks again.")
        if !folderGone { context.out.line("\(folder) still holds files streakprompt did not write; they were left there.") }
        return 0
    }
}
