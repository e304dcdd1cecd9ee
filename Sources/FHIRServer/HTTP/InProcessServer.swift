import FHIRModel
import Foundation

/// The built-in server started inside this process on a free loopback port: what the REPL
/// and the tests use. Stop it with ``stop()``.
public final class InProcessServer: Sendable {
    public let baseURL: String
    public let service: FHIRService
    private let task: Task<Void, any Error>

    private init(baseURL: String, service: FHIRService, task: Task<Void, any Error>) {
        self.baseURL = baseURL
        self.service = service
        self.task = task
    }

    /// Starts a server and returns once it accepts connections.
    public static func start(_ configuration: ServerConfiguration = ServerConfiguration()) async throws -> InProcessServer {
        let service = try await FHIRService.build(configuration)
        let server = FHIRHTTPServer(service: service, configuration: configuration)
        let (ready, readyContinuation) = AsyncStream<String>.makeStream()
        let task = Task {
            defer { readyContinuation.finish() }
            try await server.run(handleSignals: false) { url in readyContinuation.yield(url) }
        }
        for await url in ready {
            return InProcessServer(baseURL: url, service: service, task: task)
        }
        try await task.value
        throw ServerStartError(message: "the server stopped before it was ready")
    }

    /// Stops accepting connections and waits for the server to finish.
    public func stop() async {
        task.cancel()
        _ = try? await task.value
    }
}

/// The server could not be started (port taken, bad host, unreadable data file).
public struct ServerStartError: Error, Sendable, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}
