extension Fixture {
    /// A DSTU2 `Conformance` statement, read by the same type as R4's CapabilityStatement.
    static let dstu2Conformance = #"""
        {
          "resourceType": "Conformance",
          "id": "medbrain-dstu2",
          "extension": [{ "url": "http://example.org/fhir/StructureDefinition/uptime-ratio", "valueDecimal": 0.5 }],
          "status": "active",
          "date": "2016-08-16",
          "publisher": "Medbrain",
          "kind": "instance",
          "software": { "name": "Medbrain", "version": "0.1.0", "releaseDate": "2016-08-01" },
          "implementation": { "description": "Tutorial server", "url": "http://localhost:8080/dstu2" },
          "fhirVersion": "1.0.2",
          "acceptUnknown": "both",
          "format": ["application/json+fhir", "json"],
          "rest": [
            {
              "mode": "server",
              "security": { "cors": true, "extension": [{ "url": "http://example.org/token-lifetime-hours", "valueDecimal": 1.50 }] },
              "resource": [
                {
                  "type": "MedicationOrder",
                  "profile": { "reference": "http://hl7.org/fhir/StructureDefinition/MedicationOrder" },
                  "interaction": [{ "code": "read" }, { "code": "search-type", "documentation": "patient and status only" }],
                  "versioning": "versioned",
                  "searchInclude": ["MedicationOrder:patient"],
                  "searchParam": [
                    { "name": "patient", "type": "reference", "documentation": "The patient the order is for", "target": ["Patient"] },
                    { "name": "status", "type": "token" }
                  ]
                },
                { "type": "Patient", "interaction": [{ "code": "read", "extension": [{ "url": "http://example.org/cost", "valueDecimal": -0.0 }] }] }
              ],
              "interaction": [{ "code": "transaction" }],
              "operation": [{ "name": "everything", "definition": { "reference": "OperationDefinition/Patient-everything" } }]
            }
          ],
          "_publisher": { "extension": [{ "url": "http://example.org/fhir/StructureDefinition/max-page-size", "valueDecimal": 1e3 }] }
        }
        """#

    /// An R4 CapabilityStatement with unknown members on the statement, rest, resources and params.
    static let r4CapabilityStatement = #"""
        {
          "resourceType": "CapabilityStatement",
          "id": "medbrain-r4",
          "url": "http://localhost:8080/r4/metadata",
          "version": "0.1.0",
          "name": "MedbrainR4",
          "status": "active",
          "experimental": true,
          "date": "2019-03-01T09:00:00+01:00",
          "publisher": "Medbrain",
          "kind": "instance",
          "software": { "name": "Medbrain", "version": "0.1.0", "extension": [{ "url": "http://example.org/build-ratio", "valueDecimal": 0.5 }] },
          "fhirVersion": "4.0.1",
          "format": ["application/fhir+json", "json"],
          "patchFormat": ["application/json-patch+json"],
          "rest": [
            {
              "mode": "server",
              "documentation": "Read and search the tutorial's resources.",
              "resource": [
                {
                  "type": "MedicationRequest",
                  "supportedProfile": ["http://hl7.org/fhir/StructureDefinition/MedicationRequest"],
                  "interaction": [{ "code": "read" }, { "code": "create" }, { "code": "search-type" }],
                  "conditionalCreate": true,
                  "searchInclude": ["MedicationRequest:subject", "MedicationRequest:medication"],
                  "searchRevInclude": ["MedicationAdministration:request"],
                  "searchParam": [
                    {
                      "name": "subject",
                      "definition": "http://hl7.org/fhir/SearchParameter/MedicationRequest-subject",
                      "type": "reference",
                      "documentation": "Who the request is for"
                    },
                    { "name": "authoredon", "type": "date", "extension": [{ "url": "http://example.org/precision", "valueDecimal": 1.50 }] }
                  ]
                },
                { "type": "Observation", "interaction": [{ "code": "read" }], "readHistory": false }
              ],
              "interaction": [{ "code": "batch" }, { "code": "transaction" }],
              "searchParam": [{ "name": "_lastUpdated", "type": "date" }]
            }
          ],
          "extension": [
            { "url": "http://example.org/fhir/StructureDefinition/max-page-size", "valueDecimal": 1e3 },
            { "url": "http://example.org/fhir/StructureDefinition/clock-offset", "valueDecimal": -0.0 }
          ]
        }
        """#
}
