import StreakCore
import Testing

/// Numbers written as bytes (the prompt cache's fields, a view's piece lines) read as
/// `String(value)` writes them, padded where asked.
@Suite("numbers written as bytes")
struct DecimalAppendTests {
    @Test(arguments: [Int64.min, -1_795_000_000, -10, -9, -1, 0, 1, 9, 10, 99, 100, 1_795_735_990, Int64.max])
    func digitsAsStringWritesThem(_ value: Int64) {
        var bytes: [UInt8] = [0x23]
        StreakCore.Decimal.append(value, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "#" + String(value))
        #expect(StreakCore.Decimal.digits(value) == String(value).utf8.count)
    }

    @Test func paddedToAWidth() {
        var bytes: [UInt8] = []
        StreakCore.Decimal.append(7, width: 2, to: &bytes)
        StreakCore.Decimal.append(2026, width: 4, to: &bytes)
        StreakCore.Decimal.append(12345, width: 2, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "07202612345")
    }
}
