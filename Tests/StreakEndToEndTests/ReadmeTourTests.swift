import Foundation
import Testing

/// The README's quick tour, copied in order as a user would: every line runs, in one data
/// folder, through `sh` with the binary on `PATH`, and succeeds (a line that names a streak
/// finds it: a rename comes after the lines that use the old name). The lines that need
/// what a sandbox has not (a git repository, a file to import, a desktop session, `man`) are
/// left out by their first words.
@Suite("README: the quick tour")
struct ReadmeTourTests {
    static let skipped = ["streakprompt git install", "streakprompt import", "streakprompt remind --install-timer", "man "]

    static func tour() throws -> [String] {
        let text = try String(contentsOfFile: Package.root.path + "/README.md", encoding: .utf8)
        guard let start = text.range(of: "## Quick tour"), let block = text[start.upperBound...].range(of: "```sh\n"),
              let end = text[block.upperBound...].range(of: "```")
        else { throw TestFailure("no quick tour in the README") }
        return text[block.upperBound..<end.lowerBound].split(separator: "\n").map(String.init)
    }

    @Test func everyLineRunsInOrder() throws {
        let box = try Sandbox(tz: "Europe/Berlin")
        let folder = (Binary.path as NSString).deletingLastPathComponent
        var ran = 0
        for line in try Self.tour() where !Self.skipped.contains(where: { line.hasPrefix($0) }) {
            let result = try run("/bin/sh", ["-c", line], environment: box.environment.merging(
                ["PATH": folder + ":" + (box.environment["PATH"] ?? "/usr/bin:/bin"), "NO_COLOR": "1"]) { $1 },
                directory: box.root.path)
            // `remind` says by its exit status whether anything is pending.
            let allowed: Set<Int32> = line.hasPrefix("streakprompt remind") ? [0, 1] : [0]
            #expect(allowed.contains(result.status), "\(line)\n\(result)")
            #expect(!result.stdout.isEmpty || !result.stderr.isEmpty || line.contains(">") || line.contains("-o "),
                    "\(line): printed nothing")
            ran += 1
        }
        #expect(ran > 25)
    }
}
