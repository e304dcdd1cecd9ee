import FHIRModel
import HTTPTypes
import Hummingbird

/// The built-in server's routes, on Hummingbird's router: the FHIR API below `/fhir`, with
/// `--auth smart` the authorization server below `/auth`, and the pages (the web view) beside
/// them. Every request first passes ``OwnNamesMiddleware``, which answers one for another
/// host's name and one no route knows.
///
/// Below the route, the FHIR API is ``FHIRService/handle(_:)``, the same path the REPL and the
/// tests take in-process; the router only says which of the three a request is for.
extension FHIRHTTPServer {
    /// The methods a route answers; its handler says which of them it allows (405 otherwise), so
    /// that TRACE on a FHIR path hears it is not an interaction, not that the path is unknown.
    public static let methods: [HTTPRequest.Method] = [.get, .head, .post, .put, .delete, .patch, .options, .trace]

    public func router() -> Router<ServerRequestContext> {
        let router = Router(context: ServerRequestContext.self)
        router.add(middleware: OwnNamesMiddleware(base: service.base, version: service.version))
        let (service, maximum) = (self.service, configuration.maximumBodySize)
        for path in [FHIRService.basePath, FHIRService.basePath + "/**"] {
            for method in Self.methods {
                router.on(RouterPath(path), method: method) { request, context in
                    await Self.api(request, origin: context.origin, service: service, maximumBodySize: maximum)
                }
            }
        }
        if let authorization = service.authorization {
            for method in Self.methods {
                router.on(RouterPath(AuthorizationServer.path + "/**"), method: method) { request, context in
                    let components = Self.authComponents(of: request.uri.path) ?? []
                    return Self.response(
                        await Self.authorize(
                            request, components, authorization, origin: context.origin, service: service))
                }
            }
        }
        pages?.addRoutes(to: router, service: service)
        return router
    }
}
