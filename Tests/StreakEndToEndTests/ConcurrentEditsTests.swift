import Foundation
import Testing

/// Settings files changed by many processes at once: tags (`streak.conf`), the config file
/// and the order (`streaks/.order`). Each change reads, changes and writes the whole file; one
/// worked out from what it read before another wrote would drop the other's. Twenty real
/// processes at once, ten rounds each: every change that says it was made is there after.
@Suite("concurrent settings edits", .serialized)
struct ConcurrentEditsTests {
    static let processes = 20
    static let rounds = 10

    /// Runs `arguments(i)` for every i at once, each as its own process, and returns each
    /// one's output (stdout and stderr) and exit status.
    func atOnce(_ box: Sandbox, _ arguments: (Int) -> [String]) throws -> [(output: String, status: Int32)] {
        let out = box.root.appendingPathComponent("out-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        var script = ""
        for index in 0..<Self.processes {
            let words = arguments(index).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
            script += "( \"$BIN\" \(words) >'\(out)/\(index)' 2>&1; echo $? >'\(out)/\(index).status' ) &\n"
        }
        script += "wait\n"
        var environment = box.environment
        environment["BIN"] = Binary.path
        let ran = try run("/bin/sh", ["-c", script], environment: environment, timeout: 300)
        guard ran.status == 0 else { throw TestFailure("the processes did not run: \(ran)") }
        return try (0..<Self.processes).map { index in
            let output = try String(contentsOfFile: "\(out)/\(index)", encoding: .utf8)
            let status = Int32(try String(contentsOfFile: "\(out)/\(index).status", encoding: .utf8)
                .trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
            return (output, status)
        }
    }

    @Test func tagsAddedAtOnceAllLand() throws {
        let box = try Sandbox()
        for round in 0..<Self.rounds {
            // A streak a round: a streak holds at most 32 tags. Even rounds tag one that
            // exists; odd ones one that the first of them creates.
            let name = "s\(round)"
            if round % 2 == 0 { try box.sp("add", name) }
            let results = try atOnce(box) { ["add", name, "--tag", "c\($0)"] }
            for (index, result) in results.enumerated() {
                #expect(result.status == 0, "round \(round), process \(index): \(result.output)")
                #expect(result.output.contains("c\(index)"), "round \(round), process \(index): \(result.output)")
            }
            let conf = try box.read("streaks/\(name)/streak.conf")
            let tags = conf.split(separator: "\n").first { $0.hasPrefix("tags=") }.map { Set($0.dropFirst(5).split(separator: ",").map(String.init)) }
            let expected = Set((0..<Self.processes).map { "c\($0)" })
            #expect(tags == expected, "round \(round): lost \(expected.subtracting(tags ?? []).sorted())")
        }
    }

    /// Every key of the config file set at once, to a value of its own each round: after the
    /// round the file holds each key's value of that round, once.
    @Test func configSetAtOnceAllLand() throws {
        let box = try Sandbox()
        let config = box.root.appendingPathComponent("config").path
        box.environment["XDG_CONFIG_HOME"] = config
        func value(_ key: String, _ round: Int) -> String {
            let minute = String(format: "%02d", round)
            switch key {
            case "style-done", "style-pending", "style-warn", "style-broken": return "1;3\(round % 8)"
            case "tmux-style-done", "tmux-style-pending", "tmux-style-warn", "tmux-style-broken": return "fg=colour\(round + 1)"
            case "icon-done", "icon-pending", "icon-warn", "icon-broken": return "i\(round)"
            case "hide-broken", "hide-zero": return round % 2 == 0 ? "true" : "false"
            case "warn-at": return "21:\(minute)"
            case "only": return round % 2 == 0 ? "pending" : "all"
            case "day-start": return "0\(round % 5):\(minute)"
            case "week-start": return round % 2 == 0 ? "sun" : "mon"
            case "format": return "{icon}{count}r\(round)"
            case "names": return "n\(round)"
            default: return ""
            }
        }
        let keys = try #require(try box.sp("config", "set", "--help").stdout.firstMatch(of: /Keys: ([a-z, -]+)\./))
            .1.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(keys.count == Self.processes, "\(keys)")
        for key in keys {
            let checked = try box.sp("config", "set", key, value(key, 0))
            #expect(checked.status == 0, "\(key) = \(value(key, 0)): \(checked)")
        }
        for round in 1..<(Self.rounds + 1) {
            let results = try atOnce(box) { ["config", "set", keys[$0], value(keys[$0], round)] }
            for (index, result) in results.enumerated() {
                #expect(result.status == 0 && result.output.contains("Set \(keys[index]) = "), "round \(round), \(keys[index]): \(result.output)")
            }
            let lines = try String(contentsOfFile: config + "/streakprompt/config", encoding: .utf8).split(separator: "\n")
            for key in keys {
                let found = lines.filter { $0.split(separator: "=", maxSplits: 1).first?.trimmingCharacters(in: .whitespaces) == key }
                let values = found.map { String($0.split(separator: "=", maxSplits: 1).last ?? "").trimmingCharacters(in: .whitespaces) }
                #expect(values == [value(key, round)], "round \(round), \(key): \(values)")
            }
        }
    }

    /// Twenty `order NAME` at once: each puts its streak first, and each says the order it
    /// wrote. Run one after another, each output is the order before it with its name first:
    /// so the file's order ends with the names in the reverse order they were run, and each
    /// output starts with its own name followed by the names run before it, exactly as the
    /// file has them. A change made from an order read before another's write breaks this.
    @Test func orderChangedAtOnceLosesNoChange() throws {
        let box = try Sandbox()
        let names = (0..<Self.processes).map { String(format: "c%02d", $0) }
        // Streaks that sort before the others: an order that lost a name shows it among them.
        for name in names + ["a1", "a2", "a3"] { try box.sp("add", name) }
        for round in 0..<Self.rounds {
            let results = try atOnce(box) { ["order", names[$0]] }
            let final = try box.sp("order").stdout.split(separator: "\n").map(String.init)
            #expect(Set(final.prefix(Self.processes)) == Set(names), "round \(round): \(final)")
            for (index, result) in results.enumerated() {
                #expect(result.status == 0, "round \(round), \(names[index]): \(result.output)")
                let written = result.output.split(separator: "\n").first.map { $0.dropFirst("Order: ".count).components(separatedBy: ", ") } ?? []
                guard let place = final.firstIndex(of: names[index]) else { continue }
                let after = Array(final[place..<Self.processes])
                #expect(Array(written.prefix(after.count)) == after, "round \(round), \(names[index]) wrote \(written), the order is \(final)")
            }
        }
    }
}
