import StreakTestSupport
import Testing
@testable import StreakCore

enum RandomExport {
    static let icons = ["🔥", "📚", "x", "", "a,b", "say \"hi\"", "🏋️‍♀️", "#1 %d"]
    static let schedules = ["daily", "weekdays", "weekends", "mon,wed,fri", "sun", "tue,thu,sat"]

    static func document(_ g: inout SeededRandom) -> ExportDocument {
        var streaks: [ExportedStreak] = []
        var names = Set<String>()
        for _ in 0..<Int.random(in: 0...4, using: &g) {
            let name = ["quiz", "gym", "a", "Z_9", "read-more", String(repeating: "n", count: 32)].randomElement(using: &g)!
            guard names.insert(name).inserted else { continue }
            let settings = StreakSettings(icon: icons.randomElement(using: &g)!,
                                          rules: Rules(schedule: Schedule(schedules.randomElement(using: &g)!)!,
                                                       freezes: Int.random(in: 0...3, using: &g)))
            var actions: [Action] = []
            let start = StreakDay("2025-01-01")! + Int.random(in: 0...400, using: &g)
            for _ in 0..<Int.random(in: 0...40, using: &g) {
                let day = start + Int.random(in: 0...60, using: &g)
                // A moment on that date somewhere between UTC−12 and UTC+14, in quarter hours.
                let offset = Int.random(in: -48...56, using: &g) * 900
                let local = LocalDateTime(day: day + (Bool.random(using: &g) ? 0 : 1),
                                          secondOfDay: Int.random(in: 0..<86400, using: &g))
                actions.append(Action(day: day, at: Instant(seconds: local.utcSeconds - Int64(offset), offset: offset)))
            }
            streaks.append(ExportedStreak(name: try! StreakName(name), settings: settings, actions: actions))
        }
        return ExportDocument(streaks: streaks)
    }
}

@Suite("export format")
struct ExportTests {
    func parse(_ text: String) throws(ImportProblem) -> ExportDocument {
        try ExportDocument.parse(Array(text.utf8))
    }

    @Test(arguments: [1, 2, 3, 42, 1234, 99_999])
    func jsonAndCsvRoundTrip(seed: UInt64) throws {
        var g = SeededRandom(seed: seed)
        for _ in 0..<50 {
            let document = RandomExport.document(&g)
            #expect(try parse(document.json()) == document)
            #expect(try parse(document.csv()) == document)
            // Writing what was read gives the same bytes.
            #expect(try parse(document.json()).json() == document.json())
        }
    }

    @Test func jsonLayoutIsOneActionPerLine() throws {
        let day = StreakDay("2026-11-22")!
        let document = ExportDocument(streaks: [
            ExportedStreak(name: try StreakName("quiz"), settings: StreakSettings(icon: "📚", rules: Rules(schedule: Schedule("mon,wed,fri")!, freezes: 2)),
                           actions: [Action(day: day, at: Instant(seconds: LocalDateTime(day: day, secondOfDay: 75425).utcSeconds - 3600, offset: 3600))]),
            ExportedStreak(name: try StreakName("gym"), settings: nil, actions: []),
        ])
        #expect(document.json() == """
        {
          "format": "streakprompt-export",
          "version": 1,
          "streaks": [
            {
              "name": "gym",
              "icon": "🔥",
              "schedule": "daily",
              "freezes": 0,
              "actions": []
            },
            {
              "name": "quiz",
              "icon": "📚",
              "schedule": "mon,wed,fri",
              "freezes": 2,
              "actions": [
                {"date": "2026-11-22", "at": "2026-11-22T20:57:05+01:00"}
              ]
            }
          ]
        }

        """)
        #expect(document.csv() == """
        streak,date,at,icon,schedule,freezes
        gym,,,🔥,daily,0
        quiz,2026-11-22,2026-11-22T20:57:05+01:00,📚,"mon,wed,fri",2

        """)
    }

    @Test func theSameMomentTwiceIsOneAction() {
        let day = StreakDay("2026-01-01")!
        let a = Action(day: day, at: Instant(seconds: 1_767_268_800, offset: 0))
        let sameMomentOtherOffset = Action(day: day, at: Instant(seconds: 1_767_268_800, offset: 3600))
        let later = Action(day: day, at: Instant(seconds: 1_767_268_801, offset: 0))
        #expect([later, a, sameMomentOtherOffset, a].distinctMoments() == [a, later])
    }

    @Test func handWrittenFilesNeedOnlyNamesAndDates() throws {
        let csv = try parse("date,streak\n2026-01-02,quiz\r\n2026-01-01,quiz\n\n")
        #expect(csv.streaks.count == 1)
        #expect(csv.streaks[0].settings == nil)
        #expect(csv.streaks[0].actions == [Action.noon(of: StreakDay("2026-01-01")!), Action.noon(of: StreakDay("2026-01-02")!)])
        let json = try parse(#"{"streaks": [{"name": "quiz", "actions": [{"date": "2026-01-01"}]}]}"#)
        #expect(json.streaks[0].actions == [Action.noon(of: StreakDay("2026-01-01")!)])
        #expect(json.streaks[0].settings == nil)
        #expect(Action.noon(of: StreakDay("2026-01-01")!).at.description == "2026-01-01T12:00:00+00:00")
    }

    @Test func csvFieldsMayHoldCommasQuotesAndLineBreaks() throws {
        let text = "streak,date,at,note,icon,schedule\nquiz,2026-01-01,,\"a \"\"long\"\"\nnote, really\",\"x,\"\"y\"\"\",weekdays\nquiz,2026-01-02,,,\"x,\"\"y\"\"\",weekdays\n"
        let document = try parse(text)
        #expect(document.streaks[0].settings?.icon == "x,\"y\"")
        #expect(document.streaks[0].actions.count == 2)
    }

    /// Every refusal names the line of the fault.
    @Test(arguments: [
        (#"{"streaks": [}"#, 1, "not valid JSON"),
        ("{\n  \"streaks\": [\n    {\"name\": \"../x\"}\n  ]\n}", 3, "invalid streak name '../x'"),
        ("{\n  \"streaks\": [\n    {\"name\": \"quiz\",\n     \"actions\": [\n       {\"date\": \"2026-02-30\"}]}]}", 5, "not a date"),
        ("{\"streaks\": [{\"name\": \"quiz\", \"actions\": [\n{\"date\": \"2026-02-03\", \"at\": \"2026-02-03T10:00\"}]}]}", 2, "UTC offset"),
        ("{\"format\": \"other\", \"streaks\": []}", 1, "\"format\""),
        ("{\"version\": 2, \"streaks\": []}", 1, "newer streakprompt"),
        ("{\"streaks\": [{\"name\": \"a\"},\n{\"name\": \"a\"}]}", 2, "appears twice"),
        ("{\"streaks\": [{\"name\": \"a\", \"freezes\": -1}]}", 1, "freezes"),
        ("{\"streaks\": [{\"name\": \"a\", \"icon\": \"\\u001b[31m\"}]}", 1, "control characters"),
        ("{\"streaks\": [{\"name\": \"a\", \"schedule\": \"sometimes\"}]}", 1, "schedule"),
        ("{\"nothing\": 1}", 1, "missing \"streaks\""),
        ("[1, 2]", 1, "not an array"),
        ("streak,date,at\nquiz,2026-01-01,2026-01-01T10:00:00Z\nquiz,2026-01-02\n", 3, "expected 3 fields"),
        ("streak,date\nquiz,2026-13-01\n", 2, "not a date"),
        ("streak,date\nquiz,2026-01-01\n../x,2026-01-01\n", 3, "invalid streak name"),
        ("streak,date\n\"quiz,2026-01-01\n", 2, "never closed"),
        ("streak,date\nqu\"iz,2026-01-01\n", 2, "quote inside"),
        ("streak,date,schedule\nquiz,2026-01-01,daily\nquiz,2026-01-02,weekdays\n", 3, "differ from those on line 2"),
        ("name,day\nquiz,2026-01-01\n", 1, "'streak' and 'date'"),
        ("", 1, "empty"),
        ("streak,date,at\nquiz,,2026-01-01T10:00:00Z\n", 2, "needs its date"),
    ])
    func malformedFilesAreRefusedWithTheLine(text: String, line: Int, reason: String) {
        do {
            _ = try parse(text)
            Issue.record("accepted: \(text)")
        } catch {
            #expect(error.line == line, "\(error.reason)")
            #expect(error.reason.contains(reason), "\(error.reason)")
        }
    }
}
