import FHIRModel
import FHIRServer
import FHIRValidation

extension FuzzTarget {
    /// Queries as clients write them: the feature tests' searches, every kind and modifier.
    static let searchSeeds = [
        "Observation?value-quantity=gt125", "Observation?value-quantity=120|http://unitsofmeasure.org|mm[Hg]",
        "Observation?value-quantity=70||/min", "Observation?value-quantity:missing=true",
        "Observation?code:text=systolic", "Observation?code:not=8480-6", "Observation?code=http://loinc.org|",
        "Observation?subject=Patient/f001&code=http://loinc.org|8480-6&date=ge2016-08-11&date=lt2016-09",
        "Observation?subject:Patient=f002", "Observation?patient.gender=female",
        "Observation?patient._has:Observation:patient:code=8867-4", "Patient?_has:Observation:patient:code=8480-6",
        "Patient?family:exact=Mustermann&given:contains=er", "Patient?birthdate=lt1950&_sort=-birthdate",
        "Patient?_id=f001&_revinclude=Observation:patient&_elements=name,birthDate",
        "MedicationAdministration?_id=adm-043&_include=MedicationAdministration:request"
            + "&_include:iterate=MedicationRequest:medication",
        "MedicationRequest?patient=f001&_include=*&_summary=data&_total=none&_count=5&_offset=2",
        "RiskAssessment?probability=ap0.5", "ValueSet?url:below=http://hl7.org/fhir",
        "MedicationAdministration?effective-time=ge2016-07-01T00:00:00%2B02:00&status=not-done",
        "Observation?code-value-quantity=http://loinc.org|8480-6$gt130,8867-4\\$x$lt100&_text=fever",
        "Observation?combo-code-value-quantity=8480-6$120|http://unitsofmeasure.org|mm[Hg]&_content=heart",
        "Observation?subject:identifier=urn:oid:1.2.40.0.10.1.4.3.1|1111241261&_totalMethod=count",
    ]

    /// The search parameter parser and matcher: a query of any type read and matched against the
    /// built-in data's first resources of the type, as the R4 server would.
    static func searchQuery(resources: [JSONValue]) -> FuzzTarget {
        let reader = SearchQueryReader(version: .r4)
        var byType: [String: [JSONValue]] = [:]
        for resource in resources {
            guard let type = resource["resourceType"]?.stringValue, byType[type, default: []].count < 3 else {
                continue
            }
            byType[type, default: []].append(resource)
        }
        let known = byType
        return FuzzTarget(name: "search parameter parser", seeds: searchSeeds) { bytes in
            let text = String(decoding: bytes, as: UTF8.self)
            let parts = text.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
            let type = parts.count > 1 && !parts[0].isEmpty ? String(parts[0]) : "Observation"
            _ = reader.read(parts.count > 1 ? String(parts[1]) : text, type: type, on: known[type] ?? [])
        }
    }

    /// The generic validator, on any JSON as any type the JSON names, in R4 and R5.
    static func validator(seeds: [String]) -> FuzzTarget {
        let validators = [ResourceValidator(version: .r4), ResourceValidator(version: .r5)]
        return FuzzTarget(name: "resource validator", seeds: seeds) { bytes in
            guard let json = try? JSONParser.parse(bytes) else { return }
            let type = json["resourceType"]?.stringValue ?? "Observation"
            _ = validators[bytes.count % 2].issues(in: json, type: type) { _, _ in bytes.count % 3 == 0 }
        }
    }
}
