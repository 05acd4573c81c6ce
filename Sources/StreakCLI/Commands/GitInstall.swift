import StreakCore
import StreakShell
import StreakSystem

/// `streakprompt git install`: the post-commit hook in this repository, or for every
/// repository with `--global`.
enum GitInstall: Command {
    static let spec = CommandSpec(
        ["git", "install"], usage: "[--global [DIR...]] [--name NAME]",
        summary: "add the post-commit hook to this repository (with --global: to new ones and those under DIR)",
        details: """
        Your new commits then count for the streak NAME (default: \(GitShared.commitsStreak)); amends,
        rebases, cherry-picks, reverts, other people's commits and backdated commits do not.
        A post-commit hook already there keeps running: it is renamed post-commit\(GitHookScript.backupSuffix)
        and run by ours; 'streakprompt git uninstall' puts it back. Installing again changes nothing.

        With --global, the hook goes into git's template folder (init.templateDir: yours when
        you set one, else a folder of streakprompt's that it names there), so every new clone
        and 'git init' has it, and into every repository already under each DIR (found by
        walking it), as 'git install' there would put it; a repository that has it already is
        left as it is, and one whose hooks another tool's core.hooksPath runs (husky) is named,
        not changed. core.hooksPath is left alone. What it installed is recorded in the data
        folder: 'streakprompt git uninstall --global' removes exactly that, and 'streakprompt
        git status --global' lists it. A global install of an earlier version (the global
        core.hooksPath) is taken out first, and core.hooksPath restored.
        """,
        flags: [global, GitShared.nameFlag],
        arguments: .folder, count: 0...256)

    static let global = FlagSpec("--global", help: "count commits in every new repository, and in the repositories under each DIR")

    static func run(_ invocation: Invocation, _ context: Context) throws(CommandError) -> Int32 {
        let name = GitShared.streak(invocation)
        // A streak the commits would create is refused now, as 'add' refuses it, not at
        // every commit after (the hook says nothing).
        if let store = try? context.store(), !store.exists(name) { try Roster.checkNew(name, store, byHand: false) }
        let binary = try GitShared.binary(context)
        if invocation.has(global) {
            return try GitGlobal.install(folders: invocation.arguments, name: name, binary: binary, context)
        }
        if let folder = invocation.arguments.first {
            throw .usage("'\(Text.visible(folder))': folders are given only with --global ('streakprompt git install --global \(Text.visible(folder))'); without it, the repository is the one you are in")
        }
        let repository = try GitShared.repository(Git(environment: context.environment), purpose: "install")
        if repository.isBare {
            throw .failure("\(repository.gitFolder) is a bare repository: nobody commits there, so git never runs its post-commit hook; install in a clone you commit in")
        }
        if let setting = repository.hooksPath, repository.hooksElsewhere,
           !GitGlobalConfig.isLegacyFolder(repository.runsHooksFrom, context.environment) {
            throw .failure(GitShared.hooksPathRefusal(setting, folder: repository.hooksFolder, name: name))
        }
        let outcome: HookInstallOutcome
        do {
            outcome = try GitShared.installHook(in: repository, binary: binary, name: name)
        } catch {
            throw GitShared.failure(error)
        }
        let hook = Paths.join(repository.hooksFolder, GitHookScript.countingHook)
        let backup = GitHookScript.countingHook + GitHookScript.backupSuffix
        // A hook without its execute bit never ran: ours does not run it either (as git would not).
        let kept = Files.isExecutable(hook + GitHookScript.backupSuffix)
            ? "The hook that was there still runs after ours (kept as \(backup)); 'streakprompt git uninstall' puts it back."
            : "The hook that was there is kept as \(backup), not run (it is not executable, so git did not run it either); 'streakprompt git uninstall' puts it back."
        switch outcome {
        case .installed(let chained):
            context.out.line("Installed \(hook): your new commits count for the streak '\(name)'.")
            if chained { context.out.line(kept) }
        case .unchanged(let chained):
            context.out.line("Already installed: \(hook) counts your commits for '\(name)'; nothing changed.")
            if chained { context.out.line(kept) }
        case .updated(let old, let chained):
            var changes: [String] = []
            if old.version != GitHookScript.version { changes.append("version \(old.version) → \(GitHookScript.version)") }
            if let oldName = old.name, oldName != name.text { changes.append("streak '\(oldName)' → '\(name)'") }
            if let oldBinary = old.binary, oldBinary != binary { changes.append("binary \(oldBinary) → \(binary)") }
            let what = changes.isEmpty ? "" : " (" + changes.joined(separator: ", ") + ")"
            context.out.line("Updated \(hook)\(what): your new commits count for the streak '\(name)'.")
            if chained { context.out.line(kept) }
        }
        if repository.hooksElsewhere {
            context.out.line("The global hooks of an earlier version defer to this one here: commits in this repository count once, for '\(name)'.")
        }
        return 0
    }
}
