import FHIRServer
import Foundation
import MedbrainWeb
import MedbrainWorkbook
import SMART

/// `serve --class NAME --roster FILE`: the roster read, each student's record added to the
/// data, SMART sign-in by the students, and the board the class's pages read.
enum ClassSetup {
    static func make(name: String, roster path: String, configuration: inout ServerConfiguration) throws -> ClassBoard {
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
        return ClassBoard(name: name, roster: roster, outlines: outlines())
    }

    /// The workbook's lessons as the grid names them.
    static func outlines() -> [LessonOutline] {
        Workbook.load(from: Workbook.defaultFolder()).lessons.map { lesson in
            LessonOutline(
                id: lesson.id, number: lesson.number, title: lesson.title, steps: lesson.steps.map(\.title),
                exercises: Set(lesson.steps.indices.filter { lesson.steps[$0].isExercise }))
        }
    }

    /// What the instructor reads at start: the class, where students connect, and the page.
    static func announce(_ board: ClassBoard, origin: String) {
        let pages = ClassPages(board: board)
        Output.standardOutput(
            "class \(board.name): \(board.roster.students.count) students, each with their own patient\n"
                + "students: connect \(origin)\(FHIRService.basePath), then 'login --smart' with their user name\n"
                + "instructor's page (keep it to yourself): \(pages.instructorAddress(origin: origin))\n")
    }
}
