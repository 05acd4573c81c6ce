import StreakTestSupport
import Testing
@testable import StreakCore

/// Hostile numbers in other trackers' files: each is refused with its file and line, never a
/// trap (`Int(_:)` of `inf` or `1e30` stops the process) and never a silent clamp.
@Suite("numbers in other trackers' files")
struct ForeignNumberTests {
    static let number = ForeignNumber(file: "f.csv", line: 7, what: "the value")

    @Test(arguments: [Double.infinity, -.infinity, .nan, 1e30, 9.3e18, Double(Int.max), -1e30, 1_000_000.5 + 1])
    func aDoubleNoIntCanHoldIsAProblem(value: Double) {
        #expect(throws: ForeignImport.Problem.self) {
            try Self.number.whole(value, rounding: .up, in: 1...1_000_000)
        }
    }

    @Test func wholeNumbersRoundAsAsked() throws {
        #expect(try Self.number.whole(5.5, rounding: .up, in: 1...10) == 6)
        #expect(try Self.number.whole(5.9, rounding: .towardZero, in: 1...10) == 5)
        #expect(try Self.number.whole(1_000_000, rounding: .up, in: 1...1_000_000) == 1_000_000)
        let below = #expect(throws: ForeignImport.Problem.self) { try Self.number.whole(0.4, rounding: .towardZero, in: 1...10) }
        #expect(below == ForeignImport.Problem(file: "f.csv", line: 7, reason: "the value 0.4 is out of range (1 to 10)"))
    }

    @Test func decimalsAreFiniteAndInRange() throws {
        #expect(try Self.number.decimal(" 5.5 ", in: 0...10) == 5.5)
        #expect(try Self.number.decimal("1e3", in: 0...1000) == 1000)
        #expect(try Self.number.decimal("", in: 0...10) == nil)
        #expect(try Self.number.decimal("UNKNOWN", in: 0...10, wordsAsNone: true) == nil)
        for text in ["inf", "-inf", "nan", "infinity", "abc"] {
            let problem = #expect(throws: ForeignImport.Problem.self, "\(text)") { try Self.number.decimal(text, in: 0...10) }
            #expect(problem?.message == "f.csv:7: the value '\(text)' is not a number", "\(text)")
        }
        // A word may stand for no entry; infinity and NaN are never one.
        #expect(throws: ForeignImport.Problem.self) { try Self.number.decimal("inf", in: 0...10, wordsAsNone: true) }
        let big = #expect(throws: ForeignImport.Problem.self) { try Self.number.decimal("1e30", in: 0...1e6) }
        #expect(big?.message == "f.csv:7: the value 1e30 is out of range (0 to 1000000)")
    }

    @Test func integersAreWholeAndInRange() throws {
        #expect(try Self.number.integer("7", in: 1...10) == 7)
        #expect(try Self.number.integer("", in: 1...10) == nil)
        let huge = #expect(throws: ForeignImport.Problem.self) { try Self.number.integer("99999999999999999999999", in: 1...10) }
        #expect(huge?.reason == "the value 99999999999999999999999 is out of range (1 to 10)")
        let word = #expect(throws: ForeignImport.Problem.self) { try Self.number.integer("1e3", in: 1...10) }
        #expect(word?.reason == "the value '1e3' is not a whole number")
        #expect(throws: ForeignImport.Problem.self) { try Self.number.integer("-1", in: 1...10) }
    }

    // MARK: Loop

    static func loopFiles(target: String, values: [String]) -> [String: [UInt8]] {
        let habits = """
            Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,Unit,Target Type,Target Value,Archived?
            001,Meditate,YES_NO,,,1,1,#FF8F00,,,,false
            002,Run,NUMERICAL,,,1,1,#FF8F00,km,AT_LEAST,\(target),false

            """
        let checkmarks = "Date,Value,Notes\n" + values.enumerated().map { "2026-11-\(20 + $0.offset),\($0.element),\n" }.joined()
        return ["Habits.csv": Array(habits.utf8), "002 Run/Checkmarks.csv": Array(checkmarks.utf8),
                "001 Meditate/Checkmarks.csv": Array("Date,Value\n2026-11-20,YES_MANUAL\n".utf8)]
    }

    @Test(arguments: ["inf", "1e30", "nan", "-inf", "1000001", "-5"])
    func aLoopTargetOutOfRangeNamesItsLine(target: String) {
        let problem = #expect(throws: ForeignImport.Problem.self, "\(target)") {
            try ForeignImport.loop(Self.loopFiles(target: target, values: ["5000"]), zone: TableZone.utc)
        }
        #expect(problem?.file == "Habits.csv" && problem?.line == 3, "\(String(describing: problem))")
        #expect(problem?.reason.hasPrefix("Target Value") == true, "\(String(describing: problem))")
    }

    @Test(arguments: ["1e30", "inf", "nan", "1000000001000", "-1e30"])
    func aLoopValueOutOfRangeNamesItsFileAndLine(value: String) {
        let problem = #expect(throws: ForeignImport.Problem.self, "\(value)") {
            try ForeignImport.loop(Self.loopFiles(target: "5.0", values: ["7000", value]), zone: TableZone.utc)
        }
        #expect(problem == ForeignImport.Problem(file: "002 Run/Checkmarks.csv", line: 3, reason: problem?.reason ?? ""),
                "\(String(describing: problem))")
        #expect(problem?.reason.hasPrefix("the value") == true)
    }

    @Test(arguments: [("UTC", TableZone.utc), ("UTC+14", TableZone.kiritimati), ("UTC-12", TableZone.minus12)])
    func numbersInRangeStillCount(zone: String, rules: TableZone) throws {
        let imported = try ForeignImport.loop(Self.loopFiles(target: "5.5", values: ["7000", "1000000000", "UNKNOWN", "-1000", "999"]),
                                              zone: rules)
        let run = try #require(imported.habits.first { $0.original == "Run" }?.streak)
        #expect(run.settings?.rules.goal == 6, "\(zone)")
        #expect(run.actions.map(\.count) == [7, 1_000_000], "\(zone)")
        #expect(run.actions.map(\.day) == [.d("2026-11-20"), .d("2026-11-21")], "\(zone)")
    }

    @Test func aLoopFrequencyThatIsNoWholeNumberNamesItsLine() {
        var files = Self.loopFiles(target: "5", values: [])
        files["Habits.csv"] = Array("Position,Name,Type,FrequencyNumerator,FrequencyDenominator\n001,Read,YES_NO,1,1e99\n".utf8)
        let problem = #expect(throws: ForeignImport.Problem.self) { try ForeignImport.loop(files, zone: TableZone.utc) }
        #expect(problem?.message == "Habits.csv:2: the frequency's denominator '1e99' is not a whole number")
    }

    // MARK: harsh

    @Test(arguments: ["inf", "1e30", "nan", "-inf", "1000001"])
    func aHarshAmountOutOfRangeNamesItsLine(amount: String) {
        let log = "2026-11-20 : Read : y\n2026-11-21 : Read : y :  : \(amount)\n"
        let problem = #expect(throws: ForeignImport.Problem.self, "\(amount)") {
            try ForeignImport.harsh(habits: Array("Read: 1\n".utf8), log: Array(log.utf8), today: .d("2026-11-24"), zone: TableZone.utc)
        }
        #expect(problem?.file == "log" && problem?.line == 2, "\(String(describing: problem))")
        #expect(problem?.reason.hasPrefix("the amount") == true, "\(String(describing: problem))")
    }

    @Test func harshAmountsInRangeStillCount() throws {
        let log = "2026-11-20 : Read : y :  : 1000000\n2026-11-21 : Read : y : x : 2.5\n2026-11-22 : Read : y :  : lots\n"
        let imported = try ForeignImport.harsh(habits: Array("Read: 1\n".utf8), log: Array(log.utf8), today: .d("2026-11-24"),
                                               zone: TableZone.utc)
        let read = try #require(imported.habits.first?.streak)
        #expect(read.actions.map(\.count) == [1_000_000, 1, 1])
        #expect(read.actions[1].note == "x; amount 2.5")
    }
}
