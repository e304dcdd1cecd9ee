import FHIRModel

/// Why a request to a FHIR server failed, in one line a user can act on.
public enum ClientError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Nothing answers at the address (refused, unknown host, no route).
    case unreachable(url: String, reason: String)
    case timedOut(url: String, seconds: Double)
    case tls(url: String, reason: String)
    /// It answered, but not as a FHIR server would (HTML, not JSON, the wrong resource).
    case notFHIR(url: String, reason: String)
    /// A FHIR version Medbrain does not speak.
    case unsupportedVersion(String)
    /// The server refused the request; `outcome` is its OperationOutcome, summarised.
    case refused(status: Int, outcome: String?)
    /// The request was cancelled (Ctrl-C).
    case cancelled

    public var description: String {
        switch self {
        case .unreachable(let url, let reason): "cannot reach \(url): \(reason)"
        case .timedOut(let url, let seconds): "no answer from \(url) within \(Self.seconds(seconds))"
        case .tls(let url, let reason): "secure connection to \(url) failed: \(reason)"
        case .notFHIR(let url, let reason): "\(url) does not answer like a FHIR server: \(reason)"
        case .unsupportedVersion(let number):
            "the server speaks FHIR \(number); Medbrain speaks DSTU2 (1.0.x) and R4 (4.0.x)"
        case .refused(let status, let outcome?): "the server answered \(status): \(outcome)"
        case .refused(let status, nil): "the server answered \(status)"
        case .cancelled: "cancelled"
        }
    }

    private static func seconds(_ value: Double) -> String {
        value.rounded() == value ? "\(Int(value)) s" : "\(value) s"
    }
}
