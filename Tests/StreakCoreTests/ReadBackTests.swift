import StreakCore
import StreakTestSupport
import Testing

/// What is written must read back: every time a user can type stays inside what a log line can
/// hold, every action the writer accepts the reader accepts, and every line the reader accepts
/// survives an export and an import.
@Suite("reading back what is written")
struct ReadBackTests {
    @Test func typedMomentsStayWithinTheYearsALogHolds() {
        // Once an arithmetic trap (SIGILL) in the zone conversion; then a line no reader took.
        #expect(TimeInput("@999999999999999999") == nil)
        #expect(TimeInput("@-999999999999999999") == nil)
        #expect(TimeInput("@253402300800") == nil, "10000-01-01T00:00:00Z")
        #expect(TimeInput("@-62167219201") == nil, "-0001-12-31T23:59:59Z")
        #expect(TimeInput("@253402300799") == .exact(Instant(seconds: 253_402_300_799, offset: 0)))
        #expect(TimeInput("@-62167219200") == .exact(Instant(seconds: -62_167_219_200, offset: 0)))
        #expect(TimeInput("@0") == .exact(Instant(seconds: 0, offset: 0)))
        #expect(StreakDay.earliest.description == "0000-01-01")
        #expect(StreakDay.latest.description == "9999-12-31")
    }

    @Test func anInstantIsRecordableExactlyWhenItReadsBack() {
        var random = SeededRandom(seed: 13)
        let edges: [Int64] = [TimeInput.earliest, TimeInput.latest, 0, 1_790_000_000]
        let offsets = [0, 3600, -3600, 14 * 3600, -14 * 3600, Instant.maxOffset, -Instant.maxOffset,
                       Instant.maxOffset + 1, -Instant.maxOffset - 1, 15 * 3600, 99 * 3600, -24 * 3600, 24 * 3600 + 1]
        for _ in 0..<4000 {
            let edge = edges.randomElement(using: &random)!
            let seconds = edge + Int64.random(in: -200_000...200_000, using: &random)
            let offset = Bool.random(using: &random) ? offsets.randomElement(using: &random)!
                : Int.random(in: -16 * 3600...16 * 3600, using: &random)
            let instant = Instant(seconds: seconds, offset: offset)
            let readBack = Instant.parse(Array(instant.description.utf8)[...])
            #expect((readBack == instant) == instant.isRecordable, "\(instant.seconds) \(instant.offset) \(instant)")
        }
    }

    @Test func anActionIsRecordableExactlyWhenItsLineReadsBack() {
        let cases: [(Action, Bool)] = [
            (Action(day: StreakDay("2026-11-22")!, at: Instant(seconds: 1_795_000_000, offset: 3600)), true),
            (Action(day: StreakDay("2026-11-22")!, at: Instant(seconds: 1_795_000_000, offset: 15 * 3600)), false),
            (Action(day: StreakDay("2026-11-22")!, at: Instant(seconds: 1_795_000_000, offset: -99 * 3600)), false),
            (Action(day: StreakDay.earliest - 1, at: Instant(seconds: TimeInput.earliest + 3600, offset: 0)), false),
            (Action(day: StreakDay.latest, at: Instant(seconds: TimeInput.latest, offset: 3600)), false),
            (Action(day: StreakDay.latest, at: Instant(seconds: TimeInput.latest, offset: 0)), true),
        ]
        for (action, recordable) in cases {
            #expect(action.isRecordable == recordable, "\(action)")
            #expect((action.unrecordableReason == nil) == recordable)
            let parsed = ActionLog.parse(Array(ActionLog.line(action).utf8))
            #expect((parsed.actions == [action]) == recordable, "\(ActionLog.line(action))")
        }
        #expect(Action(day: StreakDay("2026-11-22")!, at: Instant(seconds: 1_795_000_000, offset: 15 * 3600))
            .unrecordableReason?.contains("+15:00") == true)
    }

    /// Lines a person (or another tool) may have written: any of them the reader takes must
    /// come back from an export, in JSON and in CSV, as the same action.
    @Test func everyLineTheReaderTakesSurvivesAnExportAndAnImport() throws {
        var random = SeededRandom(seed: 8)
        let dates = ["0000-01-01", "1969-12-31", "2026-11-22", "9999-12-31", "2024-02-29"]
        var lines: [String] = [
            "2026-01-01 @253402300800", "2026-01-01 @-62167219201", "2026-01-01 @253402300799",
            "2026-01-01 @-62167219200", "2026-01-01 @0", "0000-01-01 0000-01-01T00:00:00+14:00",
            "9999-12-31 9999-12-31T23:59:59-14:59:59", "2026-01-01 2026-01-01T00:00+1459", "2026-01-01 2026-01-01T00:00Z",
            "2026-01-01 2026-01-01T00:00:00.123456+01", "2026-01-01 2026-01-01t00:00:00z",
        ]
        for _ in 0..<600 {
            let date = dates.randomElement(using: &random)!
            let moment: String
            switch Int.random(in: 0..<3, using: &random) {
            case 0: moment = "@" + String(Int64.random(in: TimeInput.earliest - 100...TimeInput.latest + 100, using: &random))
            case 1:
                let year = Int.random(in: 0...9999, using: &random)
                let offset = Int.random(in: -15...15, using: &random)
                moment = Decimal.padded(year, width: 4) + "-06-15T12:30:00" + (offset < 0 ? "-" : "+")
                    + Decimal.padded(abs(offset), width: 2) + ":" + ["00", "30", "59"].randomElement(using: &random)!
            default: moment = date + "T" + ["00:00", "23:59:59", "12:00:00,5"].randomElement(using: &random)! + ["Z", "+14", "-1200", "+14:59:59"].randomElement(using: &random)!
            }
            lines.append(date + " " + moment)
        }
        let parsed = ActionLog.parse(Array(lines.joined(separator: "\n").utf8) + [0x0A])
        #expect(parsed.actions.count > 300)
        let name = try StreakName("s")
        let document = ExportDocument(streaks: [ExportedStreak(name: name, settings: StreakSettings(), actions: parsed.actions)])
        let fromJSON = try ExportDocument.parse(Array(document.json().utf8))
        let fromCSV = try ExportDocument.parse(Array(document.csv().utf8))
        let exported = document.streaks[0].actions
        #expect(fromJSON.streaks[0].actions.map(\.at.seconds) == exported.map(\.at.seconds))
        #expect(fromJSON.streaks[0].actions.map(\.day) == exported.map(\.day))
        #expect(fromCSV.streaks[0].actions.map(\.at.seconds) == exported.map(\.at.seconds))
        #expect(fromCSV.streaks[0].actions.map(\.day) == exported.map(\.day))
        // And each action, written again, is a line the reader takes.
        for action in parsed.actions { #expect(action.isRecordable, "\(action)") }
    }

    @Test(arguments: ["=1+1", "+1", "-1", "@SUM(A1)", "'=x", "''+x", "'x", "x'=", "'", "=", "🔥", "a,b", "\"=\""])
    func csvCellsNeverStartAFormulaAndReadBackExactly(icon: String) throws {
        let document = ExportDocument(streaks: [
            ExportedStreak(name: try StreakName("s"), settings: StreakSettings(icon: icon),
                           actions: [Action.noon(of: StreakDay("2026-11-22")!)]),
        ])
        let csv = document.csv()
        for line in csv.split(separator: "\n").dropFirst() {
            for cell in line.split(separator: ",", omittingEmptySubsequences: false) {
                let text = cell.hasPrefix("\"") ? cell.dropFirst() : cell
                #expect(!["=", "+", "-", "@"].contains(text.first.map(String.init) ?? ""), "\(line)")
            }
        }
        let back = try ExportDocument.parse(Array(csv.utf8))
        #expect(back.streaks[0].settings?.icon == icon, "\(csv)")
    }

    @Test func aHandWrittenCSVCellStartingWithAnApostropheIsKept() throws {
        let csv = "streak,date,icon\ns,2026-11-22,'x\n"
        #expect(try ExportDocument.parse(Array(csv.utf8)).streaks[0].settings?.icon == "'x")
    }
}

@Suite("import journal")
struct JournalFormatTests {
    let journal = Journal(machine: "laptop", steps: [
        .create(path: "streaks/quiz/streak.conf", bytes: Array("icon=📚\n".utf8)),
        .append(path: "streaks/quiz/laptop.log", offset: 1204, bytes: Array("2026-11-22 2026-11-22T10:00:00+01:00\n".utf8)),
        .append(path: "streaks/gym/laptop.log", offset: 0, bytes: [0, 0x0A, 0xFF]),
    ])

    @Test func itReadsBackWhole() {
        #expect(Journal.decode(journal.encoded()) == journal)
        #expect(Journal.decode(Journal(machine: "m").encoded()) == Journal(machine: "m"))
    }

    /// A journal cut anywhere short (a kill in the middle of its write) or changed anywhere is
    /// no journal: nothing of it was applied, so nothing is rolled forward.
    @Test func cutShortOrDamagedItIsNone() {
        let bytes = journal.encoded()
        for end in 0..<bytes.count {
            #expect(Journal.decode(Array(bytes[..<end])) == nil, "cut at \(end)")
        }
        var random = SeededRandom(seed: 3)
        for _ in 0..<500 {
            var damaged = bytes
            let index = Int.random(in: 0..<damaged.count, using: &random)
            damaged[index] ^= UInt8.random(in: 1...255, using: &random)
            #expect(Journal.decode(damaged) != journal)
        }
    }

    @Test func itNamesOnlyFilesInAStreaksFolder() {
        for path in ["streaks/quiz/laptop.log", "streaks/a-b_c/x.events"] { #expect(Journal.isStreakFilePath(path)) }
        for path in ["../x", "/etc/passwd", "streaks/../x", "streaks/quiz/../../x", "streaks/quiz/.lock", "prompt.cache",
                     "streaks/-x/a.log", "streaks/quiz/a/b.log", "streaks/quiz/", "streaks/quiz/a\u{0A}b"] {
            #expect(!Journal.isStreakFilePath(path), "\(path)")
        }
        let hostile = Journal(machine: "laptop", steps: [.append(path: "streaks/../../etc/x", offset: 0, bytes: [])])
        #expect(Journal.decode(hostile.encoded()) == nil)
    }
}

@Suite("prompt text")
struct PromptTextTests {
    @Test func bidirectionalControlsNeverReachAPrompt() {
        let reading = Reading(state: .done, current: 3, best: 3, total: 3, freezesLeft: 0, last: nil,
                              today: StreakDay("2026-11-22")!)
        let icon = "\u{202E}fire\u{2066}\u{200F}\u{061C}"
        for host in Host.allCases {
            let text = Segment(name: "s", icon: icon, reading: reading)
                .rendered(SegmentFormat("{icon}\u{202E}{count}\u{2069}"), host: host, color: false)
            #expect(text == "fire3", "\(host)")
        }
        #expect(Text.withoutControls("a\u{202A}b\u{202D}c\u{2067}d\u{200E}e") == "abcde")
        #expect(Text.withoutControls("→ 🔥 ‰ €") == "→ 🔥 ‰ €", "other characters from the same blocks stay")
    }

    @Test func aCacheLineWithMoreFreezesThanAStreakHoldsIsNotOurs() {
        func line(held: String) -> String {
            "s\t🔥\t1.2\t40\tmon\td127,1,0,0,2\t0001-01-01\t0001-01-01\t1\t100\t5\t0001-01-01\t0001-01-01\t\(held)"
                + "\t5\t0\t0\t0\t5\t0001-01-01\t0\t-\n"
        }
        #expect(PromptCache.decode(Array((PromptCache.magic + "\n" + line(held: "999999999")).utf8)) == [])
        #expect(PromptCache.decode(Array((PromptCache.magic + "\n" + line(held: "999999999999999999")).utf8)) == [])
        #expect(PromptCache.decode(Array((PromptCache.magic + "\n" + line(held: "1000")).utf8))?.count == 1)
    }
}

/// Inputs the fuzzer found (see fuzz/), kept as regression tests.
@Suite("fuzz findings")
struct FuzzFindingTests {
    /// format-crash-48a1c75…: a `#` followed by a combining mark is one character to Swift but
    /// two to tmux, which reads bytes: the mark is doubled all the same (and `%` for zsh).
    @Test func aMarkFollowedByACombiningCharacterIsStillDoubled() {
        let reading = Reading(state: .pending, current: 12, best: 40, total: 99, freezesLeft: 2, last: nil,
                              today: StreakDay(ordinal: 20_600))
        let format = SegmentFormat("%=\u{FFFD}Se#\u{651}ce={\u{0}ue={un\u{16}t")
        let tmux = Segment(name: "s", icon: "", reading: reading).rendered(format, host: .tmux, color: false)
        #expect(tmux == "%=\u{FFFD}Se##\u{651}ce={ue={unt")
        let zsh = Segment(name: "s", icon: "", reading: reading).rendered(SegmentFormat("%\u{651}{count}"), host: .zsh, color: false)
        #expect(zsh == "%%\u{651}12")
    }
}
