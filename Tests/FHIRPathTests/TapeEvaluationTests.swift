import FHIRModel
import Testing

@testable import FHIRPath

/// An expression evaluated on a tape (as `medbrain fhirpath` reads a file) answers what it
/// answers on a tree, and reads the tape where it lies instead of making a tree of it.
@Suite("FHIRPath on a tape")
struct TapeEvaluationTests {
    /// A Bundle with what FHIR's JSON splits and joins: primitives with `_name` siblings (also
    /// in arrays, aligned by `null`), choice elements, contained resources and references.
    static let bundle = """
        {"resourceType": "Bundle", "type": "collection", "entry": [
          {"fullUrl": "http://example.org/fhir/Patient/p1", "resource": {"resourceType": "Patient", "id": "p1",
            "name": [{"given": ["Ann", null, "Lee"], "_given": [null, {"extension": [{"url": "u", "valueCode": "x"}]},
              {"id": "g3"}], "family": "Ng"}],
            "birthDate": "1974-12-25", "_birthDate": {"extension": [{"url": "http://e/t", "valueTime": "14:35:45"}]},
            "active": true, "multipleBirthInteger": 2}},
          {"resource": {"resourceType": "Observation", "id": "o1", "status": "final",
            "contained": [{"resourceType": "Practitioner", "id": "d1", "name": [{"family": "Zorro"}]}],
            "performer": [{"reference": "#d1"}], "subject": {"reference": "Patient/p1"},
            "code": {"coding": [{"system": "http://loinc.org", "code": "29463-7"}], "text": "Weight \\u00e9"},
            "valueQuantity": {"value": 71.50, "unit": "kg", "system": "http://unitsofmeasure.org", "code": "kg"},
            "effectivePeriod": {"start": "2016-01-10T08:00:00+02:00"}}},
          {"resource": {"resourceType": "MedicationAdministration", "id": "a1", "status": "not-done",
            "effectiveDateTime": "2016-01-10T08:00:00+02:00", "dosage": {"dose": {"value": 1, "unit": "tablet"}}}}
        ]}
        """

    @Test(arguments: [
        "entry.resource.ofType(MedicationAdministration).where(status = 'not-done').id",
        "entry.resource.ofType(Patient).name.given",
        "entry.resource.name.given.extension.value", "entry.resource.name.given.id",
        "entry.resource.ofType(Patient).birthDate.extension('http://e/t').value",
        "entry.resource.ofType(Patient).birthDate + 1 day", "entry.resource.multipleBirth",
        "entry.resource.value", "entry.resource.value.ofType(Quantity) > 70 'kg'", "entry.resource.effective",
        "entry.resource.effective.ofType(dateTime)", "entry.resource.contained.name.family",
        "entry.resource.subject.resolve().id", "entry.resource.code.text", "entry.resource.children().count()",
        "descendants().count()", "entry.resource.dosage.dose.value", "entry[1].resource = %resource.entry[1].resource",
        "entry.resource.name.given.hasValue()", "entry.resource.select(id).distinct()", "entry.fullUrl",
        "entry.resource.name.given.first()", "entry.resource.active.not()", "(entry.resource.id | entry.resource.id)",
        "entry.resource.ofType(Observation).value.value", "entry.resource.code.coding.code.substring(0, 5)",
    ])
    func answersAsOnATree(expression: String) throws {
        let parsed = try FHIRPathExpression(expression)
        let tree = try parsed.evaluate(on: try JSONParser.parse(Self.bundle))
        let tape = try parsed.evaluate(on: try JSONTape(parsing: Array(Self.bundle.utf8)).root)
        #expect(tape.textLines == tree.textLines)
        #expect(tape.jsonArray == tree.jsonArray)
        #expect(!tree.isEmpty, "an expression that finds nothing proves little")
    }

    @Test func readsTheTapeWhereItLies() throws {
        let tape = try JSONTape(parsing: Array(Self.bundle.utf8))
        let found = try FHIRPathExpression("entry.resource.status").evaluate(on: tape.root)
        #expect(found.count == 2)
        for item in found {
            guard case .element(let element) = item, case .tape = element.node else {
                Issue.record("\(item.displayText) was made into a tree")
                continue
            }
        }
    }
}
