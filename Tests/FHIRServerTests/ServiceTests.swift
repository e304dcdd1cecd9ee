import FHIRModel
import FHIRServer
import Foundation
import Testing

/// The service answers without a socket: handed requests in-process, it gives what clients get
/// over HTTP, status, headers and bytes, so its behaviour can be tested without a server.
@Suite("the service in-process and over a socket")
struct ServiceTests {
    /// A session of every kind of interaction: reads, searches and paging, writes, a version
    /// conflict, a refusal, a delete, a history and a transaction.
    static func session(_ version: FHIRVersion, _ client: TestClient) async throws -> [String] {
        var seen: [String] = []
        func note(_ method: String, _ path: String, body: String? = nil, headers: [String: String] = [:]) async throws {
            let answer = try await client.send(method, path, body: body, headers: headers)
            let kept = ["ETag", "Location", "Last-Modified", "Content-Type"].map { "\($0)=\(answer.header($0) ?? "")" }
            let text =
                "\(method) \(path) -> \(answer.status) \(kept.joined(separator: " ")) "
                + String(decoding: answer.body, as: UTF8.self)
            // The socket's base names its port; the rest must be the same to the byte.
            seen.append(text.replacingOccurrences(of: client.baseURL, with: "BASE"))
        }
        let type = version.orderType
        try await note("GET", "metadata")
        try await note("GET", "Patient/f001")
        try await note("GET", "\(type)?patient=f001&_count=4&_include=\(type):medication")
        try await note("GET", "\(type)?patient=f001&_count=4&_offset=4")
        try await note("POST", "MedicationAdministration", body: version.administration())
        try await note("PUT", "MedicationAdministration/1", body: version.administration(taken: false).withID("1"))
        try await note(
            "PUT", "MedicationAdministration/1", body: version.administration().withID("1"),
            headers: ["If-Match": "W/\"1\""])
        try await note("POST", "MedicationAdministration", body: #"{"resourceType":"MedicationAdministration"}"#)
        try await note(
            "GET", "MedicationAdministration?\(version.administrationOrderParameter)=\(type)/ord-01&_count=2")
        try await note("DELETE", "MedicationAdministration/1")
        try await note("GET", "MedicationAdministration/1")
        try await note("GET", "MedicationAdministration/1/_history")
        try await note(
            "POST", "",
            body:
                #"{"resourceType":"Bundle","type":"batch","entry":[{"request":{"method":"GET","url":"Patient/f001"}}]}"#
        )
        try await note("GET", "Nothing/1")
        return seen
    }

    @Test(arguments: FHIRVersion.allCases)
    func inProcessAnswersAsOverASocket(version: FHIRVersion) async throws {
        let bySocket = try await withServer(version, over: .socket) { try await Self.session(version, $0) }
        let inProcess = try await withServer(version, over: .service) { try await Self.session(version, $0) }
        // The session meets every kind of answer: reads, a create, a conflict, a refusal, a gone.
        let statuses = inProcess.map { $0.components(separatedBy: " -> ")[1].prefix(3) }
        #expect(
            statuses == [
                "200", "200", "200", "200", "201", "200", "412", "422", "200", "200", "410", "200", "200", "404",
            ])
        #expect(bySocket.count == inProcess.count)
        for (socket, service) in zip(bySocket, inProcess) {
            #expect(socket == service)
        }
    }

    /// A write the persistence driver cannot keep is not applied: the store rolls it back and
    /// the client hears why, and the next write goes through.
    @Test func aWriteThatCannotBeKeptIsRolledBack() async throws {
        let store = ResourceStore(persistence: FailingPersistence(failures: 1))
        let service = FHIRService(version: .r4, store: store, clock: FixedClock(Date(timeIntervalSince1970: 0)))
        let client = TestClient(baseURL: "http://127.0.0.1/fhir", service: service)
        let patient = #"{"resourceType":"Patient","name":[{"family":"Neu"}]}"#
        let refused = try await client.send("POST", "Patient", body: patient)
        #expect(refused.status == 500)
        #expect(refused.outcomeText.contains("the disk is full"), "\(refused.outcomeText)")
        #expect(await store.all("Patient").isEmpty)
        let created = try await client.send("POST", "Patient", body: patient)
        #expect(created.status == 201)
        #expect(await store.all("Patient").map(\.id) == [created.json?["id"]?.stringValue])
    }

    struct FailingPersistence: StorePersistence {
        var failures: Int

        func load() -> [JSONValue]? { nil }

        mutating func keep(_ writes: [StoredResource], current: () -> [StoredResource]) throws(FileError) {
            guard failures > 0 else { return }
            failures -= 1
            throw FileError(file: "test", problem: "the disk is full")
        }

        func replace(with resources: [StoredResource]) {}
    }
}

extension String {
    /// The JSON object with `"id": id` as its first member.
    fileprivate func withID(_ id: String) -> String { "{\"id\":\"\(id)\"," + dropFirst() }
}
