import FHIRClient
import FHIRModel

/// A request as FHIR reads it, whichever of its equal forms was sent: `Patient/f001/Observation?q`
/// is a search of Observation in the patient's compartment (any compartment parameter naming
/// the patient), `POST Observation/_search` with a form is `GET Observation?form`, and a form
/// posted anywhere (an authorization server's) carries its fields as parameters.
struct SentRequest {
    var method: String
    /// The path after the base, in segments.
    var path: [String]
    var parameters: [(name: String, value: String)]
    /// A compartment search's parameters, each naming the patient: FHIR finds what any one of
    /// them reaches (`subject` or `performer`), so together they are one condition, not each a
    /// condition of its own.
    var compartment: [(name: String, value: String)] = []

    /// Nil when the request was not sent below `base`.
    init?(_ exchange: HTTPExchange, base: String, version: FHIRVersion?) {
        guard exchange.url.hasPrefix(base) else { return nil }
        let target = exchange.url.dropFirst(base.count).split(
            separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        method = exchange.method
        path = (target.first ?? "").split(separator: "/").map(String.init)
        parameters = target.count > 1 ? QueryString.parameters(target[1]) : []
        if method == "POST", let body = exchange.requestBody, Self.isForm(body) {
            parameters += QueryString.parameters(Substring(body))
        }
        // `POST Type/_search` is the search, its parameters in the URL, the form, or both.
        if method == "POST", path.last == "_search" {
            method = "GET"
            path.removeLast()
        }
        if path.count == 3, path[0] == "Patient", let type = path.last, type.first?.isUppercase == true {
            let patient = path[1]
            path = [type]
            compartment = (version?.release.compartment.parameters(of: type) ?? []).map { ($0, "Patient/\(patient)") }
        }
    }

    /// A form body (`a=1&b=2`) rather than JSON.
    static func isForm(_ body: String) -> Bool {
        let start = body.first { !$0.isWhitespace }
        return start != nil && start != "{" && start != "[" && body.contains("=")
    }
}
