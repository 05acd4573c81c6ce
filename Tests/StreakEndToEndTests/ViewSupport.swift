import Foundation

/// Helpers the zero-fork tests of every shell share.
extension Sandbox {
    /// A wrapper around the binary that counts its runs (`binaryRuns`): a prompt that took
    /// the view runs it no time.
    func countingBinary() throws -> String {
        try file("counting/streakprompt", """
            #!/bin/sh
            echo run >> '\(root.path)/runs'
            exec '\(Binary.path)' "$@"
            """, executable: true)
    }

    /// How many times the wrapper of `countingBinary` ran the binary (lines `mark` apart).
    var binaryRuns: Int {
        ((try? String(contentsOfFile: root.path + "/runs", encoding: .utf8)) ?? "").split(separator: "\n")
            .count { $0 == "run" }
    }
}

/// Many streaks as a plugin shows them all: a view of the 40 dates ahead would be larger than
/// the 16 KB a plugin reads (24 long names, each with freezes to spend one date after another).
enum ManyStreaks {
    static let names = (1...24).map { "habit-number-\($0)-with-a-long-name" }

    static func sandbox() throws -> Sandbox {
        let box = try Sandbox(tz: "Europe/Berlin", extra: ["STREAKPROMPT_FORMAT": "{icon} {name} {count} {freezes}"])
        for name in names {
            try box.sp("add", name, "--freezes", "3", "--from", "2026-01-01")
            try box.sp("tick", name, "--quiet")
        }
        return box
    }

    /// The views' problems: larger than a plugin reads, or not cut short (then the data did not
    /// ask for a cut, and the test proves nothing).
    static func problems(_ box: Sandbox) throws -> [String] {
        let folder = box.home + "/views"
        var problems: [String] = []
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.contains("-") && !$0.hasPrefix(".") }
        if names.isEmpty { problems.append("no view") }
        for name in names {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))
            if bytes.count > 16384 { problems.append("\(name): \(bytes.count) bytes") }
            let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n")
            guard let end = lines.firstIndex(of: "end"), end > 2 else {
                problems.append("\(name): no pieces")
                continue
            }
            if lines[end - 1].hasPrefix("0\t") { problems.append("\(name): not cut short") }
        }
        return problems
    }
}

/// The moment of a wall-clock time in `zone`, as seconds since the epoch.
func wallClockMoment(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Int = 0,
                     zone: String) -> Int {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: zone)!
    let date = calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute,
                                                  second: second))!
    return Int(date.timeIntervalSince1970)
}
