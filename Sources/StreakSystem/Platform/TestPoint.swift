#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Named instants where a crash would hurt most (between an append and the cache update,
/// between a temporary file's write and its rename, inside an import), at which a test can
/// kill or stop the process: the crash tests' way to hit an exact point instead of hoping a
/// random `kill -9` lands there.
///
/// Debug builds only. In a release build `reach` is an empty inline function: the calls, the
/// point names and the variables below are compiled out (`.ci/run` checks the release binary
/// holds none of these names).
///
/// `STREAKPROMPT_TEST_HOOK=POINT[#N]=ACTION[,…]`: at the Nth time (default: the first) the
/// process reaches POINT, ACTION happens: `kill` (SIGKILL to itself, as `kill -9` would) or
/// `stop` (SIGSTOP: the test looks at the files, then kills or continues it).
/// `STREAKPROMPT_TEST_TRACE=FILE` appends each point's name to FILE as it is reached.
public enum TestPoint {
    @inline(__always)
    public static func reach(_ point: StaticString) {
        #if DEBUG
        TestHooks.reach(point.description)
        #endif
    }
}

#if DEBUG
/// The debug-build half of `TestPoint`.
enum TestHooks {
    nonisolated(unsafe) private static var counts: [String: Int] = [:]

    static func reach(_ point: String) {
        if let trace = getenv("STREAKPROMPT_TEST_TRACE") {
            let fd = open(trace, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
            if fd >= 0 {
                let line = Array((point + "\n").utf8)
                _ = line.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
                close(fd)
            }
        }
        guard let raw = getenv("STREAKPROMPT_TEST_HOOK") else { return }
        let count = (counts[point] ?? 0) + 1
        counts[point] = count
        for rule in String(cString: raw).split(separator: ",") {
            let parts = rule.split(separator: "=", maxSplits: 1)
            guard parts.count == 2 else { continue }
            let target = parts[0].split(separator: "#", maxSplits: 1)
            guard String(target[0]) == point else { continue }
            let wanted = target.count == 2 ? Int(target[1]) ?? 1 : 1
            guard wanted == count else { continue }
            switch parts[1] {
            case "kill": kill(getpid(), SIGKILL)
            case "stop": kill(getpid(), SIGSTOP)
            default: break
            }
        }
    }
}
#endif
