import StreakCore
import StreakShell
import StreakSystem

/// `streakprompt git install`: the post-commit hook in this repository, or for every
/// repository with `--global`.
enum GitInstall: Command {
    static let spec = CommandSpec(
        ["git", "install"], usage: "[--global] [--name NAME]",
        summary: "add the post-commit hook to this repository (or to all with --global)",
        details: """
        Your new commits then count for the streak NAME (default: \(GitShared.commitsStreak)); amends,
        rebases, cherry-picks, reverts, other people's commits and backdated commits do not.
        A post-commit hook already there keeps running: it is renamed post-commit\(GitHookScript.backupSuffix)
        and run by ours; 'streakprompt git uninstall' puts it back. With --global, git runs
        the hooks of a folder of streakprompt's in every repository (global core.hooksPath),
        which forward every hook to the repository's own. Installing again changes nothing.
        """,
        flags: [global, GitShared.nameFlag])

    static let global = FlagSpec("--global", help: "count commits in every repository (sets the global core.hooksPath)")

    static func run(_ invocation: Invocation, _ context: Context) throws(CommandError) -> Int32 {
        let name = GitShared.streak(invocation)
        // A streak the commits would create is refused now, as 'add' refuses it, not at
        // every commit after (the hook says nothing).
        if let store = try? context.store(), !store.exists(name) { try Roster.checkNew(name, store, byHand: false) }
        let binary = try GitShared.binary(context)
        if invocation.has(global) {
            return try installGlobal(name: name, binary: binary, context)
        }
        let repository = try GitShared.repository(Git(environment: context.environment), purpose: "install")
        if repository.isBare {
            throw .failure("\(repository.gitFolder) is a bare repository: nobody commits there, so git never runs its post-commit hook; install in a clone you commit in")
        }
        if let setting = repository.hooksPath, repository.hooksElsewhere,
           !GitGlobalConfig.isOurFolder(repository.runsHooksFrom, context.environment) {
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
            context.out.line("The global hook defers to this one here: commits in this repository count once, for '\(name)'.")
        }
        return 0
    }

    static func installGlobal(name: StreakName, binary: String, _ context: Context) throws(CommandError) -> Int32 {
        let folder = try GitShared.globalFolder(context.environment)
        let git = Git(environment: context.environment)
        let current = try GitShared.call { () throws(GitError) in try GitGlobalConfig.hooksPath(git) }
        if let current, !GitGlobalConfig.isOurFolder(current, context.environment) {
            throw .failure("core.hooksPath is already set in your global git config, to '\(current)', so another tool (husky, a dotfiles setup) owns where git looks for hooks, and streakprompt will not take it over; add 'streakprompt git hook post-commit --name \(name)' to the post-commit hook in that folder instead, or remove the setting with 'git config --global --unset core.hooksPath' and install again")
        }
        // Set where the global file does not show it (a file it includes, the system's, an
        // empty value): ours would replace it, and the hooks there would stop running.
        let elsewhere = try GitShared.call { () throws(GitError) in try GitGlobalConfig.hooksPathsBeforeRepositories(git) }
        if let other = elsewhere.last(where: { !GitGlobalConfig.isOurFolder($0.value, context.environment) }) {
            if other.value.isEmpty {
                throw .failure("core.hooksPath is already set, empty, in \(Text.visible(other.file)), which is no folder of streakprompt's to take over; remove the setting there and install again")
            }
            throw .failure("core.hooksPath is already set, to '\(Text.visible(other.value))' in \(Text.visible(other.file)), so git runs the hooks there in every repository, and a global install would stop them; add 'streakprompt git hook post-commit --name \(name)' to the post-commit hook in that folder instead, or remove the setting there and install again")
        }
        let configWasEmpty = try GitShared.call { () throws(GitError) in try GitGlobalConfig.isEmpty(git) }
        // The files git may take as the global one that are there already (a link included,
        // even one that leads nowhere): one of them was not created, however empty.
        let present = GitGlobalConfig.candidateFiles(context.environment).filter(Files.exists)
        let createdFolder = GlobalInstallRecord.firstMissing(folder)
        let changed: Bool
        do {
            changed = try GitHookFiles.writeGlobal(in: folder, binary: binary, name: name)
        } catch {
            throw .failure(error.message + "; move that file away, or remove the folder, and install again")
        }
        if current == nil {
            let hadCore = try GitShared.call { () throws(GitError) in try GitGlobalConfig.hasCoreSettings(git) }
            try GitShared.call { () throws(GitError) in try GitGlobalConfig.setHooksPath(git, folder) }
            let created = configWasEmpty
                ? try GitShared.call { () throws(GitError) in try GitGlobalConfig.file(holding: "core.hooksPath", git) }
                    .flatMap { present.contains($0) ? nil : $0 }
                : nil
            do {
                // An earlier record (a reinstall after core.hooksPath was unset by hand) knows
                // what the first install created.
                var record = GlobalInstallRecord.read(in: folder)
                record.createdConfig = record.createdConfig ?? created
                record.createdFolder = record.createdFolder ?? createdFolder
                record.addedCoreSection = record.addedCoreSection || !hadCore
                try record.write(in: folder)
            } catch {
                throw .failure(error.message + "; check the folder's permissions")
            }
            context.out.line("Installed for every repository: git now runs the hooks in \(folder) (global core.hooksPath).")
            context.out.line("Your new commits count for the streak '\(name)'; every other hook is forwarded to each repository's own hooks folder, so they keep working.")
            context.out.line("A repository that sets its own core.hooksPath (husky) is not covered; see 'streakprompt git status' there.")
            context.out.line("Hook managers that refuse to install while core.hooksPath is set (the pre-commit framework) install into the repository's own folder, which ours forward to, with the setting hidden from them: \(GitShared.hideHooksPath) pre-commit install")
        } else if changed {
            context.out.line("Updated the global hooks in \(folder): your new commits count for the streak '\(name)'.")
        } else {
            context.out.line("Already installed for every repository (\(folder)), counting for '\(name)'; nothing changed.")
        }
        return 0
    }
}
