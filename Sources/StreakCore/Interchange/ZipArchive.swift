/// The files of a zip archive (what Loop Habit Tracker's "Export as CSV" writes), read in
/// memory: stored and deflated entries, each checked against its CRC-32. Nothing is ever
/// written from it, so a name such as `../x` is only a name.
public enum ZipArchive {
    public struct Failure: Error, Equatable, Sendable {
        public var reason: String
    }

    /// Whether `bytes` start like a zip archive.
    public static func looksLikeOne(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 4 && bytes[0] == 0x50 && bytes[1] == 0x4B && bytes[2] == 0x03 && bytes[3] == 0x04
    }

    /// Every file (not folder) of the archive by its path, uncompressed; at most `limit`
    /// bytes in all.
    public static func files(_ bytes: [UInt8], limit: Int) throws(Failure) -> [String: [UInt8]] {
        func u16(_ at: Int) throws(Failure) -> Int {
            guard at >= 0, at + 2 <= bytes.count else { throw Failure(reason: "the archive is cut short") }
            return Int(bytes[at]) | Int(bytes[at + 1]) << 8
        }
        func u32(_ at: Int) throws(Failure) -> Int {
            try u16(at) | (try u16(at + 2)) << 16
        }
        // The end of central directory record: within the last 64 KiB + 22 bytes.
        var end = bytes.count - 22
        let lowest = Swift.max(0, bytes.count - 22 - 65_535)
        while end >= lowest, !(bytes[end] == 0x50 && bytes[end + 1] == 0x4B && bytes[end + 2] == 0x05 && bytes[end + 3] == 0x06) {
            end -= 1
        }
        guard end >= lowest else { throw Failure(reason: "not a zip archive (no central directory)") }
        let count = try u16(end + 10)
        var at = try u32(end + 16)
        if count == 0xFFFF || at == 0xFFFF_FFFF { throw Failure(reason: "a zip64 archive, which is not read here") }
        var files: [String: [UInt8]] = [:]
        var total = 0
        for _ in 0..<count {
            guard try u32(at) == 0x0201_4B50 else { throw Failure(reason: "the central directory is damaged") }
            let flags = try u16(at + 8)
            let method = try u16(at + 10)
            let crc = UInt32(try u32(at + 16))
            let packed = try u32(at + 20)
            let size = try u32(at + 24)
            let nameLength = try u16(at + 28)
            let skip = try u16(at + 30) + (try u16(at + 32))
            let local = try u32(at + 42)
            guard at + 46 + nameLength <= bytes.count else { throw Failure(reason: "the archive is cut short") }
            let name = String(decoding: bytes[(at + 46)..<(at + 46 + nameLength)], as: UTF8.self)
            at += 46 + nameLength + skip
            if name.hasSuffix("/") { continue }
            if flags & 1 != 0 { throw Failure(reason: "\(name) is encrypted") }
            total += size
            guard total <= limit else { throw Failure(reason: "it unpacks to more than \(limit / 1_048_576) MB") }
            guard try u32(local) == 0x0403_4B50 else { throw Failure(reason: "\(name): its local header is damaged") }
            let start = local + 30 + (try u16(local + 26)) + (try u16(local + 28))
            guard start + packed <= bytes.count else { throw Failure(reason: "\(name) is cut short") }
            let data: [UInt8]
            switch method {
            case 0:
                data = Array(bytes[start..<(start + packed)])
            case 8:
                do throws(Inflate.Failure) {
                    data = try Inflate.decode(bytes[start..<(start + packed)], limit: size)
                } catch {
                    throw Failure(reason: "\(name): \(error.reason)")
                }
            default:
                throw Failure(reason: "\(name) is compressed with method \(method); only stored and deflated files are read")
            }
            guard data.count == size, CRC32.checksum(data) == crc else {
                throw Failure(reason: "\(name) does not match its checksum: the archive is damaged")
            }
            files[name] = data
        }
        return files
    }
}

/// CRC-32 (IEEE 802.3), as zip archives and gzip check their contents.
public enum CRC32 {
    static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 != 0 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    public static func checksum(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }
}

/// Raw DEFLATE (RFC 1951) decoding: stored, fixed and dynamic Huffman blocks.
public enum Inflate {
    public struct Failure: Error, Equatable, Sendable {
        public var reason: String
    }

    /// A canonical Huffman code: how many codes of each length, and the symbols in code order.
    struct Code {
        var counts = [Int](repeating: 0, count: 16)
        var symbols: [Int] = []

        init(lengths: [Int]) throws(Failure) {
            for length in lengths { counts[length] += 1 }
            var left = 1
            for length in 1..<16 {
                left = left * 2 - counts[length]
                guard left >= 0 else { throw Failure(reason: "a Huffman code is over-subscribed") }
            }
            var offsets = [Int](repeating: 0, count: 16)
            for length in 1..<15 { offsets[length + 1] = offsets[length] + counts[length] }
            symbols = [Int](repeating: 0, count: lengths.count)
            for (symbol, length) in lengths.enumerated() where length != 0 {
                symbols[offsets[length]] = symbol
                offsets[length] += 1
            }
            counts[0] = 0
        }
    }

    struct Bits {
        let bytes: ArraySlice<UInt8>
        var position: Int
        var buffer: UInt64 = 0
        var count = 0

        init(_ bytes: ArraySlice<UInt8>) {
            self.bytes = bytes
            position = bytes.startIndex
        }

        mutating func take(_ n: Int) throws(Failure) -> Int {
            while count < n {
                guard position < bytes.endIndex else { throw Failure(reason: "the compressed data is cut short") }
                buffer |= UInt64(bytes[position]) << UInt64(count)
                position += 1
                count += 8
            }
            let value = Int(buffer & ((1 << UInt64(n)) - 1))
            buffer >>= UInt64(n)
            count -= n
            return value
        }

        /// Drops the bits left of the current byte (a stored block starts on a byte).
        mutating func align() {
            buffer = 0
            count = 0
        }

        mutating func decode(_ code: Code) throws(Failure) -> Int {
            var value = 0
            var first = 0
            var index = 0
            for length in 1..<16 {
                value |= try take(1)
                let count = code.counts[length]
                if value - count < first { return code.symbols[index + value - first] }
                index += count
                first = (first + count) << 1
                value <<= 1
            }
            throw Failure(reason: "a code that is in no Huffman table")
        }
    }

    static let lengthBase = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131,
                             163, 195, 227, 258]
    static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    static let distanceBase = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537,
                               2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577]
    static let distanceExtra = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12,
                                13, 13]
    static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    /// The data `input` decompresses to, refusing more than `limit` bytes.
    public static func decode(_ input: ArraySlice<UInt8>, limit: Int) throws(Failure) -> [UInt8] {
        var bits = Bits(input)
        var out: [UInt8] = []
        out.reserveCapacity(Swift.min(limit, 1 << 20))
        var last = 0
        while last == 0 {
            last = try bits.take(1)
            switch try bits.take(2) {
            case 0:
                bits.align()
                var position = bits.position
                guard position + 4 <= input.endIndex else { throw Failure(reason: "the compressed data is cut short") }
                let length = Int(input[position]) | Int(input[position + 1]) << 8
                let check = Int(input[position + 2]) | Int(input[position + 3]) << 8
                guard length == ~check & 0xFFFF else { throw Failure(reason: "a stored block's length is damaged") }
                position += 4
                guard position + length <= input.endIndex else { throw Failure(reason: "the compressed data is cut short") }
                guard out.count + length <= limit else { throw Failure(reason: "it unpacks to more than it says") }
                out.append(contentsOf: input[position..<(position + length)])
                bits.position = position + length
            case 1:
                let lengths = [Int](repeating: 8, count: 144) + [Int](repeating: 9, count: 112)
                    + [Int](repeating: 7, count: 24) + [Int](repeating: 8, count: 8)
                try inflate(&bits, &out, try Code(lengths: lengths), try Code(lengths: [Int](repeating: 5, count: 30)),
                            limit: limit)
            case 2:
                let literals = try bits.take(5) + 257
                let distances = try bits.take(5) + 1
                let codeLengths = try bits.take(4) + 4
                guard literals <= 286, distances <= 30 else { throw Failure(reason: "a block has too many codes") }
                var lengths = [Int](repeating: 0, count: 19)
                for index in 0..<codeLengths { lengths[codeLengthOrder[index]] = try bits.take(3) }
                let lengthCode = try Code(lengths: lengths)
                var all: [Int] = []
                while all.count < literals + distances {
                    let symbol = try bits.decode(lengthCode)
                    switch symbol {
                    case 0..<16:
                        all.append(symbol)
                    case 16:
                        guard let previous = all.last else { throw Failure(reason: "a repeat with nothing before it") }
                        all += [Int](repeating: previous, count: 3 + (try bits.take(2)))
                    case 17:
                        all += [Int](repeating: 0, count: 3 + (try bits.take(3)))
                    default:
                        all += [Int](repeating: 0, count: 11 + (try bits.take(7)))
                    }
                }
                guard all.count == literals + distances, all[256] != 0 else {
                    throw Failure(reason: "a block's code lengths are damaged")
                }
                try inflate(&bits, &out, try Code(lengths: Array(all[0..<literals])),
                            try Code(lengths: Array(all[literals...])), limit: limit)
            default:
                throw Failure(reason: "a block of an unknown type")
            }
        }
        return out
    }

    static func inflate(_ bits: inout Bits, _ out: inout [UInt8], _ literals: Code, _ distances: Code,
                        limit: Int) throws(Failure) {
        while true {
            let symbol = try bits.decode(literals)
            if symbol < 256 {
                guard out.count < limit else { throw Failure(reason: "it unpacks to more than it says") }
                out.append(UInt8(symbol))
                continue
            }
            if symbol == 256 { return }
            let index = symbol - 257
            guard index < lengthBase.count else { throw Failure(reason: "a length code out of range") }
            let length = lengthBase[index] + (try bits.take(lengthExtra[index]))
            let distanceSymbol = try bits.decode(distances)
            guard distanceSymbol < distanceBase.count else { throw Failure(reason: "a distance code out of range") }
            let distance = distanceBase[distanceSymbol] + (try bits.take(distanceExtra[distanceSymbol]))
            guard distance <= out.count else { throw Failure(reason: "a distance back past the start") }
            guard out.count + length <= limit else { throw Failure(reason: "it unpacks to more than it says") }
            let from = out.count - distance
            for offset in 0..<length { out.append(out[from + offset]) }
        }
    }
}
