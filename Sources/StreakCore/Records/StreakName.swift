/// A streak's name: 1–32 ASCII letters, digits, `-` and `_`, not starting with `-`.
///
/// Names become file names, hook arguments and prompt text, so anything else is refused here,
/// before it reaches any of them.
public struct StreakName: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let text: String

    public static let `default` = StreakName(validated: "default")
    public static let maxLength = 32

    public init(_ text: some StringProtocol) throws(NameError) {
        if let problem = StreakName.problem(with: text) { throw problem }
        self.text = String(text)
    }

    private init(validated: String) {
        self.text = validated
    }

    public var description: String { text }

    public static func < (lhs: StreakName, rhs: StreakName) -> Bool { lhs.text < rhs.text }

    /// Why `text` is not a valid name, or nil if it is one.
    public static func problem(with text: some StringProtocol) -> NameError? {
        problem(with: String(text))
    }

    /// `problem(with:)` for a `String`: not generic, so the prompt pays no runtime lookup of
    /// `StringProtocol`'s associated types.
    public static func problem(with text: String) -> NameError? {
        let bytes = text.utf8
        if bytes.isEmpty { return NameError(name: String(text), reason: "it is empty") }
        if bytes.count > maxLength {
            return NameError(name: String(text), reason: "it is longer than \(maxLength) characters")
        }
        if bytes.first == UInt8(ascii: "-") { return NameError(name: String(text), reason: "it starts with '-'") }
        for byte in bytes where !isNameByte(byte) {
            return NameError(name: String(text),
                             reason: "only ASCII letters, digits, '-' and '_' are allowed")
        }
        return nil
    }

    public static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
            return true
        default:
            return false
        }
    }
}

/// A refused streak name, with the reason.
public struct NameError: Error, Equatable, Sendable {
    public var name: String
    public var reason: String

    public var message: String {
        "invalid streak name '\(Text.visible(name))': \(reason)"
    }
}

/// A streak's icon: what the segment shows before the count.
///
/// Printable text only: control bytes would let an icon move the cursor or forge a prompt, so
/// they are refused.
public enum Icon {
    public static let `default` = "🔥"
    public static let maxBytes = 32

    /// Why `text` cannot be an icon, or nil if it can.
    public static func problem(with text: String) -> String? {
        if text.utf8.count > maxBytes { return "an icon is at most \(maxBytes) bytes" }
        if text.unicodeScalars.contains(where: Text.isControl) {
            return "an icon cannot hold control characters (tabs, newlines, escapes)"
        }
        return nil
    }
}

/// Text helpers shared by output code.
public enum Text {
    /// C0, DEL and C1 control characters: the bytes that can move a cursor or end a line.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value < 0xA0)
    }

    /// The text with control characters and bidirectional controls shown as `\xNN` (or
    /// `\u{NNNN}`), for error messages that quote what the user typed.
    public static func visible(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if isHidden(scalar) {
                out += scalar.value < 0x100 ? "\\x" + hex(Int(scalar.value), width: 2) : "\\u{\(hex(Int(scalar.value), width: 4))}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    static func hex(_ value: Int, width: Int) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    /// Removes control characters.
    public static func withoutControls(_ text: String) -> String {
        // Almost always there are none: check the bytes and return the text itself.
        var previous: UInt8 = 0
        var beforePrevious: UInt8 = 0
        var clean = true
        for byte in text.utf8 {
            if byte < 0x20 || byte == 0x7F || (previous == 0xC2 && byte >= 0x80 && byte < 0xA0)
                || (previous == 0xD8 && byte == 0x9C)
                || (beforePrevious == 0xE2 && previous == 0x80 && (byte == 0x8E || byte == 0x8F || (byte >= 0xAA && byte <= 0xAE)))
                || (beforePrevious == 0xE2 && previous == 0x81 && byte >= 0xA6 && byte <= 0xA9) {
                clean = false
                break
            }
            beforePrevious = previous
            previous = byte
        }
        if clean { return text }
        var out = ""
        for scalar in text.unicodeScalars where !isHidden(scalar) { out.unicodeScalars.append(scalar) }
        return out
    }

    /// Bidirectional controls (U+202A–202E, U+2066–2069, the marks U+200E, U+200F, U+061C):
    /// invisible characters that reorder the text after them, so a segment holding one could
    /// make the rest of the command line display out of order.
    public static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// What never reaches a prompt: control characters and bidirectional controls.
    public static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        isControl(scalar) || isBidiControl(scalar)
    }
}

/// The streaks' own order (`streakprompt order NAME...`): the names it lists first, in its
/// order, then every other by name. What `list`, the all-streaks prompt, tmux and completions
/// show in. Kept in `streaks/.order`, one name a line: a file synced like any other, the last
/// writer's order wins.
public enum StreakOrder {
    public static let fileName = ".order"

    /// `names` (each once) in the order: those `order` lists first, as it lists them, then
    /// the rest sorted.
    public static func arranged(_ names: [String], by order: [String]) -> [String] {
        let present = Set(names)
        var seen = Set<String>()
        var result: [String] = []
        for name in order where present.contains(name) && !seen.contains(name) {
            seen.insert(name)
            result.append(name)
        }
        for name in present.sorted() where !seen.contains(name) { result.append(name) }
        return result
    }

    /// The file's names: valid names only, each once (other lines are ignored).
    public static func parse(_ bytes: some Sequence<UInt8>) -> [String] {
        var names: [String] = []
        var seen = Set<String>()
        for line in Array(bytes).split(separator: 0x0A) {
            var text = String(decoding: line, as: UTF8.self)
            if text.hasSuffix("\r") { text.removeLast() }
            guard StreakName.problem(with: text) == nil, !seen.contains(text) else { continue }
            seen.insert(text)
            names.append(text)
        }
        return names
    }

    /// The file's text for `names`.
    public static func encoded(_ names: [String]) -> String {
        "# streakprompt: the streaks' order (streakprompt order NAME...)\n" + names.map { $0 + "\n" }.joined()
    }

    /// `order` after `old` is renamed `new`.
    public static func renamed(_ order: [String], _ old: String, to new: String) -> [String] {
        order.map { $0 == old ? new : $0 }
    }
}
