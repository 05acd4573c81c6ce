import Foundation
import Testing

/// The segment for status bars: waybar's JSON, polybar's tags, i3blocks' lines, and `watch`,
/// which prints again when the segment changes.
@Suite("status bars")
struct StatusBarTests {
    func twoStreaks() throws -> Sandbox {
        let box = try Sandbox()
        try box.sp("tick", "quiz", "--now", "2026-11-24T09:00")
        try box.sp("add", "gym")
        try box.sp("tick", "gym", "--now", "2026-11-20T09:00")
        return box
    }

    @Test func waybarGetsOneJSONObjectWithMarkupEscaped() throws {
        let box = try twoStreaks()
        let result = try box.spArgs(["--shell", "waybar", "--format", "<{name}&{count}>", "--now", "2026-11-24T12:00"])
        #expect(result.status == 0 && result.stdout.split(separator: "\n").count == 1, "\(result)")
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let text = object?["text"] as? String ?? ""
        #expect(text.contains("&lt;quiz&amp;1&gt;") && !text.contains("<quiz"), "\(text)")
        #expect(text.contains("<span color=\"#3fb950\">"), "done is green: \(text)")
        #expect(object?["class"] as? String == "broken", "the worst state: \(result.stdout)")
        #expect((object?["tooltip"] as? String)?.contains("quiz: done, 1") == true)
        // Nothing to show is still a JSON object.
        let empty = try Sandbox().spArgs(["--shell", "waybar"])
        #expect(empty.stdout.isEmpty || (try? JSONSerialization.jsonObject(with: Data(empty.stdout.utf8))) != nil)
    }

    /// The tags polybar's parser opens in `text`, as its `tags::parser::parse` reads it: a
    /// `%` directly followed by `{` opens one, up to the next `}`; any other `%` is text.
    static func polybarTags(_ text: String) -> [String] {
        var tags: [String] = []
        var rest = Substring(text)
        while let start = rest.firstRange(of: "%{") {
            let after = rest[start.upperBound...]
            guard let end = after.firstIndex(of: "}") else { break }
            tags.append(String(after[..<end]))
            rest = after[after.index(after: end)...]
        }
        return tags
    }

    @Test func polybarAndI3blocksGetTheirFormats() throws {
        let box = try twoStreaks()
        let polybar = try box.spArgs(["quiz", "--shell", "polybar", "--format", "%{A1:rm -rf:}{count}%", "--now", "2026-11-24T12:00"])
        // polybar opens a tag at every "%{" (a "%" before it does not stop it): a zero-width
        // space goes between them; a "%" alone is shown as it is.
        #expect(polybar.stdout == "%{F#3fb950}%\u{200B}{A1:rm -rf:}1%%{F-}", "a % in the text cannot open a tag: \(polybar.stdout)")
        #expect(Self.polybarTags(polybar.stdout) == ["F#3fb950", "F-"], "\(polybar.stdout)")
        let blocks = try box.spArgs(["--shell", "i3blocks", "--now", "2026-11-24T12:00"])
        let lines = blocks.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 4 && lines[0] == lines[1] && lines[2] == "#8b949e", "full, short, colour: \(blocks.stdout)")
        let plain = try box.spArgs(["--shell", "i3blocks", "--now", "2026-11-24T12:00"], env: ["NO_COLOR": "1"])
        #expect(plain.stdout.hasSuffix("\n\n"), "no colour line's value without colour: \(plain.stdout)")
        // Past the warn time, every bar shows a pending streak in the warn colour.
        let late = ["--shell", "--now", "2026-11-25T21:30"]
        let warned = try box.spArgs(["quiz", late[0], "polybar", late[1], late[2]]).stdout
        let colour = try box.spArgs(["quiz", late[0], "i3blocks", late[1], late[2]]).stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(colour.count == 4 && warned.hasPrefix("%{F\(colour[2])}") && colour[2] != "#d29922", "\(warned) \(colour)")
    }

    /// i3blocks passes a block's properties to its command as variables: under
    /// `markup=pango` i3bar reads the text as Pango markup, so an icon's `<`, `>` and `&` are
    /// written as entities; without it the text is shown as it is, and stays as it is.
    @Test func i3blocksUnderPangoMarkupGetsItsTextEscaped() throws {
        let box = try Sandbox()
        try box.sp("add", "quiz", "--icon", "<span size=\"99999\">B</span>&")
        try box.sp("tick", "quiz", "--now", "2026-11-24T09:00")
        let arguments = ["quiz", "--shell", "i3blocks", "--now", "2026-11-24T12:00"]
        let pango = try box.spArgs(arguments, env: ["markup": "pango"]).stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(pango.count == 4 && pango[0] == "&lt;span size=\"99999\"&gt;B&lt;/span&gt;&amp;1" && pango[1] == pango[0], "\(pango)")
        let plain = try box.spArgs(arguments).stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(plain.first == "<span size=\"99999\">B</span>&1", "\(plain)")
        let watched = try run("/bin/sh", ["-c", "\"$BIN\" watch quiz --shell i3blocks | head -1"],
                              environment: box.environment.merging(["BIN": Binary.path, "markup": "pango"]) { $1 })
        #expect(watched.stdout.hasPrefix("&lt;span"), "\(watched)")
    }

    /// `watch` prints the segment, again when a tick changes it, and ends when its reader goes.
    @Test func watchPrintsAgainWhenTheSegmentChanges() throws {
        let box = try Sandbox()
        try box.sp("tick", "quiz", "--now", "2026-11-20T09:00")
        let out = box.root.appendingPathComponent("watched").path
        var environment = box.environment
        environment["BIN"] = Binary.path
        environment["OUT"] = out
        let script = "\"$BIN\" watch quiz --interval 1 --format '{count}' --shell plain | head -2 > \"$OUT\""
        let started = Date()
        let watcher = spawnQuietly(["/bin/sh", "-c", script], environment: environment)
        #expect(watcher > 0)
        // The first line, then a tick that changes it.
        var first = ""
        for _ in 0..<100 where first.isEmpty {
            first = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
            usleep(50_000)
        }
        try box.sp("tick", "quiz", "--now", "2026-11-21T09:00")
        try box.sp("tick", "quiz")
        #expect(waitOrKill(watcher, tries: 200) == watcher, "watch ended when head went away")
        let lines = (try? String(contentsOfFile: out, encoding: .utf8))?.split(separator: "\n") ?? []
        #expect(lines.count == 2 && lines[0] != lines[1], "printed again on the change: \(lines)")
        #expect(Date().timeIntervalSince(started) < 10)
        // --now, like every command that reads the clock: the state as of then.
        try box.sp("tick", "other", "--now", "2026-11-20T09:00")
        try box.sp("tick", "other", "--now", "2026-11-21T09:00")
        environment["NO_COLOR"] = "1"
        let then = try run("/bin/sh", ["-c", "\"$BIN\" watch other --interval 1 --format '{count}{state}' --shell plain --now 2026-11-22T12:00 | head -1"],
                           environment: environment)
        #expect(then.stdout == "2pending\n", "\(then)")
    }
}
