import FHIRModel
import FHIRServer
import Testing

@Suite("search")
struct SearchTests {
    /// Each row: a search, and the ids it must find (in creation order).
    static let patientSearches: [(String, [String])] = [
        ("Patient?_id=f001", ["f001"]),
        ("Patient?_id:exact=f001", ["f001"]),
        ("Patient?_id=f001,f003", ["f001", "f003"]),
        ("Patient?family=mustermann", ["f001"]),
        ("Patient?family=MUSTER", ["f001"]),
        ("Patient?family:exact=muster", []),
        ("Patient?given=herbert", ["f001"]),
        ("Patient?name=beispielhuber", ["f002"]),
        ("Patient?name:contains=ermann", ["f001"]),
        ("Patient?identifier=urn:oid:1.2.40.0.10.1.4.3.1|1111241261", ["f001"]),
        ("Patient?identifier=1111241261", ["f001"]),
        ("Patient?identifier=other-system|1111241261", []),
        ("Patient?gender=female", ["f002"]),
        ("Patient?birthdate=1961-12-24", ["f001"]),
        ("Patient?birthdate=lt1950", ["f002"]),
    ]

    @Test(arguments: patientSearches)
    func patientSearch(query: String, ids: [String]) async throws {
        try await withServer(.dstu2) { client in
            let found = try await client.search(query).compactMap { $0["id"]?.stringValue }
            #expect(found == ids)
        }
    }

    @Test(arguments: FHIRVersion.allCases)
    func emailAndTelecomFindThePatient(version: FHIRVersion) async throws {
        try await withServer(version) { client in
            let patient = try #require(try await client.search("Patient?_id=f001").first)
            let email = try #require(
                patient["telecom"]?.arrayValue?.first { $0["system"] == "email" }?["value"]?.stringValue)
            let query = email.replacingOccurrences(of: "@", with: "%40")
            #expect(try await client.search("Patient?email=\(query)").count == 1)
            #expect(try await client.search("Patient?telecom=\(query)").count == 1)
            #expect(try await client.search("Patient?email=nobody%40example.org").isEmpty)
        }
    }

    @Test(arguments: FHIRVersion.allCases)
    func ordersOfThePatientBySeveralSpellings(version: FHIRVersion) async throws {
        try await withServer(version) { client in
            let bare = try await client.search("\(version.orderType)?patient=f001")
            #expect(bare.count >= 8)
            #expect(try await client.search("\(version.orderType)?patient=Patient/f001").count == bare.count)
            #expect(try await client.search("\(version.orderType)?subject=Patient/f001").count == bare.count)
            #expect(try await client.search("\(version.orderType)?patient=f003").isEmpty)
            let active = try await client.search("\(version.orderType)?patient=f001&status=active")
            #expect(!active.isEmpty && active.count < bare.count)
        }
    }

    @Test(arguments: FHIRVersion.allCases)
    func administrationsByOrderDateAndStatus(version: FHIRVersion) async throws {
        try await withServer(version) { client in
            let path = "MedicationAdministration?\(version.administrationOrderParameter)=ord-01&_count=500"
            let all = try await client.search(path)
            #expect(all.count > 20)
            let since = try await client.search(path + "&\(version.effectiveParameter)=ge2016-08-09")
            let before = try await client.search(path + "&\(version.effectiveParameter)=lt2016-08-09")
            #expect(!since.isEmpty && !before.isEmpty)
            #expect(since.count + before.count >= all.count)
            let notGiven = try await client.search(path + "&notgiven=true")
            let given = try await client.search(path + "&notgiven=false")
            #expect(!notGiven.isEmpty)
            // A token matches what the resource holds: a DSTU2 or STU3 dose that does not say
            // wasNotGiven or notGiven (the dataset's taken doses) is neither; from R4 on every
            // dose has a status.
            switch version {
            case .dstu2, .stu3: #expect(notGiven.count + given.count <= all.count)
            case .r4, .r4b, .r5: #expect(!given.isEmpty && notGiven.count + given.count == all.count)
            }
        }
    }

    @Test func pagingFollowsAbsoluteLinks() async throws {
        try await withServer(.r4) { client in
            let first = try await client.get("MedicationAdministration?patient=f001&_count=10")
            let bundle = try FHIRModel.Bundle(json: try #require(first.json))
            let total = try #require(bundle.total)
            #expect(bundle.entry.count == 10 && total > 20)
            var next = bundle.link("next")
            var seen = bundle.entry.compactMap { $0.resource?["id"]?.stringValue }
            while let url = next {
                #expect(url.hasPrefix("http://"))
                let page = try FHIRModel.Bundle(json: try #require(try await client.get(url).json))
                #expect(page.link("previous") != nil)
                seen += page.entry.compactMap { $0.resource?["id"]?.stringValue }
                next = page.link("next")
            }
            #expect(seen.count == total && Set(seen).count == total)
        }
    }

    @Test func emptyResultHasNoEntryKey() async throws {
        try await withServer(.dstu2) { client in
            let response = try await client.get("Patient?family=nobody-has-this-name")
            #expect(response.json?["total"] == 0)
            #expect(response.json?["entry"] == nil)
        }
    }

    @Test(arguments: FHIRVersion.allCases)
    func includeBringsTheReferencedMedication(version: FHIRVersion) async throws {
        try await withServer(version) { client in
            let query = "\(version.orderType)?_id=ord-11&_include=\(version.orderType):medication"
            let bundle = try FHIRModel.Bundle(json: try #require(try await client.get(query).json))
            #expect(bundle.entry.map(\.search?.mode) == ["match", "include"])
            #expect(bundle.entry.last?.resource?["resourceType"] == "Medication")
        }
    }

    /// As HAPI does: an unknown parameter is refused, since leaving it out would answer a wider
    /// search than the one asked; `Prefer: handling=lenient` leaves it out.
    @Test func unknownParametersAreRefusedUnlessLenient() async throws {
        try await withServer(.r4) { client in
            for headers in [[:], ["Prefer": "handling=strict"]] {
                let refused = try await client.get("Patient?colour=green&_id=f003", headers: headers)
                #expect(refused.status == 400)
                #expect(refused.outcomeText.contains("colour=green"))
            }
            let lenient = try await client.get("Patient?colour=green&_id=f003", headers: ["Prefer": "handling=lenient"])
            #expect(lenient.status == 200)
            #expect(lenient.json?["entry"]?.arrayValue?.count == 1)
        }
    }

    @Test func summaryCountGivesTotalOnly() async throws {
        try await withServer(.dstu2) { client in
            let response = try await client.get("MedicationOrder?patient=f001&_summary=count")
            #expect(response.json?["entry"] == nil)
            #expect(response.json?["total"] != nil)
        }
    }
}
