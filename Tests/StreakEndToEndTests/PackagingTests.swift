import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The release as a user gets it: `packaging/build`'s tarball, `.deb`, `install.sh` and
/// `SHA256SUMS`, installed into a temporary prefix and used from real shells, then removed.
/// The artefacts are built around the binary under test (`STREAKPROMPT_BINARY`), so this runs
/// in the suite's time; `.ci/run` builds them from the release binary and runs lintian too.
@Suite("packaging", .serialized)
struct PackagingTests {
    static let root = Package.root.path
    static var version: String {
        (try? String(contentsOfFile: root + "/VERSION", encoding: .utf8))?.split(separator: "\n").first.map(String.init) ?? "?"
    }

    /// One version everywhere: VERSION, --version, version --json, the manual, the CHANGELOG's
    /// newest section, the Homebrew formula.
    @Test func everyPlaceSaysTheSameVersion() throws {
        let version = Self.version
        #expect(version.wholeMatch(of: /[0-9]+\.[0-9]+\.[0-9]+/) != nil, "\(version)")
        let box = try Sandbox()
        #expect(try box.sp("--version").stdout == "streakprompt \(version)\n")
        let json = try JSONSerialization.jsonObject(with: Data(try box.sp("version", "--json").stdout.utf8)) as? [String: Any]
        #expect(json?["version"] as? String == version)
        #expect((json?["commit"] as? String)?.isEmpty == false)
        let manual = try String(contentsOfFile: Self.root + "/man/streakprompt.1", encoding: .utf8)
        #expect(manual.contains("\"streakprompt \(version)\""))
        let changelog = try String(contentsOfFile: Self.root + "/CHANGELOG.md", encoding: .utf8)
        // `## VERSION — DATE` (or `— unreleased` until it is tagged).
        let heading = changelog.split(separator: "\n").first { $0.hasPrefix("## ") } ?? ""
        #expect(heading.hasPrefix("## \(version) — "), "\(heading)")
        let formula = try String(contentsOfFile: Self.root + "/packaging/homebrew/streakprompt.rb", encoding: .utf8)
        #expect(formula.contains("streakprompt-\(version).tar.gz"))
        if let ruby = tool("ruby") {
            let checked = try run(ruby, ["-c", Self.root + "/packaging/homebrew/streakprompt.rb"], environment: box.environment)
            #expect(checked.status == 0, "\(checked)")
        }
        // The formula installs what the tarball holds.
        for path in ["man/streakprompt.1", "completions/streakprompt.bash", "completions/_streakprompt",
                     "completions/streakprompt.fish", "streakprompt.tmux", "shell/streakprompt.plugin.zsh",
                     "shell/streakprompt.elv", "shell/streakprompt.xsh", "shell/streakprompt.tcsh", "shell/streakprompt.sh",
                     "shell/nvim", "shell/vim"] {
            #expect(formula.contains("\"\(path)\""), "\(path)")
        }
        // Every file it names is in the source archive (the repository's files).
        for quoted in formula.split(separator: "\"").enumerated() where quoted.offset % 2 == 1 {
            let path = String(quoted.element)
            guard path.hasPrefix("shell/") || path.hasPrefix("completions/") || path.hasPrefix("man/") else { continue }
            #expect(FileManager.default.fileExists(atPath: Self.root + "/" + path), "\(path)")
        }
    }

    /// Builds the artefacts into a temporary folder.
    static func build(_ box: Sandbox) throws -> String {
        let dist = box.root.appendingPathComponent("dist").path
        var environment = box.environment
        environment["STREAKPROMPT_BINARY"] = Binary.path
        environment["DIST"] = dist
        let built = try run(root + "/packaging/build", [], environment: environment, directory: root, timeout: 300)
        guard built.status == 0 else { throw TestFailure("packaging/build failed: \(built)") }
        return dist
    }

    @Test func theTarballInstallsWorksInEveryShellAndUninstallsWithoutATrace() throws {
        guard requireTool("sha256sum"), requireTool("tar") else { return }
        let box = try Sandbox()
        let dist = try Self.build(box)
        let name = "streakprompt-\(Self.version)-linux-\(Self.machine)"
        let files = try FileManager.default.contentsOfDirectory(atPath: dist).sorted()
        #expect(files.contains("\(name).tar.gz") && files.contains("install.sh") && files.contains("SHA256SUMS"), "\(files)")
        // SHA256SUMS covers every artefact and checks.
        let sums = try String(contentsOfFile: dist + "/SHA256SUMS", encoding: .utf8)
        #expect(Set(sums.split(separator: "\n").map { String($0.split(separator: " ").last ?? "") }) == Set(files.filter { $0 != "SHA256SUMS" }))
        #expect(try run("/usr/bin/env", ["sha256sum", "-c", "SHA256SUMS"], environment: box.environment, directory: dist).status == 0)
        // The layout the issue names, under one top folder.
        let listing = try run("/usr/bin/env", ["tar", "tzf", dist + "/\(name).tar.gz"], environment: box.environment).stdout
        let entries = Set(listing.split(separator: "\n").map(String.init))
        for path in ["bin/streakprompt", "share/man/man1/streakprompt.1", "share/bash-completion/completions/streakprompt",
                     "share/zsh/site-functions/_streakprompt", "share/fish/vendor_completions.d/streakprompt.fish",
                     "share/streakprompt/streakprompt.tmux", "share/streakprompt/shell/streakprompt.bash",
                     "share/streakprompt/shell/streakprompt.plugin.zsh", "share/streakprompt/shell/conf.d/streakprompt.fish",
                     "share/streakprompt/shell/streakprompt.elv", "share/streakprompt/shell/streakprompt.sh",
                     "share/streakprompt/shell/nvim/lua/streakprompt/init.lua",
                     "share/streakprompt/shell/vim/autoload/streakprompt.vim", "LICENSE", "README.md", "CHANGELOG.md", "install.sh"] {
            #expect(entries.contains("\(name)/\(path)"), "\(path)")
        }
        #expect(entries.allSatisfy { $0.hasPrefix(name + "/") })

        // Install into a prefix of its own, twice (idempotent).
        let prefix = box.root.appendingPathComponent("prefix").path
        let install = try run(dist + "/install.sh", ["--prefix", prefix], environment: box.environment.merging(["SHELL": "/bin/zsh"]) { $1 })
        #expect(install.status == 0, "\(install)")
        #expect(install.stdout.contains("eval \"$(streakprompt init zsh)\""), "the line for $SHELL: \(install)")
        #expect(install.stdout.contains("fpath=(\"\(prefix)/share/zsh/site-functions\" $fpath)"), "zsh's completions: \(install)")
        #expect(try run(dist + "/install.sh", ["--prefix", prefix], environment: box.environment).status == 0)
        let installed = prefix + "/bin/streakprompt"
        #expect(try run(installed, ["--version"], environment: box.environment).stdout == "streakprompt \(Self.version)\n")
        #expect(try run(installed, ["tick", "quiz", "--quiet"], environment: box.environment).status == 0)
        // man finds the page under the prefix.
        if let man = tool("man") {
            let found = try run(man, ["-M", prefix + "/share/man", "-w", "streakprompt"], environment: box.environment)
            #expect(found.stdout.hasPrefix(prefix + "/share/man/man1/streakprompt.1"), "\(found)")
        }
        // The completions, from the installed files, in each shell.
        var environment = box.environment
        environment["PATH"] = prefix + "/bin:" + (environment["PATH"] ?? "")
        if let bash = tool("bash") {
            let script = "source \(prefix)/share/bash-completion/completions/streakprompt; COMP_WORDS=(streakprompt ti); COMP_CWORD=1; COMP_LINE='streakprompt ti'; COMP_POINT=15; $(complete -p streakprompt | sed 's/.*-F \\([^ ]*\\) .*/\\1/') streakprompt ti streakprompt; printf '%s\\n' \"${COMPREPLY[@]}\""
            let completed = try run(bash, ["--norc", "-c", script], environment: environment)
            #expect(completed.stdout.contains("tick"), "\(completed)")
        }
        if let fish = tool("fish") {
            let completed = try run(fish, ["--no-config", "-c", "set fish_complete_path \(prefix)/share/fish/vendor_completions.d $fish_complete_path; complete -C 'streakprompt ti'"],
                                    environment: environment)
            #expect(completed.stdout.contains("tick"), "\(completed)")
        }
        if let zsh = tool("zsh") {
            let script = "fpath=(\(prefix)/share/zsh/site-functions $fpath); autoload -Uz compinit; compinit -u -d \(box.root.path)/zcompdump; print -r -- ${_comps[streakprompt]}"
            let completed = try run(zsh, ["-f", "-c", script], environment: environment)
            #expect(completed.stdout == "_streakprompt\n", "\(completed)")
        }
        // The plugin line works from the installed binary.
        if let bash = tool("bash") {
            let loaded = try run(bash, ["--norc", "-c", "eval \"$(streakprompt init bash)\" && declare -F __streakprompt_prompt_command >/dev/null || type __streakprompt_precmd >/dev/null; echo ok"],
                                 environment: environment)
            #expect(loaded.stdout.hasSuffix("ok\n"), "\(loaded)")
        }

        // Uninstall: nothing of ours is left, the data folder is untouched.
        let removed = try run(dist + "/install.sh", ["--uninstall", "--prefix", prefix], environment: box.environment)
        #expect(removed.status == 0, "\(removed)")
        let left = FileManager.default.enumerator(atPath: prefix)?.allObjects as? [String] ?? []
        #expect(left.isEmpty, "left behind: \(left)")
        #expect(FileManager.default.fileExists(atPath: box.home + "/streaks/quiz"))
    }

    /// The release's tarball in `dist` with one byte changed, written as `target` (default: over it).
    static func damagedTarball(in dist: String, as target: String? = nil) throws {
        let name = "streakprompt-\(version)-linux-\(machine).tar.gz"
        var bytes = try Data(contentsOf: URL(fileURLWithPath: dist + "/" + name))
        bytes[bytes.count / 2] ^= 0xFF
        try bytes.write(to: URL(fileURLWithPath: dist + "/" + (target ?? name)))
    }

    @Test func aDamagedTarballInstallsNothing() throws {
        guard requireTool("sha256sum"), requireTool("tar") else { return }
        let box = try Sandbox()
        let dist = try Self.build(box)
        try Self.damagedTarball(in: dist)
        let prefix = box.root.appendingPathComponent("prefix").path
        let install = try run(dist + "/install.sh", ["--prefix", prefix], environment: box.environment)
        #expect(install.status == 1, "\(install)")
        #expect(install.stderr.contains("does not match SHA256SUMS"), "\(install)")
        #expect(!FileManager.default.fileExists(atPath: prefix), "nothing installed")
        try FileManager.default.removeItem(atPath: dist + "/SHA256SUMS")
        #expect(try run(dist + "/install.sh", ["--prefix", prefix], environment: box.environment).status == 1, "no sums, no install")
    }

    /// Another download left in the folder, one that sorts after this one (as `0.2.0` after
    /// `0.10.0`) and is not what SHA256SUMS names: the named tarball is installed; with both
    /// named, none is.
    @Test func ofSeveralTarballsTheOneTheSumsNameIsInstalled() throws {
        guard requireTool("sha256sum"), requireTool("tar") else { return }
        let box = try Sandbox()
        let dist = try Self.build(box)
        let older = "streakprompt-zz-linux-\(Self.machine).tar.gz"
        try Self.damagedTarball(in: dist, as: older)
        let prefix = box.root.appendingPathComponent("prefix").path
        let install = try run(dist + "/install.sh", ["--prefix", prefix], environment: box.environment)
        #expect(install.status == 0 && install.stdout.contains("Installed streakprompt \(Self.version)"), "\(install)")
        let sums = try String(contentsOfFile: dist + "/SHA256SUMS", encoding: .utf8)
        try (sums + String(repeating: "0", count: 64) + "  " + older + "\n").write(toFile: dist + "/SHA256SUMS", atomically: true, encoding: .utf8)
        let both = try run(dist + "/install.sh", ["--prefix", prefix + "2"], environment: box.environment)
        #expect(both.status == 1 && both.stderr.contains("name the one to install"), "\(both)")
        #expect(!FileManager.default.fileExists(atPath: prefix + "2"), "nothing installed")
    }

    /// A binary that sits beside install.sh is never installed on its own say-so: next to a
    /// tampered tarball the tarball is checked (and refused); with no tarball, a folder whose
    /// SHA256SUMS does not list it is refused.
    @Test func aStrayBinaryBesideTheScriptIsNeverInstalled() throws {
        guard requireTool("sha256sum"), requireTool("tar") else { return }
        let box = try Sandbox()
        let dist = try Self.build(box)
        try Self.damagedTarball(in: dist)
        try FileManager.default.createDirectory(atPath: dist + "/bin", withIntermediateDirectories: true)
        let stray = dist + "/bin/streakprompt"
        try "#!/bin/sh\ntouch '\(box.root.path)/pwned'\necho streakprompt 9.9.9\n".write(toFile: stray, atomically: true, encoding: .utf8)
        chmod(stray, 0o755)
        let prefix = box.root.appendingPathComponent("prefix").path
        let tampered = try run(dist + "/install.sh", ["--prefix", prefix], environment: box.environment)
        #expect(tampered.status == 1 && tampered.stderr.contains("does not match SHA256SUMS"), "\(tampered)")
        #expect(!FileManager.default.fileExists(atPath: prefix), "nothing installed")
        // No tarball at all: the folder's SHA256SUMS (the release's) does not list the binary.
        for file in try FileManager.default.contentsOfDirectory(atPath: dist) where file.hasSuffix(".tar.gz") {
            try FileManager.default.removeItem(atPath: dist + "/" + file)
        }
        let alone = try run(dist + "/install.sh", ["--prefix", prefix], environment: box.environment)
        #expect(alone.status == 1 && alone.stderr.contains("bin/streakprompt is not in the SHA256SUMS"), "\(alone)")
        try FileManager.default.removeItem(atPath: dist + "/SHA256SUMS")
        let unlisted = try run(dist + "/install.sh", ["--prefix", prefix], environment: box.environment)
        #expect(unlisted.status == 1 && unlisted.stderr.contains("cannot be checked"), "\(unlisted)")
        #expect(!FileManager.default.fileExists(atPath: prefix) && !box.exists("pwned"), "nothing installed, nothing run")
    }

    /// Run from the unpacked tarball, install.sh installs that folder (an upgrade over an
    /// install from the tarball, with --prefix, and --uninstall after) only as it was packaged:
    /// a changed binary, a file put into it and a missing list are each refused.
    @Test func anUnpackedReleaseInstallsOnlyAsPackaged() throws {
        guard requireTool("sha256sum"), requireTool("tar") else { return }
        let box = try Sandbox()
        let dist = try Self.build(box)
        let name = "streakprompt-\(Self.version)-linux-\(Self.machine)"
        let unpacked = box.root.appendingPathComponent("unpacked").path
        try FileManager.default.createDirectory(atPath: unpacked, withIntermediateDirectories: true)
        let untar = try run("/usr/bin/env", ["tar", "-xzf", dist + "/\(name).tar.gz", "-C", unpacked], environment: box.environment)
        #expect(untar.status == 0, "\(untar)")
        let folder = unpacked + "/" + name
        // The list covers every file of the folder, and checks.
        let listed = try String(contentsOfFile: folder + "/SHA256SUMS", encoding: .utf8).split(separator: "\n")
            .map { String($0.split(separator: " ", maxSplits: 1).last ?? "").trimmingCharacters(in: .whitespaces) }
        let files = (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? [])
            .filter { !Self.isFolder(folder + "/" + $0) && $0 != "SHA256SUMS" }
        #expect(Set(listed) == Set(files), "\(Set(files).symmetricDifference(listed))")
        #expect(try run("/usr/bin/env", ["sha256sum", "-c", "--quiet", "SHA256SUMS"], environment: box.environment, directory: folder).status == 0)

        // First from the tarball, then an upgrade from the unpacked folder, into a prefix.
        let prefix = box.root.appendingPathComponent("prefix").path
        #expect(try run(dist + "/install.sh", ["--prefix", prefix], environment: box.environment).status == 0)
        let upgrade = try run(folder + "/install.sh", ["--prefix", prefix], environment: box.environment)
        #expect(upgrade.status == 0 && upgrade.stdout.contains("Installed streakprompt \(Self.version)"), "\(upgrade)")
        #expect(try run(prefix + "/bin/streakprompt", ["--version"], environment: box.environment).stdout == "streakprompt \(Self.version)\n")
        let removed = try run(folder + "/install.sh", ["--uninstall", "--prefix", prefix], environment: box.environment)
        #expect(removed.status == 0, "\(removed)")
        #expect((FileManager.default.enumerator(atPath: prefix)?.allObjects ?? []).isEmpty, "left behind after --uninstall")

        // A changed binary: refused, nothing installed.
        let binary = folder + "/bin/streakprompt"
        let original = try Data(contentsOf: URL(fileURLWithPath: binary))
        try (original + Data([0])).write(to: URL(fileURLWithPath: binary))
        let other = box.root.appendingPathComponent("other").path
        let changed = try run(folder + "/install.sh", ["--prefix", other], environment: box.environment)
        #expect(changed.status == 1 && changed.stderr.contains("bin/streakprompt does not match the SHA256SUMS shipped with it"), "\(changed)")
        #expect(!FileManager.default.fileExists(atPath: other + "/bin"), "nothing installed")
        try original.write(to: URL(fileURLWithPath: binary))
        // A file put into it: refused.
        let extra = folder + "/share/streakprompt/shell/extra.sh"
        try "echo hi\n".write(toFile: extra, atomically: true, encoding: .utf8)
        let stray = try run(folder + "/install.sh", ["--prefix", other], environment: box.environment)
        #expect(stray.status == 1 && stray.stderr.contains("extra.sh is not in the SHA256SUMS shipped with it"), "\(stray)")
        try FileManager.default.removeItem(atPath: extra)
        // No list: refused.
        try FileManager.default.removeItem(atPath: folder + "/SHA256SUMS")
        let unlisted = try run(folder + "/install.sh", ["--prefix", other], environment: box.environment)
        #expect(unlisted.status == 1 && unlisted.stderr.contains("cannot be checked"), "\(unlisted)")
        #expect(!FileManager.default.fileExists(atPath: other + "/bin"), "nothing installed")
    }

    static func isFolder(_ path: String) -> Bool {
        var folder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &folder) && folder.boolValue
    }

    /// The .deb: lintian reports no error or warning; installed with dpkg (as root under CI),
    /// it runs, and removing it leaves none of its files.
    @Test func theDebianPackageIsCleanInstallsAndRemoves() throws {
        guard tool("dpkg-deb") != nil, tool("fakeroot") != nil else {
            if ProcessInfo.processInfo.environment["CI"] != nil { Issue.record("dpkg-deb and fakeroot are needed under CI") }
            return
        }
        let box = try Sandbox()
        let dist = try Self.build(box)
        let deb = dist + "/streakprompt_\(Self.version)_\(Self.debianArch).deb"
        #expect(FileManager.default.fileExists(atPath: deb))
        let contents = try run("/usr/bin/env", ["dpkg-deb", "-c", deb], environment: box.environment).stdout
        for path in ["./usr/bin/streakprompt", "./usr/share/man/man1/streakprompt.1.gz", "./usr/share/bash-completion/completions/streakprompt",
                     "./usr/share/zsh/vendor-completions/_streakprompt", "./usr/share/fish/vendor_completions.d/streakprompt.fish",
                     "./usr/share/doc/streakprompt/copyright", "./usr/share/doc/streakprompt/changelog.gz",
                     "./usr/share/streakprompt/shell/streakprompt.bash"] {
            #expect(contents.contains(" " + path + "\n") || contents.hasSuffix(" " + path), "\(path)")
        }
        if let lintian = tool("lintian") {
            let checked = try run(lintian, ["--tag-display-limit", "0", deb], environment: box.environment, timeout: 300)
            let tags = checked.stdout.split(separator: "\n").filter { $0.hasPrefix("E:") || $0.hasPrefix("W:") }
            #expect(tags.isEmpty, "\(checked)")
        }
        guard getuid() == 0, ProcessInfo.processInfo.environment["CI"] != nil, tool("dpkg") != nil else { return }
        guard try run("/usr/bin/env", ["dpkg", "-s", "streakprompt"], environment: box.environment).status != 0 else {
            Issue.record("a streakprompt package is installed on this machine already: not touched")
            return
        }
        let installed = try run("/usr/bin/env", ["dpkg", "-i", deb], environment: box.environment, timeout: 120)
        #expect(installed.status == 0, "\(installed)")
        #expect(try run("/usr/bin/streakprompt", ["--version"], environment: box.environment).stdout == "streakprompt \(Self.version)\n")
        let listed = try run("/usr/bin/env", ["dpkg", "-L", "streakprompt"], environment: box.environment).stdout
            .split(separator: "\n").map(String.init)
        let removed = try run("/usr/bin/env", ["dpkg", "-r", "streakprompt"], environment: box.environment, timeout: 120)
        #expect(removed.status == 0, "\(removed)")
        for path in listed where path.contains("streakprompt") {
            var info = stat()
            #expect(lstat(path, &info) != 0, "left behind: \(path)")
        }
    }

    static var machine: String {
        var name = utsname()
        uname(&name)
        return withUnsafeBytes(of: &name.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }

    static var debianArch: String {
        switch machine {
        case "x86_64": return "amd64"
        case "aarch64", "arm64": return "arm64"
        default: return machine
        }
    }
}
