/// Whether the terminal's locale can show UTF-8, as the C library and readline will decide it.
public enum Charset {
    /// Whether the locale that governs characters, the first non-empty one of `LC_ALL`,
    /// `LC_CTYPE` and `LANG` (POSIX's order), names the UTF-8 charset (`en_US.UTF-8`,
    /// `C.utf8`, macOS's bare `UTF-8`). None set means the C locale, which is ASCII; so is any
    /// other charset (`C`, `POSIX`, `en_US.ISO-8859-1`, `de_DE`): bash and zsh then count
    /// bytes, not characters, and an emoji in the prompt breaks line editing. (tmux decides
    /// the same way.)
    ///
    /// It runs before every prompt: `Environment` hands it the bytes it found in one pass over
    /// the environment, and it builds nothing.
    public static func isUTF8(lcAll: String?, lcCType: String?, lang: String?) -> Bool {
        for value in [lcAll, lcCType, lang] {
            guard var value, !value.isEmpty else { continue }
            return value.withUTF8 { namesUTF8($0) }
        }
        return false
    }

    /// Whether a locale name's charset, after its last `.` (or the whole name, macOS's
    /// `UTF-8`) and before any `@modifier`, is UTF-8 in any case, with or without `-` or `_`.
    public static func namesUTF8(_ locale: UnsafeBufferPointer<UInt8>) -> Bool {
        var start = 0
        for index in locale.indices where locale[index] == UInt8(ascii: ".") { start = index + 1 }
        let wanted: StaticString = "utf8"
        var matched = 0
        for byte in locale[start...] {
            if byte == UInt8(ascii: "@") { break }
            if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") { continue }
            let lower = byte >= 65 && byte <= 90 ? byte + 32 : byte
            guard matched < wanted.utf8CodeUnitCount, lower == wanted.utf8Start[matched] else { return false }
            matched += 1
        }
        return matched == wanted.utf8CodeUnitCount
    }
}

/// Text for a terminal whose locale is not UTF-8: our own glyphs and every emoji in plain
/// ASCII, so `🔥12` is `*12`, `·` is `-` and `←` is `<-`.
///
/// Only what streakprompt itself decorates with is replaced: palette icons by their stand-ins
/// (`Icon.palette`), any other emoji (with its joiners, modifiers and variation selectors) by
/// `*`, and the punctuation below. Other text, such as a path with accented letters, is left
/// as it is.
public enum ASCIIFallback {
    /// Punctuation the commands print, and its ASCII spelling.
    static let glyphs: [Unicode.Scalar: String] = [
        "·": "-", "←": "<-", "→": "->", "…": "...", "—": "-", "–": "-", "■": "#", "×": "x",
        "≥": ">=", "≤": "<=", "‘": "'", "’": "'", "“": "\"", "”": "\"", "✓": "ok",
        "▰": "#", "▱": "-", "█": "#", "░": "-", "▕": "[", "▏": "]",
    ]

    /// Whether every byte is ASCII (nothing to do).
    public static func isASCII(_ text: String) -> Bool {
        for byte in text.utf8 where byte >= 0x80 { return false }
        return true
    }

    /// An icon as ASCII: its palette stand-in, else the text with emoji as `*`.
    public static func icon(_ icon: String) -> String {
        text(icon)
    }

    public static func text(_ text: String) -> String {
        if isASCII(text) { return text }
        var out = ""
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar.isASCII {
                out.unicodeScalars.append(scalar)
                index += 1
            } else if let glyph = glyphs[scalar] {
                out += glyph
                index += 1
            } else if isEmoji(scalar) {
                // One picture: the emoji and whatever attaches to it.
                var end = index + 1
                while end < scalars.count {
                    if attaches(scalars[end]) {
                        end += 1
                    } else if scalars[end] == "\u{200D}", end + 1 < scalars.count {
                        end += 2
                    } else if isRegionalIndicator(scalar), end == index + 1, isRegionalIndicator(scalars[end]) {
                        end += 1
                    } else {
                        break
                    }
                }
                let picture = String(String.UnicodeScalarView(scalars[index..<end]))
                let bare = String(String.UnicodeScalarView(scalars[index..<end].filter { !attaches($0) }))
                out += Icon.standIns.first { $0.icon == picture || $0.icon == bare }?.ascii ?? "*"
                index = end
            } else if attaches(scalar) || scalar == "\u{200D}" {
                index += 1
            } else {
                out.unicodeScalars.append(scalar)
                index += 1
            }
        }
        return out
    }

    /// A picture character: shown as an emoji by default, or an emoji-capable symbol beyond
    /// Latin-1 (`🏋`, `☀`). Digits, `#` and `*` are emoji-capable too, but ASCII.
    static func isEmoji(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        return properties.isEmojiPresentation || (properties.isEmoji && scalar.value >= 0x2000)
    }

    /// What joins the character before it: variation selectors, skin-tone modifiers, the
    /// keycap mark, tag characters.
    static func attaches(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return (0xFE00...0xFE0F).contains(value) || (0x1F3FB...0x1F3FF).contains(value) || value == 0x20E3
            || (0xE0020...0xE007F).contains(value)
    }

    static func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool {
        (0x1F1E6...0x1F1FF).contains(scalar.value)
    }
}
