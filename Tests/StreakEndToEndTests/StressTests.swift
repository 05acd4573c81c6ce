import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// One operation of a stress run, and what it changes in the model of the data.
///
/// To put a new command into the mix (`tick --count`, `untick`, `pause`), add a case with its
/// command line and its effect on `StressModel`; the runner, the checks and the figures need
/// nothing else.
enum StressOperation {
    /// `tick NAME --now @SECONDS [--count K]`: one action, of its own even in a second other
    /// ticks share.
    case tick(streak: String, moment: Int64, count: Int)
    /// `undo NAME --now @SECONDS`: takes back one action of that date (fails when none is left).
    case untick(streak: String, moment: Int64)
    /// `pause NAME --from D --to D`: a pause record (none when every date is paused already).
    case pause(streak: String, from: String, to: String)
    /// `import FILE`: the file's actions (idempotent: a union).
    case importFile(path: String, actions: [StressAction])
    /// `doctor --repair`: changes no action.
    case repair
    /// `sync` (a git commit, merge and push of the data folder): changes no action.
    case sync

    var arguments: [String] {
        switch self {
        case .tick(let streak, let moment, let count):
            return ["tick", streak, "--quiet", "--now", "@\(moment)"] + (count > 1 ? ["--count", "\(count)"] : [])
        case .untick(let streak, let moment): return ["undo", streak, "--now", "@\(moment)"]
        case .pause(let streak, let from, let to): return ["pause", streak, "--from", from, "--to", to]
        case .importFile(let path, _): return ["import", path, "--quiet"]
        case .repair: return ["doctor", "--repair"]
        case .sync: return ["sync"]
        }
    }

    /// Whether a failure (exit 1) is allowed: doctor reports warnings about the machine too,
    /// and an undo finds nothing left to take back. (A failed operation changes nothing.)
    var mayFail: Bool {
        switch self {
        case .repair, .untick: return true
        default: return false
        }
    }

    func apply(to model: inout StressModel) {
        switch self {
        case .tick(let streak, let moment, let count): model.tick(StressAction(streak: streak, moment: moment, count: count))
        case .untick(let streak, let moment): model.takeBack(StressAction(streak: streak, moment: moment))
        case .pause(let streak, let from, let to): model.paused[streak, default: []].formUnion(StressModel.dates(from, to))
        case .importFile(_, let actions): for action in actions { model.importAction(action) }
        case .repair, .sync: break
        }
    }

    var kind: String {
        switch self {
        case .tick: return "ticks"
        case .untick: return "undos"
        case .pause: return "pauses"
        case .importFile: return "imports"
        case .repair: return "repairs"
        case .sync: return "syncs"
        }
    }
}

/// An action as the model knows it: which streak, at which moment (UTC, so its date is the UTC
/// date: the sandbox runs with TZ=UTC).
struct StressAction: Hashable {
    var streak: String
    var moment: Int64
    var count = 1

    var day: Int64 { moment >= 0 ? moment / 86400 : -((-moment + 86399) / 86400) }
}

/// What the data must hold after the operations that succeeded.
struct StressModel {
    /// Every tick is an action of its own (it has an id), whatever else happened in its second.
    private var ticked: [String: [StressAction]] = [:]
    /// Imported actions have no ids: count per moment, per streak, the same moment imported
    /// twice is one action, the one with the smaller count (`Action`'s order: what every
    /// reader keeps). A tick in the same second is another action.
    private var imported: [String: [Int64: Int]] = [:]
    /// Actions taken back by an undo, per streak and date (only streaks whose actions all
    /// count 1 are undone, so each undo takes back exactly 1 from its date).
    private(set) var takenBack: [String: [Int64: Int]] = [:]
    var actions: [String: [StressAction]] {
        var all = ticked
        for (streak, moments) in imported {
            all[streak, default: []] += moments.map { StressAction(streak: streak, moment: $0.key, count: $0.value) }
        }
        return all
    }
    /// Paused dates (`YYYY-MM-DD`), per streak.
    var paused: [String: Set<String>] = [:]
    /// Daily goals other than 1.
    var goals: [String: Int] = [:]

    mutating func tick(_ action: StressAction) {
        ticked[action.streak, default: []].append(action)
    }

    mutating func importAction(_ action: StressAction) {
        imported[action.streak, default: [:]][action.moment] = min(action.count, imported[action.streak]?[action.moment] ?? .max)
    }

    mutating func takeBack(_ action: StressAction) {
        takenBack[action.streak, default: [:]][action.day, default: 0] += 1
    }

    /// Met dates per streak (`total`): the counts of a date's actions, less those taken back,
    /// reach the goal.
    var totals: [String: Int] {
        var totals: [String: Int] = [:]
        for (streak, actions) in actions {
            var counts = Dictionary(grouping: actions, by: \.day).mapValues { $0.map(\.count).reduce(0, +) }
            for (day, taken) in takenBack[streak] ?? [:] { counts[day, default: 0] -= taken }
            totals[streak] = counts.values.filter { $0 >= goals[streak, default: 1] }.count
        }
        return totals
    }

    /// The dates from `from` to `to`, both included (`YYYY-MM-DD`).
    static func dates(_ from: String, _ to: String) -> Set<String> {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd"
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.locale = Locale(identifier: "en_US_POSIX")
        guard var day = formatter.date(from: from), let last = formatter.date(from: to) else { return [] }
        var dates: Set<String> = []
        while day <= last {
            dates.insert(formatter.string(from: day))
            day += 86400
        }
        return dates
    }
}

/// Runs lists of operations in parallel worker processes (one `sh` each, on two machines by
/// turns) against one data
/// folder, optionally with the prompt in a tight loop, and collects what each reported.
struct StressRun {
    let box: Sandbox
    let workers: [[StressOperation]]

    struct Outcome {
        var succeeded: [StressOperation] = []
        var failures: [String] = []
        var prompts: [String] = []
        var counts: [String: Int] = [:]
    }

    func run(promptLoop: Bool, timeout: TimeInterval = 240) throws -> Outcome {
        let folder = box.root.appendingPathComponent("stress")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let done = folder.appendingPathComponent("done").path
        // Two machines share the folder (as a sync tool shares it): each writes its own logs.
        let machines = [box.environment["STREAKPROMPT_MACHINE"] ?? "test", "desk"]
        var script = "set -u\n"
        for (index, operations) in workers.enumerated() {
            let plan = operations.enumerated().map { id, operation in
                "\(id) " + operation.arguments.map { "'" + $0 + "'" }.joined(separator: " ")
            }.joined(separator: "\n") + "\n"
            try Data(plan.utf8).write(to: folder.appendingPathComponent("plan\(index)"))
            script += """
            ( while IFS= read -r line; do
                id=${line%% *}
                eval "set -- ${line#* }"
                if STREAKPROMPT_MACHINE=\(machines[index % machines.count]) "$BIN" "$@" >/dev/null 2>>"$STRESS/err\(index)"; then echo "ok $id"; else echo "fail $id $?"; fi
              done < "$STRESS/plan\(index)" > "$STRESS/out\(index)" ) &
            pids="${pids-} $!"

            """
        }
        if promptLoop {
            script += """
            ( while [ ! -e "$STRESS/done" ]; do
                "$BIN" --format '{name}={total};' --now 2030-01-01; echo
              done > "$STRESS/prompts" ) &
            looper=$!

            """
        }
        script += """
        for pid in $pids; do wait "$pid"; done
        : > "$STRESS/done"
        wait

        """
        var environment = box.environment
        environment["BIN"] = Binary.path
        environment["STRESS"] = folder.path
        environment["NO_COLOR"] = "1"
        let result = try StreakEndToEndTests.run("/bin/sh", ["-c", script], environment: environment, timeout: timeout)
        guard result.status == 0 else { throw TestFailure("the stress script failed: \(result)") }
        _ = done
        var outcome = Outcome()
        for (index, operations) in workers.enumerated() {
            let lines = (try? String(contentsOf: folder.appendingPathComponent("out\(index)"), encoding: .utf8)) ?? ""
            var reported = Set<Int>()
            for line in lines.split(separator: "\n") {
                let parts = line.split(separator: " ")
                guard parts.count >= 2, let id = Int(parts[1]), id < operations.count else { continue }
                reported.insert(id)
                let operation = operations[id]
                outcome.counts[operation.kind, default: 0] += 1
                if parts[0] == "ok" {
                    outcome.succeeded.append(operation)
                } else if !operation.mayFail {
                    let errors = (try? String(contentsOf: folder.appendingPathComponent("err\(index)"), encoding: .utf8)) ?? ""
                    outcome.failures.append("\(operation.arguments) exited \(parts.last!): \(errors.suffix(600))")
                }
            }
            if reported.count != operations.count {
                outcome.failures.append("worker \(index) reported \(reported.count) of \(operations.count) operations")
            }
        }
        if promptLoop {
            let text = (try? String(contentsOf: folder.appendingPathComponent("prompts"), encoding: .utf8)) ?? ""
            outcome.prompts = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        }
        return outcome
    }
}

/// Many processes at once: every action lands exactly once, and the prompt, read all the
/// while, never shows a wrong or partial segment.
@Suite("stress")
struct StressTests {
    static let base: Int64 = 1_790_000_000  // 2026-09-21

    /// Ticks over overlapping dates from several workers, imports of exports that overlap
    /// them, repairs and syncs: the totals afterwards are exactly the model's.
    @Test func concurrentWritersLoseNothingAndThePromptNeverLies() throws {
        let git = requireTool("git")
        let box = try Sandbox()
        let streaks = ["st0", "st1", "st2", "st3"]
        // Ticked in the same seconds by every ticker at once, and undone meanwhile.
        let shared = "un"
        // STREAKPROMPT_STRESS_SCALE=10 for a long run by hand (the README's figures say which).
        let scale = Int(ProcessInfo.processInfo.environment["STREAKPROMPT_STRESS_SCALE"] ?? "") ?? 1
        let tickers = 6
        let ticksEach = 160 * scale
        var workers: [[StressOperation]] = []
        for worker in 0..<tickers {
            workers.append((0..<ticksEach).map { k in
                // Dates overlap across workers (40 of them); moments never repeat.
                let day = Int64((7 * k + worker) % 40)
                // st3 has a goal of 2: its dates are met by two actions, or one with --count 2.
                // Every third operation: a tick of `shared` in a second all tickers use.
                if k % 3 == 0 {
                    return .tick(streak: shared, moment: Self.base + Int64(k % 4) * 86400 + 3600 + Int64(k / 12), count: 1)
                }
                return .tick(streak: streaks[(worker + k) % streaks.count],
                             moment: Self.base + day * 86400 + Int64(worker * 10_000 + k), count: k % 5 == 0 ? 2 : 1)
            })
        }
        // Undos of `shared`'s dates while those ticks land.
        workers.append((0..<40 * scale).map { k in .untick(streak: shared, moment: Self.base + Int64(k % 4) * 86400 + 80_000) })
        // Pauses over overlapping ranges of the same dates, on two streaks.
        workers.append((0..<12 * scale).map { k in
            let first = 2 + (k * 7) % 35
            return .pause(streak: streaks[k % 2], from: Self.date(first), to: Self.date(first + k % 4))
        })
        // Exports to import: actions on the same dates, some at the very moments ticks use,
        // and new streaks; each imported several times, concurrently with everything else.
        var imports: [StressOperation] = []
        for file in 0..<3 {
            var actions: [StressAction] = []
            for index in 0..<30 {
                let streak = index % 3 == 0 ? "imp\(file)" : streaks[index % streaks.count]
                let moment = index % 5 == 0 ? Self.base + Int64(index % 20) * 86400 + Int64(index % 4) * 60
                    : Self.base + Int64(index % 25) * 86400 + 43_200 + Int64(file * 100 + index)
                actions.append(StressAction(streak: streak, moment: moment))
            }
            let path = try box.file("import\(file).json", Self.export(actions))
            imports.append(.importFile(path: path, actions: actions))
        }
        workers.append(Array(repeating: imports, count: 5 * scale).flatMap { $0 })
        workers.append(Array(repeating: .repair, count: 5 * scale))
        if git {
            let remote = box.root.appendingPathComponent("remote.git").path
            try box.sp("tick", "st0", "--quiet", "--now", "@\(Self.base)")
            for arguments in [["init", "--quiet", "--bare", remote], ["-C", box.home, "init", "--quiet"],
                              ["-C", box.home, "remote", "add", "origin", remote]] {
                let result = try run("/usr/bin/env", ["git"] + arguments, environment: box.environment)
                guard result.status == 0 else { throw TestFailure("git \(arguments): \(result)") }
            }
            workers.append(Array(repeating: .sync, count: 8 * scale))
        }

        // Pauses need their streaks; st3's goal covers all its dates (creation rules).
        try box.sp("add", "st0")
        try box.sp("add", "st1")
        try box.sp("add", "st3", "--goal", "2")
        try box.sp("add", shared, "--goal", "72")
        let started = Date()
        let outcome = try StressRun(box: box, workers: workers).run(promptLoop: true)
        #expect(outcome.failures.isEmpty, "\(outcome.failures.prefix(5))")

        var model = StressModel()
        model.goals["st3"] = 2
        model.goals[shared] = 72
        if git { model.tick(StressAction(streak: "st0", moment: Self.base)) }
        for operation in outcome.succeeded { operation.apply(to: &model) }
        let expected = model.totals

        // The totals every view gives are exactly the model's.
        let list = try box.sp("list", "--json", "--now", "2030-01-01")
        let rows = try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]] ?? []
        var listed: [String: Int] = [:]
        for row in rows { listed[row["name"] as? String ?? ""] = row["total"] as? Int }
        #expect(listed == expected, "list --json")
        #expect(list.stderr.isEmpty, "every line reads: \(list.stderr)")
        let export = try box.sp("export")
        let document = try JSONSerialization.jsonObject(with: Data(export.stdout.utf8)) as? [String: Any]
        for streak in (document?["streaks"] as? [[String: Any]]) ?? [] {
            let name = streak["name"] as? String ?? ""
            let actions = (streak["actions"] as? [[String: Any]]) ?? []
            #expect(actions.count == model.actions[name]?.count, "\(name): every action exactly once")
            let counts = actions.map { $0["count"] as? Int ?? 1 }.reduce(0, +)
            #expect(counts == model.actions[name]?.map(\.count).reduce(0, +), "\(name): every count kept")
            var paused: Set<String> = []
            for pause in (streak["pauses"] as? [[String: Any]]) ?? [] {
                paused.formUnion(StressModel.dates(pause["from"] as? String ?? "", pause["to"] as? String ?? ""))
            }
            #expect(paused == model.paused[name, default: []], "\(name): the paused dates are the union of the pauses")
            // Each undo took back an action of its own: as many retractions as undos that
            // succeeded, each naming another action.
            let retractions = (streak["retractions"] as? [[String: Any]]) ?? []
            let taken = retractions.compactMap { $0["id"] as? String }
            #expect(taken.count == retractions.count && Set(taken).count == taken.count, "\(name): \(retractions.prefix(3))")
            #expect(taken.count == model.takenBack[name, default: [:]].values.reduce(0, +), "\(name): one retraction per undo")
            let ids = Set(actions.compactMap { $0["id"] as? String })
            #expect(Set(taken).isSubset(of: ids), "\(name): every retraction names a recorded action")
        }
        for (name, total) in expected {
            #expect(try box.prompt([name, "--format", "{total}"], now: "2030-01-01") == String(total), "\(name) in the cache")
        }
        let doctor = try box.sp("doctor")
        #expect(!doctor.stdout.contains("problem  /"), "\(doctor.stdout)")
        #expect(!doctor.stdout.contains("cache is stale"), "\(doctor.stdout)")

        // Every prompt printed meanwhile was whole, named known streaks, and showed totals
        // that only grew and never passed the final ones.
        var wrong: [String] = []
        var seen: [String: Int] = [:]
        for line in outcome.prompts where !line.isEmpty {
            for piece in line.split(separator: " ", omittingEmptySubsequences: false) {
                let parts = piece.dropLast().split(separator: "=")
                // Undos take dates back: `shared`'s total may fall, the others' only grow.
                let undone = parts.first.map(String.init) == shared
                guard piece.hasSuffix(";"), parts.count == 2, let total = Int(parts[1]), let final = expected[String(parts[0])],
                      undone || (total <= final && total >= seen[String(parts[0])] ?? 0)
                else {
                    wrong.append(line)
                    break
                }
                seen[String(parts[0])] = total
            }
        }
        #expect(wrong.isEmpty, "wrong or partial segments: \(wrong.prefix(5))")
        #expect(outcome.prompts.count > 20, "the prompt ran all along")
        let ticks = outcome.counts["ticks"] ?? 0
        print("stress figures: \(ticks) ticks (\(model.actions[shared]?.count ?? 0) of them in seconds shared by \(tickers) processes), \(model.takenBack[shared, default: [:]].values.reduce(0, +)) undos, \(outcome.counts["imports"] ?? 0) imports, \(outcome.counts["repairs"] ?? 0) repairs, \(outcome.counts["syncs"] ?? 0) syncs, \(outcome.counts["pauses"] ?? 0) pauses by \(workers.count) processes; \(outcome.prompts.count) prompts read, \(wrong.count) wrong; \(model.actions.values.map(\.count).reduce(0, +)) actions in \(expected.count) streaks; \(Int(Date().timeIntervalSince(started))) s")
    }

    /// The date `offset` days after `base` (`YYYY-MM-DD`, UTC).
    static func date(_ offset: Int) -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd"
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.locale = Locale(identifier: "en_US_POSIX")
        return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(base + Int64(offset) * 86400)))
    }

    /// A JSON export holding these actions (no settings: an import keeps the defaults).
    static func export(_ actions: [StressAction]) -> String {
        let grouped = Dictionary(grouping: actions, by: \.streak)
        let streaks = grouped.keys.sorted().map { name in
            let items = grouped[name]!.map { action in
                let date = Date(timeIntervalSince1970: TimeInterval(action.moment))
                let formatter = ISO8601DateFormatter()
                formatter.timeZone = TimeZone(identifier: "UTC")
                formatter.formatOptions = [.withFullDate]
                let day = formatter.string(from: date)
                formatter.formatOptions = [.withInternetDateTime]
                return "{\"date\": \"\(day)\", \"at\": \"\(formatter.string(from: date))\"}"
            }
            return "{\"name\": \"\(name)\", \"actions\": [\(items.joined(separator: ", "))]}"
        }
        return "{\"format\": \"streakprompt-export\", \"version\": 1, \"streaks\": [\(streaks.joined(separator: ", "))]}\n"
    }
}
