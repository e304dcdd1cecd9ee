import FHIRModel

/// The name of an order's medication, by the tutorial's rule and one step further.
///
/// The tutorial shows the coded display, else the reference's display. A reference
/// without a display says nothing to a student, so when the referenced Medication is at
/// hand (a search with `_include`, a Bundle) its code names it.
public enum MedicationName {
    /// The name, or nil when nothing names the medication; `medications` are keyed `Medication/id`.
    public static func of(_ medication: MedicationChoice?, medications: [String: Medication] = [:]) -> String? {
        switch medication {
        case .codeableConcept(let concept):
            return concept.displayText
        case .reference(let reference):
            if let display = reference.display { return display }
            guard let target = reference.reference else { return nil }
            return medications[lastTwoSegments(target)]?.code?.displayText
        case nil:
            return nil
        }
    }

    /// The name, or the language's words for a medication without one.
    public static func of(
        _ medication: MedicationChoice?, medications: [String: Medication] = [:], in language: Language
    ) -> String {
        of(medication, medications: medications) ?? language.message("unnamedMedication")
    }

    /// `Medication/med-1` from an absolute `http://host/fhir/Medication/med-1`.
    static func lastTwoSegments(_ reference: String) -> String {
        reference.split(separator: "/").suffix(2).joined(separator: "/")
    }
}
