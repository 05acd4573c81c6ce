import Foundation
import StreakSystem
import Testing

/// The views' kept columns read back as written (`ViewColumns.keptAgain`, the fuzzer's check),
/// from the fuzzer's own seed, and a file that does not read is dropped whole.
@Suite("views: kept columns read back")
struct ViewColumnsReadBackTests {
    /// The fuzzer's seed: five views' columns after the header line.
    static func seed() throws -> [UInt8] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let body = try Data(contentsOf: root.appendingPathComponent("fuzz/corpus/columns/five-views"))
        return Array(ViewColumns.header.utf8) + Array(body)
    }

    @Test func whatReadsIsWrittenBackTheSame() throws {
        let file = try Self.seed()
        let again = try #require(ViewColumns.keptAgain(file))
        #expect(ViewColumns.keptAgain(again) == again)
        #expect(again.count == file.count, "every column of every view kept, nothing added")
    }

    @Test func aFileThatDoesNotReadIsDroppedWhole() throws {
        let file = try Self.seed()
        let text = String(decoding: file, as: UTF8.self)
        for broken in [
            String(text.dropLast()),                                          // no last newline
            text.replacingOccurrences(of: "run\t-\t", with: "run\t-1\t"),     // a date that is no number
            text.replacingOccurrences(of: "\ncolumn\t", with: "\ncolumn\tzz"), // a key that is no checksum
            text.replacingOccurrences(of: "\nwarned\t", with: "\nwarmed\t"),   // a line that is no column's or run's
            text.replacingOccurrences(of: "\nrun\t", with: "\nrun "),          // a run line without its date
            "streakprompt-columns 2\tanother build\n" + text.split(separator: "\n", maxSplits: 1)[1],
            text + "view\t../escape-0000000000000000\tUTC\n",                // no view's name
        ] {
            #expect(ViewColumns.keptAgain(Array(broken.utf8)) == nil, "\(broken.suffix(80).debugDescription)")
        }
    }
}
