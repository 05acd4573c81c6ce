#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import StreakCore

/// `doctor`'s checks of what the prompt reads: the prompt cache against the logs, the views
/// folder, and how fast the prompt runs.
extension Checkup {

    /// The prompt cache against a rebuild from the logs, and the views folder.
    public func cache(zone: some ZoneRules) -> [Finding] {
        promptCache(zone: zone) + views()
    }

    /// A `views` that is not a folder of its own (a link, a file): views are neither written
    /// nor pruned through it, so every prompt runs the binary (`Views.Folder`).
    func views() -> [Finding] {
        let path = Views.folder(home: store.home)
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) != S_IFDIR else { return [] }
        let kind = (info.st_mode & S_IFMT) == S_IFLNK ? "a link" : "not a folder"
        return [Finding("cache", .problem, "\(path) is \(kind): views are not written or pruned through it, so every prompt runs the binary; remove it ('rm \(path)'), the next prompt makes the folder")]
    }

    func promptCache(zone: some ZoneRules) -> [Finding] {
        let area = "cache"
        guard Files.isFolder(store.home) else { return [] }
        let names = (try? store.names()) ?? []
        var rebuilt: [PromptCache.Entry] = []
        // A streak that does not read is reported by the data check; its line is not judged.
        var unreadable = Set<String>()
        for name in names {
            guard let streak = try? store.load(name, zone: zone) else {
                unreadable.insert(name.text)
                continue
            }
            rebuilt.append(streak.cacheEntry(zone: zone))
        }
        let bytes: [UInt8]?
        do throws(SystemError) {
            bytes = try Files.readIfPresent(store.cachePath, limit: PromptCache.maxBytes)
        } catch {
            return [Finding(area, .problem, error.message + "; the prompt shows nothing; 'streakprompt doctor --repair' rebuilds it")]
        }
        guard let bytes else {
            if names.isEmpty { return [Finding(area, .ok, "no prompt cache yet (no streaks)")] }
            return [Finding(area, .problem, "\(store.cachePath) is missing: the prompt shows nothing; 'streakprompt doctor --repair' rebuilds it")]
        }
        if bytes.starts(with: PromptCache.magicV1.utf8) {
            return [Finding(area, .note, "\(store.cachePath) was written by the first release: the next prompt rebuilds it in the background (or 'streakprompt doctor --repair' now)")]
        }
        guard let cached = PromptCache.decode(bytes) else {
            return [Finding(area, .problem, "\(store.cachePath) is not a prompt cache: the prompt shows nothing; 'streakprompt doctor --repair' rebuilds it")]
        }
        // The bytes a line records of its files only tell a tick whether to trust it (a line
        // that disagrees is replayed by the next tick): not what the prompt shows.
        func shown(_ entry: PromptCache.Entry) -> String {
            var entry = entry
            entry.files = 0
            return entry.line
        }
        let want = Dictionary(rebuilt.map { ($0.name, shown($0)) }, uniquingKeysWith: { a, _ in a })
        let have = Dictionary(cached.map { ($0.name, shown($0)) }, uniquingKeysWith: { a, _ in a })
        let differing = Set(want.keys).union(have.keys).filter { want[$0] != have[$0] && !unreadable.contains($0) }.sorted()
        if differing.isEmpty {
            return [Finding(area, .ok, "the prompt cache matches the logs (\(cached.count) \(cached.count == 1 ? "streak" : "streaks"))")]
        }
        return [Finding(area, .problem, "the prompt cache is stale for \(differing.joined(separator: ", ")) (another machine's actions arrived, or it was edited); 'streakprompt doctor --repair' rebuilds it")]
    }

    /// Runs `executable prompt` `runs` times (after one warm-up) and reports the median.
    public func speed(executable: String, runs: Int = 10) -> [Finding] {
        let area = "speed"
        var times: [Int64] = []
        for index in 0...runs {
            let result: (status: Int32, nanoseconds: Int64)
            do throws(SystemError) {
                result = try Subprocess.time([executable, "prompt"], environment: environment, setting: ["NO_COLOR": "1"])
            } catch {
                return [Finding(area, .warning, "cannot time the prompt: \(error.message)")]
            }
            guard result.status == 0 else {
                return [Finding(area, .problem, "'\(executable) prompt' exited with status \(result.status)")]
            }
            if index > 0 { times.append(result.nanoseconds) }
        }
        times.sort()
        let median = times.count % 2 == 1 ? times[times.count / 2] : (times[times.count / 2 - 1] + times[times.count / 2]) / 2
        let text = "prompt: median \(Checkup.milliseconds(median)) over \(runs) runs (fastest \(Checkup.milliseconds(times.first ?? 0)))"
        if median > Checkup.slowPrompt {
            return [Finding(area, .warning, text + ": slow for a prompt; a release build ('swift build -c release') starts much faster")]
        }
        return [Finding(area, .ok, text)]
    }

    /// A prompt slower than this is reported (50 ms: a prompt should feel instant).
    public static let slowPrompt: Int64 = 50_000_000

    /// `1.3 ms`.
    static func milliseconds(_ nanoseconds: Int64) -> String {
        let tenths = (nanoseconds + 50_000) / 100_000
        return "\(tenths / 10).\(tenths % 10) ms"
    }
}
