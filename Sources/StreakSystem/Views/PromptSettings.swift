import StreakCore

/// How the segment looks (`SegmentTheme`): from `STREAKPROMPT_*` variables, else the config
/// file `$XDG_CONFIG_HOME/streakprompt/config` (else `~/.config/streakprompt/config`), else
/// the defaults.
///
/// The config file is lines of `key = value`; `#` starts a comment line. A key it does not
/// know or a value that does not read is left out (the default stands) and `streakprompt
/// config` says so; a prompt never fails for it. Read by every prompt, so it is walked byte
/// by byte with no arrays (see `FileBytes`).
public enum PromptSettings {
    /// Every setting, numbered so the prompt can walk them without building an array.
    public enum Key: Int, Sendable {
        case styleDone, stylePending, styleWarn, styleBroken
        case tmuxStyleDone, tmuxStylePending, tmuxStyleWarn, tmuxStyleBroken
        case iconDone, iconPending, iconWarn, iconBroken
        case hideBroken, hideZero, warnAt, only

        public static let count = 16

        /// The name in the config file.
        public var fileKey: String {
            switch self {
            case .styleDone: return "style-done"
            case .stylePending: return "style-pending"
            case .styleWarn: return "style-warn"
            case .styleBroken: return "style-broken"
            case .tmuxStyleDone: return "tmux-style-done"
            case .tmuxStylePending: return "tmux-style-pending"
            case .tmuxStyleWarn: return "tmux-style-warn"
            case .tmuxStyleBroken: return "tmux-style-broken"
            case .iconDone: return "icon-done"
            case .iconPending: return "icon-pending"
            case .iconWarn: return "icon-warn"
            case .iconBroken: return "icon-broken"
            case .hideBroken: return "hide-broken"
            case .hideZero: return "hide-zero"
            case .warnAt: return "warn-at"
            case .only: return "only"
            }
        }

        /// The environment variable: `STREAKPROMPT_` and the file key in capitals, `-` as `_`.
        /// (Literals: the prompt asks for every one, and building them would cost it more.)
        public var variable: String {
            switch self {
            case .styleDone: return "STREAKPROMPT_STYLE_DONE"
            case .stylePending: return "STREAKPROMPT_STYLE_PENDING"
            case .styleWarn: return "STREAKPROMPT_STYLE_WARN"
            case .styleBroken: return "STREAKPROMPT_STYLE_BROKEN"
            case .tmuxStyleDone: return "STREAKPROMPT_TMUX_STYLE_DONE"
            case .tmuxStylePending: return "STREAKPROMPT_TMUX_STYLE_PENDING"
            case .tmuxStyleWarn: return "STREAKPROMPT_TMUX_STYLE_WARN"
            case .tmuxStyleBroken: return "STREAKPROMPT_TMUX_STYLE_BROKEN"
            case .iconDone: return "STREAKPROMPT_ICON_DONE"
            case .iconPending: return "STREAKPROMPT_ICON_PENDING"
            case .iconWarn: return "STREAKPROMPT_ICON_WARN"
            case .iconBroken: return "STREAKPROMPT_ICON_BROKEN"
            case .hideBroken: return "STREAKPROMPT_HIDE_BROKEN"
            case .hideZero: return "STREAKPROMPT_HIDE_ZERO"
            case .warnAt: return "STREAKPROMPT_WARN_AT"
            case .only: return "STREAKPROMPT_ONLY"
            }
        }

        /// What a value must be, for `config` and error messages.
        public var expected: String {
            switch self {
            case .styleDone, .stylePending, .styleWarn, .styleBroken: return "ANSI SGR codes such as 32 or 1;31"
            case .tmuxStyleDone, .tmuxStylePending, .tmuxStyleWarn, .tmuxStyleBroken:
                return "a tmux style such as fg=black,bold or bg=#303030"
            case .iconDone, .iconPending, .iconWarn, .iconBroken: return "an icon of at most 16 characters, or empty for the streak's own"
            case .hideBroken, .hideZero: return "yes or no"
            case .warnAt: return "HH:MM or off"
            case .only: return "pending (only what is still to do today) or all"
            }
        }

        init?(fileKey bytes: UnsafeBufferPointer<UInt8>.SubSequence) {
            let wanted = UnsafeBufferPointer(rebasing: bytes)
            for raw in 0..<Key.count {
                let key = Key(rawValue: raw)!
                // The names are literals: their bytes are at hand, compared at once.
                var name = key.fileKey
                let same = name.withUTF8 { name in
                    name.count == wanted.count && name.elementsEqual(wanted)
                }
                if same {
                    self = key
                    return
                }
            }
            return nil
        }
    }

    /// The config file's path, or nil when there is no home folder.
    public static func configPath(_ environment: Environment) -> String? {
        environment.configFolder.map { Paths.join($0, "streakprompt/config") }
    }

    /// The config file is refused past this size (a prompt reads it).
    public static let fileLimit = 64 << 10

    /// The theme the environment and the config file give.
    public static func theme(_ environment: Environment) -> SegmentTheme {
        read(environment).theme
    }

    /// The settings every host shares, from the config file (`day-start`, `week-start`,
    /// `format`, `names`): a git GUI, cron or a tmux started without the shell's variables
    /// count dates as the shell does. Each `STREAKPROMPT_*` variable still wins over its line
    /// (`Shared.variable`); a line that does not read is left out (`config` says so).
    public struct Shared: Sendable {
        public enum Key: String, CaseIterable, Sendable {
            case dayStart = "day-start"
            case weekStart = "week-start"
            case format
            case names

            public var variable: String {
                switch self {
                case .dayStart: return "STREAKPROMPT_DAY_START"
                case .weekStart: return "STREAKPROMPT_WEEK_START"
                case .format: return "STREAKPROMPT_FORMAT"
                case .names: return "STREAKPROMPT_NAMES"
                }
            }

            public var expected: String {
                switch self {
                case .dayStart: return "a time of day such as 04:00"
                case .weekStart: return "mon or sun"
                case .format: return "a segment format such as {icon}{count}"
                case .names: return "streak names separated by spaces"
                }
            }

            /// Whether `value` reads as this setting.
            public func reads(_ value: String) -> Bool {
                switch self {
                case .dayStart: return DayStart(value) != nil
                case .weekStart: return WeekStart(value) != nil
                case .format: return !value.isEmpty && !value.unicodeScalars.contains(where: Text.isControl)
                case .names:
                    let names = value.split(whereSeparator: { $0 == " " || $0 == "," })
                    return !names.isEmpty && names.allSatisfy { StreakName.problem(with: String($0)) == nil }
                }
            }
        }

        var values: [Key: (value: String, line: Int)] = [:]

        /// The value of `key` in the config file, when it has a line for it that reads.
        public func value(_ key: Key) -> String? { values[key]?.value }

        /// The line of the config file `value(key)` comes from.
        public func line(_ key: Key) -> Int? { values[key]?.line }

        /// The value the environment gives for `key`, else the config file's.
        public func effective(_ key: Key, _ environment: Environment) -> String? {
            environment.nonEmpty(key.variable) ?? value(key)
        }
    }

    /// The theme and the shared settings, from one read of the config file.
    /// `onlyPending`, when given, is `--only`'s word over the settings' `only` (set here, while
    /// the theme is built: a theme changed after it is built costs the prompt a copy of it).
    public static func read(_ environment: Environment, onlyPending: Bool? = nil) -> (theme: SegmentTheme, shared: Shared) {
        var theme = SegmentTheme.standard
        var shared = Shared()
        if let path = configPath(environment), let file = try? Files.readBytes(path, limit: fileLimit, followLinks: true) {
            forEachLine(file.buffer) { key, name, value, number in
                if let key {
                    _ = apply(key, String(decoding: value, as: UTF8.self), to: &theme)
                } else if let sharedKey = Shared.Key(rawValue: String(decoding: name, as: UTF8.self)) {
                    let text = String(decoding: value, as: UTF8.self)
                    if sharedKey.reads(text) { shared.values[sharedKey] = (text, number) }
                }
            }
        }
        environment.forEach(prefixed: "STREAKPROMPT_", names: { Key(rawValue: $0)!.variable }, count: Key.count) { raw, value in
            _ = apply(Key(rawValue: raw)!, value, to: &theme)
        }
        if let onlyPending { theme.onlyPending = onlyPending }
        return (theme, shared)
    }

    /// Calls `body` with each setting line's key (nil when it is no key), value and line
    /// number; comments and blank lines are skipped.
    static func forEachLine(_ bytes: UnsafeBufferPointer<UInt8>,
                            _ body: (Key?, UnsafeBufferPointer<UInt8>.SubSequence, Int) -> Void) {
        forEachLine(bytes) { key, _, value, number in body(key, value, number) }
    }

    /// `forEachLine`, with each line's key as written (empty for a line without `=`).
    static func forEachLine(_ bytes: UnsafeBufferPointer<UInt8>,
                            _ body: (Key?, UnsafeBufferPointer<UInt8>.SubSequence, UnsafeBufferPointer<UInt8>.SubSequence, Int) -> Void) {
        var start = 0
        var number = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            number += 1
            let line = trimmed(bytes[start..<end])
            start = end + 1
            guard let first = line.first, first != UInt8(ascii: "#") else { continue }
            guard let equals = line.firstIndex(of: UInt8(ascii: "=")) else {
                body(nil, line[line.startIndex..<line.startIndex], line, number)
                continue
            }
            let name = trimmed(line[..<equals])
            body(Key(fileKey: name), name, trimmed(line[(equals + 1)...]), number)
        }
    }

    private static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>.SubSequence) -> UnsafeBufferPointer<UInt8>.SubSequence {
        var bytes = bytes
        while let first = bytes.first, first == 0x20 || first == 0x09 || first == 0x0D { bytes = bytes.dropFirst() }
        while let last = bytes.last, last == 0x20 || last == 0x09 || last == 0x0D { bytes = bytes.dropLast() }
        return bytes
    }

    /// Sets `key` to `value` in `theme`; false (and `theme` as it was) when the value does not read.
    @discardableResult
    public static func apply(_ key: Key, _ value: String, to theme: inout SegmentTheme) -> Bool {
        switch key {
        case .styleDone, .stylePending, .styleWarn, .styleBroken:
            guard SegmentTheme.isANSIStyle(value) else { return false }
            switch key {
            case .styleDone: theme.done.ansi = value
            case .stylePending: theme.pending.ansi = value
            case .styleWarn: theme.warning.ansi = value
            default: theme.broken.ansi = value
            }
        case .tmuxStyleDone, .tmuxStylePending, .tmuxStyleWarn, .tmuxStyleBroken:
            guard SegmentTheme.isTmuxStyle(value) else { return false }
            switch key {
            case .tmuxStyleDone: theme.done.tmux = value
            case .tmuxStylePending: theme.pending.tmux = value
            case .tmuxStyleWarn: theme.warning.tmux = value
            default: theme.broken.tmux = value
            }
        case .iconDone, .iconPending, .iconWarn, .iconBroken:
            let icon = Text.withoutControls(value)
            guard icon.unicodeScalars.count <= 16 else { return false }
            let chosen: String? = icon.isEmpty ? nil : icon
            switch key {
            case .iconDone: theme.done.icon = chosen
            case .iconPending: theme.pending.icon = chosen
            case .iconWarn: theme.warning.icon = chosen
            default: theme.broken.icon = chosen
            }
        case .hideBroken, .hideZero:
            let on: Bool
            switch value {
            case "yes", "1", "true", "on": on = true
            case "no", "0", "false", "off", "": on = false
            default: return false
            }
            if key == .hideBroken { theme.hideBroken = on } else { theme.hideZero = on }
        case .only:
            switch value {
            case "pending": theme.onlyPending = true
            case "all", "": theme.onlyPending = false
            default: return false
            }
        case .warnAt:
            if value == "off" || value == "never" {
                theme.warnAt = nil
            } else {
                guard let time = DayStart(value) else { return false }
                theme.warnAt = time
            }
        }
        return true
    }

    /// One setting as `config` shows it: the effective value and where it came from.
    public struct Shown: Sendable {
        public var key: Key
        public var value: String
        public var source: String
    }

    /// Every setting's effective value and source, and the config file's lines that were left
    /// out (with why), for `streakprompt config`.
    public static func explain(_ environment: Environment) -> (settings: [Shown], problems: [String], file: String?) {
        var sources = [String](repeating: "default", count: Key.count)
        var problems: [String] = []
        var theme = SegmentTheme.standard
        let path = configPath(environment)
        if let path {
            do throws(SystemError) {
                let file = try Files.readBytes(path, limit: fileLimit, followLinks: true)
                forEachLine(file.buffer) { key, name, value, number in
                    let text = String(decoding: value, as: UTF8.self)
                    if key == nil, let shared = Shared.Key(rawValue: String(decoding: name, as: UTF8.self)) {
                        if !shared.reads(text) {
                            problems.append("\(path):\(number): \(shared.rawValue) = '\(Text.visible(text))' is not \(shared.expected); ignored")
                        }
                        return
                    }
                    guard let key else {
                        problems.append("\(path):\(number): not a setting (expected key = value, one of \(allKeys))")
                        return
                    }
                    if apply(key, text, to: &theme) {
                        sources[key.rawValue] = "\(path):\(number)"
                    } else {
                        problems.append("\(path):\(number): \(key.fileKey) = '\(Text.visible(text))' is not \(key.expected); ignored")
                    }
                }
            } catch where error.isNotFound {
            } catch {
                problems.append(error.message + "; ignored")
            }
        }
        for raw in 0..<Key.count {
            let key = Key(rawValue: raw)!
            guard let value = environment.value(key.variable) else { continue }
            if apply(key, value, to: &theme) {
                sources[raw] = key.variable
            } else {
                problems.append("\(key.variable)='\(Text.visible(value))' is not \(key.expected); ignored")
            }
        }
        var shown: [Shown] = []
        for raw in 0..<Key.count {
            let key = Key(rawValue: raw)!
            shown.append(Shown(key: key, value: value(of: key, in: theme), source: sources[raw]))
        }
        return (shown, problems, path)
    }

    static var allKeys: String {
        ((0..<Key.count).map { Key(rawValue: $0)!.fileKey } + Shared.Key.allCases.map(\.rawValue)).joined(separator: ", ")
    }

    /// The value of `key` in `theme`, as the config file would hold it.
    public static func value(of key: Key, in theme: SegmentTheme) -> String {
        switch key {
        case .styleDone: return theme.done.ansi
        case .stylePending: return theme.pending.ansi
        case .styleWarn: return theme.warning.ansi
        case .styleBroken: return theme.broken.ansi
        case .tmuxStyleDone: return theme.done.tmux
        case .tmuxStylePending: return theme.pending.tmux
        case .tmuxStyleWarn: return theme.warning.tmux
        case .tmuxStyleBroken: return theme.broken.tmux
        case .iconDone: return theme.done.icon ?? ""
        case .iconPending: return theme.pending.icon ?? ""
        case .iconWarn: return theme.warning.icon ?? ""
        case .iconBroken: return theme.broken.icon ?? ""
        case .hideBroken: return theme.hideBroken ? "yes" : "no"
        case .hideZero: return theme.hideZero ? "yes" : "no"
        case .warnAt: return theme.warnAt?.description ?? "off"
        case .only: return theme.onlyPending ? "pending" : "all"
        }
    }

    /// Every key the config file takes, in the order `config` lists them.
    public static var fileKeys: [String] {
        (0..<Key.count).map { Key(rawValue: $0)!.fileKey } + Shared.Key.allCases.map(\.rawValue)
    }

    /// Why `value` cannot be `key` in the config file, or nil when it can.
    public static func problem(key: String, value: String) -> String? {
        if let shared = Shared.Key(rawValue: key) {
            return shared.reads(value) ? nil : "'\(Text.visible(value))' is not \(shared.expected)"
        }
        let found = key.utf8.withContiguousStorageIfAvailable { Key(fileKey: $0[...]) } ?? nil
        guard let known = found else { return "'\(Text.visible(key))' is no setting (one of \(allKeys))" }
        var theme = SegmentTheme.standard
        return apply(known, value, to: &theme) ? nil : "'\(Text.visible(value))' is not \(known.expected)"
    }

    /// The config file's text with `key` set to `value` (its first line for the key replaced,
    /// any later one dropped, or a line added), or without it when `value` is nil. Comments and
    /// every other line stay as they were.
    public static func edited(_ text: String, key: String, value: String?) -> (text: String, changed: Bool) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        var out: [String] = []
        var placed = false
        var changed = false
        for line in lines {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if !trimmed.hasPrefix("#"), let equals = trimmed.firstIndex(of: "="),
               String(trimmed[..<equals]).trimmingSpaces() == key {
                if let value, !placed {
                    let replacement = key + " = " + value
                    if replacement != line { changed = true }
                    out.append(replacement)
                    placed = true
                } else {
                    changed = true
                }
                continue
            }
            out.append(line)
        }
        if let value, !placed {
            out.append(key + " = " + value)
            changed = true
        }
        return ((out.isEmpty ? "" : out.joined(separator: "\n") + "\n"), changed)
    }

    /// The variable that wins over the config file's `key`.
    public static func variable(forFileKey key: String) -> String? {
        if let shared = Shared.Key(rawValue: key) { return shared.variable }
        return (0..<Key.count).map { Key(rawValue: $0)! }.first { $0.fileKey == key }?.variable
    }
}
