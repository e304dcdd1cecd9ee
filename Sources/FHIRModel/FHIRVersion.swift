/// The FHIR versions Medbrain speaks, with the wire facts that differ between them.
public enum FHIRVersion: String, Sendable, CaseIterable, Codable {
    case dstu2
    case stu3
    case r4
    /// R4B (4.3.0): R4's medication resources unchanged, a few others revised; its own types and
    /// search parameters.
    case r4b
    case r5

    /// The `fhirVersion` a server states in its metadata.
    public var number: String {
        switch self {
        case .dstu2: "1.0.2"
        case .stu3: "3.0.2"
        case .r4: "4.0.1"
        case .r4b: "4.3.0"
        case .r5: "5.0.0"
        }
    }

    /// The JSON MIME type of the version.
    public var mimeType: String {
        switch self {
        case .dstu2: "application/json+fhir"
        case .stu3, .r4, .r4b, .r5: "application/fhir+json"
        }
    }

    /// The resource type of a prescription.
    public var orderType: String {
        switch self {
        case .dstu2: DSTU2.MedicationOrder.resourceType
        case .stu3: STU3.MedicationRequest.resourceType
        case .r4, .r4b: R4.MedicationRequest.resourceType
        case .r5: R5.MedicationRequest.resourceType
        }
    }

    /// The resource type `GET /metadata` answers with.
    public var capabilityType: String {
        switch self {
        case .dstu2: CapabilityStatement.dstu2ResourceType
        case .stu3, .r4, .r4b, .r5: CapabilityStatement.resourceType
        }
    }

    /// The search parameter of an administration's order: `prescription` in DSTU2 and STU3,
    /// `request` from R4 on.
    public var administrationOrderParameter: String { [.dstu2, .stu3].contains(self) ? "prescription" : "request" }

    /// The search parameter of when a dose was given: `effectivetime`, `effective-time`, R5's `date`.
    public var administrationDateParameter: String {
        switch self {
        case .dstu2: "effectivetime"
        case .stu3, .r4, .r4b: "effective-time"
        case .r5: "date"
        }
    }

    /// The URL of a code system HL7 moved to terminology.hl7.org with R4 (`restful-security-service`):
    /// before R4 it lived under the specification's own base.
    public func terminologySystem(_ id: String) -> String {
        self < .r4 ? "http://hl7.org/fhir/\(id)" : "http://terminology.hl7.org/CodeSystem/\(id)"
    }

    /// `DSTU2`, `STU3`, `R4`, `R4B` or `R5`, as people write it.
    public var displayName: String { rawValue.uppercased() }
}
