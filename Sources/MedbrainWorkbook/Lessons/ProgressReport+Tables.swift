import Foundation
import ResultTables

/// Reports for a person and for a spreadsheet.
extension ProgressReport {
    public static func csv(_ reports: [ProgressReport]) -> String {
        var rows: [[String]] = []
        for report in reports {
            for lesson in report.lessons {
                for exercise in lesson.exercises {
                    let fields = [
                        report.student ?? "", lesson.id, String(exercise.step), exercise.title ?? "",
                        String(exercise.solved), String(exercise.solutionShown), String(exercise.hints),
                        String(exercise.wrongAttempts), String(exercise.commands),
                        exercise.seconds.map(String.init) ?? "", exercise.tried.joined(separator: " | "),
                    ]
                    rows.append(fields)
                }
            }
        }
        return CSVText.table(CSVText.progressHeader, rows)
    }

    /// A row per student: lessons finished, exercises solved (with no hint), wrong attempts,
    /// solutions shown, and where they are.
    public static func table(_ reports: [ProgressReport]) -> String {
        let header = ["student", "finished", "solved", "no hint", "wrong", "solutions", "at"]
        let rows = reports.map { report -> [String] in
            let exercises = report.lessons.flatMap(\.exercises)
            let open = report.lessons.filter { !$0.finished }.max {
                ($0.updated ?? .distantPast) < ($1.updated ?? .distantPast)
            }
            return [
                report.student ?? "?", String(report.lessons.filter(\.finished).count),
                String(exercises.filter { $0.solved && !$0.solutionShown }.count),
                String(exercises.filter { $0.solved && !$0.solutionShown && $0.hints == 0 }.count),
                String(exercises.map(\.wrongAttempts).reduce(0, +)),
                String(exercises.filter(\.solutionShown).count),
                open.map { "lesson \($0.number.map(String.init) ?? $0.id), step \($0.step)" } ?? "-",
            ]
        }
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        return ([header] + rows).map { row in
            row.enumerated().map { $1.padding(toLength: widths[$0], withPad: " ", startingAt: 0) }
                .joined(separator: "  ").trimmingCharacters(in: .whitespaces)
        }.joined(separator: "\n") + "\n"
    }
}
