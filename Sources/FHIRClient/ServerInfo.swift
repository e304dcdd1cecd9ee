import FHIRModel

/// What a server says of itself in its metadata (tutorial §11.4.1; the Iris seed's test).
public struct ServerInfo: Sendable, Equatable {
    public var baseURL: String
    /// The version whose shapes Medbrain reads the server's resources in (``FHIRRelease/readsAs``).
    public var version: FHIRVersion
    /// The release the server says it speaks, known to Medbrain or not.
    public var release: FHIRRelease
    /// The version number as the server wrote it, such as `4.0.1`.
    public var fhirVersion: String
    public var software: String?
    public var resourceTypes: [String]
    /// Search parameter names by resource type, as the metadata lists them.
    public var searchParameters: [String: [String]]

    /// Reads a Conformance (DSTU2) or CapabilityStatement (STU3 on); nil `fhirVersion` is
    /// refused, a release Medbrain does not know is read in the closest shape it knows.
    init(baseURL: String, metadata: JSONValue, assumedVersion: FHIRVersion? = nil) throws(ClientError) {
        let type = metadata["resourceType"]?.stringValue
        guard type == CapabilityStatement.resourceType || type == CapabilityStatement.dstu2ResourceType else {
            throw .notFHIR(
                url: baseURL + "/metadata", reason: "expected a CapabilityStatement, found \(type ?? "no resourceType")"
            )
        }
        let statement: CapabilityStatement
        do { statement = try CapabilityStatement(json: metadata, path: type ?? "CapabilityStatement") } catch {
            throw .notFHIR(url: baseURL + "/metadata", reason: error.description)
        }
        guard let number = statement.fhirVersion ?? assumedVersion?.number else {
            throw .notFHIR(
                url: baseURL + "/metadata",
                reason: "its metadata names no fhirVersion (a server profile's 'version' can say it)")
        }
        self.baseURL = baseURL
        release = FHIRRelease(number: number)
        version = release.readsAs
        fhirVersion = number
        software = [statement.software?.name, statement.software?.version].compactMap { $0 }.joined(separator: " ")
        if software?.isEmpty == true { software = nil }
        resourceTypes = statement.resourceTypes
        var parameters: [String: [String]] = [:]
        for resource in statement.rest.flatMap(\.resource) {
            guard let type = resource.type else { continue }
            parameters[type, default: []] += resource.searchParam.compactMap(\.name)
        }
        searchParameters = parameters
    }
}
