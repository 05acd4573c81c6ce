import StreakCore
import StreakSystem

/// `streakprompt --refresh-cache` (`PromptSource.refreshArgument`): rebuilds the prompt cache from the logs.
///
/// Not a command users type (so not in the table, the help or the completions): the prompt
/// starts it in the background when the folders' stamps show the cache has fallen behind —
/// another machine's actions arrived through a sync tool, or a writer was killed between its
/// append and its cache update.
enum Refresh {
    static func run(_ context: Context) -> Int32 {
        guard let store = try? context.store() else { return 1 }
        do {
            try store.rebuildCache(zone: context.zone)
            return 0
        } catch {
            return 1
        }
    }
}
