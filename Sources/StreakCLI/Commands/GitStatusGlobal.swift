import StreakCore
import StreakShell
import StreakSystem

/// What `git status` says about the global install: one line in a repository, the whole
/// record with `--global` (each template folder and repository, and whether the hook is
/// still there as it was put).
enum GitStatusGlobal {
    static func lines(_ record: GitGlobalRecord, legacy: LegacyGlobalHooks.State?, git: Git, full: Bool) -> [String] {
        var lines: [String] = []
        if let legacy, legacy.active {
            lines.append("global      an earlier version's hooks folder, \(legacy.folder) (global core.hooksPath): git runs every hook type of every repository through it; 'streakprompt git install --global [DIR...]' (or 'streakprompt doctor --repair') puts the template install in its place and restores core.hooksPath")
        } else if let legacy {
            lines.append("global      an earlier version's hooks folder is left over, \(legacy.folder) (no longer named by core.hooksPath); 'streakprompt git install --global' or 'git uninstall --global' removes it")
        }
        if record.isEmpty {
            guard legacy == nil else { return lines }
            if let setting = (try? GitGlobalConfig.hooksPath(git)) ?? nil {
                lines.append("global      not installed; core.hooksPath = \(setting.isEmpty ? "(empty)" : setting), another tool's, runs every repository's hooks: add 'streakprompt git hook post-commit' to the post-commit hook there")
            } else {
                lines.append("global      not installed ('streakprompt git install --global [DIR...]' adds it)")
            }
            return lines
        }
        let having = record.repositories.filter { RecordedHook.inspect(hooksFolder: $0).counts }.count
        let templates = record.allTemplates
        var summary = "global      installed: new repositories get the hook from " + (templates.count == 1 ? "the template folder" : "\(templates.count) template folders")
        summary += record.repositories.isEmpty ? ", no existing repository had it put in"
            : "; \(having) of the \(record.repositories.count == 1 ? "1 repository" : "\(record.repositories.count) repositories") it was put into \(having == 1 ? "has" : "have") it"
        lines.append(summary + (full ? "" : " ('streakprompt git status --global' lists them)"))
        guard full else { return lines }
        let named = ((try? GitGlobalConfig.value(GitTemplates.key, git)) ?? nil)
            .map { Paths.normalized(Paths.expandingTilde($0, home: git.environment.homeFolder)) }
        for folder in templates {
            let own = folder == record.ownTemplate
            let state = RecordedHook.inspect(hooksFolder: Paths.join(folder, "hooks"))
            var line = "template    \(Text.visible(folder)) (\(own ? "streakprompt's" : "yours")): "
            if case .ours(let installed, false) = state {
                line += "has the hook, " + GitStatus.summary(installed)
            } else {
                line += state.summary
            }
            if own, named != folder {
                line += "; init.templateDir no longer names it, so new repositories do not get it"
            }
            lines.append(line)
        }
        for hooks in record.repositories {
            lines.append("repository  \(GitGlobal.repositoryShown(hooks)): " + RecordedHook.inspect(hooksFolder: hooks).summary)
        }
        return lines
    }

    static func json(_ record: GitGlobalRecord, legacy: LegacyGlobalHooks.State?, git: Git) -> JSON {
        func describe(_ state: RecordedHook) -> [(String, JSON)] {
            var name: String?
            var version: Int?
            switch state {
            case .ours(let installed, _):
                name = installed.name
                version = installed.version
            case .behindFramework(let counts), .calls(let counts):
                name = counts
            case .foreign, .missing, .folderGone:
                break
            }
            return [("has_hook", .bool(state.counts)), ("state", .string(word(state))),
                    ("name", name.map(JSON.string) ?? .null), ("version", version.map(JSON.number) ?? .null)]
        }
        let templates: [JSON] = record.allTemplates.map { folder in
            .object([("folder", .string(folder)), ("own", .bool(folder == record.ownTemplate))]
                + describe(RecordedHook.inspect(hooksFolder: Paths.join(folder, "hooks"))))
        }
        let repositories: [JSON] = record.repositories.map { hooks in
            .object([("hooks_folder", .string(hooks))] + describe(RecordedHook.inspect(hooksFolder: hooks)))
        }
        let hooksPath = (try? GitGlobalConfig.hooksPath(git)) ?? nil
        return .object([
            ("installed", .bool(!record.isEmpty)),
            ("templates", .array(templates)),
            ("repositories", .array(repositories)),
            ("legacy", legacy.map { .object([("folder", .string($0.folder)), ("active", .bool($0.active))]) } ?? .null),
            ("core_hooks_path", hooksPath.map(JSON.string) ?? .null),
        ])
    }

    /// The state as a word for scripts.
    static func word(_ state: RecordedHook) -> String {
        switch state {
        case .ours(_, false): return "installed"
        case .ours(_, true): return "added-to"
        case .behindFramework: return "behind-pre-commit"
        case .calls: return "calls"
        case .foreign: return "replaced"
        case .missing: return "missing"
        case .folderGone: return "gone"
        }
    }
}
