/// The facts the post-commit hook needs about the commit just made, read from the git
/// folder's own files instead of from a `git log` process (which costs more than everything
/// else the hook does): HEAD, the branch it names, the last line of HEAD's reflog, and the
/// commit's loose object. Each reader takes bytes and returns nil for anything it does not
/// recognise exactly; the hook then asks git, as before.
public enum GitFolderFacts {
    /// What `HEAD` holds: a symbolic ref (`ref: refs/heads/main`) or a commit id (detached).
    public enum Head: Equatable, Sendable {
        case ref(String)
        case id(String)
    }

    /// Object ids as loose files name them: 40 (SHA-1) or 64 (SHA-256) lowercase hex digits.
    public static func isObjectID(_ text: some StringProtocol) -> Bool {
        (text.utf8.count == 40 || text.utf8.count == 64)
            && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// `HEAD`'s contents. A ref must stay inside `refs/` with plain path parts, as git writes it.
    public static func head(_ bytes: [UInt8]) -> Head? {
        guard let line = singleLine(bytes) else { return nil }
        if line.hasPrefix("ref: ") {
            let ref = String(line.dropFirst(5))
            let parts = ref.split(separator: "/", omittingEmptySubsequences: false)
            guard ref.hasPrefix("refs/"), parts.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." }),
                  ref.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != 0x5C })
            else { return nil }
            return .ref(ref)
        }
        return isObjectID(line) ? .id(line) : nil
    }

    /// A loose ref file: one object id on one line.
    public static func refID(_ bytes: [UInt8]) -> String? {
        guard let line = singleLine(bytes), isObjectID(line) else { return nil }
        return line
    }

    /// The newest entry of a reflog (its last line): `OLD NEW NAME <EMAIL> TIME ZONE<TAB>SUBJECT`
    /// → the new id and the subject (`commit: fix it`, `commit (amend): fix it`, …).
    public static func lastReflogEntry(_ bytes: [UInt8]) -> (id: String, subject: String)? {
        var end = bytes.count
        guard end > 0, bytes[end - 1] == 0x0A else { return nil }
        end -= 1
        let start = (bytes[..<end].lastIndex(of: 0x0A) ?? -1) + 1
        let line = bytes[start..<end]
        guard let tab = line.firstIndex(of: 0x09) else { return nil }
        let words = line[..<tab].split(separator: 0x20, maxSplits: 2, omittingEmptySubsequences: false)
        guard words.count == 3 else { return nil }
        let old = String(decoding: words[0], as: UTF8.self)
        let new = String(decoding: words[1], as: UTF8.self)
        guard isObjectID(old), isObjectID(new), old.utf8.count == new.utf8.count else { return nil }
        return (new, String(decoding: line[(tab + 1)...], as: UTF8.self))
    }

    /// Who wrote a commit and when, from its loose object file (a zlib stream of
    /// `commit SIZE\0` and the commit's text).
    public struct Signatures: Equatable, Sendable {
        public var authorEmail: String
        public var authorTime: Int64
        public var committerEmail: String
        public var committerTime: Int64
    }

    /// The largest commit text read (a commit with a huge message is asked of git instead).
    public static let objectLimit = 1 << 20

    public static func signatures(looseObject bytes: [UInt8]) -> Signatures? {
        // zlib: deflate (method 8) with a window up to 32 KB, a header checksum, no dictionary.
        guard bytes.count > 6, bytes[0] & 0x0F == 8, bytes[0] >> 4 <= 7, bytes[1] & 0x20 == 0,
              (Int(bytes[0]) << 8 | Int(bytes[1])) % 31 == 0,
              let text = try? Inflate.decode(bytes[2...], limit: objectLimit + 64)
        else { return nil }
        guard let zero = text.firstIndex(of: 0) else { return nil }
        let header = String(decoding: text[..<zero], as: UTF8.self)
        guard header.hasPrefix("commit "), let size = Int(header.dropFirst(7)), size == text.count - zero - 1 else { return nil }
        var author: (String, Int64)?
        var committer: (String, Int64)?
        // The header lines, up to the blank line before the message.
        for line in text[(zero + 1)...].split(separator: 0x0A, omittingEmptySubsequences: false) {
            if line.isEmpty { break }
            if line.starts(with: "author ".utf8), author == nil { author = signature(line.dropFirst(7)) }
            if line.starts(with: "committer ".utf8), committer == nil { committer = signature(line.dropFirst(10)) }
        }
        guard let author, let committer else { return nil }
        return Signatures(authorEmail: author.0, authorTime: author.1, committerEmail: committer.0, committerTime: committer.1)
    }

    /// `NAME <EMAIL> TIME ZONE` → the address and the time (git forbids `<` and `>` in both).
    static func signature(_ bytes: ArraySlice<UInt8>) -> (String, Int64)? {
        guard let open = bytes.firstIndex(of: UInt8(ascii: "<")),
              let close = bytes[open...].firstIndex(of: UInt8(ascii: ">"))
        else { return nil }
        let email = String(decoding: bytes[(open + 1)..<close], as: UTF8.self)
        let rest = bytes[(close + 1)...].split(separator: 0x20)
        guard rest.count == 2, let time = Int64(String(decoding: rest[0], as: UTF8.self)) else { return nil }
        return (email, time)
    }

    /// The text of a file that is one line ending in a line feed, without it.
    public static func singleLine(_ bytes: [UInt8]) -> String? {
        guard let end = bytes.firstIndex(of: 0x0A), end == bytes.count - 1, end > 0 else { return nil }
        return String(decoding: bytes[..<end], as: UTF8.self)
    }
}
