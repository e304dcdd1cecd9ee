import FHIRModel
import Foundation
import Testing

@testable import FHIRServer

/// The search features beyond the tutorial's: numbers and quantities, modifiers, chains,
/// `_has`, `_revinclude`, `:iterate`, `_elements`, `_summary` and `_total`, on vital signs
/// put beside the tutorial's data.
@Suite("search features") struct SearchFeatureTests {
    static let loinc = "http://loinc.org"
    static let ucum = "http://unitsofmeasure.org"

    static func observation(_ id: String, patient: String, code: String, display: String, value: JSONValue?, at: String)
        -> String
    {
        var object = JSONObject([
            ("resourceType", "Observation"), ("id", .string(id)), ("status", "final"),
            ("code", ["coding": [["system": .string(loinc), "code": .string(code), "display": .string(display)]]]),
            ("subject", ["reference": .string("Patient/\(patient)")]), ("effectiveDateTime", .string(at)),
        ])
        if let value { object["valueQuantity"] = value } else { object["valueString"] = "not measured" }
        return JSONValue.object(object).compactText
    }

    static let vitals = [
        observation(
            "o1", patient: "f001", code: "8480-6", display: "Systolic blood pressure",
            value: ["value": 120, "unit": "mmHg", "system": .string(ucum), "code": "mm[Hg]"], at: "2016-08-10T08:00:00Z"
        ),
        observation(
            "o2", patient: "f001", code: "8480-6", display: "Systolic blood pressure",
            value: ["value": 135, "unit": "mmHg", "system": .string(ucum), "code": "mm[Hg]"], at: "2016-08-11T08:00:00Z"
        ),
        observation(
            "o3", patient: "f002", code: "8867-4", display: "Heart rate", value: ["value": 70, "unit": "/min"],
            at: "2016-08-10T09:00:00Z"),
        observation("o4", patient: "f003", code: "8867-4", display: "Heart rate", value: nil, at: "2016-08-12"),
        // Known by its patient's identifier, not a reference to a resource; with a narrative.
        #"{"resourceType":"Observation","id":"o5","status":"final","code":{"text":"Temperature"},"#
            + #""text":{"status":"generated","div":"<div xmlns=\"http://www.w3.org/1999/xhtml\"><p>High <b>fever</b> "#
            + #"since Monday</p></div>"},"subject":{"identifier":{"system":"urn:oid:1.2.40.0.10.1.4.3.1","#
            + #""value":"1111241261"}}}"#,
    ]

    /// Runs `body` on an R4 server holding the tutorial's data and the four vital signs.
    func withVitals(_ body: (TestClient) async throws -> Void) async throws {
        try await withServer(.r4) { client in
            for (index, text) in Self.vitals.enumerated() {
                let response = try await client.send("PUT", "Observation/o\(index + 1)", body: text)
                try #require(response.status == 201, "\(response.outcomeText)")
            }
            try await body(client)
        }
    }

    static let searches: [(String, [String])] = [
        ("Observation?value-quantity=gt125", ["o2"]),
        ("Observation?value-quantity=120", ["o1"]),
        ("Observation?value-quantity=120.4", []),
        ("Observation?value-quantity=120|http://unitsofmeasure.org|mm[Hg]", ["o1"]),
        ("Observation?value-quantity=70||/min", ["o3"]),
        ("Observation?value-quantity=le70|http://unitsofmeasure.org|", []),
        ("Observation?value-quantity=ap130", ["o1", "o2"]),
        ("Observation?value-quantity:missing=true", ["o4", "o5"]),
        ("Observation?value-quantity:missing=false", ["o1", "o2", "o3"]),
        ("Observation?code:text=systolic", ["o1", "o2"]),
        ("Observation?code:not=8480-6", ["o3", "o4", "o5"]),
        ("Observation?code=http://loinc.org|", ["o1", "o2", "o3", "o4"]),
        ("Observation?subject=Patient/f001&code=http://loinc.org|8480-6&date=ge2016-08-11", ["o2"]),
        ("Observation?subject:Patient=f002", ["o3"]),
        ("Observation?patient.gender=female", ["o3"]),
        ("Observation?subject:Patient.birthdate=1995-07-07", ["o4"]),
        ("Observation?patient._has:Observation:patient:code=8867-4", ["o3", "o4"]),
        ("Patient?_has:Observation:patient:code=8480-6", ["f001"]),
        ("Patient?_has:Observation:patient:value-quantity=lt100", ["f002"]),
        ("Patient?_has:MedicationRequest:subject:_id=ord-11", ["f001"]),
        ("Patient?_has:Observation:patient:code=0000-0", []),
        ("Observation?subject:identifier=urn:oid:1.2.40.0.10.1.4.3.1|1111241261", ["o5"]),
        ("Observation?subject:identifier=1111241261", ["o5"]),
        ("Observation?subject:identifier=other|1111241261", []),
        ("Observation?_text=fever", ["o5"]),
        ("Observation?_text=feverish", []),
        ("Observation?_content=monday", ["o5"]),
        ("Observation?_content=heart", ["o3", "o4"]),
        ("MedicationRequest?_text=zzz", []),
        // A composite: both parts met by one item (here the Observation itself).
        ("Observation?code-value-quantity=http://loinc.org|8480-6$gt130", ["o2"]),
        ("Observation?code-value-quantity=8867-4$lt100,8480-6$lt125", ["o1", "o3"]),
        ("Observation?code-value-quantity=8480-6$lt100", []),
        ("Observation?combo-code-value-quantity=8480-6$120|http://unitsofmeasure.org|mm[Hg]", ["o1"]),
    ]

    @Test(arguments: searches)
    func searchFinds(query: String, ids: [String]) async throws {
        try await withVitals { client in
            let response = try await client.get(query)
            try #require(response.status == 200, "\(response.outcomeText)")
            let found1 = try await Self.ids(client, query)
            #expect(found1 == ids)
        }
    }

    @Test func theIndexFollowsEveryWrite() async throws {
        try await withVitals { client in
            let query = "Observation?code=8480-6"
            let found2 = try await Self.ids(client, query)
            #expect(found2 == ["o1", "o2"])
            let changed = Self.vitals[0].replacingOccurrences(of: "8480-6", with: "8867-4")
            let found3 = try await client.send("PUT", "Observation/o1", body: changed).status
            #expect(found3 == 200)
            let found4 = try await Self.ids(client, query)
            #expect(found4 == ["o2"])
            let found5 = try await client.send("DELETE", "Observation/o2").status
            #expect(found5 == 200)
            #expect(try await client.search(query).isEmpty)
            let found6 = try await Self.ids(client, "Observation?code=8867-4")
            #expect(found6 == ["o1", "o3", "o4"])
        }
    }

    static func ids(_ client: TestClient, _ query: String) async throws -> [String] {
        try await client.search(query).compactMap { $0["id"]?.stringValue }
    }

    /// The ids of a searchset's entries, each with its mode.
    static func entries(_ response: TestResponse) -> [String] {
        (response.json?["entry"]?.arrayValue ?? []).compactMap { entry in
            guard let id = entry["resource"]?["id"]?.stringValue, let mode = entry["search"]?["mode"]?.stringValue
            else { return nil }
            return "\(mode) \(id)"
        }
    }

    static let inclusions: [(String, [String])] = [
        ("Patient?_id=f001&_revinclude=Observation:patient", ["match f001", "include o1", "include o2"]),
        ("Patient?_id=f002&_revinclude=Observation:subject:Patient", ["match f002", "include o3"]),
        ("Observation?_id=o3&_include=Observation:*", ["match o3", "include f002"]),
        ("Observation?_id=o3&_include=*", ["match o3", "include f002"]),
        (
            "MedicationAdministration?_id=adm-043&_include=MedicationAdministration:request"
                + "&_include:iterate=MedicationRequest:medication",
            ["match adm-043", "include ord-11", "include med-ciproxin"]
        ),
        (
            "MedicationAdministration?_id=adm-043&_include=MedicationAdministration:request"
                + "&_include=MedicationRequest:medication",
            []
        ),
    ]

    @Test(arguments: inclusions)
    func includes(query: String, entries: [String]) async throws {
        try await withVitals { client in
            let response = try await client.get(query)
            if entries.isEmpty {
                #expect(response.status == 400, "an _include of another type needs :iterate")
            } else {
                #expect(Self.entries(response) == entries)
            }
        }
    }

    @Test func elementsAndSummaryLeaveElementsOutAndSaySo() async throws {
        try await withVitals { client in
            let subset = try await client.search("Observation?_id=o1&_elements=effective")
            let keys = subset.first?.objectValue?.members.map(\.0)
            #expect(keys == ["resourceType", "id", "meta", "status", "code", "effectiveDateTime"])
            #expect(subset.first?["meta"]?["tag"]?.arrayValue?.first?["code"] == "SUBSETTED")
            let data = try await client.search("Patient?_id=f001&_summary=data")
            #expect(data.first?["text"] == nil && data.first?["name"] != nil)
            let whole = try await client.search("Observation?_id=o1")
            #expect(whole.first?["meta"]?["tag"] == nil && whole.first?["valueQuantity"] != nil)
        }
    }

    @Test func totalNoneLeavesTheTotalOut() async throws {
        try await withVitals { client in
            let found7 = try await client.get("Observation?_total=none").json?["total"]
            #expect(found7 == nil)
            let found8 = try await client.get("Observation?_total=accurate").json?["total"]
            #expect(found8 == 5)
            // fhirpy (Aidbox's client) sends `_totalMethod=count` with every count.
            let aidbox = try await client.get("Observation?_summary=count&_totalMethod=count")
            #expect(aidbox.json?["total"] == 5)
        }
    }

    static let refusals: [(String, String)] = [
        ("Observation?value-quantity=abc", "not a quantity"),
        ("Observation?value-quantity:missing=maybe", "true or false"),
        ("Observation?code-value-quantity=8480-6", "2 values joined by $"),
        ("Observation?code-value-quantity=8480-6$high", "not a quantity"),
        ("Observation?patient.colour=green", "patient.colour"),
        ("Patient?_has:Observation:colour:code=1", "_has:Observation:colour:code"),
        ("Observation?_summary=true", "_summary=true"),
        ("Observation?_total=some", "_total=some"),
        ("Observation?patient.organization.partof.partof.partof.name=x", "deeper than 4"),
    ]

    @Test(arguments: refusals)
    func refused(query: String, message: String) async throws {
        try await withVitals { client in
            let response = try await client.get(query)
            #expect(response.status == 400)
            #expect(response.outcomeText.contains(message), "\(response.outcomeText)")
        }
    }
}

/// Inputs the fuzzer found crashing the search parameter parser, each now a clear refusal.
@Suite("search inputs the fuzzer found") struct SearchFuzzFindingsTests {
    @Test(arguments: [".name=x", "_offset=9223372036854775807", "patient.=x", ":.=x", "_has:::=x"])
    func refusedWithoutACrash(query: String) async throws {
        try await withServer(.r4) { client in
            let response = try await client.get("Observation?\(query)")
            #expect(response.status == 400)
        }
        let reader = SearchQueryReader(version: .r4)
        #expect(reader.read(query, type: "Observation", on: []).problem != nil)
    }
}
