import FHIRModel

/// One rule a resource breaks, naming the element (`MedicationAdministration.status`).
public struct ValidationIssue: Sendable, Equatable, CustomStringConvertible {
    /// An error makes a server refuse the resource; a warning is said and the resource kept;
    /// information says what could not be checked.
    public enum Severity: String, Sendable {
        case error, warning, information
    }

    /// Where: the element as a FHIRPath location (`MedicationRequest.dosageInstruction[0].timing.repeat`).
    public let path: String
    public let message: String
    public let severity: Severity
    /// The key of the specification's rule it breaks (`tim-9`), when one has a key.
    public let rule: String?
    /// A reference to a resource this server does not hold: refused on a create, kept on a
    /// load (`--load`), where the data may be a part of a larger whole, as Bulk Data's is.
    public let isMissingTarget: Bool

    public init(
        path: String, message: String, severity: Severity = .error, rule: String? = nil, isMissingTarget: Bool = false
    ) {
        self.path = path
        self.message = message
        self.severity = severity
        self.rule = rule
        self.isMissingTarget = isMissingTarget
    }

    public var isError: Bool { severity == .error }

    /// The issue as `validate --format json` writes it, in the REPL and on the command line.
    public var json: JSONValue {
        var fields = JSONObject([
            ("severity", .string(severity.rawValue)), ("path", .string(path)), ("message", .string(message)),
        ])
        if let rule { fields["rule"] = .string(rule) }
        return .object(fields)
    }

    /// The message with its rule's key first, as HL7's validator words it (`tim-9: If there's …`).
    public var ruledMessage: String { rule.map { "\($0): \(message)" } ?? message }

    public var description: String {
        (severity == .error ? "" : "\(severity.rawValue): ") + "\(path): \(ruledMessage)"
    }

    /// Whether this issue is about the element `rulePath` names (`effectiveTime[x]` covers
    /// `effectiveTimeDateTime`; `dosage` covers `dosage.dose`).
    public func concerns(_ rulePath: String) -> Bool {
        let stem = rulePath.hasSuffix("[x]") ? String(rulePath.dropLast(3)) : rulePath
        return path == stem || path.hasPrefix(stem + ".") || path.hasPrefix(stem + "[")
            || (rulePath.hasSuffix("[x]") && path.hasPrefix(stem))
    }
}
