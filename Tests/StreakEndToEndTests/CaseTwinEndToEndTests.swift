import Foundation
import Testing

/// Streaks whose names differ only in letter case, made on two machines: `doctor` names them,
/// `doctor --repair` and `sync` make them one streak with every record of both, and the
/// folder's export imports again.
@Suite("letter-case twins, end to end")
struct CaseTwinEndToEndTests {
    /// Every record of a streak in an export, as comparable text: actions (with their ids,
    /// counts and notes), rule changes, pauses and unpauses, retractions.
    func records(_ box: Sandbox, _ names: [String]) throws -> [String: Set<String>] {
        let export = try box.sp("export")
        #expect(export.status == 0, "\(export)")
        let document = try JSONSerialization.jsonObject(with: Data(export.stdout.utf8)) as? [String: Any]
        var found: [String: Set<String>] = [:]
        for streak in document?["streaks"] as? [[String: Any]] ?? [] where names.contains(streak["name"] as? String ?? "") {
            for key in ["actions", "changes", "pauses", "retractions"] {
                for record in streak[key] as? [[String: Any]] ?? [] {
                    let data = try JSONSerialization.data(withJSONObject: record, options: .sortedKeys)
                    found[key, default: []].insert(String(decoding: data, as: UTF8.self))
                }
            }
        }
        return found
    }

    /// What each machine recorded in its own twin: counts, notes, a rule change, a pause, an
    /// undo, an unpause.
    func recordIn(_ box: Sandbox, _ name: String, day: Int) throws {
        try box.sp("tick", name, "--quiet", "--count", "2", "--note", "from \(name)", "--now", "2026-03-0\(day)T09:00")
        try box.sp("tick", name, "--quiet", "--now", "2026-03-0\(day + 1)T09:00")
        try box.sp("tick", name, "--quiet", "--now", "2026-03-0\(day + 1)T09:00")
        try box.sp("undo", name, "--now", "2026-03-0\(day + 1)T10:00")
        try box.sp("add", name, "--goal", "2", "--from", "2026-03-0\(day + 2)", "--now", "2026-03-0\(day + 1)T11:00")
        try box.sp("pause", name, "--from", "2026-03-2\(day)", "--to", "2026-03-2\(day + 2)", "--now", "2026-03-0\(day + 1)T12:00")
        try box.sp("unpause", name, "--from", "2026-03-2\(day + 2)", "--to", "2026-03-2\(day + 2)", "--now", "2026-03-0\(day + 1)T13:00")
    }

    @Test func aSyncThatBringsATwinMakesOneStreakOnEveryMachine() throws {
        guard requireTool("git") else { return }
        let sync = SyncConflictTests()
        let (laptop, desk) = try sync.twoMachines()
        try recordIn(laptop, "Other2", day: 1)
        #expect(try laptop.sp("sync").status == 0)
        try recordIn(desk, "OTHER2", day: 4)
        try desk.sp("tick", "OTHER2", "--quiet", "--now", "2026-03-07T09:00")
        let both = try records(laptop, ["Other2"]).merging(try records(desk, ["OTHER2"])) { $0.union($1) }
        #expect(both["actions"]?.count == 7 && both["retractions"]?.count == 2 && both["pauses"]?.count == 4, "\(both)")

        let synced = try desk.sp("sync")
        #expect(synced.status == 0, "\(synced)")
        #expect(synced.stdout.contains("Other2 and OTHER2 differed only in letter case: kept OTHER2 (it holds more actions: 4 against 3)"),
                "\(synced)")
        #expect(try laptop.sp("sync").status == 0)
        for box in [laptop, desk] {
            let list = try sync.streaks(box, now: "2026-03-08T12:00").compactMap { $0["name"] as? String }
            #expect(list == ["OTHER2", "quiz"], "\(list)")
            #expect(try records(box, ["OTHER2"]) == both, "every record of both twins")
            let doctor = try box.sp("doctor")
            #expect(!doctor.stdout.contains("letter case"), "\(doctor)")
            // The folder's export imports into an empty one.
            let export = try box.sp("export")
            let fresh = try Sandbox()
            let imported = try fresh.sp("import", "-", stdin: export.stdout)
            #expect(imported.status == 0, "\(imported)")
            #expect(try records(fresh, ["OTHER2"]) == both)
        }
        // A tick under the other spelling is refused, saying which name to use.
        let refused = try laptop.sp("tick", "Other2")
        #expect(refused.status != 0 && refused.stderr.contains("use 'OTHER2'"), "\(refused)")
        try sync.expectStillSyncing(from: laptop, to: desk, streak: "OTHER2")
    }

    /// Twins a sync tool brought (each machine's folder, copied in): doctor names them, the
    /// export cannot be imported until a repair makes them one.
    @Test func doctorNamesTwinsAndARepairMakesTheExportImportAgain() throws {
        let box = try Sandbox(extra: ["STREAKPROMPT_MACHINE": "laptop"])
        try recordIn(box, "other2", day: 1)
        let elsewhere = try Sandbox(extra: ["STREAKPROMPT_MACHINE": "desk"])
        try recordIn(elsewhere, "Other2", day: 4)
        try FileManager.default.copyItem(atPath: elsewhere.home + "/streaks/Other2", toPath: box.home + "/streaks/Other2")
        let both = try records(box, ["other2", "Other2"])

        let doctor = try box.sp("doctor")
        #expect(doctor.status == 1 && doctor.stdout.contains("the streaks Other2 and other2 differ only in letter case"), "\(doctor)")
        let unrepaired = try Sandbox().sp("import", "-", stdin: try box.sp("export").stdout)
        #expect(unrepaired.status == 1 && unrepaired.stderr.contains("differ only in letter case"), "\(unrepaired)")

        let repair = try box.sp("doctor", "--repair")
        #expect(repair.stdout.contains("Other2 and other2 differed only in letter case: kept other2 (both hold 3 actions; its first is the earlier)"),
                "\(repair)")
        #expect(!repair.stdout.contains("differ only in letter case:"), "named no more after the repair: \(repair)")
        let list = try box.sp("list", "--json", "--now", "2026-03-08T12:00").stdout
        let names = (try JSONSerialization.jsonObject(with: Data(list.utf8)) as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        #expect(names.count == 1, "\(names)")
        #expect(try records(box, names) == both)
        let fresh = try Sandbox()
        let imported = try fresh.sp("import", "-", stdin: try box.sp("export").stdout)
        #expect(imported.status == 0, "\(imported)")
        #expect(try records(fresh, names) == both)
    }
}
