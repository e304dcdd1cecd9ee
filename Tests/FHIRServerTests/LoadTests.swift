import FHIRModel
import FHIRServer
import Foundation
import Testing

/// `--load PATH`: a Bundle, NDJSON or a folder of them into the built-in server of any type,
/// each resource validated as a create would be, its id kept or given, `urn:uuid:` references
/// resolved, and a report of what was stored and what refused, with where and why.
@Suite("Loading data")
struct LoadTests {
    /// A fresh folder holding `files` (name → text).
    static func folder(_ files: [String: String]) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("medbrain-load-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (name, text) in files {
            let path = folder + "/" + name
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }
        return folder
    }

    static func load(_ paths: [String], version: FHIRVersion = .r4) async throws -> (FHIRService, LoadReport) {
        var configuration = ServerConfiguration(version: version, now: Date(timeIntervalSince1970: 1_471_334_400))
        configuration.load = paths
        let (service, report) = try await FHIRService.build(loading: configuration)
        return (service, try #require(report))
    }

    static let vienna = #"{"resourceType":"Organization","id":"vie","name":"Vienna General"}"#
    static let weight =
        #"{"resourceType":"Observation","id":"w1","status":"final","code":{"text":"Weight"},"subject":{"reference":"Patient/p1"},"performer":[{"reference":"Organization/vie"}],"valueQuantity":{"value":72.5,"unit":"kg"}}"#
    static let patient = #"{"resourceType":"Patient","id":"p1","name":[{"family":"Huber"}]}"#

    /// Bulk Data's NDJSON, a reference before what it names: both stored, ids kept.
    @Test func ndjsonKeepsIdsAndForwardReferences() async throws {
        let folder = try Self.folder(["data.ndjson": [Self.weight, Self.patient, Self.vienna].joined(separator: "\n")])
        let (service, report) = try await Self.load([folder + "/data.ndjson"])
        #expect(report.loaded == ["Observation": 1, "Patient": 1, "Organization": 1])
        #expect(report.refused.isEmpty && report.missingTargets == 0)
        #expect(await service.store.read("Observation", "w1")?.json?["valueQuantity"]?["value"] == .number("72.5"))
        // The tutorial's data is there too.
        #expect(await service.store.read("Patient", "f001") != nil)
    }

    /// A transaction's entries: PUT keeps its URL's id, POST gets one, and `urn:uuid:`
    /// references name what they became.
    @Test func aTransactionBundleResolvesItsPlaceholders() async throws {
        let bundle = """
            {"resourceType":"Bundle","type":"transaction","entry":[
             {"fullUrl":"urn:uuid:0001","resource":{"resourceType":"Patient","name":[{"family":"Berger"}]},"request":{"method":"POST","url":"Patient"}},
             {"fullUrl":"urn:uuid:0002","resource":{"resourceType":"Encounter","status":"finished","class":{"code":"AMB"},"subject":{"reference":"urn:uuid:0001"}},"request":{"method":"PUT","url":"Encounter/e7"}},
             {"request":{"method":"DELETE","url":"Patient/f003"}}]}
            """
        let folder = try Self.folder(["t.json": bundle])
        let (service, report) = try await Self.load([folder + "/t.json"])
        #expect(report.loaded == ["Patient": 1, "Encounter": 1] && report.refused.isEmpty)
        let encounter = try #require(await service.store.read("Encounter", "e7")?.json)
        let subject = try #require(encounter["subject"]?["reference"]?.stringValue)
        #expect(subject.hasPrefix("Patient/") && subject != "urn:uuid:0001")
        #expect(await service.store.read("Patient", String(subject.dropFirst(8)))?.json?["name"] != nil)
        // A load does not delete.
        #expect(await service.store.read("Patient", "f003") != nil)
    }

    /// A refusal says where and why; the rest still loads. A reference to nothing is kept and
    /// counted, as Bulk Data's import keeps it.
    @Test(arguments: [
        (#"{"resourceType":"Patient","id":"p2","colour":"red"}"#, "Patient.colour: not an element of R4's Patient"),
        (
            #"{"resourceType":"MedicationOrder","id":"m1"}"#,
            "resourceType 'MedicationOrder' is not a resource type of R4"
        ),
        (#"{"resourceType":"Observation","id":"o2","code":{"text":"x"}}"#, "Observation.status: required"),
        ("{not json", "not JSON"),
    ])
    func aRefusalSaysWhereAndWhy(line: String, reason: String) async throws {
        let folder = try Self.folder(["a.ndjson": [Self.patient, line].joined(separator: "\n")])
        let (_, report) = try await Self.load([folder])
        #expect(report.loaded == ["Patient": 1])
        #expect(report.refused.count == 1)
        #expect(report.refused.first?.place == "a.ndjson:2")
        #expect(report.refused.first?.reason.contains(reason) == true, "\(report.refused)")
    }

    @Test func aReferenceToNothingIsKeptAndCounted() async throws {
        let folder = try Self.folder(["w.ndjson": Self.weight])
        let (service, report) = try await Self.load([folder])
        #expect(report.loaded == ["Observation": 1] && report.missingTargets == 2)
        #expect(report.lines()[1].hasPrefix("2 references name resources that neither the load nor the server holds"))
        #expect(await service.store.read("Observation", "w1") != nil)
    }

    /// A Bundle of `type` holding a good Patient, a bad entry (`bad`) and an Observation of the patient.
    static func bundle(_ type: String, bad: String) -> String {
        let request = { (url: String) in type == "transaction" ? #","request":{"method":"PUT","url":"\#(url)"}"# : "" }
        return #"{"resourceType":"Bundle","type":"\#(type)","entry":["#
            + #"{"resource":\#(Self.patient)\#(request("Patient/p1"))},"#
            + #"{"resource":\#(bad)\#(request("Patient/p2"))},"#
            + #"{"resource":\#(Self.weight)\#(request("Observation/w1"))}]}"#
    }

    /// A transaction is all or nothing, as FHIR processes it: one entry refused refuses every
    /// entry, each saying which one spoiled it. A batch or a collection loads the rest.
    @Test(arguments: [
        #"{"resourceType":"Patient","id":"p2","gender":"dog"}"#,
        #"{"resourceType":"MedicationOrder","id":"p2"}"#,
    ])
    func aTransactionIsAllOrNothing(bad: String) async throws {
        let folder = try Self.folder([
            "t.json": Self.bundle("transaction", bad: bad), "b.json": Self.bundle("batch", bad: bad),
        ])
        let (transaction, refused) = try await Self.load([folder + "/t.json"])
        #expect(refused.loaded.isEmpty, "\(refused.loaded)")
        #expect(refused.refused.map(\.place).sorted() == ["t.json#1", "t.json#2", "t.json#3"])
        for entry in refused.refused where entry.place != "t.json#2" {
            #expect(entry.reason == "not loaded: t.json is a transaction, all or nothing, and t.json#2 was refused")
        }
        #expect(await transaction.store.read("Patient", "p1") == nil)
        #expect(await transaction.store.read("Observation", "w1") == nil)
        let (batch, partly) = try await Self.load([folder + "/b.json"])
        #expect(partly.loaded == ["Patient": 1, "Observation": 1] && partly.refused.map(\.place) == ["b.json#2"])
        #expect(await batch.store.read("Observation", "w1") != nil)
    }

    /// A reference to a resource the load refused names nothing once the load is done: counted.
    @Test func aReferenceToARefusedResourceIsCounted() async throws {
        let refusedPatient = #"{"resourceType":"Patient","id":"p1","gender":"dog"}"#
        let folder = try Self.folder(["w.ndjson": [refusedPatient, Self.vienna, Self.weight].joined(separator: "\n")])
        let (_, report) = try await Self.load([folder])
        #expect(report.loaded == ["Observation": 1, "Organization": 1] && report.refused.count == 1)
        #expect(report.missingTargets == 1, "Patient/p1 was refused")
    }

    /// A folder is read in name order, with its subfolders; a document Bundle is a resource of
    /// its own, and a missing path is an error, not an empty load.
    @Test func aFolderAndItsBundles() async throws {
        // A document as FHIR has it (bdl-9, -10, -11): an identifier, a timestamp, a Composition first.
        let composition =
            #"{"resourceType":"Composition","status":"final","type":{"text":"Summary"},"date":"2016-08-16","#
            + #""title":"Summary","author":[{"display":"Dr. Smith"}]}"#
        let document =
            #"{"resourceType":"Bundle","id":"doc1","type":"document","identifier":{"system":"urn:ietf:rfc:3986","#
            + #""value":"urn:uuid:0c3151bd-1cbf-4d64-b04d-cd9187a4c6e0"},"timestamp":"2016-08-16T10:00:00+02:00","#
            + #""entry":[{"fullUrl":"urn:uuid:7d0c9b64-5d9b-4d1e-8f38-f1a2b1c8a001","resource":"# + composition
            + #"},{"fullUrl":"urn:uuid:7d0c9b64-5d9b-4d1e-8f38-f1a2b1c8a002","resource":"# + Self.patient + "}]}"
        let collection = #"{"resourceType":"Bundle","type":"collection","entry":[{"resource":"# + Self.vienna + "}]}"
        let folder = try Self.folder(["b/doc.json": document, "a.json": collection, "notes.txt": "not data"])
        let (service, report) = try await Self.load([folder])
        #expect(report.loaded == ["Bundle": 1, "Organization": 1])
        #expect(await service.store.read("Patient", "p1") == nil)
        await #expect(throws: FileError.self) { try await Self.load([folder + "/nowhere"]) }
    }

    @Test func aLoadOfManyTypesNamesTheLargest() {
        var report = LoadReport()
        report.loaded = Dictionary(uniqueKeysWithValues: (1...10).map { ("Type\($0)", $0) })
        #expect(
            report.lines().first
                == "loaded 55 resources: Type10 10, Type9 9, Type8 8, Type7 7, Type6 6, Type5 5, Type4 4, Type3 3, "
                + "and 2 other types")
    }

    @Test func theReportSaysItInLines() {
        var report = LoadReport()
        report.loaded = ["Observation": 8, "Patient": 2]
        report.refused = (1...22).map { ("x.ndjson:\($0)", "why") }
        let lines = report.lines()
        #expect(lines.first == "loaded 10 resources: Observation 8, Patient 2")
        #expect(lines[1] == "refused 22:" && lines.last == "… and 2 more")
    }
}
