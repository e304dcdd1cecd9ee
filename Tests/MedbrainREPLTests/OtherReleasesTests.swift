import FHIRModel
import Foundation
import TestSupport
import Testing

@testable import MedbrainREPL
@testable import ResultTables

/// A server of another FHIR release: STU3, R4B, R5, or one Medbrain does not know. It connects
/// and says what it found; the generic commands work; the tutorial's steps say where they run.
@Suite("Servers of other releases")
struct OtherReleasesTests {
    static let patients = #"""
        {"resourceType":"Bundle","type":"searchset","total":1,"entry":[{"resource":
        {"resourceType":"Patient","id":"p1","name":[{"family":"Probst","given":["Lukas"]}],"birthDate":"1995-07-07"}}]}
        """#

    static func server(fhirVersion: String) throws -> CannedServer {
        try CannedServer { target in
            switch target {
            case "/fhir/metadata":
                .init(body: CannedServer.metadata(fhirVersion: fhirVersion, types: ["Patient", "MedicationRequest"]))
            case let path where path.hasPrefix("/fhir/Patient"): .init(body: Self.patients)
            default: .init(status: 404, body: #"{"resourceType":"OperationOutcome"}"#)
            }
        }
    }

    @Test(arguments: [
        ("3.0.2", "  Canned, FHIR 3.0.2 (STU3)", false),
        ("4.3.0", "  Canned, FHIR 4.3.0 (R4B)", false),
        ("5.0.0", "  Canned, FHIR 5.0.0 (R5)", false),
        ("6.0.0-ballot3", "  Canned, FHIR 6.0.0-ballot3, a release Medbrain does not know: read as R5", true),
    ])
    func connectsAndSearches(fhirVersion: String, line: String, tutorialOff: Bool) async throws {
        let server = try Self.server(fhirVersion: fhirVersion)
        defer { server.close() }
        let probe = Probe()
        let (connected, errors) = await probe.run("connect \(server.baseURL)")
        #expect(errors == "")
        #expect(connected.contains("\n\(line)\n"), "\(connected)")
        #expect(
            connected.contains("The tutorial's steps (orders and those after) run on DSTU2, STU3, R4, R4B and R5")
                == tutorialOff)
        let searched = await probe.run("search Patient name=Probst")
        #expect(searched.output.contains("\np1  Lukas Probst          1995-07-07\n"), "\(searched)")
        // Each release reads with its own types; a release Medbrain does not know, without any.
        let typed = tutorialOff ? "string" : "date"
        #expect(await probe.run("fhirpath entry.resource.birthDate").output == "\(typed)  1995-07-07\n")
        #expect(await probe.run("login p1").output == "logged in as Lukas Probst (Patient/p1)\n")
        let orders = await probe.run("orders")
        if tutorialOff {
            #expect(
                orders.errors.hasPrefix(
                    "error: the tutorial's steps run on DSTU2, STU3, R4, R4B and R5 servers, not yet on ")
            )
            #expect(orders.errors.filter { $0 == "\n" }.count == 1)
        } else {
            // STU3 and R5 read as themselves, R4B as R4: the search goes out, and this canned server has no orders to give.
            #expect(orders.errors.contains("404"))
        }
        await probe.stop()
    }
}

/// The summary tables read each release's shape of the tutorial's resources.
@Suite("Summaries across releases")
struct ReleaseSummaryTests {
    static let medication: JSONValue = [
        "resourceType": "Medication", "id": "m1", "code": ["text": "Ciproxin 400 mg"], "doseForm": ["text": "tablet"],
    ]

    @Test(arguments: [
        // STU3: notGiven, prescription, effective[x].
        (
            #"{"resourceType":"MedicationAdministration","id":"a1","status":"completed","notGiven":true,"prescription":{"reference":"MedicationRequest/o1"},"effectiveDateTime":"2016-08-16T08:00:00+02:00"}"#,
            ["a1", "completed", "2016-08-16 08:00", "MedicationRequest/o1", "no"]
        ),
        // R5: occurence[x], request, status not-done.
        (
            #"{"resourceType":"MedicationAdministration","id":"a2","status":"not-done","request":{"reference":"MedicationRequest/o1"},"occurenceDateTime":"2016-08-16T20:00:00+02:00"}"#,
            ["a2", "not-done", "2016-08-16 20:00", "MedicationRequest/o1", "no"]
        ),
        (
            #"{"resourceType":"MedicationAdministration","id":"a3","status":"completed","request":{"reference":"MedicationRequest/o1"},"occurencePeriod":{"start":"2016-08-15T20:00:00+02:00"}}"#,
            ["a3", "completed", "2016-08-15 20:00", "MedicationRequest/o1", "yes"]
        ),
        // R5: the medication as a CodeableReference, by concept or by reference.
        (
            #"{"resourceType":"MedicationRequest","id":"o1","status":"active","medication":{"concept":{"text":"Novalgin drops"}},"subject":{"reference":"Patient/f001"},"authoredOn":"2014-05-12T09:15:00+02:00"}"#,
            ["o1", "Novalgin drops", "active", "Patient/f001", "2014-05-12 09:15"]
        ),
        (
            #"{"resourceType":"MedicationRequest","id":"o2","status":"active","medication":{"reference":{"reference":"Medication/m1"}},"subject":{"reference":"Patient/f001"}}"#,
            ["o2", "Ciproxin 400 mg", "active", "Patient/f001", ""]
        ),
        (
            #"{"resourceType":"Medication","id":"m1","code":{"text":"Ciproxin"},"doseForm":{"text":"tablet"}}"#,
            ["m1", "Ciproxin", "tablet"]
        ),
        // Any other type: a label, a status of its own kind, when, and whom it is about.
        (
            #"{"resourceType":"Condition","id":"c1","clinicalStatus":{"coding":[{"code":"active"}]},"code":{"text":"Burnt ear"},"subject":{"reference":"Patient/f001"},"onsetDateTime":"2012-05-24"}"#,
            ["c1", "Burnt ear", "active", "2012-05-24", "Patient/f001"]
        ),
        (
            #"{"resourceType":"Immunization","id":"i1","status":"completed","vaccineCode":{"coding":[{"display":"Fluvax"}]},"patient":{"reference":"Patient/f002"},"occurrenceDateTime":"2013-01-10T09:30:00Z"}"#,
            ["i1", "Fluvax", "completed", "2013-01-10 09:30", "Patient/f002"]
        ),
        (
            #"{"resourceType":"Encounter","id":"e1","status":"finished","period":{"start":"2016-08-16T08:00:00Z"}}"#,
            ["e1", "", "finished", "2016-08-16 08:00", ""]
        ),
    ])
    func aRow(json: String, row: [String]) throws {
        let resource = try JSONParser.parse(json)
        let type = try #require(resource["resourceType"]?.stringValue)
        let resolve: ResourceSummary.Resolver = { $0 == "Medication/m1" ? Self.medication : nil }
        #expect(ResourceSummary.of(type).row(resource, resolve) == row)
    }
}
