/// The seam between the client's rules (which headers, which credentials to which origin,
/// redirects, what a status means) and the network: one request sent, its answer gathered.
/// ``NetworkExecutor`` is the real one; a test hands ``FHIRClient/connect(to:timeout:observer:cancellation:credentials:assumedVersion:maximumBodyBytes:executor:)``
/// one of its own to see what the client sends and answer as any server would, with no socket.
public protocol HTTPExecutor: Sendable {
    /// Sends `request` and gathers its whole answer within `timeout` seconds and `limit` bytes
    /// of body; `cancellation` ends it at once. No redirect is followed here. Every failure is
    /// a ``ClientError`` (`timedOut`, `tooLarge`, `cancelled`, `unreachable`, `tls`).
    func perform(_ request: HTTPRequest, timeout: Double, limit: Int, cancellation: RequestCancellation?)
        async throws(ClientError) -> HTTPAnswer
}

/// A request as it is sent: method, URL, header fields and body.
public struct HTTPRequest: Sendable {
    public let method: String
    public let url: String
    public private(set) var headers: [(name: String, value: String)] = []
    public let body: [UInt8]?

    public init(method: String, url: String, body: [UInt8]?) {
        (self.method, self.url, self.body) = (method, url, body)
    }

    /// Sets the field `name`, replacing one already set (case does not matter). A line break in
    /// a value would start a field of its own, so it is removed here, before anything is sent.
    public mutating func set(_ name: String, _ value: String) {
        headers.removeAll { $0.name.lowercased() == name.lowercased() }
        headers.append((name, value.filter { $0 != "\r" && $0 != "\n" }))
    }

    /// The first field named `name` (case does not matter).
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// `Name: value`, as libcurl takes them.
    var headerLines: [String] { headers.map { "\($0.name): \($0.value)" } }
}

/// An answer as it came: status, header fields and body.
public struct HTTPAnswer: Sendable {
    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]

    public init(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        (self.status, self.headers, self.body) = (status, headers, body)
    }
}
