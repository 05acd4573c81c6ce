import Foundation
import StreakCore
import StreakSystem

/// A throwaway folder, and an environment that points everything at it: the data folder, the
/// user's home, the machine's name. Nothing of the test runner's own environment is read.
final class Scratch {
    let root: String

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("streakprompt-system-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: root + "/home", withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: root)
    }

    var home: String { root + "/home" }
    var data: String { root + "/data" }

    /// The environment of a user whose home and data folder are here, plus `extra`.
    func environment(_ extra: [String: String] = [:]) -> Environment {
        var variables = [
            "HOME": home,
            "STREAKPROMPT_HOME": data,
            "STREAKPROMPT_MACHINE": "laptop",
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
        ]
        for (key, value) in extra { variables[key] = value }
        return Environment(variables)
    }

    func store(_ extra: [String: String] = [:]) -> Store {
        Store(environment(extra))!
    }

    func write(_ path: String, _ text: String, mode: Int? = nil) throws {
        let full = path.hasPrefix("/") ? path : root + "/" + path
        try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: full))
        if let mode { try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: full) }
    }

    func read(_ path: String) throws -> String {
        try String(contentsOfFile: path.hasPrefix("/") ? path : root + "/" + path, encoding: .utf8)
    }

    func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: path.hasPrefix("/") ? path : root + "/" + path)
    }
}

extension Action {
    /// An action at `moment` (ISO 8601), counted for its UTC date.
    static func at(_ moment: String) -> Action {
        let input = TimeInput(moment)!
        let zone = FixedOffsetZone(offset: 0)
        let seconds = input.moment(in: zone, present: 0, dayStart: .midnight)
        let instant = zone.local(at: seconds)
        return Action(day: instant.local.day, at: instant)
    }
}

let utc = FixedOffsetZone(offset: 0)
