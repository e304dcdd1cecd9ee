import FHIRModel
import Testing

@testable import FHIRServer

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

    /// An answer worked out before a change must not be kept after it (a write can come
    /// between a search's scan and the moment its answer is kept).
    @Test func anAnswerFromBeforeAChangeIsNotKept() async {
        let (store, cache) = (ResourceStore(), SearchCache())
        let (_, before) = await store.search("Patient", criteria: [])
        await store.load([["resourceType": "Patient", "id": "p1"]], lastUpdated: "2016-08-16T08:00:00Z")
        cache.keep(answer: Array("stale".utf8), for: "all patients", asOf: before)
        #expect(cache.answer(for: "all patients", at: store.changeCount) == nil)
        let (found, now) = await store.search("Patient", criteria: [])
        #expect(found.map(\.id) == ["p1"])
        cache.keep(answer: Array("fresh".utf8), for: "all patients", asOf: now)
        cache.keep(matches: found, for: "Patient?", asOf: now)
        #expect(cache.answer(for: "all patients", at: store.changeCount) == Array("fresh".utf8))
        #expect(cache.matches(for: "Patient?", at: store.changeCount)?.map(\.id) == ["p1"])
        await store.load([["resourceType": "Patient", "id": "p2"]], lastUpdated: "2016-08-16T08:00:00Z")
        #expect(cache.answer(for: "all patients", at: store.changeCount) == nil)
        #expect(cache.matches(for: "Patient?", at: store.changeCount) == nil)
        // What was kept at the earlier count is gone, not only hidden.
        #expect(cache.answer(for: "all patients", at: now) == nil)
    }

    /// The same search through another host name is another answer: its links name the host.
    @Test func eachHostGetsLinksNamingIt() async throws {
        try await withServer(.r4) { client in
            let first = try await client.send("GET", "Patient?_count=1", headers: ["Host": "one.example:8080"])
            let second = try await client.send("GET", "Patient?_count=1", headers: ["Host": "two.example:8080"])
            let (one, two) = (String(decoding: first.body, as: UTF8.self), String(decoding: second.body, as: UTF8.self))
            #expect(one.contains("http://one.example:8080/fhir/Patient?"))
            #expect(two.contains("http://two.example:8080/fhir/Patient?"))
            #expect(!two.contains("one.example"))
        }
    }
}
