import Foundation

/// How a client proves who it is to a server that asks: sent as the `Authorization` header,
/// never printed, and never sent to another host after a redirect.
public enum Credentials: Sendable, Equatable {
    case bearer(token: String)
    case basic(user: String, password: String)

    /// The `Authorization` header's value.
    var authorization: String {
        switch self {
        case .bearer(let token): "Bearer \(token)"
        case .basic(let user, let password): "Basic \(Data("\(user):\(password)".utf8).base64EncodedString())"
        }
    }

    /// What the credentials are, with the secret left out: `bearer token`, `basic (alice)`.
    public var kind: String {
        switch self {
        case .bearer: "bearer token"
        case .basic(let user, _): "basic (\(user))"
        }
    }
}
