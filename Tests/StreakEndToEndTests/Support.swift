import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Runs the built `streakprompt` binary in a temporary data folder, the way a user would.
///
/// The binary is the one `swift build` (and `swift test`) leaves in `.build/debug`, or
/// `STREAKPROMPT_BIN` to test another build (e.g. the release binary).
struct Binary {
    static let path: String = {
        if let given = ProcessInfo.processInfo.environment["STREAKPROMPT_BIN"], !given.isEmpty { return given }
        var candidates: [String] = []
        // Next to the test bundle (Linux: .build/<triple>/debug/*.xctest is a file in that folder).
        let testExecutable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var folder = testExecutable.deletingLastPathComponent()
        for _ in 0..<4 {
            candidates.append(folder.appendingPathComponent("streakprompt").path)
            folder = folder.deletingLastPathComponent()
        }
        candidates.append(Package.root.appendingPathComponent(".build/debug/streakprompt").path)
        for candidate in candidates where FileManager.default.isExecutableFile(atPath: candidate) {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate, isDirectory: &isFolder), !isFolder.boolValue {
                return candidate
            }
        }
        return Package.root.appendingPathComponent(".build/debug/streakprompt").path
    }()
}

enum Package {
    /// The package's root folder (where Package.swift is).
    static let root: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    }()

    /// Whether tests must fail, not skip, when a host (a shell, tmux, git) is missing.
    static var isCI: Bool {
        let value = ProcessInfo.processInfo.environment["CI"] ?? ""
        return !value.isEmpty && value != "0" && value != "false"
    }
}

/// What a finished process left behind.
struct Result: CustomStringConvertible {
    var status: Int32
    var stdout: String
    var stderr: String

    var description: String { "exit \(status)\nstdout: \(stdout)\nstderr: \(stderr)" }
}

/// Runs a program with exactly this environment (nothing inherited unless passed).
@discardableResult
func run(_ executable: String, _ arguments: [String], environment: [String: String], stdin: String? = nil,
         directory: String? = nil, timeout: TimeInterval = 60) throws -> Result {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = environment
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    let input = Pipe()
    process.standardInput = input
    // The child inherits this thread's signal mask, and test threads block signals: a shell
    // started with SIGCHLD blocked waits forever for its children. Start it unblocked.
    var empty = sigset_t()
    var saved = sigset_t()
    sigemptyset(&empty)
    pthread_sigmask(SIG_SETMASK, &empty, &saved)
    defer { pthread_sigmask(SIG_SETMASK, &saved, nil) }
    try process.run()
    pthread_sigmask(SIG_SETMASK, &saved, nil)
    if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
    try? input.fileHandleForWriting.close()
    // Read both pipes while the process runs, so a full pipe never blocks it.
    let outData = Collected()
    let errData = Collected()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async { outData.data = out.fileHandleForReading.readDataToEndOfFile(); group.leave() }
    group.enter()
    DispatchQueue.global().async { errData.data = err.fileHandleForReading.readDataToEndOfFile(); group.leave() }
    if group.wait(timeout: .now() + timeout) == .timedOut {
        process.terminate()
        throw TestFailure("\(executable) \(arguments) did not finish in \(timeout)s")
    }
    process.waitUntilExit()
    return Result(status: process.terminationStatus, stdout: String(decoding: outData.data, as: UTF8.self),
                  stderr: String(decoding: errData.data, as: UTF8.self))
}

/// Bytes read on another thread; the group's wait orders the write before the read.
private final class Collected: @unchecked Sendable {
    var data = Data()
}

struct TestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// A throwaway data folder and the environment to run the binary in it.
final class Sandbox {
    let root: URL
    var environment: [String: String]

    /// The data folder: `STREAKPROMPT_HOME` of the environment (the sandbox's `data`, unless
    /// a test put it elsewhere).
    var home: String { environment["STREAKPROMPT_HOME"] ?? root.appendingPathComponent("data").path }

    init(tz: String = "UTC", extra: [String: String] = [:]) throws {
        root = FileManager.default.temporaryDirectory
            .appendingPathComponent("streakprompt-test-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let userHome = root.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: userHome, withIntermediateDirectories: true)
        environment = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "HOME": userHome.path,
            "STREAKPROMPT_HOME": root.appendingPathComponent("data").path,
            "STREAKPROMPT_MACHINE": "test",
            "TZ": tz,
            "LANG": "C.UTF-8",
        ]
        for (key, value) in extra { environment[key] = value }
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }

    /// Runs `streakprompt ARGS` in this sandbox.
    @discardableResult
    func sp(_ arguments: String..., env: [String: String] = [:], stdin: String? = nil) throws -> Result {
        try spArgs(arguments, env: env, stdin: stdin)
    }

    @discardableResult
    func spArgs(_ arguments: [String], env: [String: String] = [:], stdin: String? = nil) throws -> Result {
        var environment = self.environment
        for (key, value) in env { environment[key] = value }
        return try run(Binary.path, arguments, environment: environment, stdin: stdin, directory: root.path)
    }

    /// `status NAME --json` parsed.
    func status(_ name: String = "default", now: String, env: [String: String] = [:]) throws -> [String: Any] {
        let result = try spArgs(["status", name, "--json", "--now", now], env: env)
        guard result.status == 0,
              let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        else { throw TestFailure("status failed: \(result)") }
        return object
    }

    /// The plain prompt, without colour.
    func prompt(_ arguments: [String] = [], now: String, env: [String: String] = [:]) throws -> String {
        var environment = env
        environment["NO_COLOR"] = "1"
        let result = try spArgs(arguments + ["--now", now], env: environment)
        guard result.status == 0, result.stderr.isEmpty else { throw TestFailure("prompt failed: \(result)") }
        return result.stdout
    }

    func write(_ relativePath: String, _ text: String) throws {
        let url = URL(fileURLWithPath: home).appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func read(_ relativePath: String) throws -> String {
        try String(contentsOfFile: URL(fileURLWithPath: home).appendingPathComponent(relativePath).path, encoding: .utf8)
    }
}

/// Whether a program is on PATH; under CI a missing one fails the test instead of skipping.
func requireTool(_ name: String) -> Bool {
    let found = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        .contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(name)") }
    if !found && Package.isCI {
        Issue.record("\(name) is not installed, and CI is set: install it (.ci/run does)")
    }
    return found
}
