/// Converts the resources Medbrain teaches between DSTU2 and R4.
///
/// Orders and administrations go through the tutorial views (``Order``, ``Administration``);
/// patients, medications and observations differ only in a few elements handled here.
/// What the target version cannot express is left out rather than written invalidly.
public enum VersionConversion {
    /// The same resource in `target`'s form; resource types neither version renames pass through.
    public static func convert(_ json: JSONValue, to target: FHIRVersion) throws(FHIRDecodingError) -> JSONValue {
        switch (json["resourceType"]?.stringValue, target) {
        case ("MedicationRequest", .dstu2): return Order(try R4.MedicationRequest(json: json)).dstu2.json
        case ("MedicationOrder", .r4): return Order(try DSTU2.MedicationOrder(json: json)).r4.json
        case ("MedicationAdministration", .dstu2):
            guard json["wasNotGiven"] == nil, json["effectiveTimeDateTime"] == nil, json["effectiveTimePeriod"] == nil
            else { return json }
            return Administration(try R4.MedicationAdministration(json: json)).dstu2.json
        case ("MedicationAdministration", .r4):
            guard json["effectiveDateTime"] == nil, json["effectivePeriod"] == nil, json["subject"] == nil else {
                return json
            }
            return Administration(try DSTU2.MedicationAdministration(json: json)).r4.json
        case ("Patient", _): return try patient(json, to: target)
        case ("Medication", _): return try medication(json, to: target)
        case ("Observation", _): return try observation(json, to: target)
        default: return json
        }
    }

    /// DSTU2 names carry a list of family names, R4 one.
    static func patient(_ json: JSONValue, to target: FHIRVersion) throws(FHIRDecodingError) -> JSONValue {
        var patient = try Patient(json: json)
        for index in patient.name.indices {
            patient.name[index].familyIsList = target == .dstu2
            // R4 has one family name; DSTU2's several (e.g. "van", "Beethoven") become one.
            if target == .r4, patient.name[index].family.count > 1 {
                patient.name[index].family = [patient.name[index].family.joined(separator: " ")]
            }
        }
        return patient.json
    }

    /// R4's `form` is DSTU2's `product.form`; R4's `status` has no DSTU2 counterpart.
    static func medication(_ json: JSONValue, to target: FHIRVersion) throws(FHIRDecodingError) -> JSONValue {
        var medication = try Medication(json: json)
        switch target {
        case .dstu2:
            medication.extra["status"] = nil
            if let form = medication.extra["form"] {
                medication.extra["form"] = nil
                medication.extra["product"] = .object(JSONObject([("form", form)]))
            }
        case .r4:
            if let form = medication.extra["product"]?["form"] {
                medication.extra["product"] = nil
                medication.extra["form"] = form
            }
        }
        return medication.json
    }

    /// DSTU2 has one category, R4 a list.
    static func observation(_ json: JSONValue, to target: FHIRVersion) throws(FHIRDecodingError) -> JSONValue {
        var observation = try Observation(json: json)
        observation.categoryIsList = target == .r4
        if target == .dstu2 { observation.category = Array(observation.category.prefix(1)) }
        return observation.json
    }
}
