extension Fixture {
    /// A DSTU2 outcome for a rejected order, with extensions on the outcome and on an issue.
    static let dstu2OperationOutcome = #"""
        {
          "resourceType": "OperationOutcome",
          "id": "validation-1",
          "text": { "status": "generated", "div": "<div xmlns=\"http://www.w3.org/1999/xhtml\">Two problems</div>" },
          "extension": [
            { "url": "http://example.org/fhir/StructureDefinition/processing-seconds", "valueDecimal": 0.5 },
            { "url": "http://example.org/fhir/StructureDefinition/server-load", "valueDecimal": 1.50 }
          ],
          "issue": [
            {
              "severity": "error",
              "code": "value",
              "details": {
                "coding": [{ "system": "http://hl7.org/fhir/operation-outcome", "code": "MSG_WRONG_TYPE" }],
                "text": "Wrong type",
                "extension": [{ "url": "http://example.org/fhir/StructureDefinition/limit", "valueDecimal": 1e3 }]
              },
              "diagnostics": "frequency must be an integer",
              "location": ["/f:MedicationOrder/f:dosageInstruction/f:timing/f:repeat/f:frequency"],
              "extension": [{ "url": "http://example.org/fhir/StructureDefinition/offset", "valueDecimal": -0.0 }]
            },
            { "severity": "information", "code": "informational", "diagnostics": "validated against DSTU2 1.0.2" }
          ]
        }
        """#

    /// An R4 outcome: `expression` next to `location`, and an unknown `_diagnostics`.
    static let r4OperationOutcome = #"""
        {
          "resourceType": "OperationOutcome",
          "meta": { "lastUpdated": "2019-03-01T08:00:00Z" },
          "issue": [
            {
              "severity": "error",
              "code": "required",
              "details": { "text": "Element is required" },
              "diagnostics": "MedicationAdministration.status: required",
              "_diagnostics": {
                "extension": [{ "url": "http://example.org/fhir/StructureDefinition/confidence", "valueDecimal": 0.5 }]
              },
              "location": ["MedicationAdministration.status"],
              "expression": ["MedicationAdministration.status"]
            },
            {
              "severity": "warning",
              "code": "business-rule",
              "diagnostics": "dose exceeds the usual maximum",
              "expression": ["MedicationAdministration.dosage.dose"],
              "extension": [
                {
                  "url": "http://example.org/fhir/StructureDefinition/dose-check",
                  "extension": [
                    { "url": "given", "valueDecimal": 1.50 },
                    { "url": "maximum", "valueDecimal": 1e3 },
                    { "url": "delta", "valueDecimal": -0.0 }
                  ]
                }
              ]
            }
          ]
        }
        """#
}
