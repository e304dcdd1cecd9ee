/// How long a test waits for a server: CI runs the whole suite on two cores that other work
/// keeps busy, and the built-in servers inside the test process answer on the same task pool
/// as the tests around them, some of which compute for seconds without a pause. Seen there:
/// every request in flight waited more than 10 s at once (issue 49). A limit is for a hang,
/// which any limit catches; a test of a limit itself sets its own.
public enum BusyMachine {
    /// Seconds a request may wait for its answer in a test.
    public static let requestTimeout = 120.0
}
