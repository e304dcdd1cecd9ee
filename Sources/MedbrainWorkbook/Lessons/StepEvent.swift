import Foundation

/// Something that happened on a lesson's step, with its time: what the class server is told,
/// and what the progress file keeps, so an instructor sees who is stuck where and on what.
public struct StepEvent: Sendable, Equatable, Codable {
    public enum Kind: String, Sendable, Codable, CaseIterable {
        /// The step was shown.
        case started
        /// A hint was shown (`detail`: which, `2 of 3`).
        case hint
        /// A wrong answer, a failed command in a `try`, or a mistake the step names (`detail`: the line).
        case wrong
        /// The step was done.
        case solved
        /// The step's solution was shown.
        case solution
        /// The lesson's last step was done.
        case finished
    }

    /// Numbered in the order they happened, per student, from 1: a class server that has
    /// acknowledged up to N is sent the rest, and takes each once.
    public var sequence = 0
    public var time: Date
    /// The lesson's id (`03-login`).
    public var lesson: String
    /// The step, from 1.
    public var step: Int
    public var kind: Kind
    public var detail: String?

    public init(time: Date, lesson: String, step: Int, kind: Kind, detail: String? = nil) {
        (self.time, self.lesson, self.step, self.kind, self.detail) = (time, lesson, step, kind, detail)
    }
}

/// The class a student's progress is reported to: its server, the student's name there, and the
/// last event it acknowledged. No key: the key lives in the session only, and a new session
/// joins again with its login.
public struct ClassroomLink: Sendable, Equatable, Codable {
    /// The class server's origin (`http://10.0.0.5:8080`).
    public var origin: String
    public var name: String
    public var student: String
    public var acknowledged: Int

    public init(origin: String, name: String, student: String, acknowledged: Int = 0) {
        (self.origin, self.name, self.student, self.acknowledged) = (origin, name, student, acknowledged)
    }
}

/// Times in the progress file and in reports: ISO 8601 in UTC to the millisecond, so a class's
/// live view can be measured; a file of whole seconds reads too.
enum EventTime {
    static func formatter(fraction: Bool) -> ISO8601DateFormatter {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = fraction ? [.withInternetDateTime, .withFractionalSeconds] : [.withInternetDateTime]
        return formatter
    }

    static func encode(_ date: Date, _ encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(formatter(fraction: true).string(from: date))
    }

    static func decode(_ decoder: any Decoder) throws -> Date {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let date = formatter(fraction: true).date(from: text) ?? formatter(fraction: false).date(from: text)
        else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "not an ISO 8601 time: \(text)"))
        }
        return date
    }
}
