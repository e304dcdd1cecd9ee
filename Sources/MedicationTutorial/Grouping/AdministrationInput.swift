import FHIRModel

/// MedicationAdministrations read from JSON: a Bundle, an array, or one resource, in either
/// version (told by each resource's own shape: DSTU2 has `effectiveTime[x]`, R4 `effective[x]`).
public enum AdministrationInput {
    public static func administrations(jsonText bytes: some Sequence<UInt8>) throws(FHIRReadError) -> [Administration] {
        let json: JSONValue
        do { json = try JSONParser.parse(bytes) } catch { throw .syntax(error) }
        do {
            switch json {
            case .array(let items):
                return try items.enumerated().compactMap { try administration($1, path: "[\($0)]", skipOthers: false) }
            case .object where json["resourceType"] == "Bundle":
                let entries = json["entry"]?.arrayValue ?? []
                return try entries.enumerated().compactMap { index, entry in
                    try entry["resource"].flatMap {
                        try administration($0, path: "Bundle.entry[\(index)].resource", skipOthers: true)
                    }
                }
            default:
                return [try administration(json, path: "MedicationAdministration", skipOthers: false)].compactMap { $0 }
            }
        } catch let error as FHIRDecodingError {
            throw .shape(error)
        } catch {
            // Only FHIRDecodingError is thrown above; an untyped `throws` closure hides that.
            throw .shape(FHIRDecodingError(path: "MedicationAdministration", message: "\(error)"))
        }
    }

    /// A Bundle may hold other resources (an `_include`d order, an OperationOutcome): skipped.
    private static func administration(_ json: JSONValue, path: String, skipOthers: Bool) throws -> Administration? {
        guard json["resourceType"] == "MedicationAdministration" else {
            if skipOthers { return nil }
            let found = json["resourceType"]?.stringValue.map { "a \($0)" } ?? json.kindName
            throw FHIRDecodingError(path: path, message: "expected a MedicationAdministration, found \(found)")
        }
        let isDSTU2 =
            json["effectiveTimeDateTime"] != nil || json["effectiveTimePeriod"] != nil
            || json["wasNotGiven"] != nil || json["prescription"] != nil || json["patient"] != nil
        if isDSTU2 { return Administration(try DSTU2.MedicationAdministration(json: json, path: path)) }
        return Administration(try R4.MedicationAdministration(json: json, path: path))
    }
}
