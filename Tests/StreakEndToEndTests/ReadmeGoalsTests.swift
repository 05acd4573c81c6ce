import Foundation
import Testing

/// The worked examples of the README's "Goals, weeks and pauses" are what the binary prints:
/// each block's commands run in order in one data folder (with the ticks the text leaves
/// unshown), `TZ=Europe/Berlin`, 80 columns, no colour.
@Suite("README: goals, weeks and pauses")
struct ReadmeGoalsTests {
    enum Step {
        /// Shown in the README, with its output.
        case shown([String])
        /// Run, not shown (the ticks that set up a history).
        case quiet([String])
    }

    static let blocks: [[Step]] = [
        [
            .shown(["add", "run", "--goal", "3", "--now", "2026-11-16T07:00"]),
            .shown(["tick", "run", "--count", "2", "--note", "5 km, easy", "--now", "2026-11-16T07:30"]),
            .shown(["tick", "run", "--now", "2026-11-16T19:00"]),
            .shown(["tick", "run", "--now", "2026-11-17T07:30"]),
            .shown(["status", "run", "--now", "2026-11-17T20:00"]),
            .shown(["run", "--format", "{icon}{count} {progress}", "--now", "2026-11-17T20:00"]),
        ],
        [.shown(["add", "read", "--target", "3/week", "--icon", "📚", "--now", "2026-11-02T08:00"])]
            + ["02", "04", "06", "09", "10", "12", "16", "17"].map { .quiet(["tick", "read", "--quiet", "--now", "2026-11-\($0)T21:00"]) }
            + [
                .shown(["tick", "read", "--now", "2026-11-18T21:00"]),
                .shown(["status", "read", "--now", "2026-11-18T22:00"]),
                .shown(["list", "--now", "2026-11-18T22:00"]),
                .shown(["history", "read", "--now", "2026-11-18T22:00"]),
                .shown(["calendar", "read", "--weeks", "4", "--now", "2026-11-18T22:00"]),
            ],
        [.shown(["add", "gym", "--schedule", "mon,wed,fri", "--earn-freeze", "4", "--max-freezes", "1", "--now", "2026-11-02T07:00"])]
            + ["02", "04", "06", "09", "11", "13", "16"].map { .quiet(["tick", "gym", "--quiet", "--now", "2026-11-\($0)T18:00"]) }
            + [
                .shown(["status", "gym", "--now", "2026-11-17T12:00"]),
                .shown(["pause", "gym", "--from", "2026-12-21", "--to", "2027-01-03", "--now", "2026-11-17T12:00"]),
                .shown(["add", "gym", "--target", "2/week", "--from", "2026-11-18", "--now", "2026-11-17T12:00"]),
                .shown(["status", "gym", "--now", "2026-11-20T12:00"]),
                .shown(["unpause", "gym", "--from", "2027-01-01", "--to", "2027-01-03", "--now", "2026-11-17T12:00"]),
            ],
    ]

    /// The console blocks of the section, without their fences.
    static func readmeBlocks() throws -> [String] {
        let text = try String(contentsOfFile: Package.root.path + "/README.md", encoding: .utf8)
        let start = try #require(text.range(of: "## Goals, weeks and pauses"))
        let section = text[start.upperBound...].prefix { _ in true }
        let end = section.range(of: "\n## ")?.lowerBound ?? section.endIndex
        return section[..<end].components(separatedBy: "```console\n").dropFirst().map { block in
            String(block.prefix(upTo: block.range(of: "```")!.lowerBound))
        }
    }

    @Test func theWorkedExamplesAreWhatTheBinaryPrints() throws {
        let readme = try Self.readmeBlocks()
        #expect(readme.count == Self.blocks.count)
        let box = try Sandbox(tz: "Europe/Berlin", extra: ["NO_COLOR": "1", "COLUMNS": "80", "STREAKPROMPT_MACHINE": "laptop"])
        for (steps, expected) in zip(Self.blocks, readme) {
            var printed = ""
            for step in steps {
                switch step {
                case .quiet(let arguments):
                    #expect(try box.spArgs(arguments).status == 0)
                case .shown(let arguments):
                    let result = try box.spArgs(arguments)
                    #expect(result.status == 0, "\(arguments): \(result)")
                    let words = arguments.map { $0.contains(" ") || $0.contains("{") ? "'\($0)'" : $0 }
                    printed += "$ streakprompt " + words.joined(separator: " ") + "\n" + result.stdout
                    if !result.stdout.hasSuffix("\n") { printed += "\n" }
                }
            }
            expectSameViews([printed], [expected], "README block")
        }
    }
}
