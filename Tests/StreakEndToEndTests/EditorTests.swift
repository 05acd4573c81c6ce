import Foundation
import Testing

/// Neovim's and Vim's statusline segment (shell/nvim, shell/vim), run in the real editors:
/// the first call runs the binary, later ones read the view (no process), a tick from another
/// process shows within a second, and an icon cannot become a statusline item.
@Suite("editors")
struct EditorTests {
    /// Calls the segment `calls` times, a second apart when `waits`, with a tick from outside
    /// after the first; each result on a line of `out`.
    static func script(_ editor: String, _ box: Sandbox, out: String) -> [String] {
        let tick = "\(Binary.path) tick quiz --quiet"
        if editor == "nvim" {
            let lua = """
                local sp = require('streakprompt')
                local lines = { sp.segment() }
                for _ = 1, 20 do table.insert(lines, sp.segment()) end
                vim.fn.system({ 'sh', '-c', '\(tick)' })
                vim.loop.sleep(1100)
                table.insert(lines, sp.segment())
                table.insert(lines, sp.statusline())
                vim.fn.writefile(lines, '\(out)')
                """
            return ["--headless", "-u", "NONE", "-i", "NONE", "--cmd", "set rtp+=\(Package.root.path)/shell/nvim", "-c", "lua " + lua.replacingOccurrences(of: "\n", with: " "), "-c", "qa!"]
        }
        let vim = """
            let lines = [streakprompt#segment()]
            for i in range(20) | call add(lines, streakprompt#segment()) | endfor
            call system('\(tick)')
            sleep 1100m
            call add(lines, streakprompt#segment())
            call writefile(lines, '\(out)')
            """
        return ["-es", "-u", "NONE", "-i", "NONE", "-N", "--cmd", "set rtp+=\(Package.root.path)/shell/vim"]
            + vim.split(separator: "\n").flatMap { ["-c", String($0)] } + ["-c", "qa!"]
    }

    @Test(arguments: ["nvim", "vim"])
    func theSegmentComesFromTheViewAndFollowsATick(editor: String) throws {
        guard let program = tool(editor) else { return }
        let box = try Sandbox()
        try box.sp("add", "quiz", "--icon", "%#Error#")
        try box.sp("tick", "quiz", "--now", "2026-11-20T12:00")
        let bin = try box.countingBinary()
        let out = box.root.appendingPathComponent("out").path
        var env = box.environment
        env["STREAKPROMPT_BIN"] = bin
        let result = try run(program, Self.script(editor, box, out: out), environment: env, directory: box.root.path)
        #expect(result.status == 0, "\(result)")
        let lines = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // 21 calls before the tick: one run of the binary.
        #expect(lines.prefix(21).allSatisfy { $0 == "%#Error#0" }, "\(lines)")
        #expect(lines[21] == "%#Error#1", "\(lines)")
        if editor == "nvim" { #expect(lines[22] == "%%#Error#1", "the statusline text doubles %: \(lines)") }
        // Only the first call ran the binary: the tick rewrote the view itself.
        #expect(box.binaryRuns == 1, "runs: \(box.binaryRuns)")
    }

    /// A view that is no regular file (a named pipe, a folder, a link to a device: what a sync
    /// or another user could leave there) is not read: no hang, no error, no memory filled;
    /// the segment comes from the binary.
    @Test(arguments: ["nvim", "vim"], ["pipe", "folder", "device"])
    func aViewThatIsNoFileIsNotRead(editor: String, kind: String) throws {
        guard let program = tool(editor) else { return }
        let box = try Sandbox()
        try box.sp("tick", "quiz", "--now", "2026-11-20T12:00")
        let out = box.root.appendingPathComponent("out").path
        let arguments: [String]
        if editor == "nvim" {
            let lua = """
                local sp = require('streakprompt')
                local lines = { sp.segment() }
                local v = vim.fn.glob(vim.env.STREAKPROMPT_HOME .. '/views/plain-*')
                os.remove(v)
                vim.fn.system({ '\(kind == "pipe" ? "mkfifo" : kind == "folder" ? "mkdir" : "ln")', \(kind == "device" ? "'-s', '/dev/zero', " : "")v })
                vim.loop.sleep(1100)
                table.insert(lines, sp.segment())
                vim.fn.writefile(lines, '\(out)')
                """
            arguments = ["--headless", "-u", "NONE", "-i", "NONE", "--cmd", "set rtp+=\(Package.root.path)/shell/nvim", "-c",
                         "lua " + lua.replacingOccurrences(of: "\n", with: " "), "-c", "qa!"]
        } else {
            let shellWord = kind == "pipe" ? "mkfifo " : kind == "folder" ? "mkdir " : "ln -s /dev/zero "
            let vim = """
                let lines = [streakprompt#segment()]
                let v = glob($STREAKPROMPT_HOME . '/views/plain-*')
                call delete(v)
                call system('\(shellWord)' . shellescape(v))
                sleep 1100m
                call add(lines, streakprompt#segment())
                call writefile(lines, '\(out)')
                """
            arguments = ["-es", "-u", "NONE", "-i", "NONE", "-N", "--cmd", "set rtp+=\(Package.root.path)/shell/vim"]
                + vim.split(separator: "\n").flatMap { ["-c", String($0)] } + ["-c", "qa!"]
        }
        var env = box.environment
        env["STREAKPROMPT_BIN"] = Binary.path
        let result = try run(program, arguments, environment: env, directory: box.root.path, timeout: 20)
        #expect(result.status == 0, "\(kind): \(result)")
        let lines = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
        #expect(lines.split(separator: "\n").count == 2, "\(kind): \(lines) \(result)")
    }

    /// Vim runs system() with the user's 'shell': with a login shell that is not POSIX (tcsh,
    /// fish, elvish) the segment was empty. The plugin runs its line with /bin/sh, and puts
    /// the user's shell options back.
    @Test(arguments: ["tcsh", "fish", "elvish"])
    func vimWithAnotherLoginShell(shell: String) throws {
        guard let program = tool("vim"), let login = tool(shell) else {
            if Package.isCI { Issue.record("vim or \(shell) is missing") }
            return
        }
        let box = try Sandbox()
        try box.sp("tick", "quiz", "--quiet")
        let out = box.root.appendingPathComponent("out").path
        let script = ["let lines = [streakprompt#segment(), &shell]", "call writefile(lines, '\(out)')"]
        var env = box.environment
        env["STREAKPROMPT_BIN"] = Binary.path
        env["SHELL"] = login
        let result = try run(program, ["-es", "-u", "NONE", "-i", "NONE", "-N", "--cmd", "set rtp+=\(Package.root.path)/shell/vim"]
                             + script.flatMap { ["-c", $0] } + ["-c", "qa!"], environment: env, directory: box.root.path)
        #expect(result.status == 0, "\(result)")
        let lines = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(lines.first == "🔥1", "\(shell): \(lines)")
        #expect(lines.last == login, "the user's shell is put back: \(lines)")
    }

    /// A change streakprompt did not make (a sync brought a line) is newer than the view: the
    /// next call runs the binary, and the change shows within a few seconds.
    @Test func aChangeBehindTheViewRunsTheBinaryOnce() throws {
        guard let program = tool("nvim") else { return }
        let box = try Sandbox()
        try box.sp("tick", "quiz", "--now", "2026-11-20T12:00")
        let bin = try box.countingBinary()
        let out = box.root.appendingPathComponent("out").path
        let log = box.home + "/streaks/quiz/other.log"
        let today = String(ISO8601DateFormatter().string(from: Date()).prefix(10))
        let line = "# streakprompt actions v3: DATE INSTANT [count=K] [note=TEXT] [id=ID]\n\(today) \(today)T00:00:00+00:00 id=00000000000000aa\n"
        let lua = """
            local sp = require('streakprompt')
            local lines = { sp.segment() }
            vim.loop.sleep(1100)
            vim.fn.writefile({ '\(line.replacingOccurrences(of: "\n", with: "', '"))' }, '\(log)')
            for _ = 1, 6 do
              vim.loop.sleep(1100)
              local text = sp.segment()
              table.insert(lines, text)
              if text == '🔥1' then break end
            end
            vim.fn.writefile(lines, '\(out)')
            """
        var env = box.environment
        env["STREAKPROMPT_BIN"] = bin
        let result = try run(program, ["--headless", "-u", "NONE", "-i", "NONE", "--cmd", "set rtp+=\(Package.root.path)/shell/nvim",
                                       "-c", "lua " + lua.replacingOccurrences(of: "\n", with: " "), "-c", "qa!"],
                             environment: env, directory: box.root.path)
        #expect(result.status == 0, "\(result)")
        let lines = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n").map(String.init)
        // The binary ran again for the change (its cache rebuilt from the logs, as the
        // shells' prompts do), then the view holds: a few runs, not one per call.
        #expect(lines.first == "🔥0" && lines.last == "🔥1" && lines.count <= 4, "\(lines)")
        #expect(box.binaryRuns >= 2 && box.binaryRuns <= 3, "runs: \(box.binaryRuns)")
    }
}
