import FHIRModel

/// `GET [base]/metadata`: a Conformance (DSTU2) or CapabilityStatement (R4) built from the
/// same tables the server searches with, so what it claims is what it does.
extension FHIRService {
    func metadata(_ context: FHIRExchange) -> FHIRResponse {
        context.respond(200, capabilityStatement.json)
    }

    /// What this server supports, in its version's form.
    public var capabilityStatement: CapabilityStatement {
        var statement = CapabilityStatement(resourceType: version.capabilityType)
        statement.status = "active"
        statement.date = now
        statement.publisher = "Medbrain"
        statement.kind = "instance"
        statement.software = CapabilitySoftware(name: "Medbrain", version: MedbrainInfo.version)
        statement.fhirVersion = version.number
        statement.format = ["json", version.mimeType]
        // Required until R4 removed it: what the server does with elements it does not know.
        if [.dstu2, .stu3].contains(version) { statement.extra["acceptUnknown"] = "extensions" }
        var rest = CapabilityRest(mode: "server")
        rest.resource = resourceTypes.map(resourceCapability)
        rest.interaction = [CapabilityInteraction(code: "transaction"), CapabilityInteraction(code: "batch")]
        statement.rest = [rest]
        return statement
    }

    private func resourceCapability(_ type: String) -> CapabilityResource {
        var resource = CapabilityResource(type: type)
        resource.interaction = ["read", "vread", "update", "delete", "history-instance", "create", "search-type"]
            .map(CapabilityInteraction.init)
        // Each parameter's documentation is its FHIRPath expression: what the server evaluates.
        let parameters = searchParameters.definitions(of: type).filter(\.isListed)
        resource.searchParam = parameters.map {
            CapabilitySearchParam(name: $0.code, type: $0.kind.rawValue, documentation: $0.expression)
        }
        resource.searchInclude = parameters.filter { $0.kind == .reference }.map { "\(type):\($0.code)" }
        return resource
    }
}

/// The product's name and version, as `--version` and the metadata state them.
public enum MedbrainInfo {
    public static let version = "0.1.0"
}
