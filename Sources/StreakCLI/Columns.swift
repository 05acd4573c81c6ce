import StreakSystem

/// Left-aligned columns, two spaces apart, sized by display width: the tables of `list`,
/// `history` and any command that prints one.
enum Columns {
    static func print(_ rows: [[String]], to out: Output) {
        guard let columns = rows.first?.count else { return }
        var widths = [Int](repeating: 0, count: columns)
        for row in rows {
            for (i, cell) in row.enumerated() { widths[i] = max(widths[i], DisplayWidth.of(cell)) }
        }
        for row in rows {
            var line = ""
            for (i, cell) in row.enumerated() {
                line += cell
                if i < row.count - 1 { line += String(repeating: " ", count: widths[i] - DisplayWidth.of(cell) + 2) }
            }
            while line.hasSuffix(" ") { line.removeLast() }
            out.line(line)
        }
    }
}

/// How many terminal columns text takes: wide (East Asian, emoji) characters take two.
enum DisplayWidth {
    static func of(_ text: String) -> Int {
        var width = 0
        for scalar in text.unicodeScalars {
            let v = scalar.value
            if v < 0x20 || (v >= 0x7F && v < 0xA0) || (v >= 0x300 && v < 0x370) || v == 0x200D || (v >= 0xFE00 && v <= 0xFE0F) {
                continue
            }
            let wide = (v >= 0x1100 && v <= 0x115F) || (v >= 0x2E80 && v <= 0xA4CF) || (v >= 0xAC00 && v <= 0xD7A3)
                || (v >= 0xF900 && v <= 0xFAFF) || (v >= 0xFE30 && v <= 0xFE4F) || (v >= 0xFF00 && v <= 0xFF60)
                || (v >= 0xFFE0 && v <= 0xFFE6) || (v >= 0x1F300 && v <= 0x1FAFF) || (v >= 0x20000 && v <= 0x3FFFD)
                || (v >= 0x2600 && v <= 0x27BF && scalar.properties.isEmojiPresentation)
            width += wide ? 2 : 1
        }
        return width
    }
}
