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

    /// The host with this name. (A plain `switch`: the synthesised `init(rawValue:)` builds an
    /// array of every name, which costs the prompt a runtime type instantiation.)
    public init?(name: String) {
        switch name {
        case "bash": self = .bash
        case "zsh": self = .zsh
        case "fish": self = .fish
        case "tmux": self = .tmux
        case "plain": self = .plain
        default: return nil
        }
    }
}

/// A segment format such as `{icon}{count}`.
///
/// Placeholders: `{icon}`, `{count}`, `{best}`, `{name}`, `{state}`, `{total}`, `{freezes}`,
/// `{progress}` (`2/3` while today, or this week, is not met; empty otherwise) and `{unit}`
/// (`w` for a weekly streak, else empty); `{{` and `}}` are literal braces; anything else is printed as written. The format is only
/// ever text: nothing in it is run or expanded by the host.
public struct SegmentFormat: Sendable, Equatable {
    public enum Piece: Equatable, Sendable {
        case literal(Substring)
        case icon, count, best, name, state, total, freezes, progress, unit
    }

    public static let defaultText = "{icon}{count}"

    /// Every placeholder's name, in the order help lists them (`piece(named:)` reads them; a
    /// test keeps the two in step).
    public static let placeholders = ["icon", "count", "best", "name", "state", "total", "freezes", "progress", "unit"]

    /// The format as written. It is walked each time it is rendered (it is a few bytes), which
    /// keeps the prompt free of intermediate arrays.
    public var text: String

    public init(_ text: String) {
        self.text = text
    }

    /// Calls `body` with each piece in order. Control characters in literal text are dropped.
    public func forEachPiece(_ body: (Piece) -> Void) {
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
        case "unit": return .unit
        default: return nil
        }
    }
}

/// One streak's part of the prompt, rendered for a host.
public struct Segment {
    public var name: String
    public var icon: String
    public var reading: Reading

    public init(name: String, icon: String, reading: Reading) {
        self.name = name
        self.icon = icon
        self.reading = reading
    }

    /// The visible text, before any host escaping.
    public func text(_ format: SegmentFormat) -> String {
        var out = ""
        format.forEachPiece { piece in
            switch piece {
            case .literal(let text): out += String(text)
            case .icon: out += Text.withoutControls(icon)
            case .count: out += String(reading.current)
            case .best: out += String(reading.best)
            case .name: out += Text.withoutControls(name)
            case .state: out += reading.state.rawValue
            case .total: out += String(reading.total)
            case .freezes: out += String(reading.freezesLeft)
            case .progress:
                if !reading.progress.isMet {
                    out += String(reading.progress.done) + "/" + String(reading.progress.needed)
                }
            case .unit: if reading.unit == .week { out += "w" }
            }
        }
        return out
    }

    /// The segment as the host must receive it: escaped, and styled by state unless `color`
    /// is false. Empty text stays empty (no stray colour codes).
    public func rendered(_ format: SegmentFormat, host: Host, color: Bool) -> String {
        let text = text(format)
        if text.isEmpty { return "" }
        let escaped = Segment.escape(text, for: host)
        guard color else { return escaped }
        let style = Segment.style(for: reading.state)
        let (before, after): (String, String)
        switch host {
        case .bash: (before, after) = ("\u{01}\u{1B}[" + style.ansi + "m\u{02}", "\u{01}\u{1B}[0m\u{02}")
        case .zsh: (before, after) = ("%{\u{1B}[" + style.ansi + "m%}", "%{\u{1B}[0m%}")
        case .fish, .plain: (before, after) = ("\u{1B}[" + style.ansi + "m", "\u{1B}[0m")
        case .tmux: (before, after) = ("#[" + style.tmuxOn + "]", "#[" + style.tmuxOff + "]")
        }
        return before + escaped + after
    }

    /// Escapes text so the host prints it literally.
    public static func escape(_ text: String, for host: Host) -> String {
        let special: Unicode.Scalar
        switch host {
        case .zsh: special = "%"
        case .tmux: special = "#"
        case .bash, .fish, .plain: return Text.withoutControls(text)
        }
        // Usually there is nothing to double.
        if !text.utf8.contains(UInt8(special.value)) { return Text.withoutControls(text) }
        var out = ""
        for scalar in text.unicodeScalars where !Text.isHidden(scalar) {
            if scalar == special { out.unicodeScalars.append(special) }
            out.unicodeScalars.append(scalar)
        }
        return out
    }

    struct Style {
        var ansi: String
        var tmuxOn: String
        var tmuxOff: String
    }

    static func style(for state: Reading.State) -> Style {
        switch state {
        case .done: return Style(ansi: "32", tmuxOn: "fg=green", tmuxOff: "fg=default")
        case .pending: return Style(ansi: "33", tmuxOn: "fg=yellow", tmuxOff: "fg=default")
        case .broken: return Style(ansi: "2", tmuxOn: "dim", tmuxOff: "nodim")
        }
    }
}
