import Hummingbird

/// Pages a server serves beside the FHIR API (the classroom's web view): they add their own
/// routes to the server's router, and read the service whose data they show.
///
/// A protocol of the server's rather than a type of the view's, so the server does not depend
/// on what its pages are made of (templates, the tutorial's renderers).
public protocol PageRoutes: Sendable {
    func addRoutes(to router: Router<ServerRequestContext>, service: FHIRService)
}
