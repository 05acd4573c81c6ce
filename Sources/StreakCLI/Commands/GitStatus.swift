import StreakCore
import StreakShell
import StreakSystem

/// `streakprompt git status`: where the hook is installed and whether commits here count.
enum GitStatus: Command {
    static let global = FlagSpec("--global", help: "show only the global install: its template folder and each repository it put the hook into")

    static let spec = CommandSpec(
        ["git", "status"], usage: "[--global] [--json]",
        summary: "show where the hook is installed and whether commits here count",
        details: """
        In a repository: its post-commit hook, whether your new commits there count and for
        which streak, and a line on the global install. With --global: what 'git install
        --global' installed, as recorded: the template folder, and each repository it put the
        hook into, with whether the hook is still there as it was put.
        """,
        flags: [CommandTable.json, global])

    static func run(_ invocation: Invocation, _ context: Context) throws(CommandError) -> Int32 {
        let environment = context.environment
        let git = Git(environment: environment)
        let repository = invocation.has(global) ? nil : try GitShared.call { () throws(GitError) in try GitRepository.locate(git) }
        let legacy = try GitShared.call { () throws(GitError) in try LegacyGlobalHooks.state(git) }
        // A record that does not read is said, and the repository's own state still shown.
        var record = GitGlobalRecord()
        var recordProblem: String?
        do throws(CommandError) {
            record = try GitGlobal.record(try context.store())
        } catch {
            // With --global the record is all there is to show.
            if invocation.has(global) { throw error }
            recordProblem = error.message
        }
        let legacyHook = legacy.map { CommitHook.inspect(folder: $0.folder) }

        // The repository's own post-commit hook, and the one git really runs when
        // core.hooksPath sends it to another tool's folder (husky's).
        var ownHook: CommitHook?
        var toolHook: CommitHook?
        var chained = false
        var counting: CommitHook?
        if let repository {
            let own = CommitHook.inspect(folder: repository.hooksFolder)
            ownHook = own
            chained = Files.exists(own.path + GitHookScript.backupSuffix)
            if !repository.hooksElsewhere {
                counting = own.counts ? own : nil
            } else if GitGlobalConfig.isLegacyFolder(repository.runsHooksFrom, environment) {
                counting = ours(own) != nil ? own : legacyHook.flatMap { ours($0) != nil ? $0 : nil }
            } else {
                let run = CommitHook.inspect(folder: repository.runsHooksFrom)
                toolHook = run
                counting = run.counts ? run : nil
            }
            if repository.isBare { counting = nil }
        }
        let repoHook = ownHook.flatMap(ours)

        if invocation.has(CommandTable.json) {
            func describe(_ hook: GitHookScript.Installed?) -> [(String, JSON)] {
                [("version", hook.map { .number($0.version) } ?? .null),
                 ("name", hook?.name.map(JSON.string) ?? .null),
                 ("binary", hook?.binary.map(JSON.string) ?? .null),
                 ("binary_found", .bool(hook?.binary.map(Files.isExecutable) ?? false)),
                 ("form", hook.map { .string($0.form.rawValue) } ?? .null),
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
                ] + describe(repoHook) + [
                    ("caller", (caller(of: ownHook) ?? caller(of: toolHook)).map(JSON.string) ?? .null),
                ])
            }
            var globalJSON = GitStatusGlobal.json(record, legacy: legacy, git: git)
            if let recordProblem, case .object(let fields) = globalJSON {
                globalJSON = .object(fields + [("record_problem", .string(recordProblem))])
            }
            context.out.line(JSON.object([
                ("repository", repo),
                ("global", globalJSON),
                ("counting", .bool(counting != nil)),
                ("counts_for", counting?.name.map(JSON.string) ?? .null),
            ]).pretty)
            return 0
        }

        if let repository {
            context.out.line("repository  \(repository.gitFolder)")
            if let ownHook, let installed = ours(ownHook) {
                context.out.line("hook        \(ownHook.path): \(summary(installed))")
                if chained {
                    let backup = GitHookScript.countingHook + GitHookScript.backupSuffix
                    context.out.line(Files.isExecutable(Paths.join(repository.hooksFolder, backup))
                        ? "            then runs \(backup), the hook that was there before"
                        : "            keeps \(backup), the hook that was there before, which is not executable: neither git nor ours runs it")
                }
            } else if let hook = [toolHook, ownHook].compactMap({ $0 }).first(where: \.counts), let caller = caller(of: hook) {
                let through = caller == hook.path ? "" : " (git runs it through \(hook.path))"
                context.out.line("hook        \(caller): calls 'streakprompt git hook post-commit'\(through)")
            } else {
                context.out.line("hook        not installed ('streakprompt git install' adds it)")
            }
            if let setting = repository.hooksPath {
                let whose = !repository.hooksElsewhere ? "the repository's own folder"
                    : GitGlobalConfig.isLegacyFolder(repository.runsHooksFrom, environment) ? "the global hooks folder of an earlier streakprompt" : "another tool's folder"
                context.out.line("hooksPath   core.hooksPath = \(setting.shown) (\(setting.scope) config): \(whose)")
            }
        } else if !invocation.has(global) {
            context.out.line("repository  none (not inside a git repository)")
        }
        if let recordProblem {
            context.out.line("global      \(recordProblem)")
        } else {
            for line in GitStatusGlobal.lines(record, legacy: legacy, git: git, full: invocation.has(global)) { context.out.line(line) }
        }
        if let repository {
            if let counting {
                context.out.line("counting    yes: your new commits here count for '\(counting.name ?? GitShared.commitsStreak.text)'")
            } else if repository.isBare {
                context.out.line("counting    no: a bare repository, where nobody commits")
            } else if repository.hooksElsewhere, let setting = repository.hooksPath {
                context.out.line("counting    no: git runs hooks from \(setting.value.isEmpty ? "the top of the worktree (core.hooksPath is empty)" : setting.value); add 'streakprompt git hook post-commit' to its post-commit hook")
            } else {
                context.out.line("counting    no")
            }
        }
        return 0
    }

    /// What one of our hooks says about itself.
    static func ours(_ hook: CommitHook) -> GitHookScript.Installed? {
        if case .ours(let installed) = hook.kind { return installed }
        return nil
    }

    /// The file of another tool's hook that calls streakprompt.
    static func caller(of hook: CommitHook?) -> String? {
        if case .calls(let caller, _)? = hook?.kind { return caller }
        return nil
    }

    static func summary(_ hook: GitHookScript.Installed) -> String {
        var text = "v\(hook.version)"
        if hook.version != GitHookScript.version { text += " (outdated: 'streakprompt git install' updates it)" }
        if let name = hook.name { text += ", counts for '\(name)'" }
        if let binary = hook.binary, hook.startsTheBinary {
            text += Files.isExecutable(binary) ? ", starts \(binary) directly"
                : ", starts \(binary) directly (missing: git cannot run it, and nothing counts; 'streakprompt git install' names this binary)"
        } else if let binary = hook.binary {
            text += Files.isExecutable(binary) ? ", calls \(binary)" : ", calls \(binary) (missing: the hook falls back to PATH)"
        }
        return text
    }
}
