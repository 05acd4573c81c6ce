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
        // Files, the clock and the time zone: the only code that talks to the system.
        .target(name: "StreakSystem", dependencies: ["StreakCore"]),
        // Argument parsing and one file per command.
        .target(name: "StreakCLI", dependencies: ["StreakCore", "StreakSystem"]),
        .executableTarget(
            name: "streakprompt",
            dependencies: ["StreakCLI"],
            linkerSettings: [.unsafeFlags(["-static-executable"], .when(platforms: [.linux]))]
        ),
        .testTarget(name: "StreakCoreTests", dependencies: ["StreakCore"]),
        .testTarget(name: "StreakCLITests", dependencies: ["StreakCLI", "StreakCore", "StreakSystem"]),
        .testTarget(name: "StreakEndToEndTests", dependencies: ["StreakCore"]),
    ]
)
