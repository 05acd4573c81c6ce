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
        was there before back into place, byte for byte. With --global, removes what 'git
        install --global' recorded that it installed, and nothing else: the hook from the
        template folder (and streakprompt's template folder, with init.templateDir, when it
        made one) and from each repository it put it into; a hook changed since is left as it
        is, and said. An earlier version's global install (core.hooksPath) is taken out too.
        """,
        flags: [global])

    static let global = FlagSpec("--global", help: "remove what 'git install --global' installed")

    static func run(_ invocation: Invocation, _ context: Context) throws(CommandError) -> Int32 {
        if invocation.has(global) { return try GitGlobal.uninstall(context) }
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
}
