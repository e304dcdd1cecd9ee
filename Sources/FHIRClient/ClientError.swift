import FHIRModel

/// Why a request to a FHIR server failed, in one line a user can act on.
public enum ClientError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Nothing answers at the address (refused, unknown host, no route).
    case unreachable(url: String, reason: String)
    case timedOut(url: String, seconds: Double)
    case tls(url: String, reason: String)
    /// It answered, but not as a FHIR server would (HTML, not JSON, the wrong resource).
    case notFHIR(url: String, reason: String)
    /// The server refused the request; `outcome` is its OperationOutcome, summarised.
    case refused(status: Int, outcome: String?)
    /// The server sent us elsewhere and the redirect was not followed: it leads to another
    /// host while the request carries credentials.
    case redirected(url: String, location: String)
    /// The answer was larger than a client should load; `limit` in bytes.
    case tooLarge(url: String, limit: Int)
    /// The request was cancelled (Ctrl-C).
    case cancelled

    public var description: String {
        switch self {
        case .unreachable(let url, let reason): "cannot reach \(url): \(reason)"
        case .timedOut(let url, let seconds): "no answer from \(url) within \(Self.seconds(seconds))"
        case .tls(let url, let reason): "secure connection to \(url) failed: \(reason)"
        case .notFHIR(let url, let reason): "\(url) does not answer like a FHIR server: \(reason)"
        case .refused(401, let outcome):
            "the server wants credentials (401)\(Self.detail(outcome)); a server profile can hold a token ('servers')"
        case .refused(403, let outcome):
            "the server refused access (403)\(Self.detail(outcome)); the credentials lack the permission"
        case .refused(let status, let outcome?): "the server answered \(status): \(outcome)"
        case .refused(let status, nil): "the server answered \(status)"
        case .redirected(let url, let location):
            "\(url) redirects to \(location); not followed, as credentials are never sent to another host"
        case .tooLarge(let url, let limit):
            "the answer from \(url) is larger than \(limit / 1_048_576) MiB; ask for less (_count, _elements)"
        case .cancelled: "cancelled"
        }
    }

    /// The most of an OperationOutcome's text one error line holds; more is cut with "…".
    public static let longestOutcome = 300

    private static func detail(_ outcome: String?) -> String {
        outcome.map { ": \($0)" } ?? ""
    }

    private static func seconds(_ value: Double) -> String {
        value.rounded() == value ? "\(Int(value)) s" : "\(value) s"
    }
}
