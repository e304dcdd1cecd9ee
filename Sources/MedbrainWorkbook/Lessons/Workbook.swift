import FHIRModel
import Foundation

/// The lessons of a folder, in file-name order, and the files that could not be read.
public struct Workbook: Sendable {
    public let lessons: [Lesson]
    /// One line per broken file (`file:line: problem`); the other lessons still load.
    public let problems: [String]
    /// Where the lessons came from, for messages.
    public let folder: String

    public init(lessons: [Lesson], problems: [String] = [], folder: String = "lessons") {
        (self.lessons, self.problems, self.folder) = (lessons, problems, folder)
    }

    /// Reads every `*.lesson` in `folder`.
    public static func load(from folder: String) -> Workbook {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
            return Workbook(lessons: [], folder: folder)
        }
        var (lessons, problems): ([Lesson], [String]) = ([], [])
        for name in names.filter({ $0.hasSuffix(".lesson") }).sorted() {
            do { lessons.append(try readLesson(at: folder + "/" + name)) } catch { problems.append("\(error)") }
        }
        return Workbook(lessons: lessons, problems: problems, folder: folder)
    }

    /// One lesson file, its id the file's name without `.lesson`; a mistake is thrown as
    /// `file:line: problem`.
    public static func readLesson(at path: String) throws(FileError) -> Lesson {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw FileError(file: path, line: 1, problem: "cannot be read: no such file, or not readable")
        }
        guard data.count <= maximumFileSize else {
            throw FileError(file: path, line: 1, problem: "larger than 1 MB")
        }
        let id = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        return try Lesson(parsing: String(decoding: data, as: UTF8.self), file: path, id: id)
    }

    static let maximumFileSize = 1 << 20

    /// `$MEDBRAIN_LESSONS`, else `lessons` in the current folder, else the lessons beside the
    /// sources this was built from.
    public static func defaultFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let folder = environment["MEDBRAIN_LESSONS"], !folder.isEmpty { return folder }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: "lessons", isDirectory: &isFolder), isFolder.boolValue {
            return "lessons"
        }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("lessons").path
    }

    /// The lesson `name` names: its number (`3`), its id (`03-login`) or the id's words (`login`).
    public func lesson(_ name: String) -> Lesson? {
        lessons.first { lesson in
            lesson.id == name || (Int(name).map { $0 == lesson.number } ?? false)
                || lesson.id.drop { $0.isNumber || $0 == "-" } == name
        }
    }
}
