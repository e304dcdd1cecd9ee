import FHIRModel
import FHIRServer
import Foundation
import TestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An HTTP answer from the server under test.
struct TestResponse {
    let status: Int
    let headers: [String: String]
    let body: Data

    var json: JSONValue? { try? JSONParser.parse(Array(body)) }

    func header(_ name: String) -> String? {
        headers.first { $0.key.lowercased() == name.lowercased() }?.value
    }

    /// The diagnostics and locations of an OperationOutcome body, joined for `contains` checks.
    var outcomeText: String {
        guard let json, let outcome = try? OperationOutcome(json: json) else { return "" }
        return outcome.summary
    }
}

/// How the tests reach the service: over a real socket, as clients do, or by handing it the
/// request in-process, which needs no socket and no HTTP server.
enum Transport: String, CaseIterable, Sendable {
    case socket, service
}

/// A FHIR client over URLSession, the way a real client reaches the built-in server, or
/// straight to a ``FHIRService`` with the same requests.
struct TestClient {
    let baseURL: String
    let session: URLSession
    /// Set for the in-process transport: requests go to it, not to a socket.
    var service: FHIRService? = nil

    init(baseURL: String, service: FHIRService? = nil) {
        self.baseURL = baseURL
        self.service = service
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = BusyMachine.requestTimeout
        session = URLSession(configuration: configuration)
    }

    func send(
        _ method: String, _ path: String, body: String? = nil, headers: [String: String] = [:]
    ) async throws -> TestResponse {
        if let service { return await handle(method, path, body: body, headers: headers, by: service) }
        let url = path.hasPrefix("http") ? URL(string: path)! : URL(string: "\(baseURL)/\(path)")!
        var request = URLRequest(url: url)
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        if let body {
            request.httpBody = Data(body.utf8)
            if headers["Content-Type"] == nil {
                request.setValue("application/fhir+json", forHTTPHeaderField: "Content-Type")
            }
        }
        let (data, response) = try await session.data(for: request)
        let http = response as! HTTPURLResponse
        var fields: [String: String] = [:]
        for (name, value) in http.allHeaderFields { fields["\(name)"] = "\(value)" }
        return TestResponse(status: http.statusCode, headers: fields, body: data)
    }

    func get(_ path: String, headers: [String: String] = [:]) async throws -> TestResponse {
        try await send("GET", path, headers: headers)
    }

    /// The resources of a searchset bundle's `match` entries.
    func search(_ path: String) async throws -> [JSONValue] {
        let response = try await get(path)
        guard let bundle = response.json.flatMap({ try? FHIRModel.Bundle(json: $0) }) else { return [] }
        return bundle.entry.filter { $0.search?.mode != "include" }.compactMap(\.resource)
    }
}

/// Runs `body` against a fresh server with the built-in data and a fixed clock, reached over
/// `transport`: by default handed the requests in-process, with no socket; a test where HTTP is
/// the point (a chunked body, the HTTP server's own refusals) asks for `.socket`.
/// `ServiceTests` proves the two answer a whole session with the same bytes.
func withServer<T>(
    _ version: FHIRVersion, over transport: Transport = .service, maximumBodySize: Int = 8 << 20,
    dataPath: String? = nil, packages: [String] = [], _ body: (TestClient) async throws -> T
) async throws -> T {
    var configuration = ServerConfiguration(
        version: version, now: Date.parseInstant("2016-08-16T10:00:00Z"), dataPath: dataPath,
        maximumBodySize: maximumBodySize)
    configuration.packages = packages
    if transport == .service {
        let service = try await FHIRService.build(configuration)
        return try await body(TestClient(baseURL: "http://127.0.0.1\(FHIRService.basePath)", service: service))
    }
    let server = try await InProcessServer.start(configuration)
    do {
        let result = try await body(TestClient(baseURL: server.baseURL))
        await server.stop()
        return result
    } catch {
        await server.stop()
        throw error
    }
}

/// Names that differ between versions, for tests that run against both.
extension FHIRVersion {
    var effectiveParameter: String { administrationDateParameter }

    /// A valid administration of order `ord-01` for patient f001, in this version's shape.
    func administration(taken: Bool = true, at time: String = "2016-08-16T08:00:00+02:00") -> String {
        switch self {
        case .dstu2:
            """
            {"resourceType":"MedicationAdministration","status":"completed","wasNotGiven":\(!taken),
             "patient":{"reference":"Patient/f001"},"prescription":{"reference":"MedicationOrder/ord-01"},
             "effectiveTimeDateTime":"\(time)","medicationCodeableConcept":{"text":"Novalgin"}}
            """
        case .r4, .r4b:
            """
            {"resourceType":"MedicationAdministration","status":"\(taken ? "completed" : "not-done")",
             "subject":{"reference":"Patient/f001"},"request":{"reference":"MedicationRequest/ord-01"},
             "effectiveDateTime":"\(time)","medicationCodeableConcept":{"text":"Novalgin"}}
            """
        case .stu3:
            """
            {"resourceType":"MedicationAdministration","status":"completed","notGiven":\(!taken),
             "subject":{"reference":"Patient/f001"},"prescription":{"reference":"MedicationRequest/ord-01"},
             "effectiveDateTime":"\(time)","medicationCodeableConcept":{"text":"Novalgin"}}
            """
        case .r5:
            """
            {"resourceType":"MedicationAdministration","status":"\(taken ? "completed" : "not-done")",
             "subject":{"reference":"Patient/f001"},"request":{"reference":"MedicationRequest/ord-01"},
             "occurenceDateTime":"\(time)","medication":{"concept":{"text":"Novalgin"}}}
            """
        }
    }
}
