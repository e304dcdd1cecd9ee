import Foundation

/// A lesson of the workbook: the steps of one part of the tutorial, each with what it asks,
/// the checks of the state it must leave, hints and a solution.
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
    /// `%allow get post …`: the only commands the lesson's steps accept (besides the
    /// workbook's own, `help` and `quit`); nil allows every command.
    public var allowedCommands: [String]?
    /// `%withhold instructions`: while the lesson runs, `orders` and `order` do not show the
    /// sentences and `instructions N` refuses, so the student reads each Timing themselves.
    public var withholdsInstructions = false
    /// `%auth smart`: the lesson's built-in server asks every request for a SMART token.
    public var asksForSMART = false
    /// `%load FILE`: data the lesson's built-in server holds beside the tutorial's (a Bundle,
    /// NDJSON or a folder, as `connect builtin --load` takes it), each path as the file writes
    /// it resolved against the lesson's folder.
    public var loads: [String] = []

    /// The commands step `index` accepts: `%allow`'s and those the steps up to it unlock; nil
    /// allows every command.
    public func allowedCommands(at index: Int) -> [String]? {
        allowedCommands.map { $0 + steps.prefix(index + 1).flatMap(\.unlocks) }
    }

    public struct Step: Sendable, Equatable {
        public var title: String
        public var kind = Kind.show
        /// Paragraphs of narrative, each one line of text.
        public var narrative: [String] = []
        /// One way to do it: shown up front in a demonstration, on request in an exercise.
        public var commands: [String] = []
        public var checks: [LessonCheck] = []
        public var hints: [String] = []
        /// Other correct ways (`also>` lines), each of which must complete the step too.
        public var otherRoutes: [[String]] = []
        /// Plausible wrong attempts (`wrong>` lines), none of which may complete the step.
        public var wrongAttempts: [[String]] = []
        /// A common mistake and what to tell the student who makes it.
        public var mistakes: [Mistake] = []
        /// A question's accepted answers (`answer:` lines).
        public var answers: [LessonAnswer] = []
        /// `type: …`: what a question's answer is, so it is read as that value.
        public var answerType = AnswerType.text
        /// `par: N`: the fewest commands that reach the goal, as Learn Git Branching states a
        /// level's; a student who needed more is told so when the step is done.
        public var par: Int?
        /// `unlocks: NAME …`: commands a lesson with `%allow` accepts from this step on, such as
        /// the shortcut that confirms what the steps before worked out by hand.
        public var unlocks: [String] = []

        public init(title: String, kind: Kind = .show) {
            self.title = title
            self.kind = kind
        }

        /// Whether the student is asked to find the way (a `try` or a `question`).
        public var isExercise: Bool { kind != .show }
    }

    /// What a step asks of the student.
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        /// A demonstration: what to type is shown.
        case show
        /// An exercise: the goal is stated; hints on request, the solution as a last resort.
        case `try`
        /// A question about the data, answered with `answer VALUE`.
        case question
    }

    /// `mistake: PATTERN -> what to say`: when a command that does not complete the step
    /// matches PATTERN (`*` for any words), the student is told what is wrong with it.
    public struct Mistake: Sendable, Equatable {
        public var pattern: String
        public var feedback: String
        /// `mistake: answer fhirpath GET PATH EXPRESSION -> …`: an answer that is a value of the
        /// student's own data (another month's count, another order's), read as the question's
        /// type; nil for a pattern of words.
        public var computed: LessonAnswer?

        public init(pattern: String, feedback: String, computed: LessonAnswer? = nil) {
            (self.pattern, self.feedback, self.computed) = (pattern, feedback, computed)
        }

        /// Whether the command line matches: `*` stands for anything, the rest is compared
        /// without case.
        public func matches(_ line: String) -> Bool {
            guard computed == nil else { return false }
            let parts = pattern.lowercased().split(separator: "*", omittingEmptySubsequences: false).map(String.init)
            var rest = Substring(line.lowercased())
            for (index, part) in parts.enumerated() {
                if index == 0 {
                    guard rest.hasPrefix(part) else { return false }
                    rest = rest.dropFirst(part.count)
                } else if index == parts.count - 1 {
                    return part.isEmpty || rest.hasSuffix(part)
                } else if let found = rest.range(of: part) {
                    rest = rest[found.upperBound...]
                } else {
                    return false
                }
            }
            return rest.isEmpty
        }
    }

    /// The number before the first `-` of its id (`03-login` is 3), for `lesson 3`.
    public var number: Int? { Int(id.prefix { $0.isNumber }) }

    /// The steps that ask the student to find the way.
    public var exercises: Int { steps.filter(\.isExercise).count }
}
