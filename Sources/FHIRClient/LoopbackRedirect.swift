import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// Where a native app's authorization answer arrives (RFC 8252 §7.3): a listener on
/// 127.0.0.1, on a port the system picks, that takes the first request to `/callback`, answers
/// the browser with a page that says the app has it, and hands the app the query.
public final class LoopbackRedirect: Sendable {
    public let port: Int
    private let channel: any Channel
    private let arrival: Arrival

    /// The first callback's query items, once it comes.
    final class Arrival: Sendable {
        private let state = Mutex<(items: [URLQueryItem]?, waiting: CheckedContinuation<[URLQueryItem]?, Never>?)>(
            (nil, nil))

        func deliver(_ items: [URLQueryItem]?) {
            let waiting = state.withLock { state -> CheckedContinuation<[URLQueryItem]?, Never>? in
                guard state.items == nil else { return nil }
                state.items = items ?? []
                defer { state.waiting = nil }
                return state.waiting
            }
            waiting?.resume(returning: items)
        }

        func wait() async -> [URLQueryItem]? {
            await withCheckedContinuation { continuation in
                let ready = state.withLock { state -> [URLQueryItem]?? in
                    if let items = state.items { return .some(items) }
                    state.waiting = continuation
                    return .none
                }
                if let ready { continuation.resume(returning: ready) }
            }
        }
    }

    private init(port: Int, channel: any Channel, arrival: Arrival) {
        self.port = port
        self.channel = channel
        self.arrival = arrival
    }

    /// `http://127.0.0.1:PORT/callback`.
    public var redirectURI: String { "http://127.0.0.1:\(port)/callback" }

    public static func start() async throws -> LoopbackRedirect {
        let arrival = Arrival()
        let channel = try await ServerBootstrap(group: PlainHTTPExchange.loop)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.pipeline.configureHTTPServerPipeline().flatMap {
                    channel.pipeline.addHandler(CallbackHandler(arrival: arrival))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        return LoopbackRedirect(port: channel.localAddress?.port ?? 0, channel: channel, arrival: arrival)
    }

    /// The callback's query items; nil when the wait ends first (`close`, a timeout).
    public func callback(timeout seconds: Double) async -> [URLQueryItem]? {
        let arrival = self.arrival
        let timer = Task {
            try? await Task.sleep(for: .seconds(seconds))
            arrival.deliver(nil)
        }
        defer { timer.cancel() }
        return await arrival.wait()
    }

    /// Stops listening; a wait still going ends with nil.
    public func close() {
        arrival.deliver(nil)
        channel.close(promise: nil)
    }
}

/// Answers `/callback?…` with a page and delivers its query; anything else (a browser's
/// `/favicon.ico`) is 404.
private final class CallbackHandler: ChannelInboundHandler, Sendable {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    let arrival: LoopbackRedirect.Arrival

    init(arrival: LoopbackRedirect.Arrival) { self.arrival = arrival }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .head(let head) = unwrapInboundIn(data) else { return }
        let components = URLComponents(string: head.uri)
        let isCallback = components?.path == "/callback"
        let page =
            isCallback
            ? "<!doctype html><title>Medbrain</title><p>Medbrain has the answer. You can close this page.</p>"
            : "not found"
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: isCallback ? "text/html; charset=utf-8" : "text/plain")
        headers.add(name: "Content-Length", value: String(page.utf8.count))
        headers.add(name: "Connection", value: "close")
        let status: HTTPResponseStatus = isCallback ? .ok : .notFound
        context.write(
            wrapOutboundOut(.head(HTTPResponseHead(version: head.version, status: status, headers: headers))),
            promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(string: page)))), promise: nil)
        let written = context.eventLoop.makePromise(of: Void.self)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: written)
        written.futureResult.whenComplete { [channel = context.channel] _ in channel.close(promise: nil) }
        if isCallback { arrival.deliver(components?.queryItems ?? []) }
    }
}
