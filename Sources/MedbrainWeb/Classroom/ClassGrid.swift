import Foundation

/// The class at a glance, folded from the students' step events: a row per student, a column
/// per step of the lessons started, and the steps where most students are stuck.
struct ClassGrid: Sendable {
    struct Step: Hashable, Sendable, Comparable {
        var lesson: String
        var step: Int
        static func < (left: Step, right: Step) -> Bool { (left.lesson, left.step) < (right.lesson, right.step) }
    }

    /// How one student's step went.
    struct Cell: Sendable, Equatable {
        var started: Date?
        var hints = 0
        var wrong = 0
        var solved = false
        var solution = false
        var solvedAt: Date?
        var tried: [String] = []
        /// Not done, and not going well: a wrong try, a hint, the solution, or two minutes on it.
        func isStuck(at now: Date) -> Bool {
            !solved && (wrong > 0 || hints > 0 || solution || started.map { now.timeIntervalSince($0) >= 120 } ?? false)
        }

        var seconds: Int? {
            guard let started, let solvedAt else { return nil }
            return max(0, Int(solvedAt.timeIntervalSince(started).rounded()))
        }
    }

    struct Row: Sendable {
        var student: ClassRoster.Student
        var cells: [Step: Cell] = [:]
        /// The step of their last event, and when it came.
        var current: Step?
        var lastSeen: Date?
        /// Their last events, newest first: what they tried, the hints they took.
        var recent: [ClassEvent] = []
        /// Every event the server has of them, oldest first.
        var events: [ClassEvent] = []

        /// At a step not yet done, with many wrong tries, every hint, the solution, or a long time.
        func needsHelp(at now: Date) -> Bool {
            guard let current, let cell = cells[current], !cell.solved else { return false }
            let long = cell.started.map { now.timeIntervalSince($0) > 600 } ?? false
            return cell.wrong >= 3 || cell.hints >= 3 || cell.solution || long
        }
    }

    struct Column: Sendable {
        var step: Step
        var title: String
        var isExercise: Bool
    }

    /// A step some are stuck at (``Cell/isStuck(at:)``): who, and their wrong tries there.
    struct Stuck: Sendable {
        var column: Column
        var students: [String]
        var wrong: Int
    }

    var rows: [Row]
    var columns: [Column]
    var stuck: [Stuck]

    init(events: [(student: ClassRoster.Student, events: [ClassEvent])], outlines: [LessonOutline], now: Date) {
        rows = events.map { Self.row($0.student, $0.events) }
        let outline = Dictionary(outlines.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var steps: [String: Int] = [:]
        for row in rows {
            for key in row.cells.keys { steps[key.lesson] = max(steps[key.lesson] ?? 0, key.step) }
        }
        columns = steps.keys.sorted().flatMap { lesson -> [Column] in
            let known = outline[lesson]
            let count = max(known?.steps.count ?? 0, steps[lesson] ?? 0)
            return (1...max(count, 1)).map { step in
                Column(
                    step: Step(lesson: lesson, step: step),
                    title: known.flatMap { step <= $0.steps.count ? $0.steps[step - 1] : nil } ?? "step \(step)",
                    isExercise: known?.exercises.contains(step - 1) ?? true)
            }
        }
        var at: [Step: [String]] = [:]
        var wrong: [Step: Int] = [:]
        for row in rows {
            guard let current = row.current, let cell = row.cells[current], cell.isStuck(at: now) else { continue }
            at[current, default: []].append(row.student.username)
            wrong[current, default: 0] += cell.wrong
        }
        let byStep = Dictionary(columns.map { ($0.step, $0) }, uniquingKeysWith: { first, _ in first })
        stuck = at.compactMap { step, students in
            byStep[step].map { column in
                Stuck(column: column, students: students.sorted(), wrong: wrong[step] ?? 0)
            }
        }.sorted { ($0.students.count, $0.wrong, $1.column.step) > ($1.students.count, $1.wrong, $0.column.step) }
    }

    static func row(_ student: ClassRoster.Student, _ events: [ClassEvent]) -> Row {
        var row = Row(student: student)
        for event in events {
            let key = Step(lesson: event.lesson, step: event.step)
            var cell = row.cells[key] ?? Cell()
            switch event.kind {
            case .started: cell.started = cell.started ?? event.time
            case .hint:
                // `2 of 3`: the hint's number, as the student's REPL says it; bounded, whatever it says.
                let said = Int(event.detail?.prefix { $0.isASCII && $0.isNumber }.prefix(3) ?? "") ?? 0
                cell.hints = min(max(cell.hints + 1, said), ClassEvent.maximumHints)
            case .wrong:
                cell.wrong += 1
                if let detail = event.detail { cell.tried = Array((cell.tried + [detail]).suffix(20)) }
            case .solved, .finished:
                if !cell.solved { cell.solvedAt = event.time }
                cell.solved = true
            case .solution: cell.solution = true
            }
            cell.started = cell.started ?? event.time
            row.cells[key] = cell
            (row.current, row.lastSeen) = (key, event.received)
        }
        row.recent = Array(events.suffix(30).reversed())
        row.events = events
        return row
    }
}
