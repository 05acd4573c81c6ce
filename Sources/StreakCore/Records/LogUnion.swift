/// Two logs of one machine made one file, when two streaks become one (a streak renamed to
/// two names on two machines, two streaks whose names differ only in letter case): every line
/// of the first as it is, then each line of the second that the first does not hold. A log is
/// a set of lines (the same line is the same record: `Action.Identity`), so nothing that read
/// in either is lost or counted twice.
///
/// A last line a crash cut short stays uncounted, as it was: the first's is kept as a comment
/// (as an append keeps it), the second's left out; so are the second's comments and git's
/// conflict markers. Those stay in the second file, which the caller keeps.
public enum LogUnion {
    /// The union of `kept` and `other`, action logs, or with `events` event logs.
    public static func lines(_ kept: [UInt8], adding other: [UInt8], events: Bool) -> [UInt8] {
        let (keptLines, keptTorn) = split(kept)
        var out: [UInt8] = []
        out.reserveCapacity(kept.count + other.count + 1)
        for line in keptLines {
            out += line
            out.append(0x0A)
        }
        var present = Set(keptLines.map { Array(unmarked($0)) })
        if let torn = keptTorn {
            if counts(torn, in: kept, events: events) {
                present.insert(Array(torn))
            } else {
                out += ActionLog.tornComment.utf8
            }
            out += torn
            out.append(0x0A)
        }
        let (otherLines, otherTorn) = split(other)
        for line in otherLines + (otherTorn.map { counts($0, in: other, events: events) ? [$0] : [] } ?? []) {
            let line = unmarked(line)
            guard !line.isEmpty, line.first != UInt8(ascii: "#"), !ConflictMarker.isMarker(line),
                  !line.allSatisfy({ $0 == 0x20 || $0 == 0x0D }), present.insert(Array(line)).inserted
            else { continue }
            out += line
            out.append(0x0A)
        }
        return out
    }

    /// The lines that end with a line break, and the piece after the last one (nil when the
    /// file ends with its line break, or is empty).
    static func split(_ bytes: [UInt8]) -> (lines: [ArraySlice<UInt8>], torn: ArraySlice<UInt8>?) {
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        let last = lines.removeLast()
        return (lines, last.isEmpty ? nil : last)
    }

    /// A line without the byte order mark an editor may put before a file's first line.
    static func unmarked(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        line.starts(with: [0xEF, 0xBB, 0xBF]) ? line.dropFirst(3) : line
    }

    /// Whether a last line without its line break counts where it is, as the log's reader
    /// decides it.
    static func counts(_ line: ArraySlice<UInt8>, in bytes: [UInt8], events: Bool) -> Bool {
        let whole = Array(line) + [0x0A]
        if events { return EventLog.parse(whole).bad.isEmpty }
        return ActionLog.countsUnterminated(line, idsEverywhere: ActionLog.endsLinesWithIDs(bytes))
            && ActionLog.parse(whole).bad.isEmpty
    }
}
