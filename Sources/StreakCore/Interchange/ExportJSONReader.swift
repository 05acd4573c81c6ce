/// Reads the members of an export's JSON, each refusal naming the line it is on.
struct JSONReader {
    let bytes: [UInt8]

    func line(_ node: Located) -> Int { JSON.line(of: node.offset, in: bytes) }

    func problem(_ node: Located, _ reason: String) -> ImportProblem {
        ImportProblem(line: line(node), reason: reason)
    }

    /// The settings fields `object` holds, read by their parsers into `fields`; with
    /// `rulesOnly`, the icon is refused (a change of rules cannot carry one). Returns whether
    /// it held any.
    func settings(of object: Located, into fields: inout GivenSettings, rulesOnly: Bool) throws(ImportProblem) -> Bool {
        var given = false
        for field in SettingsField.all {
            let key = field.exportKey
            guard let node = object.member(key) else { continue }
            if rulesOnly, !field.isRule { throw problem(node, "a change of rules cannot set \"\(key)\"") }
            let text: String
            if field.isNumber {
                text = node.value.int.map { String($0) } ?? node.value.text
            } else {
                guard let string = node.value.string else { throw problem(node, "\"\(key)\" must be a string") }
                text = string
            }
            do throws(FieldError) {
                try field.read(text, into: &fields)
            } catch {
                throw problem(node, error.message(at: "\"\(key)\""))
            }
            given = true
        }
        return given
    }

    /// The objects of the array `key` of `object` (none when it is absent), each checked to
    /// hold the members `needed`.
    func objects(_ object: Located, _ key: String, each noun: String, needing needed: String...) throws(ImportProblem) -> [Located] {
        guard let list = object.member(key) else { return [] }
        guard case .array = list.value else { throw problem(list, "\"\(key)\" must be an array") }
        for entry in list.members {
            guard case .object = entry.value else {
                throw problem(entry, "each of \"\(key)\" must be an object with \(needed.map { "\"\($0)\"" }.joined(separator: ", "))")
            }
            for member in needed where entry.member(member) == nil {
                throw problem(entry, "\(noun) has no \"\(member)\"")
            }
        }
        return list.members
    }

    /// The string member `key`, or nil when it is absent or null.
    func optionalString(_ object: Located, _ key: String) throws(ImportProblem) -> String? {
        guard let node = object.member(key), node.value != .null else { return nil }
        guard let text = node.value.string else { throw problem(node, "\"\(key)\" must be a string") }
        return text
    }

    func date(_ object: Located, _ key: String) throws(ImportProblem) -> StreakDay {
        let node = object.member(key)!
        guard let text = node.value.string, let day = StreakDay(text) else {
            throw problem(node, "\"\(key)\" must be a date such as \"2026-11-22\"")
        }
        return day
    }

    func moment(_ object: Located, _ key: String) throws(ImportProblem) -> Instant {
        let node = object.member(key)!
        guard let text = node.value.string, let instant = ExportDocument.moment(text) else {
            throw problem(node, "\"\(key)\" must be a moment in ISO 8601 with its UTC offset, e.g. 2026-11-22T21:57:05+01:00")
        }
        return instant
    }

    /// `action` with the `count`, `note` and `id` of its object, read by their parsers.
    func actionFields(_ object: Located, _ action: Action) throws(ImportProblem) -> Action {
        let count = object.member("count")
        let note = object.member("note").flatMap { $0.value == .null ? nil : $0 }
        if let note, note.value.string == nil { throw problem(note, "\"note\" must be a string") }
        var action = action
        action.id = try id(object)
        do throws(ActionFieldProblem) {
            return try action.with(count: count.map { $0.value.int.map { String($0) } ?? $0.value.text },
                                   note: note?.value.string)
        } catch {
            throw problem((error.field == "count" ? count : note) ?? object, error.reason.message(at: "\"\(error.field)\""))
        }
    }

    /// The `id` of an action or a retraction (`ActionField.id`), nil when absent or null.
    func id(_ object: Located) throws(ImportProblem) -> String? {
        guard let text = try optionalString(object, "id") else { return nil }
        do throws(FieldError) {
            return try ActionField.id(text)
        } catch {
            throw problem(object.member("id")!, error.message(at: "\"id\""))
        }
    }
}

/// A parsed JSON value with where it starts, and its members (array items, object values)
/// located the same way.
struct Located {
    let value: JSON
    let offset: Int
    let members: [Located]

    init(_ value: JSON, _ starts: [Int], _ index: inout Int) {
        self.value = value
        self.offset = index < starts.count ? starts[index] : 0
        index += 1
        var members: [Located] = []
        switch value {
        case .array(let items):
            for item in items { members.append(Located(item, starts, &index)) }
        case .object(let pairs):
            for (_, item) in pairs { members.append(Located(item, starts, &index)) }
        default:
            break
        }
        self.members = members
    }

    /// The value of the first `key` of an object.
    func member(_ key: String) -> Located? {
        guard case .object(let pairs) = value, let position = pairs.firstIndex(where: { $0.0 == key }) else { return nil }
        return members[position]
    }
}

extension JSON {
    /// Indented like `pretty`, except that an array or object holding only plain values
    /// stays on one line: an export prints one action per line, a calendar one date per line.
    public var rowsText: String {
        var out = ""
        writeRows(to: &out, level: 0)
        return out
    }

    private var isFlat: Bool {
        switch self {
        case .array(let items): return items.allSatisfy(\.isScalar)
        case .object(let pairs): return pairs.allSatisfy { $0.1.isScalar }
        default: return true
        }
    }

    private var isScalar: Bool {
        switch self {
        case .array, .object: return false
        default: return true
        }
    }

    private func writeRows(to out: inout String, level: Int) {
        let indent = String(repeating: "  ", count: level + 1)
        let closing = String(repeating: "  ", count: level)
        switch self {
        case .array(let items) where !items.isEmpty && !isFlat:
            out += "[\n"
            for (i, item) in items.enumerated() {
                out += indent
                item.writeRows(to: &out, level: level + 1)
                out += i + 1 < items.count ? ",\n" : "\n"
            }
            out += closing + "]"
        case .object(let pairs) where !pairs.isEmpty && !isFlat:
            out += "{\n"
            for (i, (key, item)) in pairs.enumerated() {
                out += indent
                JSON.quote(key, into: &out)
                out += ": "
                item.writeRows(to: &out, level: level + 1)
                out += i + 1 < pairs.count ? ",\n" : "\n"
            }
            out += closing + "}"
        case .array(let items):
            out += "[" + items.map(\.text).joined(separator: ", ") + "]"
        case .object(let pairs):
            out += "{"
            for (i, (key, item)) in pairs.enumerated() {
                if i > 0 { out += ", " }
                JSON.quote(key, into: &out)
                out += ": " + item.text
            }
            out += "}"
        default:
            out += text
        }
    }
}
