import FHIRModel

/// MedicationAdministrations read from JSON: a Bundle, an array, or one resource, in either
/// version (told by each resource's own shape: DSTU2 has `effectiveTime[x]`, R4 `effective[x]`).
public struct AdministrationInput: Sendable {
    public let administrations: [Administration]
    /// Resource types of Bundle entries that are not administrations (an `_include`d order,
    /// say), skipped but named so nothing vanishes without a word.
    public let skipped: [String]

    public init(jsonText bytes: some Sequence<UInt8>) throws(FHIRReadError) {
        let json: JSONValue
        do { json = try JSONParser.parse(bytes) } catch { throw .syntax(error) }
        do { (administrations, skipped) = try Self.read(json) } catch { throw .shape(error) }
    }

    /// Administrations from JSON already parsed: an array of them or a Bundle. `firstIndex`
    /// numbers an array's items in error paths, for an array that continues an earlier one.
    public init(json: JSONValue, firstIndex: Int = 0) throws(FHIRDecodingError) {
        (administrations, skipped) = try Self.read(json, firstIndex: firstIndex)
    }

    /// The administrations alone.
    public static func administrations(jsonText bytes: some Sequence<UInt8>) throws(FHIRReadError) -> [Administration] {
        try AdministrationInput(jsonText: bytes).administrations
    }

    private static func read(_ json: JSONValue, firstIndex: Int = 0) throws(FHIRDecodingError)
        -> ([Administration], [String])
    {
        switch json {
        case .array(let items):
            var result: [Administration] = []
            for (index, item) in items.enumerated() {
                result.append(try administration(item, at: .root("[\(firstIndex + index)]")))
            }
            return (result, [])
        case .object where json["resourceType"] == "Bundle":
            // Reading the Bundle checks its shape: `entry` an array of objects.
            let bundle = try FHIRModel.Bundle(json: json)
            var (result, skipped): ([Administration], [String]) = ([], [])
            for (index, entry) in bundle.entry.enumerated() {
                let location = ElementPath.member(.item(.root("Bundle"), "entry", index), "resource")
                guard let resource = entry.resource else { continue }
                guard case .object = resource else {
                    throw FHIRDecodingError(
                        path: location.text, message: "expected an object, found \(resource.kindName)")
                }
                let type = resource["resourceType"]?.stringValue ?? "an entry without resourceType"
                if type == "MedicationAdministration" {
                    result.append(try administration(resource, at: location))
                } else {
                    skipped.append(type)
                }
            }
            return (result, skipped)
        default:
            return ([try administration(json, at: .root("MedicationAdministration"))], [])
        }
    }

    private static func administration(_ json: JSONValue, at location: ElementPath) throws(FHIRDecodingError)
        -> Administration
    {
        guard json["resourceType"] == "MedicationAdministration" else {
            let found = json["resourceType"]?.stringValue.map { "a \($0)" } ?? json.kindName
            throw FHIRDecodingError(path: location.text, message: "expected a MedicationAdministration, found \(found)")
        }
        let isDSTU2 =
            json["effectiveTimeDateTime"] != nil || json["effectiveTimePeriod"] != nil || json["wasNotGiven"] != nil
            || json["prescription"] != nil || json["patient"] != nil
        if isDSTU2 { return Administration(try DSTU2.MedicationAdministration(json: json, at: location)) }
        return Administration(try R4.MedicationAdministration(json: json, at: location))
    }
}
