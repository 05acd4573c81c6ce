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

    static let notes = ["ran 5 km", "100% done", "a, \"quoted\" note", "é 🔥", "  spaced  ", "%41",
                        "ch. 4, \"\u{0593}oted\""]

    static func moment(_ g: inout SeededRandom, near day: StreakDay) -> Instant {
        let offset = Int.random(in: -48...56, using: &g) * 900
        let local = LocalDateTime(day: day, secondOfDay: Int.random(in: 0..<86400, using: &g))
        return Instant(seconds: local.utcSeconds - Int64(offset), offset: offset)
    }

    static func fields(_ g: inout SeededRandom) -> RuleFields {
        var fields = RuleFields()
        switch Int.random(in: 0..<3, using: &g) {
        case 0: fields.schedule = Schedule(schedules.randomElement(using: &g)!)!
        case 1: fields.target = Int.random(in: 1...7, using: &g)
        default: break
        }
        if Bool.random(using: &g) { fields.goal = Int.random(in: 1...4, using: &g) }
        if Bool.random(using: &g) { fields.freezes = Int.random(in: 0...3, using: &g) }
        if Bool.random(using: &g) { fields.earnEvery = Int.random(in: 0...7, using: &g) }
        if Bool.random(using: &g) { fields.maxHeld = Int.random(in: 0...3, using: &g) }
        return fields
    }

    /// A version 2 document: every record kind, counts, notes, weekly and daily creation rules.
    static func documentV2(_ g: inout SeededRandom) -> ExportDocument {
        let base = document(&g)
        // Half the time an order (`order`): some of the streaks, shuffled.
        let order = Bool.random(using: &g) ? Array(base.streaks.map(\.name).shuffled(using: &g).dropLast(Int.random(in: 0...1, using: &g))) : []
        return ExportDocument(streaks: base.streaks.map { streak in
            var settings = streak.settings!
            settings.rules = fields(&g).applied(to: settings.rules)
            let start = streak.actions.first?.day ?? StreakDay("2025-06-01")!
            let actions = streak.actions.map { action -> Action in
                var action = action
                if Int.random(in: 0..<4, using: &g) == 0 { action.count = Int.random(in: 2...5, using: &g) }
                if Int.random(in: 0..<5, using: &g) == 0 { action.note = notes.randomElement(using: &g)! }
                return action
            }
            var changes: [RuleChange] = []
            for _ in 0..<Int.random(in: 0...3, using: &g) {
                let from = start + Int.random(in: -5...70, using: &g)
                changes.append(RuleChange(from: from, at: moment(&g, near: from - 2), fields: fields(&g)))
            }
            var pauses: [PauseRecord] = []
            for _ in 0..<Int.random(in: 0...3, using: &g) {
                let from = start + Int.random(in: 0...70, using: &g)
                pauses.append(PauseRecord(Bool.random(using: &g) ? .pause : .unpause, from: from,
                                          to: from + Int.random(in: 0...9, using: &g), at: moment(&g, near: from - 1)))
            }
            var retractions: [Retraction] = []
            for action in actions where Int.random(in: 0..<10, using: &g) == 0 {
                retractions.append(Retraction(day: action.day, at: action.at, made: moment(&g, near: action.day + 1)))
            }
            return ExportedStreak(name: streak.name, settings: settings, actions: actions, changes: changes, pauses: pauses,
                                  retractions: retractions, archived: Int.random(in: 0..<5, using: &g) == 0)
        }, order: order)
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

    /// Every record kind, counts and notes survive both encodings, byte for byte when
    /// written again.
    @Test(arguments: [5, 6, 7, 77, 2026])
    func version2RoundTripsEveryRecord(seed: UInt64) throws {
        var g = SeededRandom(seed: seed)
        var records = 0
        for _ in 0..<40 {
            let document = RandomExport.documentV2(&g)
            records += document.streaks.reduce(0) { $0 + $1.changes.count + $1.pauses.count + $1.retractions.count }
            #expect(try parse(document.json()) == document)
            #expect(try parse(document.csv()) == document)
            #expect(try parse(document.json()).json() == document.json())
            #expect(try parse(document.csv()).csv() == document.csv())
        }
        #expect(records > 20)
    }

    /// The streaks' order is in both encodings only when there is one: an export without
    /// one is byte for byte what it was.
    @Test func theOrderIsWrittenOnlyWhenThereIsOne() throws {
        let streaks = ["b", "a", "c"].map { ExportedStreak(name: try! StreakName($0), settings: StreakSettings(), actions: []) }
        let plain = ExportDocument(streaks: streaks)
        #expect(!plain.json().contains("order") && !plain.csv().contains("order"))
        let ordered = ExportDocument(streaks: streaks, order: ["c", "a", "gone", "c"].map { try! StreakName($0) })
        #expect(ordered.order.map(\.text) == ["c", "a"])
        #expect(ordered.json().contains("\"order\": [\"c\", \"a\"]"))
        #expect(ordered.csv().hasPrefix("kind,streak,date,at,count,note,from,to,made,icon,schedule,target,goal,freezes,earn_freeze,max_freezes,archived,order\n"))
        #expect(try parse(ordered.csv()).order.map(\.text) == ["c", "a"])
        #expect(try parse(ordered.json()) == ordered)
    }

    @Test func version2Layout() throws {
        let day = StreakDay("2026-11-22")!
        let at = Instant(seconds: LocalDateTime(day: day, secondOfDay: 25800).utcSeconds - 3600, offset: 3600)
        let document = ExportDocument(streaks: [
            ExportedStreak(name: try StreakName("quiz"), settings: StreakSettings(icon: "📚", rules: Rules(mode: .weeks(target: 3), goal: 2)),
                           actions: [Action(day: day, at: at, count: 3, note: "ran 5 km, \"fast\"")],
                           changes: [RuleChange(from: day + 1, at: at, fields: RuleFields(goal: 3))],
                           pauses: [PauseRecord(.pause, from: day + 28, to: day + 41, at: at)],
                           retractions: [Retraction(day: day, at: at, made: Instant(seconds: at.seconds + 60, offset: 3600))]),
        ])
        #expect(document.json() == """
        {
          "format": "streakprompt-export",
          "version": 2,
          "streaks": [
            {
              "name": "quiz",
              "icon": "📚",
              "target": "3/week",
              "goal": 2,
              "freezes": 0,
              "earn_freeze": 0,
              "max_freezes": 2,
              "archived": false,
              "changes": [
                {"from": "2026-11-23", "at": "2026-11-22T07:10:00+01:00", "goal": 3}
              ],
              "pauses": [
                {"kind": "pause", "from": "2026-12-20", "to": "2027-01-02", "at": "2026-11-22T07:10:00+01:00"}
              ],
              "actions": [
                {"date": "2026-11-22", "at": "2026-11-22T07:10:00+01:00", "count": 3, "note": "ran 5 km, \\"fast\\""}
              ],
              "retractions": [
                {"date": "2026-11-22", "at": "2026-11-22T07:10:00+01:00", "made": "2026-11-22T07:11:00+01:00"}
              ]
            }
          ]
        }

        """)
        #expect(document.csv() == #"""
        kind,streak,date,at,count,note,from,to,made,icon,schedule,target,goal,freezes,earn_freeze,max_freezes,archived
        streak,quiz,,,,,,,,📚,,3/week,2,0,0,2,false
        rules,quiz,,2026-11-22T07:10:00+01:00,,,2026-11-23,,,,,,3,,,,
        pause,quiz,,2026-11-22T07:10:00+01:00,,,2026-12-20,2027-01-02,,,,,,,,,
        action,quiz,2026-11-22,2026-11-22T07:10:00+01:00,3,"ran 5 km, ""fast""",,,,,,,,,,,
        untick,quiz,2026-11-22,2026-11-22T07:10:00+01:00,,,,,2026-11-22T07:11:00+01:00,,,,,,,,

        """#)
    }

    /// What the first release wrote still reads: its JSON (version 1) and CSV (no `kind`).
    @Test func theFirstReleasesExportsStillRead() throws {
        let day = StreakDay("2026-11-22")!
        let document = ExportDocument(streaks: [
            ExportedStreak(name: try StreakName("quiz"), settings: StreakSettings(icon: "📚", rules: Rules(schedule: Schedule("mon,wed,fri")!, freezes: 2)),
                           actions: [Action(day: day, at: Instant(seconds: LocalDateTime(day: day, secondOfDay: 75425).utcSeconds - 3600, offset: 3600))]),
            ExportedStreak(name: try StreakName("gym"), settings: nil, actions: []),
        ])
        #expect(try parse("""
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

        """) == document.withDefaultSettings)
        #expect(try parse("""
        streak,date,at,icon,schedule,freezes
        gym,,,🔥,daily,0
        quiz,2026-11-22,2026-11-22T20:57:05+01:00,📚,"mon,wed,fri",2

        """) == document.withDefaultSettings)
    }

    @Test func theSameMomentTwiceIsOneActionWithoutIds() {
        let day = StreakDay("2026-01-01")!
        let a = Action(day: day, at: Instant(seconds: 1_767_268_800, offset: 0))
        let sameMomentOtherOffset = Action(day: day, at: Instant(seconds: 1_767_268_800, offset: 3600))
        let later = Action(day: day, at: Instant(seconds: 1_767_268_801, offset: 0))
        #expect([later, a, sameMomentOtherOffset, a].distinctActions() == [a, later])
    }

    @Test func actionsWithIdsAreOneOnlyWithTheSameId() {
        let day = StreakDay("2026-01-01")!
        let at = Instant(seconds: 1_767_268_800, offset: 0)
        let x = Action(day: day, at: at, count: 2, id: "00000000000000aa")
        let y = Action(day: day, at: at, note: "desk", id: "00000000000000bb")
        let legacy = Action(day: day, at: at, count: 5)
        let legacyOther = Action(day: day, at: Instant(seconds: at.seconds, offset: 3600))
        // Any order, any repetition (a union of logs): x, y, and one of the id-less lines.
        let all = [y, legacy, x, legacyOther, x, y, legacy]
        let distinct = all.distinctActions()
        #expect(distinct == [legacy, x, y], "of the lines without ids, the first in Action order")
        #expect(all.reversed().distinctActions() == distinct)
        #expect((all + distinct).distinctActions() == distinct, "a union with itself adds nothing")
        #expect(distinct.map(\.count).reduce(0, +) == 8)
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

    /// A quote followed by a combining mark is one character but two scalars: the export
    /// doubles the quote all the same (a fuzzer found a note that did not read back).
    @Test func aQuoteBeforeACombiningMarkStaysAQuote() throws {
        var action = Action(day: StreakDay("2026-10-02")!, at: Instant(seconds: 1_793_620_800, offset: 0))
        action.note = "ch. 4, \"\u{0593}oted\""
        let settings = StreakSettings(icon: "\"\u{0301}", rules: Rules())
        let document = ExportDocument(streaks: [ExportedStreak(name: try StreakName("read"), settings: settings, actions: [action])])
        let csv = document.csv()
        #expect(csv.contains("\"ch. 4, \"\"\u{0593}oted\"\"\""))
        let again = try ExportDocument.parse(Array(csv.utf8))
        #expect(again.streaks.first?.actions.first?.note == action.note)
        #expect(again.streaks.first?.settings?.icon == settings.icon)
    }

    /// Every refusal names the line of the fault.
    @Test(arguments: [
        (#"{"streaks": [}"#, 1, "not valid JSON"),
        ("{\n  \"streaks\": [\n    {\"name\": \"../x\"}\n  ]\n}", 3, "invalid streak name '../x'"),
        ("{\n  \"streaks\": [\n    {\"name\": \"quiz\",\n     \"actions\": [\n       {\"date\": \"2026-02-30\"}]}]}", 5, "not a date"),
        ("{\"streaks\": [{\"name\": \"quiz\", \"actions\": [\n{\"date\": \"2026-02-03\", \"at\": \"2026-02-03T10:00\"}]}]}", 2, "UTC offset"),
        ("{\"format\": \"other\", \"streaks\": []}", 1, "\"format\""),
        ("{\"version\": 3, \"streaks\": []}", 1, "newer streakprompt"),
        ("{\"streaks\": [{\"name\": \"a\", \"actions\": [\n{\"date\": \"2026-01-01\", \"count\": 0}]}]}", 2, "\"count\" '0' is not a whole number"),
        ("{\"streaks\": [{\"name\": \"a\",\n \"changes\": [{\"from\": \"2026-01-01\", \"at\": \"2026-01-01T10:00:00Z\", \"icon\": \"x\"}]}]}", 2, "cannot set \"icon\""),
        ("{\"streaks\": [{\"name\": \"a\",\n \"changes\": [{\"from\": \"2026-01-01\"}]}]}", 2, "a change has no \"at\""),
        ("{\"streaks\": [{\"name\": \"a\", \"target\": \"3/week\", \"schedule\": \"daily\"}]}", 1, "not both"),
        ("{\"streaks\": [{\"name\": \"a\",\n \"pauses\": [{\"kind\": \"stop\", \"from\": \"2026-01-01\", \"to\": \"2026-01-01\", \"at\": \"2026-01-01T10:00:00Z\"}]}]}", 2, "\"kind\" must be"),
        ("kind,streak,date\naction,quiz,2026-01-01\nremind,quiz,\n", 3, "unknown kind 'remind'"),
        ("kind,streak,from,to,at\npause,quiz,2026-01-05,2026-01-01,2026-01-01T10:00:00Z\n", 2, "before from"),
        ("kind,streak,from,at,icon\nrules,quiz,2026-01-05,2026-01-01T10:00:00Z,x\n", 2, "cannot set icon"),
        ("kind,streak,date,at,count\naction,quiz,2026-01-05,,-2\n", 2, "count '-2'"),
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
        ("{\"order\": [\"a\", \"b\"],\n \"streaks\": [{\"name\": \"a\"}]}", 1, "must name a streak of the export"),
        ("{\"order\": \"a\",\n \"streaks\": [{\"name\": \"a\"}]}", 1, "\"order\" must be an array"),
        ("kind,streak,order\nstreak,a,1\nstreak,b,1\n", 3, "also the place of 'a'"),
        ("kind,streak,order\nstreak,a,first\n", 2, "order 'first'"),
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

extension ExportDocument {
    /// The document as an export writes it: a streak without settings gets the defaults.
    var withDefaultSettings: ExportDocument {
        ExportDocument(streaks: streaks.map { streak in
            var streak = streak
            if streak.settings == nil { streak.settings = StreakSettings() }
            return streak
        }, order: order)
    }
}
