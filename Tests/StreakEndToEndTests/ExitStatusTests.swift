import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The exit status tells the truth about the action, and the message says what happened: a
/// full disk is a full disk, a recorded action is recorded (0, and a warning about the cache),
/// an unrecorded one is not (1, and no trace of it).
@Suite("exit status tells the truth")
struct ExitStatusTests {
    /// A sandbox whose data folder is on a small tmpfs, with two ticks recorded.
    func onSmallDisk() throws -> (Sandbox, SmallDisk)? {
        guard let disk = try SmallDisk(kilobytes: 512) else { return nil }
        let box = try Sandbox(extra: ["STREAKPROMPT_HOME": disk.path + "/data"])
        for day in ["2026-11-20", "2026-11-21"] { try box.sp("tick", "--quiet", "--now", day) }
        // Without the cache's spare, whose blocks a change would write the new cache into
        // even on a full disk (`aSpareKeepsTheCacheOnAFullDisk`): these tests are about a
        // cache that cannot be written.
        try FileManager.default.removeItem(atPath: box.home + "/.prompt.cache.tmp")
        return (box, disk)
    }

    /// A tick that ends a line a crash cut short (writing it back as a comment) and then finds
    /// the disk full puts the log back byte for byte: the torn line where it was, nothing added.
    @Test(.enabled(if: Machine.isRoot && Machine.isLinux, "a full disk needs a tmpfs, which needs root"))
    func aFullDiskAfterATornLineLeavesTheLogAsItWas() throws {
        guard let (box, disk) = try onSmallDisk() else { return }
        let log = box.home + "/streaks/default/test.log"
        let text = try box.read("streaks/default/test.log")
        let torn = "2026-11-23 2026-11-2"
        // The log fills its page exactly, ending with the torn line: the comment needs more.
        let padding = 4096 - text.utf8.count - 2 - torn.utf8.count
        try box.write("streaks/default/test.log", text + "#" + String(repeating: "x", count: padding) + "\n" + torn)
        let before = try box.read("streaks/default/test.log")
        #expect(before.utf8.count == 4096)
        try disk.fill()
        let tick = try box.sp("tick", "--now", "2026-11-24")
        #expect(tick.status == 1, "\(tick)")
        #expect(tick.stderr.contains("the disk is full"), "\(tick)")
        #expect(try String(contentsOfFile: log, encoding: .utf8) == before, "the log as it was")
        disk.remove("filler")
        #expect(try box.status(now: "2026-11-24")["total"] as? Int == 2)
    }

    /// Once: exit 1, with advice about permissions, for an action that was recorded.
    @Test(.enabled(if: Machine.isRoot && Machine.isLinux, "a full disk needs a tmpfs, which needs root"))
    func aFullDiskAfterTheAppendIsAWarningNotAFailure() throws {
        guard let (box, disk) = try onSmallDisk() else { return }
        try disk.fill()
        // The log's last page has room for a line; the cache needs a new file, and gets none.
        let tick = try box.sp("tick", "--now", "2026-11-22")
        #expect(tick.status == 0, "\(tick)")
        #expect(tick.stdout.contains("counted"), "\(tick)")
        #expect(tick.stderr.contains("the action is recorded, but the prompt cache could not be updated"), "\(tick)")
        #expect(tick.stderr.contains("No space left on device"), "\(tick)")
        #expect(!tick.stderr.contains("permissions"), "\(tick)")
        #expect(try box.status(now: "2026-11-22")["current"] as? Int == 3)
        // The prompt shows the old count meanwhile, and catches up once there is room.
        #expect(try box.prompt(now: "2026-11-22") == "🔥2")
        disk.remove("filler")
        try box.eventuallyPrompts([], now: "2026-11-22", "🔥3")
    }

    /// A change writes the prompt cache into the spare the last write left beside it, whose
    /// blocks it already has: on a full disk the prompt still follows a recorded tick.
    @Test(.enabled(if: Machine.isRoot && Machine.isLinux, "a full disk needs a tmpfs, which needs root"))
    func aSpareKeepsTheCacheOnAFullDisk() throws {
        guard let disk = try SmallDisk(kilobytes: 512) else { return }
        let box = try Sandbox(extra: ["STREAKPROMPT_HOME": disk.path + "/data"])
        for day in ["2026-11-20", "2026-11-21"] { try box.sp("tick", "--quiet", "--now", day) }
        try disk.fill()
        let tick = try box.sp("tick", "--now", "2026-11-22")
        #expect(tick.status == 0, "\(tick)")
        #expect(tick.stderr.isEmpty, "\(tick)")
        #expect(try box.prompt(now: "2026-11-22") == "🔥3")
    }

    /// Once: a write cut short by the full disk left `… +00`, a last line that reads (as an
    /// action at another moment), so a tick that failed counted later.
    @Test(.enabled(if: Machine.isRoot && Machine.isLinux, "a full disk needs a tmpfs, which needs root"))
    func aTickCutShortByAFullDiskLeavesNoLineThatCounts() throws {
        guard let (box, disk) = try onSmallDisk() else { return }
        // Pad the log so its last page has room for exactly 33 bytes: the next line would stop
        // right after "+00" of its offset.
        let log = box.home + "/streaks/default/test.log"
        let text = try box.read("streaks/default/test.log")
        let padding = 4096 - 33 - text.utf8.count - 2
        try box.write("streaks/default/test.log", text + "#" + String(repeating: "x", count: padding) + "\n")
        let before = try box.read("streaks/default/test.log")
        #expect(before.utf8.count == 4096 - 33)
        try disk.fill()
        let tick = try box.sp("tick", "--now", "2026-11-22")
        #expect(tick.status == 1, "\(tick)")
        #expect(tick.stderr.contains("the disk is full"), "\(tick)")
        #expect(tick.stderr.contains("the action was not recorded"), "\(tick)")
        #expect(try String(contentsOfFile: log, encoding: .utf8) == before, "no line cut short is left")
        disk.remove("filler")
        #expect(try box.status(now: "2026-11-22")["total"] as? Int == 2)
        #expect(try box.sp("status").stderr.isEmpty)
    }

    /// Once: a streak folder with an empty log stayed behind a failed first tick or `add`.
    @Test(.enabled(if: Machine.isRoot && Machine.isLinux, "a full disk needs a tmpfs, which needs root"))
    func aNewStreakThatCannotBeWrittenLeavesNoFolder() throws {
        guard let (box, disk) = try onSmallDisk() else { return }
        try disk.fill()
        let tick = try box.sp("tick", "fresh", "--now", "2026-11-22")
        #expect(tick.status == 1, "\(tick)")
        #expect(tick.stderr.contains("the disk is full"), "\(tick)")
        let add = try box.sp("add", "other", "--icon", "x")
        #expect(add.status == 1, "\(add)")
        #expect(add.stderr.contains("the disk is full"), "\(add)")
        for name in ["fresh", "other"] {
            #expect(!FileManager.default.fileExists(atPath: box.home + "/streaks/" + name), "\(name) was left behind")
        }
        disk.remove("filler")
        #expect(try box.sp("add", "other", "--icon", "x").status == 0)
    }

    /// Once: `remove` moved the streak, then reported a failure.
    @Test(.enabled(if: Machine.isRoot && Machine.isLinux, "a full disk needs a tmpfs, which needs root"))
    func aRemoveThatHappenedSaysSo() throws {
        guard let (box, disk) = try onSmallDisk() else { return }
        try box.sp("tick", "gone", "--quiet", "--now", "2026-11-21")
        try FileManager.default.removeItem(atPath: box.home + "/.prompt.cache.tmp")  // as `onSmallDisk`
        try disk.fill()
        let remove = try box.sp("remove", "gone")
        #expect(remove.status == 0, "\(remove)")
        #expect(remove.stdout.contains("Removed gone"), "\(remove)")
        #expect(remove.stderr.contains("gone is removed, but the prompt cache could not be updated"), "\(remove)")
        #expect(try box.sp("status", "gone").status == 1)
        disk.remove("filler")
        try box.eventuallyPrompts([], now: "2026-11-21", "🔥2")
    }

    @Test(.enabled(if: Machine.isRoot && Machine.isLinux, "a read-only mount needs root"))
    func aReadOnlyDiskRecordsNothingAndStillReads() throws {
        guard let (box, disk) = try onSmallDisk() else { return }
        try disk.remount(readOnly: true)
        defer { try? disk.remount(readOnly: false) }
        let tick = try box.sp("tick", "--now", "2026-11-22")
        #expect(tick.status == 1, "\(tick)")
        #expect(tick.stderr.contains("read-only"), "\(tick)")
        #expect(tick.stderr.contains("the action was not recorded"), "\(tick)")
        #expect(try box.status(now: "2026-11-21")["current"] as? Int == 2)
        #expect(try box.prompt(now: "2026-11-21") == "🔥2")
        let doctor = try box.sp("doctor")
        #expect(doctor.stdout.contains("is not writable"), "\(doctor)")
    }

    /// A cache that cannot be replaced (here a folder in its place) costs the action nothing.
    @Test func anUnwritableCacheIsAWarningNotAFailure() throws {
        let box = try Sandbox()
        try box.sp("tick", "--quiet", "--now", "2026-11-21")
        try FileManager.default.removeItem(atPath: box.home + "/prompt.cache")
        try box.write("prompt.cache/keep", "x")
        let tick = try box.sp("tick", "--now", "2026-11-22")
        #expect(tick.status == 0, "\(tick)")
        #expect(tick.stderr.contains("the action is recorded, but the prompt cache could not be updated"), "\(tick)")
        #expect(try box.status(now: "2026-11-22")["current"] as? Int == 2)
    }
}
