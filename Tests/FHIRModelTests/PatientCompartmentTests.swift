import FHIRModel
import Testing

/// Each release's Patient compartment, as scripts/fhir-compartments.py wrote it from the
/// specification: every type is one of the release's, every parameter one its table defines,
/// and the tutorial's types name their patient as the release does.
@Suite("Patient compartment")
struct PatientCompartmentTests {
    @Test(arguments: FHIRVersion.allCases)
    func everyTypeAndParameterIsTheReleases(version: FHIRVersion) {
        let compartment = version.release.compartment
        #expect(compartment.types.count > 40)
        for type in compartment.types {
            let codes = Set(version.searchParameters.parameters(of: type).map(\.code))
            #expect(!codes.isEmpty, "\(type) is not a type of \(version)")
            for parameter in compartment.parameters(of: type) ?? [] {
                #expect(codes.contains(String(parameter.prefix { $0 != "." })), "\(version) \(type).\(parameter)")
            }
        }
    }

    @Test(arguments: [
        (FHIRVersion.dstu2, "MedicationOrder", ["patient"]),
        (.dstu2, "MedicationAdministration", ["patient", "practitioner"]),
        (.r4, "MedicationRequest", ["subject"]),
        (.r4, "Observation", ["subject", "performer"]),
        (.r5, "MedicationAdministration", ["patient", "subject"]),
        (.r4, "Patient", ["link"]),
    ])
    func theTutorialsTypes(version: FHIRVersion, type: String, parameters: [String]) {
        #expect(version.release.compartment.parameters(of: type) == parameters)
    }

    /// A type the compartment does not hold is no patient's data; one it holds with no
    /// parameter the release can search is a patient's data no patient's token reaches.
    @Test func sharedTypesAndUnreachableOnes() {
        #expect(FHIRVersion.r4.release.compartment.parameters(of: "Medication") == nil)
        #expect(FHIRVersion.r4.release.compartment.parameters(of: "Practitioner") == nil)
        #expect(FHIRVersion.dstu2.release.compartment.parameters(of: "AuditEvent") == [])
    }

    /// Where STU3 names the patient `subject`, DSTU2's element is `patient`: its compartment
    /// finds them by DSTU2's own parameter.
    @Test(arguments: ["Encounter", "MedicationStatement", "ClinicalImpression", "ReferralRequest"])
    func dstu2sPatientElements(type: String) {
        #expect(FHIRVersion.dstu2.release.compartment.parameters(of: type) == ["patient"])
    }
}
