import StreakCore
import StreakSystem

/// `streakprompt add NAME`: creates a streak with its rules, or changes an existing one's rules
/// from a date on.
enum Add: Command {
    /// One flag per settings field, read by the field's own parser.
    static let settingFlags = [
        FlagSpec("--icon", .setting(.icon, placeholder: "I"), help: "what the segment shows before the count (default: one no other streak has)"),
        FlagSpec("--schedule", .setting(.schedule, placeholder: "S", examples: ["daily", "weekdays", "weekends"],
                                        listOf: Weekday.allCases.map(\.shortName)),
                 help: "daily, weekdays, weekends or mon,wed,fri"),
        FlagSpec("--target", .setting(.target, placeholder: "N/week", examples: SettingsField.targetTexts),
                 help: "count weeks instead: N met dates a week (1/week to 7/week)"),
        FlagSpec("--goal", .setting(.goal, placeholder: "N"), help: "counts a date needs to be met (default 1)"),
        FlagSpec("--freezes", .setting(.freezes, placeholder: "N"), help: "freezes banked (each covers one missed date or week)"),
        FlagSpec("--earn-freeze", .setting(.earnFreeze, placeholder: "N"),
                 help: "earn a freeze every N met dates (or weeks) of a run (0: never, the default)"),
        FlagSpec("--max-freezes", .setting(.maxFreezes, placeholder: "M"), help: "earn none while M are held (default 2)"),
    ]

    static let from = FlagSpec("--from", .date, help: "change an existing streak's rules from DATE on (default today); with --quit, the date quit")
    static let quit = FlagSpec("--quit", help: "a habit to quit: a tick records a slip, every date without one counts (from --from, default today)")
    static let tag = FlagSpec("--tag", .text("T"), help: "add the tag T (repeatable): 'list --tag T' and 'streakprompt --tag T' show the streaks with it",
                              repeatable: true)
    static let untag = FlagSpec("--untag", .text("T"), help: "remove the tag T (repeatable)", repeatable: true)

    static let spec = CommandSpec(
        ["add"], usage: "NAME [--icon I] [--schedule S | --target N/week] [--goal N] [--freezes N] [--earn-freeze N] [--max-freezes M] [--from DATE] [--quit] [--tag T] [--untag T]",
        summary: "create a streak, or change its rules from a date on",
        details: """
        Creates the streak with the rules given: they cover all of its dates, backdated ones
        included. On a streak that exists (a tick creates streaks with the defaults), the
        rules given change from DATE on (--from, default today) and every date before keeps
        the rules it had, so no change rewrites a past run. A change that involves weeks
        (a --target, or a streak counting weeks) waits for the first week start on or after
        DATE: a week finishes under the rules it started with. --icon changes the icon at once,
        and so do --tag and --untag (tags group streaks: 'list --tag work').

        --quit creates a habit to quit instead (smoking, doomscrolling): a tick records a
        slip, and every date without one counts, from the date it was added (--from DATE:
        the date you quit, not after today). A slip date reads broken, 0; the next date
        starts again at 1; a slip dated before the date quit breaks nothing. Goals,
        schedules, targets and freezes do not apply; pauses do.

        Schedules: daily (the default), weekdays, weekends, or days such as mon,wed,fri.
        Unscheduled dates neither break nor extend the streak. --target N/week counts weeks
        instead (Monday to Sunday, or from Sunday with STREAKPROMPT_WEEK_START=sun): a week
        is met with N met dates. A date is met when its counts ('tick --count K') reach the
        goal. Each freeze covers one missed date (or week) automatically, while the run is
        alive; with --earn-freeze N a run earns one every N met dates (or weeks) while fewer
        than --max-freezes are held.
        """,
        flags: settingFlags + [from, quit, tag, untag, CommandTable.now],
        arguments: .streakName(existing: false), count: 1...1)

    /// The tags `--tag` adds and `--untag` removes, each checked.
    static func tagChanges(_ invocation: Invocation) throws(CommandError) -> (adding: [String], removing: [String]) {
        var lists: [[String]] = [[], []]
        for (index, flag) in [tag, untag].enumerated() {
            for text in invocation.flags[flag.name] ?? [] {
                if let problem = StreakTag.problem(with: text) { throw .usage(problem.message(at: flag.name)) }
                lists[index].append(text)
            }
        }
        if let both = lists[0].first(where: lists[1].contains) {
            throw .usage("--tag \(both) and --untag \(both) together: choose one")
        }
        return (lists[0], lists[1])
    }

    static func run(_ invocation: Invocation, _ context: Context) throws(CommandError) -> Int32 {
        let today = try context.today(invocation)
        let store = try context.store(today: today)
        let name = try Roster.streak(invocation, store, whenNone: nil)
        // Each field given, read again by its parser (the parser has read each once, so it
        // reads; a schedule and a target together do not).
        var given = GivenSettings()
        for flag in settingFlags {
            guard case .setting(let field, _, _, _)? = flag.type, let text = invocation.text(flag) else { continue }
            do throws(FieldError) {
                try field.read(text, into: &given)
            } catch {
                throw .usage(error.message(at: flag.name) + " (--schedule counts dates, --target weeks)")
            }
        }
        // An empty icon would leave a bare count in every segment: --format without {icon}
        // does that on purpose (an export may still carry an empty icon).
        // Bidirectional controls reorder the text after them wherever the icon is printed
        // (the prompt drops them; `list` and these lines would not): refused as control
        // characters are. (A settings file that holds one still reads.)
        if let icon = given.icon, icon.unicodeScalars.contains(where: Text.isBidiControl) {
            throw .usage("--icon '\(Text.visible(icon))': an icon cannot hold bidirectional controls (U+202A–202E, U+2066–2069, U+200E, U+200F, U+061C)")
        }
        if given.icon?.isEmpty == true {
            throw .usage("--icon '' would show no icon; give one (an emoji, a letter), or leave {icon} out of the format")
        }
        let (adding, removing) = try tagChanges(invocation)
        let quits = invocation.has(quit)
        if quits, let flag = settingFlags.first(where: { $0.name != "--icon" && invocation.has($0) }) {
            throw .usage("\(flag.name) does not apply to a habit to quit (--quit): every date without a slip counts; goals, schedules, targets and freezes are for habits to keep")
        }
        let tooMany = "a streak has at most \(StreakTag.maxCount) tags"
        // The tags as they stand when the lock is held: worked out from the ones read earlier,
        // the tags another command added meanwhile would be written over.
        func retag() throws(CommandError) -> ConfigureOutcome {
            var refused = false
            let outcome = try storeCall { () throws(StoreError) -> ConfigureOutcome in
                try store.configure(name, zone: context.zone) { settings in
                    let tags = StreakTag.normalized(settings.tags.filter { !removing.contains($0) } + adding)
                    if tags.count > StreakTag.maxCount { refused = true } else { settings.tags = tags }
                }
            }
            if refused { throw .usage(tooMany) }
            Exit.warnCache(outcome.cacheProblem, done: "the tags are saved")
            return outcome
        }
        func tagsText(_ settings: StreakSettings) -> String {
            settings.tags.isEmpty ? "no tags" : "tags " + settings.tags.joined(separator: ", ")
        }
        /// Creates the streak; nil when another command created it first (then it is changed
        /// as an existing one, so what both asked for lands).
        func addNew() throws(CommandError) -> Int32? {
            // Asked for by name, so a near miss is no typo; a case twin is refused.
            try Roster.checkNew(name, store, byHand: false)
            // A new streak: the defaults (an icon no other streak has), with what was given.
            var quitSince: StreakDay?
            if quits {
                let since = invocation.date(from, today: today.day) ?? today.day
                if since > today.day {
                    throw .usage("--from \(since) is after today (\(today.day)): a habit to quit is counted from a date that has begun")
                }
                quitSince = since
            }
            guard StreakTag.normalized(adding).count <= StreakTag.maxCount else { throw .usage(tooMany) }
            let outcome: ConfigureOutcome
            do throws(StoreError) {
                outcome = try store.create(name, with: given, tags: adding, quitSince: quitSince, zone: context.zone)
            } catch {
                if case .exists = error { return nil }
                throw error.commandError
            }
            Exit.warnCache(outcome.cacheProblem, done: "the settings are saved")
            let settings = outcome.settings
            var line = "Added \(settings.icon) \(name): \(Report.rulesText(settings.rules))"
            line += settings.tags.isEmpty ? "." : "; \(tagsText(settings))."
            if quits {
                context.out.line(line + " Record a slip with 'streakprompt tick \(name)'.")
                return 0
            }
            if invocation.has(from) { line += " A new streak's rules cover all its dates; --from is for later changes." }
            context.out.line(line + " Count an action with 'streakprompt tick \(name)'.")
            return 0
        }
        if !store.exists(name), let status = try addNew() { return status }
        let existing = try storeCall { () throws(StoreError) -> StreakSettings in try store.settings(of: name) }
        if quits != existing.rules.quits, quits || !given.rules.isEmpty {
            throw .usage(quits
                ? "\(name) is a habit to keep, and stays one: a streak is a habit to quit only from its creation ('streakprompt add NEWNAME --quit')"
                : "\(name) is a habit to quit: every date without a slip counts, so it has no rules to change (only --icon and --tag)")
        }
        if quits, given.isEmpty, adding.isEmpty, removing.isEmpty {
            context.out.line("\(name) is a habit to quit already, counted from \(existing.rules.quitSince!); nothing changed.")
            return 0
        }
        if given.isEmpty, adding.isEmpty, removing.isEmpty { throw StoreError.exists(name).commandError }
        var settings = existing
        if !adding.isEmpty || !removing.isEmpty {
            let outcome = try retag()
            settings = outcome.settings
            if outcome.settings.tags != outcome.before.tags {
                // What changed, then what it has now.
                let added = outcome.settings.tags.filter { !outcome.before.tags.contains($0) }
                let taken = outcome.before.tags.filter { !outcome.settings.tags.contains($0) }
                var what: [String] = []
                if !added.isEmpty { what.append("tagged " + added.joined(separator: ", ")) }
                if !taken.isEmpty { what.append("untagged " + taken.joined(separator: ", ")) }
                context.out.line("\(name): \(what.joined(separator: ", ")); it has \(tagsText(settings)).")
            } else {
                let absent = removing.filter { word in !settings.tags.contains { $0.lowercased() == word.lowercased() } }
                let why = absent.isEmpty ? " already" : ", and no tag " + absent.joined(separator: ", ")
                context.out.line("\(name) has \(tagsText(settings))\(why); the tags are as they were.")
            }
            guard !given.isEmpty else { return 0 }
        }
        let iconUnchanged = given.icon == nil || given.icon == settings.icon
        if let icon = given.icon, icon != settings.icon {
            let outcome = try storeCall { () throws(StoreError) -> ConfigureOutcome in
                try store.configure(name, zone: context.zone) { $0.icon = icon }
            }
            Exit.warnCache(outcome.cacheProblem, done: "the icon is saved")
            settings = outcome.settings
        }
        guard !given.rules.isEmpty else {
            context.out.line(iconUnchanged ? "\(name): the icon is \(settings.icon) already; nothing changed."
                                           : "Updated \(name): icon \(settings.icon).")
            return 0
        }
        let before = try Report.load(name, store, context)
        let date = invocation.date(from, today: today.day) ?? today.day
        let effective = before.replay.timeline.effectiveDate(from: date, setsTarget: given.rules.target != nil,
                                                             weekStart: store.weekStart)
        // The same rules again (a script run twice): no record, and say so. A change applies
        // over every change made before it, on every date from its own: the same only when it
        // changes no date from then on.
        let current = before.replay.rules(on: effective)
        let later = before.replay.timeline.segments.lazy.filter { $0.from > effective }.map(\.rules)
        if given.rules.applied(to: current) == current, later.allSatisfy({ given.rules.applied(to: $0) == $0 }) {
            context.out.line(iconUnchanged
                ? "\(name) has these rules already from \(effective) (\(Report.rulesText(current))); nothing changed."
                : "Updated \(name): icon \(settings.icon); the rules are as they were (\(Report.rulesText(current))).")
            return 0
        }
        // Changes apply in the order they were made: one made in the same second as another
        // (two commands in a row, or the same --now) is recorded a second after it, so the
        // command run last wins (a later --now is kept as given: the result depends only on
        // the records).
        var at = today.now
        while before.history.changes.contains(where: { $0.at.seconds == at }) { at += 1 }
        let change = RuleChange(from: date, at: context.zone.local(at: at), fields: given.rules)
        let recorded = try storeCall { () throws(StoreError) -> RecordOutcome in
            try store.record([.rules(change)], to: name, zone: context.zone)
        }
        Exit.warnCache(recorded.cacheProblem, done: "the change is recorded")
        let streak = recorded.streak
        var when = effective == today.day ? "today (\(effective))" : "\(effective.weekday.title) \(effective)"
        if effective != date { when += " (the first week start on or after \(date): a week keeps the rules it started with)" }
        context.out.line("Updated \(settings.icon) \(name): \(Report.changeText(given.rules)), from \(when).")
        context.out.line("  Dates before keep their rules. From then on: \(Report.rulesText(streak.replay.rules(on: effective))).")
        return 0
    }
}
