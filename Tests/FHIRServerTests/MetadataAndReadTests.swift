import FHIRModel
import FHIRServer
import Testing

@Suite("metadata and read")
struct MetadataAndReadTests {
    @Test(arguments: FHIRVersion.allCases)
    func metadataStatesVersionAndResources(version: FHIRVersion) async throws {
        try await withServer(version) { client in
            let response = try await client.get("metadata")
            #expect(response.status == 200)
            #expect(response.header("Content-Type")?.hasPrefix(version.mimeType) == true)
            let statement = try CapabilityStatement(json: try #require(response.json))
            #expect(statement.header.resourceType == version.capabilityType)
            #expect(statement.fhirVersion == version.number)
            #expect(statement.status == "active" && statement.kind == "instance" && statement.date != nil)
            #expect(
                Set(statement.resourceTypes).isSuperset(of: ["Patient", version.orderType, "MedicationAdministration"]))
            let orders = try #require(statement.rest.first?.resource.first { $0.type == version.orderType })
            #expect(orders.searchParam.contains { $0.name == "patient" })
        }
    }

    @Test(arguments: FHIRVersion.allCases)
    func readGivesResourceWithETag(version: FHIRVersion) async throws {
        try await withServer(version) { client in
            let response = try await client.get("Patient/f001")
            #expect(response.status == 200)
            #expect(response.header("ETag") == "W/\"1\"")
            #expect(response.header("Last-Modified") == "Tue, 16 Aug 2016 10:00:00 GMT")
            let patient = try Patient(json: try #require(response.json))
            #expect(patient.id == "f001")
            #expect(patient.meta?.versionId == "1")
            #expect(patient.meta?.lastUpdated == "2016-08-16T10:00:00Z")
            #expect(patient.name.first?.familyIsList == (version == .dstu2))
        }
    }

    /// Each row: method, path, body, content type, the status, and text the outcome must contain.
    static let refusals: [(String, String, String?, String, Int, String)] = [
        ("GET", "Patient/nobody", nil, "", 404, "not known"),
        ("GET", "Spaceship/1", nil, "", 404, "not supported"),
        ("GET", "Patient/f001/_history/9", nil, "", 404, "no version 9"),
        ("GET", "Patient?_format=xml", nil, "", 406, "JSON only"),
        ("DELETE", "metadata", nil, "", 405, "not supported on metadata"),
        ("PATCH", "Patient/f001", "{}", "application/json", 405, "not a FHIR interaction"),
        ("POST", "Patient", "<Patient/>", "application/xml", 415, "as JSON"),
        ("POST", "Patient/f001", "{}", "application/json", 405, "not a FHIR interaction"),
    ]

    @Test(arguments: FHIRVersion.allCases, refusals)
    func errorsAreOperationOutcomes(
        version: FHIRVersion, refusal: (String, String, String?, String, Int, String)
    ) async throws {
        let (method, path, body, contentType, status, message) = refusal
        try await withServer(version) { client in
            let headers = contentType.isEmpty ? [:] : ["Content-Type": contentType]
            let response = try await client.send(method, path, body: body, headers: headers)
            #expect(response.status == status)
            #expect(response.json?["resourceType"] == "OperationOutcome")
            #expect(response.outcomeText.contains(message), "\(response.outcomeText)")
        }
    }

    @Test func plainJSONAcceptIsAnsweredAsJSON() async throws {
        try await withServer(.dstu2) { client in
            let response = try await client.get("Patient/f001", headers: ["Accept": "application/json"])
            #expect(response.status == 200)
            #expect(response.header("Content-Type")?.hasPrefix("application/json") == true)
        }
    }

    @Test func requestsOutsideTheFHIRBaseAreNotFound() async throws {
        try await withServer(.dstu2) { client in
            let base = client.baseURL.replacingOccurrences(of: "/fhir", with: "")
            let response = try await client.get("\(base)/Patient/f001")
            #expect(response.status == 404)
        }
    }
}
