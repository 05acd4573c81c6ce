import Foundation
import StreakSystem
import Testing

@Suite("git: subprocess and paths")
struct GitSubprocessTests {
    @Test func collectsOutputAndStatus() throws {
        let outcome = try Subprocess.run(["sh", "-c", "printf 'a\\nb\\n'; echo oops >&2; exit 3"])
        #expect(outcome.status == 3)
        #expect(outcome.stdout == Array("a\nb\n".utf8))
        #expect(outcome.firstErrorLine == "oops")
    }

    @Test func stdinIsEmpty() throws {
        // `cat` would wait for ever on an inherited terminal; /dev/null ends it at once.
        let outcome = try Subprocess.run(["cat"], timeout: 5000)
        #expect(outcome.succeeded)
        #expect(outcome.stdout.isEmpty)
    }

    @Test func aMissingProgramIsENOENT() {
        #expect(throws: SystemError.self) { try Subprocess.run(["streakprompt-no-such-program"]) }
        do {
            _ = try Subprocess.run(["streakprompt-no-such-program"])
        } catch {
            #expect(error.code == ENOENT)
        }
    }

    @Test func outputPastTheLimitIsRefused() {
        do {
            _ = try Subprocess.run(["sh", "-c", "yes"], limit: 1 << 16, timeout: 10000)
            Issue.record("no error")
        } catch {
            #expect(error.code == EFBIG)
        }
    }

    @Test func aHungProgramIsKilledAtTheDeadline() {
        let start = Date()
        do {
            _ = try Subprocess.run(["sleep", "30"], timeout: 200)
            Issue.record("no error")
        } catch {
            #expect(error.code == ETIMEDOUT)
        }
        #expect(Date().timeIntervalSince(start) < 10)
    }

    @Test func aSignalShowsAs128PlusIt() throws {
        let outcome = try Subprocess.run(["sh", "-c", "kill -TERM $$"])
        #expect(outcome.status == 128 + SIGTERM)
    }

    @Test func largeOutputOnBothStreamsDoesNotDeadlock() throws {
        let outcome = try Subprocess.run(["sh", "-c", "i=0; while [ $i -lt 20000 ]; do echo line $i; echo err $i >&2; i=$((i+1)); done"],
                                         timeout: 30000)
        #expect(outcome.succeeded)
        #expect(outcome.stdout.filter { $0 == 0x0A }.count == 20000)
        #expect(outcome.stderr.count == Subprocess.stderrKept)
    }

    @Test func unsetVariablesAreGone() throws {
        // An inherited variable (tests run in parallel: this process's environment stays as it is).
        guard let home = ProcessInfo.processInfo.environment["HOME"] else { return }
        let kept = try Subprocess.run(["sh", "-c", "echo \"${HOME-unset}\""])
        #expect(kept.stdout == Array((home + "\n").utf8))
        let dropped = try Subprocess.run(["sh", "-c", "echo \"${HOME-unset}\""], unsetting: ["HOME"])
        #expect(dropped.stdout == Array("unset\n".utf8))
    }

    @Test func pathsAreMadeAbsoluteLexically() {
        #expect(GitPaths.absolute(".git", from: "/r") == "/r/.git")
        #expect(GitPaths.absolute("../../.git/hooks", from: "/r/src/deep") == "/r/.git/hooks")
        #expect(GitPaths.absolute("/a/./b/../c", from: "/x") == "/a/c")
        #expect(GitPaths.absolute(".", from: "/r/") == "/r")
    }
}
