import FHIRModel
import FHIRPath

/// One row of the tutorial's requirement tables (§9.3, Tables 1–4): what the app needs a
/// resource to have, as an expression, checked against real resources in either version.
public struct Requirement: Sendable {
    /// The tutorial's table, 1 to 4.
    public let table: Int
    /// The resource type in DSTU2 and in R4 (MedicationOrder became MedicationRequest).
    public let resourceType: [FHIRVersion: String]
    public let name: String
    /// The expression in the tutorial's notation, with the element names of each version.
    public let expression: [FHIRVersion: String]
    /// The same requirement in FHIRPath, per version: what is evaluated.
    public let fhirPath: [FHIRVersion: String]
    private let parsed: [FHIRVersion: FHIRPathExpression]

    init(
        table: Int, resourceType: [FHIRVersion: String], name: String, expression: [FHIRVersion: String],
        fhirPath: [FHIRVersion: String]
    ) {
        // R4B kept R4's Patient, Medication and medication resources: its rows are R4's.
        let withR4B = { (rows: [FHIRVersion: String]) in
            rows[.r4].map { rows.merging([.r4b: $0]) { own, _ in own } } ?? rows
        }
        (self.table, self.name) = (table, name)
        (self.resourceType, self.expression) = (withR4B(resourceType), withR4B(expression))
        self.fhirPath = withR4B(fhirPath)
        // The tables are fixed text, parsed once; RequirementTests proves every one parses.
        parsed = self.fhirPath.compactMapValues { try? FHIRPathExpression($0) }
    }

    /// Whether `resource` (in `version`'s JSON) meets the requirement: its FHIRPath is true.
    public func isMet(by resource: JSONValue, version: FHIRVersion) -> Bool {
        guard let expression = parsed[version] else { return false }
        let environment = FHIRPathEnvironment(model: version.typeModel)
        return (try? expression.isTrue(on: resource, environment: environment)) ?? false
    }

    /// Whether every version's FHIRPath parsed (a test keeps the tables honest).
    public var allParse: Bool { parsed.count == fhirPath.count }
}
