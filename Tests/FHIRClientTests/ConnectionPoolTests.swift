import FHIRModel
import FHIRServer
import Foundation
import NIOCore
import Synchronization
import TestSupport
import Testing

@testable import FHIRClient

/// The kept connections: one that is closing is never used for a request, and a stopped
/// request neither closes nor loses one that another exchange left for the next request.
@Suite("Kept connections")
struct ConnectionPoolTests {
    /// A kept connection that closes after the request took it from the pool (a server that
    /// ends idle connections, a stop): the close reaches the connection before the request
    /// does, so no answer will come on it. The request goes on a new connection at once,
    /// rather than waiting for its deadline. The client's event loop is held while the close
    /// and the request are queued on it, which fixes their order.
    @Test func aConnectionClosedAfterItWasTakenIsNotWaitedOn() async throws {
        try await FHIRClientTests.withServer(.r4) { server in
            let client = try await FHIRClient.connect(to: server.baseURL, timeout: BusyMachine.requestTimeout)
            let key = try Self.key(of: server)
            let kept = try #require(PlainHTTPExchange.pool.take(key))
            PlainHTTPExchange.pool.put(kept, key)
            let loop = LoopHold(kept.channel.eventLoop)
            kept.channel.close(promise: nil)
            let started = ContinuousClock.now
            let search = Task { try await client.search("Patient") }
            // The request has taken the connection (still open to it: the close waits in the queue).
            while PlainHTTPExchange.pool.kept(for: key) > 0 { try await Task.sleep(for: .milliseconds(10)) }
            try await Task.sleep(for: .milliseconds(200))
            loop.release()
            #expect(try await search.value.entry.count == 3)
            #expect(ContinuousClock.now - started < .seconds(BusyMachine.requestTimeout / 2))
        }
    }

    /// Ctrl-C before a request began: the connection kept from the last one stays kept.
    @Test func aRequestStoppedBeforeItBeganLeavesTheKeptConnection() async throws {
        try await FHIRClientTests.withServer(.r4) { server in
            let cancellation = RequestCancellation()
            let client = try await FHIRClient.connect(
                to: server.baseURL, timeout: BusyMachine.requestTimeout, cancellation: cancellation)
            let key = try Self.key(of: server)
            #expect(PlainHTTPExchange.pool.kept(for: key) == 1)
            cancellation.cancel()
            await #expect(throws: ClientError.cancelled) { try await client.search("Patient") }
            #expect(PlainHTTPExchange.pool.kept(for: key) == 1)
        }
    }

    /// A stop that comes after the whole answer (Ctrl-C as it arrives) ends nothing: the
    /// connection the answer left in the pool stays open for the next request.
    @Test func aStopAfterTheAnswerLeavesItsConnectionOpen() async throws {
        try await FHIRClientTests.withServer(.r4) { server in
            let key = try Self.key(of: server)
            let url = try #require(URL(string: server.baseURL + "/metadata"))
            let exchange = PlainHTTPExchange(limit: FHIRClient.maximumBodyBytes)
            let request = HTTPRequest(method: "GET", url: url.absoluteString, body: nil)
            let (_, head) = try await exchange.perform(request, to: url, timeout: BusyMachine.requestTimeout)
            #expect(head.status == 200)
            exchange.stop()
            // What the stop queued on the loop has run once a later task has.
            try await PlainHTTPExchange.loop.next().submit {}.get()
            #expect(PlainHTTPExchange.pool.kept(for: key) == 1)
        }
    }

    static func key(of server: InProcessServer) throws -> String {
        let url = try #require(URL(string: server.baseURL))
        return "\(try #require(url.host)):\(try #require(url.port))"
    }
}

/// Holds an event loop busy until released, so that what is queued on it meanwhile runs in
/// the order it was queued.
final class LoopHold: Sendable {
    private let released = Mutex(false)

    init(_ loop: any EventLoop) {
        loop.execute { [self] in
            while !released.withLock({ $0 }) { usleep(1000) }
        }
    }

    func release() { released.withLock { $0 = true } }
}
