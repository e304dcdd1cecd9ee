import FHIRModel
import Hummingbird

/// Every request passes here before its route. One whose Host is not one of the server's names
/// is answered 421 and goes no further (a page whose name was rebound to this machine must not
/// read the server); the others carry the name they reached in their context. A path no route
/// knows is answered in words, saying where the FHIR API is.
struct OwnNamesMiddleware: RouterMiddleware {
    let base: ServerBase
    let version: FHIRVersion

    func handle(
        _ request: Request, context: ServerRequestContext,
        next: (Request, ServerRequestContext) async throws -> Response
    ) async throws -> Response {
        guard let origin = base.names?.origin(forHost: request.head.authority) else {
            return FHIRHTTPServer.misdirected(request, version: version)
        }
        var context = context
        context.origin = origin
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            return Response(
                status: .notFound, headers: [.contentType: "text/plain; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(string: "Not found. The FHIR API is at \(FHIRService.basePath)\n")))
        }
    }
}
