import StreakCore

/// `doctor`'s look at the global git install: an earlier version's (a `core.hooksPath` folder,
/// which `--repair` replaces by the template install), and this one's as recorded.
extension Checkup {
    public func gitGlobalInstall() -> [Finding] {
        let area = "git hooks"
        guard ExecutablePath.search("git", environment: environment) != nil else { return [] }
        let git = Git(timeout: 5000, environment: environment)
        var findings: [Finding] = []
        if let legacy = (try? LegacyGlobalHooks.state(git)) ?? nil {
            if legacy.active {
                findings.append(Finding(area, .warning, "the global core.hooksPath names the hooks folder of an earlier streakprompt, \(legacy.folder): git runs every hook type of every repository through it (a process for each, on every commit, checkout and rebase), and tools that set core.hooksPath (the pre-commit framework, husky) cannot work beside it; 'streakprompt doctor --repair' (or 'streakprompt git install --global DIR...') puts the template install in its place and restores core.hooksPath"))
            } else {
                findings.append(Finding(area, .note, "\(legacy.folder), the hooks folder of an earlier streakprompt's global install, is left over (core.hooksPath no longer names it); 'streakprompt doctor --repair' removes it"))
            }
        }
        let record: GitGlobalRecord
        do throws(StoreError) {
            record = try store.gitGlobalRecord()
        } catch {
            findings.append(Finding(area, .problem, error.problem(store.gitRecordPath).message + ": the record of what 'git install --global' installed does not read; fix that line (docs/git.md describes the file)"))
            return findings
        }
        guard !record.isEmpty else { return findings }
        let named = ((try? GitGlobalConfig.value(GitTemplates.key, git)) ?? nil)
            .map { Paths.normalized(Paths.expandingTilde($0, home: environment.homeFolder)) }
        for folder in record.allTemplates {
            let state = RecordedHook.inspect(hooksFolder: Paths.join(folder, "hooks"))
            if !state.counts {
                findings.append(Finding(area, .warning, "global install: the template \(folder) \(state.summary), so new repositories do not count; run 'streakprompt git install --global' again"))
            } else if folder == record.ownTemplate, named != folder {
                findings.append(Finding(area, .warning, "global install: init.templateDir no longer names \(folder), so new repositories do not get the hook; run 'streakprompt git install --global' again"))
            } else {
                findings.append(Finding(area, .ok, "global install: every new clone and 'git init' gets the hook from \(folder)"))
            }
        }
        if !record.repositories.isEmpty {
            let having = record.repositories.filter { RecordedHook.inspect(hooksFolder: $0).counts }.count
            let all = record.repositories.count
            findings.append(Finding(area, having == all ? .ok : .note, "global install: \(having) of the \(all == 1 ? "1 repository" : "\(all) repositories") it put the hook into \(having == 1 ? "has" : "have") it ('streakprompt git status --global' lists them)"))
        }
        return findings
    }

    /// `doctor --repair`: an earlier version's global install replaced by the template install,
    /// for the streak its hook counted for (`binary` is written into the new hook). The
    /// repositories it served are not known: said, with what to run for them.
    public func repairGitGlobalInstall(binary: String?) -> [Finding] {
        let area = "repair"
        guard ExecutablePath.search("git", environment: environment) != nil else { return [] }
        let git = Git(timeout: 20_000, environment: environment)
        guard let legacy = (try? LegacyGlobalHooks.state(git)) ?? nil else { return [] }
        guard legacy.active else {
            do throws(GlobalInstallError) {
                let removal = try LegacyGlobalHooks.remove(legacy, git)
                return [Finding(area, removal.folderGone ? .ok : .note, removal.folderGone
                    ? "removed \(legacy.folder), left over from an earlier streakprompt's global install"
                    : "\(legacy.folder) holds files streakprompt did not write: left there")]
            } catch {
                return [Finding(area, .problem, "cannot remove \(legacy.folder): \(error.message)")]
            }
        }
        guard let binary else {
            return [Finding(area, .problem, "cannot tell where this streakprompt binary is, to write into the hook; run 'streakprompt git install --global' by the binary's full path")]
        }
        let name = legacy.name.flatMap { try? StreakName($0) } ?? .default
        let left = "the global hooks of an earlier streakprompt were left in place: "
        let target: GitTemplates.Target
        do throws(GitTemplates.TargetError) {
            let refusal: String?
            do throws(GitError) {
                refusal = try GlobalInstall.hooksPathRefusal(git, name: name)
            } catch {
                throw .git(error)
            }
            if let refusal { throw .refused(refusal) }
            target = try GitTemplates.target(git)
        } catch {
            return [Finding(area, .problem, left + error.message)]
        }
        var findings: [Finding] = []
        do throws(GlobalInstallError) {
            let removal = try LegacyGlobalHooks.remove(legacy, git)
            findings.append(Finding(area, .ok, "took out the global hooks of an earlier streakprompt: core.hooksPath is unset again, as it was before them" + (removal.folderGone ? "" : " (\(legacy.folder) holds files streakprompt did not write: left there)")))
        } catch {
            return [Finding(area, .problem, left + error.message)]
        }
        do throws(GlobalInstallError) {
            let results = try GlobalInstall(git: git, store: store, binary: binary, name: name).installTemplates(target)
            for result in results {
                findings.append(Finding(area, .ok, "new repositories get the hook from the template \(result.folder): every new clone and 'git init' counts commits for '\(name)'"))
            }
        } catch {
            findings.append(Finding(area, .problem, "the template install failed (\(error.message)); run 'streakprompt git install --global' to try again"))
        }
        findings.append(Finding(area, .warning, "repositories that existed already no longer count until the hook is in them (their own hooks run as before): run 'streakprompt git install --global DIR...' with the folders that hold them, or 'streakprompt git install' inside one"))
        return findings
    }
}
