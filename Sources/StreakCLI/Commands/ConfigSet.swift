import StreakCore
import StreakSystem

/// `streakprompt config set KEY VALUE` and `config unset KEY`: one line of the config file,
/// checked by the parser that reads it, every other line (and comment) left as it was.
enum ConfigSet: Command {
    static let spec = CommandSpec(
        ["config", "set"], usage: "KEY VALUE", summary: "set a setting in the config file (day-start, format, styles, …)",
        details: """
        Writes KEY = VALUE into the config file (replacing the line for KEY, or adding one),
        after checking that VALUE reads as KEY's value. Every host reads the file: the shell
        plugins, tmux, git hooks, cron and GUIs, so day-start, week-start, format and names
        set here count and show the same everywhere, where a variable only reaches the shell
        that set it. A STREAKPROMPT_* variable set in a shell still wins there. The file
        behind a link (a dotfiles setup) is written, not the link. Keys: \(PromptSettings.fileKeys.joined(separator: ", ")).
        """,
        arguments: .text("KEY VALUE"), count: 2...2)

    static func run(_ invocation: Invocation, _ context: Context) throws(CommandError) -> Int32 {
        let key = invocation.arguments[0]
        let value = invocation.arguments[1]
        let keys = PromptSettings.fileKeys
        guard keys.contains(key) else {
            throw .usage("unknown setting '\(Text.visible(key))'; " + Suggest.hint(key, in: keys, listing: "the settings"))
        }
        if let problem = PromptSettings.problem(key: key, value: value) { throw .usage("\(key): \(problem)") }
        // A format with a placeholder that does not exist would print it as written in every
        // prompt: refused here, as by hand or in `init --format`.
        if key == PromptSettings.Shared.Key.format.rawValue, let unknown = SegmentFormat(value).unknownPlaceholder {
            throw Prompt.placeholderError(unknown, in: "format")
        }
        guard value.utf8.count <= 4096, !value.contains("\n") else { throw .usage("\(key): a value is one line") }
        return try ConfigFile.edit(key: key, value: value, context)
    }
}

enum ConfigUnset: Command {
    static let spec = CommandSpec(
        ["config", "unset"], usage: "KEY", summary: "remove a setting from the config file",
        details: """
        Removes every line for KEY from the config file: the default (or the STREAKPROMPT_*
        variable) stands again. Other lines and comments stay as they were.
        """,
        arguments: .choice("KEY", noun: "setting", words: PromptSettings.fileKeys), count: 1...1)

    static func run(_ invocation: Invocation, _ context: Context) throws(CommandError) -> Int32 {
        try ConfigFile.edit(key: invocation.arguments[0], value: nil, context)
    }
}

/// Writing the config file for `config set` and `config unset`: read, changed and written
/// holding its lock (`LockedFile`), so that settings set at once all land.
enum ConfigFile {
    static func edit(key: String, value: String?, _ context: Context) throws(CommandError) -> Int32 {
        guard let path = PromptSettings.configPath(context.environment) else {
            throw .failure("no config file without a home folder: set HOME or XDG_CONFIG_HOME")
        }
        // (A variable set in this shell wins over the file: then the change does nothing here.)
        let weekStartKey = key == PromptSettings.Shared.Key.weekStart.rawValue
            && context.environment.nonEmpty("STREAKPROMPT_WEEK_START") == nil
        let weeksBefore: [String: (current: Int, best: Int)]?
        do throws(LockedFile.Failure) {
            // A dotfiles manager links the file: the file behind the link is written.
            weeksBefore = try LockedFile.edit(path, limit: PromptSettings.fileLimit) { bytes in
                let (text, changed) = PromptSettings.edited(String(decoding: bytes ?? [], as: UTF8.self), key: key, value: value)
                guard changed else { return (nil, nil) }
                return (Array(text.utf8), weekStartKey ? WeekStartChange.weeklyCounts(context) : [:])
            }
        } catch {
            switch error {
            case .system(let error): throw .failure(error.message + "; " + error.advice)
            case .busy(let lock, let milliseconds):
                throw .failure("another streakprompt process has held \(lock) for \(milliseconds / 1000) s (a config set that hangs); try again, or end that process")
            }
        }
        guard let weeksBefore else {
            context.out.line(value == nil ? "\(key) is not in \(path); nothing changed." : "\(key) = \(value!) in \(path) already; nothing changed.")
            return 0
        }
        context.out.line(value.map { "Set \(key) = \($0) in \(path)." } ?? "Removed \(key) from \(path).")
        if let variable = PromptSettings.variable(forFileKey: key), context.environment.nonEmpty(variable) != nil {
            context.out.line("\(variable) is set in this shell and wins over the file here; 'unset \(variable)' to use it.")
        }
        if !weeksBefore.isEmpty { WeekStartChange.report(before: weeksBefore, context) }
        return 0
    }
}

/// What a change of the week start does: weekly streaks read every week, the past ones too,
/// from the new first day, so their counts can change. Said, streak by streak, when they do.
enum WeekStartChange {
    /// Each weekly streak's current and best run, with the week start in effect now.
    static func weeklyCounts(_ context: Context) -> [String: (current: Int, best: Int)] {
        guard let now = try? context.present(), let today = try? context.today(at: now),
              let store = try? context.store(today: today), let names = try? store.names()
        else { return [:] }
        var counts: [String: (current: Int, best: Int)] = [:]
        for name in names {
            guard let streak = try? store.load(name, zone: context.zone) else { continue }
            let reading = streak.reading(today: today.day, zone: context.zone)
            if reading.unit == .week || streak.settings.rules.unit == .week { counts[name.text] = (reading.current, reading.best) }
        }
        return counts
    }

    static func report(before: [String: (current: Int, best: Int)], _ context: Context) {
        let after = weeklyCounts(context)
        let start = (try? context.weekStart()) == .sunday ? "Sunday" : "Monday"
        let changes = before.keys.sorted().compactMap { name -> String? in
            guard let old = before[name], let new = after[name], old != new else { return nil }
            return "\(name) \(old.current)w (best \(old.best)w) → \(new.current)w (best \(new.best)w)"
        }
        if changes.isEmpty {
            context.out.line("Weekly streaks read their weeks from \(start) now, the past ones too; no count changed.")
        } else {
            context.out.line("Weekly streaks read their weeks from \(start) now, the past ones too: " + changes.joined(separator: ", ") + ".")
        }
    }
}
