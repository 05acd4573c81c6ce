import StreakCore
import Testing

/// The judge with fixed configured addresses.
struct Judge {
    var emails: [String]
    var now: Int64
    var clock: Int64

    func verdict(_ commit: CommitFacts) -> CommitVerdict {
        CommitJudge(now: now, clock: clock).verdict(commit, yourEmails: { emails })
    }
}

/// Answers the judge's questions from fixed facts, and remembers which were asked.
final class Answers: CommitQuestions {
    var replaying: [String] = []
    var facts: CommitFacts?
    var emails: [String] = []
    var asked: [String] = []

    init(_ facts: CommitFacts?, emails: [String], replaying: [String] = []) {
        self.facts = facts
        self.emails = emails
        self.replaying = replaying
    }

    func replayStates() -> [String] { asked.append("replay"); return replaying }
    func head() -> CommitFacts? { asked.append("head"); return facts }
    func yourEmails() -> [String] { asked.append("emails"); return emails }
}

@Suite("git: what counts as new work")
struct CommitJudgeTests {
    static let now: Int64 = 1_795_000_000
    let judge = Judge(emails: ["me@example.com", "me@work.example"], now: now, clock: now)

    func commit(_ subject: String? = "commit: fix it", author: String = "me@example.com", authored: Int64 = now - 20,
                committed: Int64 = now - 10, replaying: [String] = [], committer: String = "me@example.com",
                madeHere: Bool = false) -> CommitFacts {
        CommitFacts(reflogSubject: subject, replaying: replaying, authorEmail: author, authorTime: authored,
                    committerEmail: committer, committerTime: committed, madeHere: madeHere)
    }

    /// `git -c user.email=other@x commit`: author and committer are both other@x. The hook
    /// (run by that commit, the override in its environment: not `madeHere`) and a later dry
    /// run (not `madeHere` either) ask for the configured addresses and skip it alike.
    @Test func someoneElsesIdentityIsSkippedByHookAndDryRunAlike() throws {
        let other = commit(author: "other@x", committer: "other@x")
        let answers = Answers(other, emails: ["me@example.com"])
        let verdict = CommitJudge(now: Self.now, clock: Self.now).verdict(asking: answers)
        #expect(verdict == .skipped("its author <other@x> is someone else: the address is not yours (user.email, streakprompt.email)"))
        #expect(answers.asked == ["replay", "head", "emails"])
    }

    /// A commit just made here without an override, by its committer: git took the committer
    /// from the configuration, so the addresses need not be asked (one git process saved).
    @Test func aCommitMadeHereByItsCommitterNeedsNoConfigQuery() throws {
        let mine = Answers(commit(madeHere: true), emails: [])
        #expect(CommitJudge(now: Self.now, clock: Self.now).verdict(asking: mine) == .counts)
        #expect(mine.asked == ["replay", "head"])
        // Made here, but authored by someone else (--author): the addresses decide.
        let theirs = Answers(commit(author: "colleague@example.com", madeHere: true), emails: ["me@example.com"])
        #expect(CommitJudge(now: Self.now, clock: Self.now).verdict(asking: theirs) != .counts)
        #expect(theirs.asked.contains("emails"))
    }

    @Test func aReplayIsSkippedBeforeGitIsAsked() {
        let answers = Answers(commit(), emails: [], replaying: ["rebase-merge"])
        #expect(CommitJudge(now: Self.now, clock: Self.now).verdict(asking: answers) != .counts)
        #expect(answers.asked == ["replay"])
        let none = Answers(nil, emails: [])
        #expect(CommitJudge(now: Self.now, clock: Self.now).verdict(asking: none) == .skipped("git shows no commit at HEAD"))
    }

    @Test(arguments: ["commit: fix it", "commit (initial): first", "commit (merge): Merge branch 'x'"])
    func plainCommitsCount(subject: String) {
        #expect(judge.verdict(commit(subject)) == .counts)
    }

    @Test(arguments: ["commit (amend): fix it", "rebase (pick): fix it", "rebase -i (pick): fix it", "rebase (reword): x",
                      "commit (rebase): x", "cherry-pick: fix it", "commit (cherry-pick): fix it", "revert: Revert \"x\"",
                      "am: patch", "reset: moving to HEAD~1"])
    func replaysAndAmendsDoNot(subject: String) {
        guard case .skipped = judge.verdict(commit(subject)) else {
            Issue.record("\(subject) counted")
            return
        }
    }

    @Test func replayStateWinsOverAPlainSubject() {
        for state in CommitFacts.replayStates {
            #expect(judge.verdict(commit(replaying: [state])) != .counts, "\(state)")
        }
    }

    /// Without a reflog, a commit whose author date is its commit date (what `git commit`
    /// gives a new one) is judged on the rest; one whose author date is older (an amend keeps
    /// it) is not new work.
    @Test func noReflogStillJudgesTheRest() {
        #expect(judge.verdict(commit(nil, authored: Self.now - 10)) == .counts)
        #expect(judge.verdict(commit(nil, authored: Self.now - 11)) == .counts)
        #expect(judge.verdict(commit(nil, author: "other@example.com", authored: Self.now - 10)) != .counts)
        #expect(judge.verdict(commit(nil, authored: Self.now - 3600)) != .counts)
        #expect(judge.verdict(commit("commit: fix it", authored: Self.now - 3600)) == .counts)
    }

    @Test func authorsAreComparedWithoutCase() {
        #expect(judge.verdict(commit(author: "Me@Example.COM")) == .counts)
        #expect(judge.verdict(commit(author: "me@work.example")) == .counts)
        #expect(judge.verdict(commit(author: "colleague@example.com")) != .counts)
    }

    @Test func withoutConfiguredAddressesTheCommitterIsYou() {
        let open = Judge(emails: [], now: Self.now, clock: Self.now)
        #expect(open.verdict(commit(author: "me@example.com")) == .counts)
        #expect(open.verdict(commit(author: "colleague@example.com")) != .counts)
    }

    @Test func backdatedCommitsDoNotCount() {
        // `git commit --date=…`: the author date moves, the commit date does not.
        #expect(judge.verdict(commit(authored: Self.now - 3 * 86400)) != .counts)
        // Both dates moved (GIT_COMMITTER_DATE too), far from the clock.
        #expect(judge.verdict(commit(authored: Self.now - 3 * 86400, committed: Self.now - 3 * 86400)) != .counts)
        // An editor left open for an hour is still today's work.
        #expect(judge.verdict(commit(authored: Self.now - 3600)) == .counts)
        #expect(judge.verdict(commit(authored: Self.now + 7 * 3600, committed: Self.now + 7 * 3600)) != .counts)
    }

    @Test func nowFromTheEnvironmentPlacesACommitOnAnotherDay() {
        // STREAKPROMPT_NOW far from the clock: a commit dated at either counts.
        let elsewhere = Judge(emails: ["me@example.com"], now: Self.now - 10 * 86400, clock: Self.now)
        #expect(elsewhere.verdict(commit()) == .counts)
        #expect(elsewhere.verdict(commit(authored: Self.now - 10 * 86400, committed: Self.now - 10 * 86400)) == .counts)
    }
}

@Suite("git: import")
struct GitHistoryTests {
    func log(_ lines: [(String, String)]) -> [UInt8] {
        Array(lines.map { "\($0.0)\u{0}\($0.0)\u{0}\($0.1)\n" }.joined().utf8)
    }

    @Test func datesComeFromEachCommitsOwnOffset() {
        let parsed = GitHistory.parse(log([
            ("me@example.com", "2026-01-01T23:30:00+09:00"),  // 14:30 UTC, Jan 1
            ("me@example.com", "2026-01-02T01:30:00+09:00"),  // 16:30 UTC Jan 1, but Jan 2 in Tokyo
            ("me@example.com", "2026-01-03T20:00:00-08:00"),  // 04:00 UTC Jan 4, but Jan 3 in Los Angeles
        ]))
        #expect(parsed.unreadable == 0)
        let days = GitHistory.actions(from: parsed.commits, dayStart: .midnight).map(\.day.description)
        #expect(days == ["2026-01-01", "2026-01-02", "2026-01-03"])
    }

    @Test func oneActionPerDateTheEarliest() {
        let parsed = GitHistory.parse(log([
            ("me@example.com", "2026-01-05T18:00:00+00:00"),
            ("me@example.com", "2026-01-05T09:00:00+00:00"),
            ("me@example.com", "2026-01-05T12:00:00+00:00"),
        ]))
        let actions = GitHistory.actions(from: parsed.commits, dayStart: .midnight)
        #expect(actions.count == 1)
        #expect(actions.first?.at.description == "2026-01-05T09:00:00+00:00")
    }

    @Test func dayStartShiftsLikeEveryAction() {
        let parsed = GitHistory.parse(log([("me@example.com", "2026-01-06T02:30:00+01:00")]))
        let day = GitHistory.actions(from: parsed.commits, dayStart: DayStart("04:00")!).first?.day
        #expect(day?.description == "2026-01-05")
    }

    @Test func authorsMatchEitherAddressWithoutCase() {
        let commit = LoggedCommit(authorEmail: "old@example.com", mappedEmail: "Me@Example.com",
                                  date: Instant(seconds: 0, offset: 0))
        #expect(GitHistory.isBy(commit, ["me@example.com"]))
        #expect(GitHistory.isBy(commit, ["OLD@example.com"]))
        #expect(!GitHistory.isBy(commit, ["other@example.com"]))
    }

    @Test func unreadableLinesAreCounted() {
        let parsed = GitHistory.parse(Array("garbage\nme@x\u{0}me@x\u{0}not a date\n".utf8))
        #expect(parsed.commits.isEmpty)
        #expect(parsed.unreadable == 2)
    }
}
