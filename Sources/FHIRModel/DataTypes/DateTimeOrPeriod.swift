/// `effective[x]` and its kin: a point in time or a period.
public enum DateTimeOrPeriod: ChoiceElement {
    case dateTime(String)
    case period(Period)

    public static let suffixes = ["DateTime", "Period"]

    public static func read(_ member: ChoiceMember, from reader: inout ElementReader)
        throws(FHIRDecodingError) -> DateTimeOrPeriod
    {
        if member.suffix == "Period" {
            return .period(try reader.element(member)!)
        }
        return .dateTime(try reader.dateTime(member)!)
    }

    public var suffix: String {
        switch self {
        case .dateTime: "DateTime"
        case .period: "Period"
        }
    }

    public func write(_ prefix: String, to writer: inout ElementWriter) {
        switch self {
        case .dateTime(let text): writer.set(prefix + suffix, text)
        case .period(let period): writer.set(prefix + suffix, period)
        }
    }

    /// When it happened: the date-time, or the start of the period.
    public var startText: String? {
        switch self {
        case .dateTime(let text): text
        case .period(let period): period.start
        }
    }
}
