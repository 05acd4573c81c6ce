import Foundation
import Testing

/// The benchmark is run by hand for figures; here it only has to run, so it cannot rot.
/// (No timing is asserted: these machines are too noisy for that.)
@Suite("benchmark")
struct BenchmarkTests {
    @Test func benchRunsOnTheBuiltBinary() throws {
        guard requireTool("hyperfine") else { return }
        let environment = ProcessInfo.processInfo.environment.merging(["BENCH_RUNS": "24", "BENCH_VIEWS": "2", "TZ": "UTC"]) { $1 }
        let result = try run("/bin/sh", [Package.root.appendingPathComponent("bench/run").path, Binary.path],
                             environment: environment, directory: Package.root.path, timeout: 300)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("C floor"))
        #expect(result.stdout.contains("streakprompt tick"))
        #expect(result.stdout.contains("first tick (2 views)"), "\(result.stdout)")
    }
}
