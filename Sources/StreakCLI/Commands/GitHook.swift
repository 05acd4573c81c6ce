import StreakCore
import StreakShell
import StreakSystem

/// `streakprompt git hook post-commit`: what the installed hook runs. Counts the commit just
/// made when it is new work of yours; silent and exit 0 whatever happens, so it can never
/// fail a commit (and can be called from husky or lefthook as is).
enum GitHook: Command {
    /// How long the hook waits for another command's lock on the data folder before it hands
    /// the action to a process of its own (ticks hold it a few milliseconds; twenty commits
    /// at once wait a tenth of a second for each other).
    static let lockWait = 500
    /// How long that process waits for the lock: no one waits for it, and a command holds the
    /// lock for milliseconds (a long import a few minutes at most).
    static let recordWait = 600_000

    static let record = FlagSpec("--record", help: "record an action at --now unless its date is met, without judging the commit (what the hook leaves to a process of its own when the data folder is busy; waits up to 10 minutes for it)")

    static let dryRun = FlagSpec("--dry-run", help: "count nothing; say whether the commit would count, and why (for the streak the hook here counts for, unless --name)")

    static let spec = CommandSpec(
        ["git", "hook"], usage: "post-commit [--name NAME] [--dry-run]",
        summary: "count the commit just made, if it is new work of yours (what the hook runs)",
        details: """
        Silent, and exits 0 whatever happens. Skips amends, rebases, cherry-picks and reverts,
        commits whose author is not you (user.email, or any 'git config --add
        streakprompt.email ADDRESS'), and commits whose author date is more than 6 hours from
        now (--date). STREAKPROMPT=0 turns it off. --dry-run says what it would do, and why.
        """,
        flags: [GitShared.nameFlag, dryRun, CommandTable.now, record],
        arguments: .choice("HOOK", noun: "hook", words: [GitHookScript.countingHook]), count: 1...1)

    /// The hook as the installed hook runs it (`git hook post-commit --name NAME`, exactly),
    /// before the command line's machinery: on a date the prompt cache already shows met,
    /// the commit changes nothing (what `run` decides first, by the same function) and the
    /// process costs what a prompt costs; else `run` decides, its arguments parsed for this
    /// command alone. (The full command line builds tables and generic types that cost a
    /// counted day's commit twice the rest.) Any other form returns nil, for the full path.
    static func fast(argc: Int32, argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32? {
        guard argc == 6 else { return nil }
        // Plain strings: comparing optional ones looks up a conformance at run time, which
        // costs more than everything else this does.
        func word(_ index: Int) -> String {
            guard let raw = argv[index] else { return "" }
            return String(cString: raw)
        }
        guard word(1) == "git", word(2) == "hook", word(3) == GitHookScript.countingHook, word(4) == "--name",
              case let name = word(5), StreakName.problem(with: name) == nil
        else { return nil }
        return count(name)
    }

    /// Counts the commit for the streak `name` (a valid name) as `run` does, the date the
    /// prompt cache shows met answered first; nil only when the arguments do not parse.
    static func count(_ name: String) -> Int32? {
        let environment = Environment.process
        if environment.value("STREAKPROMPT") == "0" { return 0 }
        if environment.nonEmpty("STREAKPROMPT_NOW") == nil, Store.homeProblem(environment) == nil,
           let home = Store.defaultHome(environment), let met = Store.lastCachedMetDay(of: name, home: home) {
            // Parsed only when set, as the prompt does (the parser's generic types cost a start).
            var dayStart: DayStart? = .midnight
            if let text = PromptSettings.read(environment).shared.effective(.dayStart, environment) { dayStart = DayStart(text) }
            // The date as the prompt finds it (a `DayClock` of the zone is a generic type to build).
            if let dayStart, dayStart.day(of: LocalZone().local(at: Clock.now()).local) == met { return 0 }
        }
        guard let invocation = try? Parser.parse([GitHookScript.countingHook, GitShared.nameFlag.name, name], for: spec) else { return nil }
        return try? run(invocation, Context(out: Output(fd: 1), environment: environment))
    }

    /// Git running our direct post-commit (`GitHookFiles.installRepositoryHook`): the kernel
    /// starts the binary from the hook's interpreter line, so `argv[1]` is
    /// `GitHookScript.directArgument` and `argv[2]` the hook's path; or, as development builds
    /// of 0.2 installed it, a link to the binary: `argv[0]` is the link's path. Either path is `…/hooks/post-commit`
    /// (or the name another tool moved it aside to, `post-commit.legacy`). Counts the commit
    /// for the streak the settings file beside it names (none there, or not ours: nothing),
    /// its streams on /dev/null as the script runs the binary, then runs
    /// `post-commit.before-streakprompt` as the script would, with git's arguments and
    /// streams. Exit 0 whatever happens. Nil for anything else: the command line (a name
    /// starting `post-commit` is not one anyone runs the binary as).
    static func linked(argc: Int32, argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32? {
        // By bytes, before anything is built: this runs before every prompt.
        func isWord(_ raw: UnsafeMutablePointer<CChar>, _ word: StaticString) -> Bool {
            var index = 0
            while index < word.utf8CodeUnitCount {
                if UInt8(bitPattern: raw[index]) != word.utf8Start[index] { return false }
                index += 1
            }
            return raw[index] == 0
        }
        let direct = argc >= 3 && argv[1].map { isWord($0, GitHookScript.directArgument) } == true
        guard let raw = argv[direct ? 2 : 0] else { return nil }
        // The last component.
        var start = 0
        var index = 0
        while raw[index] != 0 {
            if raw[index] == 0x2F { start = index + 1 }
            index += 1
        }
        let prefix: StaticString = "post-commit"
        guard index - start >= prefix.utf8CodeUnitCount else { return nil }
        for offset in 0..<prefix.utf8CodeUnitCount where UInt8(bitPattern: raw[start + offset]) != prefix.utf8Start[offset] {
            return nil
        }
        let path = String(cString: raw)
        let hook = Paths.join(Paths.folder(of: path), GitHookScript.countingHook)
        let kept = hook + GitHookScript.backupSuffix
        var name: String?
        if let bytes = (try? Files.readIfPresent(hook + GitHookScript.settingsSuffix, limit: 1 << 16)) ?? nil,
           let named = GitHookScript.linkedName(bytes), StreakName.problem(with: named) == nil {
            name = named
        }
        // The kept hook, unless this is it (a hook of ours someone kept there would run itself).
        let runKept = !path.hasSuffix(GitHookScript.backupSuffix) && Files.isExecutable(kept)
        if let name {
            ProcessSetup.quietly { _ = count(name) }
        }
        var given: [String] = []
        for position in (direct ? 3 : 1)..<Int(max(argc, direct ? 3 : 1)) {
            if let argument = argv[position] { given.append(String(cString: argument)) }
        }
        if runKept {
            ProcessSetup.replace(with: kept, arguments: [kept] + given)
        } else if direct, hasAddedLines(path, interpreter: argv[0].map { String(cString: $0) }) {
            // Lines someone added after our two (`echo make test >> .git/hooks/post-commit`),
            // which git would run were the file a script: `sh` runs the file (our lines are
            // comments to it) with git's arguments and streams, as the last act.
            ProcessSetup.replace(with: "/bin/sh", arguments: ["sh", path] + given)
        }
        return 0
    }

    /// Whether the direct hook at `path` has lines after our two that a shell would run
    /// (`GitHookScript.added`). One `stat` when it is the size of our two lines for
    /// `interpreter` (the binary its first line names, which the kernel passes as `argv[0]`);
    /// read only otherwise.
    static func hasAddedLines(_ path: String, interpreter: String?) -> Bool {
        if let interpreter, let ours = GitHookScript.directHook(binary: interpreter), Files.size(path) == ours.utf8.count {
            return false
        }
        guard let bytes = try? Files.read(path, limit: 1 << 20) else { return false }
        var lines = 0
        var index = 0
        while index < bytes.count, lines < 2 {
            if bytes[index] == 0x0A { lines += 1 }
            index += 1
        }
        guard index < bytes.count, let added = GitHookScript.added(to: bytes) else { return false }
        return GitHookScript.holdsCommands(added)
    }

    static func run(_ invocation: Invocation, _ context: Context) throws(CommandError) -> Int32 {
        let dryRun = invocation.has(dryRun)
        if context.environment.value("STREAKPROMPT") == "0" {
            if dryRun { context.out.line("off: STREAKPROMPT=0") }
            return 0
        }
        var name = GitShared.streak(invocation)
        if dryRun, invocation.name(GitShared.nameFlag) == nil, let installed = GitShared.installedStreak(context.environment) {
            name = installed
        }
        do throws(CommandError) {
            let today = try context.today(invocation)
            let store = try context.store(today: today)
            if invocation.has(record) {
                // The commit was judged already, by the hook that found the folder busy.
                let action = Action(day: today.day, at: context.zone.local(at: today.now))
                _ = try storeCall { () throws(StoreError) -> TickOutcome? in
                    try store.tickUnlessMet(name, action: action, zone: context.zone, waitingAtMost: recordWait)
                }
                return 0
            }
            // Once today is met, another commit changes nothing (with a daily goal above 1,
            // commits count until it is met); `fast` answers that before the command line is
            // parsed. A later date met already (a tick for tomorrow) hides whether today is:
            // then its logs say, so that commits add one action to a date, not one each.
            if !dryRun, let met = Store.lastCachedMetDay(of: name.text, home: store.home) {
                if met == today.day { return 0 }
                if met > today.day, let streak = try? store.load(name, zone: context.zone) {
                    let day = streak.replay.dayProgress(on: today.day)
                    if day.done >= day.needed { return 0 }
                }
            }
            // One decision for the hook and the dry run: the core rule, asking git only what
            // it needs. Only the hook itself runs inside the commit's own environment.
            let judge = CommitJudge(now: today.now, clock: Clock.now())
            let head = HeadCommit(environment: context.environment, asHook: !dryRun)
            let verdict = try GitShared.call { () throws(GitError) in try judge.verdict(asking: head) }
            if dryRun {
                switch verdict {
                case .counts: context.out.line("counts: new work of yours; it counts for '\(name)' on \(today.day)")
                case .skipped(let reason): context.out.line("skipped: \(reason)")
                }
                return 0
            }
            guard verdict == .counts else { return 0 }
            let action = Action(day: today.day, at: context.zone.local(at: today.now))
            // Recorded unless the date is met, decided with the lock held: commits made at once
            // add what commits made one after another add. Another command holding the data
            // folder (an import, a repair) does not hold up the commit: past `lockWait`, a
            // process of its own records the action, at the commit's time, once it is free.
            let busy = try storeCall { () throws(StoreError) -> Bool in
                do throws(StoreError) {
                    _ = try store.tickUnlessMet(name, action: action, zone: context.zone, waitingAtMost: lockWait)
                    return false
                } catch .busy {
                    return true
                }
            }
            if busy {
                _ = Background.start(["git", "hook", GitHookScript.countingHook, GitShared.nameFlag.name, name.text,
                                      CommandTable.now.name, action.at.description, record.name],
                                     environment: context.environment)
            }
        } catch {
            // A hook must never fail a commit: whatever went wrong, the commit stands.
            if dryRun { throw error }
        }
        return 0
    }
}
