import FHIRModel
import FHIRServer
import Foundation
import SMART
import Testing

@testable import MedbrainWeb

/// The class's parts on their own: the roster, each student's record, the events a report may
/// carry, and the grid folded from them.
@Suite("The class")
struct ClassroomTests {
    static func roster(_ text: String = "alice, Alice Smith\nbob\n# a comment\ncarol, Carol  # the tutor's\n") throws
        -> ClassRoster
    {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("medbrain-roster-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("roster.txt").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return try ClassRoster.read(path)
    }

    @Test func aPlainRosterGetsPasswordsOnceKeptForItsOwner() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("medbrain-roster-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("roster.txt").path
        try "alice, Alice Smith\nbob\n".write(toFile: path, atomically: true, encoding: .utf8)
        let roster = try ClassRoster.read(path)
        #expect(roster.students.map(\.username) == ["alice", "bob"])
        #expect(roster.students.map(\.name) == ["Alice Smith", "bob"])
        #expect(roster.students.map(\.seed) == ["Alice Smith", "bob"])
        let passwords = try String(contentsOfFile: path + ".passwords", encoding: .utf8)
        let mode = try FileManager.default.attributesOfItem(atPath: path + ".passwords")[.posixPermissions] as? Int
        #expect(mode == 0o600)
        // Read again: the same passwords, not new ones.
        _ = try ClassRoster.read(path)
        #expect(try String(contentsOfFile: path + ".passwords", encoding: .utf8) == passwords)
        let alice = try #require(passwords.split(separator: "\n").first { $0.hasPrefix("alice,") })
        #expect(PasswordHash.verifies(String(alice.dropFirst(6)), roster.students[0].passwordHash))
    }

    @Test(arguments: [
        ("", "lists no students"), ("al ice\n", "may hold only letters"), ("alice\nALICE\n", "comes twice"),
        ("bob_1\n", "may hold only letters"), (String(repeating: "a", count: 41) + "\n", "1 to 40"),
        ("[{\"username\": \"a\", \"password\": \"plain\"}]", "password is"), ("[1]", "username"),
    ])
    func aRosterThatCannotBeUsedIsRefusedInOneLine(text: String, says: String) {
        do {
            _ = try Self.roster(text)
            Issue.record("accepted \(text)")
        } catch {
            #expect("\(error)".contains(says), "\(error)")
            #expect(!"\(error)".contains("\n"))
        }
    }

    /// Each student's copy is the tutorial's record under their own ids, from their seed; no
    /// reference leaves it but to the shared medications, and no two students share a resource.
    @Test(arguments: [FHIRVersion.dstu2, .r4, .r5])
    func eachStudentHasTheirOwnRecord(version: FHIRVersion) throws {
        let roster = try Self.roster("alice, Alice Smith\nbob, Bob Jones\n")
        let resources = try ClassData.resources(for: roster, version: version)
        let ids = resources.compactMap(ClassData.reference(of:))
        #expect(Set(ids).count == ids.count)
        var counted = 0
        for student in roster.students {
            let own = resources.filter {
                ClassData.reference(of: $0).map {
                    $0 == "Patient/\(student.username)" || $0.contains("/\(student.username)-")
                } ?? false
            }
            counted += own.count
            let owned = Set(own.compactMap(ClassData.reference(of:)))
            for resource in own {
                for reference in ClassData.references(in: resource) {
                    #expect(owned.contains(reference) || reference.hasPrefix("Medication/"), "\(reference)")
                }
            }
            let patient = try #require(own.first { $0["resourceType"]?.stringValue == "Patient" })
            #expect(patient["name"]?.arrayValue?.first?["text"]?.stringValue == student.name)
        }
        #expect(counted == resources.count)
        // Two seeds: two students' doses differ (which were missed, their times).
        let doses = { (name: String) in
            resources.filter { ClassData.reference(of: $0)?.hasPrefix("MedicationAdministration/\(name)-") ?? false }
                .map { ClassData.rewritten($0, [:]).compactText.replacingOccurrences(of: name, with: "X") }
        }
        #expect(doses("alice") != doses("bob"))
    }

    /// A report of one event whose fields are `fields` (JSON values as text) over a good one's.
    static func body(_ fields: [String: String] = [:]) -> [UInt8] {
        var event = [
            "sequence": "1", "time": "\"2026-11-29T10:00:00Z\"", "lesson": "\"03-login\"", "step": "1",
            "kind": "\"started\"",
        ]
        event.merge(fields) { $1 }
        let members = event.sorted { $0.key < $1.key }.map { "\"\($0.key)\": \($0.value)" }
        return Array("{\"events\": [{\(members.joined(separator: ", "))}]}".utf8)
    }

    @Test(arguments: [
        ("sequence", "0", "a sequence counts from 1"), ("step", "0", "a step counts"),
        ("step", "1000", "a step counts"),
        ("kind", "\"deleted\"", "unknown kind"), ("lesson", "\"../etc\"", "a lesson id"),
        ("lesson", "\"\"", "a lesson id"),
        ("time", "5", "the body is not"),
    ])
    func aReportIsCheckedFieldByField(field: String, value: String, says: String) {
        guard case .failure(.badRequest(let message)) = ClassEvent.batch(Self.body([field: value]), received: Date())
        else {
            Issue.record("accepted \(field)=\(value)")
            return
        }
        #expect(message.contains(says))
    }

    @Test func aDetailIsBoundedAndLosesControlCharacters() throws {
        let detail = "\"answer \\u001b[31mred" + String(repeating: "x", count: 900) + "\""
        let events = try ClassEvent.batch(Self.body(["detail": detail]), received: Date()).get()
        #expect(events[0].detail?.count == ClassEvent.maximumDetail)
        #expect(events[0].detail?.hasPrefix("answer [31mred") == true)
    }

    /// Each event once, in order, whatever is sent again; a student's key names only them.
    @Test func eventsAreTakenOnceAndKeysNameTheirStudent() async throws {
        let board = ClassBoard(name: "lab", roster: try Self.roster("alice\nbob\n"))
        let joined = try await board.join(approver: "alice").get()
        #expect(await board.student(forKey: joined.key) == "alice")
        #expect(await board.student(forKey: "forged") == nil)
        #expect(await board.join(approver: "mallory").isFailure)
        #expect(await board.join(approver: nil).isFailure)
        let make = { (sequence: Int) in
            ClassEvent(
                sequence: sequence, time: Date(), received: Date(), lesson: "03-login", step: sequence, kind: .started)
        }
        #expect(await board.report([make(1), make(2)], from: "alice") == 2)
        #expect(await board.report([make(1), make(2), make(3)], from: "alice") == 3)
        #expect(await board.events(of: "alice").map(\.sequence) == [1, 2, 3])
        #expect(await board.events(of: "bob").isEmpty)
        let again = try await board.join(approver: "alice").get()
        #expect(again.acknowledged == 3 && again.key != joined.key)
        #expect(!board.isInstructor(joined.key) && board.isInstructor(board.instructorKey))
    }

    /// A hint number past any step's hints, or one that would overflow, is bounded: the grid is
    /// folded from what students send, and one student must not bring the class down.
    @Test func aHintNumberIsBounded() throws {
        let roster = try Self.roster("alice\n")
        let events = ["9223372036854775807", "1", "99999999999999999999999"].enumerated().map { index, detail in
            ClassEvent(
                sequence: index + 1, time: Date(), received: Date(), lesson: "03-login", step: 1, kind: .hint,
                detail: detail)
        }
        let grid = ClassGrid(events: [(roster.students[0], events)], outlines: [], now: Date())
        #expect(grid.rows[0].cells[.init(lesson: "03-login", step: 1)]?.hints == ClassEvent.maximumHints)
    }

    /// Events of a lesson the class lacks, or past a lesson's last step, are acknowledged, not
    /// kept: a student cannot make the grid grow; keys per student are bounded too.
    @Test func aStudentCannotMakeTheGridGrow() async throws {
        let outline = LessonOutline(id: "03-login", number: 3, title: "Log in", steps: ["A", "B"], exercises: [0])
        let board = ClassBoard(name: "lab", roster: try Self.roster("alice\n"), outlines: [outline])
        let make = { (sequence: Int, lesson: String, step: Int) in
            ClassEvent(sequence: sequence, time: Date(), received: Date(), lesson: lesson, step: step, kind: .started)
        }
        let taken = await board.report(
            [make(1, "03-login", 1), make(2, "L0", 1), make(3, "03-login", 3), make(4, "03-login", 2)], from: "alice")
        #expect(taken == 4)
        #expect(await board.events(of: "alice").map(\.sequence) == [1, 4])
        let open = ClassBoard(name: "lab", roster: try Self.roster("alice\n"))
        let many = (1...150).map { make($0, "L\($0)", 1) } + [make(151, "L1", 999)]
        _ = await open.report(many, from: "alice")
        #expect(await open.events(of: "alice").count == ClassBoard.maximumLessons)
        var keys: [String] = []
        for _ in 0..<(ClassBoard.maximumKeys + 1) { keys.append(try await board.join(approver: "alice").get().key) }
        #expect(await board.student(forKey: keys[0]) == nil)
        #expect(await board.student(forKey: keys[1]) == "alice")
    }

    /// Any line ending, and a byte order mark, in a roster and its passwords file.
    @Test func windowsLineEndingsAreLines() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("medbrain-roster-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("roster.txt").path
        try "\u{FEFF}alice, Alice\r\nbob, Bob\r\ncarol\r\n".write(toFile: path, atomically: true, encoding: .utf8)
        let roster = try ClassRoster.read(path)
        #expect(roster.students.map(\.username) == ["alice", "bob", "carol"])
        #expect(roster.students.map(\.name) == ["Alice", "Bob", "carol"])
        let passwords = try String(contentsOfFile: path + ".passwords", encoding: .utf8)
        try passwords.replacingOccurrences(of: "\n", with: "\r\n").write(
            toFile: path + ".passwords", atomically: true, encoding: .utf8)
        _ = try ClassRoster.read(path)
        #expect(
            try String(contentsOfFile: path + ".passwords", encoding: .utf8)
                == passwords.replacingOccurrences(of: "\n", with: "\r\n"))
    }

    @Test(arguments: [("lab1", "lab1"), ("x\"; filename=\"evil.html", "x___filename__evil.html"), ("Grüße", "Gr__e")])
    func aClassNameIsAFileNameInAHeader(name: String, file: String) {
        #expect(ClassPages.fileName(name) == file)
    }

    /// The grid folds events into cells, and the steps most students are stuck at come first.
    @Test func theGridShowsWhoIsStuckWhere() throws {
        let roster = try Self.roster("alice\nbob\ncarol\n")
        let start = Date(timeIntervalSince1970: 1_000)
        func events(_ kinds: [(String, Int, ClassEvent.Kind, String?)]) -> [ClassEvent] {
            kinds.enumerated().map { index, item in
                ClassEvent(
                    sequence: index + 1, time: start + Double(index * 10), received: start, lesson: item.0,
                    step: item.1, kind: item.2, detail: item.3)
            }
        }
        let alice = events([
            ("03-login", 1, .started, nil), ("03-login", 1, .hint, "1 of 2"), ("03-login", 1, .wrong, "login f002"),
            ("03-login", 1, .solved, nil), ("03-login", 2, .started, nil), ("03-login", 2, .wrong, "answer home"),
        ])
        let bob = events([
            ("03-login", 1, .started, nil), ("03-login", 1, .solved, nil), ("03-login", 2, .started, nil),
        ])
        let carol = events([("03-login", 1, .started, nil), ("03-login", 1, .solution, nil)])
        let outline = LessonOutline(
            id: "03-login", number: 3, title: "Log in", steps: ["Find", "Phone", "Account"], exercises: [0, 1])
        let grid = ClassGrid(
            events: zip(roster.students, [alice, bob, carol]).map { ($0, $1) }, outlines: [outline], now: start + 60)
        #expect(grid.columns.map(\.title) == ["Find", "Phone", "Account"])
        let first = try #require(grid.rows[0].cells[.init(lesson: "03-login", step: 1)])
        #expect(
            first.solved && first.hints == 1 && first.wrong == 1 && first.seconds == 30 && first.tried == ["login f002"]
        )
        // Alice tried wrong at step 2 and Carol took the solution at step 1: both stuck; Bob only
        // arrived at step 2 forty seconds ago.
        #expect(grid.stuck.map(\.column.step.step) == [2, 1])
        #expect(grid.stuck.map(\.students) == [["alice"], ["carol"]] && grid.stuck.map(\.wrong) == [1, 0])
        #expect(grid.rows.map { $0.needsHelp(at: start + 60) } == [false, false, true])
        let csv = grid.csv().split(separator: "\r\n").map(String.init)
        #expect(csv[0] == "student,lesson,step,title,solved,solution_shown,hints,wrong_attempts,commands,seconds,tried")
        #expect(csv.contains("alice,03-login,1,Find,true,false,1,1,,30,login f002"))
        #expect(!csv.contains { $0.contains("Account") })
    }
}

extension Result {
    var isFailure: Bool {
        if case .failure = self { return true }
        return false
    }
}
