import FHIRModel
import Foundation
import ResultTables

/// The grid for grading: CSV with the columns `medbrain progress --format csv` writes, and JSON.
extension ClassGrid {
    func csv() -> String {
        var rows: [[String]] = []
        for row in self.rows {
            for column in columns where column.isExercise {
                guard let cell = row.cells[column.step] else { continue }
                rows.append([
                    row.student.username, column.step.lesson, String(column.step.step), column.title,
                    String(cell.solved), String(cell.solution), String(cell.hints), String(cell.wrong), "",
                    cell.seconds.map(String.init) ?? "", cell.tried.joined(separator: " | "),
                ])
            }
        }
        return CSVText.table(CSVText.progressHeader, rows)
    }

    func json(className: String, now: Date) -> JSONValue {
        let students: [JSONValue] = rows.map { row in
            var fields: [(String, JSONValue)] = [
                ("username", .string(row.student.username)), ("name", .string(row.student.name)),
                ("needsHelp", .bool(row.needsHelp(at: now))),
            ]
            if let current = row.current {
                fields.append(
                    (
                        "current",
                        .object(
                            JSONObject([("lesson", .string(current.lesson)), ("step", .number(String(current.step)))]))
                    ))
            }
            fields.append(("lastSeen", row.lastSeen.map { .string(ISO8601DateFormatter().string(from: $0)) } ?? .null))
            let steps: [JSONValue] = columns.compactMap { column in
                guard let cell = row.cells[column.step] else { return nil }
                var step: [(String, JSONValue)] = [
                    ("lesson", .string(column.step.lesson)), ("step", .number(String(column.step.step))),
                    ("title", .string(column.title)), ("solved", .bool(cell.solved)),
                    ("solutionShown", .bool(cell.solution)), ("hints", .number(String(cell.hints))),
                    ("wrongAttempts", .number(String(cell.wrong))),
                    ("tried", .array(cell.tried.map(JSONValue.string))),
                ]
                if let seconds = cell.seconds { step.append(("seconds", .number(String(seconds)))) }
                return .object(JSONObject(step))
            }
            fields.append(("steps", .array(steps)))
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            fields.append(
                (
                    "events",
                    .array(
                        row.events.map { event in
                            var members: [(String, JSONValue)] = [
                                ("sequence", .number(String(event.sequence))),
                                ("time", .string(formatter.string(from: event.time))),
                                ("received", .string(formatter.string(from: event.received))),
                                ("lesson", .string(event.lesson)),
                                ("step", .number(String(event.step))), ("kind", .string(event.kind.rawValue)),
                            ]
                            if let detail = event.detail { members.append(("detail", .string(detail))) }
                            return .object(JSONObject(members))
                        })
                ))
            return .object(JSONObject(fields))
        }
        let stuck: [JSONValue] = stuck.map { entry in
            .object(
                JSONObject([
                    ("lesson", .string(entry.column.step.lesson)), ("step", .number(String(entry.column.step.step))),
                    ("title", .string(entry.column.title)), ("students", .array(entry.students.map(JSONValue.string))),
                    ("wrongAttempts", .number(String(entry.wrong))),
                ]))
        }
        return .object(
            JSONObject([("class", .string(className)), ("students", .array(students)), ("stuck", .array(stuck))]))
    }
}
