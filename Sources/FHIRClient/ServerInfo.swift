import FHIRModel

/// What a server says of itself in its metadata (tutorial §11.4.1; the Iris seed's test).
public struct ServerInfo: Sendable, Equatable {
    public var baseURL: String
    /// The version whose shapes Medbrain reads the server's resources in (``StatedRelease/readsAs``).
    public var version: FHIRVersion
    /// The release the server says it speaks, known to Medbrain or not.
    public var release: StatedRelease
    /// The version number as the server wrote it, such as `4.0.1`.
    public var fhirVersion: String
    public var software: String?
    public var resourceTypes: [String]
    /// Search parameter names by resource type, as the metadata lists them.
    public var searchParameters: [String: [String]]
    /// A SMART server's endpoints, from `rest.security`'s oauth-uris extension.
    public var oauthURIs: SMARTEndpoints?

    /// Reads a Conformance (DSTU2) or CapabilityStatement (STU3 on) where it lies, in the
    /// answer's tape: of its `rest` part, which lists every type with its search parameters
    /// (hundreds of kilobytes on a full server), only names are read, and no tree is built of it.
    /// A nil `fhirVersion` is refused, a release Medbrain does not know is read in the closest
    /// shape it knows.
    init(baseURL: String, metadata: JSONNode, assumedVersion: FHIRVersion? = nil) throws(ClientError) {
        let type = metadata["resourceType"]?.stringValue
        guard type == CapabilityStatement.resourceType || type == CapabilityStatement.dstu2ResourceType else {
            throw .notFHIR(
                url: baseURL + "/metadata", reason: "expected a CapabilityStatement, found \(type ?? "no resourceType")"
            )
        }
        let header = JSONObject(
            metadata.keys.filter { $0 != "rest" }.compactMap { key in metadata[key].map { (key, $0.json) } })
        let statement: CapabilityStatement
        do { statement = try CapabilityStatement(json: .object(header), path: type ?? "CapabilityStatement") } catch {
            throw .notFHIR(url: baseURL + "/metadata", reason: error.description)
        }
        guard let number = statement.fhirVersion ?? assumedVersion?.number else {
            throw .notFHIR(
                url: baseURL + "/metadata",
                reason: "its metadata names no fhirVersion (a server profile's 'version' can say it)")
        }
        self.baseURL = baseURL
        release = StatedRelease(number: number)
        version = release.readsAs
        fhirVersion = number
        software = [statement.software?.name, statement.software?.version].compactMap { $0 }.joined(separator: " ")
        if software?.isEmpty == true { software = nil }
        (resourceTypes, searchParameters) = try Self.resources(in: metadata["rest"], url: baseURL + "/metadata")
        // Only each rest part's security is made a tree: the oauth-uris extension is read from it.
        let security = (metadata["rest"]?.items ?? []).compactMap { rest in
            rest["security"].map { JSONValue.object(JSONObject([("security", $0.json)])) }
        }
        oauthURIs = Self.oauthURIs(in: .array(security))
    }

    /// The authorize and token endpoints of SMART's oauth-uris extension on `rest.security`.
    private static func oauthURIs(in rest: JSONValue?) -> SMARTEndpoints? {
        let extensions = (rest?.arrayValue ?? []).flatMap { $0["security"]?["extension"]?.arrayValue ?? [] }
        guard
            let uris = extensions.first(where: {
                $0["url"]?.stringValue == "http://fhir-registry.smarthealthit.org/StructureDefinition/oauth-uris"
            })?["extension"]?.arrayValue
        else { return nil }
        let uri = { (name: String) in uris.first { $0["url"]?.stringValue == name }?["valueUri"]?.stringValue }
        guard let authorize = uri("authorize"), let token = uri("token") else { return nil }
        return SMARTEndpoints(authorize: authorize, token: token, codeChallengeMethods: [])
    }

    /// The types `rest.resource` lists, in order, and each one's search parameter names.
    private static func resources(in rest: JSONNode?, url: String) throws(ClientError) -> (
        [String], [String: [String]]
    ) {
        var (types, parameters) = ([String](), [String: [String]]())
        guard let rest, !rest.isNull else { return (types, parameters) }
        guard let modes = rest.items else { throw .notFHIR(url: url, reason: "rest is not an array") }
        for resource in modes.flatMap({ $0["resource"]?.items ?? [] }) {
            guard let type = resource["type"]?.stringValue else { continue }
            types.append(type)
            parameters[type, default: []] += (resource["searchParam"]?.items ?? []).compactMap {
                $0["name"]?.stringValue
            }
        }
        return (types, parameters)
    }
}
