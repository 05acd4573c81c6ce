#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import StreakCore

/// The file the C library reads a zone from, for a value of `TZ`: looked at before the
/// library opens it, and named in a view so a plugin can tell the zone changed.
///
/// The C library opens that file with a plain `open`, which waits for a writer when a named
/// pipe stands in its place: a tick re-rendering a view for such a zone would never return,
/// holding the lock. So a zone whose file is not a regular file is never handed to the library.
public enum ZoneFile {
    /// The path the C library reads for `zone` (nil: `TZ` unset): `/etc/localtime` when unset
    /// or `:`, the value itself when it is absolute (after an optional `:`), else the name
    /// under `TZDIR` or the zone database. A POSIX rule (`UTC0`, `EST5EDT`) is looked up as a
    /// file first, as the library does, so it has a path too (usually one that does not exist).
    public static func path(for zone: String?) -> String {
        guard var name = zone else { return "/etc/localtime" }
        // glibc reads an empty TZ as "Universal".
        if name.isEmpty { name = "Universal" }
        if name.hasPrefix(":") { name.removeFirst() }
        if name.isEmpty { return "/etc/localtime" }
        if name.hasPrefix("/") { return name }
        let folder = getenv("TZDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/share/zoneinfo"
        return folder + "/" + name
    }

    /// Whether the C library can read `zone` without waiting: its file is a regular file (links
    /// followed), or there is none (then the library reads the value as a rule, or UTC). Looked
    /// at by opening it without blocking, so the look itself cannot wait either.
    public static func isSafe(_ zone: String?) -> Bool {
        let path = path(for: zone)
        let fd = path.withCString { open($0, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC) }
        guard fd >= 0 else {
            // Nothing there (or unreadable): the library's own open fails the same way. A FIFO
            // with no writer opens fine read-only and non-blocking, so it is caught below.
            return true
        }
        defer { close(fd) }
        var info = stat()
        return fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// The zone's identity as a view records it: the path the library reads, the file it
    /// resolves to, and that file's device, inode, size and modification time (`-` for each when
    /// there is no file). A plugin compares it at its once-a-minute check, so a changed
    /// `/etc/localtime` (or the file `TZ=:path` names) is noticed without a change of `TZ`.
    public static func identity(for zone: String?) -> String {
        let path = path(for: zone)
        var info = stat()
        guard stat(path, &info) == 0, let resolved = realpath(path, nil) else {
            return Text.withoutTabs(path) + "\t-\t-\t-\t-\t-"
        }
        defer { free(resolved) }
        let real = String(cString: resolved)
        #if canImport(Darwin)
        let modified = Int64(info.st_mtimespec.tv_sec)
        #else
        let modified = Int64(info.st_mtim.tv_sec)
        #endif
        return Text.withoutTabs(path) + "\t" + Text.withoutTabs(real) + "\t" + String(UInt64(info.st_dev)) + "\t"
            + String(UInt64(info.st_ino)) + "\t" + String(Int64(info.st_size)) + "\t" + String(modified)
    }
}

private extension Text {
    /// A path as one field of a tab-separated line: tabs and line breaks (which no zone path
    /// has) become `?`, so the line keeps its shape whatever the path holds.
    static func withoutTabs(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            out.unicodeScalars.append(scalar.value < 0x20 || scalar.value == 0x7F ? "?" : scalar)
        }
        return out
    }
}
