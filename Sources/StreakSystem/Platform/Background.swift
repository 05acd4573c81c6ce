#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Starts this same program again, detached, and does not wait for it: how the prompt has the
/// cache rebuilt without spending the rebuild's time itself.
public enum Background {
    /// Starts the running binary (`ExecutablePath.current`) with `arguments` in a new session
    /// with no terminal, standard streams on /dev/null, and `environment`. Fire and forget: the
    /// process is reparented when we exit, so it leaves no zombie. False if it could not start.
    ///
    /// Descriptors this process inherited without close-on-exec (a caller that leaked its
    /// pipe's other end, say) are closed in the child first: a caller reading our output to
    /// its end must not wait for the background process too.
    @discardableResult
    public static func start(_ arguments: [String], environment: Environment) -> Bool {
        guard let path = ExecutablePath.current(environment: environment) else { return false }
        Descriptors.closeInherited()
        do {
            _ = try Spawn.start(path, arguments: [path] + arguments, environment: environment.entries(), newSession: true)
            return true
        } catch {
            return false
        }
    }
}

/// The descriptors a process was started with.
enum Descriptors {
    /// Marks every descriptor above standard error close-on-exec, so no program this process
    /// starts inherits one it did not mean to pass.
    static func closeInherited() {
        #if os(Linux)
        if let folder = opendir("/proc/self/fd") {
            defer { closedir(folder) }
            while let entry = readdir(folder) {
                let name = withUnsafePointer(to: entry.pointee.d_name) { pointer in
                    pointer.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
                }
                if let fd = Int32(name), fd > 2 { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
            }
            return
        }
        #endif
        for fd in Int32(3)..<256 { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    }
}
