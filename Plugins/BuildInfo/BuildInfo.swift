import Foundation
import PackagePlugin

/// Writes `VersionAndCommit.swift` before every build: the version from the repository's `VERSION`
/// file and the commit the build comes from. A prebuild command, so it runs on every build
/// (a commit changes nothing SwiftPM could see as an input); `packaging/build-info` rewrites
/// the file only when its text changes, so an unchanged commit costs no recompile.
@main
struct BuildInfo: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let package = context.package.directoryURL
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("generated")
        return [.prebuildCommand(
            displayName: "Writing the version and the commit",
            executable: URL(fileURLWithPath: "/bin/sh"),
            arguments: [package.appendingPathComponent("packaging/build-info").path, package.path,
                        output.appendingPathComponent("VersionAndCommit.swift").path],
            outputFilesDirectory: output)]
    }
}
