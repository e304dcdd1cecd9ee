import FHIRModel
import Testing

/// `Administration(node:at:)` reads either version straight into the tutorial's terms; it must
/// give what reading the version's struct and converting gives, value for value and error for
/// error, from a tree and from a tape alike.
@Suite("Administrations read directly equal those read through their version's struct")
struct AdministrationReadingTests {
    static let r4Head = #"{"resourceType": "MedicationAdministration", "id": "a", "#
    static let dstu2Head = #"{"resourceType": "MedicationAdministration", "patient": {"reference": "Patient/p"}, "#

    static let cases: [String] = [
        Fixture.r4MedicationAdministration,
        Fixture.dstu2MedicationAdministration,
        #"{"resourceType": "MedicationAdministration"}"#,
        r4Head + #""status": "not-done", "statusReason": [{"text": "asleep"}]}"#,
        r4Head + #""st\u0061tus": "not-done"}"#,
        r4Head + #""status": 1}"#,
        r4Head + #""identifier": {"value": "x"}}"#,
        r4Head + #""statusReason": [{"text": "ok"}, {"coding": 1}]}"#,
        r4Head + #""subject": "Patient/p"}"#,
        r4Head + #""effectiveDateTime": "yesterday"}"#,
        r4Head + #""effectiveDateTime": "2016-08-16", "effectivePeriod": {"start": "2016-08-16"}}"#,
        r4Head + #""medicationCodeableConcept": []}"#,
        r4Head + #""medicationReference": {"reference": 7}}"#,
        r4Head + #""request": {"reference": "MedicationRequest/o"}, "dosage": {"dose": "x"}}"#,
        r4Head + #""meta": {"versionId": 2}}"#,
        r4Head + #""unknownElement": true, "status": "completed"}"#,
        #"{"resourceType": "Patient", "id": "p"}"#,
        #"{"id": "no type"}"#,
        #"["not an object"]"#,
        dstu2Head + #""wasNotGiven": true, "reasonNotGiven": [{"text": "asleep"}]}"#,
        dstu2Head + #""wasNotGiven": "yes"}"#,
        dstu2Head + #""practitioner": 3}"#,
        dstu2Head + #""note": {}}"#,
        dstu2Head + #""prescription": {"reference": "MedicationOrder/o"}, "effectiveTimeDateTime": "soon"}"#,
        dstu2Head + #""dosage": {"quantity": {"value": "1"}}}"#,
    ]

    @Test(arguments: cases)
    func directEqualsThroughTheStruct(text: String) throws {
        let tree = try JSONParser.parse(text)
        let expected = Self.throughStruct(tree)
        #expect(Self.direct(.tree(tree)) == expected)
        #expect(Self.direct(try JSONTape(parsing: Array(text.utf8)).root) == expected)
    }

    @Test(arguments: cases)
    func takenAloneAgreesWithTheWholeReading(text: String) throws {
        let tape = try JSONTape(parsing: Array(text.utf8)).root
        guard case .success(let administration) = Self.direct(tape) else { return }
        #expect(Administration.isTaken(tape) == administration.taken)
        #expect(Administration.isTaken(.tree(try JSONParser.parse(text))) == administration.taken)
    }

    /// What reading went through before: the version's struct, told by the same members.
    static func throughStruct(_ json: JSONValue) -> Result<Administration, FHIRDecodingError> {
        let dstu2Only = ["effectiveTimeDateTime", "effectiveTimePeriod", "wasNotGiven", "prescription", "patient"]
        let location = ElementPath.root("MedicationAdministration")
        return Result { () throws(FHIRDecodingError) -> Administration in
            if dstu2Only.contains(where: { json[$0] != nil }) {
                return Administration(try DSTU2.MedicationAdministration(json: json, at: location))
            }
            return Administration(try R4.MedicationAdministration(json: json, at: location))
        }
    }

    static func direct(_ node: JSONNode) -> Result<Administration, FHIRDecodingError> {
        Result { () throws(FHIRDecodingError) -> Administration in
            try Administration(node: node, at: .root("MedicationAdministration"))
        }
    }
}
