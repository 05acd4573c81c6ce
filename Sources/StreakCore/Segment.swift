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
}

/// A segment format such as `{icon}{count}`.
///
/// Placeholders: `{icon}`, `{count}`, `{best}`, `{name}`, `{state}`, `{total}`, `{freezes}`;
/// `{{` and `}}` are literal braces; anything else is printed as written. The format is only
/// ever text: nothing in it is run or expanded by the host.
public struct SegmentFormat: Sendable, Equatable {
    public enum Piece: Equatable, Sendable {
        case literal(String)
        case icon, count, best, name, state, total, freezes
    }

    public static let defaultText = "{icon}{count}"
    public static let placeholders = ["icon", "count", "best", "name", "state", "total", "freezes"]

    public var pieces: [Piece]

    public init(_ text: String) {
        var pieces: [Piece] = []
        var literal = ""
        var scalars = Substring(text).unicodeScalars[...]
        while let scalar = scalars.first {
            scalars = scalars.dropFirst()
            if scalar == "{", scalars.first == "{" {
                literal.unicodeScalars.append("{")
                scalars = scalars.dropFirst()
            } else if scalar == "}", scalars.first == "}" {
                literal.unicodeScalars.append("}")
                scalars = scalars.dropFirst()
            } else if scalar == "{", let close = scalars.firstIndex(of: "}"),
                      let piece = SegmentFormat.piece(named: String(scalars[..<close])) {
                if !literal.isEmpty { pieces.append(.literal(literal)) }
                literal = ""
                pieces.append(piece)
                scalars = scalars[scalars.index(after: close)...]
            } else if !Text.isControl(scalar) {
                literal.unicodeScalars.append(scalar)
            }
        }
        if !literal.isEmpty { pieces.append(.literal(literal)) }
        self.pieces = pieces
    }

    static func piece(named name: String) -> Piece? {
        switch name {
        case "icon": return .icon
        case "count": return .count
        case "best": return .best
        case "name": return .name
        case "state": return .state
        case "total": return .total
        case "freezes": return .freezes
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
        for piece in format.pieces {
            switch piece {
            case .literal(let text): out += text
            case .icon: out += Text.withoutControls(icon)
            case .count: out += String(reading.current)
            case .best: out += String(reading.best)
            case .name: out += Text.withoutControls(name)
            case .state: out += reading.state.rawValue
            case .total: out += String(reading.total)
            case .freezes: out += String(reading.freezesLeft)
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
        switch host {
        case .bash:
            return "\u{01}\u{1B}[\(style.ansi)m\u{02}" + escaped + "\u{01}\u{1B}[0m\u{02}"
        case .zsh:
            return "%{\u{1B}[\(style.ansi)m%}" + escaped + "%{\u{1B}[0m%}"
        case .fish, .plain:
            return "\u{1B}[\(style.ansi)m" + escaped + "\u{1B}[0m"
        case .tmux:
            return "#[\(style.tmuxOn)]" + escaped + "#[\(style.tmuxOff)]"
        }
    }

    /// Escapes text so the host prints it literally.
    public static func escape(_ text: String, for host: Host) -> String {
        let special: Unicode.Scalar
        switch host {
        case .zsh: special = "%"
        case .tmux: special = "#"
        case .bash, .fish, .plain: return Text.withoutControls(text)
        }
        var out = ""
        for scalar in text.unicodeScalars where !Text.isControl(scalar) {
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
