import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A command that says it counted, counted: nothing is written that cannot be read back, no
/// time a user types can crash it, and a backup always restores.
@Suite("said and done")
struct ReadBackEndToEndTests {
    /// Once: "counted today", exit 0, and a line the reader rejected.
    @Test(arguments: ["XXX-15", "UTC+99", "XXX-24:59"])
    func aZoneOffsetNoLineCanHoldIsRefusedBeforeWriting(tz: String) throws {
        let box = try Sandbox()
        try box.sp("tick", "--quiet", "--now", "2026-11-20T12:00Z")
        let before = try box.read("streaks/default/test.log")
        let tick = try box.sp("tick", env: ["TZ": tz])
        #expect(tick.status == 1, "\(tick)")
        #expect(tick.stderr.contains("the action was not recorded"), "\(tick)")
        #expect(tick.stderr.contains("TZ"), "\(tick)")
        #expect(!tick.stdout.contains("counted"))
        #expect(try box.read("streaks/default/test.log") == before)
        // A zone just inside what a line holds is fine.
        #expect(try box.sp("tick", "--quiet", env: ["TZ": "XXX-14"]).status == 0)
        #expect(try box.sp("status").stderr.isEmpty)
    }

    /// Once: a tick at year 10000 said "counted"; `status --now @999999999999999999` died of
    /// an arithmetic trap (SIGILL).
    @Test(arguments: ["@253402300800", "@999999999999999999", "@-999999999999999999", "@-62167219201"])
    func aTimeOutsideTheYearsALogHoldsIsAUsageError(now: String) throws {
        let box = try Sandbox()
        try box.sp("tick", "--quiet", "--now", "2026-11-20")
        for command in [["status"], ["tick"], ["list"], ["history"], ["calendar"], []] {
            let result = try box.spArgs(command + ["--now", now])
            #expect(result.status == 2, "\(command): \(result)")
            #expect(result.stderr.contains("years 0000–9999"), "\(command): \(result)")
            let variable = try box.spArgs(command, env: ["STREAKPROMPT_NOW": now])
            #expect(variable.status == (command.isEmpty ? 0 : 2), "\(command): \(variable)")
        }
        #expect(try box.logLines().count == 1)
    }

    /// The edges of what a line holds, in the zones furthest from UTC: the date a tick at the
    /// very first or last moment counts for still reads back.
    @Test func theEdgesOfTheCalendarStillReadBack() throws {
        let box = try Sandbox()
        let cases: [(String, String, Int32)] = [
            ("@253402300799", "UTC", 0), ("@253402300799", "XXX-14", 1), ("@-62167219200", "XXX+12", 1),
            ("@-62167219200", "UTC", 0), ("9999-12-31T23:59", "XXX-14", 0), ("0000-01-01T00:00", "XXX+12", 0),
        ]
        for (now, tz, status) in cases {
            let tick = try box.sp("tick", "--quiet", "--now", now, env: ["TZ": tz])
            #expect(tick.status == status, "\(now) in \(tz): \(tick)")
        }
        let status = try box.sp("status", "--json", "--now", "2026-11-22")
        #expect(status.stderr.isEmpty, "every line written reads back: \(status.stderr)")
        #expect(try box.logLines().count == 4)
    }

    /// Once: a log line `DATE @SECONDS` outside those years read, exported as `-0847-…`, and
    /// then the whole backup could not be imported.
    @Test func everyActionTheLogsHoldComesBackFromABackup() throws {
        let box = try Sandbox()
        try box.sp("tick", "--quiet", "--now", "2026-11-20")
        try box.write("streaks/default/other.log", """
            2026-11-21 @1795000000
            2026-11-22 @-89000000000
            2026-11-23 @253402300800
            0000-01-01 0000-01-01T00:00:00+14:00
            9999-12-31 9999-12-31T23:59:59-14:59

            """)
        let status = try box.sp("status", "--json", "--now", "2026-11-23")
        #expect(status.stderr.contains("other.log:2"), "\(status.stderr)")
        #expect(status.stderr.contains("other.log:3"))
        for format in ["json", "csv"] {
            let export = try box.sp("export", "--format", format)
            #expect(export.status == 0)
            let file = try box.file("backup.\(format)", export.stdout)
            let fresh = try Sandbox()
            let imported = try fresh.sp("import", file)
            #expect(imported.status == 0, "\(format): \(imported)")
            #expect(imported.stdout.contains("Imported 4 new actions"), "\(imported)")
            #expect(try fresh.sp("export", "--format", format).stdout == export.stdout)
        }
    }

    @Test(arguments: ["data", "./data", "~/data", "sub/data"])
    func aRelativeDataFolderIsRefused(home: String) throws {
        let box = try Sandbox()
        let tick = try box.sp("tick", env: ["STREAKPROMPT_HOME": home])
        #expect(tick.status == 2, "\(tick)")
        #expect(tick.stderr.contains("not an absolute path"), "\(tick)")
        #expect(!FileManager.default.fileExists(atPath: box.root.appendingPathComponent("data").path + "/streaks"))
        #expect(!FileManager.default.fileExists(atPath: box.root.appendingPathComponent(home).path))
        let prompt = try box.sp(env: ["STREAKPROMPT_HOME": home])
        #expect(prompt.status == 0 && prompt.stdout.isEmpty && prompt.stderr.isEmpty, "the prompt stays silent")
    }

    @Test func aSpreadsheetShowsEveryCellAsTextAndTheBackupStillRestores() throws {
        let box = try Sandbox()
        for (index, icon) in ["=HYPERLINK(\"http://x\")", "+1", "-2+3", "@SUM(1)", "'=x"].enumerated() {
            let name = "s\(index)"
            #expect(try box.sp("add", name, "--icon=" + icon).status == 0)
            try box.sp("tick", name, "--quiet", "--now", "2026-11-22")
        }
        let csv = try box.sp("export", "--format", "csv").stdout
        for line in csv.split(separator: "\n").dropFirst() {
            // The icon is the fourth column; a quoted cell starts after its quote.
            let cells = line.split(separator: ",", omittingEmptySubsequences: false)
            #expect(!cells.contains { $0.hasPrefix("=") || $0.hasPrefix("\"=") || $0.hasPrefix("+") || $0.hasPrefix("@") || $0.hasPrefix("-") },
                    "\(line)")
        }
        let fresh = try Sandbox()
        #expect(try fresh.sp("import", try box.file("b.csv", csv)).status == 0)
        #expect(try fresh.sp("export").stdout == (try box.sp("export").stdout))
    }

    /// Once quadratic in new streaks (each one rebuilt the cache from every streak's files, and
    /// rewrote it): now each streak's files are read a bounded number of times, the data is
    /// flushed once, and the cache is written once.
    @Test func anImportReadsEachStreakOnceAndWritesTheCacheOnce() throws {
        let box = try Sandbox()
        try box.sp("tick", "--quiet", "--now", "2026-11-20")
        var streaks: [String] = []
        for index in 0..<300 {
            streaks.append("{\"name\": \"s\(index)\", \"actions\": [{\"date\": \"2026-11-2\(index % 3)\"}]}")
        }
        let file = try box.file("many.json", "{\"streaks\": [\n" + streaks.joined(separator: ",\n") + "\n]}\n")
        let trace = box.root.appendingPathComponent("trace").path
        let result = try box.sp("import", file, env: ["STREAKPROMPT_TEST_TRACE": trace])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("Imported 300 new actions into 300 streaks"), "\(result)")
        let points = (try? String(contentsOfFile: trace, encoding: .utf8))?.split(separator: "\n").map(String.init) ?? []
        guard !points.isEmpty else {
            // A release build has no test points: nothing to count.
            return
        }
        #expect(points.filter { $0 == "cache-write" }.count == 1)
        #expect(points.filter { $0 == "journal-written" }.count == 1)
        #expect(points.filter { $0 == "journal-step" }.count == 600, "a settings file and a log per new streak")
        #expect(try box.sp("list").stdout.split(separator: "\n").count == 302, "a header and 301 streaks")
    }

    /// Once: an export with a log it could not read exited 0, with a backup lacking its actions.
    @Test(.enabled(if: Machine.setpriv != nil, "needs root and setpriv: root reads every file"))
    func anExportThatWouldLackActionsFails() throws {
        let box = try Sandbox()
        for day in ["2026-11-20", "2026-11-21"] { try box.sp("tick", "--quiet", "--now", day) }
        try box.giveToNobody()
        chmod(box.home + "/streaks/default/test.log", 0o000)
        let export = try box.spAsNobody(["export"])
        #expect(export.status == 1, "\(export)")
        #expect(export.stdout.isEmpty)
        #expect(export.stderr.contains("Permission denied"), "\(export)")
        #expect(export.stderr.contains("nothing was exported"), "\(export)")
        chmod(box.home + "/streaks/default/test.log", 0o644)
        #expect(try box.spAsNobody(["export"]).status == 0)
    }

    /// A streaks folder another user keeps closed: a command on one streak says it cannot read
    /// it, never "no streak named ...; create it", which would start a second one.
    @Test(.enabled(if: Machine.setpriv != nil, "needs root and setpriv: root reads every file"))
    func aClosedStreaksFolderIsNotAMissingStreak() throws {
        let box = try Sandbox()
        try box.sp("tick", "q", "--quiet", "--now", "2026-11-20")
        try box.giveToNobody()
        chown(box.home + "/streaks", 0, 0)
        chmod(box.home + "/streaks", 0o700)
        for command in [["status", "q"], ["history", "q"], ["log", "q"]] {
            let result = try box.spAsNobody(command)
            #expect(result.status == 1 && result.stderr.contains("Permission denied"), "\(result)")
            #expect(!result.stderr.contains("no streak named"), "\(result)")
        }
    }
}
