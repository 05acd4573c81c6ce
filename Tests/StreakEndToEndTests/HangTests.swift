import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Nothing waits for ever: a named pipe where a file belongs is refused, not opened and waited
/// on; the prompt takes no lock; the background refresh is bounded and never piles up.
@Suite("no hang")
struct HangTests {
    func seeded() throws -> Sandbox {
        let box = try Sandbox()
        for day in ["2026-11-20", "2026-11-21"] { try box.sp("tick", "--quiet", "--now", day) }
        return box
    }

    func fifo(_ box: Sandbox, _ relativePath: String) throws {
        let path = box.home + "/" + relativePath
        unlink(path)
        #expect(mkfifo(path, 0o644) == 0)
    }

    /// Once `streakprompt` never returned.
    @Test func aNamedPipeForTheCacheNeitherHangsThePromptNorStaysThere() throws {
        let box = try seeded()
        try fifo(box, "prompt.cache")
        let prompt = try box.spBounded(["--now", "2026-11-21"], seconds: 10)
        #expect(prompt.status == 0)
        #expect(prompt.stdout.isEmpty && prompt.stderr.isEmpty)
        // The pipe is no cache: the prompt had it rebuilt in the background.
        try box.eventuallyPrompts([], now: "2026-11-21", "🔥2")
    }

    /// Once `status`, `list`, `export` and doctor hung on it, and `tick` hung holding the lock,
    /// so ticks of other streaks waited too.
    @Test(arguments: ["streaks/default/other.log", "streaks/default/test.log", "streaks/default/streak.conf"])
    func aNamedPipeForADataFileHangsNothing(file: String) throws {
        let box = try seeded()
        try box.sp("tick", "other", "--quiet", "--now", "2026-11-21")
        try fifo(box, file)
        let empty = try box.file("empty.json", "{\"streaks\": []}")
        for command in [["status", "--now", "2026-11-21"], ["list"], ["export"], ["history"], ["doctor"],
                        ["tick", "other", "--quiet", "--now", "2026-11-22"], ["tick", "--quiet", "--now", "2026-11-22"],
                        ["import", empty]] {
            let result = try box.spBounded(command, seconds: 15)
            #expect((result.stdout + result.stderr).contains("named pipe") || result.status == 0, "\(command): \(result)")
            #expect(!result.stderr.contains("Fatal"), "\(command): \(result)")
        }
        // The other streak is untouched by it.
        #expect(try box.status("other", now: "2026-11-22")["current"] as? Int == 2)
        // doctor names it; --repair moves the pipe (which holds nothing) out of the way.
        let doctor = try box.spBounded(["doctor"], seconds: 15)
        #expect(doctor.stdout.contains("it is a named pipe (FIFO), not a regular file"), "\(doctor.stdout)")
        let repair = try box.spBounded(["doctor", "--repair"], seconds: 15)
        #expect(repair.stdout.contains("moved \(box.home)/\(file) aside"), "\(repair.stdout)")
        #expect(try box.spBounded(["tick", "--quiet", "--now", "2026-11-22"]).status == 0)
        // The pipe took the place of this machine's log (and its two actions) in one case.
        #expect(try box.status(now: "2026-11-22")["total"] as? Int == (file.hasSuffix("test.log") ? 1 : 3))
    }

    /// A tick killed while holding the lock cannot hold it (the kernel drops it); one that is
    /// stopped, or hung in a file system, can: the prompt does not care, and shows the cache.
    @Test func thePromptNeverWaitsForTheLock() throws {
        let box = try seeded()
        #expect(try box.prompt(now: "2026-11-21") == "🔥2")
        guard let holder = try LockHolder(box) else { return }
        defer { holder.release() }
        let started = Date()
        for _ in 0..<5 { #expect(try box.prompt(now: "2026-11-21") == "🔥2") }
        #expect(Date().timeIntervalSince(started) < 10)
    }

    /// With the lock held by a process that hangs and the cache stale, every prompt would start
    /// a refresh: one runs at a time, each ends within its bounds, none piles up.
    @Test func backgroundRefreshesAreBoundedAndNeverPileUp() throws {
        guard tool("pgrep") != nil else { return }
        let box = try seeded()
        // A link under its own name, to count its processes and nothing else. (A link, not a
        // copy: a copy being written while another test starts a process can leave that
        // process holding it open, and running it then fails with "Text file busy".)
        let unique = "spr" + String(UUID().uuidString.prefix(8)).lowercased()
        let copy = box.root.appendingPathComponent(unique).path
        try FileManager.default.createSymbolicLink(atPath: copy, withDestinationPath: Binary.path)
        guard let holder = try LockHolder(box) else { return }
        defer { holder.release() }
        // Stale: another machine's log arrives.
        try box.write("streaks/default/laptop.log", "2026-11-22 2026-11-22T08:00:00+00:00\n")
        var most = 0
        for _ in 0..<20 {
            let prompt = try run(copy, ["--now", "2026-11-22"], environment: box.environment.merging(["NO_COLOR": "1"]) { $1 })
            #expect(prompt.status == 0 && prompt.stdout == "🔥2", "\(prompt)")
            let running = try run("/usr/bin/pgrep", ["-f", unique + " --refresh-cache"], environment: box.environment)
            most = max(most, running.stdout.split(separator: "\n").count)
            usleep(50_000)
        }
        // One waits for the lock; at most one more is seen between its start and its exit.
        #expect(most <= 2, "refreshes piled up: \(most) at once")
        // Each gives up on the lock after its bound; none is left once the prompts stop.
        var left = 1
        for _ in 0..<100 where left > 0 {
            usleep(100_000)
            left = try run("/usr/bin/pgrep", ["-f", unique + " --refresh-cache"], environment: box.environment)
                .stdout.split(separator: "\n").count
        }
        #expect(left == 0)
        holder.release()
        try box.eventuallyPrompts([], now: "2026-11-22", "🔥3")
    }
}
