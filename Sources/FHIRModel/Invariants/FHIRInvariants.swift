/// The invariants a release's StructureDefinitions state in FHIRPath, by the element they are
/// declared on, read from `Bundled/invariants-<release>.txt` (written by
/// `scripts/fhir-definitions`).
///
/// Each is listed once, where it is declared: `ele-1` on `Element` holds for every element,
/// `tim-9` on `Timing.repeat` for every Timing's repeat. Which ones hold for a node follows
/// from its type and its base types, and from the element it is (`Narrative.div`).
public struct FHIRInvariants: Sendable {
    /// One constraint: `tim-9`, an error, `offset.empty() or …`, "If there's an offset, …".
    public struct Invariant: Sendable, Hashable {
        /// The element it is declared on: a type (`Timing`), a backbone element
        /// (`Timing.repeat`) or an element of a type (`Narrative.div`, `Observation.value[x]`).
        public let context: String
        public let key: String
        public let severity: Severity
        /// The FHIRPath expression, evaluated with the element as its input.
        public let expression: String
        /// What the specification says the rule means.
        public let human: String
        /// Whether the release's own expression was wrong and the table holds a correction.
        public let isCorrected: Bool
    }

    public enum Severity: String, Sendable {
        case error, warning
        /// A warning the specification marks as best practice, which validators leave out
        /// unless asked for (HL7's validator's default).
        case bestPractice = "best-practice"
    }

    /// Every invariant, in the table's order.
    public let all: [Invariant]
    private let byContext: [String: [Invariant]]

    /// Reads a table; a release with no table (STU3 and DSTU2 have no StructureDefinitions on
    /// PyPI) has none.
    public init(table: String?) {
        var all: [Invariant] = []
        for line in (table ?? "").split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard parts.count >= 5, let severity = Severity(rawValue: parts[2]) else { continue }
            all.append(
                Invariant(
                    context: parts[0], key: parts[1], severity: severity, expression: parts[3], human: parts[4],
                    isCorrected: parts.count > 5 && parts[5] == "corrected"))
        }
        self.all = all
        byContext = Dictionary(grouping: all, by: \.context)
    }

    /// The invariants declared on `context` itself (not those of its base types).
    public func declared(on context: String) -> [Invariant] { byContext[context] ?? [] }

    /// Whether any invariant is declared on `context`.
    public func hasAny(on context: String) -> Bool { byContext[context] != nil }
}
