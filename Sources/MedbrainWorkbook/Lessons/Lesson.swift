/// A lesson of the workbook: the steps of one part of the tutorial, each with what to type,
/// a check of the state it must leave, hints and its solution.
///
/// Lessons are text files in `lessons/` (see `lessons/README.md`), so an instructor can
/// change the wording or add a step without recompiling.
public struct Lesson: Sendable, Equatable {
    /// The file's name without `.lesson`, such as `03-login`: the key of its progress.
    public var id: String
    public var title: String
    /// The tutorial sections it follows, such as `§11.4–11.6`.
    public var sections: String
    /// The session it runs on: a fresh built-in server, a fixed clock, a time zone.
    public var header: Transcript.Header
    public var steps: [Step]

    public struct Step: Sendable, Equatable {
        public var title: String
        /// Paragraphs of narrative, each one line of text.
        public var narrative: [String]
        /// What to type; together the step's solution.
        public var commands: [String]
        public var checks: [LessonCheck]
        public var hints: [String]
    }

    /// The number before the first `-` of its id (`03-login` is 3), for `lesson 3`.
    public var number: Int? { Int(id.prefix { $0.isNumber }) }
}
