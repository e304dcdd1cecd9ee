import Foundation

/// Progress as data: what `progress --format json` prints and `medbrain progress FILE…` merges,
/// one student's lessons with each exercise, steps counted from 1. Lessons the workbook no longer
/// has are reported by their id alone, so a file handed in is never cut short.
public struct ProgressReport: Sendable, Equatable, Codable {
    public struct Exercise: Sendable, Equatable, Codable {
        public var step: Int
        public var title: String?
        public var solved: Bool
        public var solutionShown: Bool
        public var hints: Int
        public var wrongAttempts: Int
        public var commands: Int
        public var par: Int?
        /// Seconds from first shown to solved.
        public var seconds: Int?
        public var tried: [String]
    }

    public struct LessonReport: Sendable, Equatable, Codable {
        public var id: String
        public var number: Int?
        public var title: String?
        public var steps: Int?
        /// The step the student is at, from 1.
        public var step: Int
        public var finished: Bool
        public var started: Date?
        public var updated: Date?
        public var exercises: [Exercise]
    }

    public var student: String?
    public var seed: String?
    public var classroom: String?
    public var lessons: [LessonReport]
    public var events: Int

    /// The report of `progress`, with titles and pars from `workbook`'s lessons where it has them.
    public init(_ progress: LessonProgress, workbook: Workbook?) {
        student = progress.student ?? progress.classroom?.student
        seed = progress.seed
        classroom = progress.classroom?.name
        events = progress.events.count
        let known = Dictionary((workbook?.lessons ?? []).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        lessons = progress.lessons.keys.sorted().map { id in
            let entry = progress.lessons[id] ?? LessonEntry()
            let lesson = known[id]
            let indices = lesson.map { $0.steps.indices.filter { lesson?.steps[$0].isExercise ?? false } }
            let exercises = (indices ?? entry.exercises.keys.sorted()).map { index in
                let record = entry[exercise: index]
                // A file from before exercise records says it in the lesson's lists only.
                return Exercise(
                    step: index + 1, title: lesson?.steps[index].title,
                    solved: record.solved || entry.solvedAlone.contains(index),
                    solutionShown: record.solutionShown || entry.solutionShown.contains(index), hints: record.hints,
                    wrongAttempts: record.wrongAttempts,
                    commands: record.commands, par: lesson?.steps[index].par, seconds: record.seconds,
                    tried: record.tried)
            }
            return LessonReport(
                id: id, number: lesson?.number ?? Int(id.prefix { $0.isNumber }), title: lesson?.title,
                steps: lesson?.steps.count, step: entry.step + 1, finished: entry.finished, started: entry.started,
                updated: entry.updated, exercises: exercises)
        }
    }

    /// Pretty JSON with sorted keys and ISO 8601 times.
    public static func json(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom(EventTime.encode)
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}
