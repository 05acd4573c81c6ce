import StreakCore
import StreakSystem
import Testing

@Suite("doctor and repair")
struct DoctorTests {
    func messages(_ findings: [Finding], _ level: Finding.Level? = nil) -> [String] {
        findings.filter { level == nil || $0.level == level }.map(\.message)
    }

    @Test func unreadableLinesAreReportedThenSetAsideKeepingTheRest() throws {
        let scratch = try Scratch()
        let store = scratch.store()
        _ = try store.tick(try StreakName("quiz"), action: .at("2026-03-01T09:00:00Z"), zone: utc)
        let log = scratch.data + "/streaks/quiz/laptop.log"
        try scratch.write(log, try scratch.read(log) + "garbage\n2026-03-02 2026-03-02T09:00:00+00:00\n")
        let checkup = Checkup(store: store, environment: scratch.environment())
        #expect(messages(checkup.data(), .problem) == ["\(log):3: not 'DATE INSTANT'"])

        let done = try Repair(store: store, stamp: "20260302T100000").run(zone: utc)
        #expect(messages(done).contains { $0.contains("kept 2 readable actions") })
        #expect(try scratch.read(log + ".corrupt-20260302T100000").contains("garbage"))
        #expect(!(try scratch.read(log)).contains("garbage"))
        #expect(messages(checkup.data(), .problem).isEmpty)
        #expect(messages(checkup.cache(zone: utc), .ok) == ["the prompt cache matches the logs (1 streak)"])
    }

    @Test func aSettingsLineThatDoesNotReadIsNamedWithItsRule() throws {
        let scratch = try Scratch()
        try scratch.write("data/streaks/gym/streak.conf", "icon=🏋\nfreezes=lots\n")
        let checkup = Checkup(store: scratch.store(), environment: scratch.environment())
        #expect(messages(checkup.data(), .problem) == [
            scratch.data + "/streaks/gym/streak.conf:2: freezes 'lots' is not a whole number from 0 to 1000",
        ])
    }

    /// A commented-out line loads nothing.
    @Test func commentedOutStartupLinesDoNotLoadStreakprompt() throws {
        let scratch = try Scratch()
        try scratch.write("home/.bashrc", "# eval \"$(streakprompt init bash)\"\n  #eval \"$(streakprompt init bash)\"\n")
        try scratch.write("home/.zshrc", "export X=1 # streakprompt later\n")
        try scratch.write("home/.config/fish/config.fish", "streakprompt init fish | source\n")
        let findings = Checkup(store: scratch.store(), environment: scratch.environment()).shellPlugins()
        let loading = messages(findings).filter { $0.hasSuffix("loads streakprompt") }
        #expect(loading == [scratch.home + "/.config/fish/config.fish loads streakprompt"])
        #expect(Checkup.loadsStreakprompt("eval \"$(streakprompt init zsh)\" # mine"))
        #expect(Checkup.loadsStreakprompt("set -g status-right '#{streakprompt}'"), "a # inside quotes is no comment")
        #expect(!Checkup.loadsStreakprompt("\t# source <(streakprompt completions bash)"))
    }

    /// The suggestion is for the user's shell, in that shell's syntax.
    @Test(arguments: [
        ("/bin/bash", "add 'eval \"$(streakprompt init bash)\"' to ~/.bashrc"),
        ("/usr/bin/zsh", "add 'eval \"$(streakprompt init zsh)\"' to ~/.zshrc"),
        ("/opt/homebrew/bin/fish", "add 'streakprompt init fish | source' to ~/.config/fish/config.fish"),
    ])
    func theSuggestionIsForTheUsersShell(shell: String, advice: String) throws {
        let scratch = try Scratch()
        let findings = Checkup(store: scratch.store(), environment: scratch.environment(["SHELL": shell])).shellPlugins()
        let note = try #require(findings.first { $0.level == .note })
        #expect(note.message.contains(advice), "\(note.message)")
        let others = ShellStartup.all.filter { !shell.hasSuffix("/" + $0.shell) }
        for other in others { #expect(!note.message.contains(other.line)) }
    }

    @Test func anUnknownShellGetsEverySuggestion() throws {
        let scratch = try Scratch()
        let findings = Checkup(store: scratch.store(), environment: scratch.environment(["SHELL": "/bin/tcsh"])).shellPlugins()
        let note = try #require(findings.first { $0.level == .note })
        for shell in ShellStartup.all { #expect(note.message.contains(shell.line)) }
    }

    @Test func theBinaryIsLookedForInTheGivenPath() throws {
        let scratch = try Scratch()
        try scratch.write("bin/streakprompt", "#!/bin/sh\n", mode: 0o755)
        let found = Checkup(store: scratch.store(), environment: scratch.environment(["PATH": scratch.root + "/bin"])).shellPlugins()
        #expect(messages(found, .ok).first == "streakprompt is on PATH: \(scratch.root)/bin/streakprompt")
        let missing = Checkup(store: scratch.store(), environment: scratch.environment(["PATH": "/nonexistent"])).shellPlugins()
        #expect(missing.first?.level == .warning)
    }
}
