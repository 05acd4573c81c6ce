import StreakCore
import StreakShell
import StreakSystem

/// The streak a commit counts for when `--name` is not given, by the hook and by `import git`
/// alike: the same `default` streak a bare `streakprompt tick` counts for, so `status` and the
/// prompt show commits with no name given; `--name commits` keeps them apart.
let commitsStreak = "default"

let nameFlag = FlagSpec("--name", value: "NAME", help: "the streak commits count for (default: \(commitsStreak))",
                        completes: .streak)

/// `streakprompt git` without a sub-command: how to use the git commands.
enum GitUsage: Command {
    static let subcommands = ["install", "uninstall", "status", "hook"]

    static let spec = CommandSpec(
        ["git"], usage: "install|uninstall|status [--global] [--name NAME]",
        summary: "count your commits with a git hook (see the git commands below)",
        details: """
        streakprompt git install [--name NAME]     this repository's post-commit hook
        streakprompt git install --global          every repository (global core.hooksPath)
        streakprompt git uninstall [--global]      remove it; put back what was there
        streakprompt git status [--json]           where it is installed, what it counts
        streakprompt git hook post-commit          what the hook runs (for husky, lefthook)
        """,
        arguments: "COMMAND", count: 0...1, completes: .words(subcommands))

    static func run(_ invocation: Invocation, _ context: Context) throws -> Int32 {
        guard let word = invocation.arguments.first else {
            throw UsageError("'streakprompt git' needs a command: install, uninstall or status; see 'streakprompt git --help'")
        }
        throw UsageError("unknown git command '\(Text.visible(word))'; did you mean '\(Suggest.closest(to: word, in: subcommands))'? (see 'streakprompt git --help')")
    }
}

/// `streakprompt git install`: the post-commit hook in this repository, or for every
/// repository with `--global`.
enum GitInstall: Command {
    static let spec = CommandSpec(
        ["git", "install"], usage: "[--global] [--name NAME]",
        summary: "add the post-commit hook to this repository (or to all with --global)",
        details: """
        Your new commits then count for the streak NAME (default: \(commitsStreak)); amends,
        rebases, cherry-picks, reverts, other people's commits and backdated commits do not.
        A post-commit hook already there keeps running: it is renamed post-commit\(GitHookScript.backupSuffix)
        and run by ours; 'streakprompt git uninstall' puts it back. With --global, git runs
        the hooks of a folder of streakprompt's in every repository (global core.hooksPath),
        which forward every hook to the repository's own. Installing again changes nothing.
        """,
        flags: [FlagSpec("--global", help: "count commits in every repository (sets the global core.hooksPath)"), nameFlag])

    static func run(_ invocation: Invocation, _ context: Context) throws -> Int32 {
        let name = try Context.validName(invocation.value("--name") ?? commitsStreak)
        guard let binary = GitPaths.runningBinary(CommandLine.arguments.first ?? "streakprompt") else {
            throw Failure("cannot tell where this streakprompt binary is, to write its path into the hook; run it by its full path")
        }
        if invocation.has("--global") {
            return try installGlobal(name: name, binary: binary, context)
        }
        let repository = try GitCommands.repository(Git(), purpose: "install")
        if let setting = repository.hooksPath, repository.hooksElsewhere, !GitCommands.isOurGlobalFolder(repository.runsHooksFrom) {
            throw Failure(GitCommands.hooksPathRefusal(setting, folder: repository.hooksFolder, name: name))
        }
        let text = GitHookScript.repositoryHook(binary: binary, name: name)
        let outcome: HookInstallOutcome
        do {
            outcome = try GitHookFiles.install(text, as: GitHookScript.countingHook, in: repository.hooksFolder)
        } catch {
            throw GitCommands.failure(error)
        }
        let hook = Paths.join(repository.hooksFolder, GitHookScript.countingHook)
        let kept = "The hook that was there still runs after ours (kept as \(GitHookScript.countingHook)\(GitHookScript.backupSuffix)); 'streakprompt git uninstall' puts it back."
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

    static func installGlobal(name: StreakName, binary: String, _ context: Context) throws -> Int32 {
        let folder = try GitCommands.globalFolder()
        let git = Git()
        let current = try GitCommands.call { () throws(GitError) in try GitGlobalConfig.hooksPath(git) }
        if let current, GitPaths.expandingTilde(current) != folder {
            throw Failure("core.hooksPath is already set in your global git config, to '\(current)', so another tool (husky, a dotfiles setup) owns where git looks for hooks, and streakprompt will not take it over; add 'streakprompt git hook post-commit --name \(name)' to the post-commit hook in that folder instead, or remove the setting with 'git config --global --unset core.hooksPath' and install again")
        }
        let configWasEmpty = try GitCommands.call { () throws(GitError) in try GitGlobalConfig.isEmpty(git) }
        let createdFolder = GlobalInstallRecord.firstMissing(folder)
        let changed: Bool
        do {
            changed = try GitHookFiles.writeGlobal(in: folder, binary: binary, name: name)
        } catch {
            throw Failure(error.message + "; move that file away, or remove the folder, and install again")
        }
        if current == nil {
            try GitCommands.call { () throws(GitError) in try GitGlobalConfig.setHooksPath(git, folder) }
            let created = configWasEmpty
                ? try GitCommands.call { () throws(GitError) in try GitGlobalConfig.file(holding: "core.hooksPath", git) }
                : nil
            do {
                // An earlier record (a reinstall after core.hooksPath was unset by hand) knows
                // what the first install created.
                var record = GlobalInstallRecord.read(in: folder)
                record.createdConfig = record.createdConfig ?? created
                record.createdFolder = record.createdFolder ?? createdFolder
                try record.write(in: folder)
            } catch {
                throw Failure(error.message + "; check the folder's permissions")
            }
            context.out.line("Installed for every repository: git now runs the hooks in \(folder) (global core.hooksPath).")
            context.out.line("Your new commits count for the streak '\(name)'; every other hook is forwarded to each repository's own hooks folder, so they keep working.")
            context.out.line("A repository that sets its own core.hooksPath (husky) is not covered; see 'streakprompt git status' there.")
        } else if changed {
            context.out.line("Updated the global hooks in \(folder): your new commits count for the streak '\(name)'.")
        } else {
            context.out.line("Already installed for every repository (\(folder)), counting for '\(name)'; nothing changed.")
        }
        return 0
    }
}

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
        flags: [FlagSpec("--global", help: "remove the hooks installed for every repository")])

    static func run(_ invocation: Invocation, _ context: Context) throws -> Int32 {
        if invocation.has("--global") { return try uninstallGlobal(context) }
        let repository = try GitCommands.repository(Git(), purpose: "uninstall")
        let hook = Paths.join(repository.hooksFolder, GitHookScript.countingHook)
        let outcome: HookRemoveOutcome
        do {
            outcome = try GitHookFiles.uninstall(GitHookScript.countingHook, in: repository.hooksFolder)
        } catch {
            throw GitCommands.failure(error)
        }
        switch outcome {
        case .removed(let restored):
            context.out.line(restored ? "Removed streakprompt's hook; \(hook) is the hook that was there before, unchanged."
                                      : "Removed \(hook).")
        case .notInstalled:
            context.out.line("streakprompt's hook is not installed in \(repository.hooksFolder); nothing changed.")
        case .foreign(let backupPresent):
            var message = "\(hook) is not streakprompt's hook (another tool replaced it), so it was left untouched"
            if backupPresent {
                message += "; the hook streakprompt kept, \(hook)\(GitHookScript.backupSuffix), is still there: move it back by hand if you want it"
            }
            throw Failure(message)
        }
        return 0
    }

    static func uninstallGlobal(_ context: Context) throws -> Int32 {
        let folder = try GitCommands.globalFolder()
        let git = Git()
        let current = try GitCommands.call { () throws(GitError) in try GitGlobalConfig.hooksPath(git) }
        if let current, GitPaths.expandingTilde(current) != folder {
            throw Failure("core.hooksPath in your global git config is '\(current)', which is not streakprompt's folder: it belongs to another tool and was left untouched; streakprompt's global hook is not active, so there is nothing to uninstall")
        }
        let record = GlobalInstallRecord.read(in: folder)
        let createdConfig = record.createdConfig
        if current != nil {
            try GitCommands.call { () throws(GitError) in try GitGlobalConfig.unsetHooksPath(git) }
            // The config file the install created, now empty again: gone, as it was.
            if let createdConfig, let bytes = try? Files.readIfPresent(createdConfig, limit: 1 << 16), bytes.isEmpty {
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
                throw Failure(error.message + "; remove the folder by hand")
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

/// `streakprompt git status`: where the hook is installed and whether commits here count.
enum GitStatus: Command {
    static let spec = CommandSpec(
        ["git", "status"], usage: "[--global] [--json]",
        summary: "show where the hook is installed and whether commits here count",
        flags: [CommandTable.json, FlagSpec("--global", help: "show only the global install")])

    static func run(_ invocation: Invocation, _ context: Context) throws -> Int32 {
        let git = Git()
        let repository = invocation.has("--global") ? nil : try GitCommands.call { () throws(GitError) in try GitRepository.locate(git) }
        let globalFolder = GitPaths.globalHooksFolder()
        let globalSetting = try GitCommands.call { () throws(GitError) in try GitGlobalConfig.hooksPath(git) }
        let globalActive = globalSetting.map { GitPaths.expandingTilde($0) == globalFolder } ?? false
        let globalHook = globalFolder.flatMap { hookFound(Paths.join($0, GitHookScript.countingHook)) }

        var repoHook: GitHookScript.Installed?
        var chained = false
        var counting: GitHookScript.Installed?
        if let repository {
            let path = Paths.join(repository.hooksFolder, GitHookScript.countingHook)
            repoHook = hookFound(path)
            chained = Files.exists(path + GitHookScript.backupSuffix)
            if !repository.hooksElsewhere {
                counting = repoHook
            } else if GitCommands.isOurGlobalFolder(repository.runsHooksFrom) {
                counting = repoHook ?? globalHook
            }
        }

        if invocation.has("--json") {
            func describe(_ hook: GitHookScript.Installed?) -> [(String, JSON)] {
                [("version", hook.map { .number($0.version) } ?? .null),
                 ("name", hook?.name.map(JSON.string) ?? .null),
                 ("binary", hook?.binary.map(JSON.string) ?? .null),
                 ("binary_found", .bool(hook?.binary.map(isExecutable) ?? false)),
                 ("current", .bool(hook?.version == GitHookScript.version))]
            }
            var repo: JSON = .null
            if let repository {
                repo = .object([
                    ("git_folder", .string(repository.gitFolder)),
                    ("hooks_folder", .string(repository.hooksFolder)),
                    ("core_hooks_path", repository.hooksPath.map { .object([("value", .string($0.value)), ("scope", .string($0.scope))]) } ?? .null),
                    ("installed", .bool(repoHook != nil)),
                    ("chained", .bool(chained)),
                ] + describe(repoHook))
            }
            let global: JSON = .object([
                ("installed", .bool(globalHook != nil)),
                ("active", .bool(globalActive)),
                ("folder", globalFolder.map(JSON.string) ?? .null),
                ("core_hooks_path", globalSetting.map(JSON.string) ?? .null),
            ] + describe(globalHook))
            context.out.line(JSON.object([
                ("repository", repo),
                ("global", global),
                ("counting", .bool(counting != nil)),
                ("counts_for", counting?.name.map(JSON.string) ?? .null),
            ]).pretty)
            return 0
        }

        if let repository {
            context.out.line("repository  \(repository.gitFolder)")
            let path = Paths.join(repository.hooksFolder, GitHookScript.countingHook)
            if let repoHook {
                context.out.line("hook        \(path): \(summary(repoHook))")
                if chained { context.out.line("            then runs \(GitHookScript.countingHook)\(GitHookScript.backupSuffix), the hook that was there before") }
            } else {
                context.out.line("hook        not installed ('streakprompt git install' adds it)")
            }
            if let setting = repository.hooksPath {
                let whose = !repository.hooksElsewhere ? "the repository's own folder"
                    : GitCommands.isOurGlobalFolder(repository.runsHooksFrom) ? "streakprompt's global folder" : "another tool's folder"
                context.out.line("hooksPath   core.hooksPath = \(setting.value) (\(setting.scope) config): \(whose)")
            }
        } else if !invocation.has("--global") {
            context.out.line("repository  none (not inside a git repository)")
        }
        if globalActive, let globalHook {
            context.out.line("global      \(globalFolder ?? ""): \(summary(globalHook))")
        } else if globalActive {
            context.out.line("global      core.hooksPath names streakprompt's folder, but its hooks are missing: run 'streakprompt git install --global' again")
        } else if let globalSetting {
            context.out.line("global      not installed (core.hooksPath = \(globalSetting), another tool's)")
        } else {
            context.out.line("global      not installed ('streakprompt git install --global' adds it)")
        }
        if repository != nil {
            if let counting {
                context.out.line("counting    yes: your new commits here count for '\(counting.name ?? commitsStreak)'")
            } else if let repository, repository.hooksElsewhere, let setting = repository.hooksPath {
                context.out.line("counting    no: git runs hooks from \(setting.value); add 'streakprompt git hook post-commit' to its post-commit hook")
            } else {
                context.out.line("counting    no")
            }
        }
        return 0
    }

    static func hookFound(_ path: String) -> GitHookScript.Installed? {
        if case .ours(let installed, _) = GitHookFiles.look(at: path) { return installed }
        return nil
    }

    static func isExecutable(_ path: String) -> Bool {
        GitPaths.isExecutable(path)
    }

    static func summary(_ hook: GitHookScript.Installed) -> String {
        var text = "v\(hook.version)"
        if hook.version != GitHookScript.version { text += " (outdated: 'streakprompt git install' updates it)" }
        if let name = hook.name { text += ", counts for '\(name)'" }
        if let binary = hook.binary {
            text += isExecutable(binary) ? ", calls \(binary)" : ", calls \(binary) (missing: the hook falls back to PATH)"
        }
        return text
    }
}

/// `streakprompt git hook post-commit`: what the installed hook runs. Counts the commit just
/// made when it is new work of yours; silent and exit 0 whatever happens, so it can never
/// fail a commit (and can be called from husky or lefthook as is).
enum GitHook: Command {
    static let spec = CommandSpec(
        ["git", "hook"], usage: "post-commit [--name NAME] [--dry-run]",
        summary: "count the commit just made, if it is new work of yours (what the hook runs)",
        details: """
        Silent, and exits 0 whatever happens. Skips amends, rebases, cherry-picks and reverts,
        commits whose author is not you (user.email, or any 'git config --add
        streakprompt.email ADDRESS'), and commits whose author date is more than 6 hours from
        now (--date). STREAKPROMPT=0 turns it off. --dry-run says what it would do, and why.
        """,
        flags: [nameFlag, FlagSpec("--dry-run", help: "count nothing; say whether the commit would count, and why"),
                CommandTable.now],
        arguments: "HOOK", count: 1...1, completes: .words([GitHookScript.countingHook]))

    static func run(_ invocation: Invocation, _ context: Context) throws -> Int32 {
        guard invocation.arguments.first == GitHookScript.countingHook else {
            throw UsageError("'streakprompt git hook' runs only \(GitHookScript.countingHook); usage: streakprompt git hook \(spec.usage)")
        }
        let dryRun = invocation.has("--dry-run")
        if Environment.value("STREAKPROMPT") == "0" {
            if dryRun { context.out.line("off: STREAKPROMPT=0") }
            return 0
        }
        let name = try Context.validName(invocation.value("--name") ?? commitsStreak)
        do {
            let today = try context.today(invocation)
            // The second commit of a day changes nothing: one action per date, as 'import git'
            // records, and the commit costs only this binary's start and one small read.
            if !dryRun, alreadyCounted(name, on: today.day) { return 0 }
            let verdict = try judgeHead(now: today.now)
            if dryRun {
                switch verdict {
                case .counts: context.out.line("counts: new work of yours; it counts for '\(name)' on \(today.day)")
                case .skipped(let reason): context.out.line("skipped: \(reason)")
                }
                return 0
            }
            guard verdict == .counts else { return 0 }
            let store = try context.store()
            let action = Action(day: today.day, at: context.zone.local(at: today.now))
            _ = try storeCall { () throws(StoreError) -> TickOutcome in try store.tick(name, action: action, zone: context.zone) }
        } catch {
            // A hook must never fail a commit: whatever went wrong, the commit stands.
            if dryRun { throw error }
        }
        return 0
    }

    /// Asks git about the commit HEAD points at, and judges it.
    static func judgeHead(now: Int64) throws -> CommitVerdict {
        let git = Git(timeout: 5000)
        // Git runs hooks at the worktree's top and exports GIT_DIR whenever the git folder is
        // not ./.git, so the common case needs no git process to find the replay state.
        let gitFolder: String
        if let given = Environment.nonEmpty("GIT_DIR") {
            gitFolder = given
        } else if Files.isFolder(".git") {
            gitFolder = ".git"
        } else {
            gitFolder = try GitCommands.call { () throws(GitError) in try git.text(["rev-parse", "--git-dir"]) }
        }
        let replaying = CommitFacts.replayStates.filter { Files.exists(Paths.join(gitFolder, $0)) }
        if !replaying.isEmpty {
            return .skipped("git is replaying commits (\(replaying[0]) is present): a rebase, cherry-pick or revert")
        }
        let fields = "%ae%x00%at%x00%ce%x00%ct"
        var facts = try GitCommands.call { () throws(GitError) in
            try headFacts(git, ["log", "-g", "-1", "--format=%gs%x00" + fields, "HEAD"], hasSubject: true)
        }
        if facts == nil {
            // No reflog (core.logAllRefUpdates=false): judge without the subject.
            facts = try GitCommands.call { () throws(GitError) in
                try headFacts(git, ["log", "-1", "--format=" + fields, "HEAD"], hasSubject: false)
            }
        }
        guard let facts else { return .skipped("git shows no commit at HEAD") }
        let overridden = (Git.oneOffConfigVariables + ["GIT_COMMITTER_EMAIL"]).contains { Environment.value($0) != nil }
        let emails = !overridden && facts.isAuthoredByCommitter
            ? [facts.committerEmail]
            : try GitCommands.call { () throws(GitError) in try git.yourEmails(configuredOnly: true) }
        return CommitJudge(yourEmails: emails, now: now, clock: Clock.now()).verdict(facts)
    }

    /// Whether the prompt cache says the streak already has an action on `day`. Any doubt (no
    /// cache, an unreadable one, no line for the streak) means no: the full check runs.
    static func alreadyCounted(_ name: StreakName, on day: StreakDay) -> Bool {
        guard let home = Store.defaultHome(),
              let bytes = try? Files.readIfPresent(Store.cachePath(home: home), limit: PromptCache.maxBytes),
              let entries = PromptCache.decode(bytes)
        else { return false }
        return entries.first { $0.name == name.text }?.progress.last == day
    }

    static func headFacts(_ git: Git, _ arguments: [String], hasSubject: Bool) throws(GitError) -> CommitFacts? {
        let outcome = try git.run(["-c", "log.showSignature=false"] + arguments)
        guard outcome.succeeded else { return nil }
        var bytes = outcome.stdout
        while bytes.last == 0x0A { bytes.removeLast() }
        var fields = bytes.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        let subject = hasSubject ? fields.removeFirst() : nil
        guard fields.count == 4, let authorTime = Int64(fields[1]), let committerTime = Int64(fields[3]) else { return nil }
        return CommitFacts(reflogSubject: subject, authorEmail: fields[0], authorTime: authorTime,
                           committerEmail: fields[2], committerTime: committerTime)
    }
}

/// What the git commands share: finding the repository, and saying what went wrong.
enum GitCommands {
    static func repository(_ git: Git, purpose: String) throws -> GitRepository {
        guard let repository = try call({ () throws(GitError) in try GitRepository.locate(git) }) else {
            throw Failure("not inside a git repository; run 'streakprompt git \(purpose)' in one, or add --global for every repository")
        }
        return repository
    }

    static func globalFolder() throws -> String {
        guard let folder = GitPaths.globalHooksFolder() else {
            throw Failure("cannot find a folder for the global hooks: HOME is not set; set HOME or XDG_CONFIG_HOME")
        }
        return folder
    }

    static func isOurGlobalFolder(_ path: String) -> Bool {
        path == GitPaths.globalHooksFolder()
    }

    /// Runs a git query, turning its error into the user's message.
    static func call<T>(_ body: () throws(GitError) -> T) throws(Failure) -> T {
        do {
            return try body()
        } catch .missing {
            throw Failure("git is not installed (or not on PATH); install git, then try again")
        } catch {
            throw Failure(error.message)
        }
    }

    static func failure(_ error: HookFileError) -> Failure {
        switch error {
        case .backupInTheWay(let hook, let backup):
            return Failure("\(hook) is another tool's hook, and \(backup), where streakprompt would keep it, already exists; move one of them away, then install again")
        case .system(let error):
            return Failure(error.message + "; check the hooks folder's permissions")
        }
    }

    /// Why a repository whose hooks come from another tool's `core.hooksPath` is not touched,
    /// and what to do instead.
    static func hooksPathRefusal(_ setting: HooksPathSetting, folder: String, name: StreakName) -> String {
        let unset: String
        switch setting.scope {
        case "global": unset = "'git config --global --unset core.hooksPath'"
        case "system": unset = "'git config --system --unset core.hooksPath'"
        case "worktree": unset = "'git config --worktree --unset core.hooksPath'"
        case "command": unset = "dropping it from 'git -c' or GIT_CONFIG_PARAMETERS"
        default: unset = "'git config --unset core.hooksPath'"
        }
        return "core.hooksPath is set to '\(setting.value)' (\(setting.scope) config), so git runs hooks from that folder and never from \(folder); streakprompt does not write into a folder another tool manages. Run 'streakprompt git hook post-commit --name \(name)' from that tool's post-commit hook instead (husky: add it to .husky/post-commit; lefthook: a post-commit command in lefthook.yml), or remove the setting with \(unset) and install again"
    }
}
