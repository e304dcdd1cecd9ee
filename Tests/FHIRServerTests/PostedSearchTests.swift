import FHIRModel
import FHIRServer
import Foundation
import TestSupport
import Testing

/// `POST [type]/_search` reads its parameters from a form body as well as from the URL, as
/// FHIR's search page says: the same answer as the GET.
@Suite("Searches posted as a form")
struct PostedSearchTests {
    @Test(arguments: [
        ("Patient/_search", "_id=p1", "Patient?_id=p1"),
        ("Patient/_search?_id=p1", "", "Patient?_id=p1"),
        ("Observation/_search?patient=p1", "code=8480-6", "Observation?patient=p1&code=8480-6"),
        ("Patient/p1/Observation/_search", "code=8480-6", "Patient/p1/Observation?code=8480-6"),
    ])
    func aFormIsTheQuery(posted: String, form: String, same: String) async throws {
        let service = try await CompartmentSearchTests.server(CrossedRecords.make(seed: 61))
        let parts = posted.split(separator: "?", maxSplits: 1).map(String.init)
        let answer = await service.handle(
            FHIRRequest(
                method: "POST", components: parts[0].split(separator: "/").map(String.init),
                query: QueryString.parameters(parts.count > 1 ? parts[1] : nil),
                headers: ["host": "127.0.0.1", "content-type": "application/x-www-form-urlencoded"],
                body: Array(form.utf8)))
        let expected = await CompartmentSearchTests.open(service, same)
        #expect(answer.status == 200)
        #expect(CompartmentSearchTests.matches(answer) == CompartmentSearchTests.matches(expected))
        #expect(!CompartmentSearchTests.matches(expected).isEmpty || same.contains("8480-6"))
    }
}
