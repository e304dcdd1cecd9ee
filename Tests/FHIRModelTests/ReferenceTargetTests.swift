import FHIRModel
import Testing

@Suite("Reference.target")
struct ReferenceTargetTests {
    /// Each row: a literal reference, and the type/id it names ("" when none).
    static let cases: [(String, String)] = [
        ("Patient/f001", "Patient/f001"),
        ("http://127.0.0.1:8080/fhir/Patient/f001", "Patient/f001"),
        ("https://h/fhir/MedicationRequest/ord-11/_history/3", "MedicationRequest/ord-11"),
        ("Patient/f001/_history/2", "Patient/f001"),
        ("https://my_host/fhir/Patient/p.1", "Patient/p.1"),
        ("_history/2", ""),
        ("#med1", ""),
        ("f001", ""),
        ("Patient/", ""),
        ("/f001", ""),
        ("patient/f001", ""),
        ("", ""),
    ]

    @Test(arguments: cases)
    func target(reference: String, expected: String) {
        let target = Reference(reference: reference).target
        #expect(target.map { "\($0.type)/\($0.id)" } ?? "" == expected)
    }
}
