/// A number in another tracker's file, read and range-checked in one place before anything
/// is made of it: `Int(_:)` of a `Double` traps on a value it cannot hold (`inf`, `1e30`),
/// and a value this tool cannot hold is the file's error, named with its file and line, not a
/// crash and not a silent clamp. Every importer reads its numbers through these.
public struct ForeignNumber: Sendable {
    /// Where the number was: what the error names.
    public var file: String
    public var line: Int
    /// What the number is, as the error says it (`Target Value`, `the amount`).
    public var what: String

    public init(file: String, line: Int, what: String) {
        self.file = file
        self.line = line
        self.what = what
    }

    /// `text` as a decimal number (`5`, `5.5`, `1e3`), or nil when it is empty (the field
    /// left out), or with `wordsAsNone` holds a word (`UNKNOWN`: no entry). A problem when it
    /// is not a number, not finite, or outside `range`.
    public func decimal(_ text: String, in range: ClosedRange<Double>, wordsAsNone: Bool = false) throws(ForeignImport.Problem) -> Double? {
        let trimmed = text.trimmingSpaces()
        guard !trimmed.isEmpty else { return nil }
        let value = Double(trimmed)
        if value == nil, wordsAsNone { return nil }
        guard let value, value.isFinite else {
            throw problem("'\(Text.visible(String(trimmed)))' is not a number")
        }
        try check(value, written: String(trimmed), in: range)
        return value
    }

    /// `text` as a whole number (`7`), or nil when it is empty. A problem when it is not one
    /// or is outside `range`.
    public func integer(_ text: String, in range: ClosedRange<Int>) throws(ForeignImport.Problem) -> Int? {
        let trimmed = text.trimmingSpaces()
        guard !trimmed.isEmpty else { return nil }
        guard let value = Int(trimmed) else {
            let digits = trimmed.drop { $0 == "-" || $0 == "+" }
            throw problem(!digits.isEmpty && digits.allSatisfy(\.isASCIIDigit)
                ? "\(String(trimmed)) is out of range (\(range.lowerBound) to \(range.upperBound))"
                : "'\(Text.visible(String(trimmed)))' is not a whole number")
        }
        guard range.contains(value) else {
            throw problem("\(value) is out of range (\(range.lowerBound) to \(range.upperBound))")
        }
        return value
    }

    /// `value` rounded by `rule` to a whole number within `range`; a problem when it is not
    /// finite or falls outside it. The only way a `Double` from a file becomes an `Int`.
    public func whole(_ value: Double, rounding rule: FloatingPointRoundingRule,
                      in range: ClosedRange<Int>) throws(ForeignImport.Problem) -> Int {
        let rounded = value.rounded(rule)
        // Compared as doubles first: `Int(_:)` of one it cannot hold would trap.
        guard rounded.isFinite, rounded >= Double(range.lowerBound), rounded <= Double(range.upperBound),
              let whole = Int(exactly: rounded), range.contains(whole)
        else {
            throw problem("\(Self.text(value)) is out of range (\(range.lowerBound) to \(range.upperBound))")
        }
        return whole
    }

    func check(_ value: Double, written: String, in range: ClosedRange<Double>) throws(ForeignImport.Problem) {
        guard range.contains(value) else {
            throw problem("\(written) is out of range (\(Self.text(range.lowerBound)) to \(Self.text(range.upperBound)))")
        }
    }

    /// The most a count can be, as a bound for a decimal read from a file (both ways: a
    /// negative amount is no entry, as Loop writes one, and an out of range one an error).
    public static let countRange = -Double(ActionField.maxCount)...Double(ActionField.maxCount)

    func problem(_ reason: String) -> ForeignImport.Problem {
        ForeignImport.Problem(file: file, line: line, reason: "\(what) \(reason)")
    }

    /// A finite value as a person writes it: whole ones without `.0`.
    static func text(_ value: Double) -> String {
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
