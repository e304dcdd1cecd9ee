import Hummingbird
import Logging

/// What a route of the built-in server knows of its request beside Hummingbird's own: the
/// origin it was sent to (`http://127.0.0.1:8080`, or the `--public-url`'s), one of the server's
/// names, found by ``OwnNamesMiddleware`` before any route runs.
public struct ServerRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The server's own name the request reached, as `scheme://host:port`: what the links a
    /// route writes begin with.
    public var origin = ""

    public init(source: Source) { coreContext = CoreRequestContextStorage(source: source) }

    /// A context for a request handed to the routes in-process (a test's), with no connection.
    public init(logger: Logger) { coreContext = CoreRequestContextStorage(source: Detached(logger: logger)) }

    /// The host and port of ``origin`` (`127.0.0.1:8080`), as a page writes its links.
    public var authority: String { String(origin.drop { $0 != "/" }.dropFirst(2)) }

    private struct Detached: RequestContextSource {
        let logger: Logger
    }
}
