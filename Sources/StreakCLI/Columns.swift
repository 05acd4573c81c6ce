import StreakCore
import StreakSystem

/// Left-aligned columns, two spaces apart, sized by display width: the tables of `list`,
/// `history` and any command that prints one.
enum Columns {
    /// Each column's width: its widest cell.
    static func widths(_ rows: [[String]]) -> [Int] {
        guard let columns = rows.first?.count else { return [] }
        var widths = [Int](repeating: 0, count: columns)
        for row in rows {
            for (i, cell) in row.enumerated() { widths[i] = max(widths[i], DisplayWidth.of(cell)) }
        }
        return widths
    }

    /// The width of the widest line `print` writes.
    static func width(of rows: [[String]]) -> Int {
        let widths = widths(rows)
        return widths.reduce(0, +) + 2 * Swift.max(0, widths.count - 1)
    }

    static func print(_ rows: [[String]], to out: Output) {
        guard rows.first != nil else { return }
        let widths = widths(rows)
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
