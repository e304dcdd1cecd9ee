import FHIRModel
import Testing

@testable import FHIRPath

/// The lookups an evaluation remembers answer as the model does, before and after the
/// oldest are forgotten.
@Suite("ElementLookups")
struct ElementLookupsTests {
    @Test func theyAnswerAsTheModelDoes() {
        let model = FHIRVersion.r4.typeModel
        let lookups = ElementLookups()
        let questions = [
            ("MedicationAdministration", "status"), ("MedicationAdministration", "effective"),
            ("MedicationAdministration", "id"), ("MedicationAdministration", "nothing"), ("Bundle.entry", "resource"),
            ("Patient", "name"), ("HumanName", "given"), ("Patient", "extension"), ("Observation", "value"),
        ]
        // Three rounds over more questions than are kept, so later rounds ask forgotten ones again.
        let many =
            questions
            + [
                "birthDate", "gender", "telecom", "address", "contact", "link", "photo", "active",
                "communication", "deceased", "multipleBirth", "maritalStatus",
            ].map { ("Patient", $0) }
        for _ in 0..<3 {
            for (type, name) in many {
                let remembered = lookups.element(name, of: type, in: model)
                let answered = model.element(name, of: type)
                #expect(remembered?.types == answered?.types, "\(type).\(name)")
                #expect(remembered?.isChoice == answered?.isChoice, "\(type).\(name)")
            }
        }
        #expect(lookups.element("status", of: "MedicationAdministration", in: model)?.types == ["code"])
        #expect(lookups.element("nothing", of: "MedicationAdministration", in: model) == nil)
    }
}
