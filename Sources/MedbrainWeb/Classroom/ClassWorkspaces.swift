import FHIRModel
import FHIRServer
import Foundation

/// The lessons' own servers on the class server: a student who starts a lesson gets a fresh one,
/// made as the lesson's header says (its clock and loaded files) in the release the lesson asks
/// for, from the student's seed, under `/class/workspaces/<student>/<lesson>/<release>/fhir`. It
/// is theirs alone: only their class key and the instructor's reach it. Starting the lesson
/// again replaces it, so the steps the REPL replays land on the data they were first written on;
/// moving on to another lesson leaves it open, for the instructor to read, up to a bound.
public actor ClassWorkspaces {
    /// Makes the service for `lesson` in `version` and `student` under `basePath`; nil when the
    /// class has no such lesson or it cannot run here (one without a server, one with its own
    /// SMART login, files to load in another release).
    public typealias Factory =
        @Sendable (
            _ lesson: String, _ version: FHIRVersion, _ student: ClassRoster.Student, _ basePath: String
        ) async throws -> FHIRService?

    /// One student's server for one lesson, and the writes they sent it.
    public struct Workspace: Sendable {
        public let lesson: String
        public let basePath: String
        public let service: FHIRService
        public let opened: Date
        public var writes: [Write] = []
    }

    /// A request that changed (or tried to change) a workspace: what the instructor reads.
    public struct Write: Sendable, Equatable {
        public let method: String
        public let path: String
        public let status: Int
        /// Where the answer said the resource now is (`MedicationAdministration/7/_history/1`).
        public let location: String?
        public let time: Date
    }

    /// A student's workspaces kept at once (a lesson may use two releases, as lesson 8 does):
    /// starting another closes the one opened longest ago.
    public static let maximumPerStudent = 4
    /// The writes kept per workspace, newest last.
    public static let maximumWrites = 200
    public static let root = "/class/workspaces"

    private let make: Factory
    private let clock: @Sendable () -> Date
    /// Each student's workspaces, oldest first.
    private var open: [String: [Workspace]] = [:]

    public init(clock: @escaping @Sendable () -> Date = Date.init, make: @escaping Factory) {
        self.make = make
        self.clock = clock
    }

    public static func basePath(student: String, lesson: String, version: FHIRVersion) -> String {
        "\(root)/\(student)/\(lesson)/\(version.rawValue)\(FHIRService.basePath)"
    }

    /// A fresh workspace for `student`'s `lesson`, in place of any before it; nil when the class
    /// has no such lesson to run here. `names` are the class server's, which its absolute
    /// references are under.
    public func open(
        _ lesson: String, in version: FHIRVersion, for student: ClassRoster.Student, names: ServerNames?
    ) async throws -> Workspace? {
        // The id becomes part of a path: only one a lesson's file could have.
        guard ClassEvent.isLessonID(lesson) else { return nil }
        let path = Self.basePath(student: student.username, lesson: lesson, version: version)
        guard let service = try await make(lesson, version, student, path) else { return nil }
        if let names { service.base.set(names) }
        let workspace = Workspace(lesson: lesson, basePath: path, service: service, opened: clock())
        var held = open[student.username, default: []].filter { $0.basePath != path }
        held.append(workspace)
        if held.count > Self.maximumPerStudent { held.removeFirst(held.count - Self.maximumPerStudent) }
        open[student.username] = held
        return workspace
    }

    /// `student`'s workspace at `basePath`, if open.
    public func workspace(of student: String, at basePath: String) -> Workspace? {
        open[student]?.first { $0.basePath == basePath }
    }

    /// Closes `student`'s workspace at `basePath`; whether there was one.
    @discardableResult
    public func close(of student: String, at basePath: String) -> Bool {
        guard let held = open[student], held.contains(where: { $0.basePath == basePath }) else { return false }
        open[student] = held.filter { $0.basePath != basePath }
        return true
    }

    /// Notes a write `student` sent their workspace at `basePath`.
    func record(_ write: Write, of student: String, at basePath: String) {
        guard var held = open[student], let index = held.firstIndex(where: { $0.basePath == basePath }) else {
            return
        }
        held[index].writes.append(write)
        if held[index].writes.count > Self.maximumWrites { held[index].writes.removeFirst() }
        open[student] = held
    }

    /// `student`'s open workspaces, the newest first.
    public func workspaces(of student: String) -> [Workspace] { (open[student] ?? []).reversed() }

    var now: Date { clock() }
}
