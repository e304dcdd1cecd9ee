import FHIRModel
import FHIRServer
import Testing

/// `_sort`, as R4 writes it (`-` for descending, commas between keys) and as DSTU2 does
/// (`:desc`, repeated), in both versions.
@Suite("search _sort")
struct SortTests {
    static let patientSorts: [(String, [String])] = [
        ("Patient?_sort=birthdate", ["f002", "f001", "f003"]),
        ("Patient?_sort=-birthdate", ["f003", "f001", "f002"]),
        ("Patient?_sort:desc=birthdate", ["f003", "f001", "f002"]),
        ("Patient?_sort:asc=birthdate", ["f002", "f001", "f003"]),
        ("Patient?_sort=family", ["f002", "f001", "f003"]),
        ("Patient?_sort=-_id", ["f003", "f002", "f001"]),
        ("Patient?_sort=gender,-birthdate", ["f002", "f003", "f001"]),
        ("Patient?_sort=gender&_sort=-birthdate", ["f002", "f003", "f001"]),
    ]

    @Test(arguments: FHIRVersion.allCases, patientSorts)
    func patientsInOrder(version: FHIRVersion, row: (String, [String])) async throws {
        try await withServer(version) { client in
            let found = try await client.search(row.0).compactMap { $0["id"]?.stringValue }
            #expect(found == row.1)
        }
    }

    @Test(arguments: FHIRVersion.allCases)
    func dosesNewestFirstAcrossPages(version: FHIRVersion) async throws {
        let (patient, date) = (version == .dstu2 ? "patient" : "subject", version.administrationDateParameter)
        try await withServer(version) { client in
            let first = try await client.get("MedicationAdministration?\(patient)=f001&_sort=-\(date)&_count=10")
            let next = try #require(
                first.json?["link"]?.arrayValue?.first { $0["relation"] == "next" }?["url"]?.stringValue)
            #expect(next.contains("_sort=-\(date)"))
            let second = try await client.get(next)
            let times = [first, second].flatMap { page in
                (page.json?["entry"]?.arrayValue ?? []).compactMap { entry -> Double? in
                    let resource = entry["resource"]
                    let text =
                        resource?["effectiveDateTime"]?.stringValue ?? resource?["effectiveTimeDateTime"]?.stringValue
                        ?? resource?["occurenceDateTime"]?.stringValue ?? resource?["occurencePeriod"]?["start"]?
                        .stringValue
                        ?? resource?["effectivePeriod"]?["start"]?.stringValue
                        ?? resource?["effectiveTimePeriod"]?["start"]?.stringValue
                    return text.flatMap(FHIRDateTime.init)?.start
                }
            }
            #expect(times.count == 20)
            #expect(times == times.sorted(by: >))
        }
    }

    @Test func anUnknownSortIsRefusedUnlessLenient() async throws {
        try await withServer(.r4) { client in
            let lenient = try await client.get("Patient?_sort=colour", headers: ["Prefer": "handling=lenient"])
            let ids = lenient.json?["entry"]?.arrayValue?.compactMap { $0["resource"]?["id"]?.stringValue }
            #expect(ids == ["f001", "f002", "f003"])
            let refused = try await client.get("Patient?_sort=colour")
            #expect(refused.status == 400)
            #expect(refused.outcomeText.contains("_sort=colour"))
        }
    }
}
