import Foundation
import StreakCore
import StreakSystem
import Testing

@Suite("store")
struct StoreTests {
    @Test func theDataFolderComesFromTheEnvironmentGiven() {
        #expect(Store.defaultHome(Environment(["STREAKPROMPT_HOME": "/d", "HOME": "/h"])) == "/d")
        #expect(Store.defaultHome(Environment(["XDG_DATA_HOME": "/x", "HOME": "/h"])) == "/x/streakprompt")
        // A relative XDG_DATA_HOME is not a folder the XDG rules allow.
        #expect(Store.defaultHome(Environment(["XDG_DATA_HOME": "x", "HOME": "/h"])) == "/h/.local/share/streakprompt")
        #expect(Store.defaultHome(Environment(["STREAKPROMPT_HOME": "", "HOME": "/h"])) == "/h/.local/share/streakprompt")
        #expect(Store.defaultHome(Environment([:])) == nil)
        #expect(Store(Environment(["HOME": "/h", "STREAKPROMPT_MACHINE": "desk"]))?.machine == "desk")
        // A machine name that is no streak name is not used for a file name.
        #expect(Store(Environment(["HOME": "/h", "STREAKPROMPT_MACHINE": "../x"]))?.machine != "../x")
    }

    @Test func ticksAppendToThisMachinesLogAndRefreshTheCache() throws {
        let scratch = try Scratch()
        let store = scratch.store()
        let quiz = try StreakName("quiz")
        let first = try store.tick(quiz, action: .at("2026-03-01T09:00:00Z"), zone: utc)
        #expect(first.created)
        #expect(!first.alreadyCounted)
        let again = try store.tick(quiz, action: .at("2026-03-01T21:00:00Z"), zone: utc)
        #expect(again.alreadyCounted)
        _ = try store.tick(quiz, action: .at("2026-03-02T09:00:00Z"), zone: utc)
        #expect(try scratch.read("data/streaks/quiz/laptop.log").hasPrefix(ActionLog.header))
        #expect(Store.lastCachedMetDay(of: "quiz", home: store.home) == StreakDay("2026-03-02"))
        #expect(Store.lastCachedMetDay(of: "other", home: store.home) == nil)
        let streak = try store.load(quiz, zone: utc)
        #expect(streak.actions.count == 3)
        #expect(streak.reading(today: StreakDay("2026-03-02")!, zone: utc).current == 2)
    }

    @Test func aSettingsFileThatDoesNotReadCostsNoAction() throws {
        let scratch = try Scratch()
        let store = scratch.store()
        try scratch.write("data/streaks/gym/streak.conf", "schedule=sometimes\n")
        let gym = try StreakName("gym")
        do throws(StoreError) {
            _ = try store.tick(gym, action: .at("2026-03-01T09:00:00Z"), zone: utc)
            Issue.record("no error")
        } catch {
            guard case .recordedDespite(let problem) = error else { Issue.record("\(error)"); return }
            #expect(problem.line == 1)
            #expect(problem.reason == "schedule 'sometimes' is not a schedule; use daily, weekdays, weekends or days such as mon,wed,fri")
        }
        #expect(try scratch.read("data/streaks/gym/laptop.log").contains("2026-03-01 "))
    }

    @Test func mergingTwiceAddsNothingAndRemovingKeepsABackup() throws {
        let scratch = try Scratch()
        let store = scratch.store()
        let quiz = try StreakName("quiz")
        let actions = [Action.at("2026-03-01T09:00:00Z"), .at("2026-03-02T09:00:00Z")]
        #expect(try store.merge(actions, into: quiz, settings: StreakSettings(icon: "📚"), zone: utc).actions == 2)
        #expect(try store.merge(actions, into: quiz, zone: utc).actions == 0)
        #expect(try store.settings(of: quiz).icon == "📚")
        let backup = try store.remove(quiz, stamp: Store.stamp(at: 1_772_359_200, zone: utc), zone: utc).backup
        #expect(backup == scratch.data + "/backups/quiz-20260301T100000")
        #expect(!store.exists(quiz))
        #expect(scratch.exists(backup + "/laptop.log"))
    }
}

@Suite("files")
struct FilesTests {
    @Test func atomicWritesReplaceWholeFiles() throws {
        let scratch = try Scratch()
        let path = scratch.root + "/f.txt"
        #expect(try Files.readIfPresent(path, limit: 100) == nil)
        try Files.writeAtomically(path, Array("one\n".utf8))
        try Files.writeAtomically(path, Array("two\n".utf8))
        #expect(try scratch.read(path) == "two\n")
        #expect(try Files.list(scratch.root) == ["f.txt", "home"], "no temporary file is left")
        do {
            _ = try Files.read(path, limit: 2)
            Issue.record("read past the limit")
        } catch {
            #expect(error.code == EFBIG)
        }
    }

    @Test func aTailStartsAtALine() throws {
        let scratch = try Scratch()
        let path = scratch.root + "/log"
        try scratch.write(path, "aaaa\nbbbb\ncccc\n")
        #expect(try Files.readTail(path, limit: 100) == Array("aaaa\nbbbb\ncccc\n".utf8))
        #expect(try Files.readTail(path, limit: 10) == Array("bbbb\ncccc\n".utf8), "starts right after a line break")
        #expect(try Files.readTail(path, limit: 8) == Array("cccc\n".utf8), "a cut line is left out")
        #expect(try Files.readTail(path, limit: 3) == [], "no whole line")
    }

    @Test func stampsNoticeChanges() throws {
        let scratch = try Scratch()
        let stamp = Files.stamp(scratch.home)
        #expect(Files.stampMatches(scratch.home, stamp))
        #expect(!Files.stampMatches(scratch.home, "1.2"))
        #expect(Files.stampMatches(scratch.root + "/missing", ""))
    }

    @Test func linksAreTheFilesTheyNameAndExecutablesAreFiles() throws {
        let scratch = try Scratch()
        try scratch.write("bin/tool", "#!/bin/sh\n", mode: 0o755)
        try FileManager.default.createSymbolicLink(atPath: scratch.root + "/link", withDestinationPath: scratch.root + "/bin/tool")
        #expect(Files.sameFile(scratch.root + "/link", scratch.root + "/bin/tool"))
        #expect(!Files.sameFile(scratch.root + "/link", scratch.home))
        #expect(Files.isExecutable(scratch.root + "/link"))
        #expect(!Files.isExecutable(scratch.root + "/bin"))
    }
}

@Suite("executable path")
struct ExecutableLocatorTests {
    /// A binary installed as a link (`~/.local/bin/streakprompt -> …/release/streakprompt`) is
    /// named by the link, which survives an upgrade; `argv[0]` naming another program is not
    /// believed.
    @Test func theLinkTheUserRanIsKept() throws {
        let scratch = try Scratch()
        let running = try #require(ExecutablePath.current(argv0: nil, environment: scratch.environment()))
        let link = scratch.root + "/bin/streakprompt"
        try FileManager.default.createDirectory(atPath: scratch.root + "/bin", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: running)
        #expect(ExecutablePath.current(argv0: link, environment: scratch.environment()) == link)
        // By bare name, through PATH.
        let onPath = scratch.environment(["PATH": scratch.root + "/bin"])
        #expect(ExecutablePath.current(argv0: "streakprompt", environment: onPath) == link)
        // argv[0] that leads to another program: the system's answer.
        try scratch.write("other/streakprompt", "#!/bin/sh\n", mode: 0o755)
        #expect(ExecutablePath.current(argv0: scratch.root + "/other/streakprompt", environment: scratch.environment()) == running)
    }

    @Test func programsAreSearchedInTheGivenPath() throws {
        let scratch = try Scratch()
        try scratch.write("bin/tool", "#!/bin/sh\n", mode: 0o755)
        try scratch.write("bin/plain", "not a program\n")
        let environment = scratch.environment(["PATH": "/nonexistent:" + scratch.root + "/bin"])
        #expect(ExecutablePath.search("tool", environment: environment) == scratch.root + "/bin/tool")
        #expect(ExecutablePath.search("plain", environment: environment) == nil)
        #expect(ExecutablePath.search("tool", environment: Environment([:])) == nil)
    }
}

@Suite("prompt settings")
struct PromptSettingsTests {
    /// Each variable is the file key in capitals after `STREAKPROMPT_` (the literals are kept
    /// in step with the keys here).
    @Test func variablesFollowTheFileKeys() {
        for raw in 0..<PromptSettings.Key.count {
            let key = PromptSettings.Key(rawValue: raw)!
            #expect(key.variable == "STREAKPROMPT_" + key.fileKey.uppercased().replacingOccurrences(of: "-", with: "_"))
        }
        #expect(PromptSettings.Key(rawValue: PromptSettings.Key.count) == nil)
    }

    @Test func hostileValuesAreRefused() {
        var theme = SegmentTheme.standard
        #expect(!PromptSettings.apply(.styleDone, "\u{1B}]0;x\u{7}", to: &theme))
        #expect(!PromptSettings.apply(.tmuxStyleDone, "fg=red]#(touch x)", to: &theme))
        #expect(!PromptSettings.apply(.tmuxStyleDone, "##", to: &theme))
        #expect(PromptSettings.apply(.tmuxStyleDone, "bg=#303030,bold", to: &theme))
        #expect(PromptSettings.apply(.iconWarn, "⏰\u{1B}[2J", to: &theme) && theme.warning.icon == "⏰[2J")
        #expect(!PromptSettings.apply(.warnAt, "25:00", to: &theme))
        #expect(theme.done.ansi == "32")
    }
}
