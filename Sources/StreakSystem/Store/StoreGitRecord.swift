import StreakCore

/// The record of `git install --global` (`GitGlobalRecord`) in the data folder:
/// `git/MACHINE.global`, read without following a link, written atomically under the lock.
extension Store {
    public var gitFolder: String { Paths.join(home, GitGlobalRecord.folderName) }
    public var gitRecordPath: String { Paths.join(gitFolder, GitGlobalRecord.fileName(machine: machine)) }

    static let gitRecordLimit = 4 << 20

    /// The record (empty when there is none). A record with lines that do not read is an
    /// error naming the first: acting on part of it could leave the rest installed for ever.
    public func gitGlobalRecord() throws(StoreError) -> GitGlobalRecord {
        let bytes: [UInt8]?
        do throws(SystemError) {
            if Files.isLink(gitFolder) { throw SystemError.link(gitFolder) }
            bytes = try Files.readIfPresent(gitRecordPath, limit: Store.gitRecordLimit)
        } catch {
            throw .system(error)
        }
        guard let bytes else { return GitGlobalRecord() }
        let (record, bad) = GitGlobalRecord.parse(bytes)
        if let line = bad.first {
            throw .corrupt(FileProblem(path: gitRecordPath, line: line, reason: "a line that does not read as what 'git install --global' installed"))
        }
        return record
    }

    /// Changes the record under the data folder's lock: read again there (another install
    /// may have written it meanwhile), changed by `change`, then written whole, or removed when
    /// it records nothing. Returns the record as written.
    @discardableResult
    public func updateGitGlobalRecord(_ change: (inout GitGlobalRecord) -> Void) throws(StoreError) -> GitGlobalRecord {
        try locked { () throws(StoreError) -> GitGlobalRecord in
            var record = try gitGlobalRecord()
            change(&record)
            do throws(SystemError) {
                if record.isEmpty {
                    if Files.exists(gitRecordPath) {
                        try Files.remove(gitRecordPath)
                        _ = Files.removeEmptyFolder(gitFolder)
                    }
                } else {
                    let folder = try makeFolders(gitFolder)
                    try Files.writeAtomically(gitRecordPath, record.encoded().utf8, locked: true, beneath: folder)
                }
            } catch {
                throw .system(error)
            }
            return record
        }
    }
}
