import Foundation

/// A step event as a student's REPL reports it (`POST /class/events`), read by the server on
/// its own terms: every field checked and bounded, whatever the client was.
public struct ClassEvent: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable { case started, hint, wrong, solved, solution, finished }

    public var sequence: Int
    /// When it happened, by the student's clock.
    public var time: Date
    /// When the server took it.
    public var received: Date
    public var lesson: String
    public var step: Int
    public var kind: Kind
    public var detail: String?

    public static let maximumDetail = 500
    /// More hints than any step has: a number past it is a client's mistake, or an attack.
    public static let maximumHints = 99

    /// The events of a report's body, or why it is refused.
    static func batch(_ body: [UInt8], received: Date) -> Result<[ClassEvent], ClassBoard.Refusal> {
        struct Wire: Decodable {
            struct Event: Decodable {
                var sequence: Int
                var time: String
                var lesson: String
                var step: Int
                var kind: String
                var detail: String?
            }
            var events: [Event]
        }
        guard let wire = try? JSONDecoder().decode(Wire.self, from: Data(body)) else {
            return .failure(
                .badRequest("the body is not {\"events\": [...]} with sequence, time, lesson, step and kind"))
        }
        guard wire.events.count <= 1_000 else { return .failure(.badRequest("at most 1000 events at once")) }
        var events: [ClassEvent] = []
        for event in wire.events {
            guard event.sequence > 0 else { return .failure(.badRequest("a sequence counts from 1")) }
            guard (1...999).contains(event.step) else { return .failure(.badRequest("a step counts from 1 to 999")) }
            guard let kind = Kind(rawValue: event.kind) else {
                return .failure(.badRequest("unknown kind '\(event.kind.prefix(40))'"))
            }
            guard isLessonID(event.lesson) else { return .failure(.badRequest("a lesson id is like 03-login")) }
            let detail = event.detail.map {
                String($0.unicodeScalars.filter { $0.value >= 0x20 }.map(Character.init).prefix(maximumDetail))
            }
            let time = Self.time(event.time) ?? received
            events.append(
                ClassEvent(
                    sequence: event.sequence, time: time, received: received, lesson: event.lesson, step: event.step,
                    kind: kind, detail: detail))
        }
        return .success(events)
    }

    /// An ISO 8601 time, with or without its fraction of a second.
    static func time(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text) ?? ISO8601DateFormatter().date(from: text)
    }

    /// A lesson's file name without `.lesson`: letters, digits and `-`, up to 60.
    static func isLessonID(_ text: String) -> Bool {
        (1...60).contains(text.count)
            && text.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-"
            }
    }
}
