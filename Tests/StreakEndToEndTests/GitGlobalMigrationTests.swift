import Foundation
import Testing

/// A global install of an earlier version: a folder of forwarders for every hook type named in
/// the global core.hooksPath (Tests/Fixtures/git-hooks-v2/global-folder is that folder as the
/// last such release wrote it; v1 had the same layout). The next `git install --global`, or
/// `doctor --repair`, takes it out, restores core.hooksPath, and puts the template install in
/// its place.
@Suite("git hook, global, from an earlier version")
struct GitGlobalMigrationTests {
    /// The repositories under the folders given keep counting, their own hooks run (by git
    /// itself now), core.hooksPath is as it was before the earlier install; one elsewhere
    /// stops counting, as the install says; uninstalling then leaves the global config and the
    /// home folder as they were before the earlier install.
    @Test(.enabled(if: GitBox.runs), arguments: ["v1", "v2"])
    func theNextInstallMigratesAndRestoresHooksPath(release: String) throws {
        let g = try #require(try GitBox.make())
        let configBefore = try Data(contentsOf: URL(fileURLWithPath: g.globalConfig))
        let homeBefore = try FileSnapshot.tree(g.userHome)
        let a = try g.repository("src/a")
        let ran = g.root + "/a-pre-commit-ran"
        try writeScript(a + "/.git/hooks/pre-commit", "#!/bin/sh\necho ran >> '\(ran)'\n")
        let elsewhere = try g.repository("elsewhere")
        try g.installEarlierGlobal(release: release)
        try g.commit(in: a, env: GitBox.on(1))
        #expect(g.actions().count == 1, "the earlier install counts")
        #expect(try String(contentsOfFile: ran, encoding: .utf8) == "ran\n", "and forwards")

        let status = try g.sp(["git", "status", "--global"], in: g.root)
        #expect(status.stdout.contains("an earlier version's hooks folder, \(g.legacyHooks) (global core.hooksPath)"), "\(status)")

        let install = try g.sp(["git", "install", "--global", g.root + "/src"], in: g.root)
        #expect(install.status == 0, "\(install)")
        #expect(install.stdout.hasPrefix("Took out the global hooks of an earlier version: core.hooksPath is unset again, as it was before that install"), "\(install)")
        #expect(install.stdout.contains("Any other repository counts again once the hook is in it"), "\(install)")
        #expect(try g.git(["config", "--global", "--get", "core.hooksPath"], in: g.root, check: false).status == 1)
        #expect(!fileExists(g.legacyHooks))
        try g.commit(in: a, env: GitBox.on(2))
        #expect(g.actions().count == 2, "a repository under the folder given keeps counting")
        #expect(try String(contentsOfFile: ran, encoding: .utf8) == "ran\nran\n", "its own hook runs, by git itself")
        try g.commit(in: elsewhere, env: GitBox.on(3))
        #expect(g.actions().count == 2, "one elsewhere needs the hook put in, as said")
        let clone = g.root + "/clone"
        try g.git(["clone", "-q", a, clone], in: g.root)
        try g.commit(in: clone, env: GitBox.on(4))
        #expect(g.actions().count == 3, "a new clone counts")

        #expect(try g.sp(["git", "uninstall", "--global"], in: g.root).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: g.globalConfig)) == configBefore, "as before the earlier install")
        #expect(try FileSnapshot.tree(g.userHome) == homeBefore, "the folders both installs made are gone")
    }

    /// `doctor` reports the earlier layout; `doctor --repair` puts the template install in its
    /// place (for the streak it counted for), restores core.hooksPath, and says what to do for
    /// the repositories there were.
    @Test(.enabled(if: GitBox.runs)) func doctorReportsTheEarlierLayoutAndRepairMigratesIt() throws {
        let g = try #require(try GitBox.make())
        try g.installEarlierGlobal(release: "v2")
        let doctor = try g.sp(["doctor"], in: g.root)
        #expect(doctor.stdout.contains("warning  the global core.hooksPath names the hooks folder of an earlier streakprompt, \(g.legacyHooks)"), "\(doctor)")
        #expect(doctor.stdout.contains("'streakprompt doctor --repair'"), "\(doctor)")
        #expect(fileExists(g.legacyHooks), "doctor alone changes nothing")

        let repair = try g.sp(["doctor", "--repair"], in: g.root)
        #expect(repair.stdout.contains("ok       took out the global hooks of an earlier streakprompt: core.hooksPath is unset again"), "\(repair)")
        #expect(repair.stdout.contains("new repositories get the hook from the template \(g.ownTemplate)"), "\(repair)")
        #expect(repair.stdout.contains("repositories that existed already no longer count until the hook is in them"), "\(repair)")
        #expect(!repair.stdout.contains("names the hooks folder of an earlier streakprompt"), "checked again after: \(repair)")
        #expect(try g.git(["config", "--global", "--get", "core.hooksPath"], in: g.root, check: false).status == 1)
        #expect(try g.git(["config", "--global", "--get", "init.templateDir"], in: g.root).stdout == g.ownTemplate + "\n")
        let repo = try g.repository("new")
        try g.commit(in: repo, env: GitBox.on(1))
        #expect(g.actions().count == 1)
        let status = try g.sp(["git", "status", "--global"], in: g.root)
        #expect(status.stdout.hasPrefix("global      installed: new repositories get the hook from the template folder"), "\(status)")
    }
}
