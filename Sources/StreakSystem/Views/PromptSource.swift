import StreakCore

/// What the prompt reads: the data folder's prompt cache, in memory, and whether the folders
/// have changed since it was written.
///
/// The prompt's whole read path, kept to one small file read and a few `stat`s: no history,
/// no arrays (see `FileBytes`). When a folder's stamp differs from the one the cache recorded
/// (a sync tool delivered another machine's actions, or a writer was killed between its append
/// and its cache update), the prompt still shows what the cache holds, and `finish()` has the
/// cache rebuilt in the background for the next prompt.
public final class PromptSource {
    /// The cache file's bytes.
    public let bytes: UnsafeBufferPointer<UInt8>
    private let file: FileBytes
    /// The data folder.
    public let home: String
    /// `HOME/streaks/`, the prefix of every streak folder's path.
    private let streaksFolder: String
    private let environment: Environment
    /// Whether a folder changed since the cache was written.
    public private(set) var stale: Bool
    /// How many streaks `showing` was told of, and the streaks folder opened for the second
    /// and later ones (-1: not opened).
    private var shown = 0
    private var streaksFD: Int32 = -1

    /// The argument that makes the binary rebuild the cache (`streakprompt --refresh-cache`).
    public static let refreshArgument = "--refresh-cache"

    /// The cache of the data folder `environment` names, or nil when there is none to show:
    /// no home folder, no cache, or a file that is not one (too big, damaged, a named pipe:
    /// it is opened without blocking and only if it is a regular file), or that an older
    /// version wrote (the first release's).
    ///
    /// When there is data but no usable cache (a first tick killed before it wrote one, a
    /// cache deleted or damaged, or the first release's), the rebuild starts in the
    /// background, so the next prompt shows the streaks again.
    ///
    /// The first release's cache means this version was just installed over it: then the
    /// rebuild runs at once (a second at most) and the prompt shows its result, so the first
    /// prompt after an upgrade is not blank.
    public static func open(_ environment: Environment) -> PromptSource? {
        guard let home = Store.defaultHome(environment) else { return nil }
        let path = Store.cachePath(home: home)
        let file = try? Files.readBytes(path, limit: PromptCache.maxBytes)
        if let file, PromptCache.isCache(file.buffer) { return PromptSource(file: file, home: home, environment: environment) }
        guard Files.isFolder(Paths.join(home, "streaks")) else { return nil }
        if let file, file.buffer.starts(with: PromptCache.magicV1.utf8), Files.isWritableFolder(home),
           let binary = ExecutablePath.current(environment: environment),
           (try? Subprocess.run([binary, refreshArgument], environment: environment, limit: 0, timeout: 1000))?.status == 0,
           let rebuilt = try? Files.readBytes(path, limit: PromptCache.maxBytes), PromptCache.isCache(rebuilt.buffer) {
            return PromptSource(file: rebuilt, home: home, environment: environment)
        }
        startRefresh(home: home, environment: environment)
        return nil
    }

    private init(file: FileBytes, home: String, environment: Environment) {
        self.file = file
        bytes = file.buffer
        self.home = home
        self.environment = environment
        streaksFolder = Paths.join(home, "streaks") + "/"
        // Every cache the program writes ends a line: one that does not was cut short, and
        // the streaks after the cut are missing from it. Else one stat for the list of streaks.
        stale = file.buffer.last != 0x0A || !Files.stampMatches(streaksFolder, PromptCache.headerStamp(file.buffer) ?? "")
    }

    /// Notes that the prompt shows `entry` on `today` with weeks starting on `weekStart`: one
    /// stat of its folder, until something is stale. The line is also stale when it was folded
    /// with another week start (the environment changed: the segment shows the line as it is,
    /// once, and the rebuild folds with this one), or when `today` has reached the horizon of
    /// the changes and pauses it plans ahead (`Ahead`; the rebuild anchors it on today).
    public func showing(_ entry: PromptCache.Entry, today: StreakDay, weekStart: WeekStart) {
        guard !stale else { return }
        // The first streak by its path; from the second on, from the streaks folder opened
        // once (a whole path walked for each of fifty streaks cost more than their stats).
        shown += 1
        if shown == 2 { streaksFD = Files.openFolder(streaksFolder) }
        if !Files.stampMatches(in: streaksFD, path: streaksFolder, entry.name, entry.stamp) || entry.progress.weekStart != weekStart
            || entry.progress.ahead.reachesHorizon(by: today) {
            stale = true
        }
    }

    deinit { Files.closeFolder(streaksFD) }

    /// Starts the background rebuild when something was stale and the folder is writable.
    public func finish() {
        if stale { PromptSource.startRefresh(home: home, environment: environment) }
    }

    /// Starts `streakprompt --refresh-cache` in the background (a refresh already running
    /// makes the new one exit at once: see `Store.claimRefresh`).
    static func startRefresh(home: String, environment: Environment) {
        if Files.isWritableFolder(home) {
            Background.start([PromptSource.refreshArgument], environment: environment)
        }
    }
}
