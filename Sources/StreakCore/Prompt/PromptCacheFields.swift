/// Reads a cache line's TAB-separated fields in order, up to the line's end. A field missing
/// or not of its kind clears `ok` (and reads as empty, 0 or nil), so a line is checked once,
/// at the end. One pass over the bytes finds both the fields and the end of the line.
struct FieldReader {
    let bytes: UnsafeBufferPointer<UInt8>
    private(set) var index: Int
    var ok = true
    /// The line's last field has been read (`index` is at its newline, or the end of the bytes).
    private var exhausted = false

    init(bytes: UnsafeBufferPointer<UInt8>, index: Int) {
        self.bytes = bytes
        self.index = index
    }

    /// The bounds of the next field.
    mutating func field() -> (Int, Int) {
        guard !exhausted else {
            ok = false
            return (index, index)
        }
        let start = index
        while index < bytes.count, bytes[index] != 0x09, bytes[index] != 0x0A { index += 1 }
        let fieldEnd = index
        if index < bytes.count, bytes[index] == 0x09 { index += 1 } else { exhausted = true }
        return (start, fieldEnd)
    }

    /// Whether the line's last field has been read.
    var atLineEnd: Bool { exhausted }

    /// Where the line's newline is (past fields not read), or the end of the bytes.
    mutating func lineEnd() -> Int {
        while index < bytes.count, bytes[index] != 0x0A { index += 1 }
        exhausted = true
        return index
    }

    /// A whole number of at most 9 digits (every number the cache holds is smaller).
    mutating func number() -> Int {
        let (start, fieldEnd) = field()
        guard fieldEnd > start, fieldEnd - start <= 9 else {
            ok = false
            return 0
        }
        var value = 0
        var index = start
        while index < fieldEnd {
            let digit = Int(bytes[index]) &- 0x30
            guard digit >= 0, digit <= 9 else {
                ok = false
                return 0
            }
            value = value * 10 + digit
            index += 1
        }
        return value
    }

    /// A date (`YYYY-MM-DD`), or nil for `-`. Read here in one straight pass rather than
    /// through `StreakDay.parse`: a line has five of them, and the prompt reads every line.
    mutating func day() -> StreakDay? {
        let start = index
        guard !exhausted, start < bytes.count else {
            ok = false
            return nil
        }
        if bytes[start] == UInt8(ascii: "-") {
            let (from, to) = field()
            if to - from != 1 { ok = false }
            return nil
        }
        guard start + 10 <= bytes.count, bytes[start + 4] == UInt8(ascii: "-"), bytes[start + 7] == UInt8(ascii: "-")
        else {
            ok = false
            return nil
        }
        func digit(_ offset: Int) -> Int {
            let value = Int(bytes[start + offset]) &- 0x30
            if value < 0 || value > 9 { ok = false }
            return value
        }
        var parts = (digit(0) * 1000 + digit(1) * 100 + digit(2) * 10 + digit(3), digit(5) * 10 + digit(6),
                     digit(8) * 10 + digit(9))
        index = start + 10
        if index < bytes.count, bytes[index] == 0x09 {
            index += 1
        } else if index == bytes.count || bytes[index] == 0x0A {
            exhausted = true
        } else {
            ok = false
            parts.1 = 0
        }
        guard let day = StreakDay(year: parts.0, month: parts.1, day: parts.2) else {
            ok = false
            return nil
        }
        return day
    }
}
