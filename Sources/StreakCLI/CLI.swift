import StreakBuildInfo
import StreakCore
import StreakSystem

public enum CLI {
    public static var version: String { BuildInfo.version }

    /// Runs the command line and returns the exit status: 0 success, 1 failed operation,
    /// 2 usage error.
    public static func main(argc: Int32, argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
        // Every exec has at least argv[0]. None means the runtime could not read the command
        // line (a static Swift binary reads /proc/self/cmdline, which needs a free file
        // descriptor): running on would print the prompt for no arguments, or record nothing
        // and exit 0. Say so and fail instead.
        guard argc >= 1 else {
            Exit.report("could not read its own command line (no free file descriptor? see 'ulimit -n'); nothing was done")
            return 1
        }
        ProcessSetup.ignoreBrokenPipe()
        let out = Output(fd: 1)
        if let status = GitHook.linked(argc: argc, argv: argv) { return status }
        if let status = GitHook.fast(argc: argc, argv: argv) { return status }
        if let status = Prompt.fast(argc: argc, argv: argv, out: out) {
            out.flush()
            return status
        }
        var words: [String] = []
        for index in 1..<Int(max(argc, 1)) {
            if let raw = argv[index] { words.append(String(cString: raw)) }
        }
        let status = run(words, out: out)
        out.flush()
        return status
    }

    static func run(_ words: [String], out: Output) -> Int32 {
        let context = Context(out: out, environment: .process)
        do {
            return try dispatch(words, context)
        } catch {
            out.flush()
            Exit.report(error.message)
            return error.exitCode
        }
    }

    static func dispatch(_ words: [String], _ context: Context) throws(CommandError) -> Int32 {
        if words.first == "--version" || words.first == "-V" {
            // `--version --json` is `version --json`; any other word after it is a mistake.
            return try Version.run(try Parser.parse(words.dropFirst(), for: Version.spec), context)
        }
        if words.first == "--help" || words.first == "-h" {
            context.out.ascii = !context.environment.isUTF8
            Help.overview(context.out)
            return 0
        }
        if words == [PromptSource.refreshArgument] { return Refresh.run(context) }
        // `streakprompt`, `streakprompt --shell zsh` and `streakprompt NAME...` are the prompt.
        guard let (command, taken) = CommandTable.command(for: words) else {
            // (A word that is no streak's name may be a mistyped command: the prompt says so.)
            let invocation = try Parser.parse(words, for: Prompt.spec)
            if invocation.has("--help") { Help.command(Prompt.spec, context.out); return 0 }
            return Prompt.run(invocation, context, bare: true)
        }
        let invocation = try Parser.parse(words.dropFirst(taken), for: command.spec)
        // Text for people falls back to ASCII in a locale that is not UTF-8; data (JSON, an
        // export, shell code, roff) is printed as it is.
        context.out.ascii = !context.environment.isUTF8 && !command.spec.printsData && !invocation.has(CommandTable.json)
        if invocation.has("--help") {
            Help.command(command.spec, context.out)
            return 0
        }
        // A machine name that cannot be one is not used: said once, by every command but the
        // prompt (two machines so named would otherwise share the host name's log unawares).
        if let given = context.environment.nonEmpty("STREAKPROMPT_MACHINE"), StreakName.problem(with: given) != nil {
            Exit.warn("STREAKPROMPT_MACHINE='\(Text.visible(given))' is not a machine name (1–32 ASCII letters, digits, - and _); this machine's log is named \(context.environment.machineName).log")
        }
        return try command.run(invocation, context)
    }
}
