import Foundation

/// One lesson's progress: the step to show, whether it was finished, and how each exercise went.
/// Steps count from 0 here and from 1 in the file (``LessonProgress``).
public struct LessonEntry: Sendable, Equatable, Codable {
    /// The step to show, from 0.
    public var step = 0
    public var finished = false
    /// The steps whose solution was shown (from 0).
    public var solutionShown: Set<Int> = []
    /// The exercises completed before their solution was shown (from 0).
    public var solvedAlone: Set<Int> = []
    /// How each exercise went, by its step (from 0).
    public var exercises: [Int: ExerciseRecord] = [:]
    /// When the lesson was first started, and when anything in it last happened.
    public var started: Date?
    public var updated: Date?

    public init(step: Int = 0, finished: Bool = false, solutionShown: Set<Int> = [], solvedAlone: Set<Int> = []) {
        (self.step, self.finished, self.solutionShown, self.solvedAlone) = (step, finished, solutionShown, solvedAlone)
    }

    /// The record of the exercise at `step`, to read or change.
    public subscript(exercise step: Int) -> ExerciseRecord {
        get { exercises[step] ?? ExerciseRecord() }
        set { exercises[step] = newValue }
    }

    /// Where the file's step numbers start: 1, or 0 in a file from before `format` 2.
    static let firstStepKey = CodingUserInfoKey(rawValue: "medbrain.firstStep")!

    enum CodingKeys: String, CodingKey { case step, finished, solutionShown, solvedAlone, exercises, started, updated }

    /// Files written before exercises existed have only `step` and `finished`.
    public init(from decoder: any Decoder) throws {
        let first = decoder.userInfo[Self.firstStepKey] as? Int ?? 1
        let container = try decoder.container(keyedBy: CodingKeys.self)
        step = max(0, (try container.decodeIfPresent(Int.self, forKey: .step) ?? first) - first)
        finished = try container.decodeIfPresent(Bool.self, forKey: .finished) ?? false
        let shown = try container.decodeIfPresent([Int].self, forKey: .solutionShown) ?? []
        solutionShown = Set(shown.map { $0 - first }.filter { $0 >= 0 })
        let alone = try container.decodeIfPresent([Int].self, forKey: .solvedAlone) ?? []
        solvedAlone = Set(alone.map { $0 - first }.filter { $0 >= 0 })
        let records = try container.decodeIfPresent([String: ExerciseRecord].self, forKey: .exercises) ?? [:]
        for (key, record) in records {
            guard let number = Int(key), number - first >= 0 else { continue }
            exercises[number - first] = record
        }
        started = try container.decodeIfPresent(Date.self, forKey: .started)
        updated = try container.decodeIfPresent(Date.self, forKey: .updated)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(step + 1, forKey: .step)
        try container.encode(finished, forKey: .finished)
        try container.encode(solutionShown.map { $0 + 1 }.sorted(), forKey: .solutionShown)
        try container.encode(solvedAlone.map { $0 + 1 }.sorted(), forKey: .solvedAlone)
        let records = Dictionary(uniqueKeysWithValues: exercises.map { (String($0.key + 1), $0.value) })
        try container.encode(records, forKey: .exercises)
        try container.encodeIfPresent(started, forKey: .started)
        try container.encodeIfPresent(updated, forKey: .updated)
    }
}
