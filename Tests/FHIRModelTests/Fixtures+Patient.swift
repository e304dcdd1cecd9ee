/// Realistic resources used across the tests, one namespace for all fixture texts.
enum Fixture {}

extension Fixture {
    /// A DSTU2 patient: `family` is a list, with unknown members in and around modelled elements.
    static let dstu2Patient = #"""
        {
          "resourceType": "Patient",
          "id": "iris-1",
          "meta": {
            "versionId": "3",
            "lastUpdated": "2016-08-16T09:30:00.000+02:00",
            "security": [{ "system": "http://hl7.org/fhir/v3/Confidentiality", "code": "N" }]
          },
          "text": {
            "status": "generated",
            "div": "<div xmlns=\"http://www.w3.org/1999/xhtml\">Iris Mustermann, born 25 Dec 1974</div>"
          },
          "extension": [
            {
              "url": "http://example.org/fhir/StructureDefinition/body-height",
              "valueQuantity": { "value": 1.50, "unit": "m", "system": "http://unitsofmeasure.org", "code": "m" }
            },
            { "url": "http://example.org/fhir/StructureDefinition/daily-step-goal", "valueDecimal": 1e3 }
          ],
          "identifier": [
            {
              "use": "official",
              "type": {
                "coding": [{ "system": "http://hl7.org/fhir/v2/0203", "code": "SS", "userSelected": false }],
                "fhir_comments": ["national insurance number"]
              },
              "system": "urn:oid:2.16.840.1.113883.4.1",
              "value": "123-45-6789",
              "assigner": { "display": "Social Security Administration" }
            }
          ],
          "active": true,
          "name": [
            {
              "use": "official",
              "family": ["Mustermann", "Schmidt"],
              "given": ["Iris", "Maria"],
              "_given": [null, { "extension": [{ "url": "http://example.org/fhir/StructureDefinition/name-qualifier", "valueCode": "MI" }] }],
              "period": { "start": "1974-12-25", "extension": [{ "url": "http://example.org/fhir/StructureDefinition/source", "valueString": "registry" }] }
            }
          ],
          "telecom": [{ "system": "phone", "value": "+44 20 7946 0958", "use": "mobile", "rank": 1 }],
          "gender": "female",
          "birthDate": "1974-12-25",
          "_birthDate": {
            "extension": [
              { "url": "http://hl7.org/fhir/StructureDefinition/patient-birthTime", "valueDateTime": "1974-12-25T14:35:45-05:00" }
            ]
          },
          "deceasedBoolean": false,
          "address": [
            {
              "use": "home",
              "line": ["1 Blackheath Avenue"],
              "city": "London",
              "postalCode": "SE10 8XJ",
              "country": "GB",
              "extension": [
                {
                  "url": "http://hl7.org/fhir/StructureDefinition/geolocation",
                  "extension": [
                    { "url": "latitude", "valueDecimal": 51.4769 },
                    { "url": "longitude", "valueDecimal": -0.0 },
                    { "url": "accuracy", "valueDecimal": 0.5 }
                  ]
                }
              ]
            }
          ],
          "communication": [{ "language": { "text": "English" }, "preferred": true }]
        }
        """#

    /// An R4 patient: `family` is one string; unknown members at the top, in names and addresses.
    static let r4Patient = #"""
        {
          "resourceType": "Patient",
          "id": "iris-1",
          "meta": { "versionId": "7", "lastUpdated": "2019-03-01T08:00:00Z", "source": "#medbrain" },
          "extension": [
            { "url": "http://example.org/fhir/StructureDefinition/body-weight-kg", "valueDecimal": 1.50 },
            { "url": "http://example.org/fhir/StructureDefinition/daily-step-goal", "valueDecimal": 1e3 }
          ],
          "identifier": [{ "system": "https://example.org/mrn", "value": "MRN-0042", "period": { "start": "2001-05-06" } }],
          "active": true,
          "name": [
            {
              "use": "official",
              "family": "Mustermann",
              "_family": { "extension": [{ "url": "http://hl7.org/fhir/StructureDefinition/humanname-own-name", "valueString": "Mustermann" }] },
              "given": ["Iris"],
              "prefix": ["Dr."]
            },
            { "use": "nickname", "given": ["Ris"] }
          ],
          "telecom": [
            { "system": "email", "value": "iris@example.org", "use": "home", "period": { "end": "2030-01-01" } }
          ],
          "gender": "female",
          "birthDate": "1974-12-25",
          "_birthDate": {
            "extension": [
              { "url": "http://hl7.org/fhir/StructureDefinition/patient-birthTime", "valueDateTime": "1974-12-25T14:35:45-05:00" }
            ]
          },
          "address": [
            {
              "use": "home",
              "type": "physical",
              "text": "Hauptstraße 1, 10115 Berlin",
              "line": ["Hauptstraße 1"],
              "city": "Berlin",
              "district": "Mitte",
              "postalCode": "10115",
              "country": "DE",
              "extension": [
                {
                  "url": "http://hl7.org/fhir/StructureDefinition/geolocation",
                  "extension": [
                    { "url": "latitude", "valueDecimal": 52.5200 },
                    { "url": "longitude", "valueDecimal": 13.4050 },
                    { "url": "accuracy", "valueDecimal": 0.5 },
                    { "url": "altitude-offset", "valueDecimal": -0.0 }
                  ]
                }
              ]
            }
          ],
          "maritalStatus": { "coding": [{ "system": "http://terminology.hl7.org/CodeSystem/v3-MaritalStatus", "code": "M" }] },
          "managingOrganization": { "reference": "Organization/charite" }
        }
        """#
}
