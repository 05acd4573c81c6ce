#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import StreakCLI

exit(CLI.main(argc: CommandLine.argc, argv: CommandLine.unsafeArgv))
