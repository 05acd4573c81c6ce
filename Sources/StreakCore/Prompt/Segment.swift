/// Where a segment is printed. Each host has its own way to mark bytes that take no room on
/// screen and its own characters that must not be read as markup.
public enum Host: String, CaseIterable, Sendable {
    /// bash's `PS1`: colour sequences wrapped in `\001` … `\002`, the bytes readline itself
    /// uses to skip non-printing text, so they work from `$(…)` and from variables alike.
    case bash
    /// zsh's `PROMPT`: `%{` … `%}` around colours, `%` doubled.
    case zsh
    /// fish's `fish_prompt`: plain ANSI (fish measures escapes itself).
    case fish
    /// tmux's status line: `#[fg=…]` styles, `#` doubled so `#(…)` cannot run.
    case tmux
    /// A terminal: plain ANSI.
    case plain
    /// waybar's custom module (`return-type: json`): the segments in Pango markup, colours as
    /// `<span>`; the prompt wraps them in one JSON object a line.
    case waybar
    /// polybar's script module: `%{F#…}` colours; a zero-width space between a `%` and a `{`
    /// of the text, so no `%{…}` tag can open (polybar has no escape).
    case polybar
    /// i3blocks: plain text; the prompt prints full text, short text and the colour of the
    /// worst state, a line each.
    case i3blocks
    /// tcsh's `prompt`: `%{` … `%}` around colours and `%` doubled, as zsh's; tcsh also reads
    /// backslash escapes (`\n`, `\101`) and `!` (the history number) in a prompt, so `\` is
    /// doubled and `!` written `\!`.
    case tcsh

    /// The host with this name. (A plain `switch`: the synthesised `init(rawValue:)` builds an
    /// array of every name, which costs the prompt a runtime type instantiation.)
    public init?(name: String) {
        switch name {
        case "bash": self = .bash
        case "zsh": self = .zsh
        case "fish": self = .fish
        case "tmux": self = .tmux
        case "plain": self = .plain
        case "waybar": self = .waybar
        case "polybar": self = .polybar
        case "i3blocks": self = .i3blocks
        case "tcsh": self = .tcsh
        default: return nil
        }
    }
}

/// A segment format such as `{icon}{count}`.
///
/// Placeholders: `{icon}`, `{count}`, `{best}`, `{name}`, `{state}`, `{total}`, `{freezes}`,
/// `{progress}` (`2/3` while today, or this week, is not met, and in day mode today is
/// scheduled and not paused; empty otherwise),
/// `{bar}` (the same progress as cells, `▰▰▱`) and `{unit}`
/// (`w` for a weekly streak, else empty); `{{` and `}}` are literal braces; anything else is printed as written. The format is only
/// ever text: nothing in it is run or expanded by the host.
public struct SegmentFormat: Sendable, Equatable {
    public enum Piece: Equatable, Sendable {
        case literal(Substring)
        case icon, count, best, name, state, total, freezes, progress, bar, unit, left, done, due
    }

    public static let defaultText = "{icon}{count}"

    /// Every placeholder's name, in the order help lists them (`piece(named:)` reads them; a
    /// test keeps the two in step).
    public static let placeholders = ["icon", "count", "best", "name", "state", "total", "freezes", "progress", "bar",
                                      "unit", "left", "done", "due"]

    /// The format as written. It is walked each time it is rendered (it is a few bytes), which
    /// keeps the prompt free of intermediate arrays; a format made `parsed` keeps its pieces
    /// (a view renders each streak several times).
    public let text: String
    private let kept: [Piece]?

    public init(_ text: String) {
        self.text = text
        kept = nil
    }

    /// The format with its pieces worked out once, for many renders.
    public init(parsed text: String) {
        self.text = text
        kept = SegmentFormat(text).pieces
    }

    public static func == (left: SegmentFormat, right: SegmentFormat) -> Bool { left.text == right.text }

    /// Calls `body` with each piece in order. Control characters in literal text are dropped.
    public func forEachPiece(_ body: (Piece) -> Void) {
        if let kept {
            for piece in kept { body(piece) }
            return
        }
        let scalars = text.unicodeScalars
        var index = scalars.startIndex
        var literalStart = index
        func flush(_ end: String.UnicodeScalarView.Index) {
            if literalStart < end { body(.literal(Substring(scalars[literalStart..<end]))) }
        }
        while index < scalars.endIndex {
            let scalar = scalars[index]
            let next = scalars.index(after: index)
            if (scalar == "{" || scalar == "}"), next < scalars.endIndex, scalars[next] == scalar {
                // `{{` and `}}`: one literal brace.
                flush(next)
                index = scalars.index(after: next)
                literalStart = index
            } else if scalar == "{", let close = scalars[next...].firstIndex(of: "}"),
                      let piece = SegmentFormat.piece(named: scalars[next..<close]) {
                flush(index)
                body(piece)
                index = scalars.index(after: close)
                literalStart = index
            } else if Text.isHidden(scalar) {
                flush(index)
                index = next
                literalStart = index
            } else {
                index = next
            }
        }
        flush(index)
    }

    /// The first `{word}` that is no placeholder (`{cont}`), as written, or nil. `{{` and `}}`
    /// are braces, and a `{` with no `}` after it is text.
    public var unknownPlaceholder: String? {
        let scalars = text.unicodeScalars
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            let next = scalars.index(after: index)
            if (scalar == "{" || scalar == "}"), next < scalars.endIndex, scalars[next] == scalar {
                index = scalars.index(after: next)
            } else if scalar == "{", let close = scalars[next...].firstIndex(of: "}") {
                if SegmentFormat.piece(named: scalars[next..<close]) == nil {
                    return String(String.UnicodeScalarView(scalars[index...close]))
                }
                index = scalars.index(after: close)
            } else {
                index = next
            }
        }
        return nil
    }

    /// Whether it summarises every streak shown in one segment (`{done}` or `{due}` in it).
    public var summarises: Bool {
        // Cheap, as every prompt asks: a byte scan for `{d` before the pieces are walked.
        var utf8 = text.utf8.makeIterator()
        var previous: UInt8 = 0
        var mentioned = false
        while let byte = utf8.next() {
            if previous == UInt8(ascii: "{"), byte == UInt8(ascii: "d") {
                mentioned = true
                break
            }
            previous = byte
        }
        guard mentioned else { return false }
        var found = false
        forEachPiece { piece in if piece == .done || piece == .due { found = true } }
        return found
    }

    /// The pieces as an array (for tests and tools; the prompt uses `forEachPiece`).
    public var pieces: [Piece] {
        var all: [Piece] = []
        forEachPiece { all.append($0) }
        return all
    }

    static func piece(named name: Substring.UnicodeScalarView) -> Piece? {
        switch String(Substring(name)) {
        case "icon": return .icon
        case "count": return .count
        case "best": return .best
        case "name": return .name
        case "state": return .state
        case "total": return .total
        case "freezes": return .freezes
        case "progress": return .progress
        case "bar": return .bar
        case "unit": return .unit
        case "left": return .left
        case "done": return .done
        case "due": return .due
        default: return nil
        }
    }
}

/// One streak's part of the prompt, rendered for a host.
public struct Segment {
    public var name: String
    public var icon: String
    public var reading: Reading
    /// A pending streak past the warn time (`SegmentTheme.warnAt`): the warning look, and
    /// `{left}` shows the time left today.
    public var warning = false
    /// Seconds left today, for `{left}` while `warning`; `Segment.leftMarker` in a pre-rendered
    /// view, where the shell puts the time left in its place.
    public var secondsLeft: Int64 = 0

    /// What `{left}` becomes in a pre-rendered view (`SegmentPlan`): a control character, so
    /// no streak name, icon or format can make one (they lose every control character).
    public static let leftMarker: Int64 = -1
    public static let leftMarkerText = "\u{1F}"

    /// A format with `{done}` or `{due}` shows one segment for every streak shown: how many
    /// are done today out of how many today asks for, in the look of the worst state.
    public struct Summary: Sendable, Equatable {
        /// Streaks met today (this week), or a habit to quit without a slip.
        public var done = 0
        /// Streaks today asks for: the done ones, the pending ones, and broken or new ones on
        /// a date that is not paused (today is their chance to start again).
        public var due = 0
        /// The worst state among the due ones: broken, then pending (a new streak too: it is
        /// still to do, nothing was lost), then done.
        public var worst: Reading.State?

        public init() {}

        public mutating func add(_ reading: Reading) {
            let met = reading.state == .done && (reading.progress.isMet || reading.quit) && !reading.paused
            let asked = met || reading.state == .pending || (reading.state == .broken && !reading.paused)
            guard asked else { return }
            due += 1
            if met { done += 1 }
            let state: Reading.State = reading.isNew ? .pending : reading.state
            let rank: (Reading.State) -> Int = { $0 == .broken ? 2 : $0 == .pending ? 1 : 0 }
            if worst.map({ rank(state) > rank($0) }) ?? true { worst = state }
        }

        /// The segment for it (nil when nothing is asked today: it shows nothing).
        public func segment(warning: Bool = false, secondsLeft: Int64 = 0) -> Segment? {
            guard let worst, due > 0 else { return nil }
            var reading = Reading(state: worst, current: 0, best: 0, total: 0, freezesLeft: 0, last: nil,
                                  today: StreakDay(ordinal: 0), unit: .day, progress: GoalProgress(done: done, needed: due),
                                  paused: false, goal: 1)
            reading.quit = false
            var segment = Segment(name: "", icon: Icon.default, reading: reading, warning: warning && worst == .pending,
                                  secondsLeft: secondsLeft)
            segment.summary = self
            return segment
        }
    }

    /// Set on a summary's segment: `{done}` and `{due}` are its counts.
    public var summary: Summary?

    public init(name: String, icon: String, reading: Reading, warning: Bool = false, secondsLeft: Int64 = 0) {
        self.name = name
        self.icon = icon
        self.reading = reading
        self.warning = warning
        self.secondsLeft = secondsLeft
    }

    /// `{bar}`: today's progress toward the goal (a weekly target: this week's met dates) as
    /// cells, `▰▰▱` for 2 of 3; every cell full once met; at most 10 cells (a larger goal is
    /// scaled, rounding down, so a cell is full only when earned); nothing on a date a daily
    /// streak rests (paused, or not scheduled; a weekly target's week still asks).
    /// (`ASCIIFallback` writes `##-`.)
    public static func bar(_ reading: Reading) -> String {
        let progress = reading.progress
        guard !reading.restsToday, progress.needed > 0 else { return "" }
        let cells = Swift.min(progress.needed, 10)
        let full = progress.isMet ? cells : Swift.min(cells, progress.done * cells / progress.needed)
        return String(repeating: "▰", count: full) + String(repeating: "▱", count: cells - full)
    }

    /// `3h12m`, `45m`: whole minutes, rounded up (a prompt never says 0m while time is left).
    /// The shell plugins compute the same text with their own arithmetic.
    public static func leftText(_ seconds: Int64) -> String {
        let minutes = (Swift.max(seconds, 0) + 59) / 60
        return minutes >= 60 ? String(minutes / 60) + "h" + String(minutes % 60) + "m" : String(minutes) + "m"
    }

    /// The visible text, before any host escaping.
    public func text(_ format: SegmentFormat, theme: SegmentTheme = .standard) -> String {
        var out = ""
        format.forEachPiece { piece in
            switch piece {
            case .literal(let text): out += String(text)
            case .icon: out += Text.withoutControls(theme.icon(for: reading.state, warning: warning) ?? icon)
            case .count: out += String(reading.current)
            case .best: out += String(reading.best)
            case .name: out += Text.withoutControls(name)
            case .state: out += reading.state.rawValue
            case .total: out += String(reading.total)
            case .freezes: out += String(reading.freezesLeft)
            case .progress:
                // Nothing on a date that rests (paused, or not on a daily schedule): nothing is
                // asked of it (a weekly target's week still asks for its dates).
                if !reading.progress.isMet && !reading.restsToday {
                    out += String(reading.progress.done) + "/" + String(reading.progress.needed)
                }
            case .bar: out += Segment.bar(reading)
            case .unit: if reading.unit == .week { out += "w" }
            case .left:
                if warning { out += secondsLeft == Segment.leftMarker ? Segment.leftMarkerText : Segment.leftText(secondsLeft) }
            case .done: out += String(summary?.done ?? (reading.state == .done && reading.progress.isMet ? 1 : 0))
            case .due: out += String(summary?.due ?? 1)
            }
        }
        return out
    }

    /// The segment as the host must receive it: escaped, and styled by state unless `color`
    /// is false. Empty text stays empty (no stray colour codes), and so does a streak the
    /// theme hides (broken, or at zero).
    public func rendered(_ format: SegmentFormat, host: Host, color: Bool, theme: SegmentTheme = .standard) -> String {
        if summary == nil, theme.hides(reading) { return "" }
        let text = text(format, theme: theme)
        if text.isEmpty { return "" }
        let escaped = Segment.escape(text, for: host, keepingLeftMarker: warning && secondsLeft == Segment.leftMarker)
        guard color else { return escaped }
        let look = theme.look(for: reading.state, warning: warning)
        let (before, after): (String, String)
        switch host {
        case .bash: (before, after) = ("\u{01}\u{1B}[" + look.ansi + "m\u{02}", "\u{01}\u{1B}[0m\u{02}")
        case .zsh, .tcsh: (before, after) = ("%{\u{1B}[" + look.ansi + "m%}", "%{\u{1B}[0m%}")
        case .fish, .plain: (before, after) = ("\u{1B}[" + look.ansi + "m", "\u{1B}[0m")
        case .tmux: (before, after) = ("#[" + look.tmux + "]", "#[" + look.tmuxOff + "]")
        case .waybar: (before, after) = ("<span color=\"" + look.hex + "\">", "</span>")
        case .polybar: (before, after) = ("%{F" + look.hex + "}", "%{F-}")
        case .i3blocks: (before, after) = ("", "")
        }
        return before + escaped + after
    }

    /// Text as Pango markup shows it literally: `&`, `<` and `>` as entities.
    /// By scalars, not characters: `<` followed by a combining mark is one character, which a
    /// comparison with `<` would let through as markup.
    public static func pango(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E }) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Text polybar shows as it is. polybar opens a tag at every `%{` and has no escape for
    /// one (a `%` before it is shown, and the tag still opens: `%%{A1:cmd:}` is a click that
    /// runs `cmd`), so a zero-width space goes between a `%` and a `{`.
    static func polybar(_ text: String) -> String {
        guard text.utf8.contains(0x25) else { return text }
        var out = ""
        var previous: Unicode.Scalar = "\u{0}"
        for scalar in text.unicodeScalars {
            if previous == "%", scalar == "{" { out.unicodeScalars.append("\u{200B}") }
            out.unicodeScalars.append(scalar)
            previous = scalar
        }
        return out
    }

    /// zsh's escaping made tcsh's: `\` doubled and `!` written `\!` (tcsh reads both in a
    /// prompt: `\n` is a line break, `!` the history number).
    static func tcsh(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x5C || $0 == 0x21 }) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar == "\\" || scalar == "!" { out.unicodeScalars.append("\\") }
            out.unicodeScalars.append(scalar)
        }
        return out
    }

    /// Escapes text so the host prints it literally. `expandsTime`: tmux also passes the
    /// format through strftime (`display-message` does, a status option's own text does), so
    /// `%` is doubled as well as `#`. A value a status line only refers to (`#{@streakprompt}`,
    /// the output of `#()`) is not passed through strftime: there `%` stays as it is.
    public static func escape(_ text: String, for host: Host, expandsTime: Bool = false) -> String {
        escape(text, for: host, keepingLeftMarker: false, expandsTime: expandsTime)
    }

    static func escape(_ text: String, for host: Host, keepingLeftMarker: Bool, expandsTime: Bool = false) -> String {
        if host == .waybar { return pango(Text.withoutControls(text)) }
        if host == .polybar { return polybar(escape(text, for: .plain, keepingLeftMarker: keepingLeftMarker)) }
        if host == .tcsh { return tcsh(escape(text, for: .zsh, keepingLeftMarker: keepingLeftMarker)) }
        let special: Unicode.Scalar
        switch host {
        case .zsh: special = "%"
        case .tmux: special = "#"
        case .bash, .fish, .plain, .waybar, .polybar, .i3blocks, .tcsh: special = "\u{0}"
        }
        let time: Unicode.Scalar = expandsTime && host == .tmux ? "%" : "\u{0}"
        // Usually there is nothing to double and no marker to keep.
        if !keepingLeftMarker, special == "\u{0}" || !text.utf8.contains(UInt8(special.value)),
           time == "\u{0}" || !text.utf8.contains(UInt8(time.value)) {
            return Text.withoutControls(text)
        }
        var out = ""
        for scalar in text.unicodeScalars {
            if keepingLeftMarker, scalar == "\u{1F}" {
                out.unicodeScalars.append(scalar)
                continue
            }
            if Text.isHidden(scalar) { continue }
            if scalar == special || scalar == time { out.unicodeScalars.append(scalar) }
            out.unicodeScalars.append(scalar)
        }
        return out
    }
}

/// How segments look in each state, and which ones show: the styles and icons for done,
/// pending, warning (pending past the warn time) and broken, per host kind, from
/// `STREAKPROMPT_*` variables or the config file (see `PromptSettings`).
public struct SegmentTheme: Sendable, Equatable {
    /// One state's look: an ANSI SGR parameter list (`32`, `1;31`), a tmux style (`fg=black,bold`),
    /// and an icon that replaces the streak's (nil: the streak's own).
    public struct Look: Sendable, Equatable {
        public var ansi: String
        public var tmux: String
        public var icon: String?
        public var tmuxOff: String { "default" }
        /// The colour status bars (waybar, polybar, i3blocks) show this state in.
        public var hex: String

        public init(ansi: String, tmux: String, icon: String? = nil, hex: String = "#c9d1d9") {
            self.ansi = ansi
            self.tmux = tmux
            self.icon = icon
            self.hex = hex
        }
    }

    public var done = Look(ansi: "32", tmux: "fg=black,bold", hex: "#3fb950")
    public var pending = Look(ansi: "33", tmux: "fg=black,bg=yellow", hex: "#d29922")
    public var warning = Look(ansi: "1;31", tmux: "fg=white,bg=red,bold", hex: "#f85149")
    public var broken = Look(ansi: "2", tmux: "fg=colour238", hex: "#8b949e")
    /// Show nothing for a broken streak.
    public var hideBroken = false
    /// Show nothing for a streak at zero (broken, or new).
    public var hideZero = false
    /// Show only what is still to do today (`--only pending`): pending streaks, and new ones
    /// on a date that is not paused.
    public var onlyPending = false
    /// When a pending streak starts to warn, as a wall-clock time (day-start aware: with the
    /// day starting at 04:00, `01:00` is the night before the day ends); nil: never.
    public var warnAt: DayStart? = DayStart(seconds: 20 * 3600)

    public static let standard = SegmentTheme()

    public init() {}

    public func look(for state: Reading.State, warning: Bool) -> Look {
        switch state {
        case .done: return done
        case .pending: return warning ? self.warning : pending
        case .broken: return broken
        }
    }

    func icon(for state: Reading.State, warning: Bool) -> String? {
        look(for: state, warning: warning).icon
    }

    /// Whether every icon the theme sets is ASCII (none set: true).
    public var iconsAreASCII: Bool {
        // Four checks, not a loop over an array: the prompt asks (see `Host.init(name:)`).
        func ascii(_ look: Look) -> Bool { look.icon.map(ASCIIFallback.isASCII) ?? true }
        return ascii(done) && ascii(pending) && ascii(warning) && ascii(broken)
    }

    public func hides(_ reading: Reading) -> Bool {
        (hideBroken && reading.state == .broken) || (hideZero && reading.current == 0)
            || (onlyPending && !(reading.state == .pending || (reading.isNew && !reading.paused)))
    }

    /// Whether an ANSI style is only SGR parameters (digits and `;`): anything else could
    /// move the cursor or end the escape early.
    public static func isANSIStyle(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= 32 && text.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x3B }
    }

    /// Whether a tmux style is only style words (`fg=colour238,bold`, `bg=#303030`): no `]`,
    /// no `#(`, no format.
    public static func isTmuxStyle(_ text: String) -> Bool {
        guard !text.isEmpty, text.utf8.count <= 64 else { return false }
        var previous: UInt8 = 0
        for byte in text.utf8 {
            let ok = (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == UInt8(ascii: "=") || byte == UInt8(ascii: ",") || byte == UInt8(ascii: "#")
                || byte == UInt8(ascii: "-")
            guard ok else { return false }
            // `#` only as a colour's first character (`bg=#303030`), never `##` or `#(`.
            if byte == UInt8(ascii: "#"), previous != UInt8(ascii: "=") { return false }
            previous = byte
        }
        return true
    }
}
