import StreakCore
import Testing

/// The pure rules behind first-run defaults and manners: icons for new streaks, milestones,
/// the locale's charset, ASCII stand-ins, display widths and format placeholders.
@Suite("everyday rules")
struct EverydayRulesTests {
    let name = try! StreakName("reading")

    @Test func aNewStreakTakesTheFirstFreePaletteIcon() {
        #expect(Icon.forNewStreak(name, taken: []) == Icon.default)
        #expect(Icon.forNewStreak(name, taken: ["🔥"]) == "⭐")
        #expect(Icon.forNewStreak(name, taken: ["⭐", "🔥", "x"]) == "🎯")
        #expect(Icon.forNewStreak(name, taken: ["🔥", "🔥", "🎯"]) == "⭐", "a gap is filled first")
        let all = Icon.palette.map(\.icon)
        #expect(Icon.forNewStreak(name, taken: all) == "reading:")
        let long = try! StreakName(String(repeating: "n", count: 32))
        let label = Icon.forNewStreak(long, taken: all)
        #expect(label.utf8.count <= Icon.maxBytes && label.hasSuffix(":"))
        #expect(Icon.problem(with: label) == nil)
    }

    @Test func thePaletteIsDistinctInUTF8AndInASCII() {
        let icons = Icon.palette.map(\.icon)
        let ascii = Icon.palette.map(\.ascii)
        #expect(Set(icons).count == icons.count)
        #expect(Set(ascii).count == ascii.count)
        for choice in Icon.palette {
            #expect(DisplayWidth.of(choice.icon) == 2, "\(choice.icon) needs no VS16 to be two columns")
            #expect(ASCIIFallback.text(choice.icon) == choice.ascii)
            // Nothing a prompt host reads as markup.
            #expect(!["%", "#", "!", "$", "`", "\\", "{", "}"].contains(choice.ascii))
        }
    }

    func runs(_ lengths: [(Int, Int)]) -> [Run] {
        let start = StreakDay(year: 2026, month: 1, day: 1)!
        return lengths.map { Run(start: start + $0.0, end: start + $0.0 + $0.1 - 1, length: $0.1) }
    }

    @Test func milestonesAreReachedOnce() {
        let day = StreakDay(year: 2026, month: 1, day: 1)!
        // Days 0–5 then a tick on day 6: the run reaches 7.
        #expect(Milestones.reached(before: runs([(0, 6)]), after: runs([(0, 7)]), day: day + 6) == Milestones(length: 7))
        // Day 7 after that: nothing.
        #expect(Milestones.reached(before: runs([(0, 7)]), after: runs([(0, 8)]), day: day + 7) == Milestones())
        // A first run beats no record, however long.
        #expect(Milestones.reached(before: runs([(0, 40)]), after: runs([(0, 41)]), day: day + 40).beatenBest == nil)
        // A second run passing the first's 8: once, at 9.
        let first = (0, 8)
        #expect(Milestones.reached(before: runs([first, (10, 8)]), after: runs([first, (10, 9)]), day: day + 18)
            == Milestones(beatenBest: 8))
        #expect(Milestones.reached(before: runs([first, (10, 9)]), after: runs([first, (10, 10)]), day: day + 19) == Milestones())
        // Equal is not beaten.
        #expect(Milestones.reached(before: runs([first, (10, 7)]), after: runs([first, (10, 8)]), day: day + 17)
            == Milestones(length: nil, beatenBest: nil))
        // Both at once: 30 in a row, past a record of 29.
        #expect(Milestones.reached(before: runs([(0, 29), (40, 29)]), after: runs([(0, 29), (40, 30)]), day: day + 69)
            == Milestones(length: 30, beatenBest: 29))
        // A backdated action that joins two runs passes what neither had reached.
        #expect(Milestones.reached(before: runs([(0, 5), (6, 5)]), after: runs([(0, 11)]), day: day + 5) == Milestones(length: 7))
        // An action in no run (an unscheduled date) reaches nothing.
        #expect(Milestones.reached(before: runs([(0, 6)]), after: runs([(0, 6)]), day: day + 20) == Milestones())
    }

    @Test(arguments: [
        (nil, nil, nil, false), ("", "", "", false), ("C", nil, "en_US.UTF-8", false), ("POSIX", nil, nil, false),
        (nil, nil, "C.UTF-8", true), (nil, nil, "en_US.utf8", true), (nil, "UTF-8", nil, true), (nil, nil, "de_DE.UTF-8@euro", true),
        (nil, nil, "en_US.ISO-8859-1", false), (nil, nil, "de_DE", false), ("", "C", "C.UTF-8", false), ("en_GB.UTF8", "C", nil, true),
        (nil, nil, "ja_JP.eucJP", false), (nil, nil, "UTF-8x", false),
    ] as [(String?, String?, String?, Bool)])
    func theFirstLocaleSetDecidesTheCharset(lcAll: String?, lcCType: String?, lang: String?, utf8: Bool) {
        #expect(Charset.isUTF8(lcAll: lcAll, lcCType: lcCType, lang: lang) == utf8)
    }

    @Test func asciiStandInsForGlyphsAndEmoji() {
        #expect(ASCIIFallback.text("quiz: counted today · 🔥 12 · 🎉 7 in a row") == "quiz: counted today - * 12 - * 7 in a row")
        #expect(ASCIIFallback.text("2026-01-01  ← longest") == "2026-01-01  <- longest")
        #expect(ASCIIFallback.text("🏋️ 🏋 👍🏽 👨‍👩‍👧 🇫🇷 ✍️") == "* * * * * *", "one * per picture")
        #expect(ASCIIFallback.text("⭐1 🎯2") == "+1 @2")
        #expect(ASCIIFallback.text("Wörk/Straße") == "Wörk/Straße", "text that is not ours is left alone")
        #expect(ASCIIFallback.text("\u{1B}[32m🔥1\u{1B}[0m") == "\u{1B}[32m*1\u{1B}[0m")
        #expect(ASCIIFallback.text("# 1 *") == "# 1 *")
    }

    @Test func widthsAreWhatTerminalsDraw() {
        #expect(DisplayWidth.of("abc") == 3)
        #expect(DisplayWidth.of("🔥") == 2)
        #expect(DisplayWidth.of("🏋") == 1, "text presentation: one column")
        #expect(DisplayWidth.of("🏋\u{FE0F}") == 2, "VS16 asks for the emoji: two")
        #expect(DisplayWidth.of("✍") == 1)
        #expect(DisplayWidth.of("✍️ 1") == 4)
        #expect(DisplayWidth.of("⭐") == 2)
        #expect(DisplayWidth.of("👍🏽") == 2, "a skin tone joins the emoji")
        #expect(DisplayWidth.of("👨‍👩‍👧") == 2, "a ZWJ sequence is one picture")
        #expect(DisplayWidth.of("🇫🇷🇩🇪") == 4, "two flags")
        #expect(DisplayWidth.of("漢字") == 4)
        #expect(DisplayWidth.of("é") == 1 && DisplayWidth.of("e\u{301}") == 1)
        #expect(DisplayWidth.of("←·") == 2)
        #expect(DisplayWidth.of("\u{1B}") == 0)
        #expect(DisplayWidth.of("#1*") == 3)
    }

    @Test func gitConflictMarkersAreTold() {
        let marker = { (line: String) in ConflictMarker.isMarker(Array(line.utf8)) }
        for line in ["<<<<<<< HEAD", "<<<<<<<", "=======", ">>>>>>> origin/main", "||||||| base", "=======\r"] {
            #expect(marker(line), "\(line)")
        }
        for line in ["<<<<<<<< x", "======= x", "<<<<<<", "==", "2026-01-01 2026-01-01T10:00:00+00:00", "# =======", ""] {
            #expect(!marker(line), "\(line)")
        }
        let log = "# streakprompt actions v1\n2026-01-01 2026-01-01T10:00:00+00:00\n<<<<<<< HEAD\n2026-01-02 2026-01-02T10:00:00+00:00\n=======\n2026-01-03 2026-01-03T10:00:00+00:00\n>>>>>>> other\n"
        let parsed = ActionLog.parse(Array(log.utf8))
        #expect(parsed.actions.count == 3, "both sides")
        #expect(parsed.bad.isEmpty)
        #expect(parsed.conflictMarkers == [3, 5, 7])
        #expect(ConflictMarker.lines(in: Array(log.utf8)) == [3, 5, 7])
    }

    @Test func unknownPlaceholdersAreFound() {
        #expect(SegmentFormat("{icon}{count}").unknownPlaceholder == nil)
        #expect(SegmentFormat("{icon}{cont}").unknownPlaceholder == "{cont}")
        #expect(SegmentFormat("{{cont}} {name}").unknownPlaceholder == nil, "doubled braces are text")
        #expect(SegmentFormat("{}").unknownPlaceholder == "{}")
        #expect(SegmentFormat("{ icon }").unknownPlaceholder == "{ icon }")
        #expect(SegmentFormat("a { b").unknownPlaceholder == nil, "no closing brace: text")
        #expect(SegmentFormat("🔥{nmae}").unknownPlaceholder == "{nmae}")
    }

    /// The list help and errors show is the one the parser reads.
    @Test func everyPlaceholderIsOneThePrinterKnows() {
        for name in SegmentFormat.placeholders {
            let pieces = SegmentFormat("{" + name + "}").pieces
            #expect(pieces.count == 1)
            if case .literal = pieces.first { Issue.record("{\(name)} is listed but prints as text") }
        }
        let literal = SegmentFormat("{" + "nothing" + "}").pieces
        #expect(literal.count == 1)
    }
}
