/// The FHIR versions Medbrain speaks, with the wire facts that differ between them.
public enum FHIRVersion: String, Sendable, CaseIterable, Codable {
    case dstu2
    case r4

    /// The `fhirVersion` a server states in its metadata.
    public var number: String {
        switch self {
        case .dstu2: "1.0.2"
        case .r4: "4.0.1"
        }
    }

    /// The JSON MIME type of the version.
    public var mimeType: String {
        switch self {
        case .dstu2: "application/json+fhir"
        case .r4: "application/fhir+json"
        }
    }

    /// The resource type of a prescription.
    public var orderType: String {
        switch self {
        case .dstu2: DSTU2.MedicationOrder.resourceType
        case .r4: R4.MedicationRequest.resourceType
        }
    }

    /// The resource type `GET /metadata` answers with.
    public var capabilityType: String {
        switch self {
        case .dstu2: CapabilityStatement.dstu2ResourceType
        case .r4: CapabilityStatement.resourceType
        }
    }

    /// `DSTU2` or `R4`, as people write it.
    public var displayName: String { rawValue.uppercased() }
}
