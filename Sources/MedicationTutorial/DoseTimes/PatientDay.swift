/// The patient's own day: when they wake, eat and sleep, and the hours their daily doses are
/// spread across when an order names no times (docs/dose-times.md).
///
/// Times are minutes after midnight on the patient's clock.
public struct PatientDay: Sendable, Equatable {
    public var wake = 7 * 60
    public var breakfast = 8 * 60
    public var lunch = 12 * 60
    public var dinner = 18 * 60
    public var sleep = 22 * 60
    /// The first and last of several daily doses that name no time.
    public var dayStart = 8 * 60
    public var dayEnd = 20 * 60

    public init() {}

    /// The names `set` and `medbrain doses` use, in the order they are shown.
    public static let settingNames = ["wake", "breakfast", "lunch", "dinner", "sleep", "day"]

    /// Changes one of ``settingNames`` from text such as `07:30`, or `08:00-20:00` for `day`.
    public mutating func set(_ name: String, to text: String) throws(DoseTimeError) {
        if name == "day" {
            let parts = text.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 2, let first = Self.minutes(parts[0]), let last = Self.minutes(parts[1]),
                first < last
            else {
                throw DoseTimeError("'\(text)' is not a span of the day such as 08:00-20:00, its end after its start")
            }
            (dayStart, dayEnd) = (first, last)
            return
        }
        guard let minutes = Self.minutes(text) else {
            throw DoseTimeError("'\(text)' is not a time of day such as 07:30")
        }
        switch name {
        case "wake": wake = minutes
        case "breakfast": breakfast = minutes
        case "lunch": lunch = minutes
        case "dinner": dinner = minutes
        case "sleep": sleep = minutes
        default:
            throw DoseTimeError(
                "'\(name)' is not a part of the day; say one of \(Self.settingNames.joined(separator: ", "))")
        }
    }

    /// The setting's value as `set` shows it.
    public func text(of name: String) -> String {
        switch name {
        case "wake": Self.clock(wake)
        case "breakfast": Self.clock(breakfast)
        case "lunch": Self.clock(lunch)
        case "dinner": Self.clock(dinner)
        case "sleep": Self.clock(sleep)
        default: Self.clock(dayStart) + "-" + Self.clock(dayEnd)
        }
    }

    /// `HH:MM` (00:00–23:59) as minutes after midnight.
    static func minutes(_ text: String) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCII) }),
            let hour = Int(parts[0]), let minute = Int(parts[1]), (0..<24).contains(hour), (0..<60).contains(minute)
        else { return nil }
        return hour * 60 + minute
    }

    static func clock(_ minutes: Int) -> String {
        let hour = minutes / 60, minute = minutes % 60
        return (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
    }
}

/// Why a Timing gives no dose times, in words for the user.
public struct DoseTimeError: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) { self.description = description }
}
