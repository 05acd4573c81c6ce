import Testing
@testable import StreakCore
import StreakTestSupport

private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

@Suite("file formats v2")
struct FormatV2Tests {
    // MARK: Action log

    @Test func actionsWithCountsAndNotesRoundTrip() {
        let at = Instant(seconds: 1_795_388_370, offset: 3600)
        let actions = [
            Action(day: .d("2026-11-22"), at: at),
            Action(day: .d("2026-11-22"), at: Instant(seconds: 1_795_388_371, offset: 3600), count: 3, note: "ran 5 km"),
            Action(day: .d("2026-11-23"), at: Instant(seconds: 1_795_474_770, offset: -34200), count: 2,
                   note: "100% 🔥 done\u{00A0}é"),
        ]
        let text = ActionLog.header + actions.map(ActionLog.line).joined()
        #expect(ActionLog.line(actions[0]) == "2026-11-22 2026-11-22T23:59:30+01:00\n", "count 1, no note: a v1 line")
        #expect(ActionLog.line(actions[1]) == "2026-11-22 2026-11-22T23:59:31+01:00 count=3 note=ran%205%20km\n")
        #expect(ActionLog.line(actions[2]).hasSuffix(" count=2 note=100%25%20🔥%20done\u{00A0}é\n"))
        let parsed = ActionLog.parse(bytes(text))
        #expect(parsed.actions == actions)
        #expect(parsed.bad.isEmpty)
    }

    @Test func fieldsAreReadByTheirParsers() {
        let text = """
        2026-11-20 2026-11-20T10:00:00+00:00 count=2 source=git future=1
        2026-11-20 2026-11-20T10:00:01+00:00 count=0
        2026-11-20 2026-11-20T10:00:02+00:00 count=two
        2026-11-20 2026-11-20T10:00:03+00:00 note=a%2
        2026-11-20 2026-11-20T10:00:04+00:00 note=%FF%FE
        2026-11-20 2026-11-20T10:00:05+00:00 note=tab%09here
        2026-11-20 2026-11-20T10:00:06+00:00 count=2 count=3
        2026-11-20 2026-11-20T10:00:07+00:00 note=
        2026-11-20 2026-11-20T10:00:08+00:00 extra words count=4

        """
        let parsed = ActionLog.parse(bytes(text))
        #expect(parsed.actions.map(\.count) == [2, 4], "unknown key=value and words without = are ignored")
        #expect(parsed.bad.map(\.line) == [2, 3, 4, 5, 6, 7, 8])
        #expect(parsed.bad.map(\.reason) == [
            "count '0' is not a whole number from 1 to 1000000",
            "count 'two' is not a whole number from 1 to 1000000",
            "note has a '%' not followed by two hex digits",
            "note is not UTF-8 text",
            "note must not hold control characters (tabs, line breaks, escapes)",
            "count= is given twice",
            "note must not be empty",
        ])
    }

    /// The fast pass over lines as they are written gives what the general parser gives, and
    /// declines every line the general parser would read differently.
    @Test func theFastPassAgreesWithTheGeneralParser() {
        var random = SeededRandom(seed: 9)
        let pieces = ["2026-11-22", "2026-02-29", "2028-02-29", "2026-13-01", "0000-01-01", " ", "  ", "T", "t", "23:59:60",
                      "24:00:00", "07:05:09", "+01:00", "-00:00", "+14:59", "+15:00", "-09:30", "+05:45:10", "Z", "\r",
                      " count=2", " count=02", " count=1000000", " count=1000001", " count=0", " count=", " note=x",
                      " count=3 note=a%20b", "x", "0", ":", " id=3f9a0c1e22b5d711", " id=3F9A0C1E22B5D711", " id=",
                      " id=3f9a0c1e22b5d71", " id=3f9a0c1e22b5d7111", " id=3f9a0c1e22b5d71g", " count=2 id=00000000000000ff",
                      " id=0123456789abcdef id=0123456789abcdef", "id=", "=", " "]
        var fast = 0
        for _ in 0..<20_000 {
            var line = Array(ActionLog.line(Action(day: StreakDay(ordinal: Int.random(in: 0...30_000, using: &random)),
                                                   at: Instant(seconds: Int64.random(in: 0...2_000_000_000, using: &random),
                                                               offset: Int.random(in: -48...56, using: &random) * 900),
                                                   count: Int.random(in: 1...3, using: &random),
                                                   id: Bool.random(using: &random) ? ActionField.idText(random.next()) : nil)).utf8.dropLast())
            for _ in 0..<Int.random(in: 0...2, using: &random) {
                let piece = Array(pieces.randomElement(using: &random)!.utf8)
                let at = Int.random(in: 0...line.count, using: &random)
                if Bool.random(using: &random), at + piece.count <= line.count {
                    line.replaceSubrange(at..<(at + piece.count), with: piece)
                } else {
                    line.insert(contentsOf: piece, at: at)
                }
            }
            let general = ActionLog.parseGeneral(line[...])
            if let action = ActionLog.canonical(line[...]) {
                fast += 1
                #expect(general == .success(action), "\(String(decoding: line, as: UTF8.self))")
            }
        }
        #expect(fast > 5_000)
    }

    @Test func notesAreBounded() throws {
        let long = String(repeating: "é", count: 250)
        #expect(try ActionField.note(long) == long)
        #expect(throws: FieldError.self) { try ActionField.note(long + "x") }
        let encoded = ActionField.encodedNote(long)
        #expect(try ActionField.decodedNote(Array(encoded.utf8)) == long)
        #expect(throws: FieldError.self) { try ActionField.decodedNote(Array("%41%0A".utf8)) }
        #expect(try ActionField.decodedNote(Array("%41%62c".utf8)) == "Abc")
    }

    // MARK: Event log

    @Test func everyEventKindRoundTrips() {
        let at = Instant(seconds: 1_795_420_800, offset: 3600)
        let events: [StreakEvent] = [
            .rules(RuleChange(from: .d("2026-11-23"), at: at, fields: RuleFields(goal: 3))),
            .rules(RuleChange(from: .d("2026-11-30"), at: at, fields: RuleFields(target: 3, freezes: 2, earnEvery: 7,
                                                                                maxHeld: 4))),
            .rules(RuleChange(from: .d("2026-12-01"), at: at, fields: RuleFields(schedule: Schedule("mon,wed,fri")!))),
            .pause(PauseRecord(.pause, from: .d("2026-12-20"), to: .d("2027-01-02"), at: at)),
            .pause(PauseRecord(.unpause, from: .d("2026-12-31"), to: .d("2027-01-02"), at: at)),
            .untick(Retraction(day: .d("2026-11-24"), at: Instant(seconds: 1_795_510_690, offset: 3600), made: at)),
            .archive(at),
            .unarchive(at),
        ]
        let text = EventLog.header + events.map(EventLog.line).joined()
        #expect(text == """
        # streakprompt events v1: INSTANT KIND ARGS...
        2026-11-23T09:00:00+01:00 rules from=2026-11-23 goal=3
        2026-11-23T09:00:00+01:00 rules from=2026-11-30 target=3/week freezes=2 earn-freeze=7 max-freezes=4
        2026-11-23T09:00:00+01:00 rules from=2026-12-01 schedule=mon,wed,fri
        2026-11-23T09:00:00+01:00 pause from=2026-12-20 to=2027-01-02
        2026-11-23T09:00:00+01:00 unpause from=2026-12-31 to=2027-01-02
        2026-11-23T09:00:00+01:00 untick date=2026-11-24 at=2026-11-24T09:58:10+01:00
        2026-11-23T09:00:00+01:00 archive
        2026-11-23T09:00:00+01:00 unarchive

        """)
        let parsed = EventLog.parse(bytes(text))
        #expect(parsed.events == events)
        #expect(parsed.bad.isEmpty && parsed.newer.isEmpty && !parsed.endsTorn)
    }

    @Test func badEventLinesAreReportedAndNewerKindsKept() {
        let text = """
        # comment
        2026-11-23T09:00:00+01:00 rules from=2026-11-23 goal=3 reminder=20:00
        2026-11-23T09:00:00+01:00 rules goal=3
        2026-11-23T09:00:00+01:00 rules from=2026-11-23 goal=0
        2026-11-23T09:00:00+01:00 rules from=2026-11-23 target=3/week schedule=daily
        2026-11-23T09:00:00+01:00 rules from=2026-11-23 target=8/week
        2026-11-23T09:00:00+01:00 pause from=2026-12-20 to=2026-12-19
        2026-11-23T09:00:00+01:00 pause from=2026-12-20 to=2026-12-21 from=2026-12-22
        2026-11-23T09:00:00+01:00 pause from=2026-12-20 to=2026-12-21 loose
        2026-11-23T09:00:00+01:00 untick date=2026-11-24 at=yesterday
        2026-11-23T09:00:00+01:00 remind at=20:00
        not an instant rules from=2026-11-23
        2026-11-23T09:00:00+01:00 pause from=2026-12-20 to=2026-
        """
        let parsed = EventLog.parse(bytes(text))
        #expect(parsed.events.count == 1, "an unknown key=value is ignored")
        #expect(parsed.bad.map(\.line) == [3, 4, 5, 6, 7, 8, 9, 10, 12, 13])
        #expect(parsed.bad.map(\.reason) == [
            "a 'rules' record needs from=",
            "goal '0' is not a whole number from 1 to 1000000",
            "give a schedule or a weekly target, not both",
            "target '8/week' is not a weekly target; use N/week with N from 1 to 7, e.g. 3/week",
            "to= is before from=",
            "from= is given twice",
            "'loose' is not key=value",
            "at= must be a moment such as 2026-11-22T21:57:05+01:00",
            "not 'INSTANT KIND ...'",
            "the last line is cut short (no newline)",
        ])
        #expect(parsed.newer.map(\.line) == [11])
        #expect(parsed.newer.first?.reason == "a 'remind' record, written by a newer streakprompt (kept, not counted)")
        #expect(parsed.endsTorn)
    }

    // MARK: Settings

    @Test func settingsFieldsHaveOneParserAndOneMessageEach() throws {
        #expect(throws: FieldError("'someday' is not a schedule; use daily, weekdays, weekends or days such as mon,wed,fri")) {
            try SettingsField.schedule("someday")
        }
        #expect(try SettingsField.target(" 3/week ") == 3)
        for bad in ["0/week", "8/week", "3", "3/day", "/week", "-1/week"] {
            #expect(throws: FieldError("'\(bad)' is not a weekly target; use N/week with N from 1 to 7, e.g. 3/week")) {
                try SettingsField.target(bad)
            }
        }
        #expect(throws: FieldError("'0' is not a whole number from 1 to 1000000")) { try SettingsField.goal("0") }
        #expect(throws: FieldError("'1001' is not a whole number from 0 to 1000")) {
            try SettingsField.freezes("1001")
        }
        #expect(throws: FieldError("'x' is not a whole number from 0 (never) to 1000")) {
            try SettingsField.earnFreeze("x")
        }
        #expect(throws: FieldError("'-1' is not a whole number from 0 to 1000")) {
            try SettingsField.maxFreezes("-1")
        }
        #expect(throws: FieldError("'0' is not a whole number from 1 to 1000000")) { try ActionField.count("0") }
        #expect(SettingsField.allCases.allSatisfy { SettingsField.named($0.key) == $0 })
    }

    @Test func settingsWithNewKeysRoundTrip() throws {
        let weekly = StreakSettings(icon: "📚", rules: Rules(mode: .weeks(target: 3), goal: 2, freezes: 1, earnEvery: 7,
                                                             maxHeld: 3))
        #expect(weekly.encoded() == """
        # streakprompt streak settings
        icon=📚
        target=3/week
        freezes=1
        goal=2
        earn-freeze=7
        max-freezes=3

        """)
        #expect(try StreakSettings.parse(bytes(weekly.encoded())).get() == weekly)
        guard case .failure(let both) = StreakSettings.parse(bytes("schedule=daily\ntarget=2/week\n")) else {
            Issue.record("a schedule and a target were both accepted")
            return
        }
        #expect(both.line == 2)
        #expect(both.reason == "give a schedule or a weekly target, not both")
        guard case .failure(let goal) = StreakSettings.parse(bytes("icon=x\ngoal=lots\n")) else {
            Issue.record("a bad goal was accepted")
            return
        }
        #expect(goal.line == 2)
    }

    // MARK: What the first release wrote

    /// A first-release data folder, byte for byte: its action logs, its settings file and its
    /// prompt cache. Everything reads back as it did, and the fold gives the first release's
    /// answers (worked out by hand and by the first release's reference model).
    @Test func firstReleaseDataReadsBackAsBefore() throws {
        let laptop = """
        # streakprompt actions v1: DATE INSTANT (the streak date it counts for, when it happened)
        2026-11-02 2026-11-02T21:57:05+01:00
        2026-11-03 2026-11-04T02:30:00+01:00
        2026-11-03 2026-11-03T08:00:00+01:00
        2026-11-06 2026-11-06T12:00:00+01:00
        2026-11-07 2026-11-07T12:00:00+01:00
        2026-11-09 2026-11-09T07:00:00+01:00

        """
        let desk = """
        # streakprompt actions v1: DATE INSTANT (the streak date it counts for, when it happened)
        2026-11-02 2026-11-02T21:57:05+01:00
        2026-11-04 2026-11-04T18:00:00+01:00
        2026-11-10 2026-11-10T09:00:00+01:00
        2026-11-12 2026-11-12T09:00:00+01:00
        """
        let conf = "# streakprompt streak settings\nicon=📚\nschedule=weekdays\nfreezes=1\n"
        let settings = try StreakSettings.parse(bytes(conf)).get()
        #expect(settings == StreakSettings(icon: "📚", rules: Rules(schedule: .weekdays, freezes: 1)))
        #expect(settings.encoded() == conf, "a first-release streak's settings are written as they were")
        let logs = [ActionLog.parse(bytes(laptop)), ActionLog.parse(bytes(desk))]
        #expect(logs[0].bad.isEmpty && logs[1].bad.isEmpty)
        #expect(logs[1].endsTorn, "the desk's last line lacks its newline and still counts")
        let actions = logs[0].actions + logs[1].actions
        #expect(actions.count == 10)
        #expect(actions.allSatisfy { $0.count == 1 && $0.note == nil })
        let replay = Replay(actions: actions, rules: settings.rules, zone: TableZone.berlin)
        // Mon 2, Tue 3, Wed 4, (Thu 5 missed: the freeze), Fri 6, Sat 7 (not scheduled), Mon 9,
        // Tue 10, (Wed 11 missed: broken), Thu 12.
        #expect(replay.runs == [Run(start: .d("2026-11-02"), end: .d("2026-11-10"), length: 6),
                                Run(start: .d("2026-11-12"), end: .d("2026-11-12"), length: 1)])
        #expect(replay.frozen == [.d("2026-11-05")])
        let thursday = replay.progress.reading(on: .d("2026-11-12"), zone: TableZone.berlin)
        #expect(thursday == Reading(state: .done, current: 1, best: 6, total: 8, freezesLeft: 0,
                                    last: .d("2026-11-12"), today: .d("2026-11-12")))
        let friday = replay.progress.reading(on: .d("2026-11-13"), zone: TableZone.berlin)
        #expect(friday == Reading(state: .pending, current: 1, best: 6, total: 8, freezesLeft: 0,
                                  last: .d("2026-11-12"), today: .d("2026-11-13")))
        // The first release's own model agrees.
        let model = ReferenceModel(dates: Set(actions.map(\.day.ordinal)),
                                   scheduled: { Schedule.weekdays.contains(StreakDay(ordinal: $0)) },
                                   exists: { _ in true }, freezes: 1)
        let expected = model.answer(today: StreakDay.d("2026-11-13").ordinal)
        #expect(expected.state == "pending" && expected.current == 1 && expected.best == 6 && expected.total == 8)
        #expect(expected.runs == replay.runs.map { [$0.start.ordinal, $0.end.ordinal, $0.length] })
        // Its prompt cache is not a cache any more: the prompt prints nothing and has it rebuilt.
        let cacheV1 = "streakprompt-cache 1\t1795392000.5\nquiz\t📚\t31\t2026-11-12\t1\t1\t0\t6\t8\t1795392000.1\n"
        #expect(PromptCache.decode(bytes(cacheV1)) == nil)
    }

    // MARK: Prompt cache

    @Test func promptCacheV2RoundTrips() throws {
        let zone = TableZone.berlin
        var history = StreakHistory(rules: Rules(mode: .weeks(target: 3), goal: 2, freezes: 1, earnEvery: 2))
        for offset in [0, 1, 2, 7, 8] {
            let day = StreakDay.d("2026-11-02") + offset
            history.actions.append(Action(day: day, at: RandomHistory.instant(day, 3600), count: 2))
        }
        history.pauses.append(PauseRecord(.pause, from: .d("2026-12-20"), to: .d("2027-01-02"), at: RandomHistory.instant(.d("2026-11-02"), 1)))
        history.changes.append(RuleChange(from: .d("2026-11-25"), at: RandomHistory.instant(.d("2026-11-02"), 2),
                                          fields: RuleFields(schedule: .weekdays)))
        let replay = Replay(history: history, zone: zone, weekStart: .sunday)
        let entry = PromptCache.Entry(name: "quiz", icon: "📚", progress: replay.progress, stamp: "1795392000.123")
        #expect(entry.line == "quiz\t📚\t1795392000.123\t0\tsun\tw3,2,1,2,2\t2026-11-10\t2026-11-10\t2\t1000\t1\t2026-11-01\t2026-11-07\t1\t0\t1\t0\t0\t5\t2026-11-10\t2\tR2026-11-29=d31,2,1,2,2;P2026-12-20..2027-01-02\n")
        let text = PromptCache.encode([entry, PromptCache.Entry(name: "new", icon: "🔥", progress: Progress(rules: Rules()))],
                                      stamp: "7.5")
        #expect(text.hasPrefix("streakprompt-cache 2\t7.5\n"))
        let decoded = try #require(PromptCache.decode(bytes(text)))
        #expect(decoded.map(\.name) == ["new", "quiz"])
        #expect(decoded[1] == entry)
        #expect(decoded[0].progress.reading(on: .d("2026-11-10"), zone: zone).state == .broken)
        // Damage hides that line only.
        for damaged in ["\tw3,2,1,2,2\t": "\tw9,2,1,2,2\t", "\tsun\t": "\tsat\t", "\t1000\t": "\t1020\t",
                        "\t1000\t1\t": "\t10000\t1\t", "\t1000\t1\t2": "\t10\t1\t2",
                        "R2026-11-29": "R2026-11-31", ";P2026": ";X2026", "..2027-01-02": "..2026-12-19",
                        "\t2026-11-10\t2\tR": "\t2026-11-10\t2\t\tR"] {
            let broken = text.replacingOccurrences(of: damaged.key, with: damaged.value)
            #expect(PromptCache.decode(bytes(broken))?.map(\.name) == ["new"], "\(damaged)")
        }
        // Missing fields hide it too; extra fields are ignored.
        let short = text.replacingOccurrences(of: "\tR2026-11-29=d31,2,1,2,2;P2026-12-20..2027-01-02\n", with: "\n")
        #expect(PromptCache.decode(bytes(short))?.map(\.name) == ["new"])
        // The field after AHEAD is the tags; fields after it are ignored, and a tags field
        // that is not one reads as no tags.
        let longer = text.replacingOccurrences(of: "2027-01-02\n", with: "2027-01-02\twork,home\tlater\n")
        var tagged = entry
        tagged.tags = "work,home"
        #expect(try #require(PromptCache.decode(bytes(longer)))[1] == tagged)
        #expect(tagged.line.hasSuffix("\twork,home\n"))
        let odd = text.replacingOccurrences(of: "2027-01-02\n", with: "2027-01-02\t$(id) x\n")
        #expect(try #require(PromptCache.decode(bytes(odd)))[1] == entry)
        // The archived flag is the fourth; a line with three (written before it) is not archived.
        var archived = entry
        archived.archived = true
        #expect(archived.line == entry.line.replacingOccurrences(of: "\t1000\t", with: "\t1001\t"))
        #expect(try #require(PromptCache.decode(bytes(PromptCache.encode([archived]))))[0] == archived)
        let threeFlags = text.replacingOccurrences(of: "\t1000\t", with: "\t100\t")
        #expect(try #require(PromptCache.decode(bytes(threeFlags)))[1] == entry)
    }

    /// A line whose latest date reads broken while the run was alive on the date before
    /// keeps that earlier state after `TAGS` (empty when there are none), for reads before its
    /// date (an action dated ahead of today). A reader before it ignores it; an earlier state
    /// that does not read, or could not stand in, is none and the line reads all the same.
    @Test func promptCacheKeepsTheEarlierState() throws {
        let zone = TableZone.utc
        var history = StreakHistory(rules: Rules(goal: 2))
        for day in ["2026-11-23", "2026-11-24", "2026-11-25"] {
            history.actions.append(Action(day: .d(day), at: RandomHistory.instant(.d(day), 36_000), count: 2))
        }
        // Dated 2026-11-27 (made in Tokyo), read on 2026-11-26 (in Los Angeles).
        history.actions.append(Action(day: .d("2026-11-27"), at: RandomHistory.instant(.d("2026-11-27"), 3_600)))
        let replay = Replay(history: history, zone: zone)
        let entry = PromptCache.Entry(name: "quiz", icon: "📚", progress: replay.progress, stamp: "5.5")
        #expect(entry.line == "quiz\t📚\t5.5\t0\tmon\td127,2,0,0,2\t2026-11-27\t2026-11-27\t1\t0000\t0\t-\t-\t0\t3\t0\t3\t0\t3\t2026-11-25\t0\t-"
                + "\t\td127,2,0,0,2\t2026-11-25\t2026-11-25\t2\t1000\t3\t2026-11-23\t2026-11-25\t0\t3\t0\t0\t0\t3\t2026-11-25\t0\t-\n")
        let decoded = try #require(PromptCache.decode(bytes(PromptCache.encode([entry]))))
        #expect(decoded == [entry])
        let open = decoded[0].progress.reading(on: .d("2026-11-26"), zone: zone)
        #expect(open.state == .pending && open.current == 3 && open.progress == GoalProgress(done: 0, needed: 2))
        // On its own date and after, the line's own state: 1 of 2 after a missed date.
        #expect(decoded[0].progress.reading(on: .d("2026-11-27"), zone: zone).state == .broken)
        #expect(decoded[0].progress.reading(on: .d("2026-11-28"), zone: zone).state == .broken)
        // With tags, after them.
        var tagged = entry
        tagged.tags = "work"
        #expect(tagged.line.contains("\t-\twork\td127,2,0,0,2\t2026-11-25\t"))
        #expect(try #require(PromptCache.decode(bytes(PromptCache.encode([tagged])))) == [tagged])
        // Without it (a line written before), the line reads as its own date does.
        var without = entry
        without.progress.earlier = nil
        let short = entry.line.replacingOccurrences(of: "\t\td127,2,0,0,2\t2026-11-25\t2026-11-25\t2\t1000\t3\t2026-11-23\t2026-11-25\t0\t3\t0\t0\t0\t3\t2026-11-25\t0\t-\n", with: "\n")
        #expect(try #require(PromptCache.decode(bytes(PromptCache.magic + "\n" + short))) == [without])
        #expect(without.progress.reading(on: .d("2026-11-26"), zone: zone).state == .broken)
        // An earlier state damaged, or dead on its date, or not before the line's: none.
        for (from, to) in [("\t1000\t3\t2026-11-23", "\t1000\tx\t2026-11-23"), ("\t1000\t3\t2026-11-23", "\t0000\t3\t2026-11-23"),
                           ("\t2026-11-25\t2026-11-25\t2\t", "\t2026-11-28\t2026-11-28\t2\t")] {
            let text = PromptCache.encode([entry]).replacingOccurrences(of: from, with: to)
            #expect(try #require(PromptCache.decode(bytes(text))) == [without], "\(from) → \(to)")
        }
        // A state whose date reads done keeps none (a second action met the goal).
        let met = replay.progress.adding(1, on: .d("2026-11-27"), zone: zone, timeline: replay.timeline, pauses: replay.pauses)
        #expect(met.earlier == nil && met.reading(on: .d("2026-11-26"), zone: zone).state == .done)
    }

    /// A tick rewrites its own line; the header (its stamp of the streaks folder) and every
    /// other line, even one that does not read, stay byte for byte.
    @Test func oneLineIsReplacedAndTheOthersKept() throws {
        let quiz = PromptCache.Entry(name: "quiz", icon: "📚", progress: Progress(rules: Rules()), stamp: "1.5", files: 10)
        let gym = PromptCache.Entry(name: "gym", icon: "🏋", progress: Progress(rules: Rules(goal: 2)), stamp: "2.5", files: 20)
        let text = PromptCache.encode([quiz, gym], stamp: "9.9") + "zz\tnot a line\n"
        #expect(PromptCache.entry(named: "quiz", in: bytes(text)) == quiz)
        #expect(PromptCache.entry(named: "nope", in: bytes(text)) == nil)
        #expect(PromptCache.entry(named: "zz", in: bytes(text)) == nil, "a line that does not read is no entry")
        var newer = quiz
        newer.files = 37
        newer.stamp = "3.5"
        let replaced = try #require(PromptCache.replacingLine(of: newer, in: bytes(text)))
        #expect(String(decoding: replaced, as: UTF8.self)
            == PromptCache.encode([newer, gym], stamp: "9.9") + "zz\tnot a line\n")
        var stranger = quiz
        stranger.name = "other"
        #expect(PromptCache.replacingLine(of: stranger, in: bytes(text)) == nil)
        #expect(PromptCache.replacingLine(of: quiz, in: bytes("streakprompt-cache 1\nquiz\n")) == nil)
    }

    @Test func cacheGarbageNeverCrashes() {
        var random = SeededRandom(seed: 12)
        let line = "quiz\t📚\t1.2\t340\tmon\td127,1,0,0,2\t2026-11-10\t2026-11-10\t1\t100\t3\t2026-11-08\t2026-11-10\t0\t3\t0\t2\t0\t3\t2026-11-10\t0\tR2026-11-29=w3,1,0,0,2;P2026-12-20..2027-01-02;H2027-02-01\n"
        #expect(PromptCache.decode(bytes(PromptCache.magic + "\n" + line))?.count == 1)
        for _ in 0..<2000 {
            var mangled = Array(line.utf8)
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let index = Int.random(in: 0..<mangled.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: mangled[index] = UInt8.random(in: 0...255, using: &random)
                case 1: mangled.remove(at: index)
                default: mangled.insert([0x09, 0x3B, 0x2D, 0x30][Int.random(in: 0..<4, using: &random)], at: index)
                }
            }
            if let entries = PromptCache.decode(bytes(PromptCache.magic + "\n") + mangled + [0x0A]), let entry = entries.first {
                // Whatever still reads is read without a crash, on any date.
                _ = entry.progress.reading(on: .d("2026-12-25"), zone: TableZone.berlin)
                _ = entry.progress.reading(on: .d("2027-03-01"), zone: TableZone.berlin)
            }
        }
    }
}
