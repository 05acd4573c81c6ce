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
        // The rules: dates, runs, schedules, freezes, the segment, the settings fields, whether a
        // commit counts. No Foundation, no libc: tested without a disk or a clock.
        .target(name: "StreakCore"),
        // Every fact about the system: files and the data folder, the clock and the zone, the
        // environment (passed in as a value), terminals, processes, git, the prompt's read path.
        // The only code that imports the C library.
        .target(name: "StreakSystem", dependencies: ["StreakCore"]),
        // Typed command declarations, the parser, and one file per command: parse, call, print.
        // No libc: what it needs from the system it asks StreakSystem.
        .target(name: "StreakCLI", dependencies: ["StreakCore", "StreakSystem"]),
        // `main`: the process's exit status from the command line.
        .executableTarget(
            name: "streakprompt",
            dependencies: ["StreakCLI"],
            linkerSettings: [.unsafeFlags(["-static-executable"], .when(platforms: [.linux]))]
        ),
        // What more than one test target uses: a seeded random generator, the heat map's fixture.
        .target(name: "StreakTestSupport", path: "Tests/StreakTestSupport"),
        .testTarget(name: "StreakCoreTests", dependencies: ["StreakCore", "StreakTestSupport"]),
        // Store, files, doctor and repair, hooks and git, in process, with injected environments.
        .testTarget(name: "StreakSystemTests", dependencies: ["StreakSystem", "StreakCore"]),
        .testTarget(name: "StreakCLITests", dependencies: ["StreakCLI", "StreakCore", "StreakSystem"]),
        // The built binary, run as a user runs it, in real shells, tmux and git.
        .testTarget(name: "StreakEndToEndTests", dependencies: ["StreakCore", "StreakTestSupport"]),
    ]
)
