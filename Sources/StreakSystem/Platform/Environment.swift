#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import StreakCore

/// The variables a command runs with, as a value.
///
/// Whatever needs a variable is handed an `Environment`; nothing in the middle of a check or an
/// operation reads the process's own. The command line passes `.process` once; tests pass the
/// exact variables a case needs, in process, without touching the test runner's environment.
public struct Environment: Sendable {
    private enum Source: Sendable {
        case process
        case fixed([String: String])
    }

    private let source: Source

    /// The process's environment, each variable read when it is asked for (the prompt reads a
    /// handful and must not pay for copying the rest).
    public static var process: Environment { Environment(source: .process) }

    private init(source: Source) {
        self.source = source
    }

    /// Exactly these variables, nothing inherited.
    public init(_ variables: [String: String]) {
        source = .fixed(variables)
    }

    /// The variable's value, or nil when it is unset.
    public func value(_ name: String) -> String? {
        switch source {
        case .process:
            guard let raw = getenv(name) else { return nil }
            return String(cString: raw)
        case .fixed(let variables):
            return variables[name]
        }
    }

    /// The variable's value, or nil when it is unset or empty.
    public func nonEmpty(_ name: String) -> String? {
        guard let value = value(name), !value.isEmpty else { return nil }
        return value
    }

    /// Calls `body` with the index in `names` and the value of each variable named there: one
    /// pass over the variables, comparing bytes, with a string made only for a value found (the
    /// prompt reads its settings this way instead of asking for each of them). `names` all
    /// start with `prefix`, which rules out most variables at once.
    public func forEach(prefixed prefix: StaticString, names: (Int) -> String, count: Int, _ body: (Int, String) -> Void) {
        switch source {
        case .process:
            guard var entry = Environment.processEntries() else { return }
            let length = prefix.utf8CodeUnitCount
            while let pointer = entry.pointee {
                entry += 1
                var matches = true
                for index in 0..<length where UInt8(bitPattern: pointer[index]) != prefix.utf8Start[index] {
                    matches = false
                    break
                }
                guard matches else { continue }
                for index in 0..<count {
                    var name = names(index)
                    let value: UnsafePointer<CChar>? = name.withUTF8 { bytes in
                        for (offset, byte) in bytes.enumerated() where UInt8(bitPattern: pointer[offset]) != byte { return nil }
                        return pointer[bytes.count] == CChar(UInt8(ascii: "=")) ? UnsafePointer(pointer + bytes.count + 1) : nil
                    }
                    if let value {
                        body(index, String(cString: value))
                        break
                    }
                }
            }
        case .fixed(let variables):
            for index in 0..<count {
                if let value = variables[names(index)] { body(index, value) }
            }
        }
    }

    /// Every variable as `NAME=VALUE`, what a child process is started with.
    public func entries() -> [String] {
        switch source {
        case .process:
            var result: [String] = []
            guard var entry = Environment.processEntries() else { return result }
            while let pointer = entry.pointee {
                result.append(String(cString: pointer))
                entry += 1
            }
            return result
        case .fixed(let variables):
            return variables.sorted { $0.key < $1.key }.map { $0.key + "=" + $0.value }
        }
    }

    private static func processEntries() -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
        #if canImport(Darwin)
        return _NSGetEnviron()?.pointee
        #else
        return environ
        #endif
    }

    /// Whether colour is off: `NO_COLOR` set to anything non-empty (no-color.org), or a dumb
    /// terminal.
    public var colorDisabled: Bool {
        nonEmpty("NO_COLOR") != nil || value("TERM") == "dumb"
    }

    /// Whether the locale says UTF-8 (`Charset.isUTF8`); when it does not, output falls back
    /// to ASCII (`ASCIIFallback`).
    public var isUTF8: Bool {
        guard case .process = source else {
            return Charset.isUTF8(lcAll: value("LC_ALL"), lcCType: value("LC_CTYPE"), lang: value("LANG"))
        }
        // The prompt asks: one pass over the process's variables, no strings or arrays made
        // (each would cost it more than the pass).
        var lcAll: UnsafePointer<CChar>?
        var lcCType: UnsafePointer<CChar>?
        var lang: UnsafePointer<CChar>?
        if var entry = Environment.processEntries() {
            while let pointer = entry.pointee {
                if let value = Environment.value(of: "LC_ALL", in: pointer) { lcAll = value }
                if let value = Environment.value(of: "LC_CTYPE", in: pointer) { lcCType = value }
                if let value = Environment.value(of: "LANG", in: pointer) { lang = value }
                entry += 1
            }
        }
        // POSIX's order: the first one set and not empty decides.
        guard let locale = Environment.nonEmpty(lcAll) ?? Environment.nonEmpty(lcCType) ?? Environment.nonEmpty(lang) else {
            return false
        }
        return locale.withMemoryRebound(to: UInt8.self, capacity: 1) { bytes in
            Charset.namesUTF8(UnsafeBufferPointer(start: bytes, count: strlen(locale)))
        }
    }

    private static func nonEmpty(_ value: UnsafePointer<CChar>?) -> UnsafePointer<CChar>? {
        guard let value, value.pointee != 0 else { return nil }
        return value
    }

    /// The value in a `NAME=VALUE` entry, when the entry is that variable's.
    private static func value(of name: StaticString, in entry: UnsafePointer<CChar>) -> UnsafePointer<CChar>? {
        let count = name.utf8CodeUnitCount
        for index in 0..<count where UInt8(bitPattern: entry[index]) != name.utf8Start[index] { return nil }
        return entry[count] == CChar(UInt8(ascii: "=")) ? entry + count + 1 : nil
    }

    /// The user's home folder, `$HOME`. (The password database is not consulted: a static
    /// binary cannot load the C library's name-service modules.)
    public var homeFolder: String? {
        nonEmpty("HOME")
    }

    /// `XDG_CONFIG_HOME` when it is an absolute path (the XDG rule), else `~/.config`.
    public var configFolder: String? {
        if let xdg = nonEmpty("XDG_CONFIG_HOME"), xdg.hasPrefix("/") { return xdg }
        return homeFolder.map { Paths.join($0, ".config") }
    }

    /// A name for this machine, for its own action log: `STREAKPROMPT_MACHINE`, else the host
    /// name reduced to the characters of a streak name.
    public var machineName: String {
        if let given = nonEmpty("STREAKPROMPT_MACHINE"), StreakName.problem(with: given) == nil { return given }
        var buffer = [CChar](repeating: 0, count: 256)
        var name = "machine"
        if gethostname(&buffer, buffer.count - 1) == 0 {
            let host = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            // The short host name: `laptop.example.com` and `laptop.local` are one machine.
            let short = host.split(separator: ".").first.map(String.init) ?? host
            var cleaned = ""
            for byte in short.utf8.prefix(StreakName.maxLength) {
                cleaned.unicodeScalars.append(Unicode.Scalar(StreakName.isNameByte(byte) ? byte : UInt8(ascii: "_")))
            }
            while cleaned.hasPrefix("-") { cleaned.removeFirst() }
            if !cleaned.isEmpty { name = cleaned }
        }
        return name
    }
}

/// The wall clock.
public enum Clock {
    /// Seconds since the epoch, now.
    public static func now() -> Int64 {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Int64(spec.tv_sec)
    }

    /// Nanoseconds since the epoch (as file times are compared).
    public static func nowNanoseconds() -> Int64 {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Int64(spec.tv_sec) * 1_000_000_000 + Int64(spec.tv_nsec)
    }

    /// Milliseconds since the epoch, for pacing output.
    public static func milliseconds() -> Int64 {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Int64(spec.tv_sec) * 1000 + Int64(spec.tv_nsec) / 1_000_000
    }
}

/// A clock that never jumps, for deadlines and timings.
enum Monotonic {
    static func nanoseconds() -> Int64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Int64(spec.tv_sec) * 1_000_000_000 + Int64(spec.tv_nsec)
    }

    static func milliseconds() -> Int64 {
        nanoseconds() / 1_000_000
    }

    static func sleep(milliseconds: Int64) {
        var request = timespec(tv_sec: Int(milliseconds / 1000), tv_nsec: Int(milliseconds % 1000) * 1_000_000)
        var left = timespec()
        while nanosleep(&request, &left) != 0 && errno == EINTR { request = left }
    }
}

/// The user's time zone, from `TZ` or the system setting, through the C library's zone
/// database, so every zone and every historical transition the system knows is honoured.
public struct LocalZone: ZoneRules, Sendable {
    /// Reads the zone `TZ` names, unless the C library would wait to read it (its file is a
    /// named pipe: `ZoneFile.isSafe`); then the process uses UTC, as the library does with a
    /// zone file it cannot read.
    public init() {
        if !ZoneFile.isSafe(getenv("TZ").map { String(cString: $0) }) { setenv("TZ", "UTC0", 1) }
        tzset()
    }

    /// The zone the library has read already: `init()` ran, or `TZ` was set to a zone whose
    /// file was checked and `tzset` ran since (`Views.withZone` after `ZoneFile.isSafe`). No
    /// system call (`init()` opens the zone file to check it: three a view).
    init(checked: Void) {}

    public func local(at seconds: Int64) -> Instant {
        var time = time_t(seconds)
        var parts = tm()
        guard localtime_r(&time, &parts) != nil else { return Instant(seconds: seconds, offset: 0) }
        return Instant(seconds: seconds, offset: Int(parts.tm_gmtoff))
    }

    public func moment(of local: LocalDateTime) -> Int64 {
        let (year, month, day) = local.day.civil
        // `tm_year` is 32 bits: a year it cannot hold has no zone rules worth asking for (and
        // converting it would trap). Every date a user can type or a log can hold fits.
        guard let tmYear = Int32(exactly: year - 1900) else { return local.utcSeconds }
        var parts = tm()
        parts.tm_year = tmYear
        parts.tm_mon = Int32(month - 1)
        parts.tm_mday = Int32(day)
        parts.tm_hour = Int32(local.hour)
        parts.tm_min = Int32(local.minute)
        parts.tm_sec = Int32(local.second)
        parts.tm_isdst = -1
        let result = mktime(&parts)
        if result == -1 {
            // -1 is also a real moment (1969-12-31T23:59:59Z); otherwise fall back to UTC.
            return local.utcSeconds
        }
        return Int64(result)
    }
}
