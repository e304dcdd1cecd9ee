import FHIRModel

/// The search parameters the built-in server supports, per resource type and version:
/// the ones the tutorial and its peer apps use (see the issue and the reference sheet).
enum SearchParameters {
    static func all(for type: String, version: FHIRVersion) -> [SearchParameter] {
        let common = [SearchParameter("_id", .token, "The resource id", paths: ["id"])]
        switch (type, version) {
        case ("Patient", _): return common + patient
        case ("Medication", _):
            return common + [SearchParameter("code", .token, "The medication's code", paths: ["code"])]
        case ("MedicationOrder", .dstu2): return common + medicationOrder
        case ("MedicationRequest", .stu3), ("MedicationRequest", .r4): return common + medicationRequest
        case ("MedicationAdministration", .stu3): return common + administrationSTU3
        case ("MedicationAdministration", .dstu2): return common + administrationDSTU2
        case ("MedicationAdministration", .r4): return common + administrationR4
        case ("MedicationRequest", .r5): return common + medicationRequestR5
        case ("MedicationAdministration", .r5): return common + administrationR5
        case ("Observation", _): return common + observation
        default: return []
        }
    }

    static let patient = [
        SearchParameter("family", .string, "A part of the family name", paths: ["name", "family"]),
        SearchParameter("given", .string, "A part of a given name", paths: ["name", "given"]),
        SearchParameter("name", .string, "A part of any name", paths: ["name"]),
        SearchParameter("identifier", .token, "A patient identifier (system|value)", paths: ["identifier"]),
        SearchParameter("telecom", .token, "Any contact value", paths: ["telecom"]),
        contact("email"), contact("phone"),
        SearchParameter("gender", .token, "Gender of the patient", paths: ["gender"]),
        SearchParameter("birthdate", .date, "The patient's date of birth", paths: ["birthDate"]),
    ]

    /// `email` and `phone`: the telecom values of that system.
    static func contact(_ system: String) -> SearchParameter {
        SearchParameter(system, .token, "A value in an \(system) contact") { resource in
            SearchParameter.follow(["telecom"], in: resource).filter { $0["system"]?.stringValue == system }
                .compactMap { $0["value"] }
        }
    }

    static let medication = SearchParameter(
        "medication", .reference, target: "Medication", "The Medication referenced", paths: ["medicationReference"])
    static let code = SearchParameter(
        "code", .token, "The medication's code", paths: ["medicationCodeableConcept"])

    static let medicationOrder: [SearchParameter] = {
        let patient = SearchParameter("patient", .reference, target: "Patient", "The patient", paths: ["patient"])
        return [
            patient, patient.alias("subject"),
            SearchParameter("status", .token, "Status of the order", paths: ["status"]),
            SearchParameter("datewritten", .date, "When the order was written", paths: ["dateWritten"]),
            SearchParameter("identifier", .token, "An order identifier", paths: ["identifier"]),
            medication, code,
        ]
    }()

    static let medicationRequest: [SearchParameter] = [
        SearchParameter("patient", .reference, target: "Patient", "The patient", paths: ["subject"]),
        SearchParameter("subject", .reference, target: "Patient", "The subject of the request", paths: ["subject"]),
        SearchParameter("status", .token, "Status of the request", paths: ["status"]),
        SearchParameter("intent", .token, "Intent of the request", paths: ["intent"]),
        SearchParameter("authoredon", .date, "When the request was written", paths: ["authoredOn"]),
        SearchParameter("identifier", .token, "A request identifier", paths: ["identifier"]),
        medication, code,
    ]

    static let administrationDSTU2: [SearchParameter] = {
        let patient = SearchParameter("patient", .reference, target: "Patient", "The patient", paths: ["patient"])
        let prescription = SearchParameter(
            "prescription", .reference, target: "MedicationOrder", "The order given", paths: ["prescription"])
        let effective = SearchParameter(
            "effectivetime", .date, "When the dose was given", paths: ["effectiveTimeDateTime"], ["effectiveTimePeriod"]
        )
        return [
            patient, patient.alias("subject"), prescription, prescription.alias("request"),
            effective, effective.alias("effective-time"),
            SearchParameter("status", .token, "Status of the administration", paths: ["status"]),
            SearchParameter("notgiven", .token, "true when the dose was not given") { resource in
                [.bool(resource["wasNotGiven"] == .bool(true))]
            },
            medication, code,
        ]
    }()

    static let administrationSTU3: [SearchParameter] = {
        let prescription = SearchParameter(
            "prescription", .reference, target: "MedicationRequest", "The request given", paths: ["prescription"])
        let effective = SearchParameter(
            "effective-time", .date, "When the dose was given", paths: ["effectiveDateTime"], ["effectivePeriod"])
        let notGiven = SearchParameter("not-given", .token, "true when the dose was not given") { resource in
            [.bool(resource["notGiven"] == .bool(true))]
        }
        return [
            SearchParameter("patient", .reference, target: "Patient", "The patient", paths: ["subject"]),
            SearchParameter("subject", .reference, target: "Patient", "The subject", paths: ["subject"]),
            prescription, prescription.alias("request"), effective, effective.alias("effectivetime"),
            SearchParameter("status", .token, "Status of the administration", paths: ["status"]),
            notGiven, notGiven.alias("notgiven"), medication, code,
        ]
    }()

    static let administrationR4: [SearchParameter] = {
        let request = SearchParameter(
            "request", .reference, target: "MedicationRequest", "The request given", paths: ["request"])
        let effective = SearchParameter(
            "effective-time", .date, "When the dose was given", paths: ["effectiveDateTime"], ["effectivePeriod"])
        return [
            SearchParameter("patient", .reference, target: "Patient", "The patient", paths: ["subject"]),
            SearchParameter("subject", .reference, target: "Patient", "The subject", paths: ["subject"]),
            request, request.alias("prescription"), effective, effective.alias("effectivetime"),
            SearchParameter("status", .token, "Status of the administration", paths: ["status"]),
            notDone, medication, code,
        ]
    }()

    /// R5's medication is a CodeableReference: the reference and the code sit one level down.
    static let medicationR5 = SearchParameter(
        "medication", .reference, target: "Medication", "The Medication referenced", paths: ["medication", "reference"])
    static let codeR5 = SearchParameter("code", .token, "The medication's code", paths: ["medication", "concept"])

    static let medicationRequestR5: [SearchParameter] =
        medicationRequest.filter { !["medication", "code"].contains($0.name) } + [medicationR5, codeR5]

    /// The earlier releases' names stay as unlisted aliases, as R4 keeps DSTU2's.
    static let administrationR5: [SearchParameter] = {
        let request = SearchParameter(
            "request", .reference, target: "MedicationRequest", "The request given", paths: ["request"])
        let date = SearchParameter(
            "date", .date, "When the dose was given", paths: ["occurenceDateTime"], ["occurencePeriod"])
        return [
            SearchParameter("patient", .reference, target: "Patient", "The patient", paths: ["subject"]),
            SearchParameter("subject", .reference, target: "Patient", "The subject", paths: ["subject"]),
            request, request.alias("prescription"), date, date.alias("effective-time"), date.alias("effectivetime"),
            SearchParameter("status", .token, "Status of the administration", paths: ["status"]),
            notDone, medicationR5, codeR5,
        ]
    }()

    /// DSTU2's `notgiven`, kept unlisted from R4 on, where it searches the status `not-done`.
    static let notDone = SearchParameter("notgiven", .token, listed: false, "true when the dose was not given") {
        resource in [.bool(resource["status"] == .string("not-done"))]
    }

    static let observation = [
        SearchParameter("subject", .reference, target: "Patient", "The subject", paths: ["subject"]),
        SearchParameter("patient", .reference, target: "Patient", "The patient", paths: ["subject"]),
        SearchParameter("code", .token, "The kind of observation", paths: ["code"]),
        SearchParameter("category", .token, "The category", paths: ["category"]),
        SearchParameter("date", .date, "When it was observed", paths: ["effectiveDateTime"], ["effectivePeriod"]),
        SearchParameter("status", .token, "Status of the observation", paths: ["status"]),
    ]
}
