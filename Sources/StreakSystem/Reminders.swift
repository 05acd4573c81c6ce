#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import StreakCore
import StreakShell

/// Where `remind` delivers a reminder beyond its own output: the desktop and tmux.
public enum DesktopNotification {
    /// Sends a notification with `notify-send` when it is on PATH, else on macOS with
    /// `osascript`. Returns the program that delivered it, or nil when there is none; throws
    /// when the program ran and failed (no session bus, say).
    public static func send(title: String, body: String, environment: Environment) throws(SystemError) -> String? {
        var command: [String]?
        if ExecutablePath.search("notify-send", environment: environment) != nil {
            command = ["notify-send", "--app-name=streakprompt", title, body]
        } else {
            #if os(macOS)
            if ExecutablePath.search("osascript", environment: environment) != nil {
                command = ["osascript", "-e", "display notification \(appleScript(body)) with title \(appleScript(title))"]
            }
            #endif
        }
        guard let command else { return nil }
        let outcome = try Subprocess.run(command, environment: environment, limit: 1 << 16, timeout: 10_000)
        guard outcome.succeeded else {
            throw SystemError("notify with", command[0], code: 0, detail: outcome.errorText.isEmpty ? "exit \(outcome.status)" : outcome.errorText)
        }
        return command[0]
    }

    /// An AppleScript string literal.
    static func appleScript(_ text: String) -> String {
        "\"" + text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
    }
}

/// Every tmux client this user can reach: the clients of each server whose socket is in
/// tmux's socket folder (`$TMUX_TMPDIR`, else `/tmp`, then `tmux-UID`), and of the server in
/// `$TMUX`.
public enum TmuxClients {
    /// How long a message stays on a client's status line, in milliseconds.
    public static let displayMilliseconds = 10_000

    /// Shows one line on every reachable client, as literal text (`#` and `%` doubled,
    /// controls removed: a message is a tmux format, where `#(…)` would run, and tmux passes
    /// it through strftime, where an icon's `%Y` would be the year). Returns how many clients
    /// showed it; nil when tmux is not installed.
    public static func display(_ message: String, environment: Environment) -> Int? {
        guard ExecutablePath.search("tmux", environment: environment) != nil else { return nil }
        let text = Segment.escape(message, for: .tmux, expandsTime: true)
        var shown = 0
        for socket in sockets(environment) {
            guard let listed = try? Subprocess.run(["tmux", "-S", socket, "list-clients", "-F", "#{client_name}"],
                                                   environment: environment, limit: 1 << 16, timeout: 5000),
                  listed.succeeded else { continue }
            for client in listed.text.split(separator: "\n") where !client.isEmpty {
                var arguments = ["tmux", "-S", socket, "display-message", "-c", String(client), "-d", String(displayMilliseconds), text]
                var outcome = try? Subprocess.run(arguments, environment: environment, limit: 1 << 16, timeout: 5000)
                if outcome?.succeeded != true {
                    // tmux before 3.2 has no -d: its display-time applies.
                    arguments.removeSubrange(6...7)
                    outcome = try? Subprocess.run(arguments, environment: environment, limit: 1 << 16, timeout: 5000)
                }
                if outcome?.succeeded == true { shown += 1 }
            }
        }
        return shown
    }

    /// The server sockets to try, `$TMUX`'s first.
    static func sockets(_ environment: Environment) -> [String] {
        var sockets: [String] = []
        if let current = environment.nonEmpty("TMUX")?.split(separator: ",").first, current.hasPrefix("/") {
            sockets.append(String(current))
        }
        let base = environment.nonEmpty("TMUX_TMPDIR") ?? "/tmp"
        let folder = Paths.join(base, "tmux-\(getuid())")
        for name in ((try? Files.list(folder)) ?? []).sorted() {
            let path = Paths.join(folder, name)
            if !sockets.contains(path) { sockets.append(path) }
        }
        return sockets
    }
}

/// Why the reminder timer's files could not be written or removed.
public enum TimerFileError: Error, Sendable {
    /// A file of that name is there and was not written by streakprompt.
    case notOurs(String)
    case system(SystemError)
}

/// The systemd user units of `remind --install-timer`, in `$XDG_CONFIG_HOME/systemd/user`.
public enum ReminderTimerFiles {
    /// `$XDG_CONFIG_HOME/systemd/user` (else `~/.config/systemd/user`): where systemd looks
    /// for a user's own units.
    public static func folder(_ environment: Environment) -> String? {
        environment.configFolder.map { Paths.join($0, "systemd/user") }
    }

    /// Writes both files (the service first, so the timer never names a missing unit).
    /// Returns whether anything changed; refuses to replace a file streakprompt did not write.
    public static func install(service: String, timer: String, in folder: String) throws(TimerFileError) -> Bool {
        var changed = false
        try call { () throws(SystemError) in try Files.makeFolders(folder) }
        for (name, text) in [(ReminderTimer.serviceFile, service), (ReminderTimer.timerFile, timer)] {
            let path = Paths.join(folder, name)
            if let old = try call({ () throws(SystemError) in try Files.readIfPresent(path, limit: 1 << 20, followLinks: true) }) {
                guard isOurs(old) else { throw .notOurs(path) }
                if old == Array(text.utf8) { continue }
            }
            try call { () throws(SystemError) in try Files.writeAtomically(path, Array(text.utf8)) }
            changed = true
        }
        return changed
    }

    /// Removes both files, only when streakprompt wrote them (checking both before removing
    /// either); returns the paths removed.
    public static func uninstall(in folder: String) throws(TimerFileError) -> [String] {
        var ours: [String] = []
        for name in [ReminderTimer.timerFile, ReminderTimer.serviceFile] {
            let path = Paths.join(folder, name)
            guard let old = try call({ () throws(SystemError) in try Files.readIfPresent(path, limit: 1 << 20, followLinks: true) }) else { continue }
            guard isOurs(old) else { throw .notOurs(path) }
            ours.append(path)
        }
        for path in ours { try call { () throws(SystemError) in try Files.remove(path) } }
        return ours
    }

    private static func call<T>(_ body: () throws(SystemError) -> T) throws(TimerFileError) -> T {
        do {
            return try body()
        } catch {
            throw .system(error)
        }
    }

    static func isOurs(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: Array(ReminderTimer.marker.utf8))
    }

    /// Whether this machine runs systemd, as far as a user can use it: systemctl is on PATH.
    public static func hasSystemd(_ environment: Environment) -> Bool {
        ExecutablePath.search("systemctl", environment: environment) != nil
    }

    /// `systemctl --user ARGUMENTS`: nil when systemctl is not on PATH (no systemd here).
    public static func systemctl(_ arguments: [String], environment: Environment) -> ProcessOutcome? {
        guard ExecutablePath.search("systemctl", environment: environment) != nil else { return nil }
        do {
            return try Subprocess.run(["systemctl", "--user"] + arguments, environment: environment, limit: 1 << 20, timeout: 30_000)
        } catch {
            return ProcessOutcome(status: 127, stdout: [], stderr: Array(error.message.utf8))
        }
    }
}
