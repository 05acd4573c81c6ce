import StreakCore
import StreakSystem

/// `streakprompt list`: every streak, one line each.
enum List: Command {
    static let spec = CommandSpec(["list"], usage: "[--json]", summary: "every streak, one line each",
                                  flags: [CommandTable.json, CommandTable.now])

    static func run(_ invocation: Invocation, _ context: Context) throws -> Int32 {
        let today = try context.today(invocation)
        let store = try context.store()
        let names = try storeCall { () throws(StoreError) -> [StreakName] in try store.names() }
        var rows: [(LoadedStreak, Reading)] = []
        for name in names {
            let streak = try Report.load(name, store, context)
            rows.append((streak, streak.reading(today: today.day, zone: context.zone)))
        }
        if invocation.has("--json") {
            context.out.line(JSON.array(rows.map { Report.json($0.0, $0.1, today) }).pretty)
            return 0
        }
        if rows.isEmpty {
            context.out.line("No streaks yet: 'streakprompt tick' starts one, 'streakprompt add NAME' makes one.")
            return 0
        }
        let table = [["NAME", "STREAK", "STATE", "BEST", "TOTAL", "LAST"]] + rows.map { streak, reading in
            [streak.name.text, "\(streak.settings.icon) \(reading.current)", reading.state.rawValue,
             String(reading.best), String(reading.total), reading.last?.description ?? "-"]
        }
        Columns.print(table, to: context.out)
        return 0
    }
}

/// Left-aligned columns, two spaces apart, sized by display width.
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
