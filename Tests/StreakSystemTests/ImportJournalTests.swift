import Foundation
import StreakCore
import StreakSystem
import Testing

/// An import across many streaks happens whole: what a process killed half-way leaves (a
/// journal in the lock file, some steps done, one cut short) is rolled forward by the next
/// command that takes the lock, exactly once.
@Suite("import journal, rolled forward")
struct ImportJournalTests {
    let quiz = try! StreakName("quiz")
    let gym = try! StreakName("gym")

    func logLines(_ scratch: Scratch, _ name: String) throws -> [String] {
        try scratch.read("data/streaks/\(name)/laptop.log").split(separator: "\n").map(String.init)
    }

    @Test func aMergeOfManyStreaksLandsWholeAndTwiceChangesNothing() throws {
        let scratch = try Scratch()
        let store = scratch.store()
        let imports = (0..<50).map { index in
            StreakImport(name: try! StreakName("s\(index)"), actions: [.at("2026-03-01T09:00:00Z"), .at("2026-03-02T09:00:00Z")],
                         settings: StreakSettings(icon: "x\(index)"))
        }
        let first = try store.merge(imports, zone: utc)
        #expect(first.added == Array(repeating: 2, count: 50))
        #expect(first.cacheProblem == nil)
        #expect(try store.names().count == 50)
        #expect(try store.settings(of: try StreakName("s7")).icon == "x7")
        #expect(!store.hasUnfinishedWrite, "the journal is cleared")
        let cache = try scratch.read("data/prompt.cache")
        #expect(cache.split(separator: "\n").count == 51)
        let again = try store.merge(imports, zone: utc)
        #expect(again.added == Array(repeating: 0, count: 50))
        #expect(try scratch.read("data/prompt.cache") == cache)
    }

    /// The state a kill leaves after the journal's flush: every step written down, the first
    /// done, the second cut short in the middle of its bytes, the third not begun.
    @Test func aJournalLeftByAKillIsFinishedExactlyOnce() throws {
        let scratch = try Scratch()
        let store = scratch.store()
        _ = try store.tick(quiz, action: .at("2026-03-01T09:00:00Z"), zone: utc)
        _ = try store.tick(gym, action: .at("2026-03-01T09:00:00Z"), zone: utc)
        let quizLog = scratch.data + "/streaks/quiz/laptop.log"
        let gymLog = scratch.data + "/streaks/gym/laptop.log"
        let quizBefore = Array(try scratch.read(quizLog).utf8)
        let gymBefore = Array(try scratch.read(gymLog).utf8)
        let quizLine = Array(ActionLog.line(.at("2026-03-02T09:00:00Z")).utf8)
        let gymLine = Array(ActionLog.line(.at("2026-03-03T09:00:00Z")).utf8)
        let newLog = Array((ActionLog.header + ActionLog.line(.at("2026-03-04T09:00:00Z"))).utf8)
        let journal = Journal(machine: "laptop", steps: [
            .append(path: "streaks/quiz/laptop.log", offset: quizBefore.count, bytes: quizLine),
            .append(path: "streaks/gym/laptop.log", offset: gymBefore.count, bytes: gymLine),
            .create(path: "streaks/new/streak.conf", bytes: Array(StreakSettings(icon: "N").encoded().utf8)),
            .append(path: "streaks/new/laptop.log", offset: 0, bytes: newLog),
        ])
        try Data(journal.encoded()).write(to: URL(fileURLWithPath: store.lockPath))
        try Data(quizBefore + quizLine).write(to: URL(fileURLWithPath: quizLog))
        try Data(gymBefore + gymLine.prefix(9)).write(to: URL(fileURLWithPath: gymLog))
        #expect(store.hasUnfinishedWrite)

        #expect(store.finishInterruptedWrite() == nil)
        #expect(!store.hasUnfinishedWrite)
        #expect(Array(try scratch.read(quizLog).utf8) == quizBefore + quizLine, "done once, not twice")
        #expect(Array(try scratch.read(gymLog).utf8) == gymBefore + gymLine, "the cut line completed, not glued")
        #expect(Array(try scratch.read(scratch.data + "/streaks/new/laptop.log").utf8) == newLog)
        #expect(try store.settings(of: try StreakName("new")).icon == "N")
        #expect(try store.load(gym, zone: utc).problems.isEmpty)

        // Rolling the same journal forward again (a kill after the steps, before the clear)
        // changes nothing.
        try Data(journal.encoded()).write(to: URL(fileURLWithPath: store.lockPath))
        #expect(store.finishInterruptedWrite() == nil)
        #expect(Array(try scratch.read(quizLog).utf8) == quizBefore + quizLine)
        #expect(Array(try scratch.read(gymLog).utf8) == gymBefore + gymLine)
    }

    @Test func aJournalCutShortWasNeverCommittedAndIsDropped() throws {
        let scratch = try Scratch()
        let store = scratch.store()
        _ = try store.tick(quiz, action: .at("2026-03-01T09:00:00Z"), zone: utc)
        let log = scratch.data + "/streaks/quiz/laptop.log"
        let before = try scratch.read(log)
        let journal = Journal(machine: "laptop", steps: [
            .append(path: "streaks/quiz/laptop.log", offset: before.utf8.count,
                    bytes: Array(ActionLog.line(.at("2026-03-02T09:00:00Z")).utf8)),
        ])
        let bytes = journal.encoded()
        try Data(bytes.dropLast(5)).write(to: URL(fileURLWithPath: store.lockPath))
        #expect(store.finishInterruptedWrite() == nil)
        #expect(!store.hasUnfinishedWrite)
        #expect(try scratch.read(log) == before)
    }

    @Test func anotherMachinesJournalIsNotOursToFinish() throws {
        let scratch = try Scratch()
        let store = scratch.store()
        _ = try store.tick(quiz, action: .at("2026-03-01T09:00:00Z"), zone: utc)
        let journal = Journal(machine: "desktop", steps: [
            .append(path: "streaks/quiz/desktop.log", offset: 0, bytes: Array(ActionLog.line(.at("2026-03-02T09:00:00Z")).utf8)),
        ])
        try Data(journal.encoded()).write(to: URL(fileURLWithPath: store.lockPath))
        _ = try store.tick(quiz, action: .at("2026-03-03T09:00:00Z"), zone: utc)
        #expect(!scratch.exists("data/streaks/quiz/desktop.log"))
    }

    /// A first-release binary knows no journal: if it ticked between the kill and the roll
    /// forward, its line stays and the journal's lines go after it.
    @Test func aLineAddedMeanwhileIsKept() throws {
        let scratch = try Scratch()
        let store = scratch.store()
        _ = try store.tick(quiz, action: .at("2026-03-01T09:00:00Z"), zone: utc)
        let log = scratch.data + "/streaks/quiz/laptop.log"
        let before = try scratch.read(log)
        let imported = ActionLog.line(.at("2026-03-02T09:00:00Z"))
        let meanwhile = ActionLog.line(.at("2026-03-03T09:00:00Z"))
        let journal = Journal(machine: "laptop", steps: [
            .append(path: "streaks/quiz/laptop.log", offset: before.utf8.count, bytes: Array(imported.utf8)),
        ])
        try Data(journal.encoded()).write(to: URL(fileURLWithPath: store.lockPath))
        try scratch.write(log, before + meanwhile)
        #expect(store.finishInterruptedWrite() == nil)
        #expect(try scratch.read(log) == before + meanwhile + imported)
    }

    @Test func theLockIsWaitedForABoundedTime() throws {
        let scratch = try Scratch()
        let store = scratch.store()
        _ = try store.tick(quiz, action: .at("2026-03-01T09:00:00Z"), zone: utc)
        // Another open file description of the lock: flock treats it as another holder.
        let holder = try FileDescriptor.open(store.lockPath, O_RDWR)
        #expect(holder.tryLockExclusive())
        let started = Date()
        do throws(StoreError) {
            _ = try store.rebuildCache(zone: utc, waitingAtMost: 200)
            Issue.record("took a lock that was held")
        } catch {
            guard case .busy = error else { Issue.record("\(error)"); return }
        }
        #expect(Date().timeIntervalSince(started) < 5)
        holder.unlock()
        try store.rebuildCache(zone: utc, waitingAtMost: 200)
    }
}
