import StreakCore
import StreakSystem

/// `streakprompt add NAME`: creates a streak with its icon, schedule and freezes.
enum Add: Command {
    /// One flag per settings field, read by the field's own parser.
    static let settingFlags = [
        FlagSpec("--icon", .setting(.icon, placeholder: "I"), help: "what the segment shows before the count (default: one no other streak has)"),
        FlagSpec("--schedule", .setting(.schedule, placeholder: "S", examples: ["daily", "weekdays", "weekends"],
                                        listOf: Weekday.allCases.map(\.shortName)),
                 help: "daily, weekdays, weekends or mon,wed,fri"),
        FlagSpec("--freezes", .setting(.freezes, placeholder: "N"), help: "freezes banked (each covers one missed date)"),
    ]

    static let spec = CommandSpec(
        ["add"], usage: "NAME [--icon I] [--schedule S] [--freezes N]", summary: "create a streak (or change its settings)",
        details: """
        Creates the streak, or, if it exists (a tick creates streaks with the defaults),
        changes the settings given and keeps the others.

        Schedules: daily (the default), weekdays, weekends, or days such as mon,wed,fri.
        Unscheduled dates neither break nor extend the streak. Each freeze covers one
        missed scheduled date automatically.
        """,
        flags: settingFlags + [CommandTable.now],
        arguments: .streakName(existing: false), count: 1...1)

    static func run(_ invocation: Invocation, _ context: Context) throws(CommandError) -> Int32 {
        let store = try context.store()
        let name = try Roster.streak(invocation, store, whenNone: nil)
        // Each field given, with its text (already read once by the parser, so it reads).
        var given: [(SettingsField, String)] = []
        for flag in settingFlags {
            guard case .setting(let field, _, _, _)? = flag.type, let text = invocation.text(flag) else { continue }
            given.append((field, text))
        }
        if store.exists(name), given.isEmpty {
            throw StoreError.exists(name).commandError
        }
        // An existing streak (often one a tick created) takes the settings given, keeps the rest.
        let outcome = try storeCall { () throws(StoreError) -> ConfigureOutcome in
            try store.configure(name, zone: context.zone) { settings in
                for (field, text) in given { _ = field.apply(text, to: &settings) }
            }
        }
        let (settings, created) = (outcome.settings, outcome.created)
        Exit.warnCache(outcome.cacheProblem, done: "the settings are saved")
        let banked = settings.rules.freezes == 1 ? "1 freeze" : "\(settings.rules.freezes) freezes"
        if created {
            context.out.line("Added \(settings.icon) \(name): \(settings.rules.schedule), \(banked). Count an action with 'streakprompt tick \(name)'.")
        } else {
            context.out.line("Updated \(settings.icon) \(name): \(settings.rules.schedule), \(banked).")
        }
        return 0
    }
}
