import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// What the fault tests need from the machine: root for a small `tmpfs` (a disk that fills
/// up, a file system made read-only), and a way to run as another user (root ignores file
/// permissions).
enum Machine {
    static let isRoot = getuid() == 0
    static let isLinux: Bool = {
        #if os(Linux)
        return true
        #else
        return false
        #endif
    }()

    /// `setpriv` (util-linux) runs a program as `nobody`, so permissions apply again.
    static var setpriv: String? { isRoot ? which("setpriv") : nil }
}

/// A small tmpfs mounted on a fresh folder: a disk that can be filled in a moment. Root only.
final class SmallDisk {
    let path: String

    /// Nil when the mount is refused (no privilege for it in this container): a skip, except
    /// under CI, where a machine that runs the tests as root must be able to do this.
    init?(kilobytes: Int, sourceLocation: SourceLocation = #_sourceLocation) throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("sp-disk-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let mounted = try run(which("mount") ?? "/bin/mount", ["-t", "tmpfs", "-o", "size=\(kilobytes)k,mode=0755", "tmpfs", path],
                              environment: ["PATH": "/usr/sbin:/usr/bin:/sbin:/bin"])
        guard mounted.status == 0 else {
            if Package.isCI { Issue.record("cannot mount a tmpfs as root: \(mounted)", sourceLocation: sourceLocation) }
            try? FileManager.default.removeItem(atPath: path)
            return nil
        }
    }

    deinit {
        _ = try? run(which("umount") ?? "/bin/umount", ["-l", path], environment: ["PATH": "/usr/sbin:/usr/bin:/sbin:/bin"])
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Fills every free byte with a file named `name`.
    func fill(_ name: String = "filler") throws {
        let handle = open(path + "/" + name, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        guard handle >= 0 else { throw TestFailure("cannot create the filler") }
        defer { close(handle) }
        let chunk = [UInt8](repeating: 0x2E, count: 4096)
        var size = 4096
        while size >= 1 {
            let written = chunk.withUnsafeBytes { write(handle, $0.baseAddress, size) }
            if written <= 0 { size /= 2 }
        }
    }

    func remount(readOnly: Bool) throws {
        let result = try run(which("mount") ?? "/bin/mount", ["-o", readOnly ? "remount,ro" : "remount,rw", path],
                             environment: ["PATH": "/usr/sbin:/usr/bin:/sbin:/bin"])
        guard result.status == 0 else { throw TestFailure("remount failed: \(result)") }
    }

    func remove(_ name: String) { unlink(path + "/" + name) }
}

extension Sandbox {
    /// Runs `streakprompt ARGS` in this sandbox as the user `nobody` (through `setpriv`).
    func spAsNobody(_ arguments: [String], env: [String: String] = [:]) throws -> Result {
        guard let setpriv = Machine.setpriv else { throw TestFailure("setpriv is not available") }
        var environment = self.environment
        for (key, value) in env { environment[key] = value }
        return try run(setpriv, ["--reuid=65534", "--regid=65534", "--clear-groups", "--", Binary.path] + arguments,
                       environment: environment, directory: "/")
    }

    /// Hands the data folder (and the sandbox root, so it can be reached) to `nobody`.
    func giveToNobody() throws {
        try run(which("chmod") ?? "/bin/chmod", ["755", root.path], environment: environment)
        try run(which("chown") ?? "/bin/chown", ["-R", "65534:65534", home], environment: environment)
    }

    /// The actions of the streak's log of this machine, comments left out.
    func logLines(_ name: String = "default") throws -> [String] {
        try read("streaks/\(name)/test.log").split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init)
    }

    /// Runs `streakprompt ARGS` and fails the test if it takes longer than `seconds`: what a
    /// hang looks like from outside.
    @discardableResult
    func spBounded(_ arguments: [String], seconds: TimeInterval = 10, env: [String: String] = [:]) throws -> Result {
        var environment = self.environment
        for (key, value) in env { environment[key] = value }
        return try run(Binary.path, arguments, environment: environment, directory: root.path, timeout: seconds)
    }

    /// The prompt, asked again until it prints `expected` (a rebuild runs in the background).
    func eventuallyPrompts(_ arguments: [String], now: String, _ expected: String,
                           sourceLocation: SourceLocation = #_sourceLocation) throws {
        var last = ""
        for _ in 0..<200 {
            last = (try? prompt(arguments, now: now)) ?? "(failed)"
            if last == expected { return }
            usleep(50_000)
        }
        Issue.record("the prompt still says '\(last)', not '\(expected)'", sourceLocation: sourceLocation)
    }
}

/// Another process holding the data folder's lock (`flock -x .lock sleep …`), as a writer that
/// hangs would; released by `release` (or when the test ends).
final class LockHolder {
    let pid: Int32

    init?(_ box: Sandbox, seconds: Int = 60) throws {
        guard let flock = tool("flock") else { return nil }
        // Spawned with nothing but /dev/null open: a child that kept the test's pipes would
        // keep the test waiting for it.
        // -o: the lock stays with flock itself (not its `sleep`), so killing flock releases it.
        pid = spawnQuietly([flock, "-x", "-o", box.home + "/.lock", "sleep", String(seconds)], environment: box.environment)
        guard pid > 0 else { throw TestFailure("flock did not start") }
        // Held once a non-blocking attempt fails.
        for _ in 0..<200 {
            let probe = try run(flock, ["-n", box.home + "/.lock", "true"], environment: box.environment)
            if probe.status != 0 { return }
            usleep(20_000)
        }
        throw TestFailure("flock never took the lock")
    }

    func release() {
        guard kill(pid, 0) == 0 else { return }
        kill(pid, SIGKILL)
        var status: Int32 = 0
        _ = waitpid(pid, &status, 0)
    }

    deinit { release() }
}
