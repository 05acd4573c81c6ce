import StreakCore
import StreakSystem

/// `streakprompt list`: every streak, one line each.
enum List: Command {
    static let all = FlagSpec("--all", short: "-a", help: "archived streaks too (marked archived)")
    static let sortKeys = ["order", "name", "current", "best", "rate", "last"]
    static let sort = FlagSpec("--sort", .choice("KEY", noun: "sort key", words: sortKeys),
                               help: "order (the default), name, current, best, rate (last 30 days) or last (latest met date)")

    static let spec = CommandSpec(["list"], usage: "[--all] [--tag T] [--sort KEY] [--json]", summary: "every streak, one line each",
                                  details: """
                                  STATE is done, pending (today is still open) or broken, and new for a
                                  streak with no action yet; with a daily goal or a weekly target it adds
                                  how far today (this week) is while it is not met: pending 2/3. A
                                  weekly streak counts in weeks: 🔥 5w. Archived streaks are left out;
                                  --all lists them too, their state followed by 'archived'. --sort current,
                                  best, rate (the last 30 days' completion) and last (the latest met date)
                                  put the highest first; name sorts by name; order (the default) keeps
                                  the streaks' own order ('streakprompt order'). --tag T lists only the
                                  streaks tagged T ('add NAME --tag T'); given twice, those with either.
                                  """,
                                  flags: [all, Roster.tagFlag, sort, CommandTable.json, CommandTable.now], aliases: ["ls"])

    static func run(_ invocation: Invocation, _ context: Context) throws(CommandError) -> Int32 {
        let today = try context.today(invocation)
        let store = try context.store(today: today)
        let tags = try Roster.tags(invocation)
        let names = Roster.tagged(try storeCall { () throws(StoreError) -> [StreakName] in
            try Roster.names(store, archived: invocation.has(all))
        }, store, tags)
        var rows: [(LoadedStreak, Reading)] = []
        for name in names {
            let streak = try Report.load(name, store, context)
            rows.append((streak, streak.reading(today: today.day, zone: context.zone)))
        }
        rows = sorted(rows, by: invocation.text(sort) ?? "order", today)
        if invocation.has(CommandTable.json) {
            context.out.line(JSON.array(rows.map { Report.json($0.0, $0.1, today) }).pretty)
            return 0
        }
        if rows.isEmpty, !tags.isEmpty {
            context.out.line("No streak is tagged \(tags.joined(separator: " or ")); 'streakprompt add NAME --tag \(tags[0])' tags one.")
            return 0
        }
        if rows.isEmpty {
            let archived = (try? store.names().count) ?? 0
            context.out.line(archived > 0
                ? "Every streak is archived (\(archived)): 'streakprompt list --all' lists them, 'streakprompt unarchive NAME' brings one back."
                : Report.noStreaksYet)
            return 0
        }
        // A weekly streak counts in weeks (`🔥 5w`); while today's goal or this week's target
        // is not met, the state says how far it is (`pending 2/3`).
        var table = [["NAME", "STREAK", "STATE", "BEST", "TOTAL", "LAST"]] + rows.map { streak, reading in
            var state = Report.stateWord(streak, reading)
            if reading.state != .broken || reading.isNew, !reading.progress.isMet, reading.unit == .week || reading.progress.needed > 1 {
                state += " \(reading.progress.done)/\(reading.progress.needed)"
            }
            if streak.archived { state += " archived" }
            return [streak.name.text, "\(streak.settings.icon) \(Report.count(reading.current, reading.unit))", state,
                    Report.count(reading.best, reading.unit), String(reading.total), reading.last?.description ?? "-"]
        }
        // The 30-day completion rate, as a bar where the terminal is wide enough for it.
        let rates = rows.map { Report.completion($0.0, today, days: 30) }
        func percent(_ rate: CompletionRate) -> String {
            rate.percent.map { String(repeating: " ", count: 4 - String($0).count - 1) + "\($0)%" } ?? "   -"
        }
        var withBars = table
        withBars[0].append("LAST 30 DAYS")
        for (index, rate) in rates.enumerated() {
            withBars[index + 1].append(rate.bar.map { $0 + " " + percent(rate) } ?? String(repeating: " ", count: 13) + percent(rate))
        }
        if Columns.width(of: withBars) <= context.out.terminalWidth(context.environment) {
            table = withBars
        } else {
            table[0].append("30D")
            for (index, rate) in rates.enumerated() { table[index + 1].append(percent(rate)) }
        }
        Columns.print(table, to: context.out)
        return 0
    }

    /// The rows by `key`: the highest first for current, best, rate and last, then by name;
    /// by name for name; as they came (the streaks' order) for order. Stable, so ties keep it.
    static func sorted(_ rows: [(LoadedStreak, Reading)], by key: String, _ today: Today) -> [(LoadedStreak, Reading)] {
        func rate(_ streak: LoadedStreak) -> Int {
            let completion = Report.completion(streak, today, days: 30)
            return completion.scheduled == 0 ? -1 : completion.done * 1000 / completion.scheduled
        }
        let value: ((LoadedStreak, Reading)) -> Int
        switch key {
        case "name": return rows.sorted { $0.0.name.text < $1.0.name.text }
        case "current": value = { $0.1.current }
        case "best": value = { $0.1.best }
        case "rate": value = { rate($0.0) }
        case "last": value = { $0.1.last?.ordinal ?? Int.min }
        default: return rows
        }
        let keyed = rows.map { (value($0), $0) }
        return keyed.sorted { a, b in
            a.0 != b.0 ? a.0 > b.0 : a.1.0.name.text < b.1.0.name.text
        }.map(\.1)
    }
}
