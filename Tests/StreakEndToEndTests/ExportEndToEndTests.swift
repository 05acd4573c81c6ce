import Foundation
import StreakTestSupport
import Testing

extension Sandbox {
    /// Every file under the data folder with its bytes (the lock file aside: it is empty and
    /// only ever created).
    func snapshot() throws -> [String: Data] {
        var files: [String: Data] = [:]
        let base = URL(fileURLWithPath: home)
        guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: [.isRegularFileKey]) else { return files }
        for case let url as URL in walker where (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true {
            let relative = String(url.path.dropFirst(base.path.count))
            // The lock, and the derived cache and its spare (the cache before the last write):
            // prompts read at far-off dates start background refreshes that may still be
            // rewriting it (with the same facts) at any moment.
            if relative.hasSuffix("/.lock") || relative == "/prompt.cache" || relative == "/.prompt.cache.tmp" { continue }
            files[relative] = try Data(contentsOf: url)
        }
        return files
    }

    /// What a user sees of one streak: status, history and calendar, as JSON and as text.
    func views(of name: String, now: String) throws -> [String] {
        var out: [String] = []
        for command in [["status", name, "--json"], ["history", name, "--json"], ["calendar", name, "--json"],
                        ["status", name], ["history", name], ["calendar", name]] {
            let result = try spArgs(command + ["--now", now], env: ["NO_COLOR": "1", "COLUMNS": "80"])
            guard result.status == 0 else { throw TestFailure("\(command) failed: \(result)") }
            out.append(command.joined(separator: " ") + "\n" + result.stdout)
        }
        return out
    }

    /// Every streak's views, `list --json` and the prompt, at each moment.
    func allViews(names: [String], nows: [String]) throws -> [String] {
        var out: [String] = []
        for now in nows {
            for name in names { out += try views(of: name, now: now) }
            out.append(try sp("list", "--json", "--now", now).stdout)
            out.append(try prompt(now: now))
        }
        return out
    }
}

/// Random histories written straight into a data folder: streaks with random settings,
/// actions on one or two machines' logs (some recorded on both), moments at offsets from
/// UTC−12 to UTC+14, ticks several times a day.
enum RandomHome {
    static let schedules = ["daily", "weekdays", "weekends", "mon,wed,fri", "tue,thu,sat,sun"]

    /// Fills the box and returns the streak names and moments worth reading at.
    static func fill(_ box: Sandbox, seed: UInt64) throws -> (names: [String], nows: [String]) {
        var g = SeededRandom(seed: seed)
        var names: [String] = []
        let start = 20_000 + Int.random(in: 0...800, using: &g)  // days since 1970: 2024-10 … 2026-12
        for index in 0..<Int.random(in: 1...3, using: &g) {
            let name = ["quiz", "gym", "read", "a-b_c"][index]
            names.append(name)
            let icon = ["🔥", "📚", "x", "a,\"b\""].randomElement(using: &g)!
            let conf = "icon=\(icon)\nschedule=\(schedules.randomElement(using: &g)!)\nfreezes=\(Int.random(in: 0...3, using: &g))\n"
            if Bool.random(using: &g) || index == 0 { try box.write("streaks/\(name)/streak.conf", conf) }
            var logs: [String: String] = ["laptop": "# streakprompt actions v1\n", "desk": ""]
            var day = start + Int.random(in: 0...10, using: &g)
            for _ in 0..<Int.random(in: 1...45, using: &g) {
                day += [0, 1, 1, 1, 1, 2, 3, 5].randomElement(using: &g)!
                let offset = Int.random(in: -48...56, using: &g) * 900
                let localSeconds = day * 86400 + Int.random(in: 0..<86400, using: &g)
                let line = "\(date(day)) \(moment(localSeconds, offset: offset))\n"
                switch Int.random(in: 0..<5, using: &g) {
                case 0: logs["desk"]! += line
                case 1: logs["desk"]! += line; logs["laptop"]! += line  // the same action on both machines
                default: logs["laptop"]! += line
                }
            }
            for (machine, text) in logs where !text.isEmpty {
                try box.write("streaks/\(name)/\(machine).log", text)
            }
        }
        let nows = [date(start + Int.random(in: 0...30, using: &g)) + "T23:30", date(start + Int.random(in: 30...90, using: &g))]
        return (names, nows)
    }

    /// Like `fill`, with everything version 2 records: goals and weekly targets, earned
    /// freezes, counts and notes on actions, and event logs on two machines with rule changes
    /// (some from a later week start), pauses, unpauses and taken-back actions.
    static func fillV2(_ box: Sandbox, seed: UInt64) throws -> (names: [String], nows: [String]) {
        var g = SeededRandom(seed: seed)
        var names: [String] = []
        let start = 20_000 + Int.random(in: 0...800, using: &g)
        func at(_ day: Int) -> String {
            moment(day * 86400 + Int.random(in: 0..<86400, using: &g), offset: Int.random(in: -48...56, using: &g) * 900)
        }
        func rules() -> String {
            var fields: [String] = []
            switch Int.random(in: 0..<3, using: &g) {
            case 0: fields.append("schedule=\(schedules.randomElement(using: &g)!)")
            case 1: fields.append("target=\(Int.random(in: 1...5, using: &g))/week")
            default: break
            }
            if Bool.random(using: &g) { fields.append("goal=\(Int.random(in: 1...3, using: &g))") }
            if Int.random(in: 0..<3, using: &g) == 0 { fields.append("freezes=\(Int.random(in: 0...2, using: &g))") }
            if Int.random(in: 0..<3, using: &g) == 0 { fields.append("earn-freeze=\(Int.random(in: 2...6, using: &g))") }
            if Int.random(in: 0..<4, using: &g) == 0 { fields.append("max-freezes=\(Int.random(in: 1...3, using: &g))") }
            return fields.joined(separator: " ")
        }
        let notes = ["ran%205%20km", "100%25", "é🔥", "a,\"b\""]
        for index in 0..<Int.random(in: 1...3, using: &g) {
            let name = ["quiz", "gym", "read"][index]
            names.append(name)
            let conf = "icon=\(["🔥", "📚", "x"].randomElement(using: &g)!)\n"
                + rules().split(separator: " ").map { $0 + "\n" }.joined()
            try box.write("streaks/\(name)/streak.conf", conf)
            var logs: [String: String] = ["laptop": "# streakprompt actions v1\n", "desk": ""]
            var events: [String: String] = ["laptop": "# streakprompt events v1: INSTANT KIND ARGS...\n", "desk": ""]
            var day = start + Int.random(in: 0...10, using: &g)
            var made: [String] = []
            for _ in 0..<Int.random(in: 5...60, using: &g) {
                day += [0, 0, 1, 1, 1, 1, 2, 3, 6].randomElement(using: &g)!
                let moment = at(day)
                var line = "\(date(day)) \(moment)"
                if Int.random(in: 0..<3, using: &g) == 0 { line += " count=\(Int.random(in: 2...3, using: &g))" }
                if Int.random(in: 0..<6, using: &g) == 0 { line += " note=\(notes.randomElement(using: &g)!)" }
                made.append("date=\(date(day)) at=\(moment)")
                let machine = Bool.random(using: &g) ? "laptop" : "desk"
                logs[machine]! += line + "\n"
            }
            for _ in 0..<Int.random(in: 1...6, using: &g) {
                let from = start + Int.random(in: 0...90, using: &g)
                let record: String
                switch Int.random(in: 0..<4, using: &g) {
                case 0: record = "rules from=\(date(from)) \(rules())"
                case 1: record = "pause from=\(date(from)) to=\(date(from + Int.random(in: 0...12, using: &g)))"
                case 2: record = "unpause from=\(date(from)) to=\(date(from + Int.random(in: 0...4, using: &g)))"
                default: record = made.isEmpty ? "pause from=\(date(from)) to=\(date(from))" : "untick \(made.randomElement(using: &g)!)"
                }
                events[Bool.random(using: &g) ? "laptop" : "desk"]! += "\(at(from - Int.random(in: 0...5, using: &g))) \(record)\n"
            }
            for (machine, text) in logs where !text.isEmpty { try box.write("streaks/\(name)/\(machine).log", text) }
            for (machine, text) in events where !text.isEmpty { try box.write("streaks/\(name)/\(machine).events", text) }
        }
        let nows = [date(start + Int.random(in: 10...40, using: &g)) + "T23:30", date(start + Int.random(in: 40...100, using: &g)),
                    date(start + Int.random(in: 100...200, using: &g)) + "T08:00"]
        return (names, nows)
    }

    static func date(_ ordinal: Int) -> String {
        let date = Date(timeIntervalSince1970: TimeInterval(ordinal) * 86400)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: date)
    }

    /// `2026-11-22T21:57:05+01:00` for a local wall-clock time at `offset`.
    static func moment(_ localSeconds: Int, offset: Int) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
        let sign = offset < 0 ? "-" : "+"
        let minutes = abs(offset) / 60
        return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(localSeconds)))
            + sign + String(format: "%02d:%02d", minutes / 60, minutes % 60)
    }
}

/// Compares views one by one, showing only the first lines that differ.
func expectSameViews(_ actual: [String], _ expected: [String], _ context: String,
                     sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(actual.count == expected.count, "\(context)", sourceLocation: sourceLocation)
    for (a, e) in zip(actual, expected) where a != e {
        let aLines = a.split(separator: "\n", omittingEmptySubsequences: false)
        let eLines = e.split(separator: "\n", omittingEmptySubsequences: false)
        let index = (0..<min(aLines.count, eLines.count)).first { aLines[$0] != eLines[$0] } ?? min(aLines.count, eLines.count)
        let got = index < aLines.count ? String(aLines[index]) : "(end)"
        let want = index < eLines.count ? String(eLines[index]) : "(end)"
        Issue.record("\(context): '\(eLines.first ?? "")' differs at line \(index + 1): got '\(got)', expected '\(want)'",
                     sourceLocation: sourceLocation)
    }
}

@Suite("export and import end to end")
struct ExportEndToEndTests {
    /// Export → import into an empty home gives the same status, history, calendar, list and
    /// prompt, in JSON and CSV, for random histories read from random zones.
    @Test(arguments: [11, 22, 33, 44, 55, 66] as [UInt64])
    func roundTripOnRandomHistories(seed: UInt64) throws {
        let zones = ["UTC", "Asia/Tokyo", "America/Los_Angeles", "Pacific/Apia", "Australia/Lord_Howe"]
        let tz = zones[Int(seed / 11) % zones.count]
        let original = try Sandbox(tz: tz)
        let (names, nows) = try RandomHome.fill(original, seed: seed)
        // The logs were written by hand: build the prompt cache a real home would have.
        #expect(try original.sp("doctor", "--repair").status == 0)
        let before = try original.allViews(names: names, nows: nows)

        for format in ["json", "csv"] {
            let exported = try original.sp("export", "--format", format)
            #expect(exported.status == 0)
            let copy = try Sandbox(tz: tz)
            let imported = try copy.sp("import", "-", stdin: exported.stdout)
            #expect(imported.status == 0, "\(imported)")
            let after = try copy.allViews(names: names, nows: nows)
            expectSameViews(after, before, "seed \(seed), \(format), TZ=\(tz)")
            // And the copy exports the same document.
            #expect(try copy.sp("export", "--format", format).stdout == exported.stdout)
            // Importing it again changes nothing at all.
            let snapshot = try copy.snapshot()
            let again = try copy.sp("import", "-", stdin: exported.stdout)
            #expect(again.stdout.contains("Imported 0 new actions"))
            #expect(try copy.snapshot() == snapshot)
        }
    }

    /// The same with every version 2 record kind (goals, targets, earned freezes, counts,
    /// notes, rule changes, pauses, unpauses, retractions), and both week starts: nothing is
    /// lost on the way through JSON or CSV.
    @Test(arguments: [101, 202, 303, 404, 505, 606, 707, 808] as [UInt64])
    func roundTripOnRandomHistoriesWithEveryRecord(seed: UInt64) throws {
        let zones = ["Europe/Berlin", "America/Sao_Paulo", "UTC", "Pacific/Apia"]
        let tz = zones[Int(seed / 101) % zones.count]
        let week = seed % 2 == 0 ? "sun" : "mon"
        let original = try Sandbox(tz: tz, extra: ["STREAKPROMPT_WEEK_START": week])
        let (names, nows) = try RandomHome.fillV2(original, seed: seed)
        let repaired = try original.sp("doctor", "--repair")
        #expect(!repaired.stdout.contains("unreadable"), "\(repaired)")
        let before = try original.allViews(names: names, nows: nows)
        let exportedJSON = try original.sp("export").stdout
        #expect(exportedJSON.contains("\"count\": "), "seed \(seed): counts are exported")
        for format in ["json", "csv"] {
            let exported = try original.sp("export", "--format", format)
            #expect(exported.status == 0)
            let copy = try Sandbox(tz: tz, extra: ["STREAKPROMPT_WEEK_START": week])
            let imported = try copy.sp("import", "-", stdin: exported.stdout)
            #expect(imported.status == 0, "\(imported)")
            expectSameViews(try copy.allViews(names: names, nows: nows), before, "seed \(seed), \(format), TZ=\(tz), weeks from \(week)")
            #expect(try copy.sp("export", "--format", format).stdout == exported.stdout)
            let snapshot = try copy.snapshot()
            let again = try copy.sp("import", "-", stdin: exported.stdout)
            #expect(again.stdout.contains("Imported 0 new actions into"), "\(again)")
            #expect(!again.stdout.contains("new record"), "\(again)")
            #expect(try copy.snapshot() == snapshot)
        }
    }

    /// `order` is part of everything: an export restored (JSON or CSV) into an empty data
    /// folder lists the streaks in the order they had; a folder with an order of its own
    /// keeps it (the streaks it lacked come last).
    @Test func theOrderComesBackWithTheExport() throws {
        let box = try Sandbox()
        for name in ["a", "b", "c", "d"] { try box.sp("tick", name, "--quiet", "--now", "2026-11-03T09:00") }
        try box.sp("order", "d", "b")
        func names(_ sandbox: Sandbox) throws -> [String] {
            let listed = try sandbox.sp("list", "--json", "--now", "2026-11-03T10:00")
            let rows = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]] ?? []
            return rows.compactMap { $0["name"] as? String }
        }
        #expect(try names(box) == ["d", "b", "a", "c"])
        for format in ["json", "csv"] {
            let exported = try box.sp("export", "--format", format)
            let fresh = try Sandbox()
            #expect(try fresh.sp("import", "-", stdin: exported.stdout).status == 0)
            #expect(try names(fresh) == ["d", "b", "a", "c"], "\(format)")
            let ordered = try Sandbox()
            try ordered.sp("tick", "c", "--quiet", "--now", "2026-11-03T09:00")
            try ordered.sp("tick", "e", "--quiet", "--now", "2026-11-03T09:00")
            try ordered.sp("order", "e", "c")
            #expect(try ordered.sp("import", "-", stdin: exported.stdout).status == 0)
            #expect(try names(ordered) == ["e", "c", "a", "b", "d"], "\(format)")
            // An order left naming only streaks removed since is none.
            let emptied = try Sandbox()
            try emptied.sp("tick", "x", "--quiet", "--now", "2026-11-03T09:00")
            try emptied.sp("order", "x")
            try emptied.sp("remove", "x")
            #expect(try emptied.sp("import", "-", stdin: exported.stdout).status == 0)
            #expect(try names(emptied) == ["d", "b", "a", "c"], "\(format)")
        }
    }

    /// A streak named twice is exported once, so the file imports (JSON refuses a streak
    /// that appears twice).
    @Test func aStreakNamedTwiceIsExportedOnce() throws {
        let box = try Sandbox()
        try box.sp("tick", "s", "--quiet", "--now", "2026-11-03T09:00")
        for format in ["json", "csv"] {
            let twice = try box.sp("export", "s", "s", "--format", format)
            #expect(twice.stdout == (try box.sp("export", "s", "--format", format)).stdout, "\(format)")
            let fresh = try Sandbox()
            #expect(try fresh.sp("import", "-", stdin: twice.stdout).status == 0, "\(format)")
        }
    }

    @Test func exportWritesSettingsAndEveryMachinesActionsOnce() throws {
        let box = try Sandbox()
        try box.sp("add", "quiz", "--schedule", "mon,wed,fri", "--freezes", "2", "--icon", "📚")
        try box.write("streaks/quiz/laptop.log", "2026-11-20 2026-11-20T21:57:05+01:00\n")
        try box.write("streaks/quiz/desk.log", "2026-11-20 2026-11-20T20:57:05+00:00\n2026-11-23 2026-11-23T08:00:00-05:00\n")
        let json = try box.sp("export")
        #expect(json.stdout == """
        {
          "format": "streakprompt-export",
          "version": 2,
          "streaks": [
            {
              "name": "quiz",
              "icon": "📚",
              "schedule": "mon,wed,fri",
              "goal": 1,
              "freezes": 2,
              "earn_freeze": 0,
              "max_freezes": 2,
              "archived": false,
              "changes": [],
              "pauses": [],
              "actions": [
                {"date": "2026-11-20", "at": "2026-11-20T20:57:05+00:00"},
                {"date": "2026-11-23", "at": "2026-11-23T08:00:00-05:00"}
              ],
              "retractions": []
            }
          ]
        }

        """)
        let csv = try box.sp("export", "--format", "csv")
        #expect(csv.stdout == """
        kind,streak,date,at,count,note,from,to,made,icon,schedule,target,goal,freezes,earn_freeze,max_freezes,archived
        streak,quiz,,,,,,,,📚,"mon,wed,fri",,1,2,0,2,false
        action,quiz,2026-11-20,2026-11-20T20:57:05+00:00,,,,,,,,,,,,,
        action,quiz,2026-11-23,2026-11-23T08:00:00-05:00,,,,,,,,,,,,,

        """)
        #expect(try box.sp("export", "--format", "xml").status == 2)
        #expect(try box.sp("export", "nothing").status == 1)
    }
}
