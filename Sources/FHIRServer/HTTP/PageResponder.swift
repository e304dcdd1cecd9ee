import Hummingbird

/// Answers the requests outside the FHIR API (the classroom's web view), given the service
/// whose data it shows; nil leaves a request to the server's own "not found".
///
/// A closure rather than a type of this target, so the server does not depend on what its
/// pages are made of (templates, the tutorial's renderers).
public typealias PageResponder = @Sendable (Request, FHIRService) async -> Response?
