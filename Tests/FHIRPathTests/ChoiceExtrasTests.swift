import FHIRModel
import FHIRPath
import Testing

/// A primitive choice written with only its extensions (`_valueString`, no `valueString`) is
/// an element all the same: `value` finds it, in a tree and in a tape, and ext-1 holds on it.
@Suite("a choice with only extensions")
struct ChoiceExtrasTests {
    static let patient = """
        {"resourceType":"Patient","extension":[{"url":"http://example.org/x","_valueString":\
        {"extension":[{"url":"http://hl7.org/fhir/StructureDefinition/data-absent-reason","valueCode":"unknown"}]}}]}
        """

    @Test(arguments: [
        ("Patient.extension.value.exists()", true),
        ("Patient.extension.value.extension.exists()", true),
        ("Patient.extension.value.hasValue()", false),
        ("Patient.extension.all(extension.exists() != value.exists())", true),
    ])
    func theChoiceIsAnElement(_ expression: String, _ expected: Bool) throws {
        let tree = try JSONParser.parse(Self.patient)
        #expect(try FHIRPathExpression(expression).isTrue(on: tree) == expected, "tree: \(expression)")
        let tape = try JSONTape(parsing: Array(Self.patient.utf8))
        let result = try FHIRPathExpression(expression).evaluate(on: tape.root)
        #expect(result.count == 1, "tape: \(expression)")
        if case .boolean(let value)? = result.first { #expect(value == expected, "tape: \(expression)") }
    }
}
