// swift-tools-version:6.0
import PackageDescription

// The shipped binary links the Swift runtime statically on Linux: no dynamic loader work at
// start-up, which is most of what a prompt segment costs (see bench/README.md). Only the
// executable carries the flag; tests link the libraries and run the built binary.
//
// A release build on Linux is what ships (packaging/build takes it as it is):
// - stripped (`--strip-all`): a third of the size, and the same binary from source as in the
//   tarball;
// - linked by lld (the toolchain's own linker) with the functions a prompt runs placed side by
//   side (`packaging/prompt.order`, written by `bench/order`; every function in a section of
//   its own, `-function-sections`, so the linker can move it). The kernel maps a program's
//   code 64 KB around each page it touches: scattered over the 7 MB of the runtime and the
//   standard library, a prompt's few hundred functions made it map 4 MB; side by side, under
//   1 MB. Fewer page faults, and a smaller resident set.
let linuxRelease = BuildSettingCondition.when(platforms: [.linux], configuration: .release)
let sections = SwiftSetting.unsafeFlags(["-Xfrontend", "-function-sections"], linuxRelease)
// Release builds leave out the run-time checks of exclusive access (a `beginAccess` call at
// each read of a class's stored property; a tenth of the work of rewriting the views at a
// change). Debug builds, which the tests run, keep them: an overlapping access still fails
// there.
let unchecked = SwiftSetting.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))
let package = Package(
    name: "streakprompt",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "streakprompt", targets: ["streakprompt"]),
    ],
    targets: [
        // The rules: dates, runs, schedules, freezes, the segment, the settings fields, whether a
        // commit counts. No Foundation, no libc: tested without a disk or a clock.
        .target(name: "StreakCore", swiftSettings: [sections, unchecked]),
        // The shell text: the plugins and the git hook script, which live as files in shell/
        // (what plugin managers load), compiled in as [UInt8] constants (embedInCode: no Bundle,
        // no Foundation, fine in the static executable), and the one function that renders
        // them for `init` and `git install`: quoted settings, then the files verbatim. No
        // Foundation, no libc. The tmux script, the fish completions (for TPM and fisher),
        // shell/generate (the completions' writer) and the editors' plugins (nvim, vim) live
        // there too; nothing prints them.
        .target(
            name: "StreakShell",
            dependencies: ["StreakCore"],
            path: "shell",
            exclude: ["completions", "generate", "streakprompt.tmux", "nvim", "vim"],
            sources: ["swift"],
            resources: [
                .embedInCode("streakprompt.bash"), .embedInCode("streakprompt.plugin.zsh"),
                .embedInCode("functions"), .embedInCode("conf.d"), .embedInCode("git-hook.sh"),
                .embedInCode("streakprompt.sh"), .embedInCode("streakprompt.tcsh"), .embedInCode("streakprompt.elv"),
                .embedInCode("streakprompt.xsh"),
            ],
            swiftSettings: [sections, unchecked]
        ),
        // Every fact about the system: files and the data folder, the clock and the zone, the
        // environment (passed in as a value), terminals, processes, git, the prompt's read path.
        // The only code that imports the C library.
        .target(name: "StreakSystem", dependencies: ["StreakCore", "StreakShell", "StreakBuildInfo"],
                swiftSettings: [sections, unchecked]),
        // The version (the VERSION file) and the commit this build comes from, as constants
        // written before every build by the BuildInfo plugin.
        .target(name: "StreakBuildInfo", swiftSettings: [sections, unchecked], plugins: ["BuildInfo"]),
        .plugin(name: "BuildInfo", capability: .buildTool()),
        // Typed command declarations, the parser, and one file per command: parse, call, print.
        // No libc: what it needs from the system it asks StreakSystem.
        .target(name: "StreakCLI", dependencies: ["StreakCore", "StreakShell", "StreakSystem", "StreakBuildInfo"],
                swiftSettings: [sections, unchecked]),
        // `main`: the process's exit status from the command line.
        .executableTarget(
            name: "streakprompt",
            dependencies: ["StreakCLI"],
            swiftSettings: [sections, unchecked],
            linkerSettings: [
                .unsafeFlags(["-static-executable"], .when(platforms: [.linux])),
                .unsafeFlags(["-use-ld=lld", "-Xlinker", "--strip-all",
                              "-Xlinker", "--symbol-ordering-file=\(Context.packageDirectory)/packaging/prompt.order",
                              "-Xlinker", "--no-warn-symbol-ordering"], linuxRelease),
            ]
        ),
        // What more than one test target uses: a seeded random generator, the heat map's fixture.
        .target(name: "StreakTestSupport", path: "Tests/StreakTestSupport"),
        .testTarget(name: "StreakCoreTests", dependencies: ["StreakCore", "StreakTestSupport"]),
        .testTarget(name: "StreakShellTests", dependencies: ["StreakShell", "StreakCore", "StreakTestSupport"]),
        // Store, files, doctor and repair, hooks and git, in process, with injected environments.
        .testTarget(name: "StreakSystemTests", dependencies: ["StreakSystem", "StreakCore", "StreakShell"]),
        .testTarget(name: "StreakCLITests", dependencies: ["StreakCLI", "StreakCore", "StreakShell", "StreakSystem"]),
        // The built binary, run as a user runs it, in real shells, tmux and git.
        .testTarget(name: "StreakEndToEndTests", dependencies: ["StreakCore", "StreakTestSupport"]),
    ]
)
