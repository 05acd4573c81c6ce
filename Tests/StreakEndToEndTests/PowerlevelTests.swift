import Foundation
import Testing

/// The powerlevel10k segment of docs/shells.md in the real powerlevel10k (a checkout named by
/// `POWERLEVEL10K`; p10k is no Debian package, so without one the test says so and passes):
/// the segment shows in p10k's prompt, follows a tick at the next prompt, and no prompt runs
/// the binary (the zsh plugin reads the pre-rendered view).
@Suite("powerlevel10k")
struct PowerlevelTests {
    @Test func theSnippetShowsInTheRealPowerlevel10k() throws {
        guard let p10k = ProcessInfo.processInfo.environment["POWERLEVEL10K"], !p10k.isEmpty,
              FileManager.default.fileExists(atPath: p10k + "/powerlevel10k.zsh-theme")
        else { return }
        let box = try Sandbox()
        // An icon that holds "%{": the doubled "%%{" must not be read as a colour to strip.
        try box.sp("add", "quiz", "--icon", "Q%{")
        try box.sp("tick", "quiz", "--quiet")
        let snippet = try ShellSnippetTests().block("zsh", containing: "function prompt_streakprompt()")
        let bin = try box.countingBinary()
        let rc = """
            POWERLEVEL9K_DISABLE_CONFIGURATION_WIZARD=true
            POWERLEVEL9K_INSTANT_PROMPT=off
            POWERLEVEL9K_MODE=ascii
            POWERLEVEL9K_LEFT_PROMPT_ELEMENTS=(streakprompt prompt_char)
            POWERLEVEL9K_RIGHT_PROMPT_ELEMENTS=()
            source '\(p10k)/powerlevel10k.zsh-theme'
            STREAKPROMPT_BIN='\(bin)'
            eval "$('\(bin)' init zsh --manual)"
            \(snippet)
            """
        guard let tmux = try ShellInteractiveTests().start("zsh", rc: rc, in: box, env: ["STREAKPROMPT_BIN": bin]) else { return }
        defer { tmux.stop() }
        try tmux.waitFor("the segment in p10k's prompt") { $0.contains("Q%{1") }
        let before = box.binaryRuns
        try box.sp("tick", "quiz", "--quiet", "--now", ISO8601DateFormatter().string(from: Date().addingTimeInterval(86_400)))
        try tmux.type("true")
        try tmux.type("true")
        try tmux.type("true")
        try tmux.waitFor("the new count at the next prompts") { $0.contains("Q%{2") }
        try tmux.waitFor("three more prompts") { $0.components(separatedBy: "\n").filter { $0.contains("Q%{") }.count >= 4 }
        #expect(box.binaryRuns - before <= 1, "prompts read the view: \(box.binaryRuns - before) runs")
    }
}
