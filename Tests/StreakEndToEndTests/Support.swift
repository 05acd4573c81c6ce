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

    /// Copies the binary to `destination` in a `cp` process of its own. Copied in this process,
    /// the file's write descriptor could be inherited by a child another test forks meanwhile,
    /// and running the copy would then fail with "Text file busy" (ETXTBSY).
    static func copy(to destination: String) throws {
        let result = try run("/bin/cp", [path, destination], environment: ProcessInfo.processInfo.environment)
        guard result.status == 0 else { throw TestFailure("cp \(path) \(destination): \(result)") }
    }
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

/// Runs a program with exactly this environment (nothing inherited unless passed). With
/// `onTerminal`, its standard output is a new pseudo-terminal (as when a person runs it by
/// hand) and what it wrote there is the result's stdout; standard error is always a pipe.
@discardableResult
func run(_ executable: String, _ arguments: [String], environment: [String: String], stdin: String? = nil,
         directory: String? = nil, timeout: TimeInterval = 60, onTerminal: Bool = false) throws -> Result {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = environment
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    let readOut: @Sendable () -> Data
    var terminal: (master: Int32, slave: Int32)?
    if onTerminal {
        let pair = try PseudoTerminal.pair()
        terminal = pair
        process.standardOutput = FileHandle(fileDescriptor: pair.slave, closeOnDealloc: false)
        readOut = { PseudoTerminal.readAll(pair.master) }
    } else {
        let out = Pipe()
        process.standardOutput = out
        readOut = { out.fileHandleForReading.readDataToEndOfFile() }
    }
    defer { if let terminal { close(terminal.master) } }
    let err = Pipe()
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
    do {
        try process.run()
    } catch {
        if let terminal { close(terminal.slave) }
        throw error
    }
    pthread_sigmask(SIG_SETMASK, &saved, nil)
    // Only the child holds the terminal now: reading it ends (EIO) when the child exits.
    if let terminal { close(terminal.slave) }
    if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
    try? input.fileHandleForWriting.close()
    // Read both outputs while the process runs, so a full pipe never blocks it.
    let outData = Collected()
    let errData = Collected()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async { outData.data = readOut(); group.leave() }
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
final class Collected: @unchecked Sendable {
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

extension Sandbox {
    /// Runs `streakprompt ARGS` as a person does by hand: standard output is a terminal (a
    /// pseudo-terminal in raw mode, so the bytes arrive as written), standard error a pipe.
    @discardableResult
    func spByHand(_ arguments: String..., env: [String: String] = [:]) throws -> Result {
        try spByHandArgs(arguments, env: env)
    }

    @discardableResult
    func spByHandArgs(_ arguments: [String], env: [String: String] = [:]) throws -> Result {
        var environment = self.environment
        for (key, value) in env { environment[key] = value }
        return try run(Binary.path, arguments, environment: environment, directory: root.path, onTerminal: true)
    }
}

/// The C library's pseudo-terminal calls. Glibc's module map hides them (they need
/// _XOPEN_SOURCE), so on Linux they are looked up at run time.
enum PseudoTerminal {
    #if canImport(Darwin)
    static func openMaster(_ flags: Int32) -> Int32 { posix_openpt(flags) }
    static func grant(_ fd: Int32) -> Int32 { grantpt(fd) }
    static func unlock(_ fd: Int32) -> Int32 { unlockpt(fd) }
    static func name(_ fd: Int32) -> UnsafeMutablePointer<CChar>? { ptsname(fd) }
    #else
    typealias IntCall = @convention(c) (Int32) -> Int32
    typealias NameCall = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?

    static func symbol<T>(_ name: String, as type: T.Type) -> T? {
        // A null handle is RTLD_DEFAULT: the whole process.
        guard let address = dlsym(nil, name) else { return nil }
        return unsafeBitCast(address, to: type)
    }

    static func openMaster(_ flags: Int32) -> Int32 { symbol("posix_openpt", as: IntCall.self)?(flags) ?? -1 }
    static func grant(_ fd: Int32) -> Int32 { symbol("grantpt", as: IntCall.self)?(fd) ?? -1 }
    static func unlock(_ fd: Int32) -> Int32 { symbol("unlockpt", as: IntCall.self)?(fd) ?? -1 }
    static func name(_ fd: Int32) -> UnsafeMutablePointer<CChar>? { symbol("ptsname", as: NameCall.self)?(fd) }
    #endif

    /// A new terminal, in raw mode so bytes arrive as written (no `\n` to `\r\n`).
    static func pair() throws -> (master: Int32, slave: Int32) {
        let master = openMaster(O_RDWR | O_NOCTTY)
        guard master >= 0, grant(master) == 0, unlock(master) == 0, let path = name(master) else {
            throw TestFailure("no pseudo-terminal: errno \(errno)")
        }
        let slave = open(path, O_RDWR | O_NOCTTY)
        guard slave >= 0 else {
            close(master)
            throw TestFailure("cannot open \(String(cString: path)): errno \(errno)")
        }
        var settings = termios()
        tcgetattr(slave, &settings)
        cfmakeraw(&settings)
        tcsetattr(slave, TCSANOW, &settings)
        return (master, slave)
    }

    /// Everything written to the terminal, until its last writer closes it.
    static func readAll(_ master: Int32) -> Data {
        var data = Data()
        var bytes = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(master, &bytes, bytes.count)
            if count > 0 {
                data.append(contentsOf: bytes[0..<count])
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                return data
            }
        }
    }
}

/// A log's text without the ids this version writes at the end of each action's line
/// (` id=` and 16 hex digits), for tests about the rest of the line.
func withoutIDs(_ text: String) -> String {
    text.replacingOccurrences(of: #" id=[0-9a-f]{16}"#, with: "", options: .regularExpression)
}
