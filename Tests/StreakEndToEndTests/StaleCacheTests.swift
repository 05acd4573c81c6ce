import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The prompt reads only the cache, so it must notice when the folders changed behind the
/// cache's back and have it rebuilt, without doing the rebuild itself.
@Suite("stale cache")
struct StaleCacheTests {
    /// The prompt, asked again until it says `expected` (the rebuild runs in the background).
    func eventually(_ box: Sandbox, _ arguments: [String], now: String, equals expected: String,
                    sourceLocation: SourceLocation = #_sourceLocation) throws {
        var last = ""
        for _ in 0..<100 {
            last = try box.prompt(arguments, now: now)
            if last == expected { return }
            usleep(50_000)
        }
        Issue.record("the prompt still says '\(last)', not '\(expected)'", sourceLocation: sourceLocation)
    }

    /// Writes a file the way sync tools do: a temporary file, then a rename.
    func deliver(_ box: Sandbox, _ relativePath: String, _ text: String) throws {
        let target = URL(fileURLWithPath: box.home).appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        let temporary = target.deletingLastPathComponent().appendingPathComponent(".syncing-\(UUID().uuidString)")
        try Data(text.utf8).write(to: temporary)
        #expect(rename(temporary.path, target.path) == 0)
    }

    @Test func anotherMachinesActionsArriveThroughASync() throws {
        let box = try Sandbox()
        for day in ["2026-11-20", "2026-11-21"] { try box.sp("tick", "--quiet", "--now", day) }
        #expect(try box.prompt(["default"], now: "2026-11-22T09:00") == "🔥2")
        try deliver(box, "streaks/default/laptop.log", "2026-11-22 2026-11-22T08:30:00+00:00\n")
        try eventually(box, ["default"], now: "2026-11-22T09:00", equals: "🔥3")
        // The rebuild is what a write would have produced.
        #expect(try box.status(now: "2026-11-22T09:00")["current"] as? Int == 3)
    }

    /// The prompt of every streak looks at the second and later ones from the streaks folder
    /// opened once: a sync into the last of three is noticed as into the first.
    @Test func aSyncIntoAnyOfManyStreaksIsNoticed() throws {
        let box = try Sandbox()
        for name in ["alpha", "beta", "gamma"] { try box.sp("tick", name, "--quiet", "--now", "2026-11-21") }
        #expect(try box.prompt(["--format", "{name}{count}"], now: "2026-11-22T09:00") == "alpha1 beta1 gamma1")
        for (name, expected) in [("gamma", "alpha1 beta1 gamma2"), ("beta", "alpha1 beta2 gamma2"), ("alpha", "alpha2 beta2 gamma2")] {
            try deliver(box, "streaks/\(name)/laptop.log", "2026-11-22 2026-11-22T08:30:00+00:00\n")
            try eventually(box, ["--format", "{name}{count}"], now: "2026-11-22T09:00", equals: expected)
        }
    }

    @Test func aNewStreakFromAnotherMachineAppears() throws {
        let box = try Sandbox()
        try box.sp("tick", "--quiet", "--now", "2026-11-22")
        #expect(try box.prompt(now: "2026-11-22") == "🔥1")
        try deliver(box, "streaks/quiz/laptop.log", "2026-11-22 2026-11-22T08:30:00+00:00\n")
        try eventually(box, [], now: "2026-11-22T09:00", equals: "🔥1 🔥1")
        #expect(try box.prompt(["quiz", "--format", "{name}{count}"], now: "2026-11-22") == "quiz1")
    }

    @Test func aWriterKilledBeforeItsCacheUpdateIsCaughtUp() throws {
        let box = try Sandbox()
        for day in ["2026-11-20", "2026-11-21"] { try box.sp("tick", "--quiet", "--now", day) }
        // What a tick killed between its append and its cache update leaves: the folder
        // marked, the line appended, the cache as before.
        let folder = box.home + "/streaks/default"
        try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: folder)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: folder + "/test.log"))
        handle.seekToEndOfFile()
        handle.write(Data("2026-11-22 2026-11-22T08:30:00+00:00\n".utf8))
        try handle.close()
        try eventually(box, ["default"], now: "2026-11-22T09:00", equals: "🔥3")
    }

    /// A tick rewrites its own line of the cache, not the cache's word for the streaks folder:
    /// a streak that arrived (or an `add` killed before its cache write) after the cache was
    /// written still gets the prompt to rebuild.
    @Test func aQuickTickDoesNotVouchForAStreakItNeverSaw() throws {
        let box = try Sandbox()
        for day in ["2026-11-20", "2026-11-21"] { try box.sp("tick", "--quiet", "--now", day) }
        #expect(try box.prompt(now: "2026-11-21") == "🔥2")
        try deliver(box, "streaks/quiz/laptop.log", "2026-11-22 2026-11-22T08:30:00+00:00\n")
        try box.sp("tick", "--quiet", "--now", "2026-11-22T09:00")
        try eventually(box, ["quiz", "--format", "{name}{count}"], now: "2026-11-22T10:00", equals: "quiz1")
        try eventually(box, [], now: "2026-11-22T10:00", equals: "🔥3 🔥1")
    }

    @Test func anUpToDateCacheIsLeftAlone() throws {
        let box = try Sandbox()
        try box.sp("tick", "--quiet", "--now", "2026-11-22")
        let before = try box.read("prompt.cache")
        let attributes = try FileManager.default.attributesOfItem(atPath: box.home + "/prompt.cache")
        for _ in 0..<5 { _ = try box.prompt(now: "2026-11-22") }
        usleep(300_000)
        #expect(try box.read("prompt.cache") == before)
        let after = try FileManager.default.attributesOfItem(atPath: box.home + "/prompt.cache")
        #expect(after[.modificationDate] as? Date == attributes[.modificationDate] as? Date)
    }
}
