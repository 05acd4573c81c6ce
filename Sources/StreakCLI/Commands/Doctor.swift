import StreakCore
import StreakSystem

/// `streakprompt doctor [--repair]`: checks everything it can see, and repairs what is derived.
enum Doctor: Command {
    static let spec = CommandSpec(
        ["doctor"], usage: "[--repair]", summary: "checks data, cache, hooks; rebuilds what is derived",
        details: """
        Checks the data folder (it exists and is writable), every settings file and action
        log (unreadable lines are listed with their file and line, a last line cut short
        included), streaks whose names differ only in letter case (two machines can each
        start one), the prompt cache against a rebuild from the logs, the ignore and merge
        files of a folder shared through git or Syncthing, the shell start-up files and git
        hooks that load streakprompt (and the global git install, an earlier version's
        core.hooksPath folder included), and the prompt's speed (the median of 10 runs).
        Exits 0 when nothing is wrong, 1 when a problem was found.

        --repair copies each file with unreadable lines whole to FILE.corrupt-STAMP, keeps
        its readable lines in place, moves files that cannot be read at all aside, makes
        streaks whose names differ only in letter case one streak (every action kept; the
        others' folders go whole to backups/), adds the missing sharing lines, and rebuilds
        the prompt cache. It deletes no data. An earlier version's global git install (the
        global core.hooksPath) is replaced by the template install, as 'git install --global'
        does, and core.hooksPath restored. Then it checks again.
        """,
        flags: [repair])

    static let repair = FlagSpec("--repair", help: "set unreadable lines aside (keeping every readable line), merge letter-case twins, rebuild the cache")

    static func run(_ invocation: Invocation, _ context: Context) throws(CommandError) -> Int32 {
        let store = try context.store()
        let checkup = Checkup(store: store, environment: context.environment)
        var findings: [Finding]
        if invocation.has(repair), Files.isFolder(store.home) {
            let stamp = context.fileStamp(at: Clock.now())
            // The check after the repair runs under the same lock: it sees what the repair
            // left, not a tick that landed in between.
            let repair = Repair(store: store, stamp: stamp)
            let (done, checked) = try storeCall { () throws(StoreError) -> ([Finding], [Finding]) in
                let freed = try repair.freeLock()
                return try store.locked { () throws(StoreError) -> ([Finding], [Finding]) in
                    let done = try freed + repair.runLocked(zone: context.zone)
                    return (done, checkup.data() + checkup.cache(zone: context.zone))
                }
            }
            print(done, to: context.out)
            context.out.line()
            findings = checked
        } else {
            if invocation.has(repair) {
                print([Finding("repair", .note, "no data folder yet: nothing to repair")], to: context.out)
                context.out.line()
            }
            findings = checkup.dataAndCache(zone: context.zone)
        }
        if invocation.has(repair) {
            let replaced = checkup.repairGitGlobalInstall(binary: ExecutablePath.current(environment: context.environment))
            if !replaced.isEmpty {
                print(replaced, to: context.out)
                context.out.line()
            }
        }
        findings += checkup.sharing()
        findings += checkup.shellPlugins()
        findings += checkup.gitHooks()
        findings += checkup.gitGlobalInstall()
        findings += checkup.speed(executable: ExecutablePath.current(environment: context.environment) ?? "streakprompt")
        print(findings, to: context.out)
        context.out.line()
        let problems = findings.filter { $0.level == .problem }.count
        let warnings = findings.filter { $0.level == .warning }.count
        if problems == 0 {
            context.out.line(warnings == 0 ? "No problems found." : "No problems found (\(warnings) \(warnings == 1 ? "warning" : "warnings") above).")
            return 0
        }
        var advice = "\(problems) \(problems == 1 ? "problem" : "problems") found"
        if !invocation.has(repair) {
            advice += ": 'streakprompt doctor --repair' sets unreadable lines aside (deleting nothing) and rebuilds the cache"
        }
        context.out.line(advice + ".")
        return 1
    }

    /// Findings under their area's heading, one per line: `  problem  /x/y.log:3: …`.
    static func print(_ findings: [Finding], to out: Output) {
        var area: String?
        for finding in findings {
            if finding.area != area {
                area = finding.area
                out.line(finding.area)
            }
            let level = finding.level.rawValue
            out.line("  " + level + String(repeating: " ", count: max(1, 9 - level.count)) + finding.message)
        }
    }
}
