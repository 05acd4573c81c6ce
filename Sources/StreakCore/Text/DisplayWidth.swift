/// How many terminal columns text takes, as terminals draw it, so tables line up.
///
/// - control characters, combining marks, joiners and variation selectors: 0;
/// - East Asian wide and fullwidth characters: 2;
/// - emoji: 2 when they are shown as emoji by default (Emoji_Presentation: `🔥`, `⭐`), else
///   1 (`🏋`, `☀`, `✍`: text presentation, which most terminals draw in one column) unless a
///   VS16 (U+FE0F) asks for the emoji form (`🏋️`): then 2;
/// - what attaches to an emoji adds nothing: a skin-tone modifier, a zero-width joiner and the
///   character after it (`👩‍💻` is one picture), the second flag letter (`🇫🇷`);
/// - everything else: 1.
public enum DisplayWidth {
    public static func of(_ text: String) -> Int {
        var width = 0
        // The width of the last visible character, so a VS16 can widen it, and whether it was
        // an emoji (what modifiers and joiners attach to).
        var lastWidth = 0
        var lastEmoji = false
        var joined = false
        var flagOpen = false
        for scalar in text.unicodeScalars {
            let v = scalar.value
            if v == 0xFE0F {
                if lastEmoji && lastWidth == 1 {
                    width += 1
                    lastWidth = 2
                }
                continue
            }
            if v == 0x200D {
                joined = lastEmoji
                continue
            }
            if isZeroWidth(scalar) || (lastEmoji && (0x1F3FB...0x1F3FF).contains(v)) { continue }
            let emoji = ASCIIFallback.isEmoji(scalar)
            if joined && emoji {
                // Part of the picture before it.
                joined = false
                lastEmoji = true
                continue
            }
            joined = false
            if ASCIIFallback.isRegionalIndicator(scalar) {
                if flagOpen {
                    flagOpen = false
                    continue
                }
                flagOpen = true
            } else {
                flagOpen = false
            }
            let columns = emoji ? (scalar.properties.isEmojiPresentation ? 2 : 1) : (isWide(v) ? 2 : 1)
            width += columns
            lastWidth = columns
            lastEmoji = emoji
        }
        return width
    }

    static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v < 0x20 || (v >= 0x7F && v < 0xA0) || v == 0x200B || v == 0x200C || v == 0x200D || v == 0x2060 { return true }
        if (0xFE00...0xFE0F).contains(v) || (0xE0100...0xE01EF).contains(v) || (0xE0020...0xE007F).contains(v) { return true }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark: return true
        default: return false
        }
    }

    /// East Asian Wide and Fullwidth blocks (the stdlib has no East_Asian_Width property).
    static func isWide(_ v: UInt32) -> Bool {
        (v >= 0x1100 && v <= 0x115F) || (v >= 0x2E80 && v <= 0x303E) || (v >= 0x3041 && v <= 0xA4CF)
            || (v >= 0xAC00 && v <= 0xD7A3) || (v >= 0xF900 && v <= 0xFAFF) || (v >= 0xFE30 && v <= 0xFE4F)
            || (v >= 0xFF00 && v <= 0xFF60) || (v >= 0xFFE0 && v <= 0xFFE6) || (v >= 0x20000 && v <= 0x3FFFD)
    }
}
