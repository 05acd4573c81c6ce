/// Starts this same program again, detached, and does not wait for it: how the prompt has the
/// cache rebuilt without spending the rebuild's time itself.
public enum Background {
    /// Starts the running binary (`ExecutablePath.current`) with `arguments` in a new session
    /// with no terminal, standard streams on /dev/null, and `environment`. Fire and forget: the
    /// process is reparented when we exit, so it leaves no zombie. False if it could not start.
    @discardableResult
    public static func start(_ arguments: [String], environment: Environment) -> Bool {
        guard let path = ExecutablePath.current(environment: environment) else { return false }
        do {
            _ = try Spawn.start(path, arguments: [path] + arguments, environment: environment.entries(), newSession: true)
            return true
        } catch {
            return false
        }
    }
}
