import Foundation

/// Where each lesson is: its step, whether it was finished, how each exercise went, and every
/// step event with its time. Kept in a JSON file written atomically (a crash leaves the old file
/// or the new one, never half of one); lessons removed or renamed since are kept and ignored, so
/// an upgrade loses nothing.
///
/// In memory steps count from 0, as the lesson's array does; in the file, as everywhere a person
/// reads them, from 1 (`"format": 2`). A file from before (no `format`) counted from 0 and is
/// read as it was written.
public struct LessonProgress: Sendable, Equatable, Codable {
    public typealias Entry = LessonEntry

    public var lessons: [String: LessonEntry] = [:]
    /// The lesson started last, which `next` and `hint` talk about.
    public var current: String?
    /// The student's seed (`lesson --seed`): lessons serve their own version of the doses.
    public var seed: String?
    /// Who the file is about, once known (the class's user name): a merge tells files apart by it.
    public var student: String?
    /// Every step event, oldest first (the newest ``maximumEvents``).
    public var events: [StepEvent] = []
    /// The class this progress is reported to, and how far it acknowledged the events.
    public var classroom: ClassroomLink?

    /// The file's numbering: 2 counts steps from 1.
    public static let format = 2
    public static let maximumEvents = 5_000

    public init() {}

    enum CodingKeys: String, CodingKey { case format, lessons, current, seed, student, events, classroom }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        lessons = try container.decodeIfPresent([String: LessonEntry].self, forKey: .lessons) ?? [:]
        current = try container.decodeIfPresent(String.self, forKey: .current)
        seed = try container.decodeIfPresent(String.self, forKey: .seed)
        student = try container.decodeIfPresent(String.self, forKey: .student)
        events = try container.decodeIfPresent([StepEvent].self, forKey: .events) ?? []
        classroom = try container.decodeIfPresent(ClassroomLink.self, forKey: .classroom)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.format, forKey: .format)
        try container.encode(lessons, forKey: .lessons)
        try container.encodeIfPresent(current, forKey: .current)
        try container.encodeIfPresent(seed, forKey: .seed)
        try container.encodeIfPresent(student, forKey: .student)
        try container.encode(events, forKey: .events)
        try container.encodeIfPresent(classroom, forKey: .classroom)
    }

    /// Keeps `event`, numbered after the last one.
    public mutating func record(_ event: StepEvent) {
        var event = event
        // After the last the class server acknowledged too: one it has seen is never numbered again.
        event.sequence = max(events.last?.sequence ?? 0, classroom?.acknowledged ?? 0) + 1
        events.append(event)
        if events.count > Self.maximumEvents { events.removeFirst(events.count - Self.maximumEvents) }
    }

    /// The progress in `data`, read in the numbering its `format` states.
    public static func decode(_ data: Data) throws -> LessonProgress {
        struct Header: Decodable { var format: Int? }
        let header = try JSONDecoder().decode(Header.self, from: data)
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom(EventTime.decode)
        decoder.userInfo[LessonEntry.firstStepKey] = (header.format ?? 1) >= 2 ? 1 : 0
        return try decoder.decode(LessonProgress.self, from: data)
    }

    /// The file's bytes: sorted keys, dates in ISO 8601, steps from 1.
    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom(EventTime.encode)
        return try encoder.encode(self)
    }

    /// The progress in `path`; a missing file is a fresh start, an unreadable one too, with
    /// a warning (the file is kept as `path.unreadable` for a person to look at).
    public static func load(from path: String) -> (LessonProgress, warning: String?) {
        guard let data = FileManager.default.contents(atPath: path) else { return (LessonProgress(), nil) }
        do {
            return (try decode(data), nil)
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
        try encoded().write(to: url, options: .atomic)
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

extension LessonProgress {
    /// Two files of the same student as one (a file handed in twice, from two machines): each
    /// lesson as the file that touched it last has it, and every event of both.
    public func merged(with other: LessonProgress) -> LessonProgress {
        var merged = self
        for (id, entry) in other.lessons {
            guard let mine = merged.lessons[id] else {
                merged.lessons[id] = entry
                continue
            }
            if (entry.updated ?? .distantPast) > (mine.updated ?? .distantPast) { merged.lessons[id] = entry }
        }
        let seen = Set(events.map { "\($0.time.timeIntervalSince1970)|\($0.lesson)|\($0.step)|\($0.kind)" })
        merged.events += other.events.filter {
            !seen.contains("\($0.time.timeIntervalSince1970)|\($0.lesson)|\($0.step)|\($0.kind)")
        }
        merged.events.sort { $0.time < $1.time }
        merged.seed = seed ?? other.seed
        merged.student = student ?? other.student
        return merged
    }
}
