#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import StreakCore

/// One thing `doctor` found.
public struct Finding: Sendable, Equatable {
    public enum Level: String, Sendable, Comparable {
        /// Checked and fine.
        case ok
        /// Worth knowing; nothing is wrong.
        case note
        /// Something that may bite later; not counted as a problem.
        case warning
        /// Something is wrong: `doctor` exits 1.
        case problem

        var rank: Int { [.ok, .note, .warning, .problem].firstIndex(of: self)! }
        public static func < (a: Level, b: Level) -> Bool { a.rank < b.rank }
    }

    public var area: String
    public var level: Level
    public var message: String

    public init(_ area: String, _ level: Level, _ message: String) {
        self.area = area
        self.level = level
        self.message = message
    }
}

/// The checks of `streakprompt doctor`. Each one reads and reports; only `Repair` changes
/// anything.
public struct Checkup {
    public let store: Store
    /// Where the checks look: `HOME`, `PATH`, `SHELL`, the XDG folders, and what git reads.
    public let environment: Environment

    /// Bad lines listed per file before the rest are summed up.
    static let linesListed = 20

    public init(store: Store, environment: Environment) {
        self.store = store
        self.environment = environment
    }

    // MARK: Data

    /// The data folder, every settings file and every log.
    public func data() -> [Finding] {
        let area = "data"
        var findings: [Finding] = []
        let home = store.home
        guard Files.exists(home) else {
            return [Finding(area, .note, "no data folder yet at \(home): the first 'streakprompt tick' creates it")]
        }
        guard Files.isFolder(home) else {
            return [Finding(area, .problem, "\(home) is not a folder; move it away or set STREAKPROMPT_HOME")]
        }
        if Files.isWritableFolder(home) {
            findings.append(Finding(area, .ok, "\(home) exists and is writable"))
        } else {
            findings.append(Finding(area, .problem, "\(home) is not writable: ticks will fail; fix its permissions"))
        }
        let entries: [String]
        do throws(SystemError) {
            entries = try Files.list(store.streaksFolder)
        } catch {
            findings.append(Finding(area, .problem, error.message))
            return findings
        }
        findings += linkFindings(entries)
        var streaks = 0
        var logs = 0
        var actions = 0
        var eventLogs = 0
        var events = 0
        // Hidden entries (a file manager's `.DS_Store`, a sync tool's state) are not ours.
        for entry in entries where !entry.hasPrefix(".") {
            let folder = Paths.join(store.streaksFolder, entry)
            guard StreakName.problem(with: entry) == nil, Files.isFolder(folder), !Files.isLink(folder) else {
                findings.append(Finding(area, .warning, "\(folder) is not a streak (not a folder with a valid name): ignored"))
                continue
            }
            streaks += 1
            findings += settingsFindings(Paths.join(folder, "streak.conf"))
            let files = (try? Files.list(folder)) ?? []
            var known: Set<Action.Identity>?
            for file in files {
                let path = Paths.join(folder, file)
                if file.hasSuffix(Store.actionsSuffix) && !file.hasPrefix(".") {
                    logs += 1
                    let (count, found) = logFindings(path, events: false)
                    actions += count
                    findings += found
                } else if file.hasSuffix(Store.eventsSuffix) && !file.hasPrefix(".") {
                    eventLogs += 1
                    let (count, found) = logFindings(path, events: true)
                    events += count
                    findings += found
                } else if file.contains(".corrupt-") {
                    if known == nil, let name = try? StreakName(entry) {
                        known = Set(((try? store.actions(of: name))?.actions ?? []).map(\.identity))
                    }
                    findings.append(setAsideFinding(path, isLog: file.contains(".log.corrupt-"), known: known ?? []))
                } else if file.hasPrefix(".") && (file.hasSuffix(".tmp") || file.contains(".tmp-")) {
                    findings.append(Finding(area, .note, "\(path) is left over from an interrupted write; safe to delete"))
                } else if file.hasPrefix("streak.sync-conflict-") && file.hasSuffix(".conf") {
                    // Syncthing's copy of a streak.conf two machines changed: not read.
                    findings.append(Finding(area, .problem, "\(path) is a sync tool's conflict copy of \(Paths.join(folder, "streak.conf")), which two machines changed; only streak.conf is read: compare the two, keep the lines you want in streak.conf, then delete the copy"))
                }
            }
        }
        findings += lockFindings()
        if store.hasUnfinishedWrite {
            findings.append(Finding(area, .problem, "an import was interrupted and is not finished yet (its journal is in \(store.lockPath)); the next command that can write finishes it"))
        }
        var counted = "\(streaks) \(streaks == 1 ? "streak" : "streaks"), \(logs) \(logs == 1 ? "log" : "logs"), \(actions) readable \(actions == 1 ? "action" : "actions")"
        if eventLogs > 0 {
            counted += ", \(eventLogs) event \(eventLogs == 1 ? "log" : "logs"), \(events) readable \(events == 1 ? "record" : "records")"
        }
        findings.insert(Finding(area, .ok, counted), at: min(1, findings.count))
        return findings
    }

    /// The lock every write takes: something that is not a file there (a folder, a pipe) or a
    /// file this user cannot write stops every command that writes. (A link is named with the
    /// other links.)
    func lockFindings() -> [Finding] {
        var info = stat()
        guard lstat(store.lockPath, &info) == 0, (info.st_mode & S_IFMT) != S_IFLNK else { return [] }
        if (info.st_mode & S_IFMT) != S_IFREG {
            let error = SystemError.notRegular("use", store.lockPath, mode: info.st_mode)
            return [Finding("data", .problem, error.message + ": every command that writes fails; 'streakprompt doctor --repair' moves it out of the way")]
        }
        if access(store.lockPath, W_OK) != 0 {
            return [Finding("data", .problem, "cannot write \(store.lockPath) (\(SystemError.describe(errno))): every command that writes fails; fix its permissions, or remove it (it holds no data)")]
        }
        return []
    }

    /// Every symbolic link where the data folder keeps its own files (the home folder itself
    /// may be one): the streaks folder, the lock, the cache, each streak's folder and the files
    /// in it. None is read or written through, so what a linked log holds is not counted: a
    /// link that came by sync (a repository can hold one) or from another user is named here.
    func linkFindings(_ entries: [String]) -> [Finding] {
        var paths = [store.streaksFolder, store.lockPath, store.cachePath]
        for entry in entries {
            let folder = Paths.join(store.streaksFolder, entry)
            paths.append(folder)
            if !Files.isLink(folder) { paths += ((try? Files.list(folder)) ?? []).map { Paths.join(folder, $0) } }
        }
        return paths.filter(Files.isLink).map { path in
            Finding("data", .problem, "\(path) is a symbolic link (to \(Text.visible(Files.linkTarget(path) ?? "?"))): streakprompt never reads or writes its data through a link, so nothing in it counts; put the file itself there, or remove the link (one that came by sync: remove it from the repository too)")
        }
    }

    /// What a file that cannot be read means, and what to do about it.
    static func unreadable(_ error: SystemError, holds: String) -> Finding {
        if error.isLink {
            return Finding("data", .problem, error.message + "; \(holds): " + error.advice)
        }
        if error.isNotRegularFile {
            return Finding("data", .problem, error.message + "; 'streakprompt doctor --repair' moves it out of the way")
        }
        if error.code == EFBIG {
            let limit = error.path.hasSuffix("/" + Store.settingsFile) ? "\(Store.settingsLimit >> 10) KB" : "\(Store.fileLimit >> 20) MB"
            return Finding("data", .problem, "cannot read \(error.path): larger than \(limit), so no command reads it; 'streakprompt doctor --repair' keeps its readable lines and sets the rest aside")
        }
        return Finding("data", .problem, error.message + "; \(holds) until it reads: \(error.isPermission ? "fix its permissions" : "check the disk") (a repair leaves it where it is)")
    }

    /// A file an earlier repair set aside: whether anything readable in it is missing from
    /// the logs (then it must be kept, and a repair puts those actions back).
    func setAsideFinding(_ path: String, isLog: Bool, known: Set<Action.Identity>) -> Finding {
        guard isLog else {
            return Finding("data", .note, "\(path) holds lines a repair set aside; delete it once you have read them")
        }
        let bytes: [UInt8]
        do throws(SystemError) {
            bytes = try Files.read(path, limit: Repair.readLimit)
        } catch where error.isNotRegularFile {
            return Finding("data", .note, "\(path) was moved aside by a repair (\(error.reason)); it holds no actions: delete it when you like")
        } catch {
            return Finding("data", .warning, "\(error.message): it may hold actions, so keep it; once it reads, 'streakprompt doctor --repair' puts back any the logs lack")
        }
        // Lines that did not read where they were, set aside by this version's repair.
        let actions = Repair.holdsOnlyUnreadLines(bytes) ? [] : ActionLog.parse(bytes).actions
        let missing = Set(actions.map(\.identity)).subtracting(known).count
        if missing > 0 {
            return Finding("data", .problem, "\(path) holds \(missing) \(missing == 1 ? "action" : "actions") no log has (set aside by an earlier repair); 'streakprompt doctor --repair' puts them back")
        }
        if actions.isEmpty {
            return Finding("data", .note, "\(path) holds lines a repair set aside because they did not read; delete it once you have read them")
        }
        return Finding("data", .note, "\(path) was set aside by a repair; every action in it is also in the logs, so delete it once you have read its other lines")
    }

    func settingsFindings(_ path: String) -> [Finding] {
        let bytes: [UInt8]?
        do throws(SystemError) {
            bytes = try Files.readIfPresent(path, limit: Store.settingsLimit)
        } catch where error.isLink {
            return []  // named by `linkFindings`
        } catch {
            return [Checkup.unreadable(error, holds: "the streak cannot be read")]
        }
        guard let bytes else { return [] }
        if case .failure(let bad) = StreakSettings.parse(bytes) {
            return [Finding("data", .problem, "\(path):\(bad.line): \(bad.reason)")]
        }
        // A setting given twice reads as its last line: two sides of a merge left in the file
        // (by hand, or git's markers taken out) decide by their order.
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        return Checkup.settingsGivenAgain(lines).map { again in
            Finding("data", .problem, "\(path):\(again.line): \(again.key) is given again (line \(again.later) too); the last one counts: keep the line you want and delete the other, or 'streakprompt doctor --repair' sets the earlier one aside")
        }
    }

    /// The settings lines of a `streak.conf` that a later line gives again (the last one is
    /// the one read): each line's number, its key, and the number of the last line giving it.
    static func settingsGivenAgain(_ lines: [ArraySlice<UInt8>]) -> [(line: Int, key: String, later: Int)] {
        var last: [(key: String, line: Int)] = []
        var keyed: [(line: Int, key: String)] = []
        for (index, line) in lines.enumerated() {
            guard line.first != UInt8(ascii: "#"), let equals = line.firstIndex(of: UInt8(ascii: "=")) else { continue }
            let key = String(decoding: line[..<equals], as: UTF8.self).trimmingSpaces()
            guard SettingsField.named(key) != nil else { continue }
            let text = String(key)
            keyed.append((index + 1, text))
            if let at = last.firstIndex(where: { $0.key == text }) { last[at].line = index + 1 } else { last.append((text, index + 1)) }
        }
        return keyed.compactMap { entry in
            guard let final = last.first(where: { $0.key == entry.key })?.line, final != entry.line else { return nil }
            return (entry.line, entry.key, final)
        }
    }

    /// The readable records of an action log (or, with `events`, an event log), and its
    /// problems. Records of a kind a newer version wrote are a note: kept, not damage.
    func logFindings(_ path: String, events: Bool) -> (Int, [Finding]) {
        let bytes: [UInt8]
        do throws(SystemError) {
            bytes = try Files.read(path, limit: Store.fileLimit)
        } catch where error.isLink {
            return (0, [])  // named by `linkFindings`
        } catch {
            return (0, [Checkup.unreadable(error, holds: "its actions do not count")])
        }
        let parsed: (count: Int, bad: [BadLine], newer: [BadLine], endsTorn: Bool, conflictMarkers: [Int])
        if events {
            let log = EventLog.parse(bytes)
            parsed = (log.events.count, log.bad, log.newer, log.endsTorn, log.conflictMarkers)
        } else {
            let log = ActionLog.parse(bytes)
            parsed = (log.actions.count, log.bad, [], log.endsTorn, log.conflictMarkers)
        }
        var findings: [Finding] = []
        for newer in parsed.newer.prefix(Checkup.linesListed) {
            findings.append(Finding("data", .note, "\(path):\(newer.line): \(newer.reason)"))
        }
        for bad in parsed.bad.prefix(Checkup.linesListed) {
            findings.append(Finding("data", .problem, "\(path):\(bad.line): \(bad.reason)"))
        }
        if parsed.bad.count > Checkup.linesListed {
            findings.append(Finding("data", .problem, "\(path): \(parsed.bad.count - Checkup.linesListed) more unreadable lines"))
        }
        if let first = parsed.conflictMarkers.first {
            let lines = parsed.conflictMarkers.count == 1 ? "line \(first)" : "lines " + parsed.conflictMarkers.map(String.init).joined(separator: ", ")
            findings.append(Finding("data", .problem, "\(path):\(first): git conflict markers (\(lines)) from a merge that stopped half way; both sides' lines count, but the file is not merged: delete the marker lines, or run 'streakprompt doctor --repair'"))
        }
        if parsed.endsTorn && parsed.bad.isEmpty && bytes.last != 0x0A && !bytes.isEmpty {
            findings.append(Finding("data", .note, "\(path) does not end with a line break (the next tick adds one)"))
        }
        return (parsed.count, findings)
    }

    /// The data and the prompt cache, checked under the data folder's lock when there is one,
    /// so that no write lands between reading the logs and reading the cache (which would
    /// look like a stale cache). Never creates the lock or the folder.
    public func dataAndCache(zone: some ZoneRules) -> [Finding] {
        do throws(StoreError) {
            return try store.readLocked { data() + cache(zone: zone) }
        } catch {
            return [Finding("data", .warning, "the data folder stayed locked by another streakprompt process; checked without the lock")]
                + data() + cache(zone: zone)
        }
    }

    // MARK: The prompt cache

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

    // MARK: Sharing

    /// Ignore and merge files for a folder shared through git or Syncthing.
    public func sharing() -> [Finding] {
        guard Files.isFolder(store.home) else { return [] }
        var findings: [Finding] = []
        for file in SharedFolder.filesWanted(home: store.home) {
            let missing = SharedFolder.missingLines(file, home: store.home)
            let path = Paths.join(store.home, file.rawValue)
            if missing.isEmpty {
                findings.append(Finding("sharing", .ok, "\(path) is set up"))
            } else {
                findings.append(Finding("sharing", .warning, "\(path) lacks \(missing.joined(separator: ", ")); 'streakprompt doctor --repair' adds it"))
            }
        }
        return findings
    }

    // MARK: Shell plugins

    /// Start-up files that load streakprompt (a mention outside a comment), and whether the
    /// binary is on `PATH`.
    public func shellPlugins() -> [Finding] {
        let area = "shell"
        var findings: [Finding] = []
        if let found = ExecutablePath.search("streakprompt", environment: environment) {
            findings.append(Finding(area, .ok, "streakprompt is on PATH: \(found)"))
        } else {
            findings.append(Finding(area, .warning, "streakprompt is not on PATH: shell plugins and git hooks call it by name; install it into a folder on PATH"))
        }
        guard let home = environment.homeFolder, let config = environment.configFolder else { return findings }
        let zdot = environment.nonEmpty("ZDOTDIR") ?? home
        var candidates = [
            Paths.join(home, ".bashrc"), Paths.join(home, ".bash_profile"), Paths.join(home, ".profile"),
            Paths.join(zdot, ".zshrc"), Paths.join(config, "fish/config.fish"),
            Paths.join(home, ".tmux.conf"), Paths.join(config, "tmux/tmux.conf"),
            Paths.join(config, "starship.toml"), Paths.join(home, ".p10k.zsh"),
        ]
        let confd = Paths.join(config, "fish/conf.d")
        for file in (try? Files.list(confd)) ?? [] where file.hasSuffix(".fish") {
            candidates.append(Paths.join(confd, file))
        }
        var seen = Set<String>()
        for path in candidates where seen.insert(path).inserted {
            guard let bytes = (try? Files.readIfPresent(path, limit: 4 << 20)) ?? nil else { continue }
            if Checkup.loadsStreakprompt(String(decoding: bytes, as: UTF8.self)) {
                findings.append(Finding(area, .ok, "\(path) loads streakprompt"))
            }
        }
        if findings.count == 1 {
            findings.append(Finding(area, .note, "no shell start-up file loads streakprompt: " + Checkup.startupAdvice(ShellStartup.of(environment))))
        }
        return findings
    }

    /// Whether a start-up file mentions streakprompt outside its comments.
    public static func loadsStreakprompt(_ text: String) -> Bool {
        text.split(whereSeparator: \.isNewline).contains { ShellLine.code(of: $0).contains("streakprompt") }
    }

    /// What to add, in the user's shell's syntax when `SHELL` names one we know, else for each.
    static func startupAdvice(_ shell: ShellStartup?) -> String {
        if let shell {
            return "add '\(shell.line)' to \(shell.file) to show the streak in your prompt"
        }
        let each = ShellStartup.all.map { "'\($0.line)' to \($0.file)" }
        return "add " + each.dropLast().joined(separator: ", ") + " or " + each.last! + " (your shell's) to show the streak in your prompt"
    }

    // MARK: Git hooks

    /// The post-commit hooks git would run here: the folder this repository runs hooks from,
    /// and the global `core.hooksPath`.
    public func gitHooks() -> [Finding] {
        let area = "git hooks"
        guard ExecutablePath.search("git", environment: environment) != nil else {
            return [Finding(area, .note, "git is not installed: no hooks to check")]
        }
        let git = Git(timeout: 5000, environment: environment)
        var folders: [(String, String?)] = []
        let repository: GitRepository? = (try? GitRepository.locate(git)) ?? nil
        folders.append(("this repository", repository?.runsHooksFrom))
        if let global = (try? GitGlobalConfig.hooksFolder(git)) ?? nil, !global.isEmpty {
            folders.append(("global core.hooksPath", global))
        }
        var findings: [Finding] = []
        var seen = Set<String>()
        for (label, folder) in folders {
            guard let folder else {
                findings.append(Finding(area, .note, "not inside a git repository: no repository hook to check"))
                continue
            }
            guard seen.insert(folder).inserted else { continue }
            let hook = CommitHook.inspect(folder: folder)
            let through: String
            switch hook.kind {
            case .missing:
                findings.append(Finding(area, .note, "\(label): no post-commit hook in \(folder) ('streakprompt git install' adds one)"))
                continue
            case .foreign:
                findings.append(Finding(area, .note, "\(label): \(hook.path) is not streakprompt's and does not call it ('streakprompt git install' keeps it and adds ours)"))
                continue
            case .ours(let installed) where installed.startsTheBinary:
                guard hook.isExecutable else {
                    findings.append(Finding(area, .problem, "\(label): \(hook.path) starts \(installed.binary ?? "a binary"), which is gone, so git cannot run it and commits do not count; run 'streakprompt git install' there again"))
                    continue
                }
                through = " (git starts \(installed.binary ?? "the binary") directly)"
            case .ours:
                through = ""
            case .calls(let caller, _):
                through = caller == hook.path ? " (it calls 'streakprompt git hook post-commit')"
                    : " (it runs \(caller), which calls 'streakprompt git hook post-commit')"
            }
            if hook.isExecutable {
                findings.append(Finding(area, .ok, "\(label): \(hook.path) counts commits" + through))
            } else {
                findings.append(Finding(area, .problem, "\(label): \(hook.path) is not executable, so git skips it; run chmod +x \(hook.path)"))
            }
        }
        return findings
    }

    // MARK: Speed

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
