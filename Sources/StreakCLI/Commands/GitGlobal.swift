import StreakCore
import StreakShell
import StreakSystem

/// `git install --global [DIR...]` and `git uninstall --global`: what `GlobalInstall` and
/// `GlobalUninstall` do, said to the user.
enum GitGlobal {
    static func install(folders: [String], name: StreakName, binary: String, _ context: Context) throws(CommandError) -> Int32 {
        let git = Git(environment: context.environment)
        let store = try context.store()
        // Everything is checked before anything changes.
        let here = Files.currentFolder() ?? context.environment.nonEmpty("PWD") ?? "/"
        var roots: [String] = []
        for folder in folders {
            guard Files.isFolder(folder) else {
                let what = Files.exists(folder) ? "is not a folder" : "does not exist"
                throw .failure("'\(Text.visible(folder))' \(what); give the folders that hold your repositories (nothing was installed)")
            }
            let root = Paths.absolute(folder, from: here)
            if !roots.contains(root) { roots.append(root) }
        }
        if let refusal = try GitShared.call({ () throws(GitError) in try GlobalInstall.hooksPathRefusal(git, name: name) }) {
            throw .failure(refusal)
        }
        let target: GitTemplates.Target
        do throws(GitTemplates.TargetError) {
            target = try GitTemplates.target(git)
        } catch {
            if case .git(let error) = error { throw GitShared.failure(.git(error)) }
            throw .failure(error.message)
        }
        _ = try record(store)
        let legacy = try GitShared.call { () throws(GitError) in try LegacyGlobalHooks.state(git) }
        var worktrees: [String] = []
        var cutShort: [String] = []
        var unreadable: [String] = []
        for root in roots {
            let found = RepositorySearch().find(under: root)
            worktrees += found.worktrees
            if found.cutShort { cutShort.append(root) }
            unreadable += found.unreadable
        }

        // Changes from here on.
        if let legacy { try takeOut(legacy, git, context) }
        let installer = GlobalInstall(git: git, store: store, binary: binary, name: name)
        do throws(GlobalInstallError) {
            for result in try installer.installTemplates(target) { context.out.line(templateLine(result, name: name)) }
        } catch {
            throw GitShared.failure(error)
        }
        var failed = 0
        if !roots.isEmpty {
            let surveyed = installer.survey(worktrees, record: try record(store))
            let results: [(GlobalInstall.Surveyed, Result<HookInstallOutcome, HookFileError>)]
            do throws(GlobalInstallError) {
                results = try installer.installRepositories(surveyed)
            } catch {
                throw GitShared.failure(error)
            }
            let under = roots.map(Text.visible).joined(separator: ", ")
            let count = surveyed.filter { $0.repository != nil }.count
            context.out.line("Repositories under \(under): \(count == 1 ? "1" : "\(count)") found.")
            for item in surveyed {
                let outcome = results.first { $0.0.folder == item.folder }?.1
                if case .failure = outcome { failed += 1 }
                context.out.line(repositoryLine(item, outcome, name: name))
            }
        }
        for root in cutShort {
            Exit.warn("stopped walking \(Text.visible(root)) after \(RepositorySearch().folderLimit) folders; give the folders that hold your repositories instead")
        }
        if !unreadable.isEmpty {
            Exit.warn("could not read \(unreadable.count == 1 ? "1 folder" : "\(unreadable.count) folders"), not searched: \(unreadable.prefix(5).map(Text.visible).joined(separator: ", "))\(unreadable.count > 5 ? ", …" : "")")
        }
        if roots.isEmpty {
            let earlier = (try? store.gitGlobalRecord().repositories.count) ?? 0
            context.out.line(earlier > 0
                ? "The \(earlier == 1 ? "repository" : "\(earlier) repositories") it put the hook into before keep it as it is ('streakprompt git status --global' lists them); give the folders that hold them to update them, or to add others."
                : "Repositories already there are not covered: give the folders that hold them ('streakprompt git install --global ~/src ~/work'), or run 'streakprompt git install' in each.")
        }
        if legacy?.active == true {
            context.out.line("The earlier global install counted commits in every repository\(roots.isEmpty ? "" : "; those under the folders given have the hook now"). Any other repository counts again once the hook is in it: 'streakprompt git install --global DIR' with the folder that holds it, or 'streakprompt git install' inside it (its own hooks run as before either way).")
        }
        context.out.line("Recorded in \(store.gitRecordPath): 'streakprompt git uninstall --global' removes exactly this, and 'streakprompt git status --global' lists it.")
        if let variable = context.environment.nonEmpty("GIT_TEMPLATE_DIR") {
            Exit.warn("GIT_TEMPLATE_DIR is set in this shell (to '\(Text.visible(variable))'): git uses that folder instead of init.templateDir for what you clone or create here, so those repositories do not get the hook")
        }
        if failed > 0 {
            throw .failure("could not install into \(failed == 1 ? "1 repository" : "\(failed) repositories") (above); fix what is said there and run the same command again")
        }
        return 0
    }

    static func uninstall(_ context: Context) throws(CommandError) -> Int32 {
        let git = Git(environment: context.environment)
        let store = try context.store()
        let record = try record(store)
        let legacy = try GitShared.call { () throws(GitError) in try LegacyGlobalHooks.state(git) }
        if record.isEmpty && legacy == nil {
            context.out.line("streakprompt's global hook is not installed; nothing changed.")
            return 0
        }
        if let legacy { try takeOut(legacy, git, context) }
        guard !record.isEmpty else { return 0 }
        let outcome: GlobalUninstall.Outcome
        do throws(GlobalInstallError) {
            outcome = try GlobalUninstall(git: git, store: store).run(record)
        } catch {
            throw GitShared.failure(error)
        }
        var failed = 0
        for (folder, own, removal) in outcome.templates {
            if case .failed = removal { failed += 1 }
            let which = "\(folder) (\(own ? "streakprompt's" : "yours"))"
            context.out.line(removalLine("template", which, removal))
        }
        if outcome.unsetTemplateDir { context.out.line("init.templateDir is unset again: new repositories get git's own templates.") }
        for path in outcome.keptCopies {
            context.out.line("kept        \(path): changed since it was copied from git's templates")
        }
        for (hooks, removal) in outcome.repositories {
            if case .failed = removal { failed += 1 }
            context.out.line(removalLine("repository", repositoryShown(hooks), removal))
        }
        for folder in outcome.foldersLeft where outcome.templates.contains(where: { $0.folder == folder }) {
            context.out.line("kept        \(folder): it holds files streakprompt did not write")
        }
        context.out.line("Repositories made from the template since the install keep their own copy of the hook: 'streakprompt git uninstall' inside one removes it.")
        if failed > 0 {
            throw .failure("could not remove the hook from \(failed == 1 ? "1 place" : "\(failed) places") (above); they stay recorded: fix what is said there and run 'streakprompt git uninstall --global' again")
        }
        return 0
    }

    /// The record, or the error that says which line does not read.
    static func record(_ store: Store) throws(CommandError) -> GitGlobalRecord {
        do throws(StoreError) {
            return try store.gitGlobalRecord()
        } catch {
            throw GitShared.failure(.store(error))
        }
    }

    /// Takes an earlier version's global install out, and says so.
    static func takeOut(_ legacy: LegacyGlobalHooks.State, _ git: Git, _ context: Context) throws(CommandError) {
        let removal: LegacyGlobalHooks.Removal
        do throws(GlobalInstallError) {
            removal = try LegacyGlobalHooks.remove(legacy, git)
        } catch {
            throw .failure(error.message + "; the global install of the earlier version is still in place")
        }
        var line = "Took out the global hooks of an earlier version"
        if removal.unsetHooksPath { line += ": core.hooksPath is unset again, as it was before that install, and git runs each repository's own hooks again" }
        line += removal.folderGone ? "; \(legacy.folder) is removed." : "; \(legacy.folder) still holds files streakprompt did not write, left there."
        context.out.line(line)
    }

    static func templateLine(_ result: GlobalInstall.TemplateResult, name: StreakName) -> String {
        let hook = Paths.join(result.folder, "hooks/" + GitHookScript.countingHook)
        var line: String
        switch result.outcome {
        case .unchanged:
            line = "New repositories: \(hook) is in place, counting for '\(name)'; nothing changed there."
        case .installed, .updated:
            let whose = result.own ? "streakprompt's template folder" : "your template folder"
            line = "New repositories: \(hook) is in \(whose) (init.templateDir\(result.namedIn.map { ", set in \($0)" } ?? "")), so every new clone and 'git init' counts your commits for '\(name)'."
        }
        switch result.outcome {
        case .installed(true), .unchanged(true), .updated(_, true):
            line += " The post-commit hook the template had is kept (\(GitHookScript.countingHook)\(GitHookScript.backupSuffix)) and still runs after ours."
        default:
            break
        }
        if result.own, result.namedIn != nil {
            line += result.copied == nil
                ? " git's own templates were not found, so new repositories get no sample hooks, info/exclude or description."
                : " It holds a copy of git's own templates too (sample hooks, info/exclude, description), as new repositories had them."
        }
        return line
    }

    static func repositoryLine(_ item: GlobalInstall.Surveyed, _ outcome: Result<HookInstallOutcome, HookFileError>?, name: StreakName) -> String {
        let folder = Text.visible(item.folder)
        func padded(_ word: String) -> String { "  " + word + String(repeating: " ", count: max(1, 13 - word.count)) + folder }
        switch (item.verdict, outcome) {
        case (_, .failure(let error)?):
            return padded("failed") + ": " + GitShared.failure(error).message
        case (_, .success(let result)?):
            switch result {
            case .installed(let chained):
                return padded("installed") + (chained ? " (its post-commit hook still runs after ours)" : "")
            case .updated:
                return padded("updated") + " (counts for '\(name)')"
            case .unchanged:
                return padded("unchanged")
            }
        case (.hasIt(let counts), _):
            return padded("has it") + ": left as it is" + (counts.map { " (counts for '\($0)')" } ?? "")
        case (.changed, _):
            return padded("changed") + ": the hook put there before was changed since; left as it is"
        case (.notCovered(let setting), _):
            return padded("not covered") + ": core.hooksPath = \(setting.shown) (\(setting.scope) config) runs its hooks, another tool's folder, left as it is; add 'streakprompt git hook post-commit --name \(name)' to that tool's post-commit hook (husky: .husky/post-commit)"
        case (.bare, _):
            return padded("skipped") + ": a bare repository, where nobody commits"
        case (.unreadable(let why), _):
            return padded("skipped") + ": " + why
        case (.install, nil), (.update, nil):
            return padded("skipped")
        }
    }

    static func removalLine(_ label: String, _ what: String, _ removal: GlobalUninstall.Removal) -> String {
        let head = label + String(repeating: " ", count: max(1, 12 - label.count)) + what + ": "
        switch removal {
        case .removed(true): return head + "removed; the post-commit hook that was there before is back"
        case .removed(false): return head + "removed"
        case .kept(let state): return head + "left as it is: " + state.summary
        case .nothingThere: return head + "no hook of streakprompt's there any more"
        case .folderGone: return head + "gone (moved or removed)"
        case .failed(let message): return head + "failed: " + message
        }
    }

    /// A repository as its hooks folder names it: the worktree of a plain clone, else its git folder.
    static func repositoryShown(_ hooks: String) -> String {
        if hooks.hasSuffix("/.git/hooks") { return Text.visible(String(hooks.dropLast("/.git/hooks".count))) }
        return Text.visible(hooks.hasSuffix("/hooks") ? String(hooks.dropLast("/hooks".count)) : hooks)
    }
}
