import StreakCore
import StreakSystem

/// `streakprompt import git [PATH...]`: backfills a streak from the user's commits.
enum ImportGit: Command {
    static let spec = CommandSpec(
        ["import", "git"], usage: "[PATH...] [--author EMAIL...] [--name NAME]",
        summary: "backfill a streak from git history",
        details: """
        Reads your commits on every local branch of each repository (default: the current
        one) and counts each date that has one: the date of the commit's author time in the
        UTC offset it was recorded in, as GitHub's contribution graph does (and shifted by
        STREAKPROMPT_DAY_START like every action). Yours means authored by user.email, any
        'streakprompt.email' address in git config, or the --author addresses. Dates already
        counted are skipped, so importing twice changes nothing.
        """,
        flags: [author, GitShared.nameFlag, CommandTable.now],
        arguments: .folder, count: 0...256)

    static let author = FlagSpec("--author", .text("EMAIL"),
                                 help: "count commits by this address (repeatable; default: user.email and streakprompt.email)",
                                 repeatable: true)

    /// Logs larger than this are refused rather than read into memory (about ten million commits).
    static let logLimit = 1 << 30
    /// Reading the whole history of a large repository takes a while; it still has an end.
    static let logTimeout = 600_000

    static func run(_ invocation: Invocation, _ context: Context) throws(CommandError) -> Int32 {
        let name = GitShared.streak(invocation)
        let dayStart = try context.dayStart()
        let today = try context.today(invocation)
        // Every path is checked before anything is read. `import git ~/code/*` brings files
        // and plain folders along: those are skipped and named; with no repository at all,
        // nothing is imported.
        var repositories: [(path: String, git: Git)] = []
        var skipped: [String] = []
        for path in invocation.arguments.isEmpty ? ["."] : invocation.arguments {
            let git = Git(folder: invocation.arguments.isEmpty ? nil : path, environment: context.environment)
            if !Files.isFolder(path) {
                skipped.append("'\(Text.visible(path))' (" + (Files.exists(path) ? "a file" : "no such folder") + ")")
            } else if try GitShared.call({ () throws(GitError) in try GitRepository.locate(git) }) == nil {
                skipped.append("'\(Text.visible(path))'")
            } else {
                repositories.append((path, git))
            }
        }
        guard !repositories.isEmpty else {
            if invocation.arguments.isEmpty {
                throw .failure("not inside a git repository; run 'streakprompt import git' inside one, or give the folders of some")
            }
            let what = skipped.count == 1 ? "is not a git repository" : "are git repositories"
            throw .failure("\(skipped.count == 1 ? "" : "none of ")\(skipped.joined(separator: ", ")) \(what); give the folder of one, nothing was imported")
        }
        if !skipped.isEmpty {
            Exit.warn("skipped \(skipped.count == 1 ? "1 path that is" : "\(skipped.count) paths that are") not a git repository: \(skipped.joined(separator: ", "))")
        }

        var authors = invocation.values(author).filter { !$0.isEmpty }
        if authors.isEmpty {
            for (_, git) in repositories {
                for email in try GitShared.call({ () throws(GitError) in try git.yourEmails() }) where !authors.contains(email) {
                    authors.append(email)
                }
            }
        }
        guard !authors.isEmpty else {
            throw .failure("cannot tell which commits are yours: user.email is not set; pass --author EMAIL, or set it with 'git config --global user.email EMAIL'")
        }

        var mine: [LoggedCommit] = []
        var unreadable = 0
        let progress = ProgressLine()
        for (path, git) in repositories {
            let outcome = try GitShared.call { () throws(GitError) in
                try git.run(["-c", "log.showSignature=false", "log", "--branches", "--format=" + GitHistory.logFormat],
                            limit: logLimit, timeout: logTimeout,
                            progress: { progress.show("reading \(path): \($0) commits", count: $0) })
            }
            guard outcome.succeeded else {
                throw .failure("cannot read the history of '\(Text.visible(path))': \(outcome.firstErrorLine)")
            }
            let parsed = GitHistory.parse(outcome.stdout)
            unreadable += parsed.unreadable
            mine += parsed.commits.filter { GitHistory.isBy($0, authors) }
        }
        progress.clear()
        if unreadable > 0 { Exit.warn("\(unreadable) lines of git log output did not read and were skipped") }

        let store = try context.store()
        let actions = GitHistory.actions(from: mine, dayStart: dayStart)
        var known = Set<StreakDay>()
        if store.exists(name) {
            known = Set(try Report.load(name, store, context).actions.map(\.day))
        } else {
            try Roster.checkNew(name, store, byHand: false)
        }
        let fresh = actions.filter { !known.contains($0.day) }
        // A commit dated where no log line can go (a year past 9999 after the day start) is skipped.
        let recordable = fresh.filter(\.isRecordable)
        if recordable.count < fresh.count {
            Exit.warn("\(fresh.count - recordable.count) commits are dated outside the years 0000–9999 and were skipped")
        }
        let outcome = try storeCall { () throws(StoreError) -> MergeOutcome in
            try store.merge([StreakImport(name: name, actions: recordable)], zone: context.zone)
        }
        let added = outcome.added.first ?? 0
        Exit.warnCache(outcome.cacheProblem, done: "the commits are recorded")

        let repos = repositories.count == 1 ? "1 repository" : "\(repositories.count) repositories"
        let commits = mine.count == 1 ? "1 commit" : "\(mine.count) commits"
        let who = authors.joined(separator: ", ")
        guard !mine.isEmpty else {
            context.out.line("No commits by \(who) on the local branches of \(repos); nothing imported.")
            return 0
        }
        func dates(_ count: Int) -> String { count == 1 ? "1 date" : "\(count) dates" }
        var line = "\(name): \(commits) by \(who) in \(repos), on \(dates(actions.count)); "
        line += added == 0 ? "all already counted, nothing changed" : "\(dates(added)) added"
        if store.exists(name) {
            let streak = try Report.load(name, store, context)
            let reading = streak.reading(today: today.day, zone: context.zone)
            line += " · \(streak.settings.icon) \(reading.current) · best \(reading.best)"
        }
        context.out.line(line)
        return 0
    }
}
