import FHIRModel
import FHIRServer
import Foundation
import MedbrainDataset
import Testing

@testable import MedbrainWeb

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The lessons' workspaces on a class server, on a real socket: a student's is theirs alone,
/// made from their seed, fresh each time the lesson starts, and the instructor reads it.
@Suite(.timeLimit(.minutes(3))) struct ClassWorkspaceTests {
    /// A class server of alice and bob whose lessons `a`…`e` are servers on the tutorial's clock.
    struct Class {
        let server: InProcessServer
        let board: ClassBoard
        let workspaces: ClassWorkspaces
        var origin: String { String(server.baseURL.dropLast(FHIRService.basePath.count)) }

        static func start() async throws -> Class {
            let roster = try ClassroomTests.roster("alice, Alice Smith\nbob, Bob Jones\n")
            let board = ClassBoard(name: "lab", roster: roster)
            let workspaces = ClassWorkspaces { lesson, version, student, basePath in
                guard ["a", "b", "c", "d", "e"].contains(lesson) else { return nil }
                var configuration = ServerConfiguration(
                    version: version, now: ViewHarness.now, seed: DatasetSeed(student.seed))
                configuration.basePath = basePath
                return try await FHIRService.build(configuration)
            }
            let server = try await InProcessServer.start(
                ServerConfiguration(version: .r4, now: ViewHarness.now),
                pages: ClassPages(board: board, workspaces: workspaces))
            return Class(server: server, board: board, workspaces: workspaces)
        }

        func key(_ student: String) async throws -> String {
            try await board.join(approver: student).get().key
        }

        func send(_ method: String, _ url: String, key: String?, body: String? = nil) async throws -> (
            status: Int, body: String, location: String?
        ) {
            var request = URLRequest(url: URL(string: url.hasPrefix("http") ? url : origin + url)!)
            request.httpMethod = method
            if let key { request.setValue("Bearer \(key)", forHTTPHeaderField: "Authorization") }
            if let body {
                request.httpBody = Data(body.utf8)
                request.setValue("application/fhir+json", forHTTPHeaderField: "Content-Type")
            }
            let (data, response) = try await URLSession.shared.data(for: request)
            let http = try #require(response as? HTTPURLResponse)
            return (http.statusCode, String(decoding: data, as: UTF8.self), http.value(forHTTPHeaderField: "Location"))
        }

        /// Opens `lesson` for the student whose key this is; the workspace's base URL.
        func open(_ lesson: String, _ version: String = "r4", key: String) async throws -> (status: Int, base: String?)
        {
            let answer = try await send(
                "POST", "/class/workspaces", key: key,
                body: "{\"lesson\": \"\(lesson)\", \"fhirVersion\": \"\(version)\"}")
            let json = try? JSONParser.parse(Array(answer.body.utf8))
            return (answer.status, json?["base"]?.stringValue)
        }
    }

    static let dose = """
        {"resourceType": "MedicationAdministration", "status": "completed", "subject": {"reference": "Patient/f001"},
         "medicationCodeableConcept": {"text": "x"}, "effectiveDateTime": "2016-08-16T08:00:00Z"}
        """

    @Test func aStudentsWorkspaceIsTheirsAndTheInstructors() async throws {
        let lab = try await Class.start()
        let (alice, bob) = (try await lab.key("alice"), try await lab.key("bob"))
        let opened = try await lab.open("a", key: alice)
        #expect(opened.status == 201)
        let base = try #require(opened.base)
        #expect(base == lab.origin + "/class/workspaces/alice/a/r4/fhir")
        #expect(try await lab.send("GET", base + "/Patient/f001", key: alice).status == 200)
        let written = try await lab.send("POST", base + "/MedicationAdministration", key: alice, body: Self.dose)
        #expect(written.status == 201)
        // Its own base, not the class server's: what it writes names where it is.
        #expect(written.location?.hasPrefix(base + "/MedicationAdministration/") == true)
        let search = try await lab.send("GET", base + "/MedicationRequest?subject=\(base)/Patient/f001", key: alice)
        #expect(search.body.contains("\"total\":") && search.body.contains("\(base)/MedicationRequest?"))
        #expect(!search.body.contains("\"total\": 0"))
        for (who, key) in [("bob's key", bob), ("no key", nil), ("a forged key", "forged")] as [(String, String?)] {
            let read = try await lab.send("GET", base + "/Patient/f001", key: key)
            #expect(read.status == 401, "\(who)")
            #expect(!read.body.contains("Mustermann"), "\(who)")
            #expect(
                try await lab.send("POST", base + "/MedicationAdministration", key: key, body: Self.dose).status == 401)
            #expect(try await lab.send("DELETE", "/class/workspaces/alice/a/r4", key: key).status == 401)
        }
        #expect(try await lab.send("GET", base + "/Patient/f001", key: lab.board.instructorKey).status == 200)
        let page = try await lab.send("GET", "/class/students/alice", key: lab.board.instructorKey)
        #expect(
            page.body.contains("POST /MedicationAdministration")
                && page.body.contains("/class/workspaces/alice/a/r4/fhir"))
        // A search sent as a POST writes nothing, and is not listed as a write.
        #expect(try await lab.send("POST", base + "/Patient/_search", key: alice, body: "").status == 200)
        #expect(
            !(try await lab.send("GET", "/class/students/alice", key: lab.board.instructorKey).body.contains("_search"))
        )
        #expect(try await lab.send("GET", "/class/students/alice", key: alice).status == 401)
        await lab.server.stop()
    }

    @Test func aStudentsWorkspaceIsMadeFromTheirSeed() async throws {
        let lab = try await Class.start()
        let alice = try #require(try await lab.open("a", key: try await lab.key("alice")).base)
        let bob = try #require(try await lab.open("a", key: try await lab.key("bob")).base)
        #expect(alice != bob)
        let doses = { (base: String, key: String) in
            try await lab.send(
                "GET", base + "/MedicationAdministration?_count=500&_elements=effectiveDateTime", key: key
            )
            .body.replacingOccurrences(of: base, with: "")
        }
        let instructor = lab.board.instructorKey
        let (theirs, his) = (try await doses(alice, instructor), try await doses(bob, instructor))
        #expect(theirs.contains("effectiveDateTime") && theirs != his)
        await lab.server.stop()
    }

    @Test func startingTheLessonAgainStartsItsDataAfresh() async throws {
        let lab = try await Class.start()
        let alice = try await lab.key("alice")
        let base = try #require(try await lab.open("a", key: alice).base)
        let id = try #require(
            try await lab.send("POST", base + "/MedicationAdministration", key: alice, body: Self.dose).location?
                .split(separator: "/").dropLast(2).last)
        #expect(try await lab.send("GET", base + "/MedicationAdministration/\(id)", key: alice).status == 200)
        _ = try await lab.open("a", key: alice)
        #expect(try await lab.send("GET", base + "/MedicationAdministration/\(id)", key: alice).status == 404)
        #expect(try await lab.send("DELETE", "/class/workspaces/alice/a/r4", key: alice).status == 204)
        let gone = try await lab.send("GET", base + "/metadata", key: alice)
        #expect(gone.status == 404 && gone.body.contains("start the lesson again"))
        await lab.server.stop()
    }

    @Test func aStudentHoldsAtMostFourWorkspaces() async throws {
        let lab = try await Class.start()
        let alice = try await lab.key("alice")
        for lesson in ["a", "b", "c", "d", "e"] { #expect(try await lab.open(lesson, key: alice).status == 201) }
        let open = await lab.workspaces.workspaces(of: "alice").map(\.lesson)
        #expect(open == ["e", "d", "c", "b"])
        #expect(try await lab.send("GET", "/class/workspaces/alice/a/r4/fhir/metadata", key: alice).status == 404)
        await lab.server.stop()
    }

    /// A lesson that moves to another release (lesson 8 goes from DSTU2 to R4) has a workspace in
    /// each, side by side; the release is one FHIR knows, or none.
    @Test func aLessonHasAWorkspacePerRelease() async throws {
        let lab = try await Class.start()
        let alice = try await lab.key("alice")
        let dstu2 = try #require(try await lab.open("a", "dstu2", key: alice).base)
        let r4 = try #require(try await lab.open("a", "r4", key: alice).base)
        #expect(dstu2.hasSuffix("/alice/a/dstu2/fhir") && r4.hasSuffix("/alice/a/r4/fhir"))
        #expect(try await lab.send("GET", dstu2 + "/metadata", key: alice).body.contains("\"fhirVersion\":\"1.0.2\""))
        #expect(try await lab.send("GET", r4 + "/metadata", key: alice).body.contains("\"fhirVersion\":\"4.0.1\""))
        #expect(try await lab.open("a", "r6", key: alice).status == 400)
        #expect(try await lab.send("GET", "/class/workspaces/alice/a/r6/fhir/metadata", key: alice).status == 404)
        await lab.server.stop()
    }

    @Test(arguments: ["z", "..", "../alice", "a/../b", "", String(repeating: "a", count: 81)])
    func aLessonTheClassHasNotIsRefused(lesson: String) async throws {
        let lab = try await Class.start()
        let alice = try await lab.key("alice")
        let opened = try await lab.open(lesson, key: alice)
        #expect(opened.status == 404 && opened.base == nil)
        #expect(await lab.workspaces.workspaces(of: "alice").isEmpty)
        #expect(try await lab.open("a", key: "forged").status == 401)
        #expect(try await lab.open("a", key: lab.board.instructorKey).status == 401)
        await lab.server.stop()
    }
}
