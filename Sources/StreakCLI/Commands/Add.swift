import StreakCore
import StreakSystem

/// `streakprompt add NAME`: creates a streak with its icon, schedule and freezes.
enum Add: Command {
    static let spec = CommandSpec(
        ["add"], usage: "NAME [--icon I] [--schedule S] [--freezes N]", summary: "create a streak",
        details: """
        Schedules: daily (the default), weekdays, weekends, or days such as mon,wed,fri.
        Unscheduled dates neither break nor extend the streak. Each freeze covers one
        missed scheduled date automatically.
        """,
        flags: [
            FlagSpec("--icon", value: "I", help: "what the segment shows before the count (default 🔥)"),
            FlagSpec("--schedule", value: "S", help: "daily, weekdays, weekends or mon,wed,fri",
                     choices: ["daily", "weekdays", "weekends", "mon,wed,fri"]),
            FlagSpec("--freezes", value: "N", help: "freezes banked (each covers one missed date)"),
        ],
        arguments: "NAME", count: 1...1, completes: .none)

    static func run(_ invocation: Invocation, _ context: Context) throws -> Int32 {
        let name = try context.streakName(invocation)
        var settings = StreakSettings()
        if let icon = invocation.value("--icon") {
            if let problem = Icon.problem(with: icon) { throw UsageError("--icon '\(Text.visible(icon))': \(problem)") }
            settings.icon = icon
        }
        if let text = invocation.value("--schedule") {
            guard let schedule = Schedule(text) else {
                throw UsageError("--schedule '\(Text.visible(text))' is not a schedule; use daily, weekdays, weekends or days such as mon,wed,fri")
            }
            settings.rules.schedule = schedule
        }
        if let text = invocation.value("--freezes") {
            guard let freezes = Decimal.parse(text.utf8), freezes <= Rules.maxFreezes else {
                throw UsageError("--freezes '\(Text.visible(text))' must be a whole number from 0 to \(Rules.maxFreezes)")
            }
            settings.rules.freezes = freezes
        }
        let store = try context.store()
        try storeCall { () throws(StoreError) in try store.add(name, settings: settings, zone: context.zone) }
        let freezes = settings.rules.freezes == 1 ? "1 freeze" : "\(settings.rules.freezes) freezes"
        context.out.line("Added \(settings.icon) \(name): \(settings.rules.schedule), \(freezes). Count an action with 'streakprompt tick \(name)'.")
        return 0
    }
}
