/// `asNeeded[x]`: a plain yes/no, or the condition under which a dose may be taken.
public enum BooleanOrConcept: ChoiceElement {
    case boolean(Bool)
    case codeableConcept(CodeableConcept)

    public static let suffixes = ["Boolean", "CodeableConcept"]

    public static func read(_ member: ChoiceMember, from reader: inout ElementReader)
        throws(FHIRDecodingError) -> BooleanOrConcept
    {
        if member.suffix == "Boolean" {
            return .boolean(try reader.bool(member)!)
        }
        return .codeableConcept(try reader.element(member)!)
    }

    public var suffix: String {
        switch self {
        case .boolean: "Boolean"
        case .codeableConcept: "CodeableConcept"
        }
    }

    public func write(_ prefix: String, to writer: inout ElementWriter) {
        switch self {
        case .boolean(let flag): writer.set(prefix + suffix, flag)
        case .codeableConcept(let concept): writer.set(prefix + suffix, concept)
        }
    }
}
