import Foundation
import Testing

/// A binary installed as a link (`~/.local/bin/streakprompt -> …/release/streakprompt`) names
/// the link in what it writes, so an upgrade that replaces the file behind it keeps working.
@Suite("installed as a link")
struct InstalledLinkTests {
    /// The build behind a link in a `bin` folder, as `cp` and `ln -s` leave it.
    func linked(_ box: Sandbox) throws -> (link: String, build: String) {
        let build = box.root.appendingPathComponent("build/release/streakprompt").path
        try FileManager.default.createDirectory(atPath: (build as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Binary.copy(to: build)
        let link = box.root.appendingPathComponent("bin/streakprompt").path
        try FileManager.default.createDirectory(atPath: (link as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: build)
        return (link, build)
    }

    @Test func initAndTheHookNameTheLink() throws {
        let box = try Sandbox()
        let (link, build) = try linked(box)
        let byPath = try run(link, ["init", "bash"], environment: box.environment)
        #expect(byPath.stdout.contains("STREAKPROMPT_BIN='\(link)'"), "\(byPath)")
        #expect(!byPath.stdout.contains(build))

        guard let g = try GitBox.make() else { return }
        let repo = try g.repository()
        let install = try run(link, ["git", "install"], environment: g.box.environment, directory: repo)
        #expect(install.status == 0, "\(install)")
        // The hook starts the binary as installed (the link, not the build behind it).
        #expect(directHookBinary(repo + "/.git/hooks/post-commit") == link)
        let settings = try String(contentsOfFile: repo + "/.git/hooks/post-commit.streakprompt", encoding: .utf8)
        #expect(settings.contains("streakprompt_bin='\(link)'"), "\(settings)")
    }
}
