import Foundation

/// Where each lesson is: its step and whether it was finished. Kept in a JSON file written
/// atomically (a crash leaves the old file or the new one, never half of one); lessons
/// removed or renamed since are kept and ignored, so an upgrade loses nothing.
public struct LessonProgress: Sendable, Equatable, Codable {
    public struct Entry: Sendable, Equatable, Codable {
        /// The step to show, from 0.
        public var step = 0
        public var finished = false
        /// The steps whose solution was shown (from 0).
        public var solutionShown: Set<Int> = []
        /// The exercises completed before their solution was shown (from 0).
        public var solvedAlone: Set<Int> = []
        /// How each exercise went, by its step (from 0, as text: JSON keys are strings).
        public var exercises: [String: ExerciseRecord] = [:]

        public init(step: Int = 0, finished: Bool = false, solutionShown: Set<Int> = [], solvedAlone: Set<Int> = []) {
            (self.step, self.finished, self.solutionShown, self.solvedAlone) = (
                step, finished, solutionShown, solvedAlone
            )
        }

        /// Files written before exercises existed have only `step` and `finished`.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            step = try container.decodeIfPresent(Int.self, forKey: .step) ?? 0
            finished = try container.decodeIfPresent(Bool.self, forKey: .finished) ?? false
            solutionShown = try container.decodeIfPresent(Set<Int>.self, forKey: .solutionShown) ?? []
            solvedAlone = try container.decodeIfPresent(Set<Int>.self, forKey: .solvedAlone) ?? []
            exercises = try container.decodeIfPresent([String: ExerciseRecord].self, forKey: .exercises) ?? [:]
        }

        /// The record of the exercise at `step`, to read or change.
        public subscript(exercise step: Int) -> ExerciseRecord {
            get { exercises[String(step)] ?? ExerciseRecord() }
            set { exercises[String(step)] = newValue }
        }
    }

    public var lessons: [String: Entry] = [:]
    /// The lesson started last, which `next` and `hint` talk about.
    public var current: String?
    /// The student's seed word (`lesson --seed`): lessons serve their own version of the doses.
    public var seed: String?

    public init() {}

    /// The progress in `path`; a missing file is a fresh start, an unreadable one too, with
    /// a warning (the file is kept as `path.unreadable` for a person to look at).
    public static func load(from path: String) -> (LessonProgress, warning: String?) {
        guard let data = FileManager.default.contents(atPath: path) else { return (LessonProgress(), nil) }
        do {
            return (try JSONDecoder().decode(LessonProgress.self, from: data), nil)
        } catch {
            try? FileManager.default.removeItem(atPath: path + ".unreadable")
            try? FileManager.default.moveItem(atPath: path, toPath: path + ".unreadable")
            return (LessonProgress(), "progress file \(path) was unreadable; starting afresh (kept as .unreadable)")
        }
    }

    /// Writes to a file beside `path` and renames it over `path`.
    public func save(to path: String) throws {
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(self).write(to: url, options: .atomic)
    }

    /// `$MEDBRAIN_PROGRESS`, else `$XDG_STATE_HOME/medbrain/progress.json`, else
    /// `~/.local/state/medbrain/progress.json`.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let path = environment["MEDBRAIN_PROGRESS"], !path.isEmpty { return path }
        if let state = environment["XDG_STATE_HOME"], !state.isEmpty { return state + "/medbrain/progress.json" }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.local/state/medbrain/progress.json"
    }
}
