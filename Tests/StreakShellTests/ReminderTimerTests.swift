import StreakCore
import StreakShell
import Testing

/// The unit files and crontab lines `remind --install-timer` writes, quoted for what reads them.
@Suite("reminder timer text")
struct ReminderTimerTests {
    @Test func timesReadSortedWithoutRepeats() {
        #expect(ReminderTimer.times("22:30,20:00,22:30")?.map(\.description) == ["20:00", "22:30"])
        #expect(ReminderTimer.times("8:05")?.map(\.description) == ["08:05"])
        for bad in ["", "20:00,", "25:00", "20:60", "8pm", "20:00;22:00"] { #expect(ReminderTimer.times(bad) == nil, "\(bad)") }
    }

    @Test func serviceQuotesThePathAndTheVariables() {
        let text = ReminderTimer.service(binary: "/opt/my tools/100%/$bin/streakprompt",
                                         environment: [("STREAKPROMPT_HOME", "/data/\"x\"\\y%")])
        #expect(text.hasPrefix(ReminderTimer.marker + "\n"))
        #expect(text.contains("\nEnvironment=\"STREAKPROMPT_HOME=/data/\\\"x\\\"\\\\y%%\"\n"))
        #expect(text.contains("\nExecStart=\"/opt/my tools/100%%/$$bin/streakprompt\" remind --notify --tmux\n"))
        #expect(text.contains("\nType=oneshot\n"))
        #expect(text.contains("\nSuccessExitStatus=1\n"))
    }

    @Test func timerHasOneCalendarEntryATime() {
        let text = ReminderTimer.timer(at: ReminderTimer.times("20:00,22:30")!)
        #expect(text.contains("\nOnCalendar=*-*-* 20:00:00\nOnCalendar=*-*-* 22:30:00\n"))
        #expect(text.contains("\n[Install]\nWantedBy=timers.target\n"))
    }

    @Test func crontabLinesQuoteAndEscapePercent() {
        let lines = ReminderTimer.crontab(binary: "/home/a b/bin/streakprompt", at: ReminderTimer.times("20:00,22:30")!,
                                          environment: [("STREAKPROMPT_DAY_START", "04:00"), ("STREAKPROMPT_HOME", "/x/50%'s")])
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("0 20 * * * "))
        #expect(lines[1].hasPrefix("30 22 * * * "))
        #expect(lines[0].hasSuffix(" STREAKPROMPT_DAY_START='04:00' STREAKPROMPT_HOME='/x/50\\%'\\''s' '/home/a b/bin/streakprompt' remind --notify --tmux"))
    }
}
