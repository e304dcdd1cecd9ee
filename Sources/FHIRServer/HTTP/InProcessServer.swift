import FHIRModel
import Foundation
import Logging
import ServiceLifecycle

/// The built-in server started inside this process on a free loopback port: what the REPL
/// and the tests use. Stop it with ``stop()``, which lets open requests finish.
public final class InProcessServer: Sendable {
    public let baseURL: String
    public let service: FHIRService
    /// What `configuration.load` loaded and refused; nil without a load.
    public let loadReport: LoadReport?
    private let group: ServiceGroup
    private let task: Task<Void, any Error>

    private init(
        baseURL: String, service: FHIRService, loadReport: LoadReport?, group: ServiceGroup, task: Task<Void, any Error>
    ) {
        self.baseURL = baseURL
        self.service = service
        self.loadReport = loadReport
        self.group = group
        self.task = task
    }

    /// Starts a server (with `pages` beside the FHIR API) and returns once it accepts connections.
    public static func start(
        _ configuration: ServerConfiguration = ServerConfiguration(), pages: (any PageRoutes)? = nil
    )
        async throws -> InProcessServer
    {
        let (service, loadReport) = try await FHIRService.build(loading: configuration)
        let (ready, readyContinuation) = AsyncStream<String>.makeStream()
        let server = FHIRHTTPServer(service: service, configuration: configuration, pages: pages)
        let application = server.makeApplication { url in
            readyContinuation.yield(url)
        }
        var logger = Logger(label: "medbrain.server")
        logger.logLevel = .critical
        let group = ServiceGroup(configuration: .init(services: [application], logger: logger))
        let task = Task {
            defer { readyContinuation.finish() }
            try await group.run()
        }
        for await url in ready {
            return InProcessServer(baseURL: url, service: service, loadReport: loadReport, group: group, task: task)
        }
        try await task.value
        throw ServerStartError(message: "the server stopped before it was ready")
    }

    /// Stops accepting connections, finishes open requests, and waits until the server is down.
    public func stop() async {
        await group.triggerGracefulShutdown()
        _ = try? await task.value
    }
}

/// The server could not be started (port taken, bad host, unreadable data file).
public struct ServerStartError: Error, Sendable, CustomStringConvertible {
    public let message: String
    public init(message: String) { self.message = message }
    public var description: String { message }
}
