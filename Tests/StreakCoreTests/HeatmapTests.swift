import StreakTestSupport
import Testing
@testable import StreakCore

/// The golden grids' history (`HeatmapGolden`) as the core sees it.
enum HeatmapFixture {
    static let today = StreakDay(HeatmapGolden.today)!
    static let counts: [StreakDay: Int] = {
        var counts: [StreakDay: Int] = [:]
        for day in HeatmapGolden.tickDates { counts[StreakDay(day)!, default: 0] += 1 }
        return counts
    }()
    static let frozen: Set<StreakDay> = [StreakDay(HeatmapGolden.frozen)!]

    static func map(width: Int) -> Heatmap {
        Heatmap(name: HeatmapGolden.name, counts: counts, schedule: .weekdays, frozen: frozen, today: today,
                weeks: Heatmap.weeks(fitting: width))
    }
}

@Suite("heat map")
struct HeatmapTests {
    @Test func goldenAt40Columns() {
        let expected = HeatmapGolden.grid40
        let text = HeatmapFixture.map(width: 40).rendered(style: .plain, width: 40)
        #expect(text == expected)
        #expect(text.split(separator: "\n").allSatisfy { $0.count <= 46 })
        #expect(text.split(separator: "\n").dropFirst().allSatisfy { (line: Substring) in line.count <= 40 }, "the grid and legend fit 40 columns")
    }

    @Test func goldenAt80Columns() {
        let expected = """
        quiz: 20 actions on 16 dates since 2025-06-16
            Jun   Jul     Aug     Sep       Oct     Nov     Dec       Jan     Feb    Mar
        Mon . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . + x + . +
            . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . + + * . x
        Wed . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . + # + .[.]
            . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . + + . . +
        Fri . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . + + . .
            _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ + _
        Sun _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _

        Less . - + x # More   * frozen   _ not scheduled   [ ] today
        busiest date: 3 actions

        """
        let text = HeatmapFixture.map(width: 80).rendered(style: .plain, width: 80)
        #expect(text == expected)
        #expect(text.split(separator: "\n").allSatisfy { $0.count <= 80 })
    }

    /// The coloured grid: the same cells, as 256-colour squares; nothing else changes.
    @Test func goldenInColor() {
        let map = Heatmap(name: "quiz", counts: HeatmapFixture.counts, schedule: .weekdays, frozen: HeatmapFixture.frozen,
                          today: HeatmapFixture.today, weeks: 3)
        let e = "\u{1B}["
        func cell(_ color: Int, _ glyph: String = "■") -> String { "\(e)38;5;\(color)m\(glyph)\(e)0m" }
        let empty = cell(238), one = cell(28), two = cell(40), frozen = cell(39), off = cell(240, "·")
        let expected = [
            "quiz: 7 actions on 6 dates since 2026-02-16",
            "    Feb",  // no room for "Mar" a space after "Feb"
            "Mon \(one) \(empty) \(one)",
            "    \(frozen) \(empty) \(two)",
            "Wed \(one) \(empty)[\(empty)]",
            "    \(empty) \(empty) \(one)",
            "Fri \(empty) \(empty)",
            "    \(one) \(off)",
            "Sun \(off) \(off)",
            "",
            "Less \(cell(238)) \(cell(22)) \(cell(28)) \(cell(34)) \(cell(40)) More   \(frozen) frozen   \(off) not scheduled   [ ] today",
            "busiest date: 2 actions",
        ].joined(separator: "\n") + "\n"
        #expect(map.rendered(style: .color, width: 60) == expected)
        // Without colour, the same layout in plain characters.
        #expect(map.rendered(style: .plain, width: 60).contains("Mon + . +\n    * . #\nWed + .[.]\n"))
    }

    @Test func widthDecidesTheWeeks() {
        #expect(Heatmap.weeks(fitting: 80) == 38)
        #expect(Heatmap.weeks(fitting: 40) == 18)
        #expect(Heatmap.weeks(fitting: 200) == 53)
        #expect(Heatmap.weeks(fitting: 3) == 1)
    }

    @Test func levelsAreQuartersOfTheBusiestDate() {
        #expect(Heatmap.level(of: 0, max: 5) == 0)
        #expect(Heatmap.level(of: 1, max: 1) == 4, "one action a day at most: every active date is full")
        #expect((1...10).map { Heatmap.level(of: $0, max: 10) } == [1, 1, 2, 2, 2, 3, 3, 4, 4, 4])
        #expect(Heatmap.level(of: 1, max: 2) == 2)
    }

    @Test func todayIsBracketedInTheLastColumn() {
        // Today on a Sunday: the bracket closes the bottom row.
        let sunday = StreakDay("2026-03-08")!
        let map = Heatmap(name: "x", counts: [sunday: 1], schedule: .daily, frozen: [], today: sunday, weeks: 2)
        let rows = map.rendered(style: .plain, width: 80).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(rows[8] == "Sun .[#]")
        #expect(rows[2] == "Mon . .")
    }

    @Test func todayIsBracketedInTheOnlyColumn() {
        // One week shown: today's `[` takes the weekday label's last space.
        let tuesday = StreakDay("2026-11-03")!
        let map = Heatmap(name: "x", counts: [tuesday - 1: 1], schedule: .daily, frozen: [], today: tuesday, weeks: 1)
        let rows = map.rendered(style: .plain, width: 80).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(rows[2] == "Mon #")
        #expect(rows[3] == "   [.]")
        let monday = Heatmap(name: "x", counts: [:], schedule: .daily, frozen: [], today: tuesday - 1, weeks: 1)
        #expect(monday.rendered(style: .plain, width: 80).split(separator: "\n", omittingEmptySubsequences: false)[2] == "Mon[.]")
    }

    @Test func jsonHoldsEveryDateShown() throws {
        let map = HeatmapFixture.map(width: 40)
        let days = try #require(map.json["days"]?.array)
        #expect(days.count == 7 * 18)
        #expect(days.first?["date"]?.string == "2025-11-03")
        let today = days.first { $0["today"] == .bool(true) }
        #expect(today?["date"]?.string == "2026-03-04")
        let frozen = days.filter { $0["frozen"] == .bool(true) }.compactMap { $0["date"]?.string }
        #expect(frozen == ["2026-02-17"])
        let busiest = days.first { $0["date"]?.string == "2026-02-11" }
        #expect(busiest?["count"]?.int == 3)
        #expect(busiest?["level"]?.int == 4)
        let saturday = days.first { $0["date"]?.string == "2026-02-21" }
        #expect(saturday?["scheduled"] == .bool(false))
        #expect(saturday?["count"]?.int == 1)
        #expect(map.json["max"]?.int == 3)
    }

    @Test func monthNamesNeverCollide() {
        for offset in 0..<60 {
            let today = StreakDay("2026-01-01")! + offset * 5
            for weeks in [1, 2, 3, 5, 9, 18, 38, 53] {
                let map = Heatmap(name: "x", counts: [:], schedule: .daily, frozen: [], today: today, weeks: weeks)
                let line = map.monthLine
                #expect(line.count <= Heatmap.labelWidth + 2 * weeks)
                let words = line.split(separator: " ")
                #expect(words.allSatisfy { $0.count == 3 }, "\(today) \(weeks): '\(line)'")
            }
        }
    }
}
