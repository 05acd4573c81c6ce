import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `doctor --repair` sets aside only the lines that do not read: no readable action goes out
/// of sight, and a file holding readable actions is never called safe to delete.
@Suite("repair hides nothing")
struct RepairHidesNothingTests {
    func seeded(_ days: [String] = ["2026-11-20", "2026-11-21", "2026-11-22"]) throws -> Sandbox {
        let box = try Sandbox()
        for day in days { try box.sp("tick", "--quiet", "--now", day) }
        return box
    }

    func setAside(_ box: Sandbox) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: box.home + "/streaks/default").filter { $0.contains(".corrupt-") }
    }

    /// Once: the whole log went aside (its actions vanished from status and export, and stayed
    /// hidden once the permissions were fixed), and doctor called the copy safe to delete.
    @Test(.enabled(if: Machine.setpriv != nil, "needs root and setpriv: root reads every file"))
    func aLogThatCannotBeReadStaysWhereItIs() throws {
        let box = try seeded()
        try box.giveToNobody()
        let log = box.home + "/streaks/default/test.log"
        chmod(log, 0o000)
        let doctor = try box.spAsNobody(["doctor"])
        #expect(doctor.status == 1)
        #expect(doctor.stdout.contains("Permission denied; its actions do not count until it reads: fix its permissions"),
                "\(doctor.stdout)")
        let repair = try box.spAsNobody(["doctor", "--repair"])
        #expect(repair.stdout.contains("left in place"), "\(repair.stdout)")
        #expect(FileManager.default.fileExists(atPath: log))
        #expect(try setAside(box).isEmpty)
        chmod(log, 0o644)
        let status = try box.spAsNobody(["status", "--json", "--now", "2026-11-22"])
        #expect(status.stdout.contains("\"total\": 3"), "every action is back: \(status)")
    }

    /// Too big for a command to read, it still holds actions: the repair keeps them.
    @Test func aLogTooBigToReadKeepsItsActions() throws {
        let box = try seeded()
        let log = box.home + "/streaks/default/test.log"
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
        handle.seekToEndOfFile()
        let junk = Data(repeating: 0x41, count: 1 << 20) + Data([0x0A])
        for _ in 0..<65 { handle.write(junk) }
        handle.write(Data("2026-11-23 2026-11-23T12:00:00+00:00\n".utf8))
        try handle.close()
        let status = try box.sp("status", "--now", "2026-11-23")
        #expect(status.stderr.contains("test.log: cannot be read"), "\(status)")
        let doctor = try box.sp("doctor")
        #expect(doctor.stdout.contains("larger than 64 MB"), "\(doctor.stdout)")
        let repair = try box.sp("doctor", "--repair")
        #expect(repair.status == 0, "\(repair)")
        #expect(repair.stdout.contains("kept 4 readable actions; set 65 unreadable lines aside"), "\(repair.stdout)")
        #expect(try box.status(now: "2026-11-23")["total"] as? Int == 4)
        let aside = try setAside(box)
        #expect(aside.count == 1)
        let copy = try Data(contentsOf: URL(fileURLWithPath: box.home + "/streaks/default/" + aside[0]))
        #expect(!String(decoding: copy, as: UTF8.self).contains("2026-11-2"), "no action in the set-aside lines")
        #expect(try box.sp("doctor").stdout.contains("holds lines a repair set aside because they did not read"))
    }

    /// A folder where a log belongs holds no line: it is moved out of the way whole.
    @Test func aFolderInPlaceOfALogIsMovedAsideWhole() throws {
        let box = try seeded()
        try box.write("streaks/default/other.log/inside", "2026-11-19 2026-11-19T12:00:00+00:00\n")
        let doctor = try box.sp("doctor")
        #expect(doctor.stdout.contains("it is a folder, not a regular file"), "\(doctor.stdout)")
        let repair = try box.sp("doctor", "--repair")
        #expect(repair.stdout.contains("moved \(box.home)/streaks/default/other.log aside"), "\(repair.stdout)")
        let aside = try setAside(box)
        #expect(aside.count == 1)
        #expect(try box.read("streaks/default/" + aside[0] + "/inside").contains("2026-11-19"))
        #expect(try box.sp("doctor").status == 0)
    }

    /// What the first release's repair left: a log moved aside whole. Its actions come back,
    /// and until they do, doctor says to keep the copy.
    @Test func actionsAnEarlierRepairHidComeBack() throws {
        let box = try seeded(["2026-11-22"])
        try box.write("streaks/default/laptop.log.corrupt-20261120T100000",
                      "2026-11-20 2026-11-20T12:00:00+00:00\n2026-11-21 2026-11-21T12:00:00+00:00\ngarbage\n")
        let doctor = try box.sp("doctor")
        #expect(doctor.stdout.contains("holds 2 actions no log has"), "\(doctor.stdout)")
        #expect(!doctor.stdout.contains("safe to delete"))
        let repair = try box.sp("doctor", "--repair")
        #expect(repair.stdout.contains("put back 2 actions"), "\(repair.stdout)")
        #expect(try box.status(now: "2026-11-22")["current"] as? Int == 3)
        let after = try box.sp("doctor")
        #expect(after.stdout.contains("every action in it is also in the logs"), "\(after.stdout)")
        // A second repair puts back nothing more.
        try box.sp("doctor", "--repair")
        #expect(try box.logLines().count == 3)
    }

    @Test(.enabled(if: Machine.setpriv != nil, "needs root and setpriv: root reads every file"))
    func aSetAsideFileThatCannotBeReadIsKept() throws {
        let box = try seeded()
        try box.write("streaks/default/laptop.log.corrupt-20261120T100000", "2026-11-19 2026-11-19T12:00:00+00:00\n")
        try box.giveToNobody()
        chmod(box.home + "/streaks/default/laptop.log.corrupt-20261120T100000", 0o000)
        let doctor = try box.spAsNobody(["doctor"])
        #expect(doctor.stdout.contains("it may hold actions, so keep it"), "\(doctor.stdout)")
    }

    /// Once: the check after a repair ran without the lock, and a tick landing in between made
    /// the cache look stale.
    @Test func theCheckAfterARepairSeesNoTickHalfWay() throws {
        let box = try seeded()
        let script = """
        i=0
        while [ $i -lt 40 ]; do "$BIN" tick "s$((i % 3))" --quiet --now "@$((1790000000 + i * 3600))"; i=$((i + 1)); done &
        ticks=$!
        problems=0
        while kill -0 $ticks 2>/dev/null; do
          "$BIN" doctor --repair | grep -q "cache is stale" && problems=$((problems + 1))
        done
        wait
        echo "stale=$problems"
        """
        let result = try run("/bin/sh", ["-c", script], environment: box.environment.merging(["BIN": Binary.path]) { $1 },
                             timeout: 300)
        #expect(result.stdout.contains("stale=0"), "\(result)")
    }
}
