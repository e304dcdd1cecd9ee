import FHIRModel
import Testing

@testable import MedbrainWorkbook

/// The spellings `lesson check` generates from a solution's request: each equivalent is one
/// FHIR answers alike (read with the release's search table written out here, not Medbrain's
/// equivalence), and each mutant names another patient, a narrowed set or a page dropped.
@Suite("Generated routes")
struct RouteVariantsTests {
    @Test func anR4SearchByPatientWithItsInclude() throws {
        let variants = try #require(
            RouteVariants(path: "MedicationRequest?patient=f001&_include=MedicationRequest:medication", version: .r4))
        let equivalents = Set(variants.equivalents())
        for expected in [
            // R4's `patient` is a Patient or a Group: the bare id written as the Patient it names.
            "MedicationRequest?patient=Patient/f001&_include=MedicationRequest:medication",
            "MedicationRequest?patient=[BASE]/Patient/f001&_include=MedicationRequest:medication",
            "MedicationRequest?patient:Patient=f001&_include=MedicationRequest:medication",
            // `subject` is MedicationRequest.subject, of which `patient` takes the Patients.
            "MedicationRequest?subject=Patient/f001&_include=MedicationRequest:medication",
            // `medication` names Medication only.
            "MedicationRequest?patient=f001&_include=MedicationRequest:medication:Medication",
            "MedicationRequest?_include=MedicationRequest:medication&patient=f001",
            "Patient/f001/MedicationRequest?_include=MedicationRequest:medication",
        ] {
            #expect(equivalents.contains(expected), "\(expected)")
        }
        #expect(equivalents.count == 7)
        #expect(
            variants.mutants(others: ["Patient": "f002"], firstMatch: "ord-01") == [
                "MedicationRequest?patient=Patient/f002&_include=MedicationRequest:medication",
                "MedicationRequest?patient=f001&_include=MedicationRequest:medication&_id=ord-01",
            ])
    }

    /// DSTU2's MedicationOrder names one patient type: no `:Patient` form is needed, and its
    /// unlisted `subject` reaches the same element.
    @Test func aDSTU2SearchByPrescription() throws {
        let variants = try #require(
            RouteVariants(path: "MedicationAdministration?prescription=MedicationOrder/ord-01", version: .dstu2))
        let equivalents = variants.equivalents()
        #expect(equivalents.contains("MedicationAdministration?prescription=[BASE]/MedicationOrder/ord-01"))
        #expect(!equivalents.contains { $0.contains("prescription:") })
        #expect(variants.mutants(others: ["Patient": "f002"], firstMatch: nil) == [])
        #expect(
            variants.mutants(others: ["MedicationOrder": "ord-02"], firstMatch: nil) == [
                "MedicationAdministration?prescription=MedicationOrder/ord-02"
            ])
        let paged = try #require(variants.paged(count: 5))
        #expect(
            paged.followed == [
                "get MedicationAdministration?prescription=MedicationOrder/ord-01&_count=3", "page next",
            ])
        #expect(paged.dropped == ["get MedicationAdministration?prescription=MedicationOrder/ord-01&_count=3"])
        #expect(variants.paged(count: 1) == nil)
    }

    /// A date a student might add: after the first match's day, by a date parameter the search
    /// does not use; read from a dateTime or a Period's start, as the element is written.
    @Test(arguments: [
        (
            "MedicationAdministration?request=MedicationRequest/ord-01", FHIRVersion.r4,
            #"{"resourceType": "MedicationAdministration", "effectiveDateTime": "2016-07-04T08:00:00+02:00"}"#,
            "MedicationAdministration?request=MedicationRequest/ord-01&effective-time=gt2016-07-04"
        ),
        (
            "MedicationAdministration?prescription=MedicationOrder/ord-01", .dstu2,
            #"{"resourceType": "MedicationAdministration", "effectiveTimePeriod": {"start": "2015-12-31T23:50:00+01:00"}}"#,
            "MedicationAdministration?prescription=MedicationOrder/ord-01&effectivetime=gt2015-12-31"
        ),
    ])
    func aDateNarrowing(path: String, version: FHIRVersion, match: String, expected: String) throws {
        let variants = try #require(RouteVariants(path: path, version: version))
        let route = try #require(variants.dateNarrowing(of: try JSONParser.parse(match)))
        #expect(route.commands == ["get " + expected])
        #expect(!route.shouldComplete && route.writtenDataOnly)
        // A search that already names a date of that element gets no other.
        let dated = try #require(RouteVariants(path: expected, version: version))
        #expect(dated.dateNarrowing(of: try JSONParser.parse(match)) == nil)
    }

    /// A value holding a percent sign is written back encoded, as it was sent.
    @Test func aPercentSignStaysEncoded() throws {
        let variants = try #require(RouteVariants(path: "Observation?patient=f001&code=a%25b", version: .r4))
        #expect(variants.equivalents().contains("Observation?code=a%25b&patient=f001"))
        #expect(!variants.equivalents().contains { $0.contains("a%b") })
    }

    @Test(arguments: ["Patient/f001", "MedicationRequest/ord-01/_history", "metadata", "$everything"])
    func onlyTypeLevelSearchesHaveVariants(path: String) {
        #expect(RouteVariants(path: path, version: .r4) == nil)
    }
}
