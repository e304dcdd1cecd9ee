import FHIRModel
import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// The built-in FHIR server on a real socket: Hummingbird carries HTTP, ``FHIRService`` answers.
public struct FHIRHTTPServer: Sendable {
    public let service: FHIRService
    public let configuration: ServerConfiguration
    /// The pages served beside the FHIR API, if any.
    public let pages: (any PageRoutes)?

    public init(service: FHIRService, configuration: ServerConfiguration, pages: (any PageRoutes)? = nil) {
        self.service = service
        self.configuration = configuration
        self.pages = pages
    }

    /// Serves until SIGINT or SIGTERM; `onReady` gets the FHIR base URL once the port is bound.
    public func run(onReady: @escaping @Sendable (String) async -> Void) async throws {
        try await makeApplication(onReady: onReady).runService()
    }

    /// The Hummingbird application, for callers that manage its lifecycle themselves.
    func makeApplication(onReady: @escaping @Sendable (String) async -> Void) -> some ApplicationProtocol {
        let configuration = self.configuration
        // Known before binding when the port is given; else once the socket is bound.
        let base = service.base
        if configuration.port != 0 { base.set(configuration.names(port: configuration.port)) }
        var logger = Logger(label: "medbrain.server")
        logger.logLevel = .critical
        let host = configuration.host
        return Application(
            router: router(),
            configuration: .init(
                address: .hostname(host, port: configuration.port), serverName: "Medbrain/\(MedbrainInfo.version)"),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? 0
                base.set(configuration.names(port: port))
                let shownHost = host.contains(":") ? "[\(host)]" : host
                await onReady("http://\(shownHost):\(port)\(FHIRService.basePath)")
            },
            logger: logger)
    }

    /// A request to the FHIR API, answered by ``FHIRService/handle(_:)``: the path below the
    /// base, the query, the header fields and the body (up to `maximumBodySize`).
    public static func api(_ request: Request, origin: String, service: FHIRService, maximumBodySize: Int) async
        -> Response
    {
        let components = components(of: request.uri.path, below: service.base.path) ?? []
        var request = request
        var body: [UInt8] = []
        do {
            // Most requests (every read and search) announce no body: waiting for the end of
            // one that is not there took a suspension per request.
            if Self.announcesBody(request) {
                body = Array(buffer: try await request.collectBody(upTo: maximumBodySize))
            }
        } catch {
            let context = FHIRExchange(request: FHIRRequest(method: "POST", components: []), version: service.version)
            return response(context.outcome(413, "too-long", "the body is larger than \(maximumBodySize) bytes"))
        }
        var headers: [String: String] = [:]
        for field in request.headers { headers[field.name.canonicalName] = field.value }
        // HTTP/1 `Host` arrives as the request's authority, not as a header field.
        if let authority = request.head.authority { headers["host"] = authority }
        var fhirRequest = FHIRRequest(
            method: request.method.rawValue, components: components, query: QueryString.parameters(request.uri.query),
            headers: headers, body: body)
        fhirRequest.origin = origin
        return response(await service.handle(fhirRequest))
    }

    /// The path below `/auth`, or nil when the request is not for the authorization server.
    static func authComponents(of path: String) -> [String]? {
        guard path.hasPrefix(AuthorizationServer.path + "/") else { return nil }
        return path.dropFirst(AuthorizationServer.path.count).split(separator: "/").map(String.init)
    }

    /// A request to the SMART authorization server, with the store's patients for its page.
    static func authorize(
        _ request: Request, _ components: [String], _ authorization: AuthorizationServer, origin: String,
        service: FHIRService
    ) async -> FHIRResponse {
        var headers: [String: String] = [:]
        for field in request.headers { headers[field.name.canonicalName] = field.value }
        var body: [UInt8] = []
        if announcesBody(request) {
            var request = request
            guard let collected = try? await request.collectBody(upTo: 64 << 10) else {
                return FHIRResponse(status: 413)
            }
            body = Array(buffer: collected)
        }
        let auth = FHIRRequest(
            method: request.method.rawValue, components: components, query: QueryString.parameters(request.uri.query),
            headers: headers, body: body)
        return await authorization.respond(
            auth, origin: origin, audience: origin + FHIRService.basePath
        ) {
            await service.patientChoices()
        }
    }

    /// RFC 9110 §15.5.20: the request was meant for another server (its Host is not one of
    /// this server's names), perhaps a page whose name was rebound to this machine.
    static func misdirected(_ request: Request, version: FHIRVersion) -> Response {
        let host = (request.head.authority ?? "").prefix(100)
        let message =
            host.isEmpty
            ? "the request names no Host: HTTP/1.1 requires one"
            : "this server does not answer to '\(host)': use the address it printed, or start it with --public-url"
        if components(of: request.uri.path) != nil {
            let exchange = FHIRExchange(request: FHIRRequest(method: "GET", components: []), version: version)
            return response(exchange.outcome(421, "forbidden", message))
        }
        return Response(
            status: .misdirectedRequest, headers: [.contentType: "text/plain; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(string: message + "\n")))
    }

    /// Whether an HTTP/1 request has a body: only when it says how long it is or how it is sent.
    static func announcesBody(_ request: Request) -> Bool {
        request.headers[.transferEncoding] != nil || (request.headers[.contentLength].map { $0 != "0" } ?? false)
    }

    /// The path below the FHIR base, or nil when the request is not for the FHIR API.
    static func components(of path: String, below base: String = FHIRService.basePath) -> [String]? {
        guard path == base || path.hasPrefix(base + "/") else { return nil }
        return path.dropFirst(base.count).split(separator: "/").map {
            $0.utf8.contains(UInt8(ascii: "%")) ? String($0).removingPercentEncoding ?? String($0) : String($0)
        }
    }

    static func response(_ answer: FHIRResponse) -> Response {
        var fields = HTTPFields()
        for (name, value) in answer.headers {
            if let field = HTTPField.Name(name) { fields.append(HTTPField(name: field, value: value)) }
        }
        return Response(
            status: HTTPResponse.Status(code: answer.status), headers: fields,
            body: .init(byteBuffer: ByteBuffer(bytes: answer.body)))
    }
}
