/// An OAuth 2.0 error (RFC 6749 §5.2): its code and a description that names the rule broken.
public struct OAuthError: Error, Equatable, Sendable {
    public let code: String
    public let description: String

    public init(code: String, description: String) {
        self.code = code
        self.description = description
    }

    public init(_ code: String, _ description: String) { self.init(code: code, description: description) }
}
