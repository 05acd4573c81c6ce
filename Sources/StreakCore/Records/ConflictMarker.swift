/// The lines git writes around what it could not merge: `<<<<<<< HEAD`, `||||||| base` (the
/// diff3 style), `=======` and `>>>>>>> origin/main`.
///
/// A log merged without `merge=union` (a `git pull` before `sync` wrote `.gitattributes`)
/// holds both sides' lines between them. Logs are append-only, so every side's line is an
/// action that happened: readers take them all and skip the markers; `doctor` names them.
public enum ConflictMarker {
    /// Whether the line (without its line break) is a marker: seven `<`, `|`, `=` or `>`,
    /// then the end of the line or a space (and a label); `=======` stands alone.
    public static func isMarker(_ line: some BidirectionalCollection<UInt8>) -> Bool {
        guard let first = line.first, first == UInt8(ascii: "<") || first == UInt8(ascii: "|")
            || first == UInt8(ascii: "=") || first == UInt8(ascii: ">") else { return false }
        var count = 0
        var index = line.startIndex
        while index != line.endIndex, line[index] == first, count < 7 {
            count += 1
            index = line.index(after: index)
        }
        guard count == 7 else { return false }
        var rest = line[index...]
        if rest.last == 0x0D { rest = rest.dropLast() }
        if first == UInt8(ascii: "=") { return rest.isEmpty }
        return rest.isEmpty || rest.first == 0x20
    }

    /// The numbers (from 1) of the marker lines in a file.
    public static func lines(in bytes: [UInt8]) -> [Int] {
        var found: [Int] = []
        var number = 0
        for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
            number += 1
            if isMarker(line) { found.append(number) }
        }
        return found
    }
}
