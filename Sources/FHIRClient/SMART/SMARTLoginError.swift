/// Why a SMART login did not happen, said to the user as one line. Each case is a different thing
/// the user can do something about; none of them holds a token.
public enum SMARTLoginError: Error, Equatable, CustomStringConvertible {
    /// The server announces neither `.well-known/smart-configuration` nor OAuth URIs.
    case noEndpoints(baseURL: String)
    /// A token would travel over http to another machine.
    case clearText(host: String)
    /// The server offers code challenge methods, and S256 is not one of them.
    case noPKCE
    /// The browser did not bring the user back in time.
    case noAnswer(seconds: Int)
    case cancelled
    /// The redirect's `state` is not the one this login sent.
    case forgedState
    /// The authorization or token endpoint said no (OAuth's `error`, with its description).
    case refused(String)
    case noCode
    case noAccessToken
    /// The `id_token` failed a check: its signature, issuer, audience, expiry or nonce.
    case badIDToken(String)
    case unreadableKey(file: String)
    /// A backend service's key file is not a key that can sign.
    case badKey(file: String, reason: String)

    public var description: String {
        switch self {
        case .noEndpoints(let baseURL): "\(baseURL) announces no SMART endpoints"
        case .clearText(let host):
            "refusing to log in over http to \(host): the tokens would cross the network unencrypted; use its https address"
        case .noPKCE: "the server does not offer PKCE S256, which a native app must use; not logging in"
        case .noAnswer(let seconds): "no answer from the browser within \(seconds) s"
        case .cancelled: "login cancelled"
        case .forgedState: "the answer's state is not the one sent: refused, it may not come from this login"
        case .refused(let why): "the server refused the login: \(why)"
        case .noCode: "the answer holds no code"
        case .noAccessToken: "the token endpoint answered without an access_token"
        case .badIDToken(let why): "the login is refused: \(why)"
        case .unreadableKey(let file): "cannot read the key file \(file)"
        case .badKey(let file, let reason): "\(file): \(reason)"
        }
    }
}
