/// The git hooks streakprompt writes, as text: POSIX `sh`, LF line ends, recognisable by the
/// marker on their second line (`# streakprompt-hook v1 …`), which `doctor`, `git status` and a
/// later `git install` read to tell our hooks from anyone else's and to upgrade old ones.
///
/// Two layouts:
/// - **One repository** (`git install`): `post-commit` in the repository's hooks folder. A hook
///   that was already there is renamed to `post-commit.before-streakprompt` (never edited) and
///   run by ours with the same arguments and stdin, as its last act (`exec`), so its output and
///   exit status are what git would have seen without us. Uninstalling renames it back, which
///   restores its bytes, mode, owner and even a symbolic link exactly.
/// - **Every repository** (`git install --global`): a folder of ours set as the global
///   `core.hooksPath`. Git then runs only that folder's hooks, so it holds a forwarder for every
///   hook a repository may rely on (each `exec`s the repository's own `hooks/NAME`), and a
///   `post-commit` that counts the commit and then forwards.
public enum GitHookScript {
    /// Present in every file we write; what other tools grep for.
    public static let marker = "streakprompt-hook"
    /// Bumped when the text changes in a way an installed hook should be upgraded for.
    public static let version = 1
    /// The name a hook that was already there is kept under, next to ours.
    public static let backupSuffix = ".before-streakprompt"
    /// The hook that counts; the only one the per-repository install writes.
    public static let countingHook = "post-commit"

    /// Every hook git runs by its name from the hooks folder (githooks(5)), which the global
    /// folder forwards. Left out on purpose: `push-to-checkout`, whose mere presence replaces
    /// git's built-in `updateInstead` behaviour, and `fsmonitor-watchman`, which git runs only
    /// through `core.fsmonitor`, never by its name.
    public static let forwardedHooks = [
        "applypatch-msg", "pre-applypatch", "post-applypatch", "pre-commit", "pre-merge-commit",
        "prepare-commit-msg", "commit-msg", "post-commit", "pre-rebase", "post-checkout", "post-merge",
        "pre-push", "pre-receive", "update", "proc-receive", "post-receive", "post-update",
        "reference-transaction", "pre-auto-gc", "post-rewrite", "sendemail-validate", "post-index-change",
        "p4-changelist", "p4-prepare-changelist", "p4-post-changelist", "p4-pre-submit",
    ]

    /// What an installed hook says about itself.
    public struct Installed: Equatable, Sendable {
        public enum Layout: String, Sendable { case repository, global }

        public var version: Int
        public var layout: Layout
        /// The hook git runs it as: `post-commit`, `pre-push`, ….
        public var hook: String
        /// The binary it calls and the streak it counts for; nil in a plain forwarder.
        public var binary: String?
        public var name: String?

        public init(version: Int, layout: Layout, hook: String, binary: String? = nil, name: String? = nil) {
            self.version = version
            self.layout = layout
            self.hook = hook
            self.binary = binary
            self.name = name
        }
    }

    /// The per-repository `post-commit`.
    public static func repositoryHook(binary: String, name: StreakName) -> String {
        """
        #!/bin/sh
        # \(marker) v\(version) repository \(countingHook)
        # Counts this commit for a streakprompt streak when it is new work of yours: not an
        # amend, rebase, cherry-pick or revert, not someone else's, not backdated. Silent, and
        # never fails or holds up a commit. STREAKPROMPT=0 turns counting off.
        # Written by 'streakprompt git install'; 'streakprompt git uninstall' removes it and puts
        # back the hook that was here before, kept meanwhile as \(countingHook)\(backupSuffix).
        \(settings(binary: binary, name: name))
        \(countBlock)
        case $0 in */*) streakprompt_here=${0%/*} ;; *) streakprompt_here=. ;; esac
        if [ -x "$streakprompt_here/\(countingHook)\(backupSuffix)" ]; then
            exec "$streakprompt_here/\(countingHook)\(backupSuffix)" "$@"
        fi
        exit 0

        """
    }

    /// The global folder's `post-commit`: counts, then runs the repository's own `post-commit`.
    /// When that one is ours (a per-repository install), it alone counts, with its own streak.
    public static func globalCountingHook(binary: String, name: StreakName) -> String {
        """
        #!/bin/sh
        # \(marker) v\(version) global \(countingHook)
        # Git runs this folder's hooks in every repository (global core.hooksPath, set by
        # 'streakprompt git install --global') instead of the repository's own ones, so this
        # counts the commit for a streakprompt streak when it is new work of yours, then runs
        # the repository's own \(countingHook) hook. Silent; never fails a commit.
        # STREAKPROMPT=0 turns counting off. 'streakprompt git uninstall --global' removes it.
        \(settings(binary: binary, name: name))
        \(repositoryFolder)
        streakprompt_own=$streakprompt_git/hooks/\(countingHook)
        \(ownHookCheck)
        streakprompt_count=1
        case $streakprompt_line in
            *"\(marker) "*" global "*) streakprompt_own= ;;
            *\(marker)*) streakprompt_count= ;;
        esac
        if [ -n "$streakprompt_count" ]; then
        \(countBlock.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n"))
        fi
        if [ -n "$streakprompt_own" ] && [ -x "$streakprompt_own" ]; then
            exec "$streakprompt_own" "$@"
        fi
        exit 0

        """
    }

    /// A global folder's forwarder for any other hook.
    public static func forwarder(_ hook: String) -> String {
        """
        #!/bin/sh
        # \(marker) v\(version) global \(hook)
        # Git runs this folder's hooks in every repository (global core.hooksPath, set by
        # 'streakprompt git install --global') instead of the repository's own ones, so this
        # runs the repository's own \(hook) hook, if it has one, exactly as git would have.
        \(repositoryFolder)
        streakprompt_own=$streakprompt_git/hooks/\(hook)
        \(ownHookCheck)
        case $streakprompt_line in
            *"\(marker) "*" global "*) ;;
            *) if [ -x "$streakprompt_own" ]; then exec "$streakprompt_own" "$@"; fi ;;
        esac
        exit 0

        """
    }

    /// The text of the global folder's file for `hook`.
    public static func globalHook(_ hook: String, binary: String, name: StreakName) -> String {
        hook == countingHook ? globalCountingHook(binary: binary, name: name) : forwarder(hook)
    }

    /// The binary and the streak, as shell variables.
    static func settings(binary: String, name: StreakName) -> String {
        """
        streakprompt_bin=\(shellQuoted(binary))
        streakprompt_name=\(shellQuoted(name.text))
        """
    }

    /// Runs the binary: the absolute path written at install time, else the one on `PATH`,
    /// else nothing (a GUI client's `PATH` may not have it). Its output goes nowhere.
    static let countBlock = """
        if [ "${STREAKPROMPT-}" != 0 ]; then
            if [ ! -x "$streakprompt_bin" ]; then
                streakprompt_bin=$(command -v streakprompt 2>/dev/null) || streakprompt_bin=
            fi
            if [ -n "$streakprompt_bin" ]; then
                "$streakprompt_bin" git hook \(countingHook) --name "$streakprompt_name" </dev/null >/dev/null 2>&1
            fi
        fi
        """

    /// Sets `streakprompt_git` to the repository's common git folder, where its own hooks live,
    /// without running git in the common cases: git exports `GIT_DIR` to hooks when the folder
    /// is not `./.git` (worktrees, submodules, bare repositories), and a worktree's folder names
    /// the shared one in its `commondir` file.
    static let repositoryFolder = """
        streakprompt_git=${GIT_COMMON_DIR:-${GIT_DIR:-.git}}
        if [ -z "${GIT_COMMON_DIR-}" ] && [ -f "$streakprompt_git/commondir" ]; then
            IFS= read -r streakprompt_common <"$streakprompt_git/commondir" || streakprompt_common=
            case $streakprompt_common in
                '') ;;
                /*) streakprompt_git=$streakprompt_common ;;
                *) streakprompt_git=$streakprompt_git/$streakprompt_common ;;
            esac
        fi
        if [ ! -d "$streakprompt_git" ]; then
            streakprompt_git=$(git rev-parse --git-common-dir 2>/dev/null) || streakprompt_git=
        fi
        """

    /// Sets `streakprompt_own` to empty when the repository has no git folder, and reads the
    /// second line of the repository's own hook into `streakprompt_line` (shell builtins only):
    /// a hook that is one of this folder's own files (a link back here) must not be run, or
    /// the forwarding would run itself for ever.
    static let ownHookCheck = """
        [ -n "$streakprompt_git" ] || streakprompt_own=
        streakprompt_line=
        if [ -n "$streakprompt_own" ] && [ -f "$streakprompt_own" ]; then
            { IFS= read -r streakprompt_line && IFS= read -r streakprompt_line; } <"$streakprompt_own" 2>/dev/null
        fi
        """

    /// `text` in single quotes for `sh`, each `'` written as `'\''`.
    public static func shellQuoted(_ text: String) -> String {
        var out = "'"
        for character in text {
            if character == "'" { out += "'\\''" } else { out.append(character) }
        }
        return out + "'"
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

    /// Whether these bytes are one of our hooks.
    public static func isOurs(_ bytes: some Collection<UInt8>) -> Bool {
        inspect(bytes) != nil
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

    /// The value of `variable='value'` (as `shellQuoted` writes it), or nil.
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
