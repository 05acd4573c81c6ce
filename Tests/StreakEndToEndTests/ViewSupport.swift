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

/// The moment of a wall-clock time in `zone`, as seconds since the epoch.
func wallClockMoment(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Int = 0,
                     zone: String) -> Int {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: zone)!
    let date = calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute,
                                                  second: second))!
    return Int(date.timeIntervalSince1970)
}
