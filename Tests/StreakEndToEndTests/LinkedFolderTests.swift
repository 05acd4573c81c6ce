import Foundation
import Testing

/// A symbolic link in place of a folder inside the data folder (`streaks`, a streak's folder,
/// `backups`), as a synced repository or another user of a shared folder can leave one: no
/// command creates or writes anything in the folder it points at. The data folder itself may be
/// a link (a dotfile manager makes one) and works as usual.
@Suite("linked folders inside the data folder")
struct LinkedFolderTests {
    /// A folder outside the data folder holding one file, and its listing.
    func outside(_ box: Sandbox) throws -> String {
        let folder = box.root.appendingPathComponent("elsewhere").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "mine\n".write(toFile: folder + "/keep", atomically: true, encoding: .utf8)
        return folder
    }

    func listing(_ folder: String) throws -> [String] {
        try FileManager.default.subpathsOfDirectory(atPath: folder).sorted()
    }

    /// An export holding one action of `quiz`, made in a data folder of its own.
    func export(_ box: Sandbox) throws -> String {
        let source = box.root.appendingPathComponent("source").path
        try box.sp("tick", "quiz", "--quiet", "--now", "2026-03-01T10:00", env: ["STREAKPROMPT_HOME": source])
        let exported = try box.sp("export", env: ["STREAKPROMPT_HOME": source])
        return try box.file("export.json", exported.stdout)
    }

    /// `import`, `add` and `tick` wrote a streak's settings and log into the folder a
    /// linked `streaks/quiz` (or a linked `streaks`) points at: refused, with the link named,
    /// and nothing is left half done (an import that failed after its journal was written
    /// stopped every later write).
    @Test(arguments: ["streaks/quiz", "streaks"])
    func noCommandWritesIntoALinkedFolder(linked: String) throws {
        let box = try Sandbox()
        let target = try outside(box)
        let file = try export(box)
        let link = box.home + "/" + linked
        try FileManager.default.createDirectory(atPath: Paths.folder(link), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        for arguments in [["import", file], ["add", "quiz"], ["tick", "quiz", "--now", "2026-03-02T10:00"]] {
            let result = try box.spArgs(arguments)
            #expect(result.status == 1, "\(arguments): \(result)")
            #expect(result.stderr.contains("\(link): it is a symbolic link"), "\(arguments): \(result)")
            #expect(!result.stderr.contains("interrupted"), "\(arguments): \(result)")
            #expect(try listing(target) == ["keep"], "\(arguments) wrote into the link's target")
        }
        // With the link gone, every command works again (no journal waits to be finished).
        try FileManager.default.removeItem(atPath: link)
        let imported = try box.sp("import", file)
        #expect(imported.status == 0 && !imported.stderr.contains("interrupted"), "\(imported)")
    }

    /// `rename`, `remove` and `order` acted on a linked `streaks` folder: they renamed the
    /// user's own folders inside it, moved one out into `backups/` and rewrote its `.order`.
    /// Refused, with the link named, and the folder it points at is as it was.
    @Test func noCommandRenamesMovesOrOrdersThroughALinkedStreaksFolder() throws {
        let box = try Sandbox()
        let target = try outside(box)
        for name in ["photos", "quiz"] {
            try FileManager.default.createDirectory(atPath: target + "/" + name, withIntermediateDirectories: true)
            try "mine\n".write(toFile: target + "/" + name + "/notes.txt", atomically: true, encoding: .utf8)
        }
        try "my own order\n".write(toFile: target + "/.order", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: box.home, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: box.home + "/streaks", withDestinationPath: target)
        let before = try listing(target)
        for arguments in [["rename", "photos", "holiday"], ["rename", "quiz", "Quiz2"], ["remove", "photos"],
                          ["order", "quiz", "photos"]] {
            let result = try box.spArgs(arguments)
            #expect(result.status == 1, "\(arguments): \(result)")
            #expect(result.stderr.contains("/streaks: it is a symbolic link"), "\(arguments): \(result)")
            #expect(try listing(target) == before, "\(arguments) changed the link's target")
        }
        #expect(try String(contentsOfFile: target + "/.order", encoding: .utf8) == "my own order\n")
        #expect(!FileManager.default.fileExists(atPath: box.home + "/backups"))
    }

    /// `.lock` as a link to a dotfile: `import` truncated the dotfile to 0 bytes (the journal
    /// is written in the lock file), and a tick took its lock through it. Refused, the dotfile
    /// kept, and `doctor` names the link.
    @Test func aLinkedLockIsNeverOpened() throws {
        let box = try Sandbox()
        let file = try export(box)
        try box.sp("tick", "gym", "--quiet", "--now", "2026-03-01T10:00")
        let dotfile = try box.file("dotfile", "secret\n")
        try FileManager.default.removeItem(atPath: box.home + "/.lock")
        try FileManager.default.createSymbolicLink(atPath: box.home + "/.lock", withDestinationPath: dotfile)
        for arguments in [["import", file], ["tick", "gym", "--now", "2026-03-02T10:00"]] {
            let result = try box.spArgs(arguments)
            #expect(result.status == 1 && result.stderr.contains(".lock: it is a symbolic link"), "\(arguments): \(result)")
            #expect(try String(contentsOfFile: dotfile, encoding: .utf8) == "secret\n", "\(arguments) wrote through the link")
        }
        let doctor = try box.sp("doctor")
        #expect(doctor.status == 1 && doctor.stdout.contains("/.lock is a symbolic link"), "\(doctor)")
    }

    /// `remove` moved the streak's folder into what a linked `backups` points at.
    @Test func removeMovesNothingIntoALinkedBackupsFolder() throws {
        let box = try Sandbox()
        let target = try outside(box)
        try box.sp("tick", "quiz", "--quiet", "--now", "2026-03-01T10:00")
        try FileManager.default.createSymbolicLink(atPath: box.home + "/backups", withDestinationPath: target)
        let removed = try box.sp("remove", "quiz")
        #expect(removed.status == 1 && removed.stderr.contains("backups: it is a symbolic link"), "\(removed)")
        #expect(try listing(target) == ["keep"])
        #expect(FileManager.default.fileExists(atPath: box.home + "/streaks/quiz"), "the streak stays")
    }

    /// The data folder itself may be a link: everything works through it.
    @Test func aLinkedDataFolderWorks() throws {
        let box = try Sandbox()
        let real = box.root.appendingPathComponent("real").path
        try FileManager.default.createDirectory(atPath: real, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: box.home, withDestinationPath: real)
        let file = try export(box)
        #expect(try box.sp("import", file).status == 0)
        #expect(try box.sp("tick", "quiz", "--quiet", "--now", "2026-03-02T10:00").status == 0)
        #expect(try box.sp("add", "gym").status == 0)
        #expect(try listing(real + "/streaks").contains("quiz/streak.conf") || listing(real + "/streaks").contains { $0.hasPrefix("quiz/") })
        #expect(try box.sp("remove", "gym").status == 0)
        #expect(try box.status("quiz", now: "2026-03-02T12:00")["total"] as? Int == 2)
    }
}

private enum Paths {
    static func folder(_ path: String) -> String { (path as NSString).deletingLastPathComponent }
}
