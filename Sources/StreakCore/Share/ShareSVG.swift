/// The heat map and the streak card as self-contained SVG (and the heat map as an HTML page),
/// for sharing: a profile README, a blog, a wiki. Pure text building from the same `Heatmap`
/// the terminal draws, so both show the same facts for every date.
///
/// Self-contained: colours in an inline `<style>`, no script, no external font, image or link,
/// so GitHub's image proxy and any browser show it as it is. Every piece of text from the data
/// (names, icons) goes through `XMLText.escaped`.

/// The colours of a shared image.
public struct ShareTheme: Sendable, Equatable {
    public var name: String
    var background: String
    var border: String
    var text: String
    var muted: String
    /// Empty scheduled date, then the four shades (GitHub's contribution greens).
    var levels: [String]
    var frozen: String
    var paused: String
    var pending: String

    public static let light = ShareTheme(
        name: "light", background: "#ffffff", border: "#d1d9e0", text: "#1f2328", muted: "#59636e",
        levels: ["#ebedf0", "#9be9a8", "#40c463", "#30a14e", "#216e39"], frozen: "#54aeff", paused: "#a371f7",
        pending: "#bf8700")
    public static let dark = ShareTheme(
        name: "dark", background: "#0d1117", border: "#3d444d", text: "#e6edf3", muted: "#9198a1",
        levels: ["#161b22", "#0e4429", "#006d32", "#26a641", "#39d353"], frozen: "#388bfd", paused: "#8957e5",
        pending: "#d29922")

    /// The theme called `name` (`light`, `dark`).
    public static func named(_ name: String) -> ShareTheme? {
        names.contains(name) ? (name == "dark" ? dark : light) : nil
    }

    public static let names = ["light", "dark"]

    /// The classes every shared image styles its cells with: `l0`…`l4`, `fz` (frozen), `ps`
    /// (paused: stripes), `un` (not scheduled: an outline), `td` (today's ring).
    var cellStyle: String {
        var rules = ""
        for (level, colour) in levels.enumerated() { rules += ".l\(level){fill:\(colour)}" }
        rules += ".fz{fill:\(frozen)}.ps{fill:url(#ps)}.un{fill:none;stroke:\(levels[0]);stroke-width:1.5}"
        rules += ".td{fill:none;stroke:\(text);stroke-width:1.5}"
        rules += "text{font-family:-apple-system,BlinkMacSystemFont,'Segoe UI','Noto Sans',Helvetica,Arial,sans-serif;fill:\(text)}"
        rules += ".mu{fill:\(muted)}"
        return rules
    }

    /// The stripes of a paused cell, in `<defs>`.
    var pausedPattern: String {
        "<pattern id=\"ps\" width=\"4\" height=\"4\" patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\">"
            + "<rect width=\"4\" height=\"4\" fill=\"\(levels[0])\"/><rect width=\"2\" height=\"4\" fill=\"\(paused)\"/></pattern>"
    }
}

/// Text made safe for XML and HTML, in content and in quoted attributes alike.
public enum XMLText {
    /// `&`, `<`, `>`, `"` and `'` as entities; characters XML 1.0 cannot hold (controls other
    /// than tab and line breaks, U+FFFE, U+FFFF) and bidirectional controls dropped.
    public static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default:
                let lineBreakOrTab = scalar == "\t" || scalar == "\n" || scalar == "\r"
                if (Text.isHidden(scalar) && !lineBreakOrTab) || scalar.value == 0xFFFE || scalar.value == 0xFFFF { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

extension Heatmap {
    /// Side of one cell, and the step from one cell to the next, in pixels.
    static let svgCell = 11
    static let svgStep = 14

    /// The heat map as a standalone SVG document: title, month and weekday labels, one square
    /// per date (shaded as in the terminal; frozen blue, paused striped, unscheduled outlined,
    /// today ringed), a weekly streak's Wk row, and the legend. Each date's square carries its
    /// facts (`data-date`, `data-count`, `data-level`, `data-kind`) and a tooltip.
    public func svg(theme: ShareTheme, icon: String = "") -> String {
        let left = 16 + 30
        let top = 58
        let rows = unit == .week ? 8 : 7
        let gridHeight = rows * Heatmap.svgStep + (unit == .week ? 6 : 0)
        let legendY = top + gridHeight + 20
        let width = max(left + weeks * Heatmap.svgStep + 16, 420)
        let height = legendY + (hasGoals || maxCount > 1 ? 34 : 16)
        var body = ""
        let heading = icon.isEmpty ? name : icon + " " + name
        body += text(16, 26, heading, attributes: "font-size=\"15\" font-weight=\"600\"")
        body += text(16, 42, subtitle, attributes: "class=\"mu\" font-size=\"11\"")
        for (week, month) in monthStarts {
            body += text(left + week * Heatmap.svgStep, top - 5, Heatmap.monthNames[month - 1],
                         attributes: "class=\"mu\" font-size=\"10\"")
        }
        let weekdayLabels = weekStart == .monday ? ["Mon", "Wed", "Fri"] : ["Sun", "Tue", "Thu"]
        for (index, label) in weekdayLabels.enumerated() {
            body += text(16, top + (2 * index) * Heatmap.svgStep + 9, label, attributes: "class=\"mu\" font-size=\"10\"")
        }
        for week in 0..<weeks {
            for weekday in 0..<7 {
                let cell = cell(week: week, weekday: weekday)
                guard let kind = cell.kind else { continue }
                let x = left + week * Heatmap.svgStep
                let y = top + weekday * Heatmap.svgStep
                body += "<rect x=\"\(x)\" y=\"\(y)\" width=\"\(Heatmap.svgCell)\" height=\"\(Heatmap.svgCell)\" rx=\"2\""
                    + " class=\"\(Heatmap.svgClass(kind))\" data-date=\"\(cell.day)\" data-count=\"\(cell.count)\""
                    + " data-level=\"\(cell.level)\" data-kind=\"\(Heatmap.svgKindName(kind))\">"
                    + "<title>\(XMLText.escaped(tooltip(cell)))</title></rect>"
                if cell.isToday {
                    body += "<rect x=\"\(x - 2)\" y=\"\(y - 2)\" width=\"\(Heatmap.svgCell + 4)\" height=\"\(Heatmap.svgCell + 4)\" rx=\"3\" class=\"td\"/>"
                }
            }
        }
        if unit == .week {
            let y = top + 7 * Heatmap.svgStep + 6
            body += text(16, y + 9, "Wk", attributes: "class=\"mu\" font-size=\"10\"")
            for (week, outcome) in weekOutcomes.enumerated() {
                guard let kind = Heatmap.kind(of: outcome) else { continue }
                let start = first + 7 * week
                body += "<rect x=\"\(left + week * Heatmap.svgStep)\" y=\"\(y)\" width=\"\(Heatmap.svgCell)\" height=\"\(Heatmap.svgCell)\""
                    + " rx=\"2\" class=\"\(Heatmap.svgClass(kind))\" data-week=\"\(start)\">"
                    + "<title>week of \(start): \(Heatmap.outcomeName(outcome) ?? "open")</title></rect>"
            }
        }
        body += legend(x: 16, y: legendY)
        return Heatmap.document(width: width, height: height, theme: theme, label: heading + ": heat map", body: body)
    }

    /// The heat map as a small HTML page: the SVG on the theme's background, nothing else.
    /// Written so that it is well-formed XML too (XHTML-compatible).
    public func html(theme: ShareTheme, icon: String = "") -> String {
        let title = XMLText.escaped(name + " — streakprompt")
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8"/>
            <meta name="viewport" content="width=device-width, initial-scale=1"/>
            <title>\(title)</title>
            <style>body{margin:0;padding:24px;background:\(theme.background);display:flex;justify-content:center}svg{max-width:100%;height:auto}</style>
            </head>
            <body>
            \(svg(theme: theme, icon: icon))</body>
            </html>

            """
    }

    /// `40 actions on 35 dates since 2025-11-24`, the terminal title without the name.
    var subtitle: String {
        let full = title
        let prefix = name + ": "
        return full.hasPrefix(prefix) ? String(full.dropFirst(prefix.count)) : full
    }

    /// `2026-03-03: 2 actions`, `2026-03-03: 2 of 3`, `2026-02-17: frozen`, `2026-02-21: paused`.
    func tooltip(_ cell: Cell) -> String {
        var facts: [String] = []
        if cell.goal > 1 {
            facts.append("\(cell.count) of \(cell.goal)" + (cell.met ? ", met" : ""))
        } else if cell.count > 0 || cell.scheduled {
            facts.append(cell.count == 1 ? "1 action" : "\(cell.count) actions")
        }
        if cell.frozen { facts.append("frozen") }
        if cell.paused { facts.append("paused") }
        if !cell.scheduled && !cell.paused { facts.append("not scheduled") }
        if cell.isToday { facts.append("today") }
        return "\(cell.day): " + facts.joined(separator: ", ")
    }

    /// `Less ■■■■■ More  ■ frozen  ▨ paused  □ not scheduled  ▢ today`, with a note on what
    /// a full shade means when a goal or several actions a date are in play.
    func legend(x: Int, y: Int) -> String {
        var out = text(x, y + 9, "Less", attributes: "class=\"mu\" font-size=\"10\"")
        var cursor = x + 28
        for level in 0...4 {
            out += swatch(cursor, y, Heatmap.svgClass(.level(level)))
            cursor += Heatmap.svgStep
        }
        out += text(cursor + 2, y + 9, "More", attributes: "class=\"mu\" font-size=\"10\"")
        cursor += 40
        var items: [(Kind?, String)] = [(.frozen, "frozen")]
        if legendShowsPaused { items.append((.paused, "paused")) }
        if legendShowsUnscheduled { items.append((.unscheduled, "not scheduled")) }
        items.append((nil, "today"))
        for (kind, label) in items {
            if let kind {
                out += swatch(cursor, y, Heatmap.svgClass(kind))
            } else {
                out += "<rect x=\"\(cursor)\" y=\"\(y)\" width=\"\(Heatmap.svgCell)\" height=\"\(Heatmap.svgCell)\" rx=\"3\" class=\"td\"/>"
            }
            out += text(cursor + 16, y + 9, label, attributes: "class=\"mu\" font-size=\"10\"")
            cursor += 16 + label.count * 11 / 2 + 16
        }
        var notes: [String] = []
        if unit == .week { notes.append("Wk: each week, met or not") }
        if hasGoals { notes.append("full shade: goal met") }
        if maxCount > 1 { notes.append("busiest date: \(maxCount) actions") }
        if !notes.isEmpty {
            out += text(x, y + 27, notes.joined(separator: " · "), attributes: "class=\"mu\" font-size=\"10\"")
        }
        return out
    }

    func swatch(_ x: Int, _ y: Int, _ cls: String) -> String {
        "<rect x=\"\(x)\" y=\"\(y)\" width=\"\(Heatmap.svgCell)\" height=\"\(Heatmap.svgCell)\" rx=\"2\" class=\"\(cls)\"/>"
    }

    func text(_ x: Int, _ y: Int, _ content: String, attributes: String) -> String {
        Heatmap.svgText(x, y, content, attributes: attributes)
    }

    static func svgText(_ x: Int, _ y: Int, _ content: String, attributes: String) -> String {
        "<text x=\"\(x)\" y=\"\(y)\" \(attributes)>\(XMLText.escaped(content))</text>"
    }

    /// The class that colours a kind of cell (see `ShareTheme.cellStyle`).
    static func svgClass(_ kind: Kind) -> String {
        switch kind {
        case .level(let level): return "l\(level)"
        case .frozen: return "fz"
        case .paused: return "ps"
        case .unscheduled: return "un"
        }
    }

    /// What `data-kind` says: `level`, `frozen`, `paused`, `unscheduled`.
    static func svgKindName(_ kind: Kind) -> String {
        switch kind {
        case .level: return "level"
        case .frozen: return "frozen"
        case .paused: return "paused"
        case .unscheduled: return "unscheduled"
        }
    }

    /// How a week ended, as `calendar --json` names it: `met`, `frozen`, `neutral`, `missed`;
    /// nil while open.
    static func outcomeName(_ outcome: UnitOutcome?) -> String? {
        switch outcome {
        case .met?: return "met"
        case .frozen?: return "frozen"
        case .neutral?: return "neutral"
        case .broke?, .missed?: return "missed"
        case .open?, nil: return nil
        }
    }

    /// An SVG document of `width` × `height` on the theme's background, with its styles and
    /// an accessible label.
    static func document(width: Int, height: Int, theme: ShareTheme, label: String, body: String) -> String {
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\""
            + " role=\"img\" aria-label=\"\(XMLText.escaped(label))\">\n"
            + "<title>\(XMLText.escaped(label))</title>\n"
            + "<defs><style>\(theme.cellStyle)</style>\(theme.pausedPattern)</defs>\n"
            + "<rect x=\"0.5\" y=\"0.5\" width=\"\(width - 1)\" height=\"\(height - 1)\" rx=\"6\" fill=\"\(theme.background)\" stroke=\"\(theme.border)\"/>\n"
            + body + "\n</svg>\n"
    }
}

/// A small card for a profile README: the streak's icon and name, the current run, the best
/// and the total, and its last weeks as a small heat map.
public struct ShareCard: Sendable {
    public let icon: String
    public let reading: Reading
    /// The last weeks, drawn small (the same cells as the full heat map's last columns).
    public let heatmap: Heatmap

    /// The weeks a card shows.
    public static let weeks = 17

    public init(icon: String, reading: Reading, heatmap: Heatmap) {
        self.icon = icon
        self.reading = reading
        self.heatmap = heatmap
    }

    static let width = 480
    static let height = 150
    static let cell = 9
    static let step = 11

    public func svg(theme: ShareTheme) -> String {
        var body = ""
        let heading = icon.isEmpty ? heatmap.name : icon + " " + heatmap.name
        body += Heatmap.svgText(20, 34, heading, attributes: "font-size=\"17\" font-weight=\"600\"")
        let unitWord = reading.unit == .week ? "week" : "day"
        let stats: [(String, Int, String)] = [
            ("current", reading.current, reading.current == 1 ? unitWord : unitWord + "s"),
            ("best", reading.best, reading.best == 1 ? unitWord : unitWord + "s"),
            ("total", reading.total, reading.total == 1 ? "date" : "dates"),
        ]
        for (index, stat) in stats.enumerated() {
            let x = 20 + index * 84
            let colour = index == 0 ? " style=\"fill:\(currentColour(theme))\"" : ""
            body += Heatmap.svgText(x, 64, stat.0, attributes: "class=\"mu\" font-size=\"11\" font-weight=\"600\"")
            body += "<text x=\"\(x)\" y=\"97\" font-size=\"30\" font-weight=\"700\"\(colour) data-stat=\"\(stat.0)\">\(stat.1)</text>"
            body += Heatmap.svgText(x, 114, stat.2, attributes: "class=\"mu\" font-size=\"11\"")
        }
        body += Heatmap.svgText(20, 138, stateText, attributes: "class=\"mu\" font-size=\"11\"")
        let gridWidth = heatmap.weeks * ShareCard.step - (ShareCard.step - ShareCard.cell)
        let left = ShareCard.width - 20 - gridWidth
        let top = 46
        for week in 0..<heatmap.weeks {
            for weekday in 0..<7 {
                let cell = heatmap.cell(week: week, weekday: weekday)
                guard let kind = cell.kind else { continue }
                body += "<rect x=\"\(left + week * ShareCard.step)\" y=\"\(top + weekday * ShareCard.step)\" width=\"\(ShareCard.cell)\""
                    + " height=\"\(ShareCard.cell)\" rx=\"2\" class=\"\(Heatmap.svgClass(kind))\" data-date=\"\(cell.day)\""
                    + " data-level=\"\(cell.level)\"><title>\(XMLText.escaped(heatmap.tooltip(cell)))</title></rect>"
            }
        }
        body += Heatmap.svgText(left, top + 7 * ShareCard.step + 14, "last \(heatmap.weeks) weeks",
                                attributes: "class=\"mu\" font-size=\"10\"")
        return Heatmap.document(width: ShareCard.width, height: ShareCard.height, theme: theme,
                                label: "\(heading): current \(reading.current), best \(reading.best), total \(reading.total)",
                                body: body)
    }

    /// Green when done, amber while pending, muted when broken: the prompt's colours.
    func currentColour(_ theme: ShareTheme) -> String {
        switch reading.state {
        case .done: return theme.levels[3]
        case .pending: return theme.pending
        case .broken: return theme.muted
        }
    }

    /// `done today`, `done this week`, `pending today`, `pending this week`, `broken`, as of
    /// the date read.
    var stateText: String {
        let when = reading.unit == .week ? "this week" : "today"
        switch reading.state {
        case .done: return "done \(when) · as of \(reading.today)"
        case .pending: return "pending \(when) · as of \(reading.today)"
        case .broken: return "not running · as of \(reading.today)"
        }
    }
}
