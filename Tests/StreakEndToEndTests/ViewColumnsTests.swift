import Foundation
import StreakTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A change rewrites every view from the columns of the streaks it did not change, kept in
/// `views/columns` from the change before: the views then show exactly what views rendered
/// from nothing show, for every instant they cover, and whatever is in that file's place.
@Suite("views: kept columns")
struct ViewColumnsTests {
    static let specs = [["bash"], ["zsh", "--format", "{icon}{count}{unit} {progress}{left}"], ["fish", "a", "w", "a"],
                        ["plain", "--format", "{name}:{count}"], ["bash", "--tag", "x"], ["zsh", "--format", "{done}/{due}{left}"]]

    func sandbox() throws -> Sandbox {
        let box = try Sandbox(tz: "America/New_York", extra: ["STREAKPROMPT_DAY_START": "04:00"])
        try box.sp("add", "a", "--freezes", "1", "--from", "2026-01-01")
        try box.sp("add", "w", "--target", "3/week", "--from", "2026-01-01")
        try box.sp("add", "g", "--goal", "2", "--schedule", "weekdays", "--from", "2026-01-01", "--tag", "x")
        try box.sp("add", "q", "--quit", "--from", "2026-01-01")
        try box.sp("pause", "g", "--from", "2026-03-20", "--to", "2026-03-24")
        return box
    }

    /// Registers the views as the plugins' fallback does, at `clock`.
    func register(_ box: Sandbox, clock: String) throws {
        for spec in Self.specs {
            let result = try box.spArgs(["prompt", "--shell"] + spec + ["--view", "--now", clock],
                                        env: ["STREAKPROMPT_TEST_CLOCK": clock])
            #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        }
    }

    func views(_ box: Sandbox) throws -> [String: String] {
        let folder = box.home + "/views"
        var texts: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) where name.contains("-") && !name.hasPrefix(".") {
            texts[name] = try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
        }
        return texts
    }

    /// A view's pieces: (until, deadline, text), up to `end`.
    func pieces(_ view: String) -> [(Int, Int, String)] {
        var pieces: [(Int, Int, String)] = []
        for line in view.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(2) {
            if line == "end" { break }
            let fields = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3, let until = Int(fields[0]), let deadline = Int(fields[1]) else { return [] }
            pieces.append((until, deadline, String(fields[2])))
        }
        return pieces
    }

    func pick(_ pieces: [(Int, Int, String)], at now: Int) -> String? {
        pieces.first { $0.0 == 0 || now < $0.0 }.map { "\($0.1 == 0 ? 0 : $0.1 - now)|\($0.2)" }
    }

    /// A month of ticks, some days apart (views nobody asked for in a month are removed), and
    /// now and then a streak archived or shown again (its line then leaves or joins the views
    /// of every streak, whose other lines keep their columns), with six views (one naming a streak twice, one by tag, one summarising: no columns), each rewriting the four views from kept columns;
    /// after each, the same views rendered from nothing (the file removed, the same change
    /// made again in a copy) agree at every sampled instant both cover, and the kept ones
    /// cover a month at least.
    @Test func keptColumnsShowWhatFreshOnesShow() throws {
        let box = try sandbox()
        try register(box, clock: "2026-03-02T09:00")
        var random = SeededRandom(seed: 20261126)
        var day = 2
        var reused = 0
        var archived: Set<String> = []
        var archives = 0
        for step in 0..<14 {
            day += [0, 1, 1, 2, 3][Int(random.next() % 5)]
            guard day <= 31 else { break }
            let date = String(format: "2026-03-%02dT%02d:%02d", day,
                              [7, 13, 21, 23][Int(random.next() % 4)], Int(random.next() % 60))
            let name = ["a", "w", "g", "q"][Int(random.next() % 4)]
            let command = random.next() % 5 == 0
                ? [archived.contains(name) ? "unarchive" : "archive", name]
                : ["tick", name, "--quiet", "--now", date]
            if command[0] == "archive" { archived.insert(name); archives += 1 }
            if command[0] == "unarchive" { archived.remove(name) }
            // The copy starts from the same data without the kept columns.
            let copy = try Sandbox(tz: "America/New_York", extra: ["STREAKPROMPT_DAY_START": "04:00"])
            try? FileManager.default.removeItem(atPath: copy.home)
            try FileManager.default.copyItem(atPath: box.home, toPath: copy.home)
            try? FileManager.default.removeItem(atPath: copy.home + "/views/columns")
            for sandbox in [box, copy] {
                let result = try sandbox.spArgs(command, env: ["STREAKPROMPT_TEST_CLOCK": date])
                #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
            }
            #expect(FileManager.default.fileExists(atPath: box.home + "/views/columns"))
            let kept = try views(box)
            let fresh = try views(copy)
            #expect(kept.count == Self.specs.count && Set(kept.keys) == Set(fresh.keys), "\(kept.keys.sorted()) \(fresh.keys.sorted())")
            for (name, view) in kept {
                let mine = pieces(view)
                let theirs = pieces(fresh[name] ?? "")
                #expect(!mine.isEmpty && !theirs.isEmpty, "step \(step) \(name)")
                guard let start = Self.moment(date) else { continue }
                let end = mine.last.map { $0.0 == 0 ? start + 50 * 86400 : $0.0 } ?? start
                #expect(end >= start + 29 * 86400, "step \(step) \(name): the kept view covers \((end - start) / 86400) days")
                if end < start + 39 * 86400 { reused += 1 }
                var moment = start
                while moment < end {
                    #expect(pick(mine, at: moment) == pick(theirs, at: moment), "step \(step) \(name) at \(moment)")
                    if pick(mine, at: moment) != pick(theirs, at: moment) { return }
                    moment += 1800 + Int(random.next() % 5400)
                }
            }
        }
        // Kept columns were joined (a view of fresh columns covers 40 dates), and a streak
        // was archived on the way.
        #expect(reused > 0)
        #expect(archives > 0)
    }

    /// A change that leaves what a view shows as it was (a streak counted again, a day's
    /// second tick) keeps the view file as it is, without joining it, while its first piece
    /// holds: byte for byte what joining the same columns then gives (a copy whose columns
    /// file names no view's stamp joins them), through the warn time, past midnight before
    /// the day start, and into the next date (where it is joined again).
    @Test func aViewThatShowsTheSameIsKeptAsItIs() throws {
        let box = try sandbox()
        try register(box, clock: "2026-03-01T09:00")
        var kept = 0
        // `a` done on the 1st, so pending on the 2nd until its warn time (20:00), when `w`'s
        // ticks leave the views as they were but their first piece has ended.
        for (name, date) in [("a", "2026-03-01T10:00"), ("w", "2026-03-02T09:05"), ("w", "2026-03-02T09:06"),
                             ("w", "2026-03-02T13:00"), ("w", "2026-03-02T21:30"), ("a", "2026-03-02T21:31"),
                             ("a", "2026-03-02T23:59"), ("a", "2026-03-03T03:00"), ("a", "2026-03-03T05:00"),
                             ("a", "2026-03-03T05:01")] {
            let copy = try Sandbox(tz: "America/New_York", extra: ["STREAKPROMPT_DAY_START": "04:00"])
            try? FileManager.default.removeItem(atPath: copy.home)
            try FileManager.default.copyItem(atPath: box.home, toPath: copy.home)
            let columns = copy.home + "/views/columns"
            // (None before the first change.)
            let text = (try? String(contentsOfFile: columns, encoding: .utf8)) ?? ""
            let unstamped = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
                guard line.hasPrefix("view\t") else { return String(line) }
                var fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
                fields[2] = String(repeating: "0", count: 16)
                return fields.joined(separator: "\t")
            }.joined(separator: "\n")
            if !text.isEmpty { try unstamped.write(toFile: columns, atomically: false, encoding: .utf8) }
            let before = try inodes(box)
            for sandbox in [box, copy] {
                let result = try sandbox.sp("tick", name, "--quiet", "--now", date, env: ["STREAKPROMPT_TEST_CLOCK": date])
                #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
            }
            let after = try inodes(box)
            let mine = try views(box)
            let fresh = try views(copy)
            #expect(mine.keys.sorted() == fresh.keys.sorted())
            for (view, text) in mine where fresh[view] != text {
                Issue.record("\(name) at \(date): \(view) differs from the same columns joined")
            }
            kept += before.filter { after[$0.key] == $0.value }.count
        }
        // Some views were kept as they were (the same file, not one written anew).
        #expect(kept > 0)
    }

    /// An action that changes no text a view shows (an extra one on a met date, whatever the
    /// format) renders nothing: every view stays the same file, byte for byte, made newer
    /// than the streak's folder and log so a plugin still trusts it; an action that changes a
    /// text (the one that meets a goal of 2) still writes the views, as rendering them from
    /// nothing does.
    @Test func anActionThatChangesNoTextOnlyTouchesTheViews() throws {
        let box = try sandbox()
        try register(box, clock: "2026-03-02T09:00")
        func tick(_ name: String, _ date: String) throws {
            let result = try box.sp("tick", name, "--quiet", "--now", date, env: ["STREAKPROMPT_TEST_CLOCK": date])
            #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        }
        func modified(_ path: String) -> Int {
            var info = stat()
            guard stat(path, &info) == 0 else { return -1 }
            return Int(info.st_mtim.tv_sec) * 1_000_000_000 + Int(info.st_mtim.tv_nsec)
        }
        try tick("a", "2026-03-02T09:10")
        try tick("g", "2026-03-02T09:11")
        for (name, date, shows) in [("a", "2026-03-02T09:20", false), ("a", "2026-03-02T13:00", false),
                                    ("g", "2026-03-02T13:01", true), ("g", "2026-03-02T13:02", false),
                                    ("a", "2026-03-02T21:00", false), ("w", "2026-03-02T21:01", true)] {
            let before = try views(box)
            let inodesBefore = try inodes(box)
            let columnsBefore = inode(box.home + "/views/columns")
            // What rendering from nothing writes: the same change in a copy without views.
            let copy = try Sandbox(tz: "America/New_York", extra: ["STREAKPROMPT_DAY_START": "04:00"])
            try? FileManager.default.removeItem(atPath: copy.home)
            try FileManager.default.copyItem(atPath: box.home, toPath: copy.home)
            try? FileManager.default.removeItem(atPath: copy.home + "/views/columns")
            usleep(20_000)
            try tick(name, date)
            let result = try copy.sp("tick", name, "--quiet", "--now", date, env: ["STREAKPROMPT_TEST_CLOCK": date])
            #expect(result.status == 0, "\(result)")
            let after = try views(box)
            #expect(after.count == Self.specs.count)
            if shows {
                #expect(after != before, "\(name) at \(date): a text changed, the views did not")
                let fresh = try views(copy)
                for (view, text) in after where pieces(text).map({ "\($0)" }) != pieces(fresh[view] ?? "").map({ "\($0)" }) {
                    Issue.record("\(name) at \(date): \(view) is not what rendering from nothing gives")
                }
            } else {
                #expect(after == before, "\(name) at \(date): the views were rendered again")
                #expect(try inodes(box) == inodesBefore, "\(name) at \(date): a view was written anew")
                // Nothing joined or kept: the columns file is not written either.
                #expect(inode(box.home + "/views/columns") == columnsBefore, "\(name) at \(date): the columns were written")
            }
            let newest = try FileManager.default.contentsOfDirectory(atPath: box.home + "/streaks/" + name)
                .map { modified(box.home + "/streaks/" + name + "/" + $0) }.max() ?? 0
            let folder = Swift.max(modified(box.home + "/streaks/" + name), modified(box.home + "/streaks"), newest)
            for view in after.keys {
                #expect(modified(box.home + "/views/" + view) >= folder, "\(name) at \(date): \(view) is older than the data")
            }
        }
        // Taking back one of a's four actions on its met date (the cache written whole, not a
        // line replaced) shows the same too; taking back g's third leaves it met, then its
        // second un-meets it, which every view shows.
        for (name, shows) in [("a", false), ("g", false), ("g", true)] {
            let before = try views(box)
            let inodesBefore = try inodes(box)
            let columnsBefore = inode(box.home + "/views/columns")
            let result = try box.sp("untick", name, "--now", "2026-03-02T21:05", env: ["STREAKPROMPT_TEST_CLOCK": "2026-03-02T21:05"])
            #expect(result.status == 0, "\(result)")
            if shows {
                #expect(try views(box) != before, "untick \(name): a text changed, the views did not")
            } else {
                #expect(try views(box) == before && (try inodes(box)) == inodesBefore, "untick \(name): the views were written")
                #expect(inode(box.home + "/views/columns") == columnsBefore, "untick \(name): the columns were written")
            }
        }
    }

    /// A change that shows the same touches only views this program rendered from the cache
    /// it replaces: a view put back from before (a restore keeping its time), every view as a
    /// change killed after writing the cache left them, a view whose text was edited, and
    /// another view's file under a view's name are all rendered again, so each shows at every
    /// instant what the views of the same data rendered whole show.
    @Test func onlyViewsRenderedFromTheCacheAreTouched() throws {
        for tamper in ["put back", "killed", "killed in the same clock tick", "edited", "other settings"] {
            let box = try sandbox()
            try register(box, clock: "2026-03-02T09:00")
            func tick(_ name: String, _ date: String) throws {
                let result = try box.sp("tick", name, "--quiet", "--now", date, env: ["STREAKPROMPT_TEST_CLOCK": date])
                #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
            }
            let folder = box.home + "/views"
            let before = box.root.path + "/before"
            let truth = box.root.path + "/truth"
            try tick("a", "2026-03-02T09:10")
            #expect(try run("/bin/cp", ["-a", folder, before], environment: box.environment).status == 0)
            usleep(20_000)
            try tick("g", "2026-03-02T09:11")
            #expect(try run("/bin/cp", ["-a", folder, truth], environment: box.environment).status == 0)
            let names = try views(box).keys.sorted()
            // A view the tick of g changed (one whose format shows g's progress).
            let changed = try names.first { name in
                try pieces(String(contentsOfFile: before + "/" + name, encoding: .utf8)).map { "\($0)" }
                    != pieces(String(contentsOfFile: truth + "/" + name, encoding: .utf8)).map { "\($0)" }
            }
            #expect(changed != nil)
            switch tamper {
            case "put back":
                let name = changed ?? names[0]
                #expect(try run("/bin/cp", ["-p", before + "/" + name, folder + "/" + name], environment: box.environment).status == 0)
            case "killed", "killed in the same clock tick":
                // The views and their record as they were: the change died after the cache.
                for name in names + ["rendered"] {
                    #expect(try run("/bin/cp", ["-p", before + "/" + name, folder + "/" + name], environment: box.environment).status == 0)
                    // File times move in clock ticks (whole seconds on some file systems).
                    if tamper != "killed", name != "rendered" {
                        #expect(try run("/usr/bin/touch", ["-r", box.home + "/prompt.cache", folder + "/" + name],
                                        environment: box.environment).status == 0)
                    }
                }
            case "edited":
                // The pieces' texts only: the file still names its settings.
                var lines = try String(contentsOfFile: folder + "/" + names[0], encoding: .utf8).components(separatedBy: "\n")
                let end = lines.firstIndex(of: "end") ?? 2
                for index in 2..<end { lines[index] = lines[index].replacingOccurrences(of: "🔥1", with: "🔥9") }
                try lines.joined(separator: "\n").write(toFile: folder + "/" + names[0], atomically: false, encoding: .utf8)
            default:
                try FileManager.default.removeItem(atPath: folder + "/" + names[0])
                try FileManager.default.copyItem(atPath: folder + "/" + names[1], toPath: folder + "/" + names[0])
            }
            // An extra action on a's met date: nothing any view shows changes.
            try tick("a", "2026-03-02T09:20")
            let after = try views(box)
            // Another view's file under a view's name is not a view of ours: removed (its
            // plugin runs the binary, which writes it again).
            #expect(tamper != "other settings" || after[names[0]] == nil, "\(tamper)")
            for name in names where after[name] != nil || tamper != "other settings" {
                let mine = pieces(after[name] ?? "")
                let theirs = pieces(try String(contentsOfFile: truth + "/" + name, encoding: .utf8))
                guard let start = Self.moment("2026-03-02T09:20") else { continue }
                var moment = start
                while moment < start + 3 * 86400 {
                    #expect(pick(mine, at: moment) == pick(theirs, at: moment), "\(tamper): \(name) at \(moment)")
                    if pick(mine, at: moment) != pick(theirs, at: moment) { break }
                    moment += 2221
                }
            }
        }
    }

    /// What a change left as it was must be current before the views are rendered or made
    /// newer: another machine's log delivered by a sync tool into a streak's folder, or an
    /// action whose tick was killed before its cache update, then a tick of another streak
    /// (one that shows the same, one that does not): every view shows what views rendered
    /// from a rebuilt cache show, and the cache's line is current.
    @Test(arguments: ["synced", "killed"], [false, true])
    func aLineLeftAsItWasIsReadAgainFirst(how: String, changes: Bool) throws {
        let box = try sandbox()
        try register(box, clock: "2026-03-02T09:00")
        func tick(_ sandbox: Sandbox, _ name: String, _ date: String) throws {
            let result = try sandbox.sp("tick", name, "--quiet", "--now", date, env: ["STREAKPROMPT_TEST_CLOCK": date])
            #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        }
        try tick(box, "a", "2026-03-02T09:10")
        let folder = box.home + "/streaks/w"
        if how == "synced" {
            // As Syncthing delivers a file: written aside, then renamed into place.
            try "2026-03-02 2026-03-02T09:20:00-05:00\n".write(toFile: folder + "/.laptop.log.tmp", atomically: false, encoding: .utf8)
            #expect(rename(folder + "/.laptop.log.tmp", folder + "/laptop.log") == 0)
        } else {
            // A tick's append, then its process killed before the cache: the folder was
            // touched before the append (as every write does).
            try "2026-03-02 2026-03-02T09:20:00-05:00\n".write(toFile: folder + "/laptop.log", atomically: false, encoding: .utf8)
            #expect(utimes(folder, nil) == 0)
        }
        usleep(20_000)
        let date = changes ? "2026-03-02T09:40" : "2026-03-02T09:30"
        try tick(box, changes ? "g" : "a", date)
        let copy = try Sandbox(tz: "America/New_York", extra: ["STREAKPROMPT_DAY_START": "04:00"])
        try? FileManager.default.removeItem(atPath: copy.home)
        try FileManager.default.copyItem(atPath: box.home, toPath: copy.home)
        #expect(try copy.sp("doctor", "--repair", env: ["STREAKPROMPT_TEST_CLOCK": date]).status == 0)
        let mine = try views(box)
        let fresh = try views(copy)
        #expect(mine.count == Self.specs.count && Set(mine.keys) == Set(fresh.keys))
        guard let start = Self.moment(date) else { return }
        for (name, view) in mine {
            var moment = start
            while moment < start + 2 * 86400 {
                #expect(pick(pieces(view), at: moment) == pick(pieces(fresh[name] ?? ""), at: moment), "\(how) \(changes): \(name) at \(moment)")
                if pick(pieces(view), at: moment) != pick(pieces(fresh[name] ?? ""), at: moment) { break }
                moment += 1999
            }
        }
        #expect(try box.sp("doctor").stdout.contains("the prompt cache matches the logs"))
    }

    /// A view older than the config file was rendered with the settings the file had: its
    /// plugin asks for another at its next check. A change removes it rather than making it
    /// newer than the file (which would hide the edit from that check for good), whether the
    /// change shows the same or not; a view asked for since is kept.
    @Test(arguments: [false, true])
    func aViewOlderThanTheConfigFileIsRemoved(changes: Bool) throws {
        let box = try sandbox()
        try register(box, clock: "2026-03-02T09:00")
        let tick = { (name: String, date: String) throws in
            let result = try box.sp("tick", name, "--quiet", "--now", date, env: ["STREAKPROMPT_TEST_CLOCK": date])
            #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        }
        try tick("a", "2026-03-02T09:10")
        let before = try views(box).keys.sorted()
        usleep(20_000)
        #expect(try box.sp("config", "set", "only", "pending").status == 0)
        usleep(20_000)
        // One shell asks again (its view is written after the edit).
        let asked = try box.spArgs(["prompt", "--shell", "bash", "--view", "--now", "2026-03-02T09:15"],
                                   env: ["STREAKPROMPT_TEST_CLOCK": "2026-03-02T09:15"])
        let kept = String(asked.stdout.prefix { $0 != "\n" }).split(separator: "/").last.map(String.init) ?? ""
        try tick(changes ? "g" : "a", "2026-03-02T09:20")
        let after = try views(box).keys.sorted()
        #expect(after == [kept], "before \(before), after \(after), asked for \(kept)")
    }

    /// The zone file a view was rendered with (`TZ=:path`) replaced by another zone's, then an
    /// extra action on a met date: the views are not only touched (the plugins' minute check
    /// would then trust them), they are rendered again, their zone line the new file's.
    @Test func aReplacedZoneFileRendersTheViewsAgain() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("streakprompt-zone-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let zone = root + "/zone"
        try FileManager.default.copyItem(atPath: "/usr/share/zoneinfo/America/New_York", toPath: zone)
        let box = try Sandbox(tz: ":" + zone)
        func tick(_ date: String) throws {
            let result = try box.sp("tick", "a", "--quiet", "--now", date, env: ["STREAKPROMPT_TEST_CLOCK": date])
            #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        }
        try tick("2026-03-02T09:10")
        let asked = try box.spArgs(["prompt", "--shell", "bash", "--view"], env: ["STREAKPROMPT_TEST_CLOCK": "2026-03-02T09:11"])
        let view = String(asked.stdout.prefix { $0 != "\n" })
        try FileManager.default.removeItem(atPath: zone)
        try FileManager.default.copyItem(atPath: "/usr/share/zoneinfo/Asia/Tokyo", toPath: zone)
        var info = stat()
        #expect(stat(zone, &info) == 0)
        try tick("2026-03-02T09:20")
        let text = try String(contentsOfFile: view, encoding: .utf8)
        let line = text.split(separator: "\n").first { $0.hasPrefix("zone\t") } ?? ""
        // Its size (the old file's inode may well be the new one's).
        #expect(line.split(separator: "\t").contains(Substring(String(info.st_size))), "\(line)")
    }

    func inode(_ path: String) -> UInt64? {
        var info = stat()
        return lstat(path, &info) == 0 ? UInt64(info.st_ino) : nil
    }

    func inodes(_ box: Sandbox) throws -> [String: UInt64] {
        var found: [String: UInt64] = [:]
        let folder = box.home + "/views"
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) where name.contains("-") && !name.hasPrefix(".") {
            var info = stat()
            if stat(folder + "/" + name, &info) == 0 { found[name] = UInt64(info.st_ino) }
        }
        return found
    }

    /// The instant of a `--now` time in New York (the sandbox's zone).
    static func moment(_ text: String) -> Int? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "America/New_York")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm"
        return formatter.date(from: text).map { Int($0.timeIntervalSince1970) }
    }

    /// Whatever is where the columns file goes (a link to a file of the user's, a named pipe,
    /// a folder, garbage, another build's file, a huge file), a tick is quick, says nothing,
    /// writes the views a fresh render writes, leaves what a link points to alone, and puts a
    /// file of its own there (a folder it cannot replace stays; the views are still right).
    @Test func whateverIsInTheColumnsPlaceTheViewsAreRight() throws {
        let cases: [(String, (String) throws -> Void)] = [
            ("a link", { path in
                try FileManager.default.removeItem(atPath: path)
                try "mine\n".write(toFile: path + ".target", atomically: false, encoding: .utf8)
                try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: path + ".target")
            }),
            ("a named pipe", { path in
                try FileManager.default.removeItem(atPath: path)
                #expect(mkfifo(path, 0o644) == 0) }),
            ("a folder", { path in
                try FileManager.default.removeItem(atPath: path)
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false) }),
            ("garbage", { path in try "streakprompt-columns 2\tx\nview\tbash-0\t\nrun\t\n".write(toFile: path, atomically: false, encoding: .utf8) }),
            ("another build's", { path in
                let text = try String(contentsOfFile: path, encoding: .utf8)
                let header = text.prefix { $0 != "\n" }
                try (header + "x" + text.dropFirst(header.count)).write(toFile: path, atomically: false, encoding: .utf8)
            }),
            ("huge", { path in try Data(repeating: 0x41, count: 5 << 20).write(to: URL(fileURLWithPath: path)) }),
        ]
        for (what, plant) in cases {
            let box = try sandbox()
            try register(box, clock: "2026-03-02T09:00")
            try box.sp("tick", "a", "--quiet", "--now", "2026-03-02T09:05", env: ["STREAKPROMPT_TEST_CLOCK": "2026-03-02T09:05"])
            let path = box.home + "/views/columns"
            try FileManager.default.removeItem(atPath: path)
            // What a fresh render writes, from a copy without the file.
            let copy = try Sandbox(tz: "America/New_York", extra: ["STREAKPROMPT_DAY_START": "04:00"])
            try? FileManager.default.removeItem(atPath: copy.home)
            try FileManager.default.copyItem(atPath: box.home, toPath: copy.home)
            try box.sp("tick", "w", "--quiet", "--now", "2026-03-02T09:06", env: ["STREAKPROMPT_TEST_CLOCK": "2026-03-02T09:06"])
            try plant(path)
            let started = Date()
            let result = try box.sp("tick", "g", "--quiet", "--now", "2026-03-03T10:00", env: ["STREAKPROMPT_TEST_CLOCK": "2026-03-03T10:00"])
            #expect(Date().timeIntervalSince(started) < 5, "\(what): the tick waited")
            #expect(result.status == 0 && result.stderr.isEmpty, "\(what): \(result)")
            for (name, when) in [("w", "2026-03-02T09:06"), ("g", "2026-03-03T10:00")] {
                try? FileManager.default.removeItem(atPath: copy.home + "/views/columns")
                try copy.sp("tick", name, "--quiet", "--now", when, env: ["STREAKPROMPT_TEST_CLOCK": when])
            }
            #expect(try views(box) == views(copy), "\(what)")
            if what == "a link" {
                #expect(try String(contentsOfFile: path + ".target", encoding: .utf8) == "mine\n")
            }
            var info = stat()
            #expect(lstat(path, &info) == 0)
            #expect((info.st_mode & S_IFMT) == (what == "a folder" ? S_IFDIR : S_IFREG), "\(what)")
        }
    }
}
