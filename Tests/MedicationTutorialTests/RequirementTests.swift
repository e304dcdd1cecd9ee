import FHIRModel
import MedicationTutorial
import Testing

/// The tutorial's Tables 1–4, one row at a time, in both versions' element names.
@Suite("Requirement tables")
struct RequirementTests {
    static func row(_ table: Int, _ name: String) -> Requirement {
        Requirement.tables.first { $0.table == table && $0.name == name }!
    }

    /// Every row is FHIRPath in every version, and each one parses (a row that did not would
    /// never be met).
    @Test func everyRowIsFHIRPath() {
        for row in Requirement.tables {
            #expect(Set(row.fhirPath.keys) == Set(FHIRVersion.allCases), "\(row.name)")
            #expect(Set(row.expression.keys) == Set(FHIRVersion.allCases), "\(row.name)")
            #expect(row.allParse, "\(row.name): \(row.fhirPath)")
        }
    }

    @Test(arguments: [
        (1, "has id", FHIRVersion.dstu2, #"{"resourceType":"Patient","id":"p"}"#, true),
        (1, "has id", .r4, #"{"resourceType":"Patient"}"#, false),
        (1, "is human", .dstu2, #"{"resourceType":"Patient","animal":{"species":{"text":"dog"}}}"#, false),
        (
            1, "is human", .r4,
            #"{"resourceType":"Patient","extension":[{"url":"http://hl7.org/fhir/StructureDefinition/patient-animal"}]}"#,
            false
        ),
        (1, "is human", .r4, #"{"resourceType":"Patient"}"#, true),
        (2, "has display-name", .dstu2, #"{"code":{"coding":[{"display":"Novalgin"}]}}"#, true),
        (2, "has display-name", .dstu2, #"{"code":{"text":"Novalgin"}}"#, false),
        (3, "at least one dosageInstruction", .r4, #"{"dosageInstruction":[]}"#, false),
        (3, "prescribed for a patient", .dstu2, #"{"patient":{"reference":"Patient/f001"}}"#, true),
        (3, "prescribed for a patient", .r4, #"{"patient":{"reference":"Patient/f001"}}"#, false),
        (3, "has medication", .r4, #"{"medicationReference":{"reference":"Medication/m"}}"#, true),
        (4, "references medication-order", .dstu2, #"{"prescription":{"reference":"MedicationOrder/o"}}"#, true),
        (4, "references medication-order", .r4, #"{"request":{"reference":"MedicationRequest/o"}}"#, true),
        (4, "effectiveTime set", .dstu2, #"{"effectiveTimeDateTime":"2016-08-16"}"#, true),
        (4, "effectiveTime set", .r4, #"{"effectiveTimeDateTime":"2016-08-16"}"#, false),
        (4, "effectiveTime set", .r4, #"{"effectivePeriod":{"start":"2016-08-16"}}"#, true),
    ])
    func aRow(table: Int, name: String, version: FHIRVersion, json: String, met: Bool) throws {
        #expect(Self.row(table, name).isMet(by: try JSONParser.parse(json), version: version) == met)
    }

    @Test func aReportCountsAndNamesWhatFallsShort() throws {
        let resources = try [
            #"{"resourceType":"MedicationRequest","id":"a","dosageInstruction":[{}],"subject":{},"medicationReference":{}}"#,
            #"{"resourceType":"MedicationRequest","id":"b","subject":{},"medicationReference":{}}"#,
            #"{"resourceType":"MedicationOrder","id":"c"}"#,
        ].map { try JSONParser.parse($0) }
        let report = RequirementReport(resources: resources, version: .r4)
        let dosage = report.rows.first { $0.requirement.name == "at least one dosageInstruction" }!
        #expect(dosage.checked == 2)
        #expect(dosage.failing == ["MedicationRequest/b"])
        #expect(report.rows.filter { $0.requirement.table == 3 }.allSatisfy { $0.checked == 2 })
    }
}
