import FHIRModel

/// The CapabilityStatement's `rest.security` of a SMART server: the service SMART-on-FHIR and
/// the oauth-uris extension, where apps written before `.well-known/smart-configuration`
/// (fhirclient among them) find the endpoints.
extension AuthorizationServer {
    static let oauthURIs = "http://fhir-registry.smarthealthit.org/StructureDefinition/oauth-uris"

    func security(origin: String, version: FHIRVersion) -> JSONValue {
        let system = version.terminologySystem("restful-security-service")
        let endpoints: [JSONValue] = ["authorize", "token", "introspect"].map { name in
            ["url": .string(name), "valueUri": .string("\(origin)\(Self.path)/\(name)")]
        }
        return [
            "extension": [["url": .string(Self.oauthURIs), "extension": .array(endpoints)]],
            "cors": true,
            "service": [
                [
                    "coding": [["system": .string(system), "code": "SMART-on-FHIR"]],
                    "text": "OAuth2 with SMART App Launch",
                ]
            ],
        ]
    }
}
