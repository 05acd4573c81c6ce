import Foundation
import StreakCore
import StreakSystem
import Testing

/// Streaks whose names differ only in letter case, as two machines' syncs bring them: named by
/// `doctor`, made one by `doctor --repair` with every record of both, and never started by a
/// command beside one another.
@Suite("letter-case twins")
struct CaseTwinTests {
    static let actionsHeader = ActionLog.header
    static let eventsHeader = "# streakprompt events v1: INSTANT KIND ARGS...\n"

    /// `OTHER2` (laptop's, with a count, a note, a rule change and a pause) and `Other2`
    /// (desk's, and a line of laptop's log that both hold, an untick of one of OTHER2's
    /// actions, an unpause), as files a sync tool brought.
    func twins(_ scratch: Scratch) throws {
        try scratch.write("data/streaks/OTHER2/streak.conf", "icon=O\ntags=work\n")
        try scratch.write("data/streaks/OTHER2/laptop.log", Self.actionsHeader + """
            2026-03-01 2026-03-01T09:00:00+00:00 id=00000000000000a1
            2026-03-02 2026-03-02T09:00:00+00:00 count=3 note=ran%205%20km id=00000000000000a2
            2026-03-03 2026-03-03T09:00:00+00:00 id=00000000000000a3
            2026-03-03 2026-03-03T09:00:00+00:00 id=00000000000000a4

            """)
        try scratch.write("data/streaks/OTHER2/laptop.events", Self.eventsHeader + """
            2026-03-01T10:00:00+00:00 rules from=2026-03-04 goal=2
            2026-03-01T10:00:01+00:00 pause from=2026-03-10 to=2026-03-12

            """)
        try scratch.write("data/streaks/Other2/streak.conf", "icon=o\ntags=health\n")
        try scratch.write("data/streaks/Other2/laptop.log", Self.actionsHeader + """
            2026-03-01 2026-03-01T09:00:00+00:00 id=00000000000000a1
            # a comment of its own

            """)
        try scratch.write("data/streaks/Other2/desk.log", Self.actionsHeader + """
            2026-03-02 2026-03-02T21:00:00+00:00 note=evening id=00000000000000b1
            2026-03-05 2026-03-05T21:00:00+00:00 count=2 id=00000000000000b2

            """)
        try scratch.write("data/streaks/Other2/desk.events", Self.eventsHeader + """
            2026-03-03T10:00:00+00:00 untick date=2026-03-03 at=2026-03-03T09:00:00+00:00 id=00000000000000a4
            2026-03-03T10:00:01+00:00 unpause from=2026-03-12 to=2026-03-12

            """)
    }

    func records(_ store: Store, _ names: [String]) throws -> (actions: Set<String>, events: Set<String>) {
        var actions = Set<String>()
        var events = Set<String>()
        for name in names {
            let streak = try StreakName(name)
            actions.formUnion(try store.actions(of: streak).actions.map(ActionLog.line))
            events.formUnion(try store.events(of: streak).events.map(EventLog.text))
        }
        return (actions, events)
    }

    @Test func doctorNamesTwinsAndARepairMakesOneStreakWithEveryRecord() throws {
        let scratch = try Scratch()
        try twins(scratch)
        let store = scratch.store()
        let checkup = Checkup(store: store, environment: scratch.environment())
        let problems = checkup.data().filter { $0.level == .problem }.map(\.message)
        #expect(problems == ["the streaks OTHER2 and Other2 differ only in letter case: one folder on macOS and Windows disks, and an export holding both cannot be imported anywhere; 'streakprompt doctor --repair' makes them one streak, keeping every action"],
                "\(problems)")
        let before = try records(store, ["OTHER2", "Other2"])
        #expect(before.actions.count == 6 && before.events.count == 4)
        let desk = try scratch.read("data/streaks/Other2/desk.log")

        let done = try Repair(store: store, stamp: "20260306T100000").run(zone: utc).map(\.message)
        let said = try #require(done.first)
        #expect(said.hasPrefix("Other2 and OTHER2 differed only in letter case: kept OTHER2 (it holds more actions: 4 against 3);"), "\(said)")
        #expect(said.contains("moved its records in (desk.events, desk.log, laptop.log, streak.conf (tags))"), "\(said)")
        #expect(said.contains(scratch.data + "/backups/Other2-20260306T100000"), "\(said)")
        #expect(try store.names().map(\.text) == ["OTHER2"])
        let after = try records(store, ["OTHER2"])
        #expect(after.actions == before.actions, "every action, with its count, note and id")
        #expect(after.events == before.events, "every rule change, pause, unpause and untick")
        #expect(try store.actions(of: StreakName("OTHER2")).actions.count == 6, "the line both held is there once")
        let settings = try store.settings(of: StreakName("OTHER2"))
        #expect(settings.tags == ["health", "work"] && settings.icon == "O")
        // The other folder, whole and as it was, in the backups.
        #expect(try scratch.read("data/backups/Other2-20260306T100000/desk.log") == desk)
        #expect(try scratch.read("data/backups/Other2-20260306T100000/laptop.log").contains("# a comment of its own"))
        #expect(checkup.data().filter { $0.level == .problem }.isEmpty)
        #expect(checkup.cache(zone: utc).allSatisfy { $0.level == .ok }, "\(checkup.cache(zone: utc))")
        // Again: nothing left to do.
        #expect(try Repair(store: store, stamp: "20260306T100001").run(zone: utc).allSatisfy { !$0.message.contains("letter case") })
    }

    /// The name kept is the same whatever machine decides: by the actions, then the first
    /// action, then the name; the order keeps the place of the one merged.
    @Test func theNameKeptFollowsTheDataAndTakesItsPlaceInTheOrder() throws {
        let scratch = try Scratch()
        try scratch.write("data/streaks/gym/laptop.log", Self.actionsHeader + "2026-03-02 2026-03-02T09:00:00+00:00 id=00000000000000c1\n")
        try scratch.write("data/streaks/Gym/desk.log", Self.actionsHeader + "2026-03-01 2026-03-01T09:00:00+00:00 id=00000000000000c2\n")
        try scratch.write("data/streaks/GYM/desk.log", "")
        try scratch.write("data/streaks/quiz/desk.log", "")
        try scratch.write("data/streaks/.order", "GYM\nquiz\n")
        let store = scratch.store()
        let merges = try store.locked { () throws(StoreError) -> [Store.TwinMerge] in
            try store.mergeCaseTwinsLocked(stamp: "s", zone: utc)
        }
        #expect(merges.map(\.kept.text) == ["Gym", "Gym"] && merges.map(\.merged.text) == ["gym", "GYM"])
        #expect(merges.first?.why == "both hold 1 actions; its first is the earlier")
        #expect(merges.last?.why == "it holds more actions: 1 against 0")
        #expect(try store.names().map(\.text) == ["Gym", "quiz"])
        #expect(store.order() == ["Gym", "quiz"])
        #expect(try store.actions(of: StreakName("Gym")).actions.count == 2)
    }

    /// A last line a crash cut short stays uncounted in the joined log.
    @Test func aLineCutShortStaysUncounted() throws {
        let header = Array(Self.actionsHeader.utf8)
        let kept = header + Array("2026-03-01 2026-03-01T09:00:00+00:00 id=00000000000000d1\n2026-03-02 2026-03-02T09:00:00+00:00 id=0000".utf8)
        let other = header + Array("2026-03-03 2026-03-03T09:00:00+00:00 id=00000000000000d2\n2026-03-04 2026-03-04T09:00:00+00:00 id=00".utf8)
        let joined = LogUnion.lines(kept, adding: other, events: false)
        let parsed = ActionLog.parse(joined)
        #expect(parsed.actions.compactMap(\.id) == ["00000000000000d1", "00000000000000d2"], "\(String(decoding: joined, as: UTF8.self))")
        #expect(String(decoding: joined, as: UTF8.self).contains(ActionLog.tornComment + "2026-03-02"))
        #expect(parsed.bad.isEmpty && joined.last == 0x0A)
    }

    /// No command starts a streak beside one whose name differs only in letter case, even
    /// two at once (the store checks again under the lock): not `add`, a tick, an import, a
    /// rename to another's name in other case. A rename of a streak to its own name in other
    /// case is fine.
    @Test func noWriteStartsATwin() throws {
        let scratch = try Scratch()
        let store = scratch.store()
        _ = try store.tick(try StreakName("quiz"), action: .at("2026-03-01T09:00:00Z"), zone: utc)
        let twin = try StreakName("Quiz")
        func refused(_ what: String, _ body: () throws(StoreError) -> Void) {
            do throws(StoreError) {
                try body()
                Issue.record("\(what) started a twin")
            } catch {
                guard case .caseTwin(let name, let of) = error else {
                    Issue.record("\(what): \(error)")
                    return
                }
                #expect(name == twin && of.text == "quiz", "\(what)")
            }
        }
        refused("a tick") { () throws(StoreError) in _ = try store.tick(twin, action: .at("2026-03-02T09:00:00Z"), zone: utc) }
        refused("add") { () throws(StoreError) in _ = try store.create(twin, with: GivenSettings(), zone: utc) }
        refused("an import") { () throws(StoreError) in
            _ = try store.merge([StreakImport(name: twin, actions: [.at("2026-03-02T09:00:00Z")])], zone: utc)
        }
        let gym = try StreakName("gym")
        _ = try store.tick(gym, action: .at("2026-03-01T09:00:00Z"), zone: utc)
        refused("a rename") { () throws(StoreError) in _ = try store.rename(gym, to: twin, zone: utc) }
        #expect(try store.names().map(\.text) == ["gym", "quiz"])
        _ = try store.rename(try StreakName("quiz"), to: twin, zone: utc)
        #expect(try store.names().map(\.text) == ["Quiz", "gym"])
    }
}
