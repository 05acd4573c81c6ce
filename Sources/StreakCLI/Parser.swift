import StreakCore

/// The arguments given to one command, parsed against its spec: every word already checked
/// against its declared type, and read again by that type when a command asks for the value.
/// (Keeping the words, not the values, spares every command line a collection type of its own.)
public struct Invocation: Sendable {
    public let command: CommandSpec
    /// The positional arguments as given.
    public var arguments: [String] = []
    /// Flag name (with dashes) to its values as given; a flag without a value has one empty string.
    public var flags = FlagValues()

    public func has(_ flag: String) -> Bool { flags[flag] != nil }

    public func has(_ flag: FlagSpec) -> Bool { has(flag.name) }

    /// The last value given for the flag, as typed.
    public func value(_ flag: String) -> String? { flags[flag]?.last }

    /// Every value given for the flag, as typed.
    public func values(_ flag: FlagSpec) -> [String] { flags[flag.name] ?? [] }

    /// The last value given for a text, choice, setting, file or regex flag.
    public func text(_ flag: FlagSpec) -> String? { flags[flag.name]?.last }

    /// The value of a date flag.
    public func date(_ flag: FlagSpec, today: StreakDay) -> StreakDay? {
        text(flag).flatMap { StreakDay($0) ?? RelativeTime.parse(Array($0.utf8)[...])?.day(from: today) }
    }

    /// The value of an integer flag.
    public func integer(_ flag: FlagSpec) -> Int? {
        guard case .integer(let number)? = read(text(flag), as: flag) else { return nil }
        return number
    }

    /// The last streak name given for a name flag.
    public func name(_ flag: FlagSpec) -> StreakName? {
        guard case .name(let name)? = read(text(flag), as: flag) else { return nil }
        return name
    }

    /// Every streak name given for a name flag, in order.
    public func names(_ flag: FlagSpec) -> [StreakName] {
        values(flag).compactMap { word in
            guard case .name(let name)? = read(word, as: flag) else { return nil }
            return name
        }
    }

    /// The value of a time flag.
    public func time(_ flag: FlagSpec) -> TimeInput? {
        guard case .time(let input)? = read(text(flag), as: flag) else { return nil }
        return input
    }

    /// The first positional argument, when the command's arguments are streak names.
    public var argumentName: StreakName? {
        guard let word = arguments.first, case .name(let name)? = try? command.argumentType?.parse(word, flag: nil) else { return nil }
        return name
    }

    /// The positional arguments, when they are streak names.
    public var argumentNames: [StreakName] {
        arguments.compactMap { word in
            guard case .name(let name)? = try? command.argumentType?.parse(word, flag: nil) else { return nil }
            return name
        }
    }

    /// A value read by the flag's type (the parser has checked that it reads).
    private func read(_ word: String?, as flag: FlagSpec) -> ParsedValue? {
        guard let word else { return nil }
        return try? flag.type?.parse(word, flag: flag.name)
    }
}

public enum Parser {
    /// Parses the arguments after the command words, reading every value by its declared type
    /// (the arguments too, unless the command checks them itself: `checksArguments`).
    public static func parse(_ words: some Collection<String>, for command: CommandSpec) throws(CommandError) -> Invocation {
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
                let unknown = "unknown flag '\(Text.visible(name))' for '\(commandName(command))'"
                // The version is asked for as -v or a typo of --version far more often than
                // any flag it resembles.
                if name == "-v" || Suggest.isClose(name, to: "--version") {
                    throw .usage(unknown + "; did you mean 'streakprompt --version'?")
                }
                let candidates = flags.map(\.name)
                throw .usage(unknown + "; " + Suggest.hint(name, in: candidates, listing: "its flags"))
            }
            let value: String
            if let type = spec.type {
                if let inline {
                    value = inline
                } else if let next = rest.popFirst() {
                    value = next
                } else {
                    throw .usage("\(spec.name) needs a value (\(type.placeholder)); see '\(commandName(command)) --help'")
                }
            } else {
                if inline != nil { throw .usage("\(spec.name) takes no value") }
                value = ""
            }
            if invocation.flags[spec.name] != nil, !spec.repeatable, spec.type == nil {
                continue
            }
            _ = try spec.type?.parse(value, flag: spec.name)
            invocation.flags[spec.name, default: []].append(value)
        }
        if invocation.has("--help") { return invocation }
        let count = invocation.arguments.count
        if count > command.argumentCount.upperBound {
            let extra = invocation.arguments[command.argumentCount.upperBound]
            if command.argumentCount.upperBound == 0 {
                throw .usage("'\(commandName(command))' takes no argument, got '\(Text.visible(extra))'; see '\(commandName(command)) --help'")
            }
            if command.argumentCount.upperBound > 1 {
                throw .usage("'\(commandName(command))' takes at most \(command.argumentCount.upperBound) arguments, got \(count); usage: \(commandName(command)) \(command.usage)")
            }
            throw .usage("unexpected argument '\(Text.visible(extra))' for '\(commandName(command))'; usage: \(commandName(command)) \(command.usage)")
        }
        if count < command.argumentCount.lowerBound {
            // The first placeholder of the usage not given (`rename OLD NEW` with one word: NEW).
            let placeholders = command.usage.split(separator: " ").filter { $0.allSatisfy { $0.isUppercase } }
            let missing = command.argumentCount.lowerBound > 1 && count < placeholders.count ? String(placeholders[count]) : nil
            throw .usage("'\(commandName(command))' needs \(missing ?? command.arguments ?? "an argument"); usage: \(commandName(command)) \(command.usage)")
        }
        if let type = command.argumentType, !command.checksArguments {
            for word in invocation.arguments { _ = try type.parse(word, flag: nil) }
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
            var distance = 2 * editDistance(word.lowercased(), candidate)
            // A prefix of a valid word is almost certainly that word: closer than any typo.
            if candidate.hasPrefix(word), !word.isEmpty { distance = min(distance, 1) }
            if distance < bestDistance {
                best = candidate
                bestDistance = distance
            }
        }
        return best
    }

    /// `did you mean 'X'?`, naming the closest candidate (the SPEC's one-line error); when
    /// even that one is far from `word`, the candidates follow (`what` names them: `its flags
    /// are …`), so a far guess does not stand alone.
    public static func hint(_ word: String, in candidates: [String], listing what: String) -> String {
        let closest = closest(to: word, in: candidates)
        if isClose(word, to: closest) { return "did you mean '\(closest)'?" }
        return "did you mean '\(closest)'? (\(what) are \(candidates.joined(separator: ", ")))"
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

/// The flags of one invocation, each with its values as given, looked up by name: a short
/// list, not a dictionary, whose generic type the runtime would build on every start (a
/// lookup of its key's conformance across the whole binary: a third of a git hook's work).
public struct FlagValues: Sendable {
    private struct Given: Sendable {
        let name: String
        var values: [String]
    }

    private var given: [Given] = []

    public init() {}

    /// The values given for the flag; nil when it was not given.
    public subscript(name: String) -> [String]? {
        for flag in given where flag.name == name { return flag.values }
        return nil
    }

    public subscript(name: String, default empty: [String]) -> [String] {
        get { self[name] ?? empty }
        set {
            for index in given.indices where given[index].name == name {
                given[index].values = newValue
                return
            }
            given.append(Given(name: name, values: newValue))
        }
    }
}
