import Foundation
import StreakCore
import Testing

/// The README's console examples are what the binary prints.
///
/// A ```console block right after `<!-- example: FIXTURE -->` is checked: each `$ streakprompt
/// ...` line runs in a data folder set up as FIXTURE says (below), at 2026-11-22T20:48 UTC, on
/// a pipe 80 columns wide without colour, and what follows it up to the next `$` is its exact
/// output. Run with STREAKPROMPT_RECORD=1 to write what the binary prints into the README.
@Suite("README examples")
struct ReadmeExamplesTests {
    static let now = "2026-11-22T20:48"
    static var readme: String { Package.root.path + "/README.md" }

    struct Example {
        var fixture: String
        /// The block's lines, without the fences.
        var lines: [String]
        /// Where the lines start and end in the README's lines.
        var range: Range<Int>
    }

    static func examples(in text: String) -> [Example] {
        let lines = text.components(separatedBy: "\n")
        var examples: [Example] = []
        var index = 0
        while index < lines.count {
            let line = lines[index]
            if line.hasPrefix("<!-- example: "), line.hasSuffix(" -->"), index + 1 < lines.count, lines[index + 1] == "```console" {
                let fixture = String(line.dropFirst("<!-- example: ".count).dropLast(" -->".count))
                let start = index + 2
                var end = start
                while end < lines.count, lines[end] != "```" { end += 1 }
                examples.append(Example(fixture: fixture, lines: Array(lines[start..<end]), range: start..<end))
                index = end
            }
            index += 1
        }
        return examples
    }

    /// Each command of a block, and the output shown for it.
    static func commands(_ lines: [String]) -> [(command: [String], output: String)] {
        var result: [(command: [String], output: String)] = []
        for line in lines {
            if line.hasPrefix("$ ") {
                result.append((words(String(line.dropFirst(2))), ""))
            } else if !result.isEmpty {
                result[result.count - 1].output += line + "\n"
            }
        }
        return result
    }

    /// Words split at spaces, '…' quoting a word with spaces.
    static func words(_ line: String) -> [String] {
        var words: [String] = []
        var word = ""
        var quoted = false
        var started = false
        for character in line {
            if character == "'" {
                quoted.toggle()
                started = true
            } else if character == " " && !quoted {
                if started { words.append(word) }
                word = ""
                started = false
            } else {
                word.append(character)
                started = true
            }
        }
        if started { words.append(word) }
        return words
    }

    static func action(_ day: StreakDay, hour: Int = 12) -> String {
        "{\"date\": \"\(day)\", \"at\": \"\(day)T\(hour < 10 ? "0" : "")\(hour):00:00+00:00\"}"
    }

    static func importing(_ box: Sandbox, _ streaks: [(name: String, settings: String, actions: [String])]) throws {
        let body = streaks.map { streak in
            "{\"name\": \"\(streak.name)\", \(streak.settings) \"actions\": [\(streak.actions.joined(separator: ", "))]}"
        }.joined(separator: ", ")
        let result = try box.sp("import", "-", stdin: "{\"streaks\": [\(body)]}")
        guard result.status == 0 else { throw TestFailure("fixture import failed: \(result)") }
    }

    /// The data folders the examples run in.
    static func fixture(_ name: String) throws -> Sandbox {
        let box = try Sandbox(extra: ["STREAKPROMPT_NOW": now, "NO_COLOR": "1", "COLUMNS": "80"])
        let day = { (text: String) in StreakDay(text)! }
        switch name {
        case "intro", "intro-done":
            // quiz: 11 dates in a row in September, 17 single dates, then 11 in a row up to
            // yesterday: today's tick makes the run the longest.
            var days = (0..<11).map { day("2026-09-01") + $0 }
            days += (0..<17).map { day("2026-09-20") + 3 * $0 }
            days += (0..<11).map { day("2026-11-11") + $0 }
            try importing(box, [("quiz", "", days.map { action($0) })])
            if name == "intro-done" { try box.sp("tick", "quiz", "--quiet") }
        case "everyday":
            // quiz: the last seven dates up to yesterday, recorded on the machine 'laptop'.
            box.environment["STREAKPROMPT_MACHINE"] = "laptop"
            try importing(box, [("quiz", "", (1...7).map { action(day("2026-11-22") - $0) })])
        case "milestones":
            // quiz: six dates in a row, a gap on the 20th, and yesterday.
            let days = (0..<6).map { day("2026-11-14") + $0 } + [day("2026-11-21")]
            try importing(box, [("quiz", "", days.map { action($0) })])
        case "year":
            // quiz since March, daily, with two freezes (spent in spring); busy on some dates.
            var quiz: [String] = []
            var date = day("2026-03-02")
            var seed: UInt64 = 11
            while date < day("2026-11-22") {
                seed = seed &* 6364136223846793005 &+ 1442695040888963407
                let roll = Int(seed >> 33) % 100
                // The last 58 dates all done, after four missed (more than the freezes cover).
                let missed = date >= day("2026-09-25") ? false : date >= day("2026-09-21") || roll < 30
                if !missed {
                    for tick in 0...(roll % 4 == 0 ? roll % 3 + 1 : 0) { quiz.append(action(date, hour: 8 + 3 * tick)) }
                }
                date = date + 1
            }
            // gym: Monday, Wednesday and Friday, with a week off in October.
            var gym: [String] = []
            date = day("2026-09-14")
            while date < day("2026-11-22") {
                let scheduled = [Weekday.monday, .wednesday, .friday].contains(date.weekday)
                if scheduled && !(date >= day("2026-10-22") && date <= day("2026-10-25")) { gym.append(action(date)) }
                date = date + 1
            }
            try importing(box, [
                ("quiz", "\"icon\": \"📚\", \"schedule\": \"daily\", \"freezes\": 2,", quiz),
                ("gym", "\"icon\": \"🏋\", \"schedule\": \"mon,wed,fri\", \"freezes\": 0,", gym),
            ])
        default:
            throw TestFailure("no fixture '\(name)' for a README example")
        }
        return box
    }

    /// The install step, run as written in a copy of the clone (with the build already done):
    /// the binary lands on the PATH the next step sets, and `man` finds the page there.
    @Test func theInstallStepInstallsTheBinaryAndTheManual() throws {
        guard let sh = tool("sh"), let man = tool("man") else { return }
        let text = try String(contentsOfFile: Self.readme, encoding: .utf8)
        let blocks = text.components(separatedBy: "```sh\n").dropFirst().map { $0.components(separatedBy: "\n```")[0] }
        let install = try #require(blocks.first { $0.contains("cp man/streakprompt.1") })
        let path = try #require(blocks.first { $0.contains("export PATH=") })
        let box = try Sandbox()
        let clone = box.root.appendingPathComponent("clone").path
        let home = box.root.appendingPathComponent("home").path
        try FileManager.default.createDirectory(atPath: clone + "/.build/release", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: clone + "/man", withIntermediateDirectories: true)
        try Binary.copy(to: clone + "/.build/release/streakprompt")
        try FileManager.default.copyItem(atPath: Package.root.path + "/man/streakprompt.1", toPath: clone + "/man/streakprompt.1")
        // `swift build` has been run: a stand-in that does nothing.
        let fake = try box.file("fakebin/swift", "#!/bin/sh\nexit 0\n", executable: true)
        var environment = box.environment
        environment["PATH"] = (fake as NSString).deletingLastPathComponent + ":/usr/bin:/bin"
        environment["HOME"] = home
        let installed = try run(sh, ["-euc", install], environment: environment, directory: clone)
        #expect(installed.status == 0, "\(installed)")
        // The PATH step for bash, then a login to a new shell, as a person would.
        let bashLine = try #require(path.split(separator: "\n").first { $0.contains(".bashrc") })
        #expect(try run(sh, ["-euc", String(bashLine)], environment: environment, directory: home).status == 0)
        let rc = try String(contentsOfFile: home + "/.bashrc", encoding: .utf8)
        let shell = try run(sh, ["-c", rc + "\ncommand -v streakprompt; streakprompt version; " + man + " -w streakprompt"],
                            environment: environment, directory: home)
        #expect(shell.status == 0, "\(shell)")
        #expect(shell.stdout == "\(home)/.local/bin/streakprompt\nstreakprompt \(try box.sp("version").stdout.dropFirst("streakprompt ".count))\(home)/.local/share/man/man1/streakprompt.1\n",
                "\(shell.stdout)")
    }

    /// The README and every page of docs/: the examples are checked wherever they are.
    static var pages: [String] {
        let docs = Package.root.path + "/docs"
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: docs)) ?? []).filter { $0.hasSuffix(".md") }.sorted()
        return [readme] + names.map { docs + "/" + $0 }
    }

    @Test func consoleExamplesAreWhatTheBinaryPrints() throws {
        var total = 0
        for page in Self.pages { total += try Self.checkExamples(in: page) }
        #expect(total >= 5, "the README's and docs' checked examples")
    }

    /// Checks (or, with STREAKPROMPT_RECORD=1, writes) the examples of one page; returns how
    /// many it has.
    static func checkExamples(in page: String) throws -> Int {
        var text = try String(contentsOfFile: page, encoding: .utf8)
        let examples = Self.examples(in: text)
        let record = ProcessInfo.processInfo.environment["STREAKPROMPT_RECORD"].map { !$0.isEmpty && $0 != "0" } ?? false
        var lines = text.components(separatedBy: "\n")
        // From the last, so recording keeps the earlier ranges valid.
        for example in examples.reversed() {
            let box = try fixture(example.fixture)
            var recorded: [String] = []
            for (command, shown) in commands(example.lines) {
                #expect(command.first == "streakprompt", "\(command)")
                let result = try box.spArgs(Array(command.dropFirst()))
                #expect(result.status == 0 || command.contains("doctor"), "\(command): \(result)")
                var printed = result.stdout + result.stderr
                // The segment on a pipe ends without a line break; the README shows it on a line.
                if !printed.isEmpty && !printed.hasSuffix("\n") { printed += "\n" }
                recorded.append("$ " + command.map { $0.contains(" ") ? "'\($0)'" : $0 }.joined(separator: " "))
                recorded += printed.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
                if !record {
                    #expect(printed == shown, "README example (\(example.fixture)) '\(command.joined(separator: " "))':\n\(printed)")
                }
            }
            lines.replaceSubrange(example.range, with: recorded)
        }
        if record {
            text = lines.joined(separator: "\n")
            try Data(text.utf8).write(to: URL(fileURLWithPath: page))
        }
        return examples.count
    }

    /// Every relative link of the README and docs/ names a file that exists, and an anchor a
    /// heading of that file (GitHub's spelling: lowercase, spaces as `-`, punctuation dropped).
    @Test func relativeLinksResolve() throws {
        let root = Package.root.path
        for page in Self.pages + [root + "/CHANGELOG.md"] {
            // Code blocks and code spans are examples, not links.
            var text = ""
            var inCode = false
            for line in try String(contentsOfFile: page, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix("```") { inCode.toggle(); continue }
                if !inCode { text += line.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 0 }.map(\.element).joined() + "\n" }
            }
            let folder = (page as NSString).deletingLastPathComponent
            let pattern = try NSRegularExpression(pattern: #"\]\(([^)\s]+)\)|src="([^"]+)""#)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                let range = match.range(at: 1).location != NSNotFound ? match.range(at: 1) : match.range(at: 2)
                let target = String(text[Range(range, in: text)!])
                if target.hasPrefix("http") || target.hasPrefix("mailto:") { continue }
                let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                let file = parts[0].isEmpty ? page : (folder as NSString).appendingPathComponent(parts[0])
                #expect(FileManager.default.fileExists(atPath: file), "\(page): \(target)")
                guard parts.count == 2, file.hasSuffix(".md"), let linked = try? String(contentsOfFile: file, encoding: .utf8) else { continue }
                let anchors = linked.split(separator: "\n").filter { $0.hasPrefix("#") }.map { line in
                    String(line.drop { $0 == "#" }.dropFirst().lowercased().compactMap { character -> Character? in
                        if character == " " { return "-" }
                        return character.isLetter || character.isNumber || character == "-" || character == "_" ? character : nil
                    })
                }
                #expect(anchors.contains(parts[1]), "\(page): \(target) names no heading")
            }
        }
    }
}
