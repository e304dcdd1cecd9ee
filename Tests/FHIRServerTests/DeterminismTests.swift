import FHIRModel
import FHIRServer
import Foundation
import Testing

@Suite("determinism")
struct DeterminismTests {
    /// The same requests in the same order against two fresh servers with the same `--now`.
    static let script: [FHIRRequest] = [
        FHIRRequest(method: "GET", components: ["metadata"]),
        FHIRRequest(method: "GET", components: ["Patient"], query: [("_id", "f001")]),
        FHIRRequest(
            method: "GET", components: ["MedicationAdministration"], query: [("patient", "f001"), ("_count", "7")]),
        FHIRRequest(
            method: "POST", components: ["Patient"], headers: ["content-type": "application/fhir+json"],
            body: Array(#"{"resourceType":"Patient","name":[{"given":["Ida"]}]}"#.utf8)),
        FHIRRequest(method: "GET", components: ["Patient", "1"]),
        FHIRRequest(method: "GET", components: ["Patient", "1", "_history"]),
    ]

    @Test(arguments: FHIRVersion.allCases)
    func twoRunsAnswerByteForByte(version: FHIRVersion) async throws {
        let configuration = ServerConfiguration(version: version, now: Date.parseInstant("2016-08-16T10:00:00Z"))
        var runs: [[(Int, [UInt8], String)]] = []
        for _ in 0..<2 {
            let service = try await FHIRService.build(configuration)
            var answers: [(Int, [UInt8], String)] = []
            for var request in Self.script {
                request.headers["host"] = "127.0.0.1:8080"
                let response = await service.handle(request)
                answers.append(
                    (response.status, response.body, response.headers.map { "\($0.name)=\($0.value)" }.joined()))
            }
            runs.append(answers)
        }
        #expect(runs[0].map(\.0) == [200, 200, 200, 201, 200, 200])
        for (first, second) in zip(runs[0], runs[1]) {
            #expect(first.1 == second.1)
            #expect(first.2 == second.2)
        }
    }
}
