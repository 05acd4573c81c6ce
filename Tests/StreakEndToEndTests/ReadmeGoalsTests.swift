import Foundation
import Testing

/// The worked examples of the README's "Goals, weeks and pauses" are what the binary prints:
/// each block's commands run in order in one data folder (with the ticks the text leaves
/// unshown), each at the moment its comment says (`STREAKPROMPT_NOW`), `TZ=Europe/Berlin`,
/// 80 columns, no colour. `STREAKPROMPT_RECORD=1` writes what the binary prints into the
/// README instead.
@Suite("README: goals, weeks and pauses")
struct ReadmeGoalsTests {
    struct Step {
        var arguments: [String]
        /// `2026-11-16T07:30`, local time.
        var moment: String
        /// Shown in the README, with its output (else run quietly: the ticks behind a history).
        var shown = true
    }

    static func show(_ moment: String, _ arguments: String...) -> Step { Step(arguments: arguments, moment: moment) }

    static func quietTicks(_ name: String, _ days: [String], at time: String) -> [Step] {
        days.map { Step(arguments: ["tick", name, "--quiet"], moment: "2026-11-\($0)T\(time)", shown: false) }
    }

    static let blocks: [[Step]] = [
        [
            show("2026-11-16T07:00", "add", "run", "--goal", "3"),
            show("2026-11-16T07:30", "tick", "run", "--count", "2", "--note", "5 km, easy"),
            show("2026-11-16T19:00", "tick", "run"),
            show("2026-11-17T07:30", "tick", "run"),
            show("2026-11-17T20:00", "status", "run"),
            show("2026-11-17T20:00", "run", "--format", "{icon}{count} {progress}"),
        ],
        [show("2026-11-02T08:00", "add", "read", "--target", "3/week", "--icon", "📚")]
            + quietTicks("read", ["02", "04", "06", "09", "10", "12", "16", "17"], at: "21:00")
            + [
                show("2026-11-18T21:00", "tick", "read"),
                show("2026-11-18T22:00", "status", "read"),
                show("2026-11-18T22:00", "list"),
                show("2026-11-18T22:00", "history", "read"),
                show("2026-11-18T22:00", "calendar", "read", "--weeks", "4"),
            ],
        [show("2026-11-02T07:00", "add", "gym", "--schedule", "mon,wed,fri", "--earn-freeze", "4", "--max-freezes", "1")]
            + quietTicks("gym", ["02", "04", "06", "09", "11", "13", "16"], at: "18:00")
            + [
                show("2026-11-17T12:00", "status", "gym"),
                show("2026-11-17T12:00", "pause", "gym", "--from", "2026-12-21", "--to", "2027-01-03"),
                show("2026-11-17T12:00", "add", "gym", "--target", "2/week", "--from", "2026-11-18"),
                show("2026-11-20T12:00", "status", "gym"),
                show("2026-11-20T12:00", "unpause", "gym", "--from", "2027-01-01", "--to", "2027-01-03"),
            ],
        [
            show("2026-11-14T09:00", "add", "smoke", "--quit", "--from", "2026-11-01", "--icon", "🚭"),
            show("2026-11-14T22:00", "tick", "smoke"),
            show("2026-11-20T12:00", "status", "smoke"),
        ],
    ]

    /// `# Mon 2026-11-16 07:30`
    static func label(_ moment: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm"
        let date = formatter.date(from: moment)!
        formatter.dateFormat = "EEE yyyy-MM-dd HH:mm"
        return "# " + formatter.string(from: date)
    }

    /// What the binary prints for one block, as the README shows it.
    static func run(_ steps: [Step], in box: Sandbox) throws -> String {
        var printed = ""
        for step in steps {
            let result = try box.spArgs(step.arguments, env: ["STREAKPROMPT_NOW": step.moment])
            guard result.status == 0 else { throw TestFailure("\(step.arguments): \(result)") }
            guard step.shown else { continue }
            let words = step.arguments.map { $0.contains(" ") || $0.contains("{") ? "'\($0)'" : $0 }
            let command = "$ streakprompt " + words.joined(separator: " ")
            printed += command + String(repeating: " ", count: max(1, 52 - command.count)) + label(step.moment) + "\n"
            printed += result.stdout
            if !result.stdout.isEmpty, !result.stdout.hasSuffix("\n") { printed += "\n" }
        }
        return printed
    }

    /// The section's console blocks: where each one's lines start and end in the README.
    static func readmeBlocks(_ text: String) throws -> [Range<String.Index>] {
        let start = try #require(text.range(of: "## Goals, weeks and pauses"))
        let end = text.range(of: "\n## ", range: start.upperBound..<text.endIndex)?.lowerBound ?? text.endIndex
        var ranges: [Range<String.Index>] = []
        var cursor = start.upperBound
        while let open = text.range(of: "```console\n", range: cursor..<end),
              let close = text.range(of: "```", range: open.upperBound..<end) {
            ranges.append(open.upperBound..<close.lowerBound)
            cursor = close.upperBound
        }
        return ranges
    }

    @Test func theWorkedExamplesAreWhatTheBinaryPrints() throws {
        let path = Package.root.path + "/docs/streaks.md"
        var text = try String(contentsOfFile: path, encoding: .utf8)
        let ranges = try Self.readmeBlocks(text)
        #expect(ranges.count == Self.blocks.count)
        let box = try Sandbox(tz: "Europe/Berlin", extra: ["NO_COLOR": "1", "COLUMNS": "80", "STREAKPROMPT_MACHINE": "laptop"])
        let printed = try Self.blocks.map { try Self.run($0, in: box) }
        if ProcessInfo.processInfo.environment["STREAKPROMPT_RECORD"] == "1" {
            for (range, block) in zip(ranges, printed).reversed() { text.replaceSubrange(range, with: block) }
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return
        }
        for (range, block) in zip(ranges, printed) {
            expectSameViews([block], [String(text[range])], "README, goals, weeks and pauses")
        }
    }
}
