extension Fixture {
    /// A DSTU2 medication: the dose form sits under `product`, which the model does not read.
    static let dstu2Medication = #"""
        {
          "resourceType": "Medication",
          "id": "med-metformin",
          "text": { "status": "generated", "div": "<div xmlns=\"http://www.w3.org/1999/xhtml\">Metformin 500 mg tablet</div>" },
          "extension": [{ "url": "http://example.org/fhir/StructureDefinition/shelf-life-years", "valueDecimal": 1.50 }],
          "code": {
            "coding": [
              {
                "system": "http://www.nlm.nih.gov/research/umls/rxnorm",
                "version": "2016-08",
                "code": "861007",
                "display": "Metformin hydrochloride 500 MG Oral Tablet",
                "extension": [{ "url": "http://example.org/fhir/StructureDefinition/coding-confidence", "valueDecimal": 0.5 }]
              }
            ],
            "text": "Metformin 500 mg"
          },
          "isBrand": false,
          "manufacturer": { "reference": "Organization/acme-pharma" },
          "product": {
            "form": { "coding": [{ "system": "http://snomed.info/sct", "code": "385055001", "display": "Tablet" }] },
            "ingredient": [
              {
                "item": { "reference": "Substance/metformin-hydrochloride" },
                "amount": {
                  "numerator": { "value": 500, "unit": "mg", "system": "http://unitsofmeasure.org", "code": "mg" },
                  "denominator": { "value": 1, "unit": "tablet" }
                }
              }
            ],
            "batch": [{ "lotNumber": "A-113", "expirationDate": "2018-05-31" }]
          },
          "package": {
            "container": { "text": "bottle" },
            "content": [{ "itemReference": { "display": "Metformin tablets" }, "amount": { "value": 1e3, "unit": "tablet" } }]
          },
          "_isBrand": { "extension": [{ "url": "http://example.org/fhir/StructureDefinition/temperature-offset", "valueDecimal": -0.0 }] }
        }
        """#

    /// An R4 medication: `status` and `form` at the top, an ingredient strength as a ratio.
    static let r4Medication = #"""
        {
          "resourceType": "Medication",
          "id": "med-amoxicillin",
          "meta": { "profile": ["http://hl7.org/fhir/StructureDefinition/Medication"], "tag": [{ "code": "seed" }] },
          "code": {
            "coding": [
              {
                "system": "http://www.nlm.nih.gov/research/umls/rxnorm",
                "code": "308191",
                "display": "Amoxicillin 500 MG Oral Capsule",
                "_display": { "extension": [{ "url": "http://hl7.org/fhir/StructureDefinition/translation", "valueString": "Amoxicillin" }] }
              }
            ]
          },
          "status": "active",
          "form": { "coding": [{ "system": "http://snomed.info/sct", "code": "385049006", "display": "Capsule" }] },
          "amount": {
            "numerator": { "value": 1e3, "unit": "capsule" },
            "denominator": { "value": 1, "unit": "bottle" }
          },
          "ingredient": [
            {
              "itemCodeableConcept": { "text": "amoxicillin trihydrate" },
              "isActive": true,
              "strength": {
                "numerator": { "value": 0.5, "unit": "g", "system": "http://unitsofmeasure.org", "code": "g" },
                "denominator": { "value": 1.50, "unit": "capsule" }
              }
            }
          ],
          "batch": { "lotNumber": "B-7", "expirationDate": "2021-01-31" },
          "extension": [{ "url": "http://example.org/fhir/StructureDefinition/storage-temperature-offset", "valueDecimal": -0.0 }]
        }
        """#
}
