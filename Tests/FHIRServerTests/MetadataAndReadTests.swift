import FHIRModel
import FHIRServer
import Testing

@Suite("metadata and read over HTTP")
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

    @Test(arguments: [
        ("Patient/nobody", 404, "not known"),
        ("Practitioner/1", 404, "not supported"),
        ("Patient/f001/_history/9", 404, "no version 9"),
        ("Patient?_format=xml", 406, "JSON only"),
    ])
    func errorsAreOperationOutcomes(path: String, status: Int, message: String) async throws {
        try await withServer(.r4) { client in
            let response = try await client.get(path)
            #expect(response.status == status)
            #expect(response.json?["resourceType"] == "OperationOutcome")
            #expect(response.outcomeText.contains(message))
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
