extension Fixture {
    /// A DSTU2 prescription with a `boundsPeriod`, a single `when` code and an unknown
    /// extension inside `timing.repeat`.
    static let dstu2MedicationOrder = #"""
        {
          "resourceType": "MedicationOrder",
          "id": "order-metformin",
          "meta": { "versionId": "1", "lastUpdated": "2016-08-16T10:00:00Z" },
          "extension": [{ "url": "http://example.org/fhir/StructureDefinition/order-priority", "valueCode": "routine" }],
          "identifier": [{ "system": "urn:oid:1.2.36.146.595.217.0.1", "value": "RX-12345" }],
          "dateWritten": "2016-08-16",
          "_dateWritten": {
            "extension": [{ "url": "http://example.org/fhir/StructureDefinition/entered-late", "valueBoolean": true }]
          },
          "status": "active",
          "patient": { "reference": "Patient/iris-1", "display": "Iris Mustermann" },
          "prescriber": { "reference": "Practitioner/dr-who" },
          "encounter": { "reference": "Encounter/visit-7" },
          "reasonCodeableConcept": { "text": "Type 2 diabetes mellitus" },
          "note": "Check kidney function in three months.",
          "medicationCodeableConcept": {
            "coding": [
              { "system": "http://www.nlm.nih.gov/research/umls/rxnorm", "code": "861007", "display": "Metformin 500 MG Oral Tablet" }
            ]
          },
          "dosageInstruction": [
            {
              "text": "1.5 tablets twice a day with meals",
              "additionalInstructions": { "text": "Take with food" },
              "timing": {
                "repeat": {
                  "boundsPeriod": { "start": "2016-08-16", "end": "2016-11-16" },
                  "frequency": 2,
                  "period": 1,
                  "periodUnits": "d",
                  "when": "C",
                  "extension": [{ "url": "http://example.org/fhir/StructureDefinition/timing-tolerance-hours", "valueDecimal": 0.5 }]
                },
                "extension": [{ "url": "http://example.org/fhir/StructureDefinition/timing-source", "valueString": "paper" }]
              },
              "asNeededBoolean": false,
              "route": { "coding": [{ "system": "http://snomed.info/sct", "code": "26643006", "display": "Oral route" }] },
              "doseQuantity": { "value": 1.50, "unit": "tablet", "system": "http://hl7.org/fhir/v3/orderableDrugForm", "code": "TAB" },
              "rateRatio": { "numerator": { "value": 0.5, "unit": "tablet" }, "denominator": { "value": 1e3, "unit": "ms" } },
              "maxDosePerPeriod": {
                "numerator": { "value": 3, "unit": "tablet" },
                "denominator": { "value": 1, "unit": "day", "system": "http://unitsofmeasure.org", "code": "d" }
              }
            }
          ],
          "dispenseRequest": {
            "quantity": { "value": 1e3, "unit": "tablet" },
            "numberOfRepeatsAllowed": 3,
            "expectedSupplyDuration": { "value": -0.0, "unit": "days", "system": "http://unitsofmeasure.org", "code": "d" }
          },
          "substitution": { "type": { "text": "generic allowed" } }
        }
        """#

    /// An R4 prescription with R4-only dosage parts (`offset`, `countMax`, `dayOfWeek`, several
    /// `when` codes, `doseAndRate`) and an unknown extension inside `timing.repeat`.
    static let r4MedicationRequest = #"""
        {
          "resourceType": "MedicationRequest",
          "id": "request-amoxicillin",
          "meta": { "versionId": "2", "lastUpdated": "2019-03-01T08:15:00+01:00" },
          "contained": [{ "resourceType": "Provenance", "id": "prov", "recorded": "2019-03-01T08:15:00+01:00" }],
          "extension": [{ "url": "http://example.org/fhir/StructureDefinition/cost-eur", "valueDecimal": 1.50 }],
          "identifier": [{ "use": "official", "system": "https://example.org/rx", "value": "RX-9" }],
          "status": "active",
          "intent": "order",
          "category": [{ "coding": [{ "code": "outpatient" }] }],
          "medicationReference": { "reference": "Medication/med-amoxicillin", "display": "Amoxicillin 500 mg" },
          "subject": { "reference": "Patient/iris-1" },
          "authoredOn": "2019-03-01T08:15:00+01:00",
          "_authoredOn": {
            "extension": [{ "url": "http://example.org/fhir/StructureDefinition/clock-skew-seconds", "valueDecimal": -0.0 }]
          },
          "requester": { "reference": "Practitioner/dr-who", "display": "Dr Who" },
          "dosageInstruction": [
            {
              "sequence": 1,
              "text": "One capsule three times a week, morning and evening",
              "additionalInstruction": [{ "text": "Finish the course" }, { "text": "Avoid alcohol" }],
              "patientInstruction": "Take with a glass of water",
              "timing": {
                "repeat": {
                  "boundsDuration": { "value": 10, "unit": "days", "system": "http://unitsofmeasure.org", "code": "d" },
                  "count": 20,
                  "countMax": 24,
                  "frequency": 2,
                  "period": 1,
                  "periodUnit": "d",
                  "dayOfWeek": ["mon", "wed", "fri"],
                  "when": ["MORN", "EVE"],
                  "offset": 30,
                  "extension": [{ "url": "http://example.org/fhir/StructureDefinition/timing-tolerance-hours", "valueDecimal": 0.5 }]
                }
              },
              "asNeededCodeableConcept": { "text": "if the fever returns" },
              "route": { "text": "oral" },
              "doseAndRate": [
                {
                  "type": { "coding": [{ "code": "ordered" }] },
                  "doseRange": { "low": { "value": 0.5, "unit": "capsule" }, "high": { "value": 1.50, "unit": "capsule" } },
                  "rateQuantity": { "value": 1e3, "unit": "mg/d" }
                }
              ],
              "maxDosePerPeriod": { "numerator": { "value": 3 }, "denominator": { "value": 1, "unit": "d" } }
            }
          ],
          "dispenseRequest": { "initialFill": { "quantity": { "value": 1e3, "unit": "mg" } } },
          "substitution": { "allowedBoolean": true }
        }
        """#
}
