import Foundation

/// An HTTP request as the FHIR service sees it, independent of the HTTP server.
public struct FHIRRequest: Sendable {
    public var method: String
    /// The path below the FHIR base, split at `/` (`["Patient", "f001"]`).
    public var components: [String]
    /// Query parameters in order, percent-decoded; a name may repeat.
    public var query: [(name: String, value: String)]
    /// Header fields with lower-cased names.
    public var headers: [String: String]
    public var body: [UInt8]
    /// The origin the server answers as (`http://127.0.0.1:8080`), set by the HTTP server from
    /// its own names; nil for a request made in-process, which names the Host it likes.
    public var origin: String?

    public init(
        method: String, components: [String], query: [(name: String, value: String)] = [],
        headers: [String: String] = [:], body: [UInt8] = []
    ) {
        self.method = method
        self.components = components
        self.query = query
        self.headers = headers
        self.body = body
    }

    /// The first value of a query parameter.
    public func queryValue(_ name: String) -> String? {
        query.first { $0.name == name }?.value
    }
}

/// The answer of the FHIR service, ready to be written by any HTTP server.
public struct FHIRResponse: Sendable {
    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]

    public init(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}
