import FHIRServer
import Foundation
import MedbrainWeb
import MedbrainWorkbook
import SMART

/// `serve --class NAME --roster FILE`: the roster read, each student's record added to the
/// data, SMART sign-in by the students, the board the class's pages read, and the lessons'
/// workspaces, made from the workbook.
public enum ClassSetup {
    static func make(name: String, roster path: String, configuration: inout ServerConfiguration) throws -> ClassPages {
        let roster: ClassRoster
        do {
            if !PasswordHash.isAvailable {
                throw CommandFailure("--class needs OpenSSL's libcrypto to check passwords, and it was not found")
            }
            roster = try ClassRoster.read(path)
            configuration.extraResources = try ClassData.resources(for: roster, version: configuration.version)
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            throw CommandFailure("\(error)")
        }
        configuration.authorization = .smart(clients: [])
        configuration.signIn = .users(roster.users)
        let workbook = Workbook.load(from: Workbook.defaultFolder())
        return ClassPages(
            board: ClassBoard(name: name, roster: roster, outlines: outlines(workbook)),
            workspaces: ClassWorkspaces(
                make: workspaceFactory(workbook, maximumBodySize: configuration.maximumBodySize)))
    }

    /// A lesson's server as the student's REPL would start it (its clock, loaded files and the
    /// student's seed) in the release asked for, below `basePath`; nil for a lesson without a
    /// server or with its own SMART login, which the student's REPL runs on their machine, and
    /// for a lesson's files to load in a release other than its own.
    public static func workspaceFactory(_ workbook: Workbook, maximumBodySize: Int) -> ClassWorkspaces.Factory {
        let lessons = workbook.lessons
        return { id, version, student, basePath in
            guard let lesson = lessons.first(where: { $0.id == id }), let own = lesson.header.server,
                !lesson.asksForSMART, lesson.loads.isEmpty || version == own
            else { return nil }
            var configuration = ServerConfiguration.lessonServer(
                version, now: lesson.header.now, seed: student.seed, load: lesson.loads,
                withholdsInstructions: lesson.withholdsInstructions)
            (configuration.maximumBodySize, configuration.basePath) = (maximumBodySize, basePath)
            return try await FHIRService.build(loading: configuration).0
        }
    }

    /// The workbook's lessons as the grid names them.
    static func outlines(_ workbook: Workbook) -> [LessonOutline] {
        workbook.lessons.map { lesson in
            LessonOutline(
                id: lesson.id, number: lesson.number, title: lesson.title, steps: lesson.steps.map(\.title),
                exercises: Set(lesson.steps.indices.filter { lesson.steps[$0].isExercise }))
        }
    }

    /// What the instructor reads at start: the class, where students connect, and the page.
    static func announce(_ pages: ClassPages, origin: String) {
        let board = pages.board
        Output.standardOutput(
            "class \(board.name): \(board.roster.students.count) students, each with their own patient\n"
                + "students: connect \(origin)\(FHIRService.basePath), then 'login --smart' with their user name\n"
                + "instructor's page (keep it to yourself): \(pages.instructorAddress(origin: origin))\n")
    }
}
