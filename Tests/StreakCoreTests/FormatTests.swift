import StreakTestSupport
import Testing
@testable import StreakCore

@Suite("file formats")
struct FormatTests {
    @Test func actionLogRoundTrip() {
        let actions = [
            Action(day: .d("2026-11-21"), at: Instant(seconds: 1_795_301_890, offset: 3600)),
            Action(day: .d("2026-11-22"), at: Instant(seconds: 1_795_388_370, offset: -34200)),
        ]
        let text = ActionLog.header + actions.map(ActionLog.line).joined()
        let parsed = ActionLog.parse(Array(text.utf8))
        #expect(parsed.actions == actions)
        #expect(parsed.bad.isEmpty)
        #expect(!parsed.endsTorn)
    }

    @Test func corruptLinesAreReportedAndTheRestKept() {
        let text = """
        # comment
        2026-11-20 2026-11-20T10:00:00+00:00
        garbage here
        2026-11-21 2026-11-21T10:00:00+00:00 source=git extra fields ignored

        2026-13-01 2026-11-21T10:00:00+00:00
        2026-11-22 2026-11-22T10:00:00+00:00\r

        """
        let parsed = ActionLog.parse(Array(text.utf8))
        #expect(parsed.actions.map(\.day) == [.d("2026-11-20"), .d("2026-11-21"), .d("2026-11-22")])
        #expect(parsed.bad.map(\.line) == [3, 6])
    }

    @Test func aTornLastLineIsReportedNotTrusted() {
        let text = "2026-11-20 2026-11-20T10:00:00+00:00\n2026-11-21 2026-11-2"
        let parsed = ActionLog.parse(Array(text.utf8))
        #expect(parsed.actions.count == 1)
        #expect(parsed.endsTorn)
        #expect(parsed.bad.first?.line == 2)
        // A line that only lacks its newline is kept when it ends with its whole id, as every
        // line a tick writes does; one cut anywhere before that is not (it would read as
        // another action, or as one without an identity).
        let whole = ActionLog.line(Action(day: .d("2026-11-20"), at: Instant(seconds: 1_795_168_800, offset: 0),
                                          count: 3, note: "ran", id: "5be0a1c2d3e4f607"))
        let log = ActionLog.header + whole
        for cut in 1..<whole.utf8.count {
            let parsed = ActionLog.parse(Array(log.utf8.dropLast(cut)))
            #expect(parsed.endsTorn)
            #expect(parsed.actions.count == (cut == 1 ? 1 : 0), "cut \(cut)")
            #expect(parsed.bad.count == (cut == 1 ? 0 : 1), "cut \(cut)")
            let ofDate = ActionLog.lines(of: "2026-11-20", in: Array(log.utf8.dropLast(cut)))
            #expect(ofDate.actions.count == (cut == 1 ? 1 : 0), "cut \(cut)")
        }
        // A log started before ids (the first release's, its header v1 or none) may end with a
        // line without an id and without its newline: it counts; a line of ours cut inside its
        // id, or just after `id`, does not.
        let legacy = ActionLog.headerV1 + "2026-11-19 2026-11-19T10:00:00+00:00\n" + whole
        for cut in 1...20 {
            let parsed = ActionLog.parse(Array(legacy.utf8.dropLast(cut)))
            #expect(parsed.actions.count == (cut == 1 ? 2 : 1), "legacy cut \(cut)")
        }
        #expect(ActionLog.parse(Array(legacy.utf8.dropLast(21))).actions.count == 2, "a line without an id")
    }

    /// A byte order mark an editor put before the header is not part of it: the header reads,
    /// nothing is reported, and a line cut short still does not count.
    @Test func aByteOrderMarkBeforeTheHeaderIsNotALine() {
        let whole = ActionLog.line(Action(day: .d("2026-11-20"), at: Instant(seconds: 1_795_168_800, offset: 0), id: "5be0a1c2d3e4f607"))
        let log = [0xEF, 0xBB, 0xBF] + Array((ActionLog.header + whole).utf8)
        let parsed = ActionLog.parse(log)
        #expect(parsed.actions.count == 1 && parsed.bad.isEmpty)
        #expect(ActionLog.endsLinesWithIDs(log))
        let cut = ActionLog.parse(log + Array("2026-11-21 2026-11-21T10:00:00+00:00 count=1".utf8))
        #expect(cut.actions.count == 1 && cut.bad.count == 1)
    }

    @Test func binaryGarbageNeverCrashes() {
        var random = SeededRandom(seed: 1)
        for _ in 0..<500 {
            let bytes = (0..<Int.random(in: 0...300, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            _ = ActionLog.parse(bytes)
            _ = StreakSettings.parse(bytes)
            _ = PromptCache.decode(bytes)
            _ = try? JSON.parse(bytes)
        }
    }

    @Test func settingsRoundTripAndErrors() throws {
        let settings = StreakSettings(icon: "📚", rules: Rules(schedule: Schedule("mon,wed,fri")!, freezes: 3))
        let parsed = try StreakSettings.parse(Array(settings.encoded().utf8)).get()
        #expect(parsed == settings)
        #expect(try StreakSettings.parse(Array("future=1\n".utf8)).get() == StreakSettings())
        guard case .failure(let bad) = StreakSettings.parse(Array("icon=x\nschedule=someday\n".utf8)) else {
            Issue.record("a bad schedule was accepted")
            return
        }
        #expect(bad.line == 2)
        guard case .failure = StreakSettings.parse(Array("freezes=-1\n".utf8)) else {
            Issue.record("negative freezes accepted")
            return
        }
        guard case .failure = StreakSettings.parse(Array("icon=\u{1B}[31mX\n".utf8)) else {
            Issue.record("an escape byte in an icon was accepted")
            return
        }
    }

    @Test func promptCacheRoundTripAndDamage() throws {
        let progress = Progress(last: .d("2026-11-22"), through: .d("2026-11-22"), alive: true, length: 12, runStart: nil,
                                runEnd: nil, freezesLeft: 1, best: 30, total: 150)
        let entries = [
            PromptCache.Entry(name: "quiz", icon: "📚", schedule: .weekdays, progress: progress),
            PromptCache.Entry(name: "default", icon: "🔥", schedule: .daily, progress: Progress(freezes: 2)),
        ]
        let text = PromptCache.encode(entries)
        let decoded = try #require(PromptCache.decode(Array(text.utf8)))
        #expect(decoded.map(\.name) == ["default", "quiz"])
        #expect(decoded[1].progress.length == 12)
        #expect(decoded[1].progress.best == 30)
        #expect(decoded[0].progress.last == nil)
        // A damaged line hides that streak only; a wrong header hides everything.
        let damaged = text.replacingOccurrences(of: "\t12\t", with: "\tx\t")
        #expect(PromptCache.decode(Array(damaged.utf8))?.map(\.name) == ["default"])
        #expect(PromptCache.decode(Array("streakprompt-cache 9\n".utf8)) == nil)
        #expect(PromptCache.decode([]) == nil)
        // A name that is not a valid name never reaches the prompt.
        let hostile = text.replacingOccurrences(of: "quiz\t", with: "$(touch x)\t")
        #expect(PromptCache.decode(Array(hostile.utf8))?.map(\.name) == ["default"])
    }

    @Test func jsonRoundTrip() throws {
        let value = JSON.object([
            ("name", .string("quo\"te\\ \n tab\t 🔥 \u{01}")), ("n", .number(-12)), ("ok", .bool(true)), ("none", .null),
            ("list", .array([.number(1), .object([])])),
        ])
        #expect(try JSON.parse(Array(value.text.utf8)) == value)
        #expect(try JSON.parse(Array(value.pretty.utf8)) == value)
        #expect(try JSON.parse(Array(#"["\ud83d\udd25", "\u00e9"]"#.utf8)) == .array([.string("🔥"), .string("é")]))
        #expect(throws: JSON.ParseError.self) { try JSON.parse(Array("{\"a\": 1,}".utf8)) }
        #expect(throws: JSON.ParseError.self) { try JSON.parse(Array("[1.5]".utf8)) }
        do {
            _ = try JSON.parse(Array("{\n  \"a\": tru\n}".utf8))
            Issue.record("accepted bad JSON")
        } catch {
            #expect(error.line == 2)
        }
    }
}

extension String {
    func replacingOccurrences(of target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
