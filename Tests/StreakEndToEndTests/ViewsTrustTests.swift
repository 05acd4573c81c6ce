import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The views folder is inside the data folder's trust boundary: a tick removes only views it
/// wrote, by their names, never through a link; nothing it opens for a view can block; and a
/// view describes the real clock whatever `--now` the change carried.
@Suite("views: trust")
struct ViewsTrustTests {
    /// Registers a bash view for `names` (the plugin's fallback run) and returns its path.
    @discardableResult
    func register(_ box: Sandbox, _ names: [String] = [], env: [String: String] = [:]) throws -> String {
        let result = try box.spArgs(["prompt", "--shell", "bash", "--view"] + names, env: env)
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        return String(result.stdout.prefix { $0 != "\n" })
    }

    func listing(_ folder: String) -> [String: Data] {
        var files: [String: Data] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
            files[name] = FileManager.default.contents(atPath: folder + "/" + name) ?? Data()
        }
        return files
    }

    /// A README, an index.html, and names that only look like views stay; the view stays.
    @Test func aTickRemovesOnlyViews() throws {
        let box = try Sandbox()
        try box.sp("tick", "gym", "--quiet")
        let view = try register(box, ["gym"])
        #expect(view.hasPrefix(box.home + "/views/bash-"), "\(view)")
        let kept = ["README", "index.html", "bash-notaview", "bash-0123456789abcdeg", "zsh-0123456789ABCDEF",
                    "notahost-0123456789abcdef", "bash-0123456789abcdef.bak"]
        for name in kept { try box.write("views/\(name)", "mine: \(name)\n") }
        // Named as a view but not one (a view of another version, a leftover): ours to remove.
        try box.write("views/fish-0123456789abcdef", "not a view\n")
        // (A change that renders the views: a second action on gym's met date only touches them.)
        try box.sp("tick", "read", "--quiet")
        for name in kept {
            #expect((try? box.read("views/\(name)")) == "mine: \(name)\n", "\(name) was removed or changed")
        }
        #expect(FileManager.default.fileExists(atPath: view), "the registered view was removed")
        #expect(!box.exists("data/views/fish-0123456789abcdef"), "a file named as a view that is none stays")
    }

    /// `views` as a link to another folder: a tick and a prompt neither remove nor write
    /// anything there, the prompt still prints its segment, and doctor names the link.
    @Test func aLinkedViewsFolderIsLeftAlone() throws {
        let box = try Sandbox()
        try box.sp("tick", "gym", "--quiet")
        let target = try box.file("elsewhere/notes.txt", "keep me\n")
        let folder = (target as NSString).deletingLastPathComponent
        try box.file("elsewhere/bash-0123456789abcdef", "streakprompt-view 2 0000000000000000\nwatch\t\n")
        try box.file("elsewhere/index.html", "<p>mine</p>\n")
        let before = listing(folder)
        try? FileManager.default.removeItem(atPath: box.home + "/views")
        try FileManager.default.createSymbolicLink(atPath: box.home + "/views", withDestinationPath: folder)
        let prompt = try box.spArgs(["prompt", "--shell", "bash", "--view", "gym"])
        #expect(prompt.status == 0 && prompt.stderr.isEmpty, "\(prompt)")
        #expect(prompt.stdout.hasPrefix("\n") && prompt.stdout.contains("1"), "no view path, the segment: \(prompt.stdout.debugDescription)")
        try box.sp("tick", "gym", "--quiet")
        try box.sp("tick", "run", "--quiet")
        #expect(listing(folder) == before, "the link's target changed: \(listing(folder).keys.sorted())")
        let doctor = try box.sp("doctor")
        #expect(doctor.status == 1 && doctor.stdout.contains("views is a link"), "\(doctor)")
    }

    /// A registered view whose zone file (`TZ=/path`, `TZ=:path`) became a named pipe: the tick
    /// records and returns at once, the lock free, and the prompt with that zone returns too.
    @Test(arguments: ["", ":"]) func aZoneFileThatIsAPipeNeverBlocks(prefix: String) throws {
        let box = try Sandbox()
        let zone = try box.file("zone/here", "")
        try FileManager.default.removeItem(atPath: zone)
        try FileManager.default.copyItem(atPath: "/usr/share/zoneinfo/Europe/Paris", toPath: zone)
        try box.sp("tick", "gym", "--quiet")
        try register(box, ["gym"], env: ["TZ": prefix + zone])
        try FileManager.default.removeItem(atPath: zone)
        #expect(mkfifo(zone, 0o644) == 0)
        let started = Date()
        let tick = try run(Binary.path, ["tick", "run"], environment: box.environment, timeout: 20)
        #expect(tick.status == 0, "\(tick)")
        let again = try run(Binary.path, ["tick", "swim", "--quiet"], environment: box.environment, timeout: 20)
        #expect(again.status == 0, "the lock is free: \(again)")
        var environment = box.environment
        environment["TZ"] = prefix + zone
        let prompt = try run(Binary.path, ["prompt", "--shell", "bash", "--view", "gym"], environment: environment, timeout: 20)
        #expect(prompt.status == 0 && prompt.stderr.isEmpty, "\(prompt)")
        #expect(Date().timeIntervalSince(started) < 5, "took \(Date().timeIntervalSince(started)) s")
        let log = try box.sp("log", "run")
        #expect(log.status == 0 && log.stdout.split(separator: "\n").count == 2, "the tick was recorded once: \(log)")
    }

    /// The piece of a view a plugin shows at `now`, as it picks it.
    func piece(_ view: String, at now: Int) -> String? {
        for line in view.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(2) {
            if line == "end" { return nil }
            let fields = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3, let until = Int(fields[0]) else { return nil }
            if until == 0 || now < until { return String(fields[2]) }
        }
        return nil
    }

    /// A change made `--now` three days ahead rewrites the views as of the real clock: the
    /// plugin still shows today's done streak, not that day's broken one.
    @Test func viewsDescribeTheRealClock() throws {
        let box = try Sandbox()
        try box.sp("tick", "gym", "--quiet")
        let view = try register(box, ["gym"])
        let ahead = Date().addingTimeInterval(3 * 86400)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm"
        try box.sp("tick", "run", "--quiet", "--now", formatter.string(from: ahead))
        let text = try String(contentsOfFile: view, encoding: .utf8)
        let now = Int(Date().timeIntervalSince1970)
        let expected = try box.sp("prompt", "--shell", "bash", "gym").stdout
        #expect(piece(text, at: now) == expected, "the view shows \(piece(text, at: now).debugDescription), the binary \(expected.debugDescription)")
        #expect(expected.contains("1"), "\(expected.debugDescription)")
    }

    /// A change writes a view's new bytes into the spare beside it (`.ID.tmp`) and swaps the
    /// two names, and the prompt cache's into `.prompt.cache.tmp`. A spare that is a second
    /// link to a file of the user's, a link, or a file others may write is never written
    /// into: made anew; the user's file stays as it was, and the view and the cache read right.
    @Test func aPlantedSpareIsNeverWrittenThrough() throws {
        for plant in ["hard link", "symbolic link", "others may write"] {
            let box = try Sandbox()
            try box.sp("tick", "gym", "--quiet")
            let view = try register(box)
            let spare = (view as NSString).deletingLastPathComponent + "/." + (view as NSString).lastPathComponent + ".tmp"
            let cacheSpare = box.home + "/.prompt.cache.tmp"
            let mine = box.root.appendingPathComponent("mine.txt").path
            try "mine\n".write(toFile: mine, atomically: false, encoding: .utf8)
            for spare in [spare, cacheSpare] {
                try? FileManager.default.removeItem(atPath: spare)
                switch plant {
                case "hard link": #expect(link(mine, spare) == 0)
                case "symbolic link": try FileManager.default.createSymbolicLink(atPath: spare, withDestinationPath: mine)
                default:
                    try "old\n".write(toFile: spare, atomically: false, encoding: .utf8)
                    #expect(chmod(spare, 0o666) == 0)
                }
            }
            try box.sp("tick", "run", "--quiet")
            #expect(try String(contentsOfFile: mine, encoding: .utf8) == "mine\n", "\(plant)")
            let cache = try String(contentsOfFile: box.home + "/prompt.cache", encoding: .utf8)
            #expect(cache.hasPrefix("streakprompt-cache 2") && cache.contains("\nrun\t"), "\(plant): \(cache)")
            let text = try String(contentsOfFile: view, encoding: .utf8)
            let expected = try box.sp("prompt", "--shell", "bash").stdout
            #expect(expected.contains(" "), "both streaks: \(expected)")
            #expect(piece(text, at: Int(Date().timeIntervalSince1970)) == expected, "\(plant)")
            var info = stat()
            #expect(lstat(view, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG && info.st_mode & 0o022 == 0, "\(plant)")
        }
    }
}
