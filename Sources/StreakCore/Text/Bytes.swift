/// Comparing and searching byte buffers eight bytes at a time (a byte at a time cost the
/// comparison of two prompt caches more than the rest of a tick's work on them).
enum Bytes {
    /// The first index of `byte` in `bytes` at or after `start` (`bytes.count` when there is
    /// none): eight bytes a step, the C library's `memchr` done in Swift (this module has no
    /// libc). A step's word has a byte equal to `byte` exactly when the word xor `byte` in
    /// every lane has a zero lane, which `(x - 0x01…) & ~x & 0x80…` tells.
    static func index(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = Swift.max(start, 0)
        let count = bytes.count
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            let pattern = UInt64(byte) &* 0x0101_0101_0101_0101
            while index + 8 <= count {
                let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) ^ pattern
                if (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080 != 0 { break }
                index += 8
            }
        }
        while index < count, bytes[index] != byte { index += 1 }
        return index
    }

    /// How many bytes `a` and `b` have in common from their starts.
    static func commonPrefix(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        let count = Swift.min(a.count, b.count)
        var index = 0
        if let first = a.baseAddress, let second = b.baseAddress {
            let one = UnsafeRawPointer(first)
            let other = UnsafeRawPointer(second)
            while index + 8 <= count,
                  one.loadUnaligned(fromByteOffset: index, as: UInt64.self) == other.loadUnaligned(fromByteOffset: index, as: UInt64.self) {
                index += 8
            }
        }
        while index < count, a[index] == b[index] { index += 1 }
        return index
    }

    /// How many bytes `a` and `b` have in common from their ends, at most `limit`.
    static func commonSuffix(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>, limit: Int) -> Int {
        let count = Swift.min(limit, a.count, b.count)
        var length = 0
        if let first = a.baseAddress, let second = b.baseAddress {
            let one = UnsafeRawPointer(first)
            let other = UnsafeRawPointer(second)
            while length + 8 <= count,
                  one.loadUnaligned(fromByteOffset: a.count - length - 8, as: UInt64.self)
                    == other.loadUnaligned(fromByteOffset: b.count - length - 8, as: UInt64.self) {
                length += 8
            }
        }
        while length < count, a[a.count - length - 1] == b[b.count - length - 1] { length += 1 }
        return length
    }
}
