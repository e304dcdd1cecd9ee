extension Fixture {
    /// A DSTU2 search result: entries with `search`, one matched order and one included patient.
    static let dstu2SearchBundle = #"""
        {
          "resourceType": "Bundle",
          "id": "search-1",
          "meta": { "lastUpdated": "2016-08-16T10:05:00Z" },
          "type": "searchset",
          "total": 1,
          "link": [
            { "relation": "self", "url": "http://fhir.example.org/MedicationOrder?patient=iris-1&_include=MedicationOrder:patient" },
            { "relation": "next", "url": "http://fhir.example.org/MedicationOrder?page=2", "extension": [{ "url": "http://example.org/page", "valueDecimal": 1e3 }] }
          ],
          "entry": [
            {
              "fullUrl": "http://fhir.example.org/MedicationOrder/order-metformin",
              "resource": {
                "resourceType": "MedicationOrder",
                "id": "order-metformin",
                "status": "active",
                "patient": { "reference": "Patient/iris-1" },
                "dosageInstruction": [{ "doseQuantity": { "value": 1.50, "unit": "tablet" } }]
              },
              "search": { "mode": "match", "score": 0.5, "extension": [{ "url": "http://example.org/rank-delta", "valueDecimal": -0.0 }] }
            },
            {
              "fullUrl": "http://fhir.example.org/Patient/iris-1",
              "resource": { "resourceType": "Patient", "id": "iris-1", "name": [{ "family": ["Mustermann"] }] },
              "search": { "mode": "include" }
            }
          ],
          "signature": { "type": [{ "code": "1.2.840.10065.1.12.1.1" }], "when": "2016-08-16T10:05:00Z", "blob": "c2lnbmF0dXJl" }
        }
        """#

    /// A DSTU2 history: entries with `request` and `response`.
    static let dstu2HistoryBundle = #"""
        {
          "resourceType": "Bundle",
          "type": "history",
          "total": 2,
          "entry": [
            {
              "fullUrl": "http://fhir.example.org/Observation/glucose-1",
              "resource": {
                "resourceType": "Observation",
                "id": "glucose-1",
                "status": "final",
                "category": { "text": "laboratory" },
                "valueQuantity": { "value": 1.50, "unit": "mmol/l" },
                "referenceRange": [{ "low": { "value": 0.5 }, "high": { "value": 1e3 } }]
              },
              "request": { "method": "PUT", "url": "Observation/glucose-1", "ifMatch": "W/\"1\"" },
              "response": { "status": "200 OK", "etag": "W/\"2\"", "lastModified": "2016-08-16T10:06:00Z" }
            },
            {
              "request": { "method": "DELETE", "url": "Observation/old-1", "extension": [{ "url": "http://example.org/x", "valueDecimal": -0.0 }] },
              "response": { "status": "204 No Content", "fhir_comments": ["deleted by a tidy-up job"] }
            }
          ]
        }
        """#

    /// An R4 search result: entries with `search`, and unknown members on an entry.
    static let r4SearchBundle = #"""
        {
          "resourceType": "Bundle",
          "id": "search-2",
          "meta": { "lastUpdated": "2019-03-01T09:00:00Z" },
          "identifier": { "system": "urn:ietf:rfc:3986", "value": "urn:uuid:0c3151bd-1cbf-4d64-b04d-cd9187a4c6e0" },
          "type": "searchset",
          "timestamp": "2019-03-01T09:00:00Z",
          "total": 1,
          "link": [{ "relation": "self", "url": "http://fhir.example.org/r4/MedicationRequest?subject=Patient/iris-1" }],
          "entry": [
            {
              "fullUrl": "http://fhir.example.org/r4/MedicationRequest/request-amoxicillin",
              "resource": {
                "resourceType": "MedicationRequest",
                "id": "request-amoxicillin",
                "status": "active",
                "intent": "order",
                "subject": { "reference": "Patient/iris-1" },
                "dosageInstruction": [{ "doseAndRate": [{ "doseQuantity": { "value": 1.50, "unit": "capsule" } }] }]
              },
              "search": { "mode": "match", "score": 0.5 },
              "extension": [{ "url": "http://example.org/cache-age-seconds", "valueDecimal": 1e3 }]
            },
            {
              "fullUrl": "urn:uuid:6a1f9c0e-1d2b-4c3a-9e8f-7a6b5c4d3e2f",
              "resource": { "resourceType": "OperationOutcome", "issue": [{ "severity": "warning", "code": "processing" }] },
              "search": { "mode": "outcome", "_mode": { "extension": [{ "url": "http://example.org/weight", "valueDecimal": -0.0 }] } }
            }
          ]
        }
        """#

    /// An R4 batch response: entries with `response`, one with an `outcome`, one with a `request`.
    static let r4BatchResponseBundle = #"""
        {
          "resourceType": "Bundle",
          "id": "batch-response-1",
          "type": "batch-response",
          "entry": [
            {
              "resource": { "resourceType": "Medication", "id": "med-new", "amount": { "numerator": { "value": 1.50 }, "denominator": { "value": 1 } } },
              "response": {
                "status": "201 Created",
                "location": "Medication/med-new/_history/1",
                "etag": "W/\"1\"",
                "lastModified": "2019-03-01T09:10:00.000+01:00",
                "extension": [{ "url": "http://example.org/latency-seconds", "valueDecimal": 0.5 }]
              }
            },
            {
              "request": { "method": "POST", "url": "MedicationAdministration", "ifNoneExist": "identifier=A-2" },
              "response": {
                "status": "400 Bad Request",
                "outcome": {
                  "resourceType": "OperationOutcome",
                  "issue": [{ "severity": "error", "code": "invalid", "extension": [{ "url": "http://example.org/limit", "valueDecimal": 1e3 }] }]
                }
              },
              "link": [{ "relation": "alternate", "url": "http://example.org/retry", "extension": [{ "url": "http://example.org/d", "valueDecimal": -0.0 }] }]
            }
          ]
        }
        """#
}
