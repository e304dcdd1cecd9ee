import FHIRModel

extension Requirement {
    /// Tables 1 to 4, row by row, in the tutorial's order.
    public static let tables: [Requirement] = patient + medication + order + administration

    static let patient = [
        Requirement(
            table: 1, resourceType: inEvery("Patient"), name: "has id", expression: inEvery("patient.id != null"),
            fhirPath: inEvery("id.exists()")),
        // R4 dropped Patient.animal (DSTU2's and STU3's) for an extension, as R5 has it; the app wants neither.
        Requirement(
            table: 1, resourceType: inEvery("Patient"), name: "is human",
            expression: [
                .dstu2: "patient.animal == null", .stu3: "patient.animal == null",
                .r4: "patient.extension(patient-animal) == null",
                .r5: "patient.extension(patient-animal) == null",
            ],
            fhirPath: [
                .dstu2: "animal.empty() and extension('\(animalExtension)').empty()",
                .stu3: "animal.empty() and extension('\(animalExtension)').empty()",
                .r4: "extension('\(animalExtension)').empty()", .r5: "extension('\(animalExtension)').empty()",
            ]),
    ]

    static let medication = [
        Requirement(
            table: 2, resourceType: inEvery("Medication"), name: "has display-name",
            expression: inEvery("medication.code.coding[0].display != null"),
            fhirPath: inEvery("code.coding.first().display.exists()"))
    ]

    static let order = [
        Requirement(
            table: 3, resourceType: orderTypes, name: "at least one dosageInstruction",
            expression: [
                .dstu2: "medicationOrder.dosageInstruction[0] != null",
                .stu3: "medicationRequest.dosageInstruction[0] != null",
                .r4: "medicationRequest.dosageInstruction[0] != null",
                .r5: "medicationRequest.dosageInstruction[0] != null",
            ],
            fhirPath: inEvery("dosageInstruction.exists()")),
        Requirement(
            table: 3, resourceType: orderTypes, name: "prescribed for a patient",
            expression: [
                .dstu2: "medicationOrder.patient != null", .stu3: "medicationRequest.subject != null",
                .r4: "medicationRequest.subject != null",
                .r5: "medicationRequest.subject != null",
            ],
            fhirPath: [
                .dstu2: "patient.exists()", .stu3: "subject.exists()", .r4: "subject.exists()", .r5: "subject.exists()",
            ]),
        Requirement(
            table: 3, resourceType: orderTypes, name: "has medication",
            expression: [
                .dstu2: "medicationOrder.medication[x] != null", .stu3: "medicationRequest.medication[x] != null",
                .r4: "medicationRequest.medication[x] != null",
                .r5: "medicationRequest.medication != null",
            ],
            fhirPath: inEvery("medication.exists()")),
    ]

    static let administration = [
        Requirement(
            table: 4, resourceType: inEvery("MedicationAdministration"), name: "references patient",
            expression: [
                .dstu2: "administration.patient != null", .stu3: "administration.subject != null",
                .r4: "administration.subject != null",
                .r5: "administration.subject != null",
            ],
            fhirPath: [
                .dstu2: "patient.exists()", .stu3: "subject.exists()", .r4: "subject.exists()", .r5: "subject.exists()",
            ]),
        Requirement(
            table: 4, resourceType: inEvery("MedicationAdministration"), name: "references medication-order",
            expression: [
                .dstu2: "administration.prescription != null", .stu3: "administration.prescription != null",
                .r4: "administration.request != null",
                .r5: "administration.request != null",
            ],
            fhirPath: [
                .dstu2: "prescription.exists()", .stu3: "prescription.exists()", .r4: "request.exists()",
                .r5: "request.exists()",
            ]),
        Requirement(
            table: 4, resourceType: inEvery("MedicationAdministration"), name: "references medication",
            expression: [
                .dstu2: "administration.medication[x] != null", .stu3: "administration.medication[x] != null",
                .r4: "administration.medication[x] != null",
                .r5: "administration.medication != null",
            ],
            fhirPath: inEvery("medication.exists()")),
        Requirement(
            table: 4, resourceType: inEvery("MedicationAdministration"), name: "effectiveTime set",
            expression: [
                .dstu2: "administration.effectiveTime[x] != null", .stu3: "administration.effective[x] != null",
                .r4: "administration.effective[x] != null",
                .r5: "administration.occurence[x] != null",
            ],
            fhirPath: [
                .dstu2: "effectiveTime.exists()", .stu3: "effective.exists()", .r4: "effective.exists()",
                .r5: "occurence.exists()",
            ]),
    ]

    static let animalExtension = "http://hl7.org/fhir/StructureDefinition/patient-animal"

    static let orderTypes = Dictionary(uniqueKeysWithValues: FHIRVersion.allCases.map { ($0, $0.orderType) })

    /// The same text in every version.
    static func inEvery(_ text: String) -> [FHIRVersion: String] {
        Dictionary(uniqueKeysWithValues: FHIRVersion.allCases.map { ($0, text) })
    }
}
