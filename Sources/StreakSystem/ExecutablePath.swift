#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the running binary is: `init` tells the plugin which binary printed it, the prompt
/// starts itself again to rebuild the cache, `doctor` times it.
public enum ExecutablePath {
    /// The absolute path of the running executable, or nil when it cannot be told.
    public static func current(arguments: [String] = CommandLine.arguments) -> String? {
        #if os(Linux)
        if let path = linkTarget("/proc/self/exe"), isExecutable(path) { return path }
        #elseif canImport(Darwin)
        var size: UInt32 = 4096
        var buffer = [CChar](repeating: 0, count: Int(size))
        if _NSGetExecutablePath(&buffer, &size) == 0 {
            let path = String(cString: buffer)
            if path.hasPrefix("/"), isExecutable(path) { return normalized(path) }
        }
        #endif
        guard let first = arguments.first, !first.isEmpty else { return nil }
        return resolve(first, path: getenv("PATH").map { String(cString: $0) } ?? "", folder: currentFolder())
    }

    /// `argv[0]` as a shell found it: a path with a slash is taken from the current folder,
    /// a bare name is looked up in PATH.
    public static func resolve(_ command: String, path: String, folder: String?) -> String? {
        if command.contains("/") {
            var absolute = command
            if !command.hasPrefix("/") {
                guard let folder else { return nil }
                absolute = folder + (folder.hasSuffix("/") ? "" : "/") + command
            }
            return isExecutable(absolute) ? normalized(absolute) : nil
        }
        for entry in path.split(separator: ":", omittingEmptySubsequences: false) {
            let directory = entry.isEmpty ? (folder ?? ".") : String(entry)
            let candidate = directory + (directory.hasSuffix("/") ? "" : "/") + command
            if isExecutable(candidate) {
                if candidate.hasPrefix("/") { return normalized(candidate) }
                guard let folder else { return nil }
                return normalized(folder + "/" + candidate)
            }
        }
        return nil
    }

    /// Removes `.` components and folds `..` (text only, no symlinks resolved).
    public static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            if part == "." { continue }
            if part == ".." { if !parts.isEmpty { parts.removeLast() }; continue }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }

    static func isExecutable(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return false }
        return access(path, X_OK) == 0
    }

    static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 4097)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func currentFolder() -> String? {
        var buffer = [CChar](repeating: 0, count: 4097)
        guard getcwd(&buffer, buffer.count) != nil else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
