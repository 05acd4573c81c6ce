@testable import StreakCore
import StreakTestSupport
import Testing

/// The search eight bytes a step finds what a search byte by byte finds, wherever the byte
/// stands in a word and whatever the bytes around it (the high bit set, the bytes next to it).
@Suite("bytes searched eight at a time")
struct ByteSearchTests {
    @Test func findsWhatAByteByByteSearchFinds() {
        var random = SeededRandom(seed: 22)
        let alphabet: [UInt8] = [0x00, 0x09, 0x0A, 0x0B, 0x7F, 0x80, 0x8A, 0xFF, 0x61]
        for _ in 0..<3000 {
            let count = Int.random(in: 0...40, using: &random)
            let bytes = (0..<count).map { _ in alphabet.randomElement(using: &random)! }
            let byte = alphabet.randomElement(using: &random)!
            let start = Int.random(in: 0...(count + 1), using: &random)
            var expected = start
            while expected < count, bytes[expected] != byte { expected += 1 }
            let found = bytes.withUnsafeBufferPointer { Bytes.index(of: byte, in: $0, from: start) }
            #expect(found == expected, "\(bytes) \(byte) from \(start)")
        }
    }
}
