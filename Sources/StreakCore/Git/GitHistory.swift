/// One commit as `import git` reads it from `git log`.
public struct LoggedCommit: Equatable, Sendable {
    /// The author's address as recorded, and as `.mailmap` maps it.
    public var authorEmail: String
    public var mappedEmail: String
    /// The author date, with the UTC offset it was recorded in.
    public var date: Instant

    public init(authorEmail: String, mappedEmail: String, date: Instant) {
        self.authorEmail = authorEmail
        self.mappedEmail = mappedEmail
        self.date = date
    }
}

/// Backfilling a streak from git history.
public enum GitHistory {
    /// The `git log --format` import reads: both addresses and the strict ISO 8601 author date
    /// (`2026-01-01T23:30:00+09:00`), NUL between fields, one commit a line.
    public static let logFormat = "%ae%x00%aE%x00%aI"

    /// The commits in `git log --format=logFormat` output, and how many lines did not read.
    public static func parse(_ bytes: [UInt8]) -> (commits: [LoggedCommit], unreadable: Int) {
        var commits: [LoggedCommit] = []
        var unreadable = 0
        for line in bytes.split(separator: 0x0A) {
            let fields = line.split(separator: 0, omittingEmptySubsequences: false)
            guard fields.count == 3, let date = Instant.parse(fields[2]) else {
                unreadable += 1
                continue
            }
            commits.append(LoggedCommit(authorEmail: String(decoding: fields[0], as: UTF8.self),
                                        mappedEmail: String(decoding: fields[1], as: UTF8.self), date: date))
        }
        return (commits, unreadable)
    }

    /// Whether the commit is by one of `authors` (compared without case), under either address.
    public static func isBy(_ commit: LoggedCommit, _ authors: [String]) -> Bool {
        let recorded = CommitJudge.normalized(commit.authorEmail)
        let mapped = CommitJudge.normalized(commit.mappedEmail)
        return authors.contains { author in
            let wanted = CommitJudge.normalized(author)
            return wanted == recorded || wanted == mapped
        }
    }

    /// The streak date of a commit: the date of its author time in the offset it was recorded
    /// in (as GitHub's contribution graph does, so a commit at 23:30 in Tokyo counts for that
    /// Tokyo date wherever the import runs), shifted by the day start like every action.
    public static func day(of date: Instant, dayStart: DayStart) -> StreakDay {
        dayStart.day(of: date.local)
    }

    /// One action per date that has commits, the earliest of them, so the logs stay small and
    /// the same history always gives the same actions (importing twice adds nothing).
    public static func actions(from commits: [LoggedCommit], dayStart: DayStart) -> [Action] {
        var earliest: [StreakDay: Instant] = [:]
        for commit in commits {
            let day = day(of: commit.date, dayStart: dayStart)
            if let known = earliest[day], (known.seconds, known.offset) <= (commit.date.seconds, commit.date.offset) {
                continue
            }
            earliest[day] = commit.date
        }
        return earliest.map { Action(day: $0.key, at: $0.value) }.sorted()
    }
}
