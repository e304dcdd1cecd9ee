import FHIRServer
import Hummingbird
import ServiceLifecycle

/// `GET /events`: server-sent events that say the store changed, so an open page reads itself
/// again within a fraction of a second of a student's create.
///
/// The store is asked for its change count every `interval` (an actor read, no data copied). A
/// stream ends when the browser goes away, when the server shuts down (so `quit` never waits
/// for a projector's open tab) and after `lifetime`, after which the browser reconnects.
struct ChangeEvents: Sendable {
    var interval: Duration = .milliseconds(200)
    var lifetime: Duration = .seconds(300)
    /// A comment line this often keeps proxies from closing a quiet stream.
    var keepAlive: Duration = .seconds(15)

    func response(store: ResourceStore) -> Response {
        response { store.changeCount }
    }

    /// The stream of `count`'s changes (the store's, a class's).
    func response(_ count: @escaping @Sendable () -> Int) -> Response {
        let (interval, lifetime, keepAlive) = (interval, lifetime, keepAlive)
        return Response(
            status: .ok,
            headers: [.contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-store"],
            body: ResponseBody { writer in
                var seen = count()
                // `retry` tells the browser how soon to reconnect when a stream ends.
                try await writer.write(ByteBuffer(string: "retry: 1000\nevent: hello\ndata: \(seen)\n\n"))
                let clock = ContinuousClock()
                let end = clock.now.advanced(by: lifetime)
                var lastWrite = clock.now
                while clock.now < end, !Task.isCancelled, !Task.isShuttingDownGracefully {
                    try await Task.sleep(for: interval)
                    let current = count()
                    if current != seen {
                        seen = current
                        try await writer.write(ByteBuffer(string: "event: change\ndata: \(current)\n\n"))
                        lastWrite = clock.now
                    } else if clock.now - lastWrite >= keepAlive {
                        try await writer.write(ByteBuffer(string: ": still here\n\n"))
                        lastWrite = clock.now
                    }
                }
                try await writer.finish(nil)
            })
    }
}
