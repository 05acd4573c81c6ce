import StreakCore
import StreakSystem

/// `streakprompt [prompt] [NAME...]`: the segment, from the prompt cache alone.
///
/// This runs before every prompt, so it does the least it can: one small file read, one clock
/// read, one zone conversion, one write. Plain command lines skip the general parser (`fast`),
/// and rendering streams into the output without intermediate collections. Whatever goes
/// wrong with the data (no cache, an unreadable, corrupt or huge one, a bad environment
/// variable) it prints nothing and exits 0: a prompt must never break. Only a mistake in the
/// command line itself is reported.
enum Prompt: Command {
    static let spec = CommandSpec(
        ["prompt"], usage: "[NAME...] [--tag T] [--only pending] [--shell SHELL] [--format FMT]",
        summary: "print the prompt segment (the default command)",
        details: """
        Prints each named streak's segment, or every streak's but the archived ones when
        none is named, in the streaks' order ('streakprompt order'), from the prompt cache
        alone. --tag T (repeatable; STREAKPROMPT_TAGS when no NAME or --tag is given) shows the
        streaks tagged T, archived ones left out, after the streaks named (if any). --only pending (STREAKPROMPT_ONLY,
        the config file's only) shows only what is still to do today: pending streaks, and
        new ones. Never fails a prompt: with no cache, or one that cannot be read, it
        prints nothing and exits 0.

        Format placeholders: \(SegmentFormat.placeholders.map { "{" + $0 + "}" }.joined(separator: " "));
        {progress} is 2/3 while today's goal (or this week's target) is not met, {unit} w
        for a weekly streak. {{ and }} print braces. Default: STREAKPROMPT_FORMAT, else
        {icon}{count}.
        Run by hand (a terminal, no --shell), a NAME that is no streak and an unknown
        placeholder are errors; in a prompt the first prints nothing, the second as written.
        Styles by state: green when done today, yellow when pending, dim when broken
        (none with NO_COLOR or TERM=dumb). When the locale (LC_ALL, LC_CTYPE, LANG) is not
        UTF-8, icons are printed in ASCII: the default icons as \(Icon.palette.map(\.ascii).joined(separator: " ")),
        any other emoji as *.
        """,
        flags: [shell, format, tag, only, view, CommandTable.now],
        arguments: .streakName(existing: true), count: 0...4096, checksArguments: true)

    static let tag = FlagSpec("--tag", .text("T"), help: "the streaks tagged T (repeatable: any of them)", repeatable: true)

    static let shell = FlagSpec("--shell", .choice("SHELL", noun: "shell", words: CommandTable.hosts),
                                help: "the host it is printed into: bash, zsh, fish, tcsh, tmux, waybar, polybar, i3blocks or plain (default plain)")
    static let format = FlagSpec("--format", .text("FMT"), help: "segment format, e.g. '{icon}{count}'")
    static let only = FlagSpec("--only", .choice("WHAT", noun: "choice", words: ["pending", "all"]),
                               help: "pending: only the streaks still to do today (all: every one, the default)")
    static let view = FlagSpec("--view", help: "also write this segment's pre-rendered view for the plugins (its path first, tmux: pushed)")

    /// What the prompt was asked for.
    struct Options {
        var names = NameList()
        var shell: String?
        var format: String?
        var now: String?
        /// `--only pending|all`: over the theme's `only` (applied while the theme is built).
        var only = Only.settings
        /// `--view`: write the pre-rendered view (`Views`) too.
        var view = false
        /// Invoked without the word `prompt`: a word that is no streak may be a mistyped command.
        var bare = true
    }

    /// What `--only` asked for: nothing (the settings decide), pending, or all.
    enum Only {
        case settings, pending, all

        init(_ text: String?) {
            switch text {
            case "pending": self = .pending
            case "all": self = .all
            default: self = .settings
            }
        }
    }

    /// Streak names, kept in one string: a list of strings would cost the prompt a runtime
    /// type instantiation larger than everything else it does.
    struct NameList {
        /// The names separated by single spaces (a valid name has none).
        private(set) var joined = ""

        init(_ names: [String] = []) {
            for name in names { append(name) }
        }

        var isEmpty: Bool { joined.isEmpty }

        mutating func append(_ name: String) {
            if !joined.isEmpty { joined += " " }
            joined += name
        }

        func forEach<E: Error>(_ body: (String) throws(E) -> Void) throws(E) {
            var rest = Substring(joined)
            while !rest.isEmpty {
                let end = rest.firstIndex(of: " ") ?? rest.endIndex
                try body(String(rest[..<end]))
                rest = end == rest.endIndex ? rest[end...] : rest[rest.index(after: end)...]
            }
        }
    }

    static func run(_ invocation: Invocation, _ context: Context) throws(CommandError) -> Int32 {
        run(invocation, context, bare: false)
    }

    static func run(_ invocation: Invocation, _ context: Context, bare: Bool) -> Int32 {
        var options = Options(names: NameList(invocation.arguments), shell: invocation.text(shell),
                              format: invocation.text(format), now: invocation.text(CommandTable.now),
                              only: Only(invocation.text(only)), view: invocation.has(view), bare: bare)
        for text in invocation.flags[tag.name] ?? [] {
            if let problem = StreakTag.problem(with: text) {
                Exit.report(problem.message(at: "--tag"))
                return 2
            }
            options.names.append("+" + text)
        }
        return render(options, out: context.out, environment: context.environment)
    }

    /// The prompt straight from the C arguments, or nil when it needs the general parser (a
    /// command, `--help`, an unknown flag, a word that is not a streak name). It never builds
    /// `CommandLine.arguments`.
    static func fast(argc: Int32, argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>, out: Output) -> Int32? {
        var options = Options()
        var index = 1
        func next() -> String? {
            guard index < Int(argc), let raw = argv[index] else { return nil }
            index += 1
            return String(cString: raw)
        }
        if index < Int(argc), let raw = argv[index] {
            let first = String(cString: raw)
            if first == "prompt" {
                options.bare = false
                index += 1
            } else if !first.hasPrefix("-"), first == "help" || CommandTable.commandWords.contains(first) {
                return nil
            }
        }
        var flagsDone = false
        while let word = next() {
            if word == "--", !flagsDone {
                flagsDone = true
            } else if word == "--view", !flagsDone {
                options.view = true
            } else if word.hasPrefix("-"), !flagsDone {
                var name = word
                var value: String?
                if let equals = word.firstIndex(of: "=") {
                    name = String(word[..<equals])
                    value = String(word[word.index(after: equals)...])
                }
                guard name == "--shell" || name == "--format" || name == "--now" || name == "--tag" || name == "--only"
                else { return nil }
                if value == nil { value = next() }
                guard let value else { return nil }
                switch name {
                case "--shell": options.shell = value
                case "--format": options.format = value
                case "--only":
                    guard value == "pending" || value == "all" else { return nil }
                    options.only = Only(value)
                case "--tag":
                    guard StreakName.problem(with: value) == nil else { return nil }
                    options.names.append("+" + value)
                default: options.now = value
                }
            } else {
                guard StreakName.problem(with: word) == nil else { return nil }
                options.names.append(word)
            }
        }
        return render(options, out: out, environment: .process)
    }

    /// The prompt ends after this many seconds whatever happens (a hung network file system,
    /// a machine thrashing): a prompt that shows nothing beats one that never comes back.
    static let timeLimit: UInt32 = 2

    static func render(_ options: Options, out: Output, environment: Environment) -> Int32 {
        ProcessSetup.limitRunTime(seconds: timeLimit)
        do {
            try write(options, out: out, environment: environment)
            return 0
        } catch {
            Exit.report(error.message)
            return error.exitCode
        }
    }

    static func write(_ given: Options, out: Output, environment: Environment) throws(CommandError) {
        // No copy of the options: the names grow here, the rest is read where it was given
        // (a copy of the struct costs the prompt a runtime metadata instantiation).
        var names = given.names
        var host = Host.plain
        if let text = given.shell {
            guard let chosen = Host(name: text) else {
                // The declaration's own message (building it costs only this error path).
                _ = try shell.type?.parse(text, flag: shell.name)
                return
            }
            host = chosen
        }
        // A word that cannot be a streak's name: an error by hand; in a prompt (--shell), a
        // streak that does not exist like any other, which shows nothing (and never reaches a
        // view's spec).
        func isName(_ word: String) -> Bool { word.first == "+" || StreakName.problem(with: word) == nil }  // `+T`: a tag
        var dropped = false
        try names.forEach { (word) throws(CommandError) in
            guard !isName(word) else { return }
            guard given.shell != nil else { throw unknownWord(word, bare: given.bare, streaks: []) }
            dropped = true
        }
        if dropped {
            var kept = NameList()
            names.forEach { if isName($0) { kept.append($0) } }
            if kept.isEmpty { return }
            names = kept
        }
        // No names or tags given: those of STREAKPROMPT_NAMES and STREAKPROMPT_TAGS (the
        // plugins' settings; shells that cannot split words, such as elvish and tcsh, leave
        // them to the binary).
        if names.isEmpty {
            // Two calls, not a loop over an array of pairs: a tuple's metadata is built at run
            // time, which would cost every prompt more than the rest of this.
            func add(_ variable: String, _ prefix: String) {
                guard let text = environment.nonEmpty(variable) else { return }
                for word in text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" })
                where StreakName.problem(with: String(word)) == nil {
                    names.append(prefix + word)
                }
            }
            add(PromptSettings.Shared.Key.names.variable, "")
            add("STREAKPROMPT_TAGS", "+")
        }
        let zone = LocalZone()
        // The looks and the settings every host shares, from one read of the config file.
        let onlyPending: Bool?
        switch given.only {
        case .settings: onlyPending = nil
        case .pending: onlyPending = true
        case .all: onlyPending = false
        }
        let (theme, shared) = PromptSettings.read(environment, onlyPending: onlyPending)
        // No names given: the config file's, if it names some (else every streak).
        if names.isEmpty, environment.nonEmpty(PromptSettings.Shared.Key.names.variable) == nil,
           let configured = shared.value(.names) {
            for name in configured.split(whereSeparator: { $0 == " " || $0 == "," }) { names.append(String(name)) }
        }
        var dayStart = DayStart.midnight
        if let text = environment.nonEmpty("STREAKPROMPT_DAY_START") {
            guard let parsed = DayStart(text) else { return }
            dayStart = parsed
        } else if let text = shared.value(.dayStart), let parsed = DayStart(text) {
            dayStart = parsed
        }
        // An explicit --now that does not parse is the user's typo: report it.
        var now: Int64?
        if let text = given.now {
            guard let input = TimeInput(text) else { throw ValueType.notATime("--now '\(Text.visible(text))'") }
            now = input.moment(in: zone, present: Clock.now(), dayStart: dayStart)
        }
        let format = SegmentFormat(given.format ?? shared.effective(.format, environment) ?? SegmentFormat.defaultText)
        // By hand (a terminal, no --shell) a placeholder that does not exist is an error; in a
        // prompt it prints as written. The format is checked first: the terminal costs a system call.
        if given.shell == nil, let unknown = format.unknownPlaceholder, out.isTerminal {
            throw placeholderError(unknown, in: given.format != nil ? "--format" : "STREAKPROMPT_FORMAT")
        }

        guard let source = PromptSource.open(environment) else {
            try checkNames(given, cache: nil, out: out, environment: environment)
            if given.names.isEmpty, given.shell == nil, out.isTerminal, streakNames(environment).isEmpty {
                out.line(Report.noStreaksYet)
            }
            return
        }
        let bytes = source.bytes
        try checkNames(given, cache: bytes, out: out, environment: environment)

        if now == nil {
            if let text = environment.nonEmpty("STREAKPROMPT_NOW") {
                guard let input = TimeInput(text) else { return }
                now = input.moment(in: zone, present: Clock.now(), dayStart: dayStart)
            } else {
                now = Clock.now()
            }
        }
        var weekStart = WeekStart.monday
        if let text = environment.nonEmpty("STREAKPROMPT_WEEK_START") {
            guard let parsed = WeekStart(text) else { return }
            weekStart = parsed
        } else if let text = shared.value(.weekStart), let parsed = WeekStart(text) {
            weekStart = parsed
        }
        let today = dayStart.day(of: zone.local(at: now!).local)
        let color = !environment.colorDisabled
        // Show what the cache has; when a folder changed behind it, it is rebuilt for the next prompt.
        defer { source.finish() }

        if given.view {
            // The plugin's fallback: write the view it reads from now on (its path first, for
            // the plugin to keep; tmux's is pushed instead). A view that cannot be written
            // leaves the first line empty: the plugin keeps running the binary. The view is
            // of the real clock, whatever --now says: the plugin reads it at its own.
            let real = Views.clock()
            let spec = Views.Spec(host: host, names: names.joined, format: format.text, color: color,
                                  ascii: !environment.isUTF8, zone: environment.value("TZ"), dayStart: dayStart,
                                  weekStart: weekStart, theme: theme, registered: real,
                                  tmuxSocket: TmuxPush.socket(environment))
            var path = try? Views.write(spec, home: source.home, cache: bytes, now: real, locked: false)
            // A change that wrote the cache (and the views) after this prompt read it must not
            // be hidden by this older view: then the view goes, and the next prompt asks again.
            if let written = path, (try? Files.readBytes(Store.cachePath(home: source.home), limit: PromptCache.maxBytes))
                .map({ $0.buffer.elementsEqual(bytes) }) != true {
                try? Files.remove(written)
                path = nil
            }
            if host == .tmux {
                if let path { TmuxPush.push(viewPath: path, socket: spec.tmuxSocket, now: real, environment: environment) }
            } else {
                out.write((path ?? "") + "\n")
            }
        }

        var wrote = false
        // Whether the locale can show UTF-8, read at the first segment that is not ASCII. A
        // segment is ASCII when its format's text and its icon are (names and numbers are).
        let formatIsASCII = ASCIIFallback.isASCII(format.text) && theme.iconsAreASCII
        var charsetKnown = false
        var ascii = false
        var window = SegmentPlan.WarnWindow()
        // A status bar (waybar, i3blocks) gets its whole output at the end: the segments, and
        // what the bar shows about them (a tooltip, the colour of the worst state).
        let bar = host == .waybar || host == .i3blocks
        var barText = ""
        var barLines: [String] = []
        var worst: Reading.State?
        // Whether a pending streak shown is past the warn time: the bar's colour is the warn one.
        var warned = false
        // `{done}` or `{due}`: one segment for all of them, written after the last.
        let summarises = format.summarises
        var summary = Segment.Summary()
        PromptCache.forEachShown(bytes, names: names.joined) { entry, shown in
            source.showing(entry, today: today, weekStart: weekStart)
            // An archived line is still checked (another machine may have unarchived it).
            guard shown else { return }
            let reading = entry.progress.reading(on: today, zone: zone)
            if summarises {
                summary.add(reading)
                if bar {
                    let state = reading.isNew ? "new" : reading.state.rawValue
                    barLines.append("\(Text.withoutControls(entry.name)): \(state), \(reading.current)\(reading.unit == .week ? "w" : "")")
                }
                return
            }
            var secondsLeft: Int64 = 0
            let warning = reading.state == .pending
                && SegmentPlan.warning(reading, now: now!, zone: zone, dayStart: dayStart, weekStart: weekStart,
                                       theme: theme, window: &window, secondsLeft: &secondsLeft)
            if !formatIsASCII || !ASCIIFallback.isASCII(entry.icon), !charsetKnown {
                ascii = !environment.isUTF8
                charsetKnown = true
            }
            let text = Views.render(entry, reading, warning: warning, secondsLeft: secondsLeft, format: format, host: host,
                                    color: color, theme: theme, ascii: ascii)
            guard !text.isEmpty else { return }
            if bar {
                barText += (barText.isEmpty ? "" : " ") + text
                let state = reading.isNew ? "new" : reading.state.rawValue
                barLines.append("\(Text.withoutControls(entry.name)): \(state), \(reading.current)\(reading.unit == .week ? "w" : "")")
                let rank: (Reading.State) -> Int = { $0 == .broken ? 2 : $0 == .pending ? 1 : 0 }
                if worst.map({ rank(reading.state) > rank($0) }) ?? true { worst = reading.state }
                if warning { warned = true }
                return
            }
            if wrote { out.write(" ") }
            out.write(text)
            wrote = true
        }
        if summarises, let segment = summary.segment() {
            var text = segment.rendered(format, host: host, color: color, theme: theme)
            if !environment.isUTF8 { text = ASCIIFallback.text(text) }
            worst = summary.worst
            if bar {
                barText = text
            } else if !text.isEmpty {
                out.write(text)
                wrote = true
            }
        }
        if bar {
            let look = worst.map { theme.look(for: $0, warning: $0 == .pending && warned) }
            if host == .waybar {
                // One JSON object a line: waybar's `return-type: json`.
                let tooltip = Segment.pango(barLines.joined(separator: "\n"))
                let state = worst?.rawValue ?? "none"
                out.write(JSON.object([("text", .string(barText)), ("tooltip", .string(tooltip)),
                                       ("class", .string(state)), ("alt", .string(state))]).text + "\n")
            } else {
                // i3blocks: full text, short text, colour. i3blocks gives its command the
                // block's properties as variables: with `markup=pango` i3bar reads the text as
                // Pango markup, where an icon's `<`, `>` and `&` would be markup of its own.
                let text = environment.value("markup") == "pango" ? Segment.pango(barText) : barText
                out.write(text + "\n" + text + "\n" + (color ? look?.hex ?? "" : "") + "\n")
            }
            return
        }
        if wrote && host == .plain && out.isTerminal { out.write("\n") }
        // Nothing shown and no streak at all: by hand, say how to start (a cache with no line is
        // one a remove left behind).
        if !wrote, given.names.isEmpty, given.shell == nil, out.isTerminal, streakNames(environment).isEmpty {
            out.line(Report.noStreaksYet)
        }
    }

    /// The named words the cache does not show. With --shell (a prompt says which host it is)
    /// a missing streak prints nothing, whatever it looks like. Without it, a word that looks
    /// like a mistyped command (`stauts`) is an error even on a pipe; and by hand (a terminal)
    /// any word that is neither a command nor a streak is one, naming the closest of both: a
    /// person who typed `streakprompt verison` wants to hear about it.
    static func checkNames(_ options: Options, cache bytes: UnsafeBufferPointer<UInt8>?, out: Output,
                           environment: Environment) throws(CommandError) {
        guard options.shell == nil else { return }
        try options.names.forEach { (word) throws(CommandError) in
            if word.first == "+" { return }
            if let bytes, PromptCache.contains(word, in: bytes) { return }
            if options.bare, looksLikeCommand(word) {
                throw unknownWord(word, bare: true, streaks: streakNames(environment))
            }
            guard out.isTerminal else { return }
            let streaks = streakNames(environment)
            // A streak the cache has not caught up with yet (another machine's, just synced).
            if streaks.contains(word) { return }
            throw unknownWord(word, bare: options.bare, streaks: streaks)
        }
    }

    /// Every streak in the data folder (archived ones too: they exist), by name; none when it
    /// cannot be read (only error paths ask, never a prompt that finds what it shows).
    static func streakNames(_ environment: Environment) -> [String] {
        guard let store = Store(environment), let names = try? Roster.names(store, archived: true) else { return [] }
        return names.map(\.text)
    }

    /// The error for a `{placeholder}` that does not exist, with the ones that do.
    static func placeholderError(_ unknown: String, in source: String) -> CommandError {
        let valid = SegmentFormat.placeholders.map { "{" + $0 + "}" }.joined(separator: " ")
        return .usage("unknown placeholder '\(Text.visible(unknown))' in \(source); use \(valid) ({{ and }} print braces)")
    }

    static func looksLikeCommand(_ word: String) -> Bool {
        CommandTable.commandWords.contains { Suggest.isClose(word, to: $0) }
    }

    /// The error for a word that names nothing: for the bare prompt it may be a command or a
    /// streak, after `prompt` only a streak.
    static func unknownWord(_ word: String, bare: Bool, streaks: [String]) -> CommandError {
        if let problem = StreakName.problem(with: word) {
            // Not a name at all: a mistyped command, or a name that cannot be.
            guard bare else { return .usage(problem.message) }
            let suggestion = Suggest.closest(to: word, in: CommandTable.commandWords)
            return .usage("unknown command '\(Text.visible(word))'; did you mean '\(suggestion)'? (see 'streakprompt help')")
        }
        let shown = "'" + Text.visible(word) + "'"
        // A subcommand without its command (`streakprompt uninstall`): that command.
        if bare, let command = CommandTable.commands.first(where: { $0.path.count == 2 && $0.path[1] == word }) {
            return .usage("unknown command \(shown); did you mean '\(command.name)'? (see 'streakprompt help \(command.path[0])')")
        }
        // A command after a streak's name (`streakprompt quiz tick`): the order is the mistake.
        if bare, CommandTable.commandWords.contains(word) {
            return .usage("\(shown) is a command: it comes first ('streakprompt \(word) NAME'); see 'streakprompt help \(word)'")
        }
        let candidates = bare ? CommandTable.commandWords + streaks : streaks
        if candidates.isEmpty {
            return .usage("no streak named \(shown) yet; 'streakprompt tick \(Text.visible(word))' starts it")
        }
        let suggestion = "did you mean '\(Suggest.closest(to: word, in: candidates))'?"
        if bare {
            return .usage("unknown command or streak \(shown); \(suggestion) (see 'streakprompt help' and 'streakprompt list')")
        }
        return .usage("no streak named \(shown); \(suggestion) (see 'streakprompt list')")
    }
}
