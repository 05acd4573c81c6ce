import StreakTestSupport
import Testing
@testable import StreakCore

/// The readers of other trackers' data: DEFLATE and zip, Loop's CSVs and harsh's files, names
/// and frequencies, with no disk.
@Suite("other trackers' data")
struct ForeignImportTests {
    @Test func inflateReadsStoredAndFixedBlocks() throws {
        // zlib's raw deflate of "hello hello hello hello" (a fixed Huffman block).
        let fixed: [UInt8] = [203, 72, 205, 201, 201, 87, 200, 64, 39, 1]
        #expect(try Inflate.decode(fixed[...], limit: 100) == Array("hello hello hello hello".utf8))
        // A stored block: final, type 0, LEN 3, NLEN ~3.
        let stored: [UInt8] = [0x01, 0x03, 0x00, 0xFC, 0xFF, 0x61, 0x62, 0x63]
        #expect(try Inflate.decode(stored[...], limit: 3) == Array("abc".utf8))
        // More than it may unpack to, cut short, or damaged: refused.
        #expect(throws: Inflate.Failure.self) { try Inflate.decode(fixed[...], limit: 10) }
        #expect(throws: Inflate.Failure.self) { try Inflate.decode(fixed[..<5], limit: 100) }
        #expect(throws: Inflate.Failure.self) { try Inflate.decode([0x01, 0x03, 0x00, 0xFC, 0xFE, 0x61][...], limit: 100) }
        #expect(throws: Inflate.Failure.self) { try Inflate.decode([0x07][...], limit: 100) }
    }

    @Test func crcIsTheZipOne() {
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
    }

    @Test func zipRefusesWhatIsNotOne() {
        #expect(throws: ZipArchive.Failure.self) { try ZipArchive.files(Array("PK\u{3}\u{4} no more".utf8), limit: 100) }
        #expect(throws: ZipArchive.Failure.self) { try ZipArchive.files([], limit: 100) }
    }

    @Test func namesAreStreakNames() {
        var taken = Set<StreakName>()
        let names = ["Wake up early", "Wake up early!", "Café ☕", "☕", "  --Read--  ", String(repeating: "long ", count: 20)]
            .map { ForeignImport.name(for: $0, fallback: "habit-1", taken: &taken).text }
        #expect(names == ["wake-up-early", "wake-up-early-2", "caf", "habit-1", "read", "long-long-long-long-long-long-lo"])
        #expect(names.allSatisfy { StreakName.problem(with: $0) == nil })
    }

    /// A heading with no letter in it is no tag, and names nothing (found by the fuzzer: it
    /// once looked for a free name for ever).
    @Test func aHeadingWithoutLettersIsNoTag() throws {
        let imported = try ForeignImport.harsh(habits: Array("! ☕☕\nRead: 1\n!\n☕: 1\n".utf8), log: [],
                                               today: .d("2026-11-24"), zone: TableZone.utc)
        #expect(imported.habits.map(\.streak.name.text) == ["read", "habit-2"])
        #expect(imported.habits.allSatisfy { $0.streak.settings?.tags == [] })
    }

    @Test func frequenciesBecomeRules() {
        #expect(ForeignImport.rules(target: 1, interval: 1).0 == Rules())
        #expect(ForeignImport.rules(target: 7, interval: 7).0 == Rules())
        #expect(ForeignImport.rules(target: 0, interval: 1).0 == Rules())
        #expect(ForeignImport.rules(target: 3, interval: 7).0 == Rules(mode: .weeks(target: 3)))
        let (approximate, note) = ForeignImport.rules(target: 2, interval: 3)
        #expect(approximate == Rules(mode: .weeks(target: 5)) && note != nil)
        #expect(ForeignImport.harshFrequency("1w")! == (1, 7))
        #expect(ForeignImport.harshFrequency("3/7")! == (3, 7))
        #expect(ForeignImport.harshFrequency("0")! == (0, 1))
        #expect(ForeignImport.harshFrequency("14")! == (1, 14))
        #expect(ForeignImport.harshFrequency("8/7") == nil && ForeignImport.harshFrequency("x") == nil)
    }

    @Test(arguments: [("UTC", TableZone.utc), ("UTC+14", TableZone.kiritimati), ("UTC-12", TableZone.minus12)])
    func harshLinesBecomeActionsAtNoonOfTheirDate(zone: String, rules: TableZone) throws {
        let habits = "! Morning\nRead: 1\nGym: 3/7\n"
        let log = "2026-11-20 : Read : y : a good one\n2026-11-21 : Read : s\n2026-11-22 : Read : y\n2026-11-22 : Read : n\n2026-11-22 : Gym : y :  : 45\n2026-11-21 : Gym : y : easy : 2.5\n"
        let imported = try ForeignImport.harsh(habits: Array(habits.utf8), log: Array(log.utf8), today: .d("2026-11-24"),
                                               zone: rules)
        let read = try #require(imported.habits.first { $0.original == "Read" }?.streak)
        #expect(read.actions.map(\.day) == [.d("2026-11-20"), .d("2026-11-22")], "\(zone)")
        #expect(read.actions.allSatisfy { $0.at.local.hour == 12 } && read.actions.first?.note == "a good one")
        #expect(read.actions.first?.id == "harsh-20261120")
        #expect(read.pauses.map(\.from) == [.d("2026-11-21")] && read.settings?.tags == ["morning"])
        let gym = try #require(imported.habits.first { $0.original == "Gym" }?.streak)
        #expect(gym.settings?.rules == Rules(mode: .weeks(target: 3)))
        // A whole amount is the count; another stays in the note.
        #expect(gym.actions.map(\.count) == [1, 45] && gym.actions.first?.note == "easy; amount 2.5")
        #expect(imported.notes.contains { $0.contains("amounts") })
        let bad = "2026-11-20 : Read : maybe\n"
        #expect(throws: ForeignImport.Problem(file: "log", line: 1, reason: "'maybe' is not y, n or s")) {
            try ForeignImport.harsh(habits: Array(habits.utf8), log: Array(bad.utf8), today: .d("2026-11-24"), zone: rules)
        }
    }
}
