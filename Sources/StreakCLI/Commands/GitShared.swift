import StreakCore
import StreakSystem

/// What the git commands share: the streak commits count for, finding the repository, and
/// saying what went wrong.
enum GitShared {
    /// The streak a commit counts for when `--name` is not given, by the hook and by
    /// `import git` alike: the same `default` streak a bare `streakprompt tick` counts for, so
    /// `status` and the prompt show commits with no name given; `--name commits` keeps them apart.
    static let commitsStreak = StreakName.default

    static let nameFlag = FlagSpec("--name", .streakName(existing: true),
                                   help: "the streak commits count for (default: \(commitsStreak))")

    /// The streak `--name` names, or the commits' default.
    static func streak(_ invocation: Invocation) -> StreakName {
        invocation.name(nameFlag) ?? commitsStreak
    }

    /// The streak the hook git runs here counts for (the repository's own, else the one in
    /// the folder `core.hooksPath` names), when one of ours or a call to ours is there: what a
    /// dry run without `--name` judges for.
    static func installedStreak(_ environment: Environment) -> StreakName? {
        guard let repository = try? GitRepository.locate(Git(environment: environment)) else { return nil }
        for folder in [repository.runsHooksFrom, repository.hooksFolder] {
            let hook = CommitHook.inspect(folder: folder)
            if hook.counts { return hook.name.flatMap { try? StreakName($0) } ?? commitsStreak }
        }
        return nil
    }

    static func repository(_ git: Git, purpose: String) throws(CommandError) -> GitRepository {
        guard let repository = try call({ () throws(GitError) in try GitRepository.locate(git) }) else {
            throw .failure("not inside a git repository; run 'streakprompt git \(purpose)' in one, or add --global for every repository")
        }
        return repository
    }

    /// The running binary, to write into a hook.
    static func binary(_ context: Context) throws(CommandError) -> String {
        guard let binary = ExecutablePath.current(environment: context.environment) else {
            throw .failure("cannot tell where this streakprompt binary is, to write its path into the hook; run it by its full path")
        }
        return binary
    }

    /// Our post-commit in the repository's own hooks folder: a file that starts the binary where git
    /// runs that folder itself, the script where an earlier version's global hooks run first
    /// (they forward to it) or another hook is kept to run after ours.
    static func installHook(in repository: GitRepository, binary: String, name: StreakName) throws(HookFileError) -> HookInstallOutcome {
        try GitHookFiles.installRepositoryHook(binary: binary, name: name, in: repository.hooksFolder,
                                               link: !repository.hooksElsewhere)
    }

    /// Runs a git query, turning its error into the user's message.
    static func call<T>(_ body: () throws(GitError) -> T) throws(CommandError) -> T {
        do {
            return try body()
        } catch .missing {
            throw .failure("git is not installed (or not on PATH); install git, then try again")
        } catch {
            throw .failure(error.message)
        }
    }

    static func failure(_ error: GlobalInstallError) -> CommandError {
        switch error {
        case .git(.missing): return .failure("git is not installed (or not on PATH); install git, then try again")
        case .git(let error): return .failure(error.message)
        case .system(let error): return .failure(error.message + "; " + error.advice)
        case .store(.corrupt(let problem)):
            return .failure(problem.message + "; the record of what the global install put where does not read: fix that line (see docs/git.md), or move the file away if nothing is installed any more")
        case .store(let error): return error.commandError
        case .hook(let error): return failure(error)
        case .refused(let message): return .failure(message)
        }
    }

    static func failure(_ error: HookFileError) -> CommandError {
        switch error {
        case .backupInTheWay(let hook, let backup):
            return .failure("\(hook) is another tool's hook, and \(backup), where streakprompt would keep it, already exists; move one of them away, then install again")
        case .system(let error):
            return .failure(error.message + "; check the hooks folder's permissions")
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
        let set = setting.value.isEmpty ? "set, empty, in the \(setting.scope) config, so git runs hooks from the top of the worktree"
            : "set to '\(setting.value)' (\(setting.scope) config), so git runs hooks from that folder"
        return "core.hooksPath is \(set) and never from \(folder); streakprompt does not write into a folder another tool manages. Run 'streakprompt git hook post-commit --name \(name)' from that tool's post-commit hook instead (husky: add it to .husky/post-commit; lefthook: a post-commit command in lefthook.yml), or remove the setting with \(unset) and install again"
    }
}
