/// A JSON value, for the machine-readable outputs (`--json`, `export`) and for reading exports
/// back. Objects keep their key order so output is stable for scripts and snapshots.
public indirect enum JSON: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Int)
    case string(String)
    case array([JSON])
    case object([(String, JSON)])

    public static func == (lhs: JSON, rhs: JSON) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case let (.bool(a), .bool(b)): return a == b
        case let (.number(a), .number(b)): return a == b
        case let (.string(a), .string(b)): return a == b
        case let (.array(a), .array(b)): return a == b
        case let (.object(a), .object(b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    public subscript(key: String) -> JSON? {
        guard case .object(let pairs) = self else { return nil }
        return pairs.first(where: { $0.0 == key })?.1
    }

    public var string: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    public var int: Int? {
        if case .number(let n) = self { return n }
        return nil
    }

    public var array: [JSON]? {
        if case .array(let a) = self { return a }
        return nil
    }

    /// Compact text, one line.
    public var text: String {
        var out = ""
        write(to: &out, indent: nil, level: 0)
        return out
    }

    /// Indented text, two spaces a level.
    public var pretty: String {
        var out = ""
        write(to: &out, indent: "  ", level: 0)
        return out
    }

    private func write(to out: inout String, indent: String?, level: Int) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n): out += String(n)
        case .string(let s): JSON.quote(s, into: &out)
        case .array(let items):
            if items.isEmpty { out += "[]"; return }
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                JSON.newline(&out, indent, level + 1)
                item.write(to: &out, indent: indent, level: level + 1)
            }
            JSON.newline(&out, indent, level)
            out += "]"
        case .object(let pairs):
            if pairs.isEmpty { out += "{}"; return }
            out += "{"
            for (i, (key, value)) in pairs.enumerated() {
                if i > 0 { out += "," }
                JSON.newline(&out, indent, level + 1)
                JSON.quote(key, into: &out)
                out += indent == nil ? ":" : ": "
                value.write(to: &out, indent: indent, level: level + 1)
            }
            JSON.newline(&out, indent, level)
            out += "}"
        }
    }

    private static func newline(_ out: inout String, _ indent: String?, _ level: Int) {
        guard let indent else { return }
        out += "\n"
        for _ in 0..<level { out += indent }
    }

    static func quote(_ s: String, into out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    out += "\\u" + Text.hex(Int(scalar.value), width: 4).lowercased()
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}

extension JSON {
    /// A parse failure, with the 1-based line and column where it was found.
    public struct ParseError: Error, Equatable, Sendable {
        public var line: Int
        public var column: Int
        public var reason: String
    }

    /// Parses one JSON document (RFC 8259). Numbers must be integers: nothing we write or read
    /// has fractions.
    public static func parse(_ bytes: [UInt8]) throws(ParseError) -> JSON {
        var parser = Parser(bytes: bytes)
        parser.skipSpace()
        let value = try parser.value(depth: 0)
        parser.skipSpace()
        if parser.position < bytes.count { throw parser.error("unexpected text after the JSON value") }
        return value
    }

    /// Parses like `parse`, and also returns the byte offset where each value starts, in
    /// document order (a container before its members), so a reader that rejects a value can
    /// name its line (see `line(of:in:)`).
    public static func parseLocated(_ bytes: [UInt8]) throws(ParseError) -> (value: JSON, starts: [Int]) {
        var parser = Parser(bytes: bytes)
        parser.starts = []
        parser.skipSpace()
        let value = try parser.value(depth: 0)
        parser.skipSpace()
        if parser.position < bytes.count { throw parser.error("unexpected text after the JSON value") }
        return (value, parser.starts ?? [])
    }

    /// The 1-based line of a byte offset.
    public static func line(of offset: Int, in bytes: [UInt8]) -> Int {
        var line = 1
        for byte in bytes[..<min(max(offset, 0), bytes.count)] where byte == 0x0A { line += 1 }
        return line
    }

    private struct Parser {
        let bytes: [UInt8]
        var position = 0
        /// Where each value starts, when asked for (`parseLocated`).
        var starts: [Int]?

        init(bytes: [UInt8]) {
            self.bytes = bytes
            // A UTF-8 byte order mark is allowed at the start.
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
        }

        func error(_ reason: String) -> ParseError {
            var line = 1
            var column = 1
            for byte in bytes[..<min(position, bytes.count)] {
                if byte == 0x0A { line += 1; column = 1 } else { column += 1 }
            }
            return ParseError(line: line, column: column, reason: reason)
        }

        mutating func skipSpace() {
            while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
        }

        mutating func expect(_ word: String) throws(ParseError) {
            for byte in word.utf8 {
                guard position < bytes.count, bytes[position] == byte else { throw error("expected '\(word)'") }
                position += 1
            }
        }

        mutating func value(depth: Int) throws(ParseError) -> JSON {
            guard depth < 64 else { throw error("nested too deeply") }
            starts?.append(position)
            guard position < bytes.count else { throw error("unexpected end of input") }
            switch bytes[position] {
            case UInt8(ascii: "{"):
                position += 1
                var pairs: [(String, JSON)] = []
                skipSpace()
                if position < bytes.count, bytes[position] == UInt8(ascii: "}") { position += 1; return .object(pairs) }
                while true {
                    skipSpace()
                    guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
                        throw error("expected a key in quotes")
                    }
                    let key = try string()
                    skipSpace()
                    try expect(":")
                    skipSpace()
                    pairs.append((key, try value(depth: depth + 1)))
                    skipSpace()
                    guard position < bytes.count else { throw error("unexpected end of input") }
                    if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
                    if bytes[position] == UInt8(ascii: "}") { position += 1; return .object(pairs) }
                    throw error("expected ',' or '}'")
                }
            case UInt8(ascii: "["):
                position += 1
                var items: [JSON] = []
                skipSpace()
                if position < bytes.count, bytes[position] == UInt8(ascii: "]") { position += 1; return .array(items) }
                while true {
                    skipSpace()
                    items.append(try value(depth: depth + 1))
                    skipSpace()
                    guard position < bytes.count else { throw error("unexpected end of input") }
                    if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
                    if bytes[position] == UInt8(ascii: "]") { position += 1; return .array(items) }
                    throw error("expected ',' or ']'")
                }
            case UInt8(ascii: "\""):
                return .string(try string())
            case UInt8(ascii: "t"):
                try expect("true")
                return .bool(true)
            case UInt8(ascii: "f"):
                try expect("false")
                return .bool(false)
            case UInt8(ascii: "n"):
                try expect("null")
                return .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                let start = position
                if bytes[position] == UInt8(ascii: "-") { position += 1 }
                while position < bytes.count, bytes[position] >= 0x30, bytes[position] <= 0x39 { position += 1 }
                if position < bytes.count, [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(bytes[position]) {
                    throw error("only whole numbers are expected")
                }
                guard let n = Decimal.parseSigned(bytes[start..<position]) else { throw error("bad number") }
                return .number(n)
            default:
                throw error("unexpected character")
            }
        }

        mutating func string() throws(ParseError) -> String {
            position += 1  // opening quote
            var out: [UInt8] = []
            while position < bytes.count {
                let byte = bytes[position]
                position += 1
                switch byte {
                case UInt8(ascii: "\""):
                    guard let text = String(validating: out, as: UTF8.self) else { throw error("invalid UTF-8 in a string") }
                    return text
                case UInt8(ascii: "\\"):
                    guard position < bytes.count else { throw error("unexpected end of input") }
                    let escape = bytes[position]
                    position += 1
                    switch escape {
                    case UInt8(ascii: "\""): out.append(0x22)
                    case UInt8(ascii: "\\"): out.append(0x5C)
                    case UInt8(ascii: "/"): out.append(0x2F)
                    case UInt8(ascii: "b"): out.append(0x08)
                    case UInt8(ascii: "f"): out.append(0x0C)
                    case UInt8(ascii: "n"): out.append(0x0A)
                    case UInt8(ascii: "r"): out.append(0x0D)
                    case UInt8(ascii: "t"): out.append(0x09)
                    case UInt8(ascii: "u"):
                        var code = try hex4()
                        if (0xD800..<0xDC00).contains(code) {
                            try expect("\\u")
                            let low = try hex4()
                            guard (0xDC00..<0xE000).contains(low) else { throw error("bad surrogate pair") }
                            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        }
                        guard let scalar = Unicode.Scalar(code) else { throw error("bad \\u escape") }
                        out.append(contentsOf: Array(String(Character(scalar)).utf8))
                    default:
                        throw error("bad escape")
                    }
                default:
                    guard byte >= 0x20 else { throw error("control character in a string") }
                    out.append(byte)
                }
            }
            throw error("unterminated string")
        }

        mutating func hex4() throws(ParseError) -> UInt32 {
            guard position + 4 <= bytes.count else { throw error("bad \\u escape") }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let b = bytes[position]
                position += 1
                let digit: UInt8
                switch b {
                case 0x30...0x39: digit = b - 0x30
                case 0x41...0x46: digit = b - 0x41 + 10
                case 0x61...0x66: digit = b - 0x61 + 10
                default: throw error("bad \\u escape")
                }
                value = value * 16 + UInt32(digit)
            }
            return value
        }
    }
}
