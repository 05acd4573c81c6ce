import StreakCore
import StreakSystem

/// `streakprompt --refresh-cache` (`PromptSource.refreshArgument`): rebuilds the prompt cache from the logs.
///
/// Not a command users type (so not in the table, the help or the completions): the prompt
/// starts it in the background when the folders' stamps show the cache has fallen behind —
/// another machine's actions arrived through a sync tool, or a writer was killed between its
/// append and its cache update.
///
/// Bounded, because prompts start it and nobody waits for it: one at a time (a second one
/// exits at once), a short wait for a writer's lock (that writer refreshes the cache itself,
/// and the next prompt asks again if something is still stale), and an end after `timeLimit`
/// seconds whatever the file system does (the cache is written atomically, so being cut
/// short leaves the old one).
enum Refresh {
    static let timeLimit: UInt32 = 10
    static let lockWait = 2000

    static func run(_ context: Context) -> Int32 {
        ProcessSetup.limitRunTime(seconds: timeLimit)
        guard Store.homeProblem(context.environment) == nil, var store = Store(context.environment),
              (try? context.fold(&store)) != nil
        else { return 1 }
        guard let claim = store.claimRefresh() else { return 0 }
        return withExtendedLifetime(claim) {
            do {
                try store.rebuildCache(zone: context.zone, waitingAtMost: lockWait)
                return 0
            } catch {
                return 1
            }
        }
    }
}
