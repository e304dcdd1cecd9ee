import FHIRModel
import FHIRServer
import Testing

/// Search results are kept between pages until the next write; a write must show at once.
@Suite("search results kept between pages")
struct SearchCacheTests {
    @Test func aWriteBetweenTwoSearchesShowsInTheSecond() async throws {
        try await withServer(.r4) { client in
            let before = try await client.search("Patient?gender=female").count
            let created = try await client.send(
                "POST", "Patient", body: #"{"resourceType":"Patient","gender":"female","name":[{"family":"Neu"}]}"#)
            #expect(created.status == 201)
            #expect(try await client.search("Patient?gender=female").count == before + 1)
            let id = try #require(created.json?["id"]?.stringValue)
            #expect(try await client.send("DELETE", "Patient/\(id)").status == 200)
            #expect(try await client.search("Patient?gender=female").count == before)
        }
    }

    @Test func aValueThatLooksLikeAnotherParameterIsAnotherSearch() async throws {
        try await withServer(.dstu2) { client in
            #expect(try await client.search("Patient?family=mustermann&given=herbert").count == 1)
            let joined = try await client.search("Patient?family=mustermann%26given%3Dherbert")
            #expect(joined.isEmpty)
        }
    }
}
