import StreakCore

/// The commit HEAD points at, as the post-commit hook sees it: the facts `CommitJudge` decides
/// on, read from git and the git folder only when the judge asks.
public struct HeadCommit: CommitQuestions {
    public let git: Git
    /// Whether this is the hook git runs right after the commit, rather than a later
    /// `--dry-run`: only then can the commit's environment tell who made it.
    public let asHook: Bool

    /// A hook runs inside `git commit`: a short deadline keeps a wedged git from holding it up.
    public static let timeout = 5000

    public init(environment: Environment, asHook: Bool) {
        git = Git(timeout: HeadCommit.timeout, environment: environment)
        self.asHook = asHook
    }

    /// The replay states present in the git folder. Git runs hooks at the worktree's top and
    /// exports `GIT_DIR` whenever the git folder is not `./.git`, so the common case needs no
    /// git process to find it.
    public func replayStates() throws(GitError) -> [String] {
        let gitFolder: String
        if let given = git.environment.nonEmpty("GIT_DIR") {
            gitFolder = given
        } else if Files.isFolder(".git") {
            gitFolder = ".git"
        } else {
            gitFolder = try git.text(["rev-parse", "--git-dir"])
        }
        return CommitFacts.replayStates.filter { Files.exists(Paths.join(gitFolder, $0)) }
    }

    public func head() throws(GitError) -> CommitFacts? {
        let fields = "%ae%x00%at%x00%ce%x00%ct"
        var facts = try read(["log", "-g", "-1", "--format=%gs%x00" + fields, "HEAD"], hasSubject: true)
        if facts == nil {
            // No reflog (core.logAllRefUpdates=false): judge without the subject.
            facts = try read(["log", "-1", "--format=" + fields, "HEAD"], hasSubject: false)
        }
        facts?.madeHere = asHook && !git.identityOverridden
        return facts
    }

    public func yourEmails() throws(GitError) -> [String] {
        try git.yourEmails(configuredOnly: true)
    }

    private func read(_ arguments: [String], hasSubject: Bool) throws(GitError) -> CommitFacts? {
        let outcome = try git.run(["-c", "log.showSignature=false"] + arguments)
        guard outcome.succeeded else { return nil }
        var bytes = outcome.stdout
        while bytes.last == 0x0A { bytes.removeLast() }
        var fields = bytes.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        let subject = hasSubject ? fields.removeFirst() : nil
        guard fields.count == 4, let authorTime = Int64(fields[1]), let committerTime = Int64(fields[3]) else { return nil }
        return CommitFacts(reflogSubject: subject, authorEmail: fields[0], authorTime: authorTime,
                           committerEmail: fields[2], committerTime: committerTime)
    }
}
