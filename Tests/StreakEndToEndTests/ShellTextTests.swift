import Foundation
import Testing

/// Every piece of shell text streakprompt ships or writes, checked the way zoxide checks its
/// templates: each rendered variant through the linters (shellcheck for bash and sh, and for
/// zsh as bash with the plugin's own directives; `zsh -n`; `fish --no-execute`), and run in a
/// strict shell where it must print nothing. `init` variants are run in bash, zsh and fish by
/// `ShellLoadTests` (every `InitFlags.combinations`); the hooks are run here. Under CI a
/// missing shellcheck or shell fails these tests instead of skipping them.
@Suite("shell text: every variant linted and run")
struct ShellTextTests {
    var root: String { Package.root.path }

    /// Runs one linter over files and expects silence; `labels` names each file in a failure.
    func lint(_ program: String, _ options: [String], _ files: [String], labels: [String: String] = [:],
              sourceLocation: SourceLocation = #_sourceLocation) throws {
        let result = try run(program, options + files, environment: ProcessInfo.processInfo.environment, directory: root)
        let named = labels.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: "\n")
        #expect(result.status == 0 && result.stdout.isEmpty && result.stderr.isEmpty,
                "\(program) \(options):\n\(result)\n\(named)", sourceLocation: sourceLocation)
    }

    /// What `init SHELL` prints for every flag combination, each in a file of the sandbox.
    func initVariants(_ shell: String, in box: Sandbox) throws -> (files: [String], labels: [String: String]) {
        var files: [String] = []
        var labels: [String: String] = [:]
        for (index, flags) in InitFlags.combinations.enumerated() {
            let file = try box.file("init-\(index).\(shell)", try box.initText(shell, flags))
            files.append(file)
            labels[URL(fileURLWithPath: file).lastPathComponent] = flags.joined(separator: " ")
        }
        return (files, labels)
    }

    /// The repository's own scripts (the bench, the packaging, the pictures' makers) pass
    /// shellcheck too.
    @Test func toolScriptsPassShellcheck() throws {
        guard let shellcheck = tool("shellcheck") else { return }
        let scripts = ["bench/run", "bench/git-commit", "packaging/build", "docs/screenshots", "docs/terminal", "shell/generate"]
            .map { Package.root.path + "/" + $0 }.filter { FileManager.default.fileExists(atPath: $0) }
        #expect(scripts.count >= 5)
        for script in scripts {
            let result = try run(shellcheck, [script], environment: ProcessInfo.processInfo.environment)
            #expect(result.status == 0, "\(script): \(result.stdout)")
        }
    }

    @Test func initBashVariantsPassShellcheck() throws {
        guard let shellcheck = tool("shellcheck") else { return }
        let box = try Sandbox()
        let variants = try initVariants("bash", in: box)
        // No --shell: the text says which shell it is for.
        try lint(shellcheck, [], variants.files, labels: variants.labels)
    }

    @Test func initZshVariantsPassShellcheckAsBashAndZshParsesThem() throws {
        let shellcheck = tool("shellcheck")
        let zsh = tool("zsh")
        guard shellcheck != nil || zsh != nil else { return }
        let box = try Sandbox()
        let variants = try initVariants("zsh", in: box)
        // shellcheck has no zsh; as bash, with the directives the plugin carries for zsh's ways.
        if let shellcheck { try lint(shellcheck, ["--shell=bash"], variants.files, labels: variants.labels) }
        if let zsh {
            for file in variants.files { try lint(zsh, ["--no-rcs", "-n"], [file], labels: variants.labels) }
        }
    }

    @Test func initFishVariantsParse() throws {
        guard let fish = tool("fish") else { return }
        let box = try Sandbox()
        let variants = try initVariants("fish", in: box)
        for file in variants.files { try lint(fish, ["--no-config", "--no-execute"], [file], labels: variants.labels) }
    }

    /// The files as plugin managers, TPM and packagers take them from the repository.
    @Test func theFilesInTheRepositoryPassTheirLinters() throws {
        if let shellcheck = tool("shellcheck") {
            try lint(shellcheck, [], ["shell/streakprompt.bash", "completions/streakprompt.bash", "shell/generate",
                                      "shell/streakprompt.tmux", "streakprompt.tmux"])
            try lint(shellcheck, ["--shell=bash"], ["shell/streakprompt.plugin.zsh"])
        }
        if let zsh = tool("zsh") {
            for file in ["shell/streakprompt.plugin.zsh", "completions/_streakprompt"] {
                try lint(zsh, ["--no-rcs", "-n"], [file])
            }
        }
        if let fish = tool("fish") {
            let functions = try FileManager.default.contentsOfDirectory(atPath: root + "/shell/functions").sorted()
            for file in functions.map({ "shell/functions/" + $0 }) + ["shell/conf.d/streakprompt.fish", "shell/completions/streakprompt.fish"] {
                try lint(fish, ["--no-config", "--no-execute"], [file])
            }
        }
    }

    /// The strict shells a hook is run in: `sh` as git runs it, and bash.
    func strictShells() -> [(String, [String])] {
        var shells: [(String, [String])] = []
        if let sh = tool("sh") { shells.append((sh, ["-eu"])) }
        if let bash = tool("bash") { shells.append((bash, ["--norc", "-euo", "pipefail"])) }
        return shells
    }

    /// Runs a hook file in each strict shell, in `repository`, and expects it quiet and
    /// successful; `ran` must then exist (the hook it hands over to), and is removed again.
    func runHook(_ g: GitBox, _ hook: String, in repository: String, expecting ran: String,
                 sourceLocation: SourceLocation = #_sourceLocation) throws {
        for (program, options) in strictShells() {
            let result = try run(program, options + [hook, "an-argument"], environment: g.box.environment, directory: repository)
            #expect(result.status == 0 && result.stdout.isEmpty && result.stderr.isEmpty,
                    "\(program) \(options) \(hook):\n\(result)", sourceLocation: sourceLocation)
            #expect(fileExists(ran), "\(hook) in \(program) did not run the hook after it", sourceLocation: sourceLocation)
            try? FileManager.default.removeItem(atPath: ran)
        }
    }

    /// The hook as `git install` writes it where it keeps a hook, in a repository and in a
    /// template folder of the user's (`git install --global`): shellcheck, then a run in
    /// strict mode.
    @Test func everyHookPassesShellcheckAndRunsQuietlyInStrictMode() throws {
        guard let g = try GitBox.make() else { return }
        let one = try g.repository("one")
        try writeScript(one + "/.git/hooks/post-commit", "#!/bin/sh\ntouch '\(g.root)/ran-kept'\n")
        #expect(try g.sp(["git", "install"], in: one).status == 0)
        let template = g.root + "/template"
        try writeScript(template + "/hooks/post-commit", "#!/bin/sh\ntouch '\(g.root)/ran-template'\n")
        try g.git(["config", "--global", "init.templateDir", template], in: g.root)
        #expect(try g.sp(["git", "install", "--global"], in: g.root).status == 0)
        let other = try g.repository("other")

        if let shellcheck = tool("shellcheck") {
            // No --shell: the #! line says sh.
            try lint(shellcheck, [], [one + "/.git/hooks/post-commit", template + "/hooks/post-commit"])
        }

        try runHook(g, one + "/.git/hooks/post-commit", in: one, expecting: g.root + "/ran-kept")
        try runHook(g, template + "/hooks/post-commit", in: other, expecting: g.root + "/ran-template")
        try runHook(g, other + "/.git/hooks/post-commit", in: other, expecting: g.root + "/ran-template")
    }

    /// A binary in a folder whose name is shell code: the hook holds it as data.
    @Test func aHookForAnOddBinaryPathIsCleanAndRunsNothing() throws {
        guard let g = try GitBox.make() else { return }
        let odd = g.root + "/it's $(touch pwned-h1) `touch pwned-h2` dir"
        try FileManager.default.createDirectory(atPath: odd, withIntermediateDirectories: true)
        try Binary.copy(to: odd + "/streakprompt")
        let repository = try g.repository()
        try writeScript(repository + "/.git/hooks/post-commit", "#!/bin/sh\ntouch '\(g.root)/ran-kept'\n")
        let install = try run(odd + "/streakprompt", ["git", "install"], environment: g.box.environment, directory: repository)
        #expect(install.status == 0, "\(install)")
        let hook = repository + "/.git/hooks/post-commit"
        #expect(try String(contentsOfFile: hook, encoding: .utf8).contains("dir/streakprompt'\n"))
        if let shellcheck = tool("shellcheck") {
            // SC2016 says that $( ) in single quotes does not run: here, that is the point.
            try lint(shellcheck, ["--exclude=SC2016"], [hook])
        }
        try runHook(g, hook, in: repository, expecting: g.root + "/ran-kept")
        #expect(!fileExists(g.root + "/pwned-h1") && !fileExists(repository + "/pwned-h1"))
        #expect(!fileExists(g.root + "/pwned-h2") && !fileExists(repository + "/pwned-h2"))
    }
}
