/// Comparing byte buffers eight bytes at a time (a byte at a time cost the comparison of two
/// prompt caches more than the rest of a tick's work on them).
enum Bytes {
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
