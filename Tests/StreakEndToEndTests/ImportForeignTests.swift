import Foundation
import Testing

/// `import --from loop|harsh`: the fixtures of Tests/Fixtures/loop-csv and harsh, imported
/// through the binary: the zip and its folder alike, twice with nothing doubled, a dry run
/// that writes nothing, and damaged input refused with nothing imported.
@Suite("import from other trackers")
struct ImportForeignTests {
    static let loop = Package.root.path + "/Tests/Fixtures/loop-csv"
    static let harsh = Package.root.path + "/Tests/Fixtures/harsh"
    static let now = "2026-11-24T18:00"

    func numbers(_ box: Sandbox, _ name: String) throws -> [Int] {
        let status = try box.status(name, now: Self.now)
        return ["current", "best", "total"].map { status[$0] as? Int ?? -1 }
    }

    @Test(arguments: ["Loop Habits CSV 2026-11-24.zip", "folder", "folder/Habits.csv"])
    func loopsExportBecomesStreaks(path: String) throws {
        let box = try Sandbox(tz: "America/Sao_Paulo")
        let result = try box.sp("import", "--from", "loop", Self.loop + "/" + path, "--now", Self.now)
        #expect(result.status == 0 && result.stdout.contains("Imported 399 new actions into 6 streaks"), "\(result)")
        #expect(result.stdout.contains("Wake up early → wake-up-early") && result.stdout.contains("Café ☕ → caf"))
        // Meditate: by hand on 2026-11-20, skipped (paused) the 21st, not done the 22nd.
        #expect(try numbers(box, "meditate") == [2, 9, 376])
        let log = try box.sp("log", "meditate", "--since", "2026-11-23", "--json")
        #expect(log.stdout.contains("calm, 10 min"), "\(log)")
        #expect(try box.status("wake-up-early", now: Self.now)["target"] as? String == "5/week")
        #expect(try box.status("gym", now: Self.now)["target"] as? String == "3/week")
        // Run: at least 5 km a date, the kilometres counting toward a goal of 5.
        #expect(try numbers(box, "run") == [1, 1, 2])
        #expect(try box.status("run", now: Self.now)["goal"] as? Int == 5)
        // Through an export into an empty folder: the same answers.
        let export = try box.sp("export")
        let other = try Sandbox(tz: "America/Sao_Paulo")
        let file = other.root.appendingPathComponent("export.json")
        try Data(export.stdout.utf8).write(to: file)
        #expect(try other.sp("import", file.path).status == 0)
        for name in ["meditate", "wake-up-early", "gym", "run", "old-habit", "caf"] {
            #expect(try numbers(other, name) == numbers(box, name), "\(name)")
        }
        #expect(try box.status("old-habit", now: Self.now)["archived"] as? Bool == true)
        // Twice: nothing new.
        let again = try box.sp("import", "--from", "loop", Self.loop + "/folder", "--now", Self.now)
        #expect(again.status == 0 && again.stdout.contains("Imported 0 new actions") && again.stdout.contains("399 already recorded"), "\(again)")
        #expect(try numbers(box, "meditate") == [2, 9, 376])
        // Each new streak got an icon of its own.
        let icons = try ["meditate", "gym", "run", "caf"].map { try box.status($0, now: Self.now)["icon"] as? String ?? "" }
        #expect(Set(icons).count == 4 && !icons.contains(""), "\(icons)")
    }

    @Test func harshsFilesBecomeStreaksWithTags() throws {
        let box = try Sandbox()
        let dry = try box.sp("import", "--from", "harsh", Self.harsh, "--dry-run", "--now", Self.now)
        #expect(dry.status == 0 && dry.stdout.contains("nothing is written") && dry.stdout.contains("tags weeklies"), "\(dry)")
        #expect(!FileManager.default.fileExists(atPath: box.home + "/streaks"))
        let result = try box.sp("import", "--from", "harsh", Self.harsh + "/habits", "--now", Self.now)
        #expect(result.status == 0 && result.stdout.contains("Imported 12 new actions into 8 streaks"), "\(result)")
        #expect(try numbers(box, "meditated") == [3, 3, 5])
        let tagged = try box.sp("list", "--tag", "weeklies", "--json", "--now", Self.now)
        let names = (try JSONSerialization.jsonObject(with: Data(tagged.stdout.utf8)) as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        #expect(names == ["called-mom", "gymmed"], "\(tagged)")
        #expect(try box.status("old-routine", now: Self.now)["archived"] as? Bool == true)
        let twice = try box.sp("import", "--from", "harsh", Self.harsh, "--now", Self.now)
        #expect(twice.stdout.contains("Imported 0 new actions"), "\(twice)")
    }

    @Test func damagedInputIsRefusedAndNothingImported() throws {
        let box = try Sandbox()
        let zip = try Data(contentsOf: URL(fileURLWithPath: Self.loop + "/Loop Habits CSV 2026-11-24.zip"))
        let cut = box.root.appendingPathComponent("cut.zip")
        try zip.prefix(zip.count / 2).write(to: cut)
        let truncated = try box.sp("import", "--from", "loop", cut.path)
        #expect(truncated.status == 1 && truncated.stderr.contains("nothing was imported"), "\(truncated)")
        var flipped = zip
        flipped[200] ^= 0xFF
        let damaged = box.root.appendingPathComponent("damaged.zip")
        try flipped.write(to: damaged)
        let bad = try box.sp("import", "--from", "loop", damaged.path)
        #expect(bad.status == 1 && bad.stderr.contains("nothing was imported"), "\(bad)")
        let folder = box.root.appendingPathComponent("harsh")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("Read: 1\n".utf8).write(to: folder.appendingPathComponent("habits"))
        try Data("2026-11-20 : Read : y\nnot a line\n".utf8).write(to: folder.appendingPathComponent("log"))
        let log = try box.sp("import", "--from", "harsh", folder.path)
        #expect(log.status == 1 && log.stderr.contains("log:2:") && log.stderr.contains("nothing was imported"), "\(log)")
        let missing = try box.sp("import", "--from", "harsh", box.root.path)
        #expect(missing.status == 1 && missing.stderr.contains("no harsh"), "\(missing)")
        #expect(!FileManager.default.fileExists(atPath: box.home + "/streaks"))
        let unknown = try box.sp("import", "--from", "habitica", folder.path)
        #expect(unknown.status == 2, "\(unknown)")
    }
}
