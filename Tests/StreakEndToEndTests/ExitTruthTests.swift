import Foundation
import Testing

/// The exit status and the messages tell what happened: a command that could not even read
/// its command line fails, a recorded action exits 0, and the checks after an import, a merge
/// and a tmux push say what is true.
@Suite("exit codes tell what happened")
struct ExitTruthTests {
    /// With every file descriptor taken, the static runtime cannot read /proc/self/cmdline:
    /// argc is 0. It used to print the prompt for no arguments (nothing) and exit 0, a tick too.
    @Test func noFreeFileDescriptorIsAFailure() throws {
        let box = try Sandbox()
        let script = "ulimit -n 16; i=3; while [ $i -le 15 ]; do eval \"exec $i</dev/null\"; i=$((i + 1)); done; exec \"$BIN\" tick quiz"
        let result = try run("/bin/bash", ["-c", script], environment: box.environment.merging(["BIN": Binary.path]) { $1 })
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("could not read its own command line"), "\(result)")
        #expect(!FileManager.default.fileExists(atPath: box.home + "/streaks/quiz"))
    }

    /// A settings line that does not read (mid-merge) after the action was recorded: exit 0,
    /// so a script that retries on failure does not count it twice; the warning on stderr.
    @Test func aRecordedActionExitsZeroWithItsWarning() throws {
        let box = try Sandbox()
        try box.sp("tick", "quiz", "--now", "2026-11-20")
        try box.write("streaks/quiz/streak.conf", "icon=x\ngoal=zero\n")
        let tick = try box.sp("tick", "quiz", "--now", "2026-11-21")
        #expect(tick.status == 0, "\(tick)")
        #expect(tick.stderr.contains("the action was recorded, but"), "\(tick)")
        #expect(try box.read("streaks/quiz/test.log").split(separator: "\n").filter { !$0.hasPrefix("#") }.count == 2)
    }

    /// An import that creates a streak leaves a cache doctor agrees with (it said stale until
    /// the first prompt: the new streak's line had the stamp of a folder not there yet).
    @Test func doctorAgreesWithTheCacheAfterAnImportCreatesAStreak() throws {
        let box = try Sandbox()
        let file = try box.file("in.json", #"{"streaks": [{"name": "fresh", "actions": [{"date": "2026-11-20"}]}]}"#)
        try box.sp("tick", "old", "--now", "2026-11-20")
        #expect(try box.sp("import", file).status == 0)
        let doctor = try box.sp("doctor")
        #expect(doctor.stdout.contains("the prompt cache matches the logs (2 streaks)"), "\(doctor)")
        #expect(!doctor.stdout.contains("stale"), "\(doctor)")
    }

    /// A settings file a merge stopped in: `=======` read as an unknown key, so a repair kept
    /// it and said "No problems found". Every marker is a problem, and a repair sets it aside.
    @Test func aRepairDuringAMergeLeavesNoMarker() throws {
        let box = try Sandbox()
        try box.sp("add", "quiz")
        try box.write("streaks/quiz/streak.conf", "<<<<<<< HEAD\nicon=A\n=======\nicon=B\n>>>>>>> origin/main\nschedule=daily\n")
        let before = try box.sp("doctor")
        #expect(before.status == 1, "\(before)")
        let repair = try box.sp("doctor", "--repair")
        #expect(repair.status == 0, "\(repair)")
        let settings = try box.read("streaks/quiz/streak.conf")
        #expect(!settings.contains("=======") && !settings.contains("<<<<<<<") && !settings.contains(">>>>>>>"), "\(settings)")
        // Both sides' icon lines: the last one, the one read, stays; the other goes aside too.
        #expect(settings == "icon=B\nschedule=daily\n", "\(settings)")
        #expect(try box.sp("doctor").stdout.contains("No problems found"))
    }

    /// tmux reads an argument ending in `;` as the end of a command: `🔥1;` arrived as `🔥1`.
    @Test func aSegmentEndingInASemicolonReachesTmuxWhole() throws {
        let box = try Sandbox(tz: "Europe/Berlin")
        guard let server = try TmuxServer(box) else { return }
        defer { server.stop() }
        try box.sp("tick", "q", "--now", "2026-11-20T10:00")
        let register = try run(Binary.path, ["prompt", "--shell", "tmux", "--view", "--format", "{icon}{count};", "q"],
                               environment: server.inside.merging(["NO_COLOR": "1"]) { $1 })
        #expect(register.status == 0 && register.stdout.hasSuffix(";"), "\(register)")
        try box.sp("tick", "q")
        #expect(try server.option("@streakprompt").hasSuffix(";"), "the ; kept")
    }
}
