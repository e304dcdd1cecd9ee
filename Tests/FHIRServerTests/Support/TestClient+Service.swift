import FHIRModel
import FHIRServer
import Foundation

extension TestClient {
    /// The request as the HTTP server would hand it to the service: the path below the base
    /// split and decoded, the query decoded, header names in lower case, `Host` included.
    func handle(_ method: String, _ path: String, body: String?, headers: [String: String], by service: FHIRService)
        async -> TestResponse
    {
        let relative = path.hasPrefix(baseURL) ? String(path.dropFirst(baseURL.count)) : path
        let (route, query) = relative.split(separator: "?", maxSplits: 1).map(String.init).splitQuery
        var fields = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }) { _, last in last }
        fields["host"] = fields["host"] ?? URL(string: baseURL)?.host
        if body != nil, fields["content-type"] == nil { fields["content-type"] = "application/fhir+json" }
        let request = FHIRRequest(
            method: method,
            components: route.split(separator: "/").map { String($0).removingPercentEncoding ?? String($0) },
            query: QueryString.parameters(query), headers: fields, body: Array((body ?? "").utf8))
        let response = await service.handle(request)
        let answered = Dictionary(response.headers.map { ($0.name, $0.value) }) { first, _ in first }
        return TestResponse(status: response.status, headers: answered, body: Data(response.body))
    }
}

extension Array where Element == String {
    /// `[path, query]` as a pair, the query nil when there is none.
    fileprivate var splitQuery: (String, String?) { (first ?? "", count > 1 ? self[1] : nil) }
}
