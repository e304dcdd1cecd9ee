/// `medication[x]`: a coded medication or a reference to a Medication resource.
public enum MedicationChoice: ChoiceElement {
    case codeableConcept(CodeableConcept)
    case reference(Reference)

    public static let suffixes = ["CodeableConcept", "Reference"]

    public static func read(_ member: ChoiceMember, from reader: inout ElementReader)
        throws(FHIRDecodingError) -> MedicationChoice
    {
        if member.suffix == "Reference" {
            return .reference(try reader.element(member)!)
        }
        return .codeableConcept(try reader.element(member)!)
    }

    public var suffix: String {
        switch self {
        case .codeableConcept: "CodeableConcept"
        case .reference: "Reference"
        }
    }

    public func write(_ prefix: String, to writer: inout ElementWriter) {
        switch self {
        case .codeableConcept(let concept): writer.set(prefix + suffix, concept)
        case .reference(let reference): writer.set(prefix + suffix, reference)
        }
    }

    /// The tutorial's name rule: the coded display, else the reference's display.
    public var displayName: String? {
        switch self {
        case .codeableConcept(let concept): concept.displayText
        case .reference(let reference): reference.display
        }
    }
}
