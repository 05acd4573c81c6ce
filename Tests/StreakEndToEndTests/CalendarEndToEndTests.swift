import Foundation
import StreakTestSupport
import Testing

/// The heat map's golden history (`HeatmapGolden`), recorded through the binary.
func heatmapFixture() throws -> Sandbox {
    let box = try Sandbox()
    try box.sp("add", HeatmapGolden.name, "--schedule", "weekdays", "--freezes", "1")
    for tick in HeatmapGolden.ticks {
        let result = try box.sp("tick", HeatmapGolden.name, "--quiet", "--now", tick)
        guard result.status == 0 else { throw TestFailure("tick failed: \(result)") }
    }
    return box
}

#if os(Linux)
let isLinux = true
#else
let isLinux = false
#endif

@Suite("calendar end to end")
struct CalendarEndToEndTests {
    static let now = "2026-03-04T10:00"

    @Test func goldenWithNoColorAtTwoWidths() throws {
        let box = try heatmapFixture()
        let narrow = try box.sp("calendar", "quiz", "--now", Self.now, env: ["NO_COLOR": "1", "COLUMNS": "40"])
        #expect(narrow.status == 0)
        #expect(narrow.stderr.isEmpty)
        #expect(narrow.stdout == HeatmapGolden.grid40)
        // No COLUMNS and not a terminal: 80 columns.
        let wide = try box.sp("calendar", "quiz", "--now", Self.now)
        #expect(wide.stdout.split(separator: "\n")[2] == "Mon . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . + x + . +")
        #expect(!wide.stdout.contains("\u{1B}"), "no colour when stdout is not a terminal")
        let weeks = try box.sp("calendar", "quiz", "--now", Self.now, "--weeks", "3")
        #expect(weeks.stdout.split(separator: "\n")[2] == "Mon + . +")
    }

    @Test func jsonGivesTheSameData() throws {
        let box = try heatmapFixture()
        let result = try box.sp("calendar", "quiz", "--json", "--weeks", "2", "--now", Self.now)
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["weeks"] as? Int == 2)
        #expect(object["today"] as? String == "2026-03-04")
        let days = try #require(object["days"] as? [[String: Any]])
        #expect(days.count == 14)
        let tuesday = try #require(days.first { $0["date"] as? String == "2026-03-03" })
        #expect(tuesday["count"] as? Int == 2)
        #expect(tuesday["scheduled"] as? Bool == true)
        #expect(days.first { $0["today"] as? Bool == true }?["date"] as? String == "2026-03-04")
        // Without --weeks, JSON covers a whole year whatever the width.
        let year = try box.sp("calendar", "quiz", "--json", "--now", Self.now, env: ["COLUMNS": "20"])
        let all = try JSONSerialization.jsonObject(with: Data(year.stdout.utf8)) as? [String: Any]
        #expect((all?["days"] as? [Any])?.count == 53 * 7)
        let frozen = (all?["days"] as? [[String: Any]])?.filter { $0["frozen"] as? Bool == true }.map { $0["date"] as? String }
        #expect(frozen == ["2026-02-17"])
    }

    @Test func freezesSpentSinceTheLastActionAreMarked() throws {
        let box = try Sandbox()
        try box.sp("add", "gym", "--freezes", "2")
        try box.sp("tick", "gym", "--now", "2026-05-04")
        // Read on 05-07: 05-05 and 05-06 were missed and covered by the two freezes.
        let result = try box.sp("calendar", "gym", "--json", "--weeks", "1", "--now", "2026-05-07")
        let days = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let frozen = (days?["days"] as? [[String: Any]])?.filter { $0["frozen"] as? Bool == true }.map { $0["date"] as? String }
        #expect(frozen == ["2026-05-05", "2026-05-06"])
        let text = try box.sp("calendar", "gym", "--weeks", "1", "--now", "2026-05-07")
        #expect(text.stdout.contains("Mon #\n    *\nWed *\n"))
    }

    /// util-linux `script` gives the binary a terminal (the BSD `script` of macOS takes
    /// other arguments, hence Linux only).
    @Test(.enabled(if: isLinux)) func colourOnlyOnATerminalAndNeverWithNoColor() throws {
        guard requireTool("script") else { return }
        let box = try heatmapFixture()
        let binary = Binary.path
        let command = "stty cols 60; \(binary) calendar quiz --now \(Self.now)"
        let colored = try run("/usr/bin/env", ["script", "-qec", command, "/dev/null"], environment: box.environment)
        #expect(colored.stdout.contains("\u{1B}[38;5;"), "colour on a terminal")
        #expect(colored.stdout.contains("since 2025-08-25"), "28 weeks fit 60 columns: \(colored.stdout)")
        var plain = box.environment
        plain["NO_COLOR"] = "1"
        let uncolored = try run("/usr/bin/env", ["script", "-qec", command, "/dev/null"], environment: plain)
        #expect(!uncolored.stdout.contains("\u{1B}[38;5;"))
        #expect(uncolored.stdout.contains("Wed . . . . . . . . . . . . . . . . . . . . . . . + # + .[.]"))
        var dumb = box.environment
        dumb["TERM"] = "dumb"
        let dumbTerminal = try run("/usr/bin/env", ["script", "-qec", command, "/dev/null"], environment: dumb)
        #expect(!dumbTerminal.stdout.contains("\u{1B}[38;5;"))
    }

    @Test func badWeeksIsAUsageError() throws {
        let box = try heatmapFixture()
        for value in ["0", "x", "-3", "100000"] {
            let result = try box.spArgs(["calendar", "quiz", "--weeks=\(value)"])
            #expect(result.status == 2, "\(value)")
            #expect(result.stderr.contains("--weeks"))
        }
        #expect(try box.sp("calendar", "nothing").status == 1)
    }
}
