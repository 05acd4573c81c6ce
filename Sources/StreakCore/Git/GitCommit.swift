/// What the post-commit hook learns about the commit it runs after, from git.
public struct CommitFacts: Equatable, Sendable {
    /// The subject of HEAD's newest reflog entry (`commit: fix it`, `commit (amend): fix it`,
    /// `rebase (pick): fix it`, …); nil when the repository keeps no reflog.
    public var reflogSubject: String?
    /// The replay state files and folders present in the worktree's git folder: `rebase-merge`,
    /// `rebase-apply`, `CHERRY_PICK_HEAD`, `REVERT_HEAD`, `sequencer`.
    public var replaying: [String]
    public var authorEmail: String
    /// Seconds since the epoch.
    public var authorTime: Int64
    public var committerEmail: String
    public var committerTime: Int64
    /// Whether the commit was just made by the git command this process runs under (the hook,
    /// not a later `--dry-run`), with no one-off identity override in effect (`git -c`,
    /// `GIT_COMMITTER_EMAIL`): then its committer is the user git is configured for.
    public var madeHere: Bool

    public init(reflogSubject: String?, replaying: [String] = [], authorEmail: String, authorTime: Int64,
                committerEmail: String, committerTime: Int64, madeHere: Bool = false) {
        self.reflogSubject = reflogSubject
        self.replaying = replaying
        self.authorEmail = authorEmail
        self.authorTime = authorTime
        self.committerEmail = committerEmail
        self.committerTime = committerTime
        self.madeHere = madeHere
    }

    /// Whether the author is whoever ran `git commit` (same address, without case).
    public var isAuthoredByCommitter: Bool {
        CommitJudge.normalized(authorEmail) == CommitJudge.normalized(committerEmail)
    }

    /// What git leaves in the git folder while it replays commits; a commit made meanwhile is
    /// part of the replay, not new work.
    public static let replayStates = ["rebase-merge", "rebase-apply", "CHERRY_PICK_HEAD", "REVERT_HEAD", "sequencer"]
}

/// Whether a commit counts for the streak.
public enum CommitVerdict: Equatable, Sendable {
    case counts
    /// Not new work by the user; the reason, for `git hook --dry-run`.
    case skipped(String)
}

/// What the judge asks about the commit HEAD points at. It asks lazily, cheapest first, so a
/// hook pays only for the questions its verdict needs (no `git log` during a rebase, no
/// `git config` when the commit was just made by the configured user).
public protocol CommitQuestions {
    associatedtype Failure: Error
    /// The replay states present in the git folder (`CommitFacts.replayStates`).
    func replayStates() throws(Failure) -> [String]
    /// What git says about HEAD's commit; nil when there is none.
    func head() throws(Failure) -> CommitFacts?
    /// The user's configured addresses: `user.email` and every `streakprompt.email`, without
    /// one-off overrides.
    func yourEmails() throws(Failure) -> [String]
}

/// Decides whether a commit is new work by the user, which is all a streak should count: a
/// rebase, cherry-pick or amend of 50 commits is not 50 new actions, a colleague's commit is
/// not the user's, and a commit dated last week (`--date`) is not today's work. The hook and
/// `git hook --dry-run` both ask it, so they cannot disagree.
public struct CommitJudge: Sendable {
    /// The moment the hook acts at (the clock, or `STREAKPROMPT_NOW`).
    public var now: Int64
    /// The wall clock, which git also read when it dated the commit.
    public var clock: Int64

    /// How far a commit's author date may be from now, and from its commit date, and still be
    /// today's new work: room for an editor left open over lunch, not for `--date` last week.
    public static let freshness: Int64 = 6 * 3600

    public init(now: Int64, clock: Int64) {
        self.now = now
        self.clock = clock
    }

    /// The verdict on HEAD's commit.
    public func verdict<Questions: CommitQuestions>(asking questions: Questions) throws(Questions.Failure) -> CommitVerdict {
        let replaying = try questions.replayStates()
        if let state = replaying.first { return .skipped(CommitJudge.replaying(state)) }
        guard var commit = try questions.head() else { return .skipped("git shows no commit at HEAD") }
        commit.replaying = replaying
        return try verdict(commit, yourEmails: questions.yourEmails)
    }

    /// The verdict on a commit; `yourEmails` is asked only when the author must be checked
    /// against the user's addresses: not when the commit was just made here by its author
    /// (`CommitFacts.madeHere`), whose address git took from the same configuration. Empty
    /// addresses (none configured) make the committer stand for the user.
    public func verdict<Failure: Error>(_ commit: CommitFacts,
                                        yourEmails: () throws(Failure) -> [String]) throws(Failure) -> CommitVerdict {
        if let state = commit.replaying.first { return .skipped(CommitJudge.replaying(state)) }
        if let subject = commit.reflogSubject, let reason = CommitJudge.replayReason(subject) {
            return .skipped(reason)
        }
        // Without a reflog (core.logAllRefUpdates=false) nothing names an amend; but `git
        // commit` dates a new commit's author and committer from one reading of the clock,
        // and an amend keeps the author date it had.
        if commit.reflogSubject == nil, abs(commit.authorTime - commit.committerTime) > 1 {
            return .skipped("the repository keeps no reflog, and its author date is not its commit date: an amend or a replay")
        }
        let configured = commit.madeHere && commit.isAuthoredByCommitter ? [] : try yourEmails()
        let mine = configured.isEmpty ? [commit.committerEmail] : configured
        let author = CommitJudge.normalized(commit.authorEmail)
        guard mine.contains(where: { CommitJudge.normalized($0) == author }) else {
            let whose = configured.isEmpty ? "its committer's" : "yours (user.email, streakprompt.email)"
            return .skipped("its author <\(commit.authorEmail)> is someone else: the address is not \(whose)")
        }
        if abs(commit.authorTime - commit.committerTime) > CommitJudge.freshness {
            return .skipped("its author date is far from its commit date (backdated with --date?)")
        }
        if abs(commit.authorTime - now) > CommitJudge.freshness && abs(commit.authorTime - clock) > CommitJudge.freshness {
            return .skipped("its author date is far from now (backdated with --date?)")
        }
        return .counts
    }

    static func replaying(_ state: String) -> String {
        "git is replaying commits (\(state) is present): a rebase, cherry-pick or revert"
    }

    /// Why a reflog subject shows a commit that is not new work, or nil when it is a plain
    /// `git commit` (first commit and merge conclusion included).
    public static func replayReason(_ subject: String) -> String? {
        for fresh in ["commit: ", "commit (initial): ", "commit (merge): "] where subject.hasPrefix(fresh) {
            return nil
        }
        // The subject without the commit message, for the reason.
        let kind = subject.split(separator: ":", maxSplits: 1).first.map(String.init) ?? subject
        if subject.hasPrefix("commit (amend)") { return "it is an amend (reflog: \(kind))" }
        if subject.hasPrefix("commit (cherry-pick)") || subject.hasPrefix("cherry-pick") {
            return "it is a cherry-pick (reflog: \(kind))"
        }
        if subject.hasPrefix("commit (rebase)") || subject.hasPrefix("rebase") {
            return "it is part of a rebase (reflog: \(kind))"
        }
        if subject.hasPrefix("revert") { return "it is a revert (reflog: \(kind))" }
        return "it was not made by 'git commit' (reflog: \(kind))"
    }

    /// Addresses compare without case and surrounding space (`Me@Example.com` is `me@example.com`).
    static func normalized(_ email: String) -> String {
        var text = Substring(email)
        while text.first == " " { text = text.dropFirst() }
        while text.last == " " { text = text.dropLast() }
        return String(text).lowercased()
    }
}
