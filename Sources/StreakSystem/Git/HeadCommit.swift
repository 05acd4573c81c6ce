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

    /// HEAD's commit: from the git folder's files when they are as git leaves them right after
    /// a commit (no process), else from `git log`.
    public func head() throws(GitError) -> CommitFacts? {
        // No optional copied or compared: its type is built at run time.
        if var facts = fromFiles() {
            facts.madeHere = asHook && !git.identityOverridden
            return facts
        }
        guard var facts = try fromGit() else { return nil }
        facts.madeHere = asHook && !git.identityOverridden
        return facts
    }

    /// HEAD's commit as `git log` tells it.
    public func fromGit() throws(GitError) -> CommitFacts? {
        let fields = "%ae%x00%at%x00%ce%x00%ct"
        if let facts = try read(["log", "-g", "-1", "--format=%gs%x00" + fields, "HEAD"], hasSubject: true) { return facts }
        // No reflog (core.logAllRefUpdates=false): judge without the subject.
        return try read(["log", "-1", "--format=" + fields, "HEAD"], hasSubject: false)
    }

    public func yourEmails() throws(GitError) -> [String] {
        try git.yourEmails(configuredOnly: true)
    }

    /// HEAD's commit from the git folder's files (`GitFolderFacts`), or nil whenever anything
    /// is not as a plain repository has it right after a commit: a worktree without `GIT_DIR`,
    /// another object folder, a packed branch, a reflog whose last entry is not HEAD's commit,
    /// a packed object, a link or a special file anywhere. Then git is asked.
    public func fromFiles() -> CommitFacts? {
        let environment = git.environment
        guard environment.nonEmpty("GIT_OBJECT_DIRECTORY") == nil else { return nil }
        let gitFolder: String
        if let given = environment.nonEmpty("GIT_DIR") {
            gitFolder = given
        } else if Files.isFolder(".git") {
            gitFolder = ".git"
        } else {
            return nil
        }
        func read(_ path: String, limit: Int = 4096) -> [UInt8]? {
            (try? Files.readIfPresent(path, limit: limit)) ?? nil
        }
        // Branches and objects live in the common folder a worktree's folder names.
        var common = gitFolder
        if let given = environment.nonEmpty("GIT_COMMON_DIR") {
            common = given
        } else if let bytes = read(Paths.join(gitFolder, "commondir")) {
            guard let line = GitFolderFacts.singleLine(bytes) else { return nil }
            common = line.hasPrefix("/") ? line : Paths.join(gitFolder, line)
        }
        let id: String
        switch read(Paths.join(gitFolder, "HEAD")).flatMap(GitFolderFacts.head) {
        case .id(let detached)?: id = detached
        case .ref(let ref)?:
            guard let branch = read(Paths.join(common, ref)).flatMap(GitFolderFacts.refID) else { return nil }
            id = branch
        case nil: return nil
        }
        guard let log = try? Files.readTail(Paths.join(gitFolder, "logs/HEAD"), limit: 16384),
              let entry = GitFolderFacts.lastReflogEntry(log), entry.id == id,
              let object = read(Paths.join(common, "objects/" + String(id.prefix(2)) + "/" + String(id.dropFirst(2))), limit: GitFolderFacts.objectLimit),
              let signatures = GitFolderFacts.signatures(looseObject: object)
        else { return nil }
        return CommitFacts(reflogSubject: entry.subject, authorEmail: signatures.authorEmail, authorTime: signatures.authorTime,
                           committerEmail: signatures.committerEmail, committerTime: signatures.committerTime)
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
