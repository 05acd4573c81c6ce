#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where programs are: the running binary (which `init` writes into the plugin, `git install`
/// into the hook, the prompt starts again to rebuild its cache and `doctor` times), and the one
/// `PATH` search every lookup and every child process uses.
public enum ExecutablePath {
    /// The running binary as the user installed it, or nil when it cannot be told.
    ///
    /// The policy: `argv[0]` as the shell found it (a path with a slash, made absolute without
    /// following links; a bare name looked up in `PATH`), as long as it is the very file that
    /// runs; else what the system reports. The two differ for a binary installed as a link,
    /// `~/.local/bin/streakprompt -> ~/src/streakprompt/.build/release/streakprompt` or
    /// Homebrew's `/opt/homebrew/bin/streakprompt -> ../Cellar/streakprompt/0.1.0/bin/…`:
    /// the system names the file behind the link (`/proc/self/exe` resolves links), which an
    /// upgrade replaces or removes, so a plugin or a hook holding it breaks or keeps running the
    /// old version; the link keeps naming whatever is installed. Checking that `argv[0]` leads
    /// to the running file keeps a wrapper that lies in `argv[0]` from naming another program.
    public static func current(argv0: String? = CommandLine.argv0, environment: Environment = .process) -> String? {
        let system = systemPath()
        if let argv0, !argv0.isEmpty,
           let found = resolve(argv0, path: environment.value("PATH") ?? "", folder: Files.currentFolder()),
           system.map({ Files.sameFile(found, $0) }) ?? true {
            return found
        }
        return system
    }

    /// `name` as a shell finds it: a path with a slash is taken from the current folder, a
    /// bare name is looked up in the environment's `PATH`.
    public static func search(_ name: String, environment: Environment) -> String? {
        resolve(name, path: environment.value("PATH") ?? "", folder: Files.currentFolder())
    }

    /// `command` as a shell finds it with this `PATH` and current folder: a path with a slash
    /// is taken from the folder, a bare name is looked up in `path` (an empty entry is the
    /// current folder). The result is absolute and normalised, links kept.
    public static func resolve(_ command: String, path: String, folder: String?) -> String? {
        if command.contains("/") {
            var absolute = command
            if !command.hasPrefix("/") {
                guard let folder else { return nil }
                absolute = Paths.join(folder, command)
            }
            return Files.isExecutable(absolute) ? Paths.normalized(absolute) : nil
        }
        for entry in path.split(separator: ":", omittingEmptySubsequences: false) {
            let directory = entry.isEmpty ? (folder ?? ".") : String(entry)
            let candidate = Paths.join(directory, command)
            if Files.isExecutable(candidate) {
                if candidate.hasPrefix("/") { return Paths.normalized(candidate) }
                guard let folder else { return nil }
                return Paths.absolute(candidate, from: folder)
            }
        }
        return nil
    }

    /// The old name of `Paths.normalized`, for callers that still use it.
    public static func normalized(_ path: String) -> String {
        Paths.normalized(path)
    }

    /// What the system says the running file is (links resolved), or nil.
    static func systemPath() -> String? {
        #if os(Linux)
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        let path = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return Files.isExecutable(path) ? path : nil
        #elseif canImport(Darwin)
        var size = UInt32(PATH_MAX) + 1
        var buffer = [CChar](repeating: 0, count: Int(size))
        guard _NSGetExecutablePath(&buffer, &size) == 0 else { return nil }
        let path = String(cString: buffer)
        guard path.hasPrefix("/"), Files.isExecutable(path) else { return nil }
        return Paths.normalized(path)
        #else
        return nil
        #endif
    }
}

extension CommandLine {
    /// `argv[0]`, without building `CommandLine.arguments` (the prompt must not pay for it).
    public static var argv0: String? {
        guard argc > 0, let raw = unsafeArgv[0] else { return nil }
        return String(cString: raw)
    }
}
