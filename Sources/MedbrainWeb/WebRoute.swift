import Foundation
import Hummingbird

/// The pages of the web view; anything else is left to the server.
enum WebRoute: Sendable, Equatable {
    case patients
    case patient(String)
    case resource(type: String, id: String)
    case events
    case stylesheet
    case script

    /// Each path of the view on the router, and the route it is, from the path's parameters.
    static let paths: [(path: String, route: @Sendable (Parameters) -> WebRoute)] = [
        ("/", { _ in .patients }),
        ("/patients", { _ in .patients }),
        ("/patients/:id", { .patient(decoded($0, "id")) }),
        ("/resources/:type/:id", { .resource(type: decoded($0, "type"), id: decoded($0, "id")) }),
        ("/events", { _ in .events }),
        ("/view.css", { _ in .stylesheet }),
        ("/view.js", { _ in .script }),
    ]

    /// A parameter as written before percent-encoding (`f%20001` is `f 001`).
    private static func decoded(_ parameters: Parameters, _ name: String) -> String {
        let raw = String(parameters.get(name) ?? "")
        return raw.removingPercentEncoding ?? raw
    }
}
