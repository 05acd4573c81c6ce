import StreakCore
import StreakSystem

/// `streakprompt config`: the segment's effective styles, icons and options, and where each
/// came from (a `STREAKPROMPT_*` variable, a line of the config file, or the default).
enum Config: Command {
    static let spec = CommandSpec(
        ["config"], usage: "", summary: "the effective settings and where each came from (config set/unset change them)",
        details: """
        Styles, icons and options of the prompt segment, per state: done, pending, warn (a
        pending streak past the warn time, with {left} the time left today) and broken; and
        the settings every host shares: day-start, week-start, format and names (the streaks
        a prompt shows when it names none). 'streakprompt config set KEY VALUE' and 'config
        unset KEY' change the file. Each is
        read from its STREAKPROMPT_* variable, else from the config file
        ($XDG_CONFIG_HOME/streakprompt/config, else ~/.config/streakprompt/config: lines of
        key = value, # for comments), else the default. Values that do not read are ignored
        and listed here. The pre-rendered views the shell plugins read are written again at
        the next change of the data (or the next prompt whose settings changed). Last, the
        data folder, this machine's name (its own log), the zone and colour, and where each
        came from.
        """)

    static func run(_ invocation: Invocation, _ context: Context) throws(CommandError) -> Int32 {
        let (settings, problems, file) = PromptSettings.explain(context.environment)
        context.out.line("config file: \(file ?? "none (no HOME)")")
        let width = settings.map { $0.key.fileKey.count }.max() ?? 0
        for setting in settings {
            let key = setting.key.fileKey.padding(to: width)
            let value = setting.value.isEmpty ? "(the streak's own)" : Text.visible(setting.value)
            context.out.line("\(key) = \(value)  [\(setting.source)]")
        }
        // The settings every host shares (day start, week start, format, names).
        let shared = PromptSettings.read(context.environment).shared
        for key in PromptSettings.Shared.Key.allCases {
            let shown = key.rawValue.padding(to: width)
            if let value = context.environment.nonEmpty(key.variable) {
                // A variable that does not read is not used: commands refuse it, the prompt
                // shows nothing (a config file's line is not reached either).
                var refused = ""
                switch key {
                case .dayStart where DayStart(value) == nil: refused = " (not a time of day such as 04:00: commands refuse it)"
                case .weekStart where WeekStart(value) == nil: refused = " (not mon or sun: commands refuse it)"
                default: break
                }
                context.out.line("\(shown) = \(Text.visible(value))  [\(key.variable)]\(refused)")
            } else if let value = shared.value(key), let line = shared.line(key) {
                context.out.line("\(shown) = \(Text.visible(value))  [\(file ?? "config"):\(line)]")
            } else {
                let standard: String
                switch key {
                case .dayStart: standard = "00:00"
                case .weekStart: standard = "mon"
                case .format: standard = SegmentFormat.defaultText
                case .names: standard = "(every streak)"
                }
                context.out.line("\(shown) = \(standard)  [default]")
            }
        }
        // Where the data is, whose log this machine writes, and the environment every command reads.
        let environment = context.environment
        let homeSource = environment.nonEmpty("STREAKPROMPT_HOME") != nil ? "STREAKPROMPT_HOME"
            : environment.nonEmpty("XDG_DATA_HOME").map { $0.hasPrefix("/") } == true ? "XDG_DATA_HOME" : "default"
        let home = Store.defaultHome(environment).map(Text.visible) ?? "none (\(Store.homeProblem(environment) ?? "no HOME"))"
        context.out.line("\("data folder".padding(to: width)) = \(home)  [\(homeSource)]")
        let machineGiven = environment.nonEmpty("STREAKPROMPT_MACHINE").map { StreakName.problem(with: $0) == nil } == true
        context.out.line("\("machine".padding(to: width)) = \(environment.machineName)  [\(machineGiven ? "STREAKPROMPT_MACHINE" : "host name")]")
        context.out.line("\("zone".padding(to: width)) = \(environment.nonEmpty("TZ").map(Text.visible) ?? "the system's")  [\(environment.nonEmpty("TZ") != nil ? "TZ" : "default")]")
        let colour = environment.nonEmpty("NO_COLOR") != nil ? "no  [NO_COLOR]" : environment.colorDisabled ? "no  [TERM=dumb]" : "yes  [default]"
        context.out.line("\("colour".padding(to: width)) = \(colour)")
        for problem in problems { Exit.warn(problem) }
        return 0
    }
}

private extension String {
    func padding(to width: Int) -> String {
        self + String(repeating: " ", count: Swift.max(0, width - count))
    }
}
