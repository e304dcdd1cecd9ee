extension Fixture {
    /// A DSTU2 administration: `patient`, `prescription`, `effectiveTimeDateTime`, `dosage.quantity`.
    static let dstu2MedicationAdministration = #"""
        {
          "resourceType": "MedicationAdministration",
          "id": "admin-1",
          "extension": [{ "url": "http://example.org/fhir/StructureDefinition/recorded-by-app", "valueString": "Medbrain" }],
          "identifier": [{ "system": "https://example.org/admin", "value": "A-1" }],
          "status": "completed",
          "patient": { "reference": "Patient/iris-1" },
          "practitioner": { "reference": "Practitioner/nurse-joy" },
          "encounter": { "reference": "Encounter/visit-7" },
          "prescription": { "reference": "MedicationOrder/order-metformin" },
          "wasNotGiven": false,
          "reasonGiven": [{ "text": "Scheduled dose" }],
          "effectiveTimeDateTime": "2016-08-16T08:05:00+02:00",
          "_effectiveTimeDateTime": {
            "extension": [{ "url": "http://example.org/fhir/StructureDefinition/clock-drift-minutes", "valueDecimal": -0.0 }]
          },
          "medicationReference": { "reference": "Medication/med-metformin", "display": "Metformin 500 mg" },
          "device": [{ "reference": "Device/pill-box" }],
          "note": "Taken with breakfast.",
          "dosage": {
            "text": "1.5 tablets",
            "siteCodeableConcept": { "text": "mouth" },
            "route": { "text": "oral", "extension": [{ "url": "http://example.org/fhir/StructureDefinition/certainty", "valueDecimal": 0.5 }] },
            "quantity": { "value": 1.50, "unit": "tablet" },
            "rateRatio": { "numerator": { "value": 1, "unit": "tablet" }, "denominator": { "value": 1e3, "unit": "ms" } }
          }
        }
        """#

    /// An R4 administration of a dose not taken: `status: not-done` with a reason.
    static let r4MedicationAdministration = #"""
        {
          "resourceType": "MedicationAdministration",
          "id": "admin-2",
          "meta": { "lastUpdated": "2019-03-02T20:00:00Z" },
          "identifier": [{ "system": "https://example.org/admin", "value": "A-2" }],
          "instantiates": ["https://example.org/protocols/antibiotics"],
          "status": "not-done",
          "_status": { "extension": [{ "url": "http://example.org/fhir/StructureDefinition/status-confidence", "valueDecimal": 0.5 }] },
          "statusReason": [{ "coding": [{ "system": "http://snomed.info/sct", "code": "182895007", "display": "Drug declined by patient" }] }],
          "medicationCodeableConcept": {
            "coding": [{ "system": "http://www.nlm.nih.gov/research/umls/rxnorm", "code": "308191", "display": "Amoxicillin 500 MG Oral Capsule" }]
          },
          "subject": { "reference": "Patient/iris-1" },
          "context": { "reference": "Encounter/visit-9" },
          "effectivePeriod": { "start": "2019-03-02T19:00:00+01:00", "end": "2019-03-02T19:05:00+01:00" },
          "performer": [{ "actor": { "reference": "Patient/iris-1" } }],
          "request": { "reference": "MedicationRequest/request-amoxicillin" },
          "note": [{ "text": "Felt nauseous." }],
          "dosage": {
            "text": "one capsule",
            "route": { "text": "oral" },
            "dose": { "value": 1.50, "unit": "capsule", "extension": [{ "url": "http://example.org/fhir/StructureDefinition/rounding", "valueDecimal": -0.0 }] },
            "rateQuantity": { "value": 1e3, "unit": "mg/h" }
          }
        }
        """#
}
