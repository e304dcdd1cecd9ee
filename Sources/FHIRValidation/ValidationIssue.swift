/// One rule a resource breaks, naming the element (`MedicationAdministration.status`).
public struct ValidationIssue: Sendable, Equatable, CustomStringConvertible {
    public let path: String
    public let message: String
    /// A reference to a resource this server does not hold: refused on a create, kept on a
    /// load (`--load`), where the data may be a part of a larger whole, as Bulk Data's is.
    public let isMissingTarget: Bool

    public init(path: String, message: String, isMissingTarget: Bool = false) {
        self.path = path
        self.message = message
        self.isMissingTarget = isMissingTarget
    }

    public var description: String { "\(path): \(message)" }

    /// Whether this issue is about the element `rulePath` names (`effectiveTime[x]` covers
    /// `effectiveTimeDateTime`; `dosage` covers `dosage.dose`).
    public func concerns(_ rulePath: String) -> Bool {
        let stem = rulePath.hasSuffix("[x]") ? String(rulePath.dropLast(3)) : rulePath
        return path == stem || path.hasPrefix(stem + ".") || path.hasPrefix(stem + "[")
            || (rulePath.hasSuffix("[x]") && path.hasPrefix(stem))
    }
}
