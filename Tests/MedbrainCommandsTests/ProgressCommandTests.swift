import Foundation
import Testing

/// `medbrain progress FILE…`: the files a class hands in, merged for grading.
@Suite("medbrain progress")
struct ProgressCommandTests {
    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("medbrain-handed-in-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Alice handed in two files (laptop and lab), Bob one from an older Medbrain (steps from 0).
    static func handIn(to folder: URL) throws {
        let laptop = """
            {"format": 2, "student": "alice", "seed": "Alice Smith", "lessons": {"03-login": {"step": 3,
             "finished": false, "updated": "2026-11-29T10:05:00.250Z", "exercises": {"1": {"solved": true,
             "hints": 1, "wrongAttempts": 2, "commands": 4, "tried": ["=cmd|' /C calc'!A0"],
             "started": "2026-11-29T10:00:00Z", "solvedAt": "2026-11-29T10:01:30Z"}}}}, "events": []}
            """
        let lab = """
            {"format": 2, "student": "alice", "lessons": {"03-login": {"step": 1,
             "updated": "2026-11-29T09:00:00Z"}, "04-orders": {"step": 2, "finished": true}}, "events": []}
            """
        let bob =
            #"{"lessons": {"03-login": {"step": 0, "finished": false, "solvedAlone": [0], "exercises": {"0": {"solved": true, "hints": 0, "wrongAttempts": 0, "commands": 1, "solutionShown": false}}}}}"#
        for (name, text) in [("alice-laptop.json", laptop), ("alice-lab.json", lab), ("bob.json", bob)] {
            try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
    }

    @Test func filesHandedInMergeIntoARowPerStudent() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.handIn(to: folder)
        let files = ["alice-laptop.json", "alice-lab.json", "bob.json"].map { folder.appendingPathComponent($0).path }
        let table = try await Medbrain.run(["progress"] + files)
        #expect(table.status == 0, "\(table.error)")
        let lines = table.output.split(separator: "\n").map(String.init)
        #expect(lines.count == 3 && lines[0].hasPrefix("student"))
        #expect(lines[1].hasPrefix("alice ") && lines[1].hasSuffix("lesson 3, step 3"))
        #expect(lines[2].hasPrefix("bob "))

        let csv = try await Medbrain.run(["progress", "--format", "csv"] + files)
        let rows = csv.output.components(separatedBy: "\r\n")
        #expect(
            rows[0] == "student,lesson,step,title,solved,solution_shown,hints,wrong_attempts,commands,seconds,tried")
        // Alice's laptop is the newer for lesson 3; a typed formula stays text; Bob's step 0 is step 1.
        #expect(rows.contains { $0.hasPrefix("alice,03-login,1,") && $0.contains(",true,false,1,2,4,90,") })
        #expect(rows.contains { $0.hasSuffix(",'=cmd|' /C calc'!A0") })
        #expect(rows.contains { $0.hasPrefix("bob,03-login,1,") && $0.contains(",true,false,0,0,1,") })

        let json = try await Medbrain.run(["progress", "--format", "json"] + files)
        let reports = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
        #expect(reports.map { $0["student"] as? String } == ["alice", "bob"])
        let lessons = try #require(reports[0]["lessons"] as? [[String: Any]])
        #expect(lessons.compactMap { $0["id"] as? String } == ["03-login", "04-orders"])
    }

    /// Two students' progress.json, each in a folder of their own and naming no student, are two.
    @Test func filesOfTheSameNameAreTwoStudents() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var paths: [String] = []
        for name in ["ann", "ben"] {
            let own = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: own, withIntermediateDirectories: true)
            let path = own.appendingPathComponent("progress.json").path
            try #"{"lessons": {"03-login": {"step": 1, "solvedAlone": [0]}}}"#.write(
                toFile: path, atomically: true, encoding: .utf8)
            paths.append(path)
        }
        let run = try await Medbrain.run(["progress", "--format", "csv"] + paths)
        let rows = run.output.components(separatedBy: "\r\n").filter { $0.contains(",03-login,1,") }
        #expect(rows.count == 2)
        // A file from before exercise records says what was solved in the lesson's list alone.
        #expect(rows.allSatisfy { $0.contains(",true,false,") })
        #expect(rows.map { $0.contains("/ann/progress,") } == [true, false])
    }

    @Test func aFileThatIsNoProgressIsSaidInOneLine() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("notes.json").path
        try "[1, 2".write(toFile: path, atomically: true, encoding: .utf8)
        let run = try await Medbrain.run(["progress", path])
        #expect(run.status != 0)
        #expect(run.error.hasPrefix("Error: \(path) is not a progress file"))
        #expect(run.error.split(separator: "\n").count == 1)
        let missing = try await Medbrain.run(["progress", path + ".gone"])
        #expect(missing.error == "Error: cannot read \(path).gone\n")
    }
}
