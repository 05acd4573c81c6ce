import StreakCore

/// `doctor`'s checks of what loads streakprompt outside the data folder: the shells' start-up
/// files and git's post-commit hooks.
extension Checkup {
    /// Start-up files that load streakprompt (a mention outside a comment), and whether the
    /// binary is on `PATH`.
    public func shellPlugins() -> [Finding] {
        let area = "shell"
        var findings: [Finding] = []
        if let found = ExecutablePath.search("streakprompt", environment: environment) {
            findings.append(Finding(area, .ok, "streakprompt is on PATH: \(found)"))
        } else {
            findings.append(Finding(area, .warning, "streakprompt is not on PATH: shell plugins and git hooks call it by name; install it into a folder on PATH"))
        }
        guard let home = environment.homeFolder, let config = environment.configFolder else { return findings }
        let zdot = environment.nonEmpty("ZDOTDIR") ?? home
        var candidates = [
            Paths.join(home, ".bashrc"), Paths.join(home, ".bash_profile"), Paths.join(home, ".profile"),
            Paths.join(zdot, ".zshrc"), Paths.join(config, "fish/config.fish"),
            Paths.join(home, ".tmux.conf"), Paths.join(config, "tmux/tmux.conf"),
            Paths.join(config, "starship.toml"), Paths.join(home, ".p10k.zsh"),
        ]
        let confd = Paths.join(config, "fish/conf.d")
        for file in (try? Files.list(confd)) ?? [] where file.hasSuffix(".fish") {
            candidates.append(Paths.join(confd, file))
        }
        var seen = Set<String>()
        for path in candidates where seen.insert(path).inserted {
            guard let bytes = (try? Files.readIfPresent(path, limit: 4 << 20)) ?? nil else { continue }
            if Checkup.loadsStreakprompt(String(decoding: bytes, as: UTF8.self)) {
                findings.append(Finding(area, .ok, "\(path) loads streakprompt"))
            }
        }
        if findings.count == 1 {
            findings.append(Finding(area, .note, "no shell start-up file loads streakprompt: " + Checkup.startupAdvice(ShellStartup.of(environment))))
        }
        return findings
    }

    /// Whether a start-up file mentions streakprompt outside its comments.
    public static func loadsStreakprompt(_ text: String) -> Bool {
        text.split(whereSeparator: \.isNewline).contains { ShellLine.code(of: $0).contains("streakprompt") }
    }

    /// What to add, in the user's shell's syntax when `SHELL` names one we know, else for each.
    static func startupAdvice(_ shell: ShellStartup?) -> String {
        if let shell {
            return "add '\(shell.line)' to \(shell.file) to show the streak in your prompt"
        }
        let each = ShellStartup.all.map { "'\($0.line)' to \($0.file)" }
        return "add " + each.dropLast().joined(separator: ", ") + " or " + each.last! + " (your shell's) to show the streak in your prompt"
    }

    // MARK: Git hooks

    /// The post-commit hooks git would run here: the folder this repository runs hooks from,
    /// and the global `core.hooksPath`.
    public func gitHooks() -> [Finding] {
        let area = "git hooks"
        guard ExecutablePath.search("git", environment: environment) != nil else {
            return [Finding(area, .note, "git is not installed: no hooks to check")]
        }
        let git = Git(timeout: 5000, environment: environment)
        var folders: [(String, String?)] = []
        let repository: GitRepository? = (try? GitRepository.locate(git)) ?? nil
        folders.append(("this repository", repository?.runsHooksFrom))
        if let global = (try? GitGlobalConfig.hooksFolder(git)) ?? nil, !global.isEmpty {
            folders.append(("global core.hooksPath", global))
        }
        var findings: [Finding] = []
        var seen = Set<String>()
        for (label, folder) in folders {
            guard let folder else {
                findings.append(Finding(area, .note, "not inside a git repository: no repository hook to check"))
                continue
            }
            guard seen.insert(folder).inserted else { continue }
            let hook = CommitHook.inspect(folder: folder)
            let through: String
            switch hook.kind {
            case .missing:
                findings.append(Finding(area, .note, "\(label): no post-commit hook in \(folder) ('streakprompt git install' adds one)"))
                continue
            case .foreign:
                findings.append(Finding(area, .note, "\(label): \(hook.path) is not streakprompt's and does not call it ('streakprompt git install' keeps it and adds ours)"))
                continue
            case .ours(let installed) where installed.startsTheBinary:
                guard hook.isExecutable else {
                    findings.append(Finding(area, .problem, "\(label): \(hook.path) starts \(installed.binary ?? "a binary"), which is gone, so git cannot run it and commits do not count; run 'streakprompt git install' there again"))
                    continue
                }
                through = " (git starts \(installed.binary ?? "the binary") directly)"
            case .ours:
                through = ""
            case .calls(let caller, _):
                through = caller == hook.path ? " (it calls 'streakprompt git hook post-commit')"
                    : " (it runs \(caller), which calls 'streakprompt git hook post-commit')"
            }
            if hook.isExecutable {
                findings.append(Finding(area, .ok, "\(label): \(hook.path) counts commits" + through))
            } else {
                findings.append(Finding(area, .problem, "\(label): \(hook.path) is not executable, so git skips it; run chmod +x \(hook.path)"))
            }
        }
        return findings
    }
}
