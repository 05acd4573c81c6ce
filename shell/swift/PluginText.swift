/// A shell that `init` and `completions` write for.
public enum PluginShell: String, CaseIterable, Sendable {
    case bash, zsh, fish

    public static var names: [String] { allCases.map(\.rawValue) }

    var syntax: ShellSyntax { self == .fish ? .fish : .posix }
}

/// The settings `init` writes above the plugin, from its flags.
public struct PluginSettings: Equatable, Sendable {
    /// Absolute path of the binary that printed the plugin, when it could be found.
    public var binary: String?
    public var names: [String] = []
    public var format: String?
    public var tickOn: String?
    public var manual = false

    public init() {}

    /// The variables the plugins read (their headers list them), in the order `init` writes them.
    var variables: [ShellText.Setting] {
        var settings: [ShellText.Setting] = []
        if let binary { settings.append(.init(name: "STREAKPROMPT_BIN", value: binary)) }
        if !names.isEmpty { settings.append(.init(name: "STREAKPROMPT_NAMES", value: names.joined(separator: " "))) }
        if let format { settings.append(.init(name: "STREAKPROMPT_FORMAT", value: format)) }
        if let tickOn { settings.append(.init(name: "STREAKPROMPT_TICK_ON", value: tickOn)) }
        if manual { settings.append(.init(name: "STREAKPROMPT_MANUAL", value: "1")) }
        return settings
    }
}

/// What `init SHELL` prints: the settings, then the plugin exactly as it is in `shell/`.
public enum PluginText {
    public static func render(_ shell: PluginShell, settings: PluginSettings) -> String {
        ShellText.render(head: head(shell), settings: settings.variables, syntax: shell.syntax, files: files(shell))
    }

    /// For shellcheck, before the first command: the shell, and that the single quotes around
    /// the settings are the point (no need to suggest double ones); for zsh, which shellcheck
    /// reads as bash, also that the settings are used (by zsh syntax it does not follow, such
    /// as `${=STREAKPROMPT_NAMES}`). Then where the rest is from.
    static func head(_ shell: PluginShell) -> [String] {
        let origin = "# Settings from `streakprompt init \(shell.rawValue)`; the plugin (\(source(shell))) follows."
        switch shell {
        case .bash: return ["# shellcheck shell=bash disable=SC2016", origin]
        case .zsh: return ["# shellcheck disable=SC2016,SC2034", origin]
        case .fish: return [origin]
        }
    }

    /// The plugin's files, in the order they are printed.
    static func files(_ shell: PluginShell) -> [[UInt8]] {
        switch shell {
        case .bash: return [PackageResources.streakprompt_bash]
        case .zsh: return [PackageResources.streakprompt_plugin_zsh]
        case .fish:
            // What fisher installs, in one piece: the functions it would autoload, then conf.d.
            return fishFunctions.map(\.text) + [PackageResources.streakprompt_fish]
        }
    }

    /// shell/functions, by file name (sorted, as a listing of the folder gives them).
    static let fishFunctions: [(name: String, text: [UInt8])] = [
        ("__streakprompt_clock.fish", PackageResources.__streakprompt_clock_fish),
        ("__streakprompt_find_bin.fish", PackageResources.__streakprompt_find_bin_fish),
        ("__streakprompt_fresh.fish", PackageResources.__streakprompt_fresh_fish),
        ("__streakprompt_place.fish", PackageResources.__streakprompt_place_fish),
        ("__streakprompt_precmd.fish", PackageResources.__streakprompt_precmd_fish),
        ("__streakprompt_read_view.fish", PackageResources.__streakprompt_read_view_fish),
        ("__streakprompt_refresh.fish", PackageResources.__streakprompt_refresh_fish),
        ("__streakprompt_right_prompt.fish", PackageResources.__streakprompt_right_prompt_fish),
        ("__streakprompt_set_status.fish", PackageResources.__streakprompt_set_status_fish),
        ("__streakprompt_show.fish", PackageResources.__streakprompt_show_fish),
        ("__streakprompt_tick.fish", PackageResources.__streakprompt_tick_fish),
        ("__streakprompt_unload.fish", PackageResources.__streakprompt_unload_fish),
        ("__streakprompt_wait_tick.fish", PackageResources.__streakprompt_wait_tick_fish),
        ("__streakprompt_window.fish", PackageResources.__streakprompt_window_fish),
    ]

    /// Where the plugin comes from, for the comment above it.
    static func source(_ shell: PluginShell) -> String {
        switch shell {
        case .bash: return "shell/streakprompt.bash"
        case .zsh: return "shell/streakprompt.plugin.zsh"
        case .fish: return "shell/functions and shell/conf.d"
        }
    }
}

/// The shells `init` also writes for, beyond the three with completions and the zero-fork
/// view: each plugin runs the binary at every prompt (these shells offer nothing else).
public enum OtherShell: String, CaseIterable, Sendable {
    case elvish, xonsh, tcsh, sh

    public static var names: [String] { allCases.map(\.rawValue) }

    /// Whether the plugin can tick on a command line (`--tick-on`): a POSIX shell has no hook
    /// before a command, tcsh no regular expressions.
    public var ticksOnCommands: Bool { self == .elvish || self == .xonsh }

    /// The plugin's file in `shell/`.
    public var file: String {
        switch self {
        case .elvish: return "shell/streakprompt.elv"
        case .xonsh: return "shell/streakprompt.xsh"
        case .tcsh: return "shell/streakprompt.tcsh"
        case .sh: return "shell/streakprompt.sh"
        }
    }

    var text: [UInt8] {
        switch self {
        case .elvish: return PackageResources.streakprompt_elv
        case .xonsh: return PackageResources.streakprompt_xsh
        case .tcsh: return PackageResources.streakprompt_tcsh
        case .sh: return PackageResources.streakprompt_sh
        }
    }

    /// Why `value` cannot be written as a literal for this shell, or nil. tcsh has no quoting
    /// that holds a line break or another control character.
    public func problem(with value: String) -> String? {
        guard self == .tcsh, value.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { return nil }
        return "tcsh cannot hold a control character (a line break, a tab) in a setting"
    }

    /// `value` as one literal word (elvish, tcsh, sh) or string (xonsh).
    public func quoted(_ value: String) -> String {
        switch self {
        case .sh: return ShellQuote.quoted(value, .posix)
        case .elvish:
            // Inside elvish's '…' nothing is special but the quote, doubled.
            return "'" + value.replacing("'", with: "''") + "'"
        case .tcsh:
            // As POSIX, and `!` escaped: tcsh substitutes history even inside single quotes.
            return "'" + value.replacing("'", with: "'\\''").replacing("!", with: "\\!") + "'"
        case .xonsh:
            // A Python string: every character that is not plain printable ASCII escaped.
            var text = "\""
            for scalar in value.unicodeScalars {
                switch scalar {
                case "\\": text += "\\\\"
                case "\"": text += "\\\""
                default:
                    if scalar.value >= 0x20 && scalar.value < 0x7F {
                        text.unicodeScalars.append(scalar)
                    } else {
                        let hex = String(scalar.value, radix: 16)
                        text += "\\U" + String(repeating: "0", count: 8 - hex.count) + hex
                    }
                }
            }
            return text + "\""
        }
    }

    /// One setting as this shell assigns it (an environment variable, so the binary reads it).
    func assignment(_ setting: ShellText.Setting) -> String {
        switch self {
        case .sh: return setting.name + "=" + quoted(setting.value)
        case .elvish: return "set-env " + setting.name + " " + quoted(setting.value)
        case .tcsh: return "setenv " + setting.name + " " + quoted(setting.value)
        case .xonsh: return "$" + setting.name + " = " + quoted(setting.value)
        }
    }

    /// What `init SHELL` prints: where it is from, the settings, then the plugin as it is in
    /// `shell/`.
    public func render(settings: PluginSettings) -> String {
        var lines = ["# Settings from `streakprompt init \(rawValue)`; the plugin (\(file)) follows."]
        if self == .sh { lines.insert("# shellcheck shell=sh disable=SC2016,SC1003", at: 0) }
        var variables = settings.variables
        // A shell that cannot split words is told which streak a command ticks.
        if self == .elvish, let first = settings.names.first {
            variables.append(.init(name: "STREAKPROMPT_TICK_NAME", value: first))
        }
        for setting in variables { lines.append(assignment(setting)) }
        return lines.joined(separator: "\n") + "\n\n" + String(decoding: text, as: UTF8.self)
    }
}
