import FHIRServer
import Foundation
import SMART
import Synchronization

/// The class as the instructor sees it: the roster, each student's step events, the keys that
/// let a student report and the instructor read. Every class route asks here who a request is;
/// a student's key names only them, so what they send is theirs and what they read is theirs.
public actor ClassBoard {
    public nonisolated let name: String
    public nonisolated let roster: ClassRoster
    /// The lessons' titles and steps, to name the grid's columns.
    public nonisolated let outlines: [LessonOutline]
    /// The instructor's key: the class page, its stream and its exports.
    nonisolated let instructorKey: String
    private let clock: @Sendable () -> Date

    /// Each student's events, oldest first, and the last sequence taken.
    private var events: [String: [ClassEvent]] = [:]
    private var acknowledged: [String: Int] = [:]
    /// Student keys, each naming its student (a student who joins again gets another).
    private var keys: [String: String] = [:]
    /// Counts every change, for the live page; read without waiting on the actor.
    nonisolated let changes = Atomic<Int>(0)
    /// How many changes so far.
    public nonisolated var changeCount: Int { changes.load(ordering: .relaxed) }
    /// The change count at each student's last change: the live page reads only their rows again.
    private var changedAt: [String: Int] = [:]

    public static let maximumEvents = 20_000
    /// The keys a student may hold at once (a REPL on each of their machines); joining again
    /// past it ends the oldest.
    public static let maximumKeys = 5
    /// Without the workbook's outlines: the lessons a student may report on, and their steps.
    public static let maximumLessons = 100
    public static let maximumSteps = 200
    /// Each student's keys, oldest first.
    private var keysOf: [String: [String]] = [:]

    public enum Refusal: Error, Equatable {
        case unauthorized(String), forbidden(String), badRequest(String), notFound(String)
    }

    public init(
        name: String, roster: ClassRoster, outlines: [LessonOutline] = [], instructorKey: String? = nil,
        clock: @escaping @Sendable () -> Date = Date.init
    ) {
        self.name = name
        self.roster = roster
        self.outlines = outlines
        self.instructorKey = instructorKey ?? Base64URL.random(bytes: 16)
        self.clock = clock
    }

    /// Whether `key` is the instructor's, compared in time that does not depend on where it differs.
    nonisolated func isInstructor(_ key: String?) -> Bool {
        guard let key else { return false }
        let (left, right) = (Array(key.utf8), Array(instructorKey.utf8))
        guard left.count == right.count else { return false }
        return zip(left, right).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// A student signed in with SMART joins: a key for their reports, their seed, and how far the
    /// server has their events. Only a roster student's own login joins.
    public func join(approver: String?) -> Result<
        (student: ClassRoster.Student, key: String, acknowledged: Int), Refusal
    > {
        guard let approver, let student = roster.student(approver) else {
            return .failure(.forbidden("only a student of the class's roster joins it, signed in as themselves"))
        }
        let key = Base64URL.random(bytes: 16)
        keys[key] = student.username
        keysOf[student.username, default: []].append(key)
        while let held = keysOf[student.username], held.count > Self.maximumKeys {
            keys[held[0]] = nil
            keysOf[student.username]?.removeFirst()
        }
        return .success((student, key, acknowledged[student.username] ?? 0))
    }

    /// The student a key names, or nil.
    func student(forKey key: String?) -> String? { key.flatMap { keys[$0] } }

    /// Takes a report's events for `student`: each once, in order. The last sequence taken.
    /// An event of a lesson the class does not have, or of a step past its last, is acknowledged
    /// but not kept: the grid has no column for it, and a student cannot make the grid grow.
    func report(_ batch: [ClassEvent], from student: String) -> Int {
        var last = acknowledged[student] ?? 0
        var kept = events[student, default: []]
        var lessons = Set(kept.map(\.lesson))
        for event in batch where event.sequence > last {
            last = event.sequence
            if let outline = outline(event.lesson) {
                guard event.step <= outline.steps.count else { continue }
            } else {
                guard outlines.isEmpty, event.step <= Self.maximumSteps,
                    lessons.contains(event.lesson) || lessons.count < Self.maximumLessons
                else { continue }
            }
            lessons.insert(event.lesson)
            kept.append(event)
        }
        if kept.count > Self.maximumEvents { kept.removeFirst(kept.count - Self.maximumEvents) }
        if last != acknowledged[student] ?? 0 { changedAt[student] = changes.add(1, ordering: .relaxed).newValue }
        (events[student], acknowledged[student]) = (kept, last)
        return last
    }

    private func outline(_ lesson: String) -> LessonOutline? { outlines.first { $0.id == lesson } }

    /// The students whose events changed after change `count`.
    func changed(since count: Int) -> Set<String> {
        Set(changedAt.filter { $0.value > count }.keys)
    }

    /// One student's events, oldest first.
    func events(of student: String) -> [ClassEvent] { events[student] ?? [] }

    /// Every student's events, in roster order.
    func allEvents() -> [(student: ClassRoster.Student, events: [ClassEvent])] {
        roster.students.map { ($0, events[$0.username] ?? []) }
    }

    nonisolated var now: Date { clock() }
}

/// A lesson's id, number, title and step titles: what the grid names its columns by.
public struct LessonOutline: Sendable, Equatable {
    public var id: String
    public var number: Int?
    public var title: String
    public var steps: [String]
    /// Which steps are exercises (a question or a try).
    public var exercises: Set<Int>

    public init(id: String, number: Int?, title: String, steps: [String], exercises: Set<Int>) {
        (self.id, self.number, self.title, self.steps, self.exercises) = (id, number, title, steps, exercises)
    }
}
