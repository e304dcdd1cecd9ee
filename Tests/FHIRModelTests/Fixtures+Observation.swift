extension Fixture {
    /// A DSTU2 observation: `category` is a single concept object.
    static let dstu2Observation = #"""
        {
          "resourceType": "Observation",
          "id": "glucose-1",
          "meta": { "versionId": "1", "lastUpdated": "2016-08-16T07:45:12Z" },
          "status": "final",
          "_status": { "fhir_comments": ["verified by the lab"] },
          "category": {
            "coding": [{ "system": "http://hl7.org/fhir/observation-category", "code": "laboratory", "display": "Laboratory" }],
            "extension": [{ "url": "http://example.org/fhir/StructureDefinition/category-weight", "valueDecimal": 0.5 }]
          },
          "code": {
            "coding": [{ "system": "http://loinc.org", "code": "15074-8", "display": "Glucose [Moles/volume] in Blood" }]
          },
          "subject": { "reference": "Patient/iris-1", "extension": [{ "url": "http://example.org/fhir/StructureDefinition/x", "valueBoolean": true }] },
          "effectiveDateTime": "2016-08-16T07:30:00+02:00",
          "issued": "2016-08-16T07:45:12.345+02:00",
          "performer": [{ "reference": "Practitioner/lab-tech" }],
          "valueQuantity": {
            "value": 1.50,
            "unit": "mmol/l",
            "system": "http://unitsofmeasure.org",
            "code": "mmol/L",
            "extension": [{ "url": "http://example.org/fhir/StructureDefinition/measurement-error", "valueDecimal": -0.0 }]
          },
          "interpretation": { "coding": [{ "system": "http://hl7.org/fhir/v2/0078", "code": "L" }] },
          "comments": "Drawn before breakfast.",
          "referenceRange": [
            { "low": { "value": 0.5, "unit": "mmol/l" }, "high": { "value": 1e3, "unit": "mmol/l" }, "text": "deliberately wide" }
          ]
        }
        """#

    /// An R4 observation: `category` is a list, `effective` a period, and components carry values.
    static let r4Observation = #"""
        {
          "resourceType": "Observation",
          "id": "steps-2019-03-01",
          "extension": [{ "url": "http://example.org/fhir/StructureDefinition/device-battery", "valueDecimal": 0.5 }],
          "status": "final",
          "category": [
            { "coding": [{ "system": "http://terminology.hl7.org/CodeSystem/observation-category", "code": "activity" }] },
            { "coding": [{ "system": "http://example.org/categories", "code": "wearable" }], "text": "Wearable" }
          ],
          "code": {
            "coding": [{ "system": "http://loinc.org", "code": "55423-8", "display": "Number of steps" }],
            "text": "Steps"
          },
          "subject": { "reference": "Patient/iris-1", "display": "Iris Mustermann" },
          "effectivePeriod": {
            "start": "2019-03-01T00:00:00+01:00",
            "end": "2019-03-02T00:00:00+01:00",
            "_end": { "extension": [{ "url": "http://example.org/fhir/StructureDefinition/exclusive", "valueBoolean": true }] }
          },
          "valueQuantity": { "value": 1e3, "unit": "steps", "system": "http://unitsofmeasure.org", "code": "{steps}" },
          "note": [{ "text": "Rest day." }],
          "component": [
            {
              "code": { "text": "distance" },
              "valueQuantity": { "value": 1.50, "unit": "km", "system": "http://unitsofmeasure.org", "code": "km" }
            },
            { "code": { "text": "elevation change" }, "valueQuantity": { "value": -0.0, "unit": "m" } }
          ]
        }
        """#
}
