/// `dose[x]`: a fixed amount or a range ("1 to 2 tablets").
public enum QuantityOrRange: ChoiceElement {
    case quantity(Quantity)
    case range(Range)

    public static let suffixes = ["Quantity", "Range"]

    public static func read(_ member: ChoiceMember, from reader: inout ElementReader)
        throws(FHIRDecodingError) -> QuantityOrRange
    {
        if member.suffix == "Range" {
            return .range(try reader.element(member)!)
        }
        return .quantity(try reader.element(member)!)
    }

    public var suffix: String {
        switch self {
        case .quantity: "Quantity"
        case .range: "Range"
        }
    }

    public func write(_ prefix: String, to writer: inout ElementWriter) {
        switch self {
        case .quantity(let quantity): writer.set(prefix + suffix, quantity)
        case .range(let range): writer.set(prefix + suffix, range)
        }
    }
}
