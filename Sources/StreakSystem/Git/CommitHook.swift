import StreakCore
import StreakShell

/// The post-commit hook git runs from a hooks folder, and whether it counts commits: the one
/// answer `git status` and `doctor` give.
///
/// A hook counts when it is ours, or when it is another tool's that calls
/// `streakprompt git hook post-commit` itself: a hand-written hook, or husky's, whose
/// `.husky/_/post-commit` (the folder `core.hooksPath` names) runs the user's `.husky/post-commit`.
public struct CommitHook: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// No post-commit hook in the folder.
        case missing
        /// One of ours (`git install`).
        case ours(GitHookScript.Installed)
        /// Another tool's hook that counts by calling `streakprompt git hook post-commit`:
        /// `caller` is the file holding that call (the hook itself, or husky's user hook),
        /// `name` the streak its `--name` gives, if any.
        case calls(caller: String, name: String?)
        /// Someone else's hook, which does not count.
        case foreign
    }

    /// The file git runs: `FOLDER/post-commit`.
    public var path: String
    public var kind: Kind
    /// Whether git can run it (git skips a hook without the execute bit).
    public var isExecutable: Bool

    /// Whether it counts commits: git runs it (git skips a hook it cannot run: one without
    /// the execute bit, one that starts a binary that is gone) and it is ours or calls us.
    public var counts: Bool {
        guard isExecutable else { return false }
        switch kind {
        case .ours, .calls: return true
        case .missing, .foreign: return false
        }
    }

    /// The streak it counts for, when it says (a call without `--name` counts for `default`).
    public var name: String? {
        switch kind {
        case .ours(let installed): return installed.name
        case .calls(_, let name): return name ?? StreakName.default.text
        case .missing, .foreign: return nil
        }
    }

    /// Hook files larger than this are someone else's and are not read.
    static let readLimit = 1 << 20

    /// The post-commit hook of `folder`.
    public static func inspect(folder: String) -> CommitHook {
        let path = Paths.join(folder, GitHookScript.countingHook)
        let executable = Files.isExecutable(path)
        switch GitHookFiles.look(at: path) {
        case .nothing:
            return CommitHook(path: path, kind: .missing, isExecutable: false)
        case .ours(let installed, _):
            // A hook that starts the binary itself runs only while that binary is there.
            let runs = executable && (!installed.startsTheBinary || installed.binary.map(Files.isExecutable) == true)
            return CommitHook(path: path, kind: .ours(installed), isExecutable: runs)
        case .foreign:
            // The pre-commit framework keeps a hook it finds as `post-commit.legacy` and runs
            // it from its own (its Python does: the script says `hook-impl`): ours, kept there,
            // still counts.
            let legacy = path + ".legacy"
            if case .ours(let installed, _) = GitHookFiles.look(at: legacy),
               let bytes = (try? Files.readIfPresent(path, limit: readLimit, followLinks: true)) ?? nil,
               case let text = String(decoding: bytes, as: UTF8.self), text.contains(".legacy") || text.contains("hook-impl") {
                let runs = executable && Files.isExecutable(legacy)
                    && (!installed.startsTheBinary || installed.binary.map(Files.isExecutable) == true)
                return CommitHook(path: path, kind: .calls(caller: legacy, name: installed.name), isExecutable: runs)
            }
            for caller in [path] + huskyUserHook(folder: folder) {
                guard let bytes = (try? Files.readIfPresent(caller, limit: readLimit, followLinks: true)) ?? nil,
                      let call = HookCall.find(in: String(decoding: bytes, as: UTF8.self))
                else { continue }
                return CommitHook(path: path, kind: .calls(caller: caller, name: call.name), isExecutable: executable)
            }
            return CommitHook(path: path, kind: .foreign, isExecutable: executable)
        }
    }

    /// husky (9 and later) points `core.hooksPath` at `.husky/_`, whose generated hooks run the
    /// user's `.husky/HOOK` with `sh`: that file is where the call is written.
    static func huskyUserHook(folder: String) -> [String] {
        guard Paths.lastComponent(of: folder) == "_" else { return [] }
        return [Paths.join(Paths.folder(of: folder), GitHookScript.countingHook)]
    }
}

/// A call of `streakprompt git hook post-commit` in a shell script.
public struct HookCall: Equatable, Sendable {
    /// The `--name` it passes, if any.
    public var name: String?

    /// The first call in `script` outside comments, or nil. The binary may be named by a path
    /// or quoted (`'/opt/bin/streakprompt' git hook post-commit`).
    public static func find(in script: String) -> HookCall? {
        for line in script.split(whereSeparator: \.isNewline) {
            let code = ShellLine.code(of: line)
            guard let command = code.firstRange(of: "git hook " + GitHookScript.countingHook) else { continue }
            // The word right before `git` is the program that runs it.
            let before = code[..<command.lowerBound]
            guard before.last == " " || before.last == "\t" else { continue }
            let word = before.split(whereSeparator: { $0 == " " || $0 == "\t" }).last ?? ""
            let binary = word.drop { "(;&|".contains($0) }.filter { $0 != "'" && $0 != "\"" }
            guard binary == "streakprompt" || binary.hasSuffix("/streakprompt") else { continue }
            return HookCall(name: nameArgument(code[command.upperBound...]))
        }
        return nil
    }

    /// The value after `--name` (or in `--name=VALUE`), unquoted.
    static func nameArgument(_ rest: Substring) -> String? {
        let words = rest.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == ";" })
        for (index, word) in words.enumerated() {
            var value: Substring?
            if word == "--name", index + 1 < words.count { value = words[index + 1] }
            if word.hasPrefix("--name=") { value = word.dropFirst("--name=".count) }
            if let value { return String(value.filter { $0 != "'" && $0 != "\"" }) }
        }
        return nil
    }
}

/// Shell start-up files and hook scripts, read line by line.
public enum ShellLine {
    /// The line without its comment: from a `#` that starts a word outside quotes (sh, bash,
    /// zsh, fish, tmux and TOML all comment that way).
    public static func code(of line: Substring) -> Substring {
        var quote: Character?
        var previous: Character = " "
        for index in line.indices {
            let character = line[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "'" || character == "\"" {
                quote = character
            } else if character == "#", previous == " " || previous == "\t" || previous == ";" {
                return line[..<index]
            }
            previous = character
        }
        return line
    }
}
