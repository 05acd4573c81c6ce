/// A few names (streaks, zones, view keys) and where each is, searched in order from where the
/// last search ended: what the tick's views look things up by instead of a dictionary keyed
/// by strings. A dictionary costs a hash a look-up, and the first one of a process a search of
/// the whole binary for `String`'s `Hashable` conformance (about 130,000 instructions); the
/// views ask for names in the order they are listed (the cache's), so each is found at the
/// first look. A name listed twice is found at each place in turn.
public struct NameIndex: Sendable {
    public private(set) var names: [String] = []
    private var cursor = 0

    public init() {}

    public init(_ names: [String]) {
        self.names = names
    }

    public var count: Int { names.count }

    /// Where `name` is, searched from after the last one found to the end and then from the
    /// start; nil when it is not there.
    public mutating func index(of name: String) -> Int? {
        let count = names.count
        guard count > 0 else { return nil }
        let start = Swift.min(cursor, count)
        for step in 0..<count {
            let index = (start + step) % count
            if names[index] == name {
                cursor = index + 1
                return index
            }
        }
        return nil
    }

    /// Adds `name` at the end; returns its index.
    @discardableResult
    public mutating func append(_ name: String) -> Int {
        names.append(name)
        return names.count - 1
    }

    public mutating func reserveCapacity(_ count: Int) {
        names.reserveCapacity(count)
    }

    /// The next search starts at the first name.
    public mutating func rewind() {
        cursor = 0
    }
}
