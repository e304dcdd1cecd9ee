import ArgumentParser
import Foundation
import MedbrainWorkbook

/// `medbrain progress FILE…`: the progress files a class handed in, merged into one table for
/// grading: a row per student, or per student and exercise as CSV, or every report as JSON.
struct ProgressCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "progress",
        abstract: "Merge students' progress files into one table (for instructors).",
        discussion: """
            Each FILE is a progress.json a student handed in (the REPL's 'progress' says where it is). \
            Files of the same student (by the class's user name, else the file's name) are merged: each \
            lesson as the file that touched it last has it. Steps count from 1.
            Example: medbrain progress --format csv handed-in/*.json > grades.csv
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable { case table, csv, json }

    @Option(help: "table (a row per student), csv (a row per student and exercise) or json.")
    var format: Format = .table

    @Argument(help: "The progress files.")
    var files: [String]

    func validate() throws {
        if files.isEmpty { throw ValidationError("name at least one progress file") }
    }

    func run() throws {
        var read: [(file: String, progress: LessonProgress)] = []
        for file in files {
            guard let data = FileManager.default.contents(atPath: file) else {
                throw CommandFailure("cannot read \(file)")
            }
            do { read.append((file, try LessonProgress.decode(data))) } catch {
                throw CommandFailure("\(file) is not a progress file: \(error.localizedDescription)")
            }
        }
        // Without a student in it, a file is known by its name, or by its path where two share a
        // name (two students' progress.json in folders of their own are two students).
        let stem = { (file: String) in ((file as NSString).lastPathComponent as NSString).deletingPathExtension }
        let stems = Dictionary(grouping: read.filter { $0.progress.student == nil }.map(\.file), by: stem)
        var students: [(name: String, progress: LessonProgress)] = []
        for (file, progress) in read {
            let name =
                progress.student
                ?? ((stems[stem(file)]?.count ?? 0) > 1 ? (file as NSString).deletingPathExtension : stem(file))
            if let index = students.firstIndex(where: { $0.name == name }) {
                students[index].progress = students[index].progress.merged(with: progress)
            } else {
                students.append((name, progress))
            }
        }
        let workbook = Workbook.load(from: Workbook.defaultFolder())
        let reports = students.sorted { $0.name < $1.name }.map { student in
            var report = ProgressReport(student.progress, workbook: workbook)
            report.student = student.name
            return report
        }
        switch format {
        case .json: Output.standardOutput(ProgressReport.json(reports) + "\n")
        case .csv: Output.standardOutput(ProgressReport.csv(reports))
        case .table: Output.standardOutput(ProgressReport.table(reports))
        }
    }
}
