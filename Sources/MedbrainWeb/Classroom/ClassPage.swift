import FHIRModel
import FHIRServer
import Foundation
import HTTPTypes
import Hummingbird

/// The instructor's grid: who is where, the steps most are stuck at first, then a row per
/// student and a column per step of the lessons started, each cell how the step went.
struct ClassPage: Sendable {
    struct Stuck: Sendable {
        let label: String
        let title: String
        let count: Int
        let students: String
        let wrong: Int
    }
    struct Lesson: Sendable {
        let id: String
        let span: Int
    }
    struct Column: Sendable {
        let label: String
        let title: String
    }
    struct Cell: Sendable {
        let state: String
        let text: String
        let describe: String
    }
    struct Row: Sendable {
        let username: String
        let name: String
        let link: String
        let help: Bool
        let at: String
        let cells: [Cell]
        /// How many events the server has of them: a script reading the page counts with it.
        let events: Int
    }

    let frame: PageFrame
    let className: String
    let stuck: [Stuck]
    let hasStuck: Bool
    let lessons: [Lesson]
    let columns: [Column]
    let rows: [Row]
    let joinedText: String
    /// The columns' labels: the live page reads only changed rows while they stay the same.
    let columnKey: String

    init(grid: ClassGrid, className: String, now: Date, frame: PageFrame) {
        self.frame = frame
        self.className = className
        stuck = grid.stuck.prefix(8).map { entry in
            Stuck(
                label: Self.label(entry.column.step), title: entry.column.title, count: entry.students.count,
                students: entry.students.joined(separator: ", "), wrong: entry.wrong)
        }
        hasStuck = !stuck.isEmpty
        var spans: [(String, Int)] = []
        for column in grid.columns {
            if spans.last?.0 == column.step.lesson {
                spans[spans.count - 1].1 += 1
            } else {
                spans.append((column.step.lesson, 1))
            }
        }
        lessons = spans.map { Lesson(id: $0.0, span: $0.1) }
        columns = grid.columns.map { Column(label: Self.label($0.step), title: $0.title) }
        rows = grid.rows.map { row in
            Row(
                username: row.student.username, name: row.student.name,
                link: "/class/students/" + ViewQuery.encode(row.student.username), help: row.needsHelp(at: now),
                at: row.current.map(Self.label) ?? "not joined yet",
                cells: grid.columns.map { Self.cell(row.cells[$0.step], current: row.current == $0.step) },
                events: row.events.count)
        }
        let joined = grid.rows.filter { $0.current != nil }.count
        joinedText = "\(joined) of \(grid.rows.count) students have started."
        columnKey = columns.map(\.label).joined(separator: " ")
    }

    /// `3.2`: lesson 3, step 2 (the lesson's id where it has no number).
    static func label(_ step: ClassGrid.Step) -> String {
        let number = step.lesson.prefix { $0.isNumber }
        return "\(number.isEmpty ? step.lesson : String(Int(number) ?? 0)).\(step.step)"
    }

    static func cell(_ cell: ClassGrid.Cell?, current: Bool) -> Cell {
        guard let cell else { return Cell(state: "none", text: "", describe: "not reached") }
        var words: [String] = []
        let state: String
        let text: String
        if cell.solved {
            state = cell.solution ? "after-solution" : cell.hints > 0 ? "hints" : "alone"
            text = cell.solution ? "S" : cell.hints > 0 ? "✓\(cell.hints)" : "✓"
            words.append(cell.solution ? "solved after the solution" : "solved with \(cell.hints) hints")
        } else {
            state = cell.solution ? "solution" : cell.wrong > 0 ? "trying" : "started"
            text = cell.solution ? "S" : cell.wrong > 0 ? "✗\(cell.wrong)" : "…"
            words.append(cell.solution ? "solution shown, not solved yet" : "not solved yet")
        }
        if cell.wrong > 0 { words.append("\(cell.wrong) wrong") }
        if let seconds = cell.seconds { words.append("\(seconds) s") }
        return Cell(state: state + (current ? " here" : ""), text: text, describe: words.joined(separator: ", "))
    }
}

/// One student: where they are, and their last events, newest first (what they tried, the
/// hints they took), with a link to their record.
struct StudentPage: Sendable {
    struct Event: Sendable {
        let time: String
        let step: String
        let kind: String
        let detail: String?
    }
    let frame: PageFrame
    let username: String
    let name: String
    let at: String
    let patientLink: String
    let events: [Event]
    let hasEvents: Bool
    let workspaces: [WorkspaceRow]
    let hasWorkspaces: Bool

    init(row: ClassGrid.Row, frame: PageFrame, workspaces: [ClassWorkspaces.Workspace] = []) {
        self.frame = frame
        (username, name) = (row.student.username, row.student.name)
        at = row.current.map(ClassPage.label) ?? "not joined yet"
        patientLink = "/patients/" + ViewQuery.encode(row.student.username)
        let formatter = ISO8601DateFormatter()
        events = row.recent.map { event in
            Event(
                time: formatter.string(from: event.time),
                step: ClassPage.label(.init(lesson: event.lesson, step: event.step)),
                kind: event.kind.rawValue, detail: event.detail)
        }
        hasEvents = !events.isEmpty
        self.workspaces = workspaces.map(WorkspaceRow.init)
        hasWorkspaces = !workspaces.isEmpty
    }
}

extension ClassPages {
    func page(_ authority: String, version: FHIRVersion) async -> Response {
        let frame = frame(authority, version: version)
        return await render(
            .ok, ClassPage(grid: await grid(), className: board.name, now: board.now, frame: frame), "class")
    }

    /// What changed since change `count`, for the live page: the rows of the students whose
    /// events changed, the stuck list and the count started, each as the page's own HTML; and the
    /// columns, so a page whose columns differ reads itself whole instead.
    func rows(since count: Int, authority: String, version: FHIRVersion) async -> Response {
        let current = board.changeCount
        let changed = await board.changed(since: count)
        let frame = PageFrame(version: version, authority: authority, changeCount: current, classPage: board.name)
        let page = ClassPage(grid: await grid(), className: board.name, now: board.now, frame: frame)
        let library = await templates.library
        var rows: [JSONValue] = []
        for row in page.rows where changed.contains(row.username) {
            let html = library.render(row, withTemplate: "class-row") ?? ""
            rows.append(.object(JSONObject([("student", .string(row.username)), ("html", .string(html))])))
        }
        return Self.json(
            .object(
                JSONObject([
                    ("changes", .number(String(current))), ("columns", .string(page.columnKey)),
                    ("joined", .string(page.joinedText)), ("rows", .array(rows)),
                    ("stuck", .string(library.render(page, withTemplate: "class-stuck") ?? "")),
                ])))
    }

    func studentPage(_ username: String, authority: String, version: FHIRVersion) async -> Response {
        let frame = frame(authority, version: version)
        guard let row = await grid().rows.first(where: { $0.student.username == username }) else {
            return Self.text(.notFound, "No student '\(username.prefix(60))' in class \(board.name).\n")
        }
        let open = await workspaces?.workspaces(of: username) ?? []
        return await render(.ok, StudentPage(row: row, frame: frame, workspaces: open), "student")
    }

    /// What a class page shows around its content, listening to the class's changes.
    func frame(_ authority: String, version: FHIRVersion) -> PageFrame {
        var frame = PageFrame(
            version: version, authority: authority, changeCount: board.changeCount, classPage: board.name)
        frame.events = "/class/stream"
        return frame
    }

    func render(_ status: HTTPResponse.Status, _ page: Any, _ template: String) async -> Response {
        await WebView.render(status, page, template, from: templates)
    }
}
