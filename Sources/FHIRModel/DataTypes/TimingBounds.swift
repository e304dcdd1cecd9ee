/// `Timing.repeat.bounds[x]`: how long a schedule lasts, as a duration, a range or a period.
///
/// DSTU2 calls the duration form `boundsQuantity`, R4 `boundsDuration`; the reader and
/// writer take the name of the version at hand.
public enum TimingBounds: Sendable, Equatable {
    case duration(Duration)
    case range(Range)
    case period(Period)

    static func read(from reader: inout ElementReader, durationSuffix: String) throws(FHIRDecodingError)
        -> TimingBounds?
    {
        switch try reader.choice("bounds", [durationSuffix, "Range", "Period"]) {
        case "Range": .range(try reader.element("boundsRange")!)
        case "Period": .period(try reader.element("boundsPeriod")!)
        case .some: .duration(try reader.element("bounds" + durationSuffix)!)
        case nil: nil
        }
    }

    func write(to writer: inout ElementWriter, durationSuffix: String) {
        switch self {
        case .duration(let duration): writer.set("bounds" + durationSuffix, duration)
        case .range(let range): writer.set("boundsRange", range)
        case .period(let period): writer.set("boundsPeriod", period)
        }
    }
}
