import StreakCore

/// The git hooks streakprompt writes, as text: POSIX `sh`, LF line ends, recognisable by the
/// marker on their second line (`# streakprompt-hook v1 …`), which `doctor`, `git status` and a
/// later `git install` read to tell our hooks from anyone else's and to upgrade old ones.
///
/// The layout is one repository's hooks folder (`git install`, and the template folder and
/// repositories `git install --global` puts it into): `post-commit` there. When nothing else
/// is to run there, it is a file whose interpreter line names the binary (`directHook`;
/// development builds of 0.2 made it a symbolic link to the binary), with its settings in
/// `post-commit.streakprompt` beside it (`linkSettings`): git then starts the binary and no
/// shell, which costs a commit less than an empty `sh` hook does. A hook that was already
/// there is renamed to `post-commit.before-streakprompt` (never edited) and run by ours, then
/// a script, with the same arguments and stdin, as its last act (`exec`), so its output and
/// exit status are what git would have seen without us, whatever became of the binary.
/// Uninstalling renames it back, which restores its bytes, mode, owner and even a symbolic
/// link exactly.
///
/// Earlier versions' `git install --global` wrote a second layout, `global`: a folder named in
/// the global `core.hooksPath` with a forwarder for every hook type. Its files are still read
/// (`inspect`), so that the next install can take them out (`LegacyGlobalHooks`).
///
/// The script is `shell/git-hook.sh`, under its interpreter line and the marker, with its
/// settings (hook, binary, streak) as quoted assignments. The marker
/// line and the `streakprompt_bin='…'` / `streakprompt_name='…'` lines are what `inspect` reads,
/// in this text and in every text an earlier release installed, so their form stays as it is.
public enum GitHookScript {
    /// Present in every file we write; what other tools grep for.
    public static let marker = "streakprompt-hook"
    /// Bumped when the text changes in a way an installed hook should be upgraded for.
    public static let version = 2
    /// The name a hook that was already there is kept under, next to ours.
    public static let backupSuffix = ".before-streakprompt"
    /// The hook that counts; the only one the per-repository install writes.
    public static let countingHook = "post-commit"
    /// The settings of a `post-commit` that starts the binary directly are in the file of the
    /// hook's name with this suffix, beside it.
    public static let settingsSuffix = ".streakprompt"

    /// What an installed hook says about itself.
    public struct Installed: Equatable, Sendable {
        public enum Layout: String, Sendable { case repository, global }
        /// A script git runs with `sh`; or a hook that starts the binary directly, with a
        /// settings file: a file whose interpreter line names it (`direct`), or an earlier
        /// build's symbolic link to it (`link`).
        public enum Form: String, Sendable { case script, direct, link }

        public var version: Int
        public var layout: Layout
        /// The hook git runs it as: `post-commit`, `pre-push`, ….
        public var hook: String
        /// The binary it calls and the streak it counts for; nil in a plain forwarder.
        public var binary: String?
        public var name: String?
        public var form: Form
        /// Whether git starts the binary itself (no shell): a direct hook or a link.
        public var startsTheBinary: Bool { form != .script }

        public init(version: Int, layout: Layout, hook: String, binary: String? = nil, name: String? = nil, form: Form = .script) {
            self.version = version
            self.layout = layout
            self.hook = hook
            self.binary = binary
            self.name = name
            self.form = form
        }
    }

    /// The per-repository `post-commit`.
    public static func repositoryHook(binary: String, name: StreakName) -> String {
        render(binary: binary, name: name)
    }

    /// The argument the binary gets from the interpreter line of a direct `post-commit`
    /// (`directHook`), before the hook's path: what tells it git runs it as that hook.
    public static let directArgument: StaticString = "--git-hook-file"

    /// The `post-commit` that has git start `binary` itself, no shell: an interpreter line
    /// naming the binary (the kernel runs it with `directArgument` and the hook's path), and
    /// the marker line earlier versions' global forwarders read (its streak is in the settings file beside it,
    /// `linkSettings`). A file of its own, not a link to the binary: writing to the hook
    /// (`echo … > .git/hooks/post-commit`) must never write into the binary. Nil when the
    /// binary's path cannot stand on an interpreter line: not absolute, with a space, a TAB or
    /// a line break, or a line longer than the 127 bytes older Linux kernels read.
    public static func directHook(binary: String) -> String? {
        let line = "#!" + binary + " " + directArgument.description
        guard binary.hasPrefix("/"), line.utf8.count <= 127,
              !binary.utf8.contains(where: { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0 })
        else { return nil }
        return line + "\n# \(marker) v\(version) \(Installed.Layout.repository.rawValue) \(countingHook)\n"
    }

    /// The settings file of a `post-commit` that starts `binary` directly: the marker and the
    /// settings `inspect` reads (a hook's second line and assignments, so that earlier versions'
    /// global forwarders, which read that line, defer to it), and what the link is. Never run: the binary
    /// reads it when git runs the link.
    public static func linkSettings(binary: String, name: StreakName) -> String {
        let settings = [ShellText.Setting(name: "streakprompt_layout", value: Installed.Layout.repository.rawValue),
                        ShellText.Setting(name: "streakprompt_hook", value: countingHook),
                        ShellText.Setting(name: "streakprompt_bin", value: binary),
                        ShellText.Setting(name: "streakprompt_name", value: name.text)]
        let about = """
            # \(countingHook) beside this file has git start streakprompt (the binary above) itself,
            # no shell, and it reads this file for the streak your new commits count for. It
            # counts the commit when it is new work of yours (not an amend, rebase, cherry-pick
            # or revert, not someone else's, not backdated), prints nothing, never fails the
            # commit, and then runs \(countingHook)\(backupSuffix) if there is one. STREAKPROMPT=0
            # turns counting off. If the binary is removed, git says it cannot run the hook and
            # the commit is made all the same: 'streakprompt git install' again, or 'git
            # uninstall', which removes both files.

            """
        return ShellText.render(head: ["# streakprompt: the settings of the \(countingHook) beside it", "# \(marker) v\(version) repository \(countingHook)"],
                                settings: settings, syntax: .posix, files: [Array(about.utf8)])
    }

    /// What the settings file of a link says, or nil if it is not one of ours (no marker on its
    /// second line, not a repository's post-commit, no binary).
    public static func inspectLinkSettings(_ bytes: some Collection<UInt8>) -> Installed? {
        guard var installed = inspect(bytes), installed.version > 0, installed.layout == .repository,
              installed.hook == countingHook, installed.binary != nil
        else { return nil }
        installed.form = .link
        return installed
    }

    /// The streak a link's settings file names, read the way the link itself does at every
    /// commit: the marker as the second line (`# streakprompt-hook vN repository post-commit`)
    /// and the `streakprompt_name='…'` line, by bytes (`inspect` splits and decodes lines with
    /// generic types the runtime builds at first use, which would cost a commit more than the
    /// rest). Nil when either is missing; a quoted quote is no part of a valid name.
    public static func linkedName(_ bytes: [UInt8]) -> String? {
        let head = "# " + marker + " v"
        let tail = " repository " + countingHook
        let prefix = "streakprompt_name='"
        // What `inspect` reads: the first 8192 bytes, the last line with or without its end.
        let count = min(bytes.count, 8192)
        var marked = false
        var name: String?
        var number = 0
        var start = 0
        while start <= count {
            var end = start
            while end < count, bytes[end] != 0x0A { end += 1 }
            if number == 1 {
                guard end - start > head.utf8.count + tail.utf8.count,
                      bytes[start..<(start + head.utf8.count)].elementsEqual(head.utf8),
                      bytes[(end - tail.utf8.count)..<end].elementsEqual(tail.utf8),
                      bytes[(start + head.utf8.count)..<(end - tail.utf8.count)].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 })
                else { return nil }
                marked = true
            } else if end - start > prefix.utf8.count, bytes[end - 1] == 0x27,
                      bytes[start..<(start + prefix.utf8.count)].elementsEqual(prefix.utf8) {
                // The last one counts, as in a shell; a quote inside is no valid name's.
                let value = bytes[(start + prefix.utf8.count)..<(end - 1)]
                guard !value.contains(0x27) else { return nil }
                name = String(decoding: value, as: UTF8.self)
            }
            number += 1
            start = end + 1
        }
        return marked ? name : nil
    }

    /// `shell/git-hook.sh` under its interpreter line, the marker `inspect` reads back, and
    /// the settings it runs with.
    static func render(binary: String, name: StreakName) -> String {
        let settings = [ShellText.Setting(name: "streakprompt_hook", value: countingHook),
                        ShellText.Setting(name: "streakprompt_bin", value: binary),
                        ShellText.Setting(name: "streakprompt_name", value: name.text)]
        return ShellText.render(head: ["#!/bin/sh", "# \(marker) v\(version) \(Installed.Layout.repository.rawValue) \(countingHook)"],
                                settings: settings, syntax: .posix, files: [PackageResources.git_hook_sh])
    }

    /// What someone added after the text we wrote, in a hook that starts with it: the bytes
    /// after a direct hook's two lines (`directHook`, for the binary its first line names), or
    /// after the script `render` writes for the binary and streak it names.
    /// Empty: the file is our text exactly. Nil: it does not start with a text of ours as this
    /// build writes it (an earlier release's, one changed within our lines, or not ours).
    public static func added(to bytes: [UInt8]) -> ArraySlice<UInt8>? {
        let suffix = " " + directArgument.description
        if bytes.starts(with: "#!".utf8), let firstEnd = bytes.firstIndex(of: 0x0A) {
            let first = String(decoding: bytes[2..<firstEnd], as: UTF8.self)
            if first.hasSuffix(suffix), let text = directHook(binary: String(first.dropLast(suffix.count))),
               bytes.starts(with: text.utf8) {
                return bytes[text.utf8.count...]
            }
        }
        guard let installed = inspect(bytes), installed.version == version, installed.layout == .repository,
              installed.hook == countingHook, let binary = installed.binary, let name = installed.name.flatMap({ try? StreakName($0) })
        else { return nil }
        let text = Array(render(binary: binary, name: name).utf8)
        return bytes.starts(with: text) ? bytes[text.count...] : nil
    }

    /// Whether `added` (what `added(to:)` found) holds anything a shell would run: more than
    /// blank lines.
    public static func holdsCommands(_ added: ArraySlice<UInt8>) -> Bool {
        added.contains { $0 != 0x0A && $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }
    }

    /// Reads what our hook says about itself, or nil if the text is not one of ours.
    public static func inspect(_ bytes: some Collection<UInt8>) -> Installed? {
        let lines = Array(bytes.prefix(8192)).split(separator: 0x0A, omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
        guard lines.count > 1, let header = markerFields(lines[1]) else {
            // The marker elsewhere still makes it ours (an older or hand-edited hook).
            guard lines.contains(where: { $0.contains(marker) }) else { return nil }
            return Installed(version: 0, layout: .repository, hook: countingHook)
        }
        var installed = header
        for line in lines {
            if let value = assignedValue(line, "streakprompt_bin") { installed.binary = value }
            if let value = assignedValue(line, "streakprompt_name") { installed.name = value }
        }
        return installed
    }

    /// `# streakprompt-hook v1 repository post-commit` → its fields.
    static func markerFields(_ line: String) -> Installed? {
        let words = line.split(separator: " ")
        guard words.count == 5, words[0] == "#", words[1] == marker, words[2].hasPrefix("v"),
              let version = Decimal.parse(words[2].dropFirst().utf8),
              let layout = Installed.Layout(rawValue: String(words[3]))
        else { return nil }
        return Installed(version: version, layout: layout, hook: String(words[4]))
    }

    /// The value of `variable='value'` (as `ShellQuote` writes it for `sh`), or nil.
    static func assignedValue(_ line: String, _ variable: String) -> String? {
        let prefix = variable + "='"
        guard line.hasPrefix(prefix), line.hasSuffix("'") else { return nil }
        let quoted = line.dropFirst(prefix.count - 1)
        var out = ""
        var rest = Substring(quoted)
        // Undo `'\''` joins: split on the quote characters that are syntax.
        while let open = rest.firstIndex(of: "'") {
            rest = rest[rest.index(after: open)...]
            guard let close = rest.firstIndex(of: "'") else { return nil }
            out += rest[..<close]
            rest = rest[rest.index(after: close)...]
            if rest.hasPrefix("\\'") {
                out += "'"
                rest = rest.dropFirst(2)
            } else if !rest.isEmpty {
                return nil
            }
        }
        return out
    }
}
