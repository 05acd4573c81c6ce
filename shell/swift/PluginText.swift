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
