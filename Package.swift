// swift-tools-version:6.0
import PackageDescription

// The shipped binary links the Swift runtime statically on Linux: no dynamic loader work at
// start-up, which is most of what a prompt segment costs (see bench/README.md). Only the
// executable carries the flag; tests link the libraries and run the built binary.
let package = Package(
    name: "streakprompt",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "streakprompt", targets: ["streakprompt"]),
    ],
    targets: [
        // The rules: dates, runs, schedules, freezes, the segment. No Foundation, no libc.
        .target(name: "StreakCore"),
        // The shell text: the plugins and the git hook script, which live as files in shell/
        // (what plugin managers load), compiled in as [UInt8] constants (embedInCode: no Bundle,
        // no Foundation, fine in the static executable), and the one function that renders
        // them for `init` and `git install`: quoted settings, then the files verbatim. No
        // Foundation, no libc. The tmux script, the fish completions (for TPM and fisher) and
        // shell/generate (the completions' writer) live there too; nothing prints them.
        .target(
            name: "StreakShell",
            dependencies: ["StreakCore"],
            path: "shell",
            exclude: ["completions", "generate", "streakprompt.tmux"],
            sources: ["swift"],
            resources: [
                .embedInCode("streakprompt.bash"), .embedInCode("streakprompt.plugin.zsh"),
                .embedInCode("functions"), .embedInCode("conf.d"), .embedInCode("git-hook.sh"),
            ]
        ),
        // Files, the clock and the time zone: the only code that talks to the system.
        .target(name: "StreakSystem", dependencies: ["StreakCore", "StreakShell"]),
        // Argument parsing and one file per command.
        .target(name: "StreakCLI", dependencies: ["StreakCore", "StreakShell", "StreakSystem"]),
        .executableTarget(
            name: "streakprompt",
            dependencies: ["StreakCLI"],
            linkerSettings: [.unsafeFlags(["-static-executable"], .when(platforms: [.linux]))]
        ),
        .testTarget(name: "StreakCoreTests", dependencies: ["StreakCore"]),
        .testTarget(name: "StreakShellTests", dependencies: ["StreakShell", "StreakCore"]),
        .testTarget(name: "StreakCLITests", dependencies: ["StreakCLI", "StreakCore", "StreakShell", "StreakSystem"]),
        .testTarget(name: "StreakEndToEndTests", dependencies: ["StreakCore"]),
    ]
)
