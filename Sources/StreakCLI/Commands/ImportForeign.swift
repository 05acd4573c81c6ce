import StreakCore
import StreakSystem

/// `import --from loop|harsh PATH`: finds another tracker's files, reads them as an export
/// (`ForeignImport`), and says what became of each habit.
enum ForeignFiles {
    /// The most an archive or a folder may hold in all.
    static let limit = 64 * 1_048_576

    static func read(_ app: String, _ path: String, today: StreakDay, zone: some ZoneRules) throws(CommandError) -> ForeignImport {
        do throws(ForeignImport.Problem) {
            switch app {
            case "loop": return try ForeignImport.loop(try loopFiles(path), zone: zone)
            default:
                let (habits, log) = try harshFiles(path)
                return try ForeignImport.harsh(habits: habits, log: log, today: today, zone: zone)
            }
        } catch {
            throw .failure(error.message + "; nothing was imported")
        }
    }

    static func file(_ path: String, shown: String) throws(ForeignImport.Problem) -> [UInt8] {
        do throws(SystemError) {
            return try Files.readStream(path, limit: Store.fileLimit)
        } catch {
            throw ForeignImport.Problem(file: shown, line: 0, reason: error.message)
        }
    }

    /// Loop's export as its files by path: the zip's entries, or the folder's `Habits.csv`,
    /// `Checkmarks.csv` and each habit folder's `Checkmarks.csv` (a `Habits.csv` given: its
    /// folder).
    static func loopFiles(_ path: String) throws(ForeignImport.Problem) -> [String: [UInt8]] {
        var folder = path
        if !Files.isFolder(path) {
            let bytes = try file(path, shown: path)
            if ZipArchive.looksLikeOne(bytes) {
                do throws(ZipArchive.Failure) {
                    return try ZipArchive.files(bytes, limit: limit)
                } catch {
                    throw ForeignImport.Problem(file: path, line: 0, reason: error.reason)
                }
            }
            guard path.hasSuffix("Habits.csv") else {
                throw ForeignImport.Problem(file: path, line: 0, reason: "neither a zip archive nor a folder: give the zip Loop's 'Export as CSV' writes, or the folder it unpacks to")
            }
            folder = Paths.folder(of: path)
        }
        var files: [String: [UInt8]] = [:]
        var total = 0
        func add(_ relative: String) throws(ForeignImport.Problem) {
            let full = Paths.join(folder, relative)
            guard Files.exists(full), !Files.isFolder(full) else { return }
            let bytes = try file(full, shown: relative)
            total += bytes.count
            guard total <= limit else { throw ForeignImport.Problem(file: path, line: 0, reason: "more than \(limit / 1_048_576) MB of files") }
            files[relative] = bytes
        }
        try add("Habits.csv")
        try add("Checkmarks.csv")
        let entries: [String]
        do throws(SystemError) {
            entries = try Files.list(folder)
        } catch {
            throw ForeignImport.Problem(file: path, line: 0, reason: error.message)
        }
        for entry in entries.sorted() where Files.isFolder(Paths.join(folder, entry)) {
            try add(entry + "/Checkmarks.csv")
        }
        return files
    }

    /// harsh's `habits` and `log`: in the folder given, or beside the file given.
    static func harshFiles(_ path: String) throws(ForeignImport.Problem) -> ([UInt8], [UInt8]) {
        let folder = Files.isFolder(path) ? path : Paths.folder(of: path)
        let habits = Paths.join(folder, "habits")
        let log = Paths.join(folder, "log")
        guard Files.exists(habits) || Files.exists(log) else {
            throw ForeignImport.Problem(file: path, line: 0, reason: "no harsh habits or log file here: give harsh's folder (~/.config/harsh, or HARSHPATH)")
        }
        return (Files.exists(habits) ? try file(habits, shown: "habits") : [],
                Files.exists(log) ? try file(log, shown: "log") : [])
    }

    /// `--dry-run`: each habit, the streak it would be, its rules and what it holds.
    static func describe(_ foreign: ForeignImport, existing: Set<StreakName>, store: Store, _ context: Context) {
        context.out.line("From \(foreign.source), \(foreign.habits.count) \(foreign.habits.count == 1 ? "habit" : "habits") (nothing is written: --dry-run):")
        var rows: [[String]] = [["HABIT", "STREAK", "RULES", "ACTIONS", ""]]
        for habit in foreign.habits {
            let streak = habit.streak
            var what = fate(of: streak, existing: existing, store: store)
            if habit.skipped > 0 { what.insert("\(habit.skipped) skipped \(habit.skipped == 1 ? "date" : "dates") paused", at: 1) }
            rows.append([Text.visible(habit.original), streak.name.text, Report.rulesText(streak.settings?.rules ?? Rules()),
                         String(streak.actions.count), what.joined(separator: "; ")])
        }
        Columns.print(rows, to: context.out)
        for note in notes(foreign) { context.out.line("  " + note) }
    }

    /// What an import would do with `streak` (`--dry-run`): a new streak, or how many of its
    /// actions the existing one lacks; archived; its tags.
    static func fate(of streak: ExportedStreak, existing: Set<StreakName>, store: Store) -> [String] {
        var what: [String] = []
        if existing.contains(streak.name) {
            let known = Set(((try? store.actions(of: streak.name))?.actions ?? []).map(\.identity))
            let fresh = streak.actions.count { !known.contains($0.identity) }
            what.append("into the existing streak, \(fresh) new")
        } else {
            what.append("new")
        }
        if streak.archived { what.append("archived") }
        if let tags = streak.settings?.tags, !tags.isEmpty { what.append("tags " + tags.joined(separator: ",")) }
        return what
    }

    /// An export's `--dry-run`: each streak and what the import would do with it, and the order.
    static func describe(_ document: ExportDocument, from label: String, existing: Set<StreakName>, store: Store,
                         _ context: Context) {
        let count = document.streaks.count
        context.out.line("From \(label), \(count) \(count == 1 ? "streak" : "streaks") (nothing is written: --dry-run):")
        var rows: [[String]] = [["STREAK", "ACTIONS", ""]]
        for streak in document.streaks {
            rows.append([streak.name.text, String(streak.actions.count),
                         fate(of: streak, existing: existing, store: store).joined(separator: "; ")])
        }
        Columns.print(rows, to: context.out)
        if !document.order.isEmpty {
            let names = document.order.map(\.text).joined(separator: ", ")
            context.out.line(!hasOwnOrder(store) ? "  the streaks' order: \(names)"
                                                   : "  the streaks' order (\(names)) is not taken: this data folder has its own")
        }
    }

    /// Whether the data folder has an order of its own: one naming a streak it has (names
    /// left from removed streaks are no order), which an import's order does not replace.
    static func hasOwnOrder(_ store: Store) -> Bool {
        store.order().contains { text in (try? StreakName(text)).map(store.exists) ?? false }
    }

    /// After an import: which streak each habit became, when the name changed, and what was
    /// not carried over.
    static func tellNames(_ foreign: ForeignImport, _ context: Context) {
        for habit in foreign.habits where habit.original.lowercased() != habit.streak.name.text {
            context.out.line("  \(Text.visible(habit.original)) → \(habit.streak.name)")
        }
        for note in notes(foreign) { context.out.line("  " + note) }
    }

    static func notes(_ foreign: ForeignImport) -> [String] {
        foreign.habits.compactMap { habit in habit.approximation.map { "\(Text.visible(habit.original)): \($0)" } }
            + foreign.notes.map(Text.visible)
    }
}
