import FHIRClient
import FHIRModel
import FHIRServer
import Foundation
import Synchronization
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The client against the built-in server on a real socket, in both versions.
@Suite("FHIR client")
struct FHIRClientTests {
    static func withServer(_ version: FHIRVersion, _ body: (InProcessServer) async throws -> Void) async throws {
        let server = try await InProcessServer.start(ServerConfiguration(version: version))
        do { try await body(server) } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    @Test(arguments: FHIRVersion.allCases)
    func connectReadsTheMetadata(version: FHIRVersion) async throws {
        try await Self.withServer(version) { server in
            let client = try await FHIRClient.connect(to: server.baseURL + "/", timeout: BusyMachine.requestTimeout)
            #expect(client.version == version)
            #expect(client.server.baseURL == server.baseURL)
            #expect(client.server.fhirVersion == version.number)
            #expect(client.server.software?.hasPrefix("Medbrain") == true)
            #expect(client.server.resourceTypes.contains(version.orderType))
        }
    }

    @Test(arguments: FHIRVersion.allCases)
    func searchReadAndCreateInTheServersVersion(version: FHIRVersion) async throws {
        try await Self.withServer(version) { server in
            let exchanges = Exchanges()
            let client = try await FHIRClient.connect(
                to: server.baseURL, timeout: BusyMachine.requestTimeout, observer: { exchanges.add($0) })
            let patients = try await client.search("Patient", [("_id", "f001")])
            #expect(patients.entry.count == 1)
            let orders = try await client.search(version.orderType, [("patient", "f001"), ("_count", "5")])
            #expect(orders.total == 11)
            #expect(orders.entry.count == 5)
            let next = try #require(orders.link.first { $0.relation == "next" }?.url)
            #expect(try await client.page(next).entry.count == 5)
            #expect(try await client.read("Patient", id: "f001")["id"] == "f001")
            let created = try await client.create(Self.administration(version))
            #expect(created["id"]?.stringValue?.isEmpty == false)
            #expect(exchanges.all.map(\.method) == ["GET", "GET", "GET", "GET", "GET", "POST"])
            #expect(exchanges.all.last?.status == 201)
            #expect(exchanges.all.last?.requestBody?.contains("MedicationAdministration") == true)
        }
    }

    @Test func aRefusalCarriesTheOutcome() async throws {
        try await Self.withServer(.r4) { server in
            let client = try await FHIRClient.connect(to: server.baseURL, timeout: BusyMachine.requestTimeout)
            let invalid: JSONValue = ["resourceType": "MedicationAdministration", "status": "completed"]
            let error = await #expect(throws: ClientError.self) { try await client.create(invalid) }
            guard case .refused(let status, let outcome?) = error else {
                Issue.record("expected a refusal with an outcome, got \(String(describing: error))")
                return
            }
            #expect(status == 422)
            #expect(outcome.contains("MedicationAdministration."))
            #expect(error?.description.contains("\n") == false)
        }
    }

    @Test func notAFHIRBase() async throws {
        try await Self.withServer(.r4) { server in
            let root = String(server.baseURL.dropLast("/fhir".count))
            let error = await #expect(throws: ClientError.self) {
                try await FHIRClient.connect(to: root, timeout: BusyMachine.requestTimeout)
            }
            #expect(error == .notFHIR(url: root, reason: "GET \(root)/metadata answered 404"))
        }
    }

    @Test func nobodyListening() async throws {
        let port = try Self.closedPort()
        let error = await #expect(throws: ClientError.self) {
            try await FHIRClient.connect(to: "http://127.0.0.1:\(port)/fhir", timeout: BusyMachine.requestTimeout)
        }
        #expect(error == .unreachable(url: "http://127.0.0.1:\(port)/fhir/metadata", reason: "connection refused"))
        let bad = await #expect(throws: ClientError.self) {
            try await FHIRClient.connect(to: "ftp://example.org", timeout: BusyMachine.requestTimeout)
        }
        #expect(bad?.description == "cannot reach ftp://example.org: not an http or https URL")
    }

    @Test func aServerThatNeverAnswersTimesOut() async throws {
        let listener = try SilentListener()
        defer { listener.close() }
        let error = await #expect(throws: ClientError.self) {
            try await FHIRClient.connect(to: "http://127.0.0.1:\(listener.port)/fhir", timeout: 0.5)
        }
        #expect(error == .timedOut(url: "http://127.0.0.1:\(listener.port)/fhir/metadata", seconds: 0.5))
    }

    /// The tutorial's §14.5 administration of ord-01, built with the model, in `version`'s shape.
    static func administration(_ version: FHIRVersion) -> JSONValue {
        var administration = Administration(taken: true)
        administration.status = "completed"
        administration.patient = Reference(reference: "Patient/f001")
        administration.order = Reference(reference: "MedicationOrder/ord-01")
        administration.medication = .codeableConcept(CodeableConcept(text: "Novalgin"))
        administration.effective = .dateTime("2016-08-16T08:00:00+02:00")
        return administration.json(in: version)
    }

    @Test func cancellingEndsARequestInFlight() async throws {
        let listener = try SilentListener()
        defer { listener.close() }
        try await Self.withServer(.r4) { server in
            let cancellation = RequestCancellation()
            let client = try await FHIRClient.connect(
                to: server.baseURL, timeout: BusyMachine.requestTimeout, cancellation: cancellation)
            let request = Task { try await client.page("http://127.0.0.1:\(listener.port)/fhir/Patient") }
            try await Task.sleep(for: .milliseconds(300))
            cancellation.cancel()
            // A timeout would throw .timedOut: .cancelled proves the cancel ended it.
            let result = await request.result
            #expect(throws: ClientError.cancelled) { try result.get() }
            // Cancelled stays cancelled, so a command paging on does not go on...
            await #expect(throws: ClientError.cancelled) { try await client.search("Patient") }
            // ...until the next command resets it.
            cancellation.reset()
            #expect(try await client.search("Patient").entry.count == 3)
        }
    }

    /// A port that was free a moment ago: bound, read, released.
    static func closedPort() throws -> Int {
        let listener = try SilentListener()
        listener.close()
        return listener.port
    }
}

/// Records the exchanges the client reports.
final class Exchanges: Sendable {
    private let list = Mutex<[HTTPExchange]>([])
    func add(_ exchange: HTTPExchange) { list.withLock { $0.append(exchange) } }
    var all: [HTTPExchange] { list.withLock { $0 } }
}
