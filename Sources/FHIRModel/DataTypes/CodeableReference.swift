/// R5's CodeableReference: a concept, a reference to a resource, or both. R5 names an order's
/// and an administration's medication with one, where DSTU2 and R4 had `medication[x]`.
public struct CodeableReference: FHIRElement {
    public var concept: CodeableConcept?
    public var reference: Reference?
    public var extra = JSONObject()

    public init(concept: CodeableConcept? = nil, reference: Reference? = nil) {
        self.concept = concept
        self.reference = reference
    }

    /// `medication[x]` as R5 writes it.
    public init(_ medication: MedicationChoice) {
        switch medication {
        case .codeableConcept(let concept): self.init(concept: concept)
        case .reference(let reference): self.init(reference: reference)
        }
    }

    public init(reading reader: inout ElementReader) throws(FHIRDecodingError) {
        concept = try reader.element("concept")
        reference = try reader.element("reference")
        extra = reader.remainder()
    }

    public func write(to writer: inout ElementWriter) {
        writer.set("concept", concept)
        writer.set("reference", reference)
        writer.merge(extra)
    }

    /// The medication as DSTU2 and R4 name it: the reference when there is one (it names a
    /// resource the app can read), else the concept.
    public var medicationChoice: MedicationChoice? {
        if let reference { return .reference(reference) }
        return concept.map(MedicationChoice.codeableConcept)
    }
}
