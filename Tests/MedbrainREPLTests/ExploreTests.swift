import FHIRClient
import FHIRModel
import Foundation
import MedbrainREPL
import TestSupport
import Testing

/// The generic commands a developer explores a server with, against the built-in server in
/// both versions: search and paging, read, history, create, update with If-Match, delete.
@Suite("Exploring a server")
struct ExploreTests {
    @Test(arguments: FHIRVersion.allCases)
    func searchShowsATablePerTypeAndPages(version: FHIRVersion) async throws {
        let probe = Probe()
        try await probe.setUp(["connect builtin \(version.rawValue)"])
        let type = version.orderType
        let first = await probe.run("search \(type) patient=f001 _count=3 _include=\(type):medication")
        #expect(first.errors == "")
        #expect(first.output.hasPrefix("3 of 11 matches"))
        #expect(first.output.contains("\n\(type)\nid "))
        #expect(first.output.contains("ord-01"))
        #expect(first.output.contains("'page next' follows the link; this page has next"))
        let second = await probe.run("page next")
        #expect(second.output.contains("ord-04") && !second.output.contains("ord-01"))
        #expect(await probe.run("page previous").output.contains("ord-01"))
        let all = await probe.run("page all")
        #expect(all.output.hasPrefix("11 matches, 1 included (page all: pages 1 to 4)"), "\(all.output)")
        #expect(all.output.contains("ord-11"))
        // The included Medication names the order's medication instead of its reference.
        #expect(all.output.contains("\nMedication\n"))
        #expect(!all.output.contains("Medication/med-ciproxin"))
        try await probe.setUp(["search \(type) patient=f001 _count=3"])
        let stopped = await probe.run("page all 4")
        #expect(stopped.output.hasPrefix("6 of 11 matches (page all: pages 1 to 2)"), "\(stopped.output)")
        #expect(stopped.output.contains("stopped after 6 resources (the limit is 4); 'page all' goes on from there"))
        #expect(await probe.run("page all").output.hasPrefix("11 matches (page all: pages 1 to 4)"))
        // Read to the end, it has nothing more to read.
        #expect(await probe.run("page all").output.hasPrefix("11 matches (page all: pages 1 to 4)"))
        try await probe.setUp(["search \(type) patient=f001 _count=20"])
        #expect(await probe.run("page all").output.hasPrefix("11 matches (page all: page 1 only)"))
        #expect(
            await probe.run("count MedicationAdministration patient=f001").output == "62 MedicationAdministration\n")
        await probe.stop()
    }

    /// A type the tutorial does not know gets guessed columns, and a guess that finds nothing in
    /// any row of the table is left out.
    @Test func anyTypeGetsColumnsAndEmptyGuessesAreLeftOut() async throws {
        let probe = Probe()
        try await probe.setUp(["connect builtin r4"])
        let encounter =
            #"{"resourceType":"Encounter","status":"finished","class":{"code":"AMB"},"#
            + #""subject":{"reference":"Patient/f001"},"period":{"start":"2016-08-16T08:00:00Z"}}"#
        #expect(await probe.run("create Encounter \(encounter)").errors == "")
        let found = await probe.run("search Encounter patient=f001")
        #expect(found.output.contains("id  status    when              subject"), "\(found.output)")
        #expect(found.output.contains("1   finished  2016-08-16 08:00  Patient/f001"), "\(found.output)")
        #expect(!found.output.contains("label"))
        await probe.stop()
    }

    /// A result of one page suggests no paging, whatever `first` and `last` links it has.
    @Test func aSinglePageSuggestsNoPaging() async throws {
        let probe = Probe()
        try await probe.setUp(["connect builtin r4"])
        let one = await probe.run("search Patient _id=f001")
        #expect(one.output.hasPrefix("1 match"))
        #expect(!one.output.contains("follows the link"), "\(one.output)")
        await probe.stop()
    }

    /// On a narrow terminal ids and references stay whole, in records when columns cannot hold them.
    @Test(arguments: [40, 60, 100])
    func idsAndReferencesAreNeverSplit(width: Int) async throws {
        let probe = Probe(width: width)
        try await probe.setUp(["connect builtin r4"])
        let found = await probe.run("search MedicationAdministration patient=f001 _count=4")
        #expect(found.errors == "")
        for id in ["adm-001", "adm-002", "adm-003", "adm-004"] {
            #expect(found.output.contains(id), "\(found.output)")
        }
        #expect(found.output.components(separatedBy: "MedicationRequest/ord-0").count == 5, "\(found.output)")
        // The table's lines fit (the count above it and the paging hint are sentences).
        let table = found.output.split(separator: "\n").dropFirst().filter { !$0.hasPrefix("'page") }
        #expect(table.allSatisfy { $0.count <= width }, "\(found.output)")
        #expect(found.output.contains("-[ RECORD 1 ]") == (width < 70), "\(found.output)")
        await probe.stop()
    }

    @Test func readUpdateAndDeleteARegisteredResource() async throws {
        let probe = Probe()
        try await probe.setUp(["connect builtin r4"])
        let created = await probe.run(#"create Patient {"name":[{"family":"O'Brien","given":["Pat"]}]}"#)
        #expect(created.output == "created Patient/1 (version 1)\n")
        let read = await probe.run("read Patient/1")
        #expect(try JSONParser.parse(read.output)["name"]?.arrayValue?.first?["family"] == "O'Brien")
        let updated = await probe.run(#"update Patient 1 {"resourceType":"Patient","gender":"female"}"#)
        #expect(updated.output == "updated Patient/1 (version 2)\n")
        #expect(await probe.run("read Patient/1/_history/1").output.contains("O'Brien"))
        let history = await probe.run("history Patient 1")
        #expect(history.output.hasPrefix("2 versions"))
        #expect(await probe.run("delete Patient 1").output == "deleted Patient/1\n")
        #expect(await probe.run("read Patient 1").errors.contains("410"))
        await probe.stop()
    }

    /// Someone else's change between a read and an update is refused, not overwritten.
    @Test func anUpdateAfterSomeoneElsesChangeIsRefused() async throws {
        let probe = Probe()
        try await probe.setUp(["connect builtin r4", "read Patient f003"])
        let base = try #require(await probe.repl.builtinBaseURLs().first)
        let other = try await FHIRClient.connect(to: base, timeout: BusyMachine.requestTimeout)
        var patient = try await other.read("Patient", id: "f003")
        if case .object(var object) = patient {
            object["gender"] = "other"
            patient = .object(object)
        }
        _ = try await other.update(patient, id: "f003")
        let refused = await probe.run(#"update Patient f003 {"resourceType":"Patient","gender":"unknown"}"#)
        #expect(
            refused.errors
                == "error: Patient/f003 changed on the server since it was read (412); 'read Patient f003' and edit that\n"
        )
        try await probe.setUp(["read Patient f003"])
        #expect(await probe.run(#"update Patient f003 {"resourceType":"Patient","gender":"unknown"}"#).errors == "")
        await probe.stop()
    }

    @Test func resultsAreSavedAndShownAgain() async throws {
        let probe = Probe()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("medbrain-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try await probe.setUp(["connect builtin dstu2"])
        let file = folder.appendingPathComponent("patients.json").path
        let saved = await probe.run("search Patient gender=female > \(file)")
        #expect(saved.output == "saved Bundle (searchset), 1 entry of 1; links: self to \(file)\n")
        let json = try JSONParser.parse(try String(contentsOfFile: file, encoding: .utf8))
        #expect(json["total"] == 1)
        #expect(await probe.run("show summary").output.hasPrefix("Bundle (searchset), 1 entry"))
        #expect(await probe.run("show table").output.contains("Anna Maria Beispielhuber"))
        #expect(try JSONParser.parse(await probe.run("show json").output)["resourceType"] == "Bundle")
        let patient = folder.appendingPathComponent("p.json").path
        try await probe.setUp(["read Patient f002 >\(patient)", "update Patient f002 @\(patient)"])
        await probe.stop()
    }

    @Test func getAndPostReachAnyInteraction() async throws {
        let probe = Probe()
        try await probe.setUp(["connect builtin r4"])
        let metadata = try JSONParser.parse(await probe.run("get metadata").output)
        #expect(metadata["resourceType"] == "CapabilityStatement")
        let batch =
            #"{"resourceType":"Bundle","type":"batch","entry":[{"request":{"method":"GET","url":"Patient/f001"}}]}"#
        let answer = try JSONParser.parse(await probe.run("post / \(batch)").output)
        #expect(answer["type"] == "batch-response")
        await probe.stop()
    }

    @Test(arguments: [
        ("search", "error: usage: search TYPE [NAME=VALUE ...] [--where FHIRPATH] [> FILE]"),
        ("search Patinet", "error: the server lists no resource type 'Patinet'; did you mean 'Patient'?"),
        (
            "search MedicationOrder",
            "error: MedicationOrder is not in R4; this server calls a prescription MedicationRequest"
        ),
        ("search Patient family", "error: a search parameter is NAME=VALUE, such as family=Chalmers; 'family' is not"),
        ("page next", "error: no search to page; 'search' first"),
        ("show", "error: nothing to show yet; 'search', 'read' or 'get' first"),
        ("read Patient", "error: usage: read TYPE ID | TYPE/ID[/_history/V] [> FILE]"),
        ("read Patient f001 >", "error: '>' needs a file name after it"),
        (
            "create Patient {\"name\": ",
            "error: the JSON on the line: malformed JSON at line 1, column 9: unexpected end of input, expected a value"
        ),
        ("create Patient [1]", "error: the JSON on the line: expected a JSON object, found an array"),
        ("create Patient @/no/such.json", "error: /no/such.json: no such file"),
        (
            "create Patient {\"resourceType\":\"Observation\"}",
            "error: the resource's resourceType is Observation, not Patient"
        ),
        (
            "create Patient {\"gender\":\"dog\"}",
            "error: the server answered 422: error: Patient.gender: unknown code 'dog'; expected one of male, female, other, unknown"
        ),
        ("update Patient f001 {\"id\":\"f002\"}", "error: the resource's id is f002, not f001"),
        ("delete Patient", "error: usage: delete TYPE ID [--yes]"),
        ("get", "error: usage: get PATH [-H 'NAME: VALUE']… [> FILE]"),
        ("validate", "error: usage: validate [dstu2|stu3|r4|r4b|r5] [PROFILE-URL…] @FILE|JSON"),
        ("read Patient ../metadata", "error: '../metadata' is not a FHIR id: letters, digits, '-' and '.', at most 64"),
        (
            "read Patient f001?_format=xml",
            "error: 'f001?_format=xml' is not a FHIR id: letters, digits, '-' and '.', at most 64"
        ),
        ("delete patient 1", "error: 'patient' is not a resource type (such as Patient)"),
        ("page bogus", "error: usage: page next|previous|first|last|all [LIMIT] [> FILE]"),
        ("read Patient f001 > /dev/null", "error: cannot write /dev/null: it is not a regular file"),
        ("read Patient f001 > /tmp", "error: cannot write /tmp: it is a folder"),
        ("register Ada Lovelace --birth-date 2999-01-01", "error: --birth-date 2999-01-01 is in the future"),
        ("register Ada Lovelace --gender robot", "error: --gender is male, female, other or unknown"),
        ("register \"\" \"\"", "error: a patient's given and family names are not empty"),
    ])
    func badInputIsOneLine(line: String, error: String) async throws {
        let probe = Probe()
        try await probe.setUp(["connect builtin r4"])
        let result = await probe.run(line)
        #expect(result.errors == error + "\n")
        await probe.stop()
    }

    /// A server that sends another resource than the one asked for is caught, not believed.
    @Test func aReadAnsweredWithAnotherResourceIsAnError() async throws {
        let server = try CannedServer { target in
            target == "/fhir/metadata"
                ? .init(body: CannedServer.metadata(types: ["Patient"]))
                : .init(body: #"{"resourceType":"Observation","id":"zzz"}"#)
        }
        defer { server.close() }
        let probe = Probe()
        try await probe.setUp(["connect \(server.baseURL)"])
        #expect(
            await probe.run("read Patient abc").errors
                == "error: asked for Patient/abc, the server sent Observation/zzz\n")
        await probe.stop()
    }

    /// A server whose pages link `next` to themselves (the first one too, which the search
    /// read): `page all` reads each once.
    @Test func pageAllReadsAPageLinkingToItselfOnce() async throws {
        let page = { @Sendable (id: String, own: String, next: String) in
            #"{"resourceType":"Bundle","type":"searchset","total":2,"link":[{"relation":"self","url":"\#(own)"},"#
                + #"{"relation":"next","url":"\#(next)"}],"entry":[{"resource":{"resourceType":"Patient","id":"\#(id)"}}]}"#
        }
        let server = try CannedServer { target in
            switch target {
            case "/fhir/metadata": .init(body: CannedServer.metadata(types: ["Patient"]))
            case "/fhir/Patient": .init(body: page("p1", "Patient", "Patient"))
            default: .init(status: 404, body: "{}")
            }
        }
        defer { server.close() }
        let probe = Probe()
        try await probe.setUp(["connect \(server.baseURL)", "search Patient"])
        let all = await probe.run("page all")
        #expect(all.errors == "")
        #expect(all.output.components(separatedBy: "\np1").count == 2, "\(all.output)")
        await probe.stop()
    }

    @Test func apostrophesInsideWordsAndDeletionsInAHistory() async throws {
        let probe = Probe()
        try await probe.setUp([
            "connect builtin r4", #"create Patient {"name": [{"family": "D'Or"}]}"#, "delete Patient 1 --yes",
        ])
        #expect(await probe.run("search Patient family=D'Or").output.hasPrefix("No matches"))
        let history = await probe.run("history Patient 1")
        #expect(history.output.hasPrefix("2 versions, 1 of them a deletion"))
        try await probe.setUp(["set format json"])
        #expect(try JSONParser.parse(await probe.run("help search").output)["name"] == "search")
        #expect(try JSONParser.parse(await probe.run("show summary").output)["summary"] != nil)
        await probe.stop()
    }
}

/// `connect builtin VERSION --load PATH`: a developer's own data, of any resource type, on the
/// built-in server, explored with the same commands.
@Suite("Loading data in the REPL")
struct LoadInREPLTests {
    @Test func connectLoadsAndSaysWhat() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("medbrain-repl-load-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let lines = [
            #"{"resourceType":"Practitioner","id":"pr1","name":[{"family":"Lindner"}]}"#,
            #"{"resourceType":"Observation","id":"bp1","status":"final","code":{"coding":[{"system":"http://loinc.org","code":"85354-9"}],"text":"Blood pressure"},"subject":{"reference":"Patient/f001"},"performer":[{"reference":"Practitioner/pr1"}],"effectiveDateTime":"2016-08-15T08:00:00+02:00"}"#,
            #"{"resourceType":"Observation","id":"bad"}"#,
        ]
        try lines.joined(separator: "\n").write(toFile: folder + "/record.ndjson", atomically: true, encoding: .utf8)
        let probe = Probe()
        let connected = await probe.run("connect builtin r4 --load \(folder)")
        #expect(connected.errors == "")
        #expect(connected.output.contains("loaded 2 resources: Observation 1, Practitioner 1"), "\(connected.output)")
        #expect(
            connected.output.contains("- record.ndjson:3: Observation.status: required; Observation.code: required"))
        let found = await probe.run("search Observation code=http://loinc.org|85354-9 _include=Observation:performer")
        #expect(found.output.hasPrefix("1 match, 1 included"), "\(found.output)")
        #expect(found.output.contains("Lindner"))
        // The tutorial's data is still there, and a missing path is one line.
        #expect(await probe.run("count MedicationRequest patient=f001").output.hasPrefix("11"))
        #expect(
            await probe.run("connect builtin r4 --load /nowhere").errors.hasPrefix(
                "error: /nowhere: no such file or folder to load"))
    }
}
