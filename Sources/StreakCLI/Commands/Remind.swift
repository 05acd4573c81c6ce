import StreakCore
import StreakShell
import StreakSystem

/// `streakprompt remind`: the streaks still pending today, for cron, timers and scripts.
enum Remind: Command {
    static let spec = CommandSpec(
        ["remind"], usage: "[--notify] [--tmux] [--include-broken] [--install-timer [--at HH:MM,...] | --uninstall-timer]",
        summary: "list the streaks still pending today; exit 1 if any (for cron and timers)",
        details: """
        Lists every streak that is alive and not met yet today, with its count and the time
        left until the day ends (STREAKPROMPT_DAY_START aware). A weekly streak is pending
        until its week's target is met, and its time left runs to the end of the week.
        Streaks that are done, resting (not scheduled today), paused today or broken are
        not listed: a broken streak has nothing left to lose (--include-broken lists them
        too, to start again). Exit status: 1 when a streak is pending, 0 otherwise.

        --notify sends the list as a desktop notification (notify-send, or osascript on
        macOS); --tmux shows it on the status line of every tmux client this user can
        reach. The list is printed when neither delivered it; nothing is sent when nothing
        is pending.

        --install-timer writes a systemd user timer and service that run
        'streakprompt remind --notify --tmux' at 20:00 (or the --at times, local time) to
        $XDG_CONFIG_HOME/systemd/user, and enables the timer; without systemd it prints
        the crontab lines to add instead. --uninstall-timer disables and removes exactly
        those two files.
        """,
        flags: [notify, tmux, includeBroken, installTimer, at, uninstallTimer, CommandTable.now])

    static let notify = FlagSpec("--notify", help: "send a desktop notification (notify-send; osascript on macOS)")
    static let tmux = FlagSpec("--tmux", help: "show the reminder on every reachable tmux client")
    static let includeBroken = FlagSpec("--include-broken", help: "list broken streaks too (to start again)")
    static let installTimer = FlagSpec("--install-timer", help: "remind at set times: a systemd user timer (or the crontab lines)")
    static let at = FlagSpec("--at", .timesOfDay, help: "the times for --install-timer, local time (default 20:00)")
    static let uninstallTimer = FlagSpec("--uninstall-timer", help: "remove the timer --install-timer wrote")

    static func run(_ invocation: Invocation, _ context: Context) throws(CommandError) -> Int32 {
        if invocation.has(installTimer) && invocation.has(uninstallTimer) {
            throw .usage("--install-timer and --uninstall-timer cannot be given together; choose one")
        }
        if invocation.has(at) && !invocation.has(installTimer) {
            throw .usage("--at sets the times of --install-timer; add --install-timer")
        }
        if invocation.has(installTimer) { return try install(invocation, context) }
        if invocation.has(uninstallTimer) { return try uninstall(context) }

        let today = try context.today(invocation)
        let store = try context.store(today: today)
        let reminders = try due(store, today, context, includeBroken: invocation.has(includeBroken))
        let lines = reminders.map(line)
        var delivered = false
        if !reminders.isEmpty && invocation.has(notify) {
            do {
                delivered = try DesktopNotification.send(title: title(reminders), body: lines.joined(separator: "\n"),
                                                         environment: context.environment) != nil
                if !delivered {
                    Exit.warn("--notify: no notify-send on PATH (apt-get install libnotify-bin; osascript on macOS); printing the reminder instead")
                }
            } catch {
                Exit.warn(error.message + "; printing the reminder instead")
            }
        }
        if !reminders.isEmpty && invocation.has(tmux) {
            let message = "streakprompt: " + lines.joined(separator: "  ·  ")
            if let shown = TmuxClients.display(message, environment: context.environment), shown > 0 { delivered = true }
        }
        if !delivered {
            if reminders.isEmpty {
                if !invocation.has(notify) && !invocation.has(tmux) { context.out.line(nothingPending) }
            } else {
                for line in lines { context.out.line(line) }
            }
        }
        return reminders.contains(where: \.isPending) ? 1 : 0
    }

    static let nothingPending = "Nothing pending: every streak is done, resting or paused today."

    /// The streaks to remind of, in the order `list` shows them (`Roster`'s visible names).
    static func due(_ store: Store, _ today: Today, _ context: Context, includeBroken: Bool) throws(CommandError) -> [Reminder] {
        let names = try storeCall { () throws(StoreError) -> [StreakName] in try Roster.names(store) }
        var reminders: [Reminder] = []
        for name in names {
            let streak = try Report.load(name, store, context)
            let reading = streak.reading(today: today.day, zone: context.zone)
            if let reminder = Reminder(name: name.text, icon: streak.settings.icon, reading: reading, now: today.now,
                                       clock: today.clock, weekStart: today.weekStart, includeBroken: includeBroken) {
                reminders.append(reminder)
            }
        }
        return reminders
    }

    /// `quiz 🔥12: 3h 12m left today`, `quiz 🔥12: 2 of 3 today, 3h 12m left`,
    /// `runs 🔥5w: 1 of 3 this week, 2d 4h left`, `piano: broken, 3h 12m left today to start again`.
    static func line(_ reminder: Reminder) -> String {
        let reading = reminder.reading
        let left = Report.timeLeft(reminder.secondsLeft)
        guard reminder.isPending else {
            let when = reading.unit == .week ? "this week" : "today"
            return "\(reminder.name): broken, \(left) left \(when) to start again"
        }
        let head = "\(reminder.name) \(reminder.icon)\(Report.count(reading.current, reading.unit)): "
        if let progress = Report.progressText(reading) { return head + "\(progress), \(left) left" }
        return head + "\(left) left today"
    }

    /// `2 streaks at risk`, or for broken ones only, `1 streak to start again`.
    static func title(_ reminders: [Reminder]) -> String {
        let pending = reminders.filter(\.isPending).count
        let count = pending > 0 ? pending : reminders.count
        return (count == 1 ? "1 streak" : "\(count) streaks") + (pending > 0 ? " at risk" : " to start again")
    }

    // MARK: The timer

    static func install(_ invocation: Invocation, _ context: Context) throws(CommandError) -> Int32 {
        let times = invocation.text(at).flatMap(ReminderTimer.times) ?? ReminderTimer.defaultTimes
        guard let binary = ExecutablePath.current(environment: context.environment) else {
            throw .failure("cannot tell where this streakprompt binary is, to write its path into the timer; run it by its full path")
        }
        let carried = ReminderTimer.carried.compactMap { name in context.environment.nonEmpty(name).map { (name, $0) } }
        if let problem = ReminderTimer.problem(binary: binary, environment: carried) { throw .usage(problem) }
        let cron = ReminderTimer.crontab(binary: binary, at: times, environment: carried)
        guard ReminderTimerFiles.hasSystemd(context.environment) else {
            context.out.line("No systemd here (systemctl is not on PATH). Add these lines to your crontab ('crontab -e'):")
            for line in cron { context.out.line(line) }
            return 0
        }
        guard let folder = ReminderTimerFiles.folder(context.environment) else {
            throw .failure("cannot find the systemd user folder: HOME is not set; set HOME or XDG_CONFIG_HOME")
        }
        let changed: Bool
        do {
            changed = try ReminderTimerFiles.install(service: ReminderTimer.service(binary: binary, environment: carried),
                                                     timer: ReminderTimer.timer(at: times), in: folder)
        } catch {
            throw timerFailure(error)
        }
        let timerPath = Paths.join(folder, ReminderTimer.timerFile)
        let servicePath = Paths.join(folder, ReminderTimer.serviceFile)
        let when = times.map(\.description).joined(separator: ", ")
        context.out.line((changed ? "Wrote" : "Already there, unchanged:") + " \(servicePath) and \(timerPath) (every day at \(when)).")
        let reload = ReminderTimerFiles.systemctl(["daemon-reload"], environment: context.environment)
        let enable = ReminderTimerFiles.systemctl(["enable", "--now", ReminderTimer.timerFile], environment: context.environment)
        if let problem = [reload, enable].compactMap({ $0 }).first(where: { !$0.succeeded }) {
            let why = problem.errorText.isEmpty ? "exit \(problem.status)" : problem.errorText
            throw .failure("the timer is written but systemd could not enable it (\(why)); run 'systemctl --user enable --now \(ReminderTimer.timerFile)' in your session, or use cron instead: \(cron.joined(separator: " ; "))")
        }
        context.out.line("Enabled: 'systemctl --user list-timers \(ReminderTimer.timerFile)' shows the next run; 'streakprompt remind --uninstall-timer' removes it.")
        return 0
    }

    static func uninstall(_ context: Context) throws(CommandError) -> Int32 {
        guard let folder = ReminderTimerFiles.folder(context.environment) else {
            throw .failure("cannot find the systemd user folder: HOME is not set; set HOME or XDG_CONFIG_HOME")
        }
        let timerPath = Paths.join(folder, ReminderTimer.timerFile)
        if Files.exists(timerPath) {
            // Stopped before its file goes, so systemd forgets it cleanly.
            _ = ReminderTimerFiles.systemctl(["disable", "--now", ReminderTimer.timerFile], environment: context.environment)
        }
        let removed: [String]
        do {
            removed = try ReminderTimerFiles.uninstall(in: folder)
        } catch {
            throw timerFailure(error)
        }
        if removed.isEmpty {
            context.out.line("No reminder timer in \(folder); nothing changed. (A crontab line is removed with 'crontab -e'.)")
            return 0
        }
        _ = ReminderTimerFiles.systemctl(["daemon-reload"], environment: context.environment)
        context.out.line("Removed " + removed.joined(separator: " and ") + ".")
        return 0
    }

    static func timerFailure(_ error: TimerFileError) -> CommandError {
        switch error {
        case .notOurs(let path):
            return .failure("\(path) was not written by streakprompt, so it is left alone; move it away, then try again")
        case .system(let error):
            return .failure(error.message + "; check the folder's permissions")
        }
    }
}
