import StreakCore
import Testing

/// The file `git install --global` records what it installed in (`git/MACHINE.global`).
@Suite("git global install record")
struct GitGlobalRecordTests {
    func sample() -> GitGlobalRecord {
        var record = GitGlobalRecord()
        record.ownTemplate = "/home/me/.config/streakprompt/git-template"
        record.copied = [.init(path: "info/exclude", fingerprint: 0x0123_4567_89ab_cdef),
                         .init(path: "hooks/pre-push.sample", fingerprint: 7)]
        record.addTemplate("/home/me/my templates/git")
        record.addRepository("/home/me/src/app/.git/hooks")
        record.addRepository("/home/me/src/with space/.git/hooks")
        record.addCreatedFolders(["/home/me/.config/streakprompt", "/home/me/.config/streakprompt/git-template"])
        record.createdConfig = "/home/me/.gitconfig"
        record.addedInitSection = true
        return record
    }

    @Test func readsBackWhatItWrites() {
        let record = sample()
        let text = record.encoded()
        #expect(text.hasPrefix("# streakprompt git install --global v1:"))
        #expect(text.contains("\ncopied 0123456789abcdef info/exclude\n"))
        #expect(text.contains("\ncopied 0000000000000007 hooks/pre-push.sample\n"))
        #expect(text.contains("\nrepository /home/me/src/with space/.git/hooks\n"))
        let (read, bad) = GitGlobalRecord.parse(Array(text.utf8))
        #expect(bad.isEmpty)
        #expect(read == record)
        #expect(read.allTemplates == ["/home/me/.config/streakprompt/git-template", "/home/me/my templates/git"])
        #expect(GitGlobalRecord().encoded() == String(text.prefix { $0 != "\n" }) + "\n")
        #expect(GitGlobalRecord().isEmpty && !record.isEmpty)
    }

    /// A line of a known key that does not read is named by its number (nothing is acted on
    /// from a record read in part); a key of a later version is kept for it, as written.
    @Test func badLinesAreNamedAndUnknownOnesKept() {
        let text = """
            # streakprompt git install --global v1: …
            repository /a/.git/hooks
            repository relative/.git/hooks
            copied 12 info/exclude
            copied 0123456789abcdef ../../etc/passwd
            template
            added-init-section now
            hooks-path-restored /x
            created-config /home/me/.gitconfig\r

            """
        let (record, bad) = GitGlobalRecord.parse(Array(text.utf8))
        #expect(bad == [3, 4, 5, 6, 7])
        #expect(record.repositories == ["/a/.git/hooks"])
        #expect(record.other == ["hooks-path-restored /x"])
        #expect(record.createdConfig == "/home/me/.gitconfig")
        #expect(record.encoded().contains("\nhooks-path-restored /x\n"))
    }

    @Test func addingTwiceRecordsOnce() {
        var record = sample()
        record.addRepository("/home/me/src/app/.git/hooks")
        record.addTemplate("/home/me/my templates/git")
        record.addCreatedFolders(["/home/me/.config/streakprompt", "/home/me/src/new/.git/hooks"])
        #expect(record.repositories.count == 2)
        #expect(record.templates.count == 1)
        #expect(record.createdFolders == ["/home/me/.config/streakprompt", "/home/me/.config/streakprompt/git-template",
                                          "/home/me/src/new/.git/hooks"])
    }

    /// FNV-1a 64 (the published test values): a changed copy is told from the one copied.
    @Test func fingerprintIsFNV1a() {
        #expect(GitGlobalRecord.fingerprint([UInt8]()) == 0xcbf2_9ce4_8422_2325)
        #expect(GitGlobalRecord.fingerprint(Array("a".utf8)) == 0xaf63_dc4c_8601_ec8c)
        #expect(GitGlobalRecord.fingerprint(Array("foobar".utf8)) == 0x8594_4171_f739_67e8)
        #expect(GitGlobalRecord.fingerprint(Array("# x\n".utf8)) != GitGlobalRecord.fingerprint(Array("# x \n".utf8)))
    }
}
