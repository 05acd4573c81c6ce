#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import StreakSystem
import Testing

/// Whole-file reads: sized by the file, grown when what is read has no size (a pipe), and
/// refused past the limit.
@Suite("whole-file reads")
struct FilesReadTests {
    /// Bytes that are not one value repeated, so a copy that moved a block would show.
    func pattern(_ count: Int) -> [UInt8] { (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) } }

    /// A stamp in a prompt cache is a number a file holds: one too long for an Int (a damaged
    /// or forged cache) matches no folder, and never stops the prompt (it trapped: SIGILL).
    @Test func aStampTooLongForAnIntMatchesNothing() throws {
        let scratch = try Scratch()
        try scratch.write("data/streaks/quiz/laptop.log", "")
        let folder = scratch.data + "/streaks/quiz"
        let stamp = Files.stamp(folder)
        #expect(Files.stampMatches(folder, stamp), "\(stamp)")
        for forged in ["12345678901234567890123.1", "1.99999999999999999999999", "9223372036854775808.0",
                       String(repeating: "9", count: 29) + "." + String(repeating: "9", count: 29)] {
            #expect(!Files.stampMatches(folder, forged), "\(forged)")
        }
    }

    @Test func aFileReadsBackByteForByteAtEverySizeAroundItsEdges() throws {
        let scratch = try Scratch()
        for size in [0, 1, 4095, 4096, 4097, 65536, 100_003] {
            let path = scratch.root + "/file-\(size)"
            try Data(pattern(size)).write(to: URL(fileURLWithPath: path))
            #expect(try Files.read(path, limit: 200_000) == pattern(size))
            #expect(try Files.read(path, limit: size) == pattern(size))
            if size > 0 {
                #expect(throws: SystemError.self) { try Files.read(path, limit: size - 1) }
            }
        }
    }

    /// A pipe has no size: the read grows until the writer closes it, and stops at the limit.
    @Test func aPipeIsReadToItsEndAndRefusedPastTheLimit() throws {
        for (size, limit) in [(0, 10), (1, 10), (5000, 10_000), (60000, 60000), (60000, 59999)] {
            var ends: [Int32] = [0, 0]
            #expect(pipe(&ends) == 0)
            let bytes = pattern(size)
            let written = bytes.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
            #expect(written == size)
            close(ends[1])
            defer { close(ends[0]) }
            if size <= limit {
                #expect(try Files.readStream("/dev/fd/\(ends[0])", limit: limit) == bytes)
            } else {
                #expect(throws: SystemError.self) { try Files.readStream("/dev/fd/\(ends[0])", limit: limit) }
            }
        }
    }
}

/// Writes into a folder of the data folder go through the folder as opened: one swapped for a
/// link after that (by another user who may write in the data folder, racing a tick) still
/// cannot send the write to where the link points.
@Suite("writes beneath an open folder")
struct WritesBeneathTests {
    @Test func aFolderSwappedForALinkAfterItWasOpenedIsNotWrittenThrough() throws {
        let scratch = try Scratch()
        let home = scratch.root + "/data"
        let victim = scratch.root + "/victim"
        try scratch.write(victim + "/m1.log", "victim\n")
        try scratch.write(victim + "/streak.conf", "victim\n")
        let folder = home + "/streaks/quiz"
        let opened = try Files.makeFolders(folder, below: home)
        // The swap: the folder moved away, a link to the victim in its place.
        #expect(rename(folder, home + "/streaks/moved") == 0)
        #expect(symlink(victim, folder) == 0)

        let log = try FileDescriptor.openRegular(folder + "/m1.log", O_RDWR | O_CREAT | O_APPEND, beneath: opened)
        try log.writeAll(Array("action\n".utf8))
        try Files.writeAtomically(folder + "/streak.conf", Array("icon=x\n".utf8), beneath: opened)

        #expect(try scratch.read(victim + "/m1.log") == "victim\n")
        #expect(try scratch.read(victim + "/streak.conf") == "victim\n")
        #expect(try Files.list(victim).sorted() == ["m1.log", "streak.conf"])
        #expect(try scratch.read(home + "/streaks/moved/m1.log") == "action\n")
        #expect(try scratch.read(home + "/streaks/moved/streak.conf") == "icon=x\n")
        // Walked again, the link is refused.
        #expect(throws: SystemError.self) { try Files.makeFolders(folder, below: home) }
    }
}
