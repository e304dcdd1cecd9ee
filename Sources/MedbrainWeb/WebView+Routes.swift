import FHIRServer
import Hummingbird

/// The view's paths on the server's router, each read into a ``WebRoute``. Every method is
/// routed, so that a write to a page is told the view only reads (405), not that it is not there.
extension WebView: PageRoutes {
    public func addRoutes(to router: Router<ServerRequestContext>, service: FHIRService) {
        for (path, route) in WebRoute.paths {
            for method in FHIRHTTPServer.methods {
                router.on(RouterPath(path), method: method) { request, context in
                    await respond(
                        to: route(context.parameters), request, authority: context.authority, service: service)
                }
            }
        }
    }
}
