import StreakCore
import StreakSystem

/// `streakprompt status [NAME]`: where one streak stands today.
enum Status: Command {
    static let spec = CommandSpec(
        ["status"], usage: "[NAME] [--tag T] [--json]", summary: "current, best, total, state, time left today",
        details: """
        Shows the current run, the best and the total, today's state (and for a pending
        streak the time left today, or this week), today's progress toward a daily goal
        ('2 of 3 today') or this week's toward a weekly target ('1 of 2 this week'), the
        completion rate of the last 30 and 365 days, the rules, the freezes held and earned,
        and the pauses and rule changes ahead.

        Completion rate: met scheduled dates / scheduled dates in the window (for a weekly
        streak: met weeks / weeks that start in it). The window is the last N dates up to
        today, starting no earlier than the streak's first action; today (this week) counts
        only once it is met (a pending one is not a miss yet); dates a freeze covered count
        as not met; unscheduled and paused dates count in neither.

        With --tag T and no NAME, shows every streak tagged T, in the streaks' order (JSON:
        an array).
        """,
        flags: [Roster.tagFlag, CommandTable.json, CommandTable.now], arguments: .streakName(existing: true), count: 0...1)

    /// Pauses and changes ahead listed before the rest are counted.
    static let aheadListed = 3

    static func run(_ invocation: Invocation, _ context: Context) throws(CommandError) -> Int32 {
        let tags = try Roster.tags(invocation)
        guard tags.isEmpty || invocation.argumentName != nil else {
            let today = try context.today(invocation)
            let store = try context.store(today: today)
            let names = Roster.tagged(try storeCall { () throws(StoreError) -> [StreakName] in try Roster.names(store) }, store, tags)
            var streaks: [LoadedStreak] = []
            for name in names { streaks.append(try Report.load(name, store, context)) }
            if invocation.has(CommandTable.json) {
                context.out.line(JSON.array(streaks.map { Report.json($0, $0.reading(today: today.day, zone: context.zone), today) }).pretty)
                return 0
            }
            guard !streaks.isEmpty else {
                throw .failure("no streak is tagged \(tags.joined(separator: " or ")); 'streakprompt add NAME --tag \(tags[0])' tags one")
            }
            for (index, streak) in streaks.enumerated() {
                if index > 0 { context.out.line("") }
                show(streak, today, context)
            }
            return 0
        }
        let (today, streak) = try Report.named(invocation, context)
        if invocation.has(CommandTable.json) {
            context.out.line(Report.json(streak, streak.reading(today: today.day, zone: context.zone), today).pretty)
            return 0
        }
        show(streak, today, context)
        return 0
    }

    /// One streak's lines.
    static func show(_ streak: LoadedStreak, _ today: Today, _ context: Context) {
        let name = streak.name
        let reading = streak.reading(today: today.day, zone: context.zone)
        let settings = streak.settings
        let state = Report.stateText(reading, today, hasActions: !streak.actions.isEmpty)
        context.out.line("\(name)  \(settings.icon) \(Report.count(reading.current, reading.unit))  \(state)")
        if streak.archived {
            context.out.line("  archived: out of the prompt and 'list' ('streakprompt unarchive \(name)' brings it back)")
        }
        var facts = ["best \(Report.count(reading.best, reading.unit))", "total \(reading.total)"]
        if let last = reading.last { facts.append("last \(last)") }
        context.out.line("  " + facts.joined(separator: " · "))
        if !streak.actions.isEmpty || settings.rules.quits {
            // One line a window, each rate as a bar (`▕████████░░▏ 84%`).
            for days in Report.windows {
                context.out.line("  " + Report.completionText(Report.completion(streak, today, days: days), bar: true))
            }
        }
        let rules = streak.replay.rules(on: reading.today)
        var line: [String] = []
        switch rules.mode {
        case .days where rules.quits:
            line.append("a habit to quit, counted from \(rules.quitSince!) ('tick \(name)' records a slip)")
        case .days(let schedule): line.append("schedule \(schedule)")
        case .weeks(let target): line.append("target \(SettingsField.targetText(target)) (weeks from \(today.weekStart == .monday ? "Monday" : "Sunday"))")
        }
        if rules.goal != 1 { line.append("goal \(rules.goal) a date") }
        if rules.earnEvery > 0 {
            let earned = streak.replay.fold(at: today.day, zone: context.zone).earned
            let units = rules.unit == .week ? "weeks" : "dates"
            line.append("freezes held \(reading.freezesLeft), \(earned) earned (one every \(rules.earnEvery) met \(units) while fewer than \(rules.maxHeld) are held)")
        } else if rules.freezes > 0 {
            line.append("freezes left \(reading.freezesLeft) of \(rules.freezes)")
        }
        context.out.line("  " + line.joined(separator: " · "))
        if !settings.tags.isEmpty { context.out.line("  tags " + settings.tags.joined(separator: ", ")) }
        for ahead in aheadLines(streak, after: reading.today) { context.out.line("  " + ahead) }
    }

    /// `paused 2026-12-20 to 2027-01-02`, `from Monday 2026-11-30: 3/week, …`: the pauses
    /// and rule changes after `day`, in date order.
    static func aheadLines(_ streak: LoadedStreak, after day: StreakDay) -> [String] {
        var items: [(StreakDay, String)] = []
        for range in streak.replay.pauses.ranges where range.to > day {
            let from = Swift.max(range.from, day + 1)
            items.append((from, from == range.to ? "paused \(from)" : "paused \(from) to \(range.to)"))
        }
        for segment in streak.replay.timeline.segments where segment.from > day {
            items.append((segment.from, "from \(segment.from.weekday.title) \(segment.from): \(Report.rulesText(segment.rules))"))
        }
        items.sort { $0.0 < $1.0 }
        var lines = items.prefix(aheadListed).map(\.1)
        if items.count > aheadListed { lines.append("and \(items.count - aheadListed) more ahead") }
        return lines
    }
}
