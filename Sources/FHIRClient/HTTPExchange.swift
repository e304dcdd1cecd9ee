/// One request and its answer, as `trace` shows it: the FHIR behind every command.
public struct HTTPExchange: Sendable, Equatable {
    public var method: String
    public var url: String
    /// The status, or nil when no answer came.
    public var status: Int?
    public var milliseconds: Int
    public var requestBody: String?
    public var responseBody: String?
    /// The header fields the command chose (`If-Match`, a `Prefer` typed with `-H`), as
    /// `Name: value`; never the credentials, nor those every request carries.
    public var requestHeaders: [String] = []

    /// `GET http://…/Patient?_id=f001 -> 200 (12 ms)`
    public var summary: String {
        "\(method) \(url) -> \(status.map(String.init) ?? "no answer") (\(milliseconds) ms)"
    }
}
