import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The machine misbehaving: a full disk, folders that cannot be written or read, a data folder
/// behind a link, logs that are not logs, and bytes no log should hold. Every command says
/// what is wrong, records all or nothing, and the prompt never breaks.
///
/// (The full disk and read-only cases that need a tmpfs are in ExitStatusTests; named pipes in
/// HangTests; a folder or an unreadable file in place of a log in RepairHidesNothingTests.)
@Suite("resource faults")
struct ResourceFaultTests {
    func seeded(_ box: Sandbox) throws {
        for day in ["2026-11-20", "2026-11-21"] { try box.sp("tick", "--quiet", "--now", day) }
    }

    /// An import on a disk that cannot take it imports nothing, in any streak.
    @Test(.enabled(if: Machine.isRoot && Machine.isLinux, "a full disk needs a tmpfs, which needs root"))
    func anImportOnAFullDiskImportsNothing() throws {
        guard let disk = try SmallDisk(kilobytes: 512) else { return }
        let box = try Sandbox(extra: ["STREAKPROMPT_HOME": disk.path + "/data"])
        try seeded(box)
        let actions = (0..<400).map { StressAction(streak: "n\($0 % 40)", moment: 1_790_000_000 + Int64($0) * 3600) }
        let file = try box.file("big.json", StressTests.export(actions))
        // Room for a little (16 KB), not for 40 new streaks.
        try disk.fill()
        let handle = open(disk.path + "/filler", O_WRONLY)
        ftruncate(handle, lseek(handle, 0, SEEK_END) - 16_384)
        close(handle)
        let result = try box.sp("import", file)
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("the disk is full"), "\(result)")
        disk.remove("filler")
        // Whatever the journal got to, the next command finishes it or it never happened.
        let list = try box.sp("list", "--json", "--now", "2026-11-21")
        #expect(list.stderr.isEmpty, "\(list)")
        let names = (try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        #expect(names == ["default"] || names.count == 41, "\(names)")
    }

    @Test func aDataFolderThatIsALinkStaysALink() throws {
        let box = try Sandbox()
        let real = box.root.appendingPathComponent("real").path
        try FileManager.default.createDirectory(atPath: real, withIntermediateDirectories: true)
        let link = box.root.appendingPathComponent("link").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: real)
        let env = ["STREAKPROMPT_HOME": link]
        for day in ["2026-11-20", "2026-11-21"] { #expect(try box.sp("tick", "--quiet", "--now", day, env: env).status == 0) }
        try box.sp("import", try box.file("one.json", StressTests.export([StressAction(streak: "other", moment: 1_790_000_000)])), env: env)
        #expect(try box.sp("doctor", "--repair", env: env).status == 0)
        #expect(try box.prompt(["default"], now: "2026-11-21", env: env) == "🔥2")
        let kind = try FileManager.default.attributesOfItem(atPath: link)[.type] as? FileAttributeType
        #expect(kind == .typeSymbolicLink, "the link is still a link")
        #expect(FileManager.default.fileExists(atPath: real + "/streaks/default/test.log"))
        #expect(FileManager.default.fileExists(atPath: real + "/streaks/other/test.log"))
    }

    /// As a user (root writes anywhere): a log, then the data folder, that cannot be written.
    @Test(.enabled(if: Machine.setpriv != nil, "needs root and setpriv: root writes anywhere"))
    func whatCannotBeWrittenRecordsNothingAndSaysSo() throws {
        let box = try Sandbox()
        try seeded(box)
        try box.giveToNobody()
        let log = box.home + "/streaks/default/test.log"
        chmod(log, 0o444)
        let tick = try box.spAsNobody(["tick", "--now", "2026-11-22"])
        #expect(tick.status == 1, "\(tick)")
        #expect(tick.stderr.contains("Permission denied"), "\(tick)")
        #expect(tick.stderr.contains("the action was not recorded"), "\(tick)")
        let status = try box.spAsNobody(["status", "--json", "--now", "2026-11-22"])
        #expect(status.stdout.contains("\"total\": 2"), "reading still works, nothing was added: \(status)")
        chmod(log, 0o644)
        // A data folder that is read-only: an action still goes into its (writable) log, and
        // the cache that cannot follow is a warning; a new streak cannot be made.
        chmod(box.home + "/streaks", 0o555)
        chmod(box.home, 0o555)
        let recorded = try box.spAsNobody(["tick", "--now", "2026-11-22"])
        #expect(recorded.status == 0, "\(recorded)")
        #expect(recorded.stderr.contains("the prompt cache could not be updated"), "\(recorded)")
        let fresh = try box.spAsNobody(["tick", "new", "--now", "2026-11-22"])
        #expect(fresh.status == 1 && fresh.stderr.contains("Permission denied"), "\(fresh)")
        #expect(fresh.stderr.contains("the action was not recorded"), "\(fresh)")
        let prompt = try box.spAsNobody(["--now", "2026-11-22"], env: ["NO_COLOR": "1"])
        #expect(prompt.status == 0 && prompt.stderr.isEmpty, "the prompt never breaks: \(prompt)")
        chmod(box.home, 0o755)
        chmod(box.home + "/streaks", 0o755)
        #expect(try box.spAsNobody(["tick", "--quiet", "--now", "2026-11-22"]).status == 0)
        #expect(try box.spAsNobody(["--now", "2026-11-22"], env: ["NO_COLOR": "1"]).stdout == "🔥3")
    }

    /// A 50 MB log (a thousand actions, each line carrying 50 KB of fields a later version
    /// might add) is read, ticked, exported and repaired like any other.
    @Test func aFiftyMegabyteLogWorks() throws {
        let box = try Sandbox()
        try box.sp("tick", "--quiet", "--now", "2026-11-20")
        let path = box.home + "/streaks/default/other.log"
        FileManager.default.createFile(atPath: path, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        let padding = " " + String(repeating: "x=1", count: 50 * 1024 / 3)
        var text = ""
        for day in 0..<1000 {
            let date = Date(timeIntervalSince1970: TimeInterval(1_700_000_000 + day * 86400))
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withFullDate]
            let iso = formatter.string(from: date)
            text += "\(iso) \(iso)T12:00:00+00:00\(padding)\n"
            if text.utf8.count > 4 << 20 {
                handle.write(Data(text.utf8))
                text = ""
            }
        }
        handle.write(Data(text.utf8))
        try handle.close()
        let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
        #expect(size > 50_000_000)
        let status = try box.sp("status", "--json", "--now", "2026-11-20")
        #expect(status.stderr.isEmpty, "\(status.stderr)")
        #expect(status.stdout.contains("\"total\": 1001"), "\(status.stdout)")
        #expect(try box.sp("tick", "--quiet", "--now", "2026-11-21").status == 0)
        #expect(try box.prompt(["--format", "{total}"], now: "2026-11-21") == "1002")
        let export = try box.sp("export")
        #expect(export.status == 0 && export.stdout.components(separatedBy: "\"date\"").count == 1003)
        #expect(try box.sp("doctor").status == 0)
    }

    /// Bytes no log should hold, each around good lines: the good lines count, the bad ones
    /// are named, a tick appends cleanly, an export restores, and a repair keeps every action.
    @Test(arguments: [
        ("NUL bytes", "\u{0}\u{0}\u{0}\n2026-11-19\u{0} 2026-11-19T12:00:00+00:00\n", 0),
        ("invalid UTF-8", "", 0),
        ("CRLF line ends", "2026-11-18 2026-11-18T12:00:00+00:00\r\n2026-11-19 2026-11-19T12:00:00+00:00\r\n", 2),
        ("a torn last line", "2026-11-19 2026-11-1", 0),
        ("a line of 1 MB", String(repeating: "9", count: 1 << 20) + "\n", 0),
    ])
    func strangeBytesCostNoAction(what: String, bytes: String, readableDays: Int) throws {
        let box = try Sandbox()
        try seeded(box)
        var data = Data(try box.read("streaks/default/test.log").utf8)
        data += what == "invalid UTF-8" ? Data([0xFF, 0xFE, 0xC3, 0x28, 0x0A]) : Data(bytes.utf8)
        try data.write(to: URL(fileURLWithPath: box.home + "/streaks/default/test.log"))
        // CRLF lines read as they are (both count); the other bytes are reported, line by line.
        let total = 2 + readableDays
        let status = try box.sp("status", "--json", "--now", "2026-11-21")
        #expect(status.status == 0)
        #expect(status.stdout.contains("\"total\": \(total)"), "\(what): \(status)")
        #expect(readableDays > 0 ? status.stderr.isEmpty : status.stderr.contains("test.log:"), "\(what): \(status.stderr)")
        #expect(try box.sp("tick", "--quiet", "--now", "2026-11-22").status == 0)
        #expect(try box.prompt(now: "2026-11-22") == "🔥\(total + 1)", "\(what)")
        let export = try box.sp("export")
        #expect(export.status == 0, "\(what): \(export)")
        let fresh = try Sandbox()
        #expect(try fresh.sp("import", try box.file("b.json", export.stdout)).status == 0)
        #expect(try fresh.sp("export").stdout == export.stdout)
        let repair = try box.sp("doctor", "--repair")
        #expect(repair.status == 0, "\(what): \(repair)")
        #expect(try box.status(now: "2026-11-22")["total"] as? Int == total + 1, "\(what): the repair kept every action")
        #expect(try box.sp("status", "--now", "2026-11-22").stderr.isEmpty, "\(what): nothing left to report")
    }
}
