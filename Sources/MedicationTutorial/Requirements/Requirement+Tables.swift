import FHIRModel

extension Requirement {
    /// Tables 1 to 4, row by row, in the tutorial's order.
    public static let tables: [Requirement] = patient + medication + order + administration

    static let patient = [
        Requirement(
            table: 1, resourceType: both("Patient"), name: "has id", expression: both("patient.id != null"),
            holds: { resource, _ in resource.hasAny("id") }),
        // R4 dropped Patient.animal for an extension; either way the app wants neither.
        Requirement(
            table: 1, resourceType: both("Patient"), name: "is human",
            expression: [.dstu2: "patient.animal == null", .r4: "patient.extension(patient-animal) == null"],
            holds: { resource, _ in
                !resource.hasAny("animal")
                    && !(resource["extension"]?.arrayValue ?? []).contains {
                        $0["url"] == "http://hl7.org/fhir/StructureDefinition/patient-animal"
                    }
            }),
    ]

    static let medication = [
        Requirement(
            table: 2, resourceType: both("Medication"), name: "has display-name",
            expression: both("medication.code.coding[0].display != null"),
            holds: { resource, _ in resource["code"]?["coding"]?.arrayValue?.first?.hasAny("display") ?? false })
    ]

    static let order = [
        Requirement(
            table: 3, resourceType: orderTypes, name: "at least one dosageInstruction",
            expression: [
                .dstu2: "medicationOrder.dosageInstruction[0] != null",
                .r4: "medicationRequest.dosageInstruction[0] != null",
            ],
            holds: { resource, _ in !(resource["dosageInstruction"]?.arrayValue ?? []).isEmpty }),
        Requirement(
            table: 3, resourceType: orderTypes, name: "prescribed for a patient",
            expression: [.dstu2: "medicationOrder.patient != null", .r4: "medicationRequest.subject != null"],
            holds: { resource, version in resource.hasAny(version == .dstu2 ? "patient" : "subject") }),
        Requirement(
            table: 3, resourceType: orderTypes, name: "has medication",
            expression: [
                .dstu2: "medicationOrder.medication[x] != null", .r4: "medicationRequest.medication[x] != null",
            ],
            holds: { resource, _ in resource.hasAny("medicationCodeableConcept", "medicationReference") }),
    ]

    static let administration = [
        Requirement(
            table: 4, resourceType: both("MedicationAdministration"), name: "references patient",
            expression: [.dstu2: "administration.patient != null", .r4: "administration.subject != null"],
            holds: { resource, version in resource.hasAny(version == .dstu2 ? "patient" : "subject") }),
        Requirement(
            table: 4, resourceType: both("MedicationAdministration"), name: "references medication-order",
            expression: [.dstu2: "administration.prescription != null", .r4: "administration.request != null"],
            holds: { resource, version in resource.hasAny(version == .dstu2 ? "prescription" : "request") }),
        Requirement(
            table: 4, resourceType: both("MedicationAdministration"), name: "references medication",
            expression: both("administration.medication[x] != null"),
            holds: { resource, _ in resource.hasAny("medicationCodeableConcept", "medicationReference") }),
        Requirement(
            table: 4, resourceType: both("MedicationAdministration"), name: "effectiveTime set",
            expression: [
                .dstu2: "administration.effectiveTime[x] != null", .r4: "administration.effective[x] != null",
            ],
            holds: { resource, version in
                version == .dstu2
                    ? resource.hasAny("effectiveTimeDateTime", "effectiveTimePeriod")
                    : resource.hasAny("effectiveDateTime", "effectivePeriod")
            }),
    ]

    static let orderTypes: [FHIRVersion: String] = [.dstu2: "MedicationOrder", .r4: "MedicationRequest"]

    static func both(_ text: String) -> [FHIRVersion: String] { [.dstu2: text, .r4: text] }
}
