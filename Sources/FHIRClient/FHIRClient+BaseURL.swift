import Foundation

extension FHIRClient {
    /// A FHIR base URL as requests are built on it: http or https in any case, a host, a
    /// port in range, no query or fragment, no slashes at the end.
    static func baseURL(_ text: String) throws(ClientError) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard var components = URLComponents(string: trimmed), let scheme = components.scheme?.lowercased(),
            ["http", "https"].contains(scheme), let host = components.host, !host.isEmpty
        else { throw .unreachable(url: text, reason: "not an http or https URL") }
        guard components.query == nil, components.fragment == nil else {
            throw .unreachable(url: text, reason: "a FHIR base URL has no query or fragment")
        }
        if let port = components.port, !(1...65_535).contains(port) {
            throw .unreachable(url: text, reason: "port \(port) is out of range")
        }
        components.scheme = scheme
        while components.path.hasSuffix("/") { components.path.removeLast() }
        guard let base = components.string else { throw .unreachable(url: text, reason: "not an http or https URL") }
        return base
    }
}
