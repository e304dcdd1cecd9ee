/// Converts the resources Medbrain teaches between DSTU2, STU3, R4 and R5.
///
/// Orders and administrations go through the tutorial views (``Order``, ``Administration``);
/// patients, medications and observations differ only in a few elements handled here.
/// What the target version cannot express is left out rather than written invalidly.
public enum VersionConversion {
    /// The same resource in `target`'s form; resource types no version renames pass through.
    /// A resource already in `target`'s form is returned as it is.
    public static func convert(_ json: JSONValue, to target: FHIRVersion) throws(FHIRDecodingError) -> JSONValue {
        switch json["resourceType"]?.stringValue {
        case "MedicationRequest", "MedicationOrder":
            guard Order.version(of: json) != target else { return json }
            return try Order(json: json).json(in: target)
        case "MedicationAdministration":
            guard Administration.version(of: json) != target else { return json }
            return try Administration(json: json).json(in: target)
        case "Patient": return try patient(json, to: target)
        case "Medication": return try medication(json, to: target)
        case "Observation": return try observation(json, to: target)
        default: return json
        }
    }

    /// DSTU2 names carry a list of family names, later releases one.
    static func patient(_ json: JSONValue, to target: FHIRVersion) throws(FHIRDecodingError) -> JSONValue {
        var patient = try Patient(json: json)
        for index in patient.name.indices {
            patient.name[index].familyIsList = target == .dstu2
            // R4 has one family name; DSTU2's several (e.g. "van", "Beethoven") become one.
            if target != .dstu2, patient.name[index].family.count > 1 {
                patient.name[index].family = [patient.name[index].family.joined(separator: " ")]
            }
        }
        return patient.json
    }

    /// The form is DSTU2's `product.form`, STU3's and R4's `form` and R5's `doseForm`; the
    /// later `status` has no DSTU2 counterpart.
    static func medication(_ json: JSONValue, to target: FHIRVersion) throws(FHIRDecodingError) -> JSONValue {
        var medication = try Medication(json: json)
        let form = medication.extra["doseForm"] ?? medication.extra["form"] ?? medication.extra["product"]?["form"]
        (medication.extra["doseForm"], medication.extra["form"]) = (nil, nil)
        switch target {
        case .dstu2:
            medication.extra["status"] = nil
            var product = medication.extra["product"]?.objectValue ?? JSONObject()
            product["form"] = form
            medication.extra["product"] = product.isEmpty ? nil : .object(product)
        case .stu3, .r4, .r4b:
            // STU3, R4 and R5 have no product: its form moves up, the rest has no place there.
            medication.extra["product"] = nil
            medication.extra["form"] = form
        case .r5:
            medication.extra["product"] = nil
            medication.extra["doseForm"] = form
        }
        return medication.json
    }

    /// DSTU2 has one category, later releases a list.
    static func observation(_ json: JSONValue, to target: FHIRVersion) throws(FHIRDecodingError) -> JSONValue {
        var observation = try Observation(json: json)
        observation.categoryIsList = target != .dstu2
        if target == .dstu2 { observation.category = Array(observation.category.prefix(1)) }
        return observation.json
    }
}
