/// What this binary is: `version` (the first line of the repository's VERSION file, the one
/// place the version is written) and `commit` (the git commit it was built from, "-dirty"
/// when built with uncommitted changes, "unknown" outside a git checkout). Both are written
/// before every build by the BuildInfo plugin (`packaging/build-info`), as constants: nothing
/// is read at run time.
public enum BuildInfo {}
