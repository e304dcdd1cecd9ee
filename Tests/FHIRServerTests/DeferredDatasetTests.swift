import FHIRModel
import Foundation
import Synchronization
import Testing

@testable import FHIRServer

/// The built-in dataset is made when a request first needs data: `metadata` (all the REPL's
/// first prompt asks) does not make it, the first read does, once, and then every method of the
/// store sees it as if it had been loaded at start.
@Suite("the built-in dataset loaded at first use")
struct DeferredDatasetTests {
    @Test(arguments: [FHIRVersion.dstu2, .stu3, .r4, .r5])
    func metadataDoesNotLoadItAndTheFirstReadDoes(version: FHIRVersion) async throws {
        let service = try await FHIRService.build(
            ServerConfiguration(version: version, now: Date.parseInstant("2016-08-16T10:00:00Z")))
        let client = TestClient(baseURL: "http://127.0.0.1\(FHIRService.basePath)", service: service)
        #expect(try await client.get("metadata").status == 200)
        #expect(await service.store.isLoadPending)
        let changes = service.store.changeCount
        #expect(try await client.get("Patient/f001").status == 200)
        #expect(!(await service.store.isLoadPending))
        // Loading is no change a watcher (the web view) should see.
        #expect(service.store.changeCount == changes)
    }

    /// A counting source: loaded once, by whichever method comes first.
    final class Source: Sendable {
        let made = Mutex(0)
        func resources() -> [JSONValue] {
            made.withLock { $0 += 1 }
            return [["resourceType": "Patient", "id": "p1"], ["resourceType": "Patient", "id": "p2"]]
        }
    }

    @Test func everyMethodSeesThePendingResources() async throws {
        let firsts: [(String, @Sendable (ResourceStore) async throws -> Bool)] = [
            ("read", { await $0.read("Patient", "p1") != nil }),
            ("history", { await $0.history("Patient", "p2").count == 1 }),
            ("all", { await $0.all("Patient").map(\.id) == ["p1", "p2"] }),
            ("search", { await $0.search("Patient", criteria: []).found.count == 2 }),
            (
                "reserveID",
                { store in
                    let id = await store.reserveID(for: "Patient")
                    let count = await store.all("Patient").count
                    return id == "1" && count == 2
                }
            ),
            (
                "create",
                { store in
                    let created = try await store.create(
                        "Patient", resource: ["resourceType": "Patient"], lastUpdated: "2016-08-16T10:00:00Z"
                    ) { _, _ in [] }
                    let count = await store.all("Patient").count
                    return created.id == "1" && count == 3
                }
            ),
            (
                "load",
                { store in
                    await store.load([], lastUpdated: "")
                    return await store.all("Patient").count == 2
                }
            ),
        ]
        for (name, first) in firsts {
            let source = Source()
            let store = ResourceStore()
            await store.loadOnFirstUse(source.resources, lastUpdated: "2016-08-16T10:00:00Z")
            #expect(source.made.withLock { $0 } == 0, "\(name)")
            #expect(try await first(store), "\(name)")
            #expect(try await first(store) || name == "reserveID" || name == "create", "\(name)")
            #expect(source.made.withLock { $0 } == 1, "\(name)")
        }
    }
}
