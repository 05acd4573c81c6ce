import StreakCore
import StreakShell

/// Why a step of `git install --global` (or its uninstall) failed.
public enum GlobalInstallError: Error, Sendable {
    case git(GitError)
    case system(SystemError)
    case store(StoreError)
    case hook(HookFileError)
    /// Said to the user as it is.
    case refused(String)

    public var message: String {
        switch self {
        case .git(let error): return error.message
        case .system(let error): return error.message
        case .store(let error): return error.problem("").message
        case .hook(.backupInTheWay(let hook, let backup)): return "\(hook) is another tool's hook, and \(backup), where streakprompt would keep it, already exists"
        case .hook(.system(let error)): return error.message
        case .refused(let message): return message
        }
    }
}

/// `git install --global`: the post-commit hook in git's template folder, so every new clone
/// and `git init` has it, and in the repositories already there under the folders given,
/// each as `git install` there would put it; everything it does is recorded first (the data
/// folder's `GitGlobalRecord`), so that its uninstall removes exactly that. It never sets
/// `core.hooksPath`: every other hook type of every repository costs what it cost before.
public struct GlobalInstall: Sendable {
    public let git: Git
    public let store: Store
    public let binary: String
    public let name: StreakName

    public init(git: Git, store: Store, binary: String, name: StreakName) {
        self.git = git
        self.store = store
        self.binary = binary
        self.name = name
    }

    /// Why no global install can count: a `core.hooksPath` git reads before every repository's
    /// own config (the global file's, one it includes, the system's; even empty), other than
    /// the old install's folder. Git then runs hooks only from there, in every repository, so
    /// a hook in a template or a repository's own folder would never run.
    public static func hooksPathRefusal(_ git: Git, name: StreakName) throws(GitError) -> String? {
        let set = try GitGlobalConfig.hooksPathsBeforeRepositories(git)
        guard let other = set.last(where: { !GitGlobalConfig.isLegacyFolder($0.value, git.environment) }) else { return nil }
        if other.value.isEmpty {
            return "core.hooksPath is set, empty, in \(Text.visible(other.file)), so git runs every repository's hooks from the top of its worktree and never from its hooks folder, where the hook would go; remove the setting there and install again"
        }
        return "core.hooksPath is set to '\(Text.visible(other.value))' in \(Text.visible(other.file)), so git runs the hooks there in every repository and none of a repository's own, nor a template's; add 'streakprompt git hook post-commit --name \(name)' to the post-commit hook in that folder instead (leaving the setting to the tool that owns it), or remove the setting there and install again"
    }

    // MARK: Templates

    /// What was done to one template folder.
    public struct TemplateResult: Equatable, Sendable {
        public var folder: String
        /// Ours (made by the install, named in `init.templateDir`), or the user's.
        public var own: Bool
        public var outcome: HookInstallOutcome
        /// Of ours: how many of git's default template files were copied in now; nil when
        /// git's default folder was not found (new repositories then get only the hook).
        public var copied: Int?
        /// Of ours: the config file `init.templateDir` was set in now (nil: named already).
        public var namedIn: String?
    }

    /// Puts the hook into every template folder of `target`.
    public func installTemplates(_ target: GitTemplates.Target) throws(GlobalInstallError) -> [TemplateResult] {
        var results: [TemplateResult] = []
        if let own = target.own { results.append(try installOwnTemplate(own, named: target.ownNamed)) }
        for folder in target.theirs { results.append(try installTheirTemplate(folder)) }
        return results
    }

    func installOwnTemplate(_ folder: String, named: Bool) throws(GlobalInstallError) -> TemplateResult {
        let hooks = Paths.join(folder, "hooks")
        let created = Files.missingFolders(hooks)
        try record { $0.ownTemplate = folder; $0.addCreatedFolders(created) }
        var copies: (files: [GitGlobalRecord.CopiedFile], folders: [String])?
        do throws(SystemError) {
            try Files.makeFolders(hooks)
            if let source = GitTemplates.defaultFolder(git) { copies = try GitTemplates.copyDefaults(from: source, into: folder) }
        } catch {
            throw .system(error)
        }
        if let copies {
            try record { record in
                record.addCreatedFolders(copies.folders)
                record.copied.removeAll { old in copies.files.contains { $0.path == old.path } }
                record.copied += copies.files
            }
        }
        let outcome = try installHook(in: hooks)
        var namedIn: String?
        if !named {
            let hadInit: Bool
            let createdConfig: String?
            do throws(GitError) {
                let wasEmpty = try GitGlobalConfig.isEmpty(git)
                // The files git may take as the global one that are there already (a link
                // included, even one that leads nowhere): one of them was not created, however empty.
                let present = GitGlobalConfig.candidateFiles(git.environment).filter(Files.exists)
                hadInit = try GitGlobalConfig.hasSettings(in: "init", git)
                try GitGlobalConfig.set(GitTemplates.key, to: folder, git)
                namedIn = try GitGlobalConfig.file(holding: GitTemplates.key, git)
                createdConfig = wasEmpty ? namedIn.flatMap { present.contains($0) ? nil : $0 } : nil
            } catch {
                throw .git(error)
            }
            try record { record in
                record.createdConfig = record.createdConfig ?? createdConfig
                record.addedInitSection = record.addedInitSection || !hadInit
            }
        }
        return TemplateResult(folder: folder, own: true, outcome: outcome, copied: copies?.files.count, namedIn: namedIn)
    }

    func installTheirTemplate(_ folder: String) throws(GlobalInstallError) -> TemplateResult {
        let hooks = Paths.join(folder, "hooks")
        try record { $0.addTemplate(folder); $0.addCreatedFolders(Files.missingFolders(hooks)) }
        return TemplateResult(folder: folder, own: false, outcome: try installHook(in: hooks))
    }

    /// The hook as `git install` writes it into a repository's own folder: a hook there
    /// before is kept and run after ours.
    func installHook(in hooks: String) throws(GlobalInstallError) -> HookInstallOutcome {
        do throws(HookFileError) {
            return try GitHookFiles.installRepositoryHook(binary: binary, name: name, in: hooks, link: true)
        } catch {
            throw .hook(error)
        }
    }

    func record(_ change: (inout GitGlobalRecord) -> Void) throws(GlobalInstallError) {
        do throws(StoreError) {
            try store.updateGitGlobalRecord(change)
        } catch {
            throw .store(error)
        }
    }

    // MARK: Repositories

    /// What the install does in one repository found under a folder given.
    public enum Verdict: Equatable, Sendable {
        /// No hook of ours: put in (a hook there is kept and run after it).
        case install
        /// Ours, put there by an earlier global install: written again (the streak or the
        /// binary may have changed).
        case update
        /// A hook of ours, or one that calls streakprompt, that no global install put there:
        /// left as it is. The streak it counts for, when it says.
        case hasIt(String?)
        /// Put there by an earlier global install, and changed since (lines added, or
        /// another hook in its place): left as it is.
        case changed
        /// Git runs its hooks from another tool's folder (husky's `core.hooksPath`): not
        /// covered, and never changed.
        case notCovered(HooksPathSetting)
        /// Nobody commits there.
        case bare
        /// `.git` there, but git does not read a repository from it (or could not say).
        case unreadable(String)
    }

    public struct Surveyed: Sendable {
        /// The folder found (its worktree).
        public var folder: String
        public var repository: GitRepository?
        public var verdict: Verdict
    }

    /// Each repository at `folders` (worktrees found by `RepositorySearch`) once (worktrees of
    /// one repository share its hooks), and what the install does there.
    public func survey(_ folders: [String], record: GitGlobalRecord) -> [Surveyed] {
        var seen = Set<String>()
        var surveyed: [Surveyed] = []
        for folder in folders {
            let located: GitRepository?
            do throws(GitError) {
                located = try GitRepository.locate(Git(folder: folder, timeout: 20_000, environment: git.environment))
            } catch {
                surveyed.append(Surveyed(folder: folder, verdict: .unreadable(error.message)))
                continue
            }
            guard let repository = located else {
                surveyed.append(Surveyed(folder: folder, verdict: .unreadable("git does not read a repository there")))
                continue
            }
            guard seen.insert(repository.hooksFolder).inserted else { continue }
            surveyed.append(Surveyed(folder: folder, repository: repository, verdict: verdict(repository, record: record)))
        }
        return surveyed
    }

    func verdict(_ repository: GitRepository, record: GitGlobalRecord) -> Verdict {
        if repository.isBare { return .bare }
        if let setting = repository.hooksPath, repository.hooksElsewhere,
           !GitGlobalConfig.isLegacyFolder(repository.runsHooksFrom, git.environment) {
            return .notCovered(setting)
        }
        let recorded = record.repositories.contains(repository.hooksFolder)
        switch RecordedHook.inspect(hooksFolder: repository.hooksFolder) {
        case .ours(let installed, added: false):
            return recorded ? .update : .hasIt(installed.name)
        case .ours(let installed, added: true):
            return recorded ? .changed : .hasIt(installed.name)
        case .behindFramework(let name), .calls(let name):
            return .hasIt(name)
        case .foreign:
            return recorded ? .changed : .install
        case .missing, .folderGone:
            return recorded ? .update : .install
        }
    }

    /// Puts the hook into each repository the survey says to, recording each before it is
    /// touched (a kill half way leaves nothing of ours unrecorded), then forgetting those it
    /// failed in. Returns each one's outcome.
    public func installRepositories(_ surveyed: [Surveyed]) throws(GlobalInstallError) -> [(Surveyed, Result<HookInstallOutcome, HookFileError>)] {
        let chosen = surveyed.filter { $0.verdict == .install || $0.verdict == .update }
        try record { record in
            for item in chosen {
                guard let hooks = item.repository?.hooksFolder else { continue }
                record.addCreatedFolders(Files.missingFolders(hooks))
                record.addRepository(hooks)
            }
        }
        var results: [(Surveyed, Result<HookInstallOutcome, HookFileError>)] = []
        var failed: [String] = []
        for item in chosen {
            guard let hooks = item.repository?.hooksFolder else { continue }
            do throws(HookFileError) {
                results.append((item, .success(try GitHookFiles.installRepositoryHook(binary: binary, name: name, in: hooks, link: true))))
            } catch {
                results.append((item, .failure(error)))
                // Nothing of ours was written (each file is replaced in one rename).
                if item.verdict == .install { failed.append(hooks) }
            }
        }
        if !failed.isEmpty { try record { $0.repositories.removeAll(where: failed.contains) } }
        return results
    }
}
