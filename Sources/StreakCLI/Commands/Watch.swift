#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import StreakCore
import StreakSystem

/// `streakprompt watch [NAME...] --shell HOST`: the segment, printed again whenever it changes,
/// for status bars that read a stream (waybar without an interval, polybar's `tail = true`,
/// i3blocks' `interval=persist`, a terminal's title).
enum Watch: Command {
    static let interval = FlagSpec("--interval", .integer("S", 1...3600), help: "seconds between looks (default 2)")

    static let spec = CommandSpec(
        ["watch"], usage: "[NAME...] [--tag T] [--only pending] [--shell HOST] [--format FMT] [--interval S]",
        summary: "print the segment again whenever it changes (for status bars)",
        details: """
        Prints the segment as 'streakprompt NAME... --shell HOST' would, then looks again every
        --interval seconds (default 2: a tick shows within that) and prints it again whenever it
        changed, a line at a time: at the day start, the warn time, a tick in any shell, a
        sync. One small read a look; ends when whatever reads it goes away. HOST is plain
        (default), waybar (one JSON object a line), polybar, i3blocks or tmux (or a shell:
        bash, zsh, fish, tcsh).
        """,
        flags: [Prompt.shell, Prompt.format, Prompt.tag, Prompt.only, interval, CommandTable.now], arguments: .streakName(existing: true), count: 0...32)

    static func run(_ invocation: Invocation, _ context: Context) throws(CommandError) -> Int32 {
        var options = Prompt.Options(names: Prompt.NameList(invocation.arguments), shell: invocation.text(Prompt.shell) ?? "plain",
                                     format: invocation.text(Prompt.format), now: invocation.text(CommandTable.now), only: Prompt.Only(invocation.text(Prompt.only)),
                                     view: false, bare: false)
        for text in invocation.flags[Prompt.tag.name] ?? [] {
            if let problem = StreakTag.problem(with: text) { throw .usage(problem.message(at: "--tag")) }
            options.names.append("+" + text)
        }
        let seconds = UInt32(invocation.integer(interval) ?? 2)
        var last: String?
        while true {
            let capture = Output.capturing()
            try Prompt.write(options, out: capture, environment: context.environment)
            var text = capture.captured
            // i3blocks reads a persistent block a line at a time: the full text only.
            if options.shell == "i3blocks" { text = String(text.prefix { $0 != "\n" }) }
            if !text.hasSuffix("\n") { text += "\n" }
            if text != last {
                context.out.write(text)
                context.out.flush()
                if context.out.isClosed { return 0 }
                last = text
            }
            // A second at a time, so a bar that went away ends this within a second.
            for _ in 0..<seconds {
                if Terminal.readerGone(1) { return 0 }
                sleep(1)
            }
        }
    }
}
