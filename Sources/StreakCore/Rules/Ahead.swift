/// Rule changes and pauses planned after the date a carried state stands on, in a small text
/// the prompt reads byte by byte (no arrays, no optionals of tuples on its path).
///
/// Items are separated by `;`: every rule segment first, `RDATE=RULES` (the rules from DATE
/// on, in `Rules.compact` form), then every paused range, `PFROM..TO`, each in date order;
/// then, only when some were left out, `HDATE`: the first date something left out applies to.
/// At most `limit` items of each kind are kept, so a cache line stays small however much is
/// planned; a state read past its `horizon` reads as if nothing more were planned there, so
/// the writer of the cache re-anchors it before then (a `Fold`'s `state`, walked through a
/// later date, carries what lies ahead of that date). Usually the text is empty.
public struct Ahead: Hashable, Sendable {
    public private(set) var text: String

    public static let limit = 8

    /// Nothing planned.
    public init() {
        text = ""
    }

    /// The changes and pauses of `timeline` and `pauses` that apply after `day` (all of them
    /// when `day` is nil).
    init(after day: StreakDay?, timeline: RulesTimeline, pauses: PauseCalendar) {
        text = ""
        let after = day ?? StreakDay(ordinal: Int.min / 2)
        // Usually nothing lies ahead.
        guard timeline.segments.last.map({ $0.from > after }) == true || pauses.ranges.last.map({ $0.to > after }) == true
        else { return }
        var horizon: StreakDay?
        var segments = 0
        for segment in timeline.segments where segment.from > after {
            if segments == Ahead.limit {
                horizon = segment.from
                break
            }
            add("R" + segment.from.description + "=" + segment.rules.compact)
            segments += 1
        }
        var ranges = 0
        for range in pauses.ranges where range.to > after {
            let from = Swift.max(range.from, after + 1)
            if ranges == Ahead.limit {
                horizon = horizon.map { Swift.min($0, from) } ?? from
                break
            }
            add("P" + from.description + ".." + range.to.description)
            ranges += 1
        }
        if let horizon { add("H" + horizon.description) }
    }

    private mutating func add(_ item: String) {
        if !text.isEmpty { text += ";" }
        text += item
    }

    init(validText: String) {
        text = validText
    }

    public var isEmpty: Bool { text.isEmpty }

    /// Whether `day` is paused (as far as the plans reach).
    func pauses(_ day: StreakDay) -> Bool {
        guard !text.isEmpty else { return false }
        var text = text
        return text.withUTF8 { bytes in
            var cursor = AheadCursor(bytes)
            return cursor.paused(day)
        }
    }

    /// Whether `today` is on or after the horizon (false when nothing was left out). Read
    /// byte by byte: the prompt asks it for every line with plans.
    public func reachesHorizon(by today: StreakDay) -> Bool {
        guard !text.isEmpty else { return false }
        var text = text
        return text.withUTF8 { bytes in
            guard bytes.count >= 11, bytes[bytes.count - 11] == UInt8(ascii: "H"),
                  let horizon = StreakDay.parse(bytes[(bytes.count - 10)...])
            else { return false }
            return today >= horizon
        }
    }

    /// The first date something left out applies to; nil when nothing was left out.
    public var horizon: StreakDay? {
        guard let index = text.utf8.firstIndex(of: UInt8(ascii: "H")) else { return nil }
        return StreakDay(String(text[text.utf8.index(after: index)...]))
    }

    /// Whether `bytes[start..<end]` is a well-formed text: items of the right shapes, in
    /// date order, ranges not overlapping. A cache line with anything else does not read.
    static func isValid(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        var index = start
        var phase = 0  // 0: rules, 1: pauses, 2: horizon seen
        var previous = StreakDay(ordinal: Int.min / 2)
        while index < end {
            var itemEnd = index
            while itemEnd < end, bytes[itemEnd] != UInt8(ascii: ";") { itemEnd += 1 }
            guard itemEnd - index >= 11, let day = StreakDay.parse(bytes[(index + 1)..<(index + 11)]) else { return false }
            switch bytes[index] {
            case UInt8(ascii: "R"):
                guard phase == 0, day > previous, itemEnd > index + 11, bytes[index + 11] == UInt8(ascii: "=") else {
                    return false
                }
                var at = index + 12
                var rules = Rules()
                guard Rules.readCompact(bytes, &at, itemEnd, into: &rules), at == itemEnd else { return false }
                previous = day
            case UInt8(ascii: "P"):
                if phase == 0 {
                    phase = 1
                    previous = StreakDay(ordinal: Int.min / 2)
                }
                guard phase == 1, itemEnd - index == 23, day > previous, bytes[index + 11] == UInt8(ascii: "."),
                      bytes[index + 12] == UInt8(ascii: "."),
                      let to = StreakDay.parse(bytes[(index + 13)..<(index + 23)]), to >= day
                else { return false }
                previous = to
            case UInt8(ascii: "H"):
                guard phase < 2, itemEnd - index == 11 else { return false }
                phase = 2
            default:
                return false
            }
            index = itemEnd + 1
            if itemEnd < end, index >= end { return false }  // a trailing `;`
        }
        return true
    }
}

/// Reads an `Ahead` text in date order while a state is carried forward: the next rule
/// segment, and whether a date is paused (dates asked in increasing order).
struct AheadCursor {
    let bytes: UnsafeBufferPointer<UInt8>
    private var rule = 0
    private var pause = 0
    /// The pause item at `pause`, parsed once (a carry over many dates asks about each).
    private var pauseRange: (from: StreakDay, to: StreakDay)?
    private var pauseParsed = -1

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    private func itemEnd(_ index: Int) -> Int {
        var end = index
        while end < bytes.count, bytes[end] != UInt8(ascii: ";") { end += 1 }
        return end
    }

    /// The date of the next rule segment not taken yet; false when there is none.
    mutating func nextRuleDay(_ day: inout StreakDay) -> Bool {
        while rule + 11 <= bytes.count {
            if bytes[rule] == UInt8(ascii: "R"), let found = StreakDay.parse(bytes[(rule + 1)..<(rule + 11)]) {
                day = found
                return true
            }
            rule = itemEnd(rule) + 1
        }
        return false
    }

    /// Reads the next rule segment's rules into `rules`, and moves past it.
    mutating func takeRule(into rules: inout Rules) {
        guard rule + 12 <= bytes.count else { return }
        let end = itemEnd(rule)
        var index = rule + 12
        _ = Rules.readCompact(bytes, &index, end, into: &rules)
        rule = end + 1
    }

    /// The first paused range that ends on or after `day` (nil: none), moving past the ones
    /// before it; each range is parsed once.
    private mutating func pauseRange(endingOnOrAfter day: StreakDay) -> (from: StreakDay, to: StreakDay)? {
        while pause + 23 <= bytes.count {
            if pauseParsed != pause {
                pauseParsed = pause
                pauseRange = nil
                if bytes[pause] == UInt8(ascii: "P"), let from = StreakDay.parse(bytes[(pause + 1)..<(pause + 11)]),
                   let to = StreakDay.parse(bytes[(pause + 13)..<(pause + 23)]) {
                    pauseRange = (from, to)
                }
            }
            if let range = pauseRange, range.to >= day { return range }
            pause = itemEnd(pause) + 1
        }
        return nil
    }

    /// Whether `day` is paused, and the last date paused alike after it (nil: every later
    /// date). Each call's date must not be earlier than the last one's.
    mutating func stretch(from day: StreakDay) -> (paused: Bool, until: StreakDay?) {
        guard let range = pauseRange(endingOnOrAfter: day) else { return (false, nil) }
        return range.from <= day ? (true, range.to) : (false, range.from - 1)
    }

    /// Whether `day` is paused. Each call's date must not be earlier than the last one's.
    mutating func paused(_ day: StreakDay) -> Bool {
        guard let range = pauseRange(endingOnOrAfter: day) else { return false }
        return range.from <= day
    }
}
