import FHIRModel

/// `GET [base]/metadata`: a Conformance (DSTU2) or CapabilityStatement (R4) built from the
/// same tables the server searches with, so what it claims is what it does.
extension FHIRService {
    func metadata(_ context: FHIRExchange) -> FHIRResponse {
        guard let authorization else { return context.respond(200, body: metadataBytes(pretty: context.wantsPretty)) }
        // A SMART server's statement names its endpoints at the host the client reached.
        var statement = capabilityStatement
        let origin = String(context.baseURL.dropLast(context.basePath.count))
        statement.rest[0].extra["security"] = authorization.security(origin: origin, version: version)
        return context.respond(200, statement.json)
    }

    private func metadataBytes(pretty: Bool) -> [UInt8] {
        metadataCache.bytes(pretty: pretty) {
            let json = capabilityStatement.json
            return pretty ? json.prettyBytes : json.compactBytes
        }
    }

    /// Makes the statement as sent before anyone asks (``build(_:)`` starts it).
    func prepareMetadata() {
        _ = metadataBytes(pretty: false)
    }

    /// What this server supports, in its version's form.
    public var capabilityStatement: CapabilityStatement {
        var statement = CapabilityStatement(resourceType: version.capabilityType)
        statement.status = "active"
        statement.date = now
        statement.publisher = "Medbrain"
        statement.kind = "instance"
        statement.software = CapabilitySoftware(name: "Medbrain", version: MedbrainInfo.version)
        // A statement of an instance says which (cpb-14): this running server.
        statement.extra["implementation"] = .object(
            JSONObject([("description", .string("Medbrain's built-in FHIR server"))]))
        statement.fhirVersion = version.number
        statement.format = ["json", version.mimeType]
        // Required until R4 removed it: what the server does with elements it does not know.
        if [.dstu2, .stu3].contains(version) { statement.extra["acceptUnknown"] = "extensions" }
        var rest = CapabilityRest(mode: "server")
        rest.resource = CapabilityResources.of(version)
        rest.interaction = [CapabilityInteraction(code: "transaction"), CapabilityInteraction(code: "batch")]
        if [.dstu2, .stu3].contains(version) {
            // Before R4 a server lists its operations once, for all its types.
            rest.extra["operation"] = .array([CapabilityResources.validateOperation(version)])
        }
        statement.rest = [rest]
        return statement
    }
}

/// The product's name and version, as `--version` and the metadata state them.
public enum MedbrainInfo {
    public static let version = "0.1.0"
}

/// What the server does with each resource type of a release, made once per process: the same
/// for every server of the release, and the largest part of its CapabilityStatement (every type
/// with its search parameters), which every client asks for when it connects.
enum CapabilityResources {
    static func of(_ version: FHIRVersion) -> [CapabilityResource] { made[version] }

    private static let made = PerRelease(make)

    /// `$validate`, as a statement lists it: R4 names its definition by canonical, the earlier
    /// releases by Reference.
    static func validateOperation(_ version: FHIRVersion) -> JSONValue {
        let url = "http://hl7.org/fhir/OperationDefinition/Resource-validate"
        let definition: JSONValue =
            [.dstu2, .stu3].contains(version) ? .object(JSONObject([("reference", .string(url))])) : .string(url)
        return .object(JSONObject([("name", .string("validate")), ("definition", definition)]))
    }

    private static func make(_ version: FHIRVersion) -> [CapabilityResource] {
        let types = version.resourceTypes
        let definitions = version.searchParameters.parameters(of: types)
        let validate = validateOperation(version)
        return types.map { type in
            var resource = CapabilityResource(type: type)
            resource.interaction = ["read", "vread", "update", "delete", "history-instance", "create", "search-type"]
                .map(CapabilityInteraction.init)
            if ![.dstu2, .stu3].contains(version) { resource.extra["operation"] = .array([validate]) }
            // Each parameter's documentation is its FHIRPath expression: what the server evaluates.
            let parameters = (definitions[type] ?? []).filter { $0.isListed && SearchParameter.isSearched($0) }
            resource.searchParam = parameters.map {
                CapabilitySearchParam(
                    name: $0.code, type: $0.kind.rawValue,
                    documentation: $0.expression ?? SearchParameter.textualDocumentation[$0.code])
            }
            resource.searchInclude = parameters.filter { $0.kind == .reference }.map { "\(type):\($0.code)" }
            return resource
        }
    }
}
