import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `kill -9` at the worst moments: at each point where a write is half done (through the debug
/// build's test points) and at random ones. Afterwards every acknowledged action is there,
/// the data reads without a repair, no lock is held, and the prompt heals by itself.
@Suite("crash")
struct CrashTests {
    static let base: Int64 = 1_790_000_000

    /// Whether the binary under test has test points (a debug build); a release binary
    /// (`STREAKPROMPT_BIN`) has none, and the exact-point cases are skipped.
    static let hasTestPoints: Bool = {
        guard let box = try? Sandbox() else { return false }
        let trace = box.root.appendingPathComponent("trace").path
        _ = try? box.sp("tick", "--quiet", env: ["STREAKPROMPT_TEST_TRACE": trace])
        return FileManager.default.fileExists(atPath: trace)
    }()

    /// The checks every crash must pass.
    static func expectWhole(_ box: Sandbox, acknowledged: [String: Set<Int64>], sourceLocation: SourceLocation = #_sourceLocation) throws {
        // No lock is held: a writer gets it at once.
        if let flock = which("flock") {
            let free = try run(flock, ["-n", box.home + "/.lock", "true"], environment: box.environment)
            #expect(free.status == 0, "the lock is still held", sourceLocation: sourceLocation)
        }
        // The data reads as it is: no warning, no problem for doctor in the data.
        let list = try box.sp("list", "--json", "--now", "2030-01-01")
        #expect(list.status == 0 && list.stderr.isEmpty, "\(list)", sourceLocation: sourceLocation)
        let doctor = try box.sp("doctor")
        let dataProblems = doctor.stdout.split(separator: "\n").filter { $0.hasPrefix("  problem") && !$0.contains("prompt cache") }
        #expect(dataProblems.isEmpty, "\(doctor.stdout)", sourceLocation: sourceLocation)
        // Every acknowledged action is there.
        let export = try box.sp("export")
        let document = try JSONSerialization.jsonObject(with: Data(export.stdout.utf8)) as? [String: Any]
        var present: [String: Set<Int64>] = [:]
        let formatter = ISO8601DateFormatter()
        for streak in (document?["streaks"] as? [[String: Any]]) ?? [] {
            for action in (streak["actions"] as? [[String: Any]]) ?? [] {
                if let at = action["at"] as? String, let date = formatter.date(from: at) {
                    present[streak["name"] as? String ?? "", default: []].insert(Int64(date.timeIntervalSince1970))
                }
            }
        }
        for (streak, moments) in acknowledged {
            let missing = moments.subtracting(present[streak] ?? [])
            #expect(missing.isEmpty, "\(streak): acknowledged but missing \(missing.sorted())", sourceLocation: sourceLocation)
        }
        // The prompt heals: it ends up showing what the logs hold.
        for row in (try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]]) ?? [] {
            guard let name = row["name"] as? String, let total = row["total"] as? Int else { continue }
            try box.eventuallyPrompts([name, "--format", "{total}"], now: "2030-01-01", String(total), sourceLocation: sourceLocation)
        }
    }

    /// Runs `streakprompt ARGS` killed by SIGKILL at the Nth time it reaches `point`.
    @discardableResult
    static func killed(_ box: Sandbox, at point: String, _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> Result {
        let result = try box.spArgs(arguments, env: ["STREAKPROMPT_TEST_HOOK": point + "=kill"])
        #expect(result.status == SIGKILL, "\(arguments) was not killed at \(point): \(result)", sourceLocation: sourceLocation)
        return result
    }

    /// Each point where a tick, an add, a remove or an import is half done.
    @Test(.enabled(if: hasTestPoints, "a release binary has no test points"),
          arguments: [
              ("append-before-sync", ["tick", "s0"]),
              ("tick-after-append", ["tick", "s0"]),
              ("cache-write", ["tick", "s0"]),
              ("write-before-rename", ["tick", "s0"]),
              ("tick-after-append", ["tick", "brand-new"]),
              ("write-before-rename", ["add", "added", "--icon", "A"]),
              ("cache-write", ["remove", "s1"]),
              ("journal-before-sync", ["import", "IMPORT"]),
              ("journal-written", ["import", "IMPORT"]),
              ("journal-step#2", ["import", "IMPORT"]),
              ("journal-step#5", ["import", "IMPORT"]),
              ("journal-applied", ["import", "IMPORT"]),
              ("import-before-cache", ["import", "IMPORT"]),
              ("write-before-rename", ["doctor", "--repair"]),
          ])
    func killedAtAnExactPoint(point: String, arguments: [String]) throws {
        let box = try Sandbox()
        var acknowledged: [String: Set<Int64>] = [:]
        for index in 0..<4 {
            let moment = Self.base + Int64(index) * 86400
            for streak in ["s0", "s1"] where try box.sp("tick", streak, "--quiet", "--now", "@\(moment)").status == 0 {
                acknowledged[streak, default: []].insert(moment)
            }
        }
        try box.write("streaks/s0/test.log", try box.read("streaks/s0/test.log") + "not an action\n")
        let importFile = try box.file("import.json", StressTests.export((0..<6).map { index in
            StressAction(streak: index < 3 ? "imp\(index)" : "s0", moment: Self.base + Int64(10 + index) * 86400)
        }))
        var command = arguments.map { $0 == "IMPORT" ? importFile : $0 }
        if ["tick", "add", "remove"].contains(arguments[0]) { command += ["--now", "@\(Self.base + 5 * 86400)"] }
        try Self.killed(box, at: point, command)
        if arguments.first == "remove" { acknowledged["s1"] = nil }
        // An import is all or nothing, across its streaks: its journal, once written whole,
        // is finished by the next command (here `list`). (A journal cut short in the middle
        // of its own write is dropped, so nothing happened: see ImportJournalTests.)
        if arguments.first == "import" {
            _ = try box.sp("list")
            for index in 0..<3 {
                #expect(FileManager.default.fileExists(atPath: box.home + "/streaks/imp\(index)/test.log"),
                        "imp\(index) after a kill at \(point)")
            }
            for index in 0..<6 {
                acknowledged[index < 3 ? "imp\(index)" : "s0", default: []].insert(Self.base + Int64(10 + index) * 86400)
            }
        }
        // A repair killed before it replaced the log leaves the unreadable line where it was.
        if arguments.first == "doctor" { #expect(try box.read("streaks/s0/test.log").contains("not an action")) }
        try box.write("streaks/s0/test.log", try box.read("streaks/s0/test.log").replacingOccurrences(of: "not an action\n", with: ""))
        try Self.expectWhole(box, acknowledged: acknowledged)
        // And the next write works as usual.
        #expect(try box.sp("tick", "s0", "--quiet", "--now", "@\(Self.base + 30 * 86400)").status == 0)
    }

    /// Hundreds of commands killed at random moments: ticks, imports of many streaks, adds
    /// and removes. Every acknowledged action is there; every import is all or nothing.
    @Test func killedAtRandomMoments() throws {
        let box = try Sandbox()
        let rounds = 800
        var imports: [String] = []
        for file in 0..<10 {
            let actions = (0..<12).map { index in
                StressAction(streak: "r\(file)x\(index % 4)", moment: Self.base + Int64(file * 12 + index) * 3600)
            }
            imports.append(try box.file("r\(file).json", StressTests.export(actions)))
        }
        // Round i runs one command, sleeps a random 0–9 ms, and sends SIGKILL: the status
        // tells whether it finished first (0) or was killed (137).
        let script = """
        i=0
        while [ $i -lt \(rounds) ]; do
          case $((i % 5)) in
            0|1|2) "$BIN" tick "k$((i % 3))" --quiet --now "@$((\(Self.base) + i * 7200))" & ;;
            3) "$BIN" import "$DIR/r$(( (i / 5) % 10 )).json" --quiet & ;;
            4) "$BIN" add "a$i" --icon x >/dev/null & ;;
          esac
          pid=$!
          sleep "0.00$(( $(od -An -N1 -tu1 /dev/urandom) % 10 ))"
          kill -9 $pid 2>/dev/null
          wait $pid
          echo "$i $?"
          i=$((i + 1))
        done
        """
        let result = try run("/bin/sh", ["-c", script],
                             environment: box.environment.merging(["BIN": Binary.path, "DIR": box.root.path]) { $1 }, timeout: 600)
        var acknowledged: [String: Set<Int64>] = [:]
        var kills = 0
        var importsKilled = 0
        for line in result.stdout.split(separator: "\n") {
            let parts = line.split(separator: " ").compactMap { Int($0) }
            guard parts.count == 2 else { continue }
            let (round, status) = (parts[0], parts[1])
            if status == 137 {
                kills += 1
                if round % 5 == 3 { importsKilled += 1 }
                continue
            }
            #expect(status == 0, "round \(round) exited \(status)")
            if round % 5 < 3 { acknowledged["k\(round % 3)", default: []].insert(Self.base + Int64(round) * 7200) }
        }
        #expect(kills >= rounds / 5, "only \(kills) of \(rounds) commands were killed mid-way")
        // A command rolls forward whatever import a kill interrupted.
        _ = try box.sp("list")
        for file in 0..<10 {
            let present = (0..<4).filter { FileManager.default.fileExists(atPath: box.home + "/streaks/r\(file)x\($0)") }
            #expect(present.count == 0 || present.count == 4, "import \(file) is half there: \(present)")
            if !present.isEmpty {
                for index in 0..<4 {
                    let log = (try? box.read("streaks/r\(file)x\(index)/test.log")) ?? ""
                    #expect(log.split(separator: "\n").filter { !$0.hasPrefix("#") }.count == 3, "import \(file), streak \(index)")
                }
            }
        }
        try Self.expectWhole(box, acknowledged: acknowledged)
        print("crash figures: \(rounds) commands, \(kills) killed mid-way (\(importsKilled) imports), 0 acknowledged actions lost")
    }
}
