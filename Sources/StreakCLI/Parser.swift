import StreakCore

/// The arguments given to one command, parsed against its spec.
public struct Invocation: Sendable {
    public let command: CommandSpec
    public var arguments: [String] = []
    /// Flag name (with dashes) to its values; a flag without a value has one empty string.
    public var flags: [String: [String]] = [:]

    public func has(_ flag: String) -> Bool { flags[flag] != nil }

    /// The last value given for the flag.
    public func value(_ flag: String) -> String? { flags[flag]?.last }

    public func values(_ flag: String) -> [String] { flags[flag] ?? [] }
}

/// A mistake in the command line: exit 2, with a hint that names the closest valid word.
public struct UsageError: Error, Equatable, Sendable {
    public var message: String

    public init(_ message: String) { self.message = message }
}

public enum Parser {
    /// Parses the arguments after the command words.
    public static func parse(_ words: some Collection<String>, for command: CommandSpec) throws(UsageError) -> Invocation {
        var invocation = Invocation(command: command)
        var rest = words[...]
        var flagsDone = false
        let flags = command.allFlags
        while let word = rest.popFirst() {
            if flagsDone || word == "-" || !word.hasPrefix("-") {
                invocation.arguments.append(word)
                continue
            }
            if word == "--" {
                flagsDone = true
                continue
            }
            var name = word
            var inline: String?
            if word.hasPrefix("--"), let equals = word.firstIndex(of: "=") {
                name = String(word[..<equals])
                inline = String(word[word.index(after: equals)...])
            }
            guard let spec = flags.first(where: { $0.name == name || $0.short == name }) else {
                let candidates = flags.map(\.name)
                throw UsageError("unknown flag '\(Text.visible(name))' for '\(commandName(command))'; did you mean '\(Suggest.closest(to: name, in: candidates))'?")
            }
            let value: String
            if spec.value != nil {
                if let inline {
                    value = inline
                } else if let next = rest.popFirst() {
                    value = next
                } else {
                    throw UsageError("\(spec.name) needs a value (\(spec.value!)); see '\(commandName(command)) --help'")
                }
            } else {
                if inline != nil { throw UsageError("\(spec.name) takes no value") }
                value = ""
            }
            if invocation.flags[spec.name] != nil, !spec.repeatable, spec.value == nil {
                continue
            }
            invocation.flags[spec.name, default: []].append(value)
        }
        if invocation.has("--help") { return invocation }
        let count = invocation.arguments.count
        if count > command.argumentCount.upperBound {
            let extra = invocation.arguments[command.argumentCount.upperBound]
            if command.argumentCount.upperBound == 0 {
                throw UsageError("'\(commandName(command))' takes no argument, got '\(Text.visible(extra))'; see '\(commandName(command)) --help'")
            }
            throw UsageError("unexpected argument '\(Text.visible(extra))' for '\(commandName(command))'; usage: \(commandName(command)) \(command.usage)")
        }
        if count < command.argumentCount.lowerBound {
            throw UsageError("'\(commandName(command))' needs \(command.arguments ?? "an argument"); usage: \(commandName(command)) \(command.usage)")
        }
        return invocation
    }

    static func commandName(_ command: CommandSpec) -> String {
        "streakprompt " + command.name
    }
}

/// Picks the valid word closest to a mistyped one.
public enum Suggest {
    public static func closest(to word: String, in candidates: [String]) -> String {
        var best = candidates.first ?? ""
        var bestDistance = Int.max
        for candidate in candidates {
            var distance = editDistance(word.lowercased(), candidate)
            // A prefix of a valid word is almost certainly that word.
            if candidate.hasPrefix(word), !word.isEmpty { distance = min(distance, 1) }
            if distance < bestDistance {
                best = candidate
                bestDistance = distance
            }
        }
        return best
    }

    /// Whether `word` looks like a mistyped candidate rather than something else entirely.
    public static func isClose(_ word: String, to candidate: String) -> Bool {
        let distance = editDistance(word.lowercased(), candidate)
        return distance <= max(1, min(2, candidate.count / 3)) || (word.count >= 2 && candidate.hasPrefix(word))
    }

    /// Damerau–Levenshtein distance (optimal string alignment): a swap of two neighbours is one
    /// edit, so `stauts` is one step from `status`.
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let x = Array(a.unicodeScalars)
        let y = Array(b.unicodeScalars)
        if x.isEmpty { return y.count }
        if y.isEmpty { return x.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: y.count + 1), count: x.count + 1)
        for i in 0...x.count { table[i][0] = i }
        for j in 0...y.count { table[0][j] = j }
        for i in 1...x.count {
            for j in 1...y.count {
                let cost = x[i - 1] == y[j - 1] ? 0 : 1
                var value = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] {
                    value = min(value, table[i - 2][j - 2] + 1)
                }
                table[i][j] = value
            }
        }
        return table[x.count][y.count]
    }
}
