import StreakCore
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
