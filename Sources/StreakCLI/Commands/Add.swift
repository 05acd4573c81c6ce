import StreakCore
import StreakSystem

/// `streakprompt add NAME`: creates a streak with its icon, schedule and freezes.
enum Add: Command {
    static let spec = CommandSpec(
        ["add"], usage: "NAME [--icon I] [--schedule S] [--freezes N]", summary: "create a streak (or change its settings)",
        details: """
        Creates the streak, or, if it exists (a tick creates streaks with the defaults),
        changes the settings given and keeps the others.

        Schedules: daily (the default), weekdays, weekends, or days such as mon,wed,fri.
        Unscheduled dates neither break nor extend the streak. Each freeze covers one
        missed scheduled date automatically.
        """,
        flags: [
            FlagSpec("--icon", value: "I", help: "what the segment shows before the count (default 🔥)"),
            FlagSpec("--schedule", value: "S", help: "daily, weekdays, weekends or mon,wed,fri",
                     choices: ["daily", "weekdays", "weekends", "mon,wed,fri"]),
            FlagSpec("--freezes", value: "N", help: "freezes banked (each covers one missed date)"),
            CommandTable.now,
        ],
        arguments: "NAME", count: 1...1, completes: .none)

    static func run(_ invocation: Invocation, _ context: Context) throws -> Int32 {
        let name = try context.streakName(invocation)
        var icon: String?
        var schedule: Schedule?
        var freezes: Int?
        if let text = invocation.value("--icon") {
            if let problem = Icon.problem(with: text) { throw UsageError("--icon '\(Text.visible(text))': \(problem)") }
            icon = text
        }
        if let text = invocation.value("--schedule") {
            guard let parsed = Schedule(text) else {
                throw UsageError("--schedule '\(Text.visible(text))' is not a schedule; use daily, weekdays, weekends or days such as mon,wed,fri")
            }
            schedule = parsed
        }
        if let text = invocation.value("--freezes") {
            guard let parsed = Decimal.parse(text.utf8), parsed <= Rules.maxFreezes else {
                throw UsageError("--freezes '\(Text.visible(text))' must be a whole number from 0 to \(Rules.maxFreezes)")
            }
            freezes = parsed
        }
        let store = try context.store()
        if store.exists(name), icon == nil, schedule == nil, freezes == nil {
            throw StoreError.exists(name).failure
        }
        // An existing streak (often one a tick created) takes the settings given, keeps the rest.
        let (settings, created) = try storeCall { () throws(StoreError) -> (StreakSettings, Bool) in
            try store.configure(name, zone: context.zone) { settings in
                if let icon { settings.icon = icon }
                if let schedule { settings.rules.schedule = schedule }
                if let freezes { settings.rules.freezes = freezes }
            }
        }
        let banked = settings.rules.freezes == 1 ? "1 freeze" : "\(settings.rules.freezes) freezes"
        if created {
            context.out.line("Added \(settings.icon) \(name): \(settings.rules.schedule), \(banked). Count an action with 'streakprompt tick \(name)'.")
        } else {
            context.out.line("Updated \(settings.icon) \(name): \(settings.rules.schedule), \(banked).")
        }
        return 0
    }
}
