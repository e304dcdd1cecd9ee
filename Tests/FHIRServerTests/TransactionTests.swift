import FHIRModel
import FHIRServer
import Testing

@Suite("transaction and batch")
struct TransactionTests {
    static let transaction = #"""
        {"resourceType":"Bundle","type":"transaction","entry":[
          {"fullUrl":"urn:uuid:8f1a","resource":{"resourceType":"Patient","name":[{"family":["Neu"]}]},
           "request":{"method":"POST","url":"Patient"}},
          {"fullUrl":"urn:uuid:9b2c","resource":{"resourceType":"MedicationOrder","status":"active",
             "patient":{"reference":"urn:uuid:8f1a"},"medicationCodeableConcept":{"text":"Nasivin"}},
           "request":{"method":"POST","url":"MedicationOrder"}}
        ]}
        """#

    @Test func placeholdersAreResolvedAndAllEntriesStored() async throws {
        try await withServer(.dstu2) { client in
            let response = try await client.send("POST", "", body: Self.transaction)
            #expect(response.status == 200)
            let bundle = try FHIRModel.Bundle(json: try #require(response.json))
            #expect(bundle.type == "transaction-response")
            #expect(bundle.entry.map(\.response?.status) == ["201 Created", "201 Created"])
            let patientID = try #require(bundle.entry[0].resource?["id"]?.stringValue)
            let orders = try await client.search("MedicationOrder?patient=\(patientID)")
            #expect(orders.count == 1)
            #expect(orders.first?["patient"]?["reference"] == .string("Patient/\(patientID)"))
        }
    }

    /// More entries than a request may carry: one clear outcome, nothing stored.
    @Test func aBundleOfTooManyEntriesIsRefused() async throws {
        try await withServer(.r4) { client in
            let entry = #"{"request":{"method":"GET","url":"Patient/f001"}}"#
            let body =
                #"{"resourceType":"Bundle","type":"batch","entry":["#
                + Array(repeating: entry, count: 1_001).joined(separator: ",") + "]}"
            let response = try await client.send("POST", "", body: body)
            #expect(response.status == 413)
            #expect(response.outcomeText.contains("at most 1000 entries; this one has 1001"))
        }
    }

    @Test func oneBadEntryStoresNothing() async throws {
        try await withServer(.dstu2) { client in
            let broken = Self.transaction.replacingOccurrences(of: #""status":"active""#, with: #""status":"finished""#)
            let response = try await client.send("POST", "", body: broken)
            #expect(response.status == 422)
            #expect(response.outcomeText.contains("MedicationOrder.status"))
            #expect(try await client.search("Patient?family=neu").isEmpty)
        }
    }

    @Test func batchAnswersEachEntry() async throws {
        try await withServer(.r4) { client in
            let batch = #"""
                {"resourceType":"Bundle","type":"batch","entry":[
                  {"request":{"method":"GET","url":"Patient/f001"}},
                  {"request":{"method":"GET","url":"Patient/nobody"}},
                  {"resource":{"resourceType":"Patient","gender":"female"},"request":{"method":"POST","url":"Patient"}}
                ]}
                """#
            let response = try await client.send("POST", "", body: batch)
            let bundle = try FHIRModel.Bundle(json: try #require(response.json))
            #expect(bundle.type == "batch-response")
            #expect(bundle.entry.map(\.response?.status) == ["200", "404", "201"])
        }
    }

    @Test func otherBundleTypesAreRefused() async throws {
        try await withServer(.r4) { client in
            let response = try await client.send("POST", "", body: #"{"resourceType":"Bundle","type":"collection"}"#)
            #expect(response.status == 400)
        }
    }
}
