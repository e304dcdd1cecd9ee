import FHIRModel
import Foundation

/// Where the server reads the time for `meta.lastUpdated`: the wall clock, or a fixed
/// instant so that lessons and tests get byte-identical responses.
public protocol ServerClock: Sendable {
    func now() -> Date
}

/// The real time.
public struct SystemClock: ServerClock {
    public init() {}
    public func now() -> Date { Date() }
}

/// Always the same instant (`medbrain serve --now …`).
public struct FixedClock: ServerClock {
    public let instant: Date
    public init(_ instant: Date) { self.instant = instant }
    public func now() -> Date { instant }
}

extension Date {
    /// FHIR `instant` text in UTC, whole seconds: `2016-08-16T10:00:00Z`.
    var fhirInstant: String {
        var style = Date.ISO8601FormatStyle(timeZone: TimeZone(identifier: "UTC")!)
        style = style.year().month().day().time(includingFractionalSeconds: false).timeZone(separator: .omitted)
        return formatted(style).replacingOccurrences(of: "+0000", with: "Z")
    }

    /// Parses the `--now` option: an ISO 8601 date-time, or a date meaning midnight UTC.
    public static func parseInstant(_ text: String) -> Date? {
        guard let value = FHIRDateTime(text), value.precision >= .day else { return nil }
        return Date(timeIntervalSince1970: value.start)
    }
}
