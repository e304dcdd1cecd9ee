import FHIRModel
import FHIRServer
import Foundation
import TestSupport
import Testing

/// `GET Patient/p/Type?query`, FHIR's compartment search, against a definition written in the
/// test: the matches of `GET Type?query` that ``ReachDefinition`` (R4's CompartmentDefinition with
/// R4's parameter paths) says are in p's compartment, in the same order. Over the reach test's
/// grammar of searches, on data where every type names several patients.
@Suite("Compartment search")
struct CompartmentSearchTests {
    /// The types R4's CompartmentDefinition `patient` lists, of those the data holds; Device and
    /// Task have a patient but are not in the definition, so no compartment search reaches them.
    static let defined: Set<String> = [
        "Patient", "Encounter", "Observation", "MedicationRequest", "MedicationAdministration", "Group",
    ]

    @Test(arguments: [51, 52] as [UInt64]) func answersTheTypesSearchNarrowedToTheCompartment(seed: UInt64)
        async throws
    {
        let resources = CrossedRecords.make(seed: seed)
        let harness = try await Self.server(resources)
        var random = SeededGenerator(seed: seed)
        var compared = 0
        var nonEmpty = 0
        for _ in 0..<600 {
            let patient = CrossedRecords.patients.randomElement(using: &random)!
            let definition = try ReachDefinition(patient: patient, resources: resources)
            let search = Self.unpaged(ReachQueryGrammar.search(&random))
            let type = String(search.prefix { $0 != "?" })
            let compartment = await Self.open(harness, "Patient/\(patient)/\(search)")
            guard Self.defined.contains(type) else {
                #expect(
                    compartment.status == 400 || type == "Binary" || type == "Medication" || type == "Practitioner"
                        || type == "Linkage", "\(search)")
                continue
            }
            let whole = await Self.open(harness, search)
            guard whole.status == 200 else {
                #expect(compartment.status == whole.status, "Patient/\(patient)/\(search)")
                continue
            }
            let expected = Self.matches(whole).filter { definition.holds(definition.byKey[$0]!, depth: 0) }
            let found = Self.matches(compartment)
            #expect(found == expected, "Patient/\(patient)/\(search)")
            compared += 1
            if !found.isEmpty { nonEmpty += 1 }
        }
        #expect(compared > 200)
        #expect(nonEmpty > 100)
    }

    @Test func typesOutsideTheDefinitionAndOtherCompartmentsAreRefusedInOneLine() async throws {
        let harness = try await Self.server(CrossedRecords.make(seed: 51))
        for (path, status) in [
            ("Patient/p0/Task", 400), ("Patient/p0/Device", 400), ("Patient/p0/Practitioner", 400),
            ("Encounter/enc1/Observation", 400), ("Patient/p0/*", 400), ("Patient/p0/Nothing", 404),
        ] {
            let answer = await Self.open(harness, path)
            #expect(answer.status == status, "\(path)")
            #expect(answer.json?["resourceType"]?.stringValue == "OperationOutcome", "\(path)")
        }
        // Not compartment searches: the routes they were before.
        #expect(await Self.open(harness, "Patient/p0/_history").status == 200)
        #expect(await Self.open(harness, "Observation/obs1/_history/1").status != 400)
    }

    @Test func pagesStayInTheCompartment() async throws {
        let harness = try await Self.server(CrossedRecords.make(seed: 53))
        let first = await Self.open(harness, "Patient/p1/Observation?_count=2")
        let next = try #require(
            first.json?["link"]?.arrayValue?.first { $0["relation"]?.stringValue == "next" }?["url"]?.stringValue)
        #expect(next.hasPrefix("http://127.0.0.1/fhir/Patient/p1/Observation?"))
        let all = Self.matches(await Self.open(harness, "Patient/p1/Observation?_count=1000"))
        let second = Self.matches(await Self.open(harness, String(next.dropFirst("http://127.0.0.1/fhir/".count))))
        #expect(Array(all.dropFirst(2).prefix(2)) == second)
    }

    /// The query without its paging (nor `_summary=count`), so that both answers hold every match on one page.
    static func unpaged(_ search: String) -> String {
        let parts = search.split(separator: "?", maxSplits: 1).map(String.init)
        let kept = (parts.count > 1 ? parts[1].split(separator: "&").map(String.init) : []).filter {
            !$0.hasPrefix("_count=") && !$0.hasPrefix("_offset=") && $0 != "_summary=count"
        }
        return parts[0] + "?" + (kept + ["_count=1000"]).joined(separator: "&")
    }

    /// An open server (no tokens) holding `resources`, under the harness's names.
    static func server(_ resources: [JSONValue]) async throws -> FHIRService {
        let service = FHIRService(
            version: .r4, store: ResourceStore(), clock: MovableClock(), base: ServerBase(SMARTHarness.names))
        try await SMARTHarness.load(resources, into: service)
        return service
    }

    static func open(_ service: FHIRService, _ path: String) async -> FHIRResponse {
        await SMARTReachDifferentialTests.request(service, "GET", path, body: nil)
    }

    /// The `Type/id` of each match entry, in order.
    static func matches(_ response: FHIRResponse) -> [String] {
        (response.json?["entry"]?.arrayValue ?? []).filter { $0["search"]?["mode"]?.stringValue != "include" }.map {
            ReachDefinition.key($0["resource"] ?? .null)
        }
    }
}
