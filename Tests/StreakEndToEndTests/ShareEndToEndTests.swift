import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import StreakTestSupport
import Testing

/// An element of a parsed XML document: its name, attributes and direct text.
final class XMLElementFacts {
    let name: String
    let attributes: [String: String]
    var text = ""
    var children: [XMLElementFacts] = []

    init(name: String, attributes: [String: String]) {
        self.name = name
        self.attributes = attributes
    }

    /// Every element under this one, depth first.
    var all: [XMLElementFacts] { children.flatMap { [$0] + $0.all } }
}

/// Parses a whole document with Foundation's XMLParser; throws unless it is well-formed.
final class XMLDocumentReader: NSObject, XMLParserDelegate {
    private var stack: [XMLElementFacts] = [XMLElementFacts(name: "#document", attributes: [:])]

    static func parse(_ text: String) throws -> XMLElementFacts {
        let reader = XMLDocumentReader()
        let parser = XMLParser(data: Data(text.utf8))
        parser.delegate = reader
        guard parser.parse() else {
            throw TestFailure("not well-formed XML (line \(parser.lineNumber)): \(parser.parserError.map { "\($0)" } ?? "?")")
        }
        return reader.stack[0]
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        let element = XMLElementFacts(name: name, attributes: attributes)
        stack.last!.children.append(element)
        stack.append(element)
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        stack.removeLast()
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        stack.last!.text += string
    }
}

/// `calendar --format svg|html` and `card`: well-formed, escaped, and showing for each date
/// exactly what `calendar --json` says about it.
@Suite("share images")
struct ShareEndToEndTests {
    static let now = CalendarEndToEndTests.now

    /// The `data-kind` a date of `calendar --json` must be drawn as, or nil when it is not
    /// drawn (after today, without actions).
    static func kind(of day: [String: Any]) -> String? {
        if (day["count"] as? Int ?? 0) > 0 { return "level" }
        if day["future"] as? Bool == true { return nil }
        if day["frozen"] as? Bool == true { return "frozen" }
        if day["paused"] as? Bool == true { return "paused" }
        return day["scheduled"] as? Bool == true ? "level" : "unscheduled"
    }

    func json(_ box: Sandbox, _ arguments: [String]) throws -> [String: Any] {
        let result = try box.spArgs(arguments + ["--json"])
        guard result.status == 0, let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        else { throw TestFailure("\(arguments) --json failed: \(result)") }
        return object
    }

    /// Every drawn date of an image against the JSON's days: same dates, counts, shades, kinds.
    func expectCellsMatch(_ rects: [XMLElementFacts], _ days: [[String: Any]], counted: Bool = true) {
        let drawn = days.filter { Self.kind(of: $0) != nil }
        #expect(rects.count == drawn.count)
        for (rect, day) in zip(rects, drawn) {
            #expect(rect.attributes["data-date"] == day["date"] as? String)
            #expect(rect.attributes["data-level"] == "\(day["level"] as? Int ?? -1)", "\(day)")
            if counted {
                #expect(rect.attributes["data-count"] == "\(day["count"] as? Int ?? -1)", "\(day)")
                #expect(rect.attributes["data-kind"] == Self.kind(of: day), "\(day)")
            }
            let level = day["level"] as? Int ?? 0
            let expectedClass: String
            switch Self.kind(of: day) {
            case "frozen": expectedClass = "fz"
            case "paused": expectedClass = "ps"
            case "unscheduled": expectedClass = "un"
            default: expectedClass = "l\(level)"
            }
            #expect(rect.attributes["class"] == expectedClass, "\(day)")
        }
    }

    @Test(arguments: ["light", "dark"])
    func svgCellsAreTheHeatmapsData(theme: String) throws {
        let box = try heatmapFixture()
        let result = try box.sp("calendar", "quiz", "--format", "svg", "--theme", theme, "--now", Self.now)
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.isEmpty)
        let document = try XMLDocumentReader.parse(result.stdout)
        let svg = try #require(document.children.first)
        #expect(svg.name == "svg")
        #expect(svg.attributes["xmlns"] == "http://www.w3.org/2000/svg")
        let days = try #require(try json(box, ["calendar", "quiz", "--now", Self.now])["days"] as? [[String: Any]])
        #expect(days.count == 53 * 7, "the last year, as --json")
        let rects = svg.all.filter { $0.name == "rect" && $0.attributes["data-date"] != nil }
        expectCellsMatch(rects, days)
        // The frozen Tuesday and the three-action Wednesday, with their tooltips.
        let frozen = try #require(rects.first { $0.attributes["data-date"] == HeatmapGolden.frozen })
        #expect(frozen.attributes["data-kind"] == "frozen")
        #expect(frozen.children.first?.text == "2026-02-17: 0 actions, frozen")
        #expect(rects.first { $0.attributes["data-date"] == "2026-02-11" }?.children.first?.text == "2026-02-11: 3 actions")
        // Today is ringed; nothing is drawn after it but the action dated tomorrow.
        #expect(svg.all.filter { $0.attributes["class"] == "td" }.count == 2, "today's ring and the legend's")
        #expect(rects.last?.attributes["data-date"] == "2026-03-05")
        // Self-contained: no script, no link, no external reference.
        #expect(!result.stdout.contains("<script"))
        #expect(!result.stdout.contains("href"))
        #expect(svg.all.contains { $0.name == "style" && $0.text.contains(theme == "dark" ? "#0d1117" : "#ebedf0") }
                || result.stdout.contains(theme == "dark" ? "#0d1117" : "#ffffff"))
    }

    @Test func weeklyPausedAndGoalCells() throws {
        let box = try Sandbox()
        try box.sp("add", "runs", "--target", "2/week", "--goal", "2")
        for tick in ["2026-11-03", "2026-11-03", "2026-11-05", "2026-11-05", "2026-11-10", "2026-11-12", "2026-11-12", "2026-11-18"] {
            try box.sp("tick", "runs", "--quiet", "--now", tick)
        }
        try box.sp("pause", "runs", "--from", "2026-11-16", "--to", "2026-11-17", "--now", "2026-11-15")
        let now = "2026-11-20T12:00"
        let result = try box.sp("calendar", "runs", "--format", "svg", "--weeks", "4", "--now", now)
        #expect(result.status == 0, "\(result)")
        let svg = try XMLDocumentReader.parse(result.stdout)
        let object = try json(box, ["calendar", "runs", "--weeks", "4", "--now", now])
        let days = try #require(object["days"] as? [[String: Any]])
        expectCellsMatch(svg.all.filter { $0.name == "rect" && $0.attributes["data-date"] != nil }, days)
        #expect(svg.all.contains { $0.attributes["data-date"] == "2026-11-16" && $0.attributes["class"] == "ps" })
        #expect(svg.all.first { $0.attributes["data-date"] == "2026-11-10" }?.children.first?.text == "2026-11-10: 1 of 2")
        // The Wk row: one square per week that has an outcome, as --json's week_outcomes.
        let outcomes = try #require(object["week_outcomes"] as? [[String: Any]])
        let weeks = svg.all.filter { $0.attributes["data-week"] != nil }
        #expect(weeks.map { $0.attributes["data-week"] } == outcomes.filter { $0["outcome"] is String }.map { $0["start"] as? String })
        #expect(weeks.map { $0.children.first?.text ?? "" }.allSatisfy { $0.hasPrefix("week of ") })
        #expect(result.stdout.contains("full shade: goal met"))
    }

    @Test func namesAndIconsAreEscaped() throws {
        let box = try Sandbox()
        let icon = "<script>&\"'</script>"
        #expect(try box.sp("add", "x", "--icon", icon).status == 0)
        try box.sp("tick", "x", "--quiet", "--now", "2026-11-20")
        for arguments in [["calendar", "x", "--format", "svg"], ["calendar", "x", "--format", "html"], ["card", "x"]] {
            let result = try box.spArgs(arguments + ["--now", "2026-11-20T12:00"])
            #expect(result.status == 0, "\(result)")
            let document = try XMLDocumentReader.parse(result.stdout)
            #expect(!document.all.contains { $0.name == "script" }, "\(arguments)")
            #expect(document.all.contains { $0.name == "text" && $0.text == icon + " x" }, "\(arguments)")
        }
    }

    @Test func htmlWrapsTheSameSVG() throws {
        let box = try heatmapFixture()
        let html = try box.sp("calendar", "quiz", "--format", "html", "--theme", "dark", "--now", Self.now)
        let svg = try box.sp("calendar", "quiz", "--format", "svg", "--theme", "dark", "--now", Self.now)
        #expect(html.stdout.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
        #expect(html.stdout.contains(svg.stdout))
        let document = try XMLDocumentReader.parse(html.stdout)
        #expect(document.all.first { $0.name == "title" }?.text == "quiz — streakprompt")
    }

    @Test func cardShowsTheStatusAndTheLastWeeks() throws {
        let box = try heatmapFixture()
        let result = try box.sp("card", "quiz", "--now", Self.now)
        #expect(result.status == 0, "\(result)")
        let svg = try XMLDocumentReader.parse(result.stdout)
        let status = try box.status("quiz", now: Self.now)
        for key in ["current", "best", "total"] {
            #expect(svg.all.first { $0.attributes["data-stat"] == key }?.text == "\(status[key] as? Int ?? -1)", "\(key)")
        }
        let days = try #require(try json(box, ["calendar", "quiz", "--weeks", "17", "--now", Self.now])["days"] as? [[String: Any]])
        expectCellsMatch(svg.all.filter { $0.name == "rect" && $0.attributes["data-date"] != nil }, days, counted: false)
        // The action dated tomorrow makes it done, as status says.
        #expect(status["state"] as? String == "done")
        #expect(result.stdout.contains(">done today · as of 2026-03-04<"))
    }

    @Test func outputFileAndBadCombinations() throws {
        let box = try heatmapFixture()
        let written = try box.sp("card", "quiz", "--theme", "dark", "-o", "card.svg", "--now", Self.now)
        #expect(written.status == 0, "\(written)")
        #expect(written.stdout.isEmpty)
        let printed = try box.sp("card", "quiz", "--theme", "dark", "--now", Self.now)
        #expect(try String(contentsOfFile: box.root.appendingPathComponent("card.svg").path, encoding: .utf8) == printed.stdout)
        let both = try box.sp("calendar", "quiz", "--json", "--format", "svg")
        #expect(both.status == 2)
        let theme = try box.sp("calendar", "quiz", "--theme", "dark")
        #expect(theme.status == 2)
        #expect(theme.stderr.contains("add --format svg"))
        let unknown = try box.sp("calendar", "quiz", "--format", "png")
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("did you mean"))
    }
}

/// The images in a real browser: headless Chromium loads them as images (it refuses a
/// malformed or unsafe SVG: its size is then 0) at their declared size, and screenshots them.
/// Skipped without Chromium; a failure under CI, which installs it.
@Suite("share images in a browser")
struct ShareBrowserTests {
    /// Chromium's headless mode, run as root in a container too, with a profile of its own.
    func chromium(_ path: String, _ box: Sandbox, _ arguments: [String]) throws -> Result {
        try run(path, ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--mute-audio",
                       "--user-data-dir=" + box.root.appendingPathComponent("chromium").path] + arguments,
                environment: box.environment, timeout: 120)
    }

    /// The width and height a PNG file declares (its IHDR chunk), or nil if it is not a PNG.
    func pngSize(_ path: String) -> (Int, Int)? {
        guard let data = FileManager.default.contents(atPath: path), data.count > 24,
              data.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { return nil }
        let bytes = [UInt8](data[16..<24])
        let width = bytes[0..<4].reduce(0) { $0 << 8 | Int($1) }
        let height = bytes[4..<8].reduce(0) { $0 << 8 | Int($1) }
        return (width, height)
    }

    @Test func chromiumShowsTheImagesAtTheirSize() throws {
        guard let browser = tool("chromium") else { return }
        let box = try heatmapFixture()
        let now = CalendarEndToEndTests.now
        try box.sp("calendar", "quiz", "--format", "svg", "--output", "calendar.svg", "--now", now)
        try box.sp("card", "quiz", "--theme", "dark", "--output", "card.svg", "--now", now)
        try box.sp("calendar", "quiz", "--format", "html", "--output", "calendar.html", "--now", now)
        // As <img> (how a README shows them): each loads, at the size it declares.
        let page = try box.file("check.html", """
            <!DOCTYPE html><html><body><img id="a" src="calendar.svg"><img id="b" src="card.svg">
            <script>
            window.addEventListener('load', () => {
              const a = document.getElementById('a'), b = document.getElementById('b');
              document.body.setAttribute('data-sizes', [a.naturalWidth, a.naturalHeight, b.naturalWidth, b.naturalHeight].join(' '));
            });
            </script></body></html>
            """)
        let dom = try chromium(browser, box, ["--allow-file-access-from-files", "--virtual-time-budget=10000", "--dump-dom",
                                              URL(fileURLWithPath: page).absoluteString])
        #expect(dom.status == 0, "\(dom)")
        #expect(dom.stdout.contains("data-sizes=\"804 210 480 150\""), "\(dom.stdout)")
        // Screenshots of the SVG and the HTML page, at their size.
        for (file, size) in [("calendar.svg", (804, 210)), ("card.svg", (480, 150)), ("calendar.html", (852, 258))] {
            let png = box.root.appendingPathComponent(file + ".png").path
            let shot = try chromium(browser, box, ["--screenshot=" + png, "--window-size=\(size.0),\(size.1)",
                                                   box.root.appendingPathComponent(file).path])
            #expect(shot.status == 0, "\(shot)")
            let declared = pngSize(png)
            #expect(declared?.0 == size.0 && declared?.1 == size.1, "\(file): \(String(describing: declared))")
        }
    }
}
