/// A write that spans several files, recorded whole before any file is touched, so that it
/// happens entirely or not at all, even if the process is killed half-way.
///
/// `import` uses it: one import may add actions to thousands of streaks. The journal is
/// written and flushed first (that is the commit); then each file is changed; then the
/// journal is cleared. A process killed in between leaves a complete journal, and the next
/// command that takes the data folder's lock rolls it forward. A journal cut short by the
/// kill fails its checksum: nothing was applied yet, so it is simply dropped.
///
/// Every step is a plain file operation, so a new kind of record (another file per streak,
/// such as an event log) needs no new step, only another `append`:
///
/// ```
/// streakprompt journal 1
/// machine laptop
/// create streaks/quiz/streak.conf 57
/// <57 bytes>
/// append streaks/quiz/laptop.log 1204 38
/// <38 bytes>
/// end 2 9a3f0c1e22b5d711
/// ```
/// Paths are relative to the data folder and name a file in a streak's folder. `append`
/// names the size the file had when the journal was written: rolling forward finds the bytes
/// already there (done), a prefix of them (cut short: completed), or nothing yet (appended).
/// `create` writes a file that does not exist yet. The last line counts the steps and holds an
/// FNV-1a hash of every byte before it.
public struct Journal: Equatable, Sendable {
    public enum Step: Equatable, Sendable {
        /// Write this file, which did not exist when the journal was made.
        case create(path: String, bytes: [UInt8])
        /// Append these bytes to a file that was `offset` bytes long.
        case append(path: String, offset: Int, bytes: [UInt8])

        public var path: String {
            switch self {
            case .create(let path, _), .append(let path, _, _): return path
            }
        }
    }

    public static let magic = "streakprompt journal 1"

    /// The machine whose files the journal changes: only it rolls the journal forward.
    public var machine: String
    public var steps: [Step]

    public init(machine: String, steps: [Step] = []) {
        self.machine = machine
        self.steps = steps
    }

    public var isEmpty: Bool { steps.isEmpty }

    public func encoded() -> [UInt8] {
        var out = Array((Journal.magic + "\nmachine " + machine + "\n").utf8)
        for step in steps {
            switch step {
            case .create(let path, let bytes):
                out += Array("create \(path) \(bytes.count)\n".utf8) + bytes + [0x0A]
            case .append(let path, let offset, let bytes):
                out += Array("append \(path) \(offset) \(bytes.count)\n".utf8) + bytes + [0x0A]
            }
        }
        out += Array("end \(steps.count) \(Journal.hashText(out))\n".utf8)
        return out
    }

    /// The journal, or nil when the bytes are not a complete one (cut short, damaged, or
    /// naming a path outside a streak's folder).
    public static func decode(_ bytes: [UInt8]) -> Journal? {
        var index = 0
        func line() -> [UInt8]? {
            guard let end = bytes[index...].firstIndex(of: 0x0A) else { return nil }
            defer { index = end + 1 }
            return Array(bytes[index..<end])
        }
        guard line() == Array(magic.utf8), let machineLine = line(), machineLine.starts(with: Array("machine ".utf8))
        else { return nil }
        let machine = String(decoding: machineLine.dropFirst(8), as: UTF8.self)
        guard StreakName.problem(with: machine) == nil else { return nil }
        var steps: [Step] = []
        while true {
            let stepStart = index
            guard let header = line() else { return nil }
            let fields = header.split(separator: 0x20, omittingEmptySubsequences: false)
            guard let kind = fields.first else { return nil }
            if kind.elementsEqual("end".utf8) {
                guard fields.count == 3, let count = Decimal.parse(fields[1]), count == steps.count,
                      String(decoding: fields[2], as: UTF8.self) == hashText(bytes[..<stepStart]),
                      index == bytes.count
                else { return nil }
                return Journal(machine: machine, steps: steps)
            }
            let numbers = fields.dropFirst(2).map { Decimal.parse($0) }
            guard fields.count >= 3, let path = String(validating: fields[1], as: UTF8.self), isStreakFilePath(path),
                  numbers.allSatisfy({ $0 != nil }), let length = numbers.last!, length <= bytes.count - index - 1,
                  bytes[index + length] == 0x0A
            else { return nil }
            let body = Array(bytes[index..<(index + length)])
            index += length + 1
            if kind.elementsEqual("create".utf8), fields.count == 3 {
                steps.append(.create(path: path, bytes: body))
            } else if kind.elementsEqual("append".utf8), fields.count == 4, let offset = numbers[0] {
                steps.append(.append(path: path, offset: offset, bytes: body))
            } else {
                return nil
            }
        }
    }

    /// `streaks/NAME/FILE`: a file in a streak's folder, whose name is not hidden and holds no
    /// separator. Nothing else may be named by a journal read from disk.
    public static func isStreakFilePath(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "streaks", StreakName.problem(with: String(parts[1])) == nil else { return false }
        let file = parts[2]
        return !file.isEmpty && !file.hasPrefix(".") && file.utf8.count <= 255
            && !file.unicodeScalars.contains { Text.isControl($0) }
    }

    /// FNV-1a, 64 bits, as 16 hex digits: enough to tell a journal cut short or damaged.
    static func hashText(_ bytes: some Sequence<UInt8>) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
