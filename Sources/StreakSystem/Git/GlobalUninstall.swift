import StreakCore
import StreakShell

/// The post-commit hook in a hooks folder the global install put it into, as it stands now:
/// what `git status --global` lists and `git uninstall --global` decides by.
public enum RecordedHook: Equatable, Sendable {
    /// Ours; `added`: with lines someone added after ours.
    case ours(GitHookScript.Installed, added: Bool)
    /// Ours, kept as `post-commit.legacy` by the pre-commit framework, whose hook runs it.
    case behindFramework(String?)
    /// Another hook in its place that calls `streakprompt git hook post-commit` itself.
    case calls(String?)
    /// Another hook in its place.
    case foreign
    /// No post-commit there.
    case missing
    /// The hooks folder is gone (the repository was moved or removed).
    case folderGone

    public static func inspect(hooksFolder: String) -> RecordedHook {
        guard Files.isFolder(hooksFolder) else { return .folderGone }
        let hook = CommitHook.inspect(folder: hooksFolder)
        switch hook.kind {
        case .missing:
            return .missing
        case .foreign:
            return .foreign
        case .calls(let caller, let name):
            return caller.hasSuffix(".legacy") ? .behindFramework(name) : .calls(name)
        case .ours(let installed):
            let bytes = (try? Files.readIfPresent(hook.path, limit: 1 << 20, followLinks: true)) ?? nil
            let added = bytes.flatMap(GitHookScript.added(to:)).map(GitHookScript.holdsCommands) ?? false
            return .ours(installed, added: added)
        }
    }

    /// Whether git runs a hook of ours there (as far as the folder shows).
    public var counts: Bool {
        switch self {
        case .ours, .behindFramework, .calls: return true
        case .foreign, .missing, .folderGone: return false
        }
    }

    /// How `git status --global` says it.
    public var summary: String {
        switch self {
        case .ours(let installed, false):
            return "has the hook" + (installed.name.map { ", counts for '\($0)'" } ?? "")
        case .ours(_, true):
            return "has the hook, with lines you added after it (uninstall leaves it to you)"
        case .behindFramework:
            return "has the hook, run by the pre-commit framework's post-commit"
        case .calls:
            return "its post-commit is another one now, which calls streakprompt (uninstall leaves it to you)"
        case .foreign:
            return "its post-commit is another one now (uninstall leaves it to you)"
        case .missing:
            return "no post-commit hook any more"
        case .folderGone:
            return "gone (moved or removed)"
        }
    }
}

/// `git uninstall --global`: takes out what the record says the install put in, and nothing
/// else; a hook changed since is left to its owner and said.
public struct GlobalUninstall: Sendable {
    public let git: Git
    public let store: Store

    public init(git: Git, store: Store) {
        self.git = git
        self.store = store
    }

    /// What happened to one template folder or repository.
    public enum Removal: Equatable, Sendable {
        /// Ours is gone; `restored`: the hook that was there before is back.
        case removed(restored: Bool)
        /// Changed since the install (`RecordedHook`): left as it is.
        case kept(RecordedHook)
        /// Nothing of ours there any more.
        case nothingThere
        case folderGone
        case failed(String)
    }

    public struct Outcome: Sendable {
        public var templates: [(folder: String, own: Bool, removal: Removal)] = []
        public var repositories: [(hooks: String, removal: Removal)] = []
        /// Of our own template: whether `init.templateDir` was unset (it named the folder).
        public var unsetTemplateDir = false
        /// Copies of git's default templates kept because they were changed since.
        public var keptCopies: [String] = []
        /// Folders the install made that still hold something of someone else's.
        public var foldersLeft: [String] = []
    }

    /// Removes everything `record` holds; the record is then removed, or keeps what failed.
    public func run(_ record: GitGlobalRecord) throws(GlobalInstallError) -> Outcome {
        var outcome = Outcome()
        var left = GitGlobalRecord()
        if let own = record.ownTemplate {
            let removal = remove(in: Paths.join(own, "hooks"))
            outcome.templates.append((own, true, removal))
            if case .failed = removal { left.ownTemplate = own }
            outcome.keptCopies = GitTemplates.removeCopies(record.copied, in: own)
            do throws(GitError) {
                let named = try GitGlobalConfig.value(GitTemplates.key, git)
                    .map { Paths.normalized(Paths.expandingTilde($0, home: git.environment.homeFolder)) == own } ?? false
                if named {
                    try GitGlobalConfig.unset(GitTemplates.key, git)
                    outcome.unsetTemplateDir = true
                }
                if record.addedInitSection { try GitGlobalConfig.removeEmptySection("init", git) }
            } catch {
                throw .git(error)
            }
            if let created = record.createdConfig { GitGlobalConfig.removeIfEmpty(created) }
        }
        for folder in record.templates {
            let removal = remove(in: Paths.join(folder, "hooks"))
            outcome.templates.append((folder, false, removal))
            if case .failed = removal { left.addTemplate(folder) }
        }
        for hooks in record.repositories {
            let removal = remove(in: hooks)
            outcome.repositories.append((hooks, removal))
            if case .failed = removal { left.addRepository(hooks) }
        }
        outcome.foldersLeft = Files.removeEmptyFolders(record.createdFolders)
        // What failed stays recorded, with what undoing it needs, for the next uninstall.
        if left.ownTemplate != nil {
            left.copied = record.copied
            left.createdConfig = record.createdConfig
            left.addedInitSection = record.addedInitSection
        }
        if !left.isEmpty { left.createdFolders = record.createdFolders.filter(Files.isFolder) }
        left.other = record.other
        do throws(StoreError) {
            try store.updateGitGlobalRecord { $0 = left }
        } catch {
            throw .store(error)
        }
        return outcome
    }

    func remove(in hooks: String) -> Removal {
        let state = RecordedHook.inspect(hooksFolder: hooks)
        switch state {
        case .folderGone:
            return .folderGone
        case .ours(_, added: true), .foreign, .calls:
            return .kept(state)
        case .ours(_, added: false), .behindFramework, .missing:
            do throws(HookFileError) {
                switch try GitHookFiles.uninstall(GitHookScript.countingHook, in: hooks) {
                case .removed(let restored), .removedKept(let restored): return .removed(restored: restored)
                case .notInstalled: return .nothingThere
                case .foreign, .removedKeepingAdded, .addedAndKept: return .kept(state)
                }
            } catch {
                switch error {
                case .system(let error): return .failed(error.message)
                case .backupInTheWay(let hook, let backup): return .failed("\(hook) and \(backup) are both there")
                }
            }
        }
    }
}
