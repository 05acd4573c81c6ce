import Foundation
import StreakSystem
import Testing

@Suite("subprocess and paths")
struct SubprocessTests {
    /// The test runner's own environment, which the children inherit here.
    let environment = Environment.process

    @Test func collectsOutputAndStatus() throws {
        let outcome = try Subprocess.run(["sh", "-c", "printf 'a\\nb\\n'; echo oops >&2; exit 3"], environment: environment)
        #expect(outcome.status == 3)
        #expect(outcome.stdout == Array("a\nb\n".utf8))
        #expect(outcome.firstErrorLine == "oops")
    }

    @Test func stdinIsEmpty() throws {
        // `cat` would wait for ever on an inherited terminal; /dev/null ends it at once.
        let outcome = try Subprocess.run(["cat"], environment: environment, timeout: 5000)
        #expect(outcome.succeeded)
        #expect(outcome.stdout.isEmpty)
    }

    @Test func aMissingProgramIsENOENT() {
        do {
            _ = try Subprocess.run(["streakprompt-no-such-program"], environment: environment)
            Issue.record("no error")
        } catch {
            #expect(error.code == ENOENT)
        }
    }

    @Test func outputPastTheLimitIsRefused() {
        do {
            _ = try Subprocess.run(["sh", "-c", "yes"], environment: environment, limit: 1 << 16, timeout: 10000)
            Issue.record("no error")
        } catch {
            #expect(error.code == EFBIG)
        }
    }

    @Test func aHungProgramIsKilledAtTheDeadline() {
        let start = Date()
        do {
            _ = try Subprocess.run(["sleep", "30"], environment: environment, timeout: 200)
            Issue.record("no error")
        } catch {
            #expect(error.code == ETIMEDOUT)
        }
        #expect(Date().timeIntervalSince(start) < 10)
    }

    @Test func aSignalShowsAs128PlusIt() throws {
        let outcome = try Subprocess.run(["sh", "-c", "kill -TERM $$"], environment: environment)
        #expect(outcome.status == 128 + SIGTERM)
    }

    @Test func largeOutputOnBothStreamsDoesNotDeadlock() throws {
        let outcome = try Subprocess.run(["sh", "-c", "i=0; while [ $i -lt 20000 ]; do echo line $i; echo err $i >&2; i=$((i+1)); done"],
                                         environment: environment, timeout: 30000)
        #expect(outcome.succeeded)
        #expect(outcome.stdout.filter { $0 == 0x0A }.count == 20000)
        #expect(outcome.stderr.count == Subprocess.stderrKept)
    }

    @Test func theChildGetsExactlyTheEnvironmentGiven() throws {
        let given = Environment(["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "ONLY": "this"])
        let outcome = try Subprocess.run(["sh", "-c", "echo \"${ONLY-unset} ${HOME-unset}\""], environment: given)
        #expect(outcome.text == "this unset")
        let dropped = try Subprocess.run(["sh", "-c", "echo \"${ONLY-unset}\""], environment: given, unsetting: ["ONLY"])
        #expect(dropped.text == "unset")
        let set = try Subprocess.run(["sh", "-c", "echo \"$ONLY\""], environment: given, setting: ["ONLY": "that"])
        #expect(set.text == "that")
    }

    @Test func programsAreFoundInTheGivenPath() {
        let nowhere = Environment(["PATH": "/nonexistent"])
        do {
            _ = try Subprocess.run(["sh", "-c", "true"], environment: nowhere)
            Issue.record("sh was found outside PATH")
        } catch {
            #expect(error.code == ENOENT)
        }
    }

    @Test func pathsAreMadeAbsoluteLexically() {
        #expect(Paths.absolute(".git", from: "/r") == "/r/.git")
        #expect(Paths.absolute("../../.git/hooks", from: "/r/src/deep") == "/r/.git/hooks")
        #expect(Paths.absolute("/a/./b/../c", from: "/x") == "/a/c")
        #expect(Paths.absolute(".", from: "/r/") == "/r")
        #expect(Paths.normalized("/../x") == "/x")
        #expect(Paths.expandingTilde("~/hooks", home: "/home/me") == "/home/me/hooks")
        #expect(Paths.expandingTilde("~other/hooks", home: "/home/me") == "~other/hooks")
        #expect(Paths.expandingTilde("~/hooks", home: nil) == "~/hooks")
    }
}
