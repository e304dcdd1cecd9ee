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

    /// Administrations from a list of resources in a tree or a tape; `firstIndex` numbers
    /// them in error paths, for a list that continues an earlier one.
    public init(nodes: [JSONNode], firstIndex: Int = 0) throws(FHIRDecodingError) {
        var result: [Administration] = []
        result.reserveCapacity(nodes.count)
        for (index, node) in nodes.enumerated() {
            result.append(try Self.administration(node, at: .position(firstIndex + index)))
        }
        (administrations, skipped) = (result, [])
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
            return (
                try AdministrationInput(nodes: items.map(JSONNode.tree), firstIndex: firstIndex).administrations, []
            )
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
                    result.append(try administration(.tree(resource), at: location))
                } else {
                    skipped.append(type)
                }
            }
            return (result, skipped)
        default:
            return ([try administration(.tree(json), at: .root("MedicationAdministration"))], [])
        }
    }

    private static func administration(_ node: JSONNode, at location: ElementPath) throws(FHIRDecodingError)
        -> Administration
    {
        guard node.member("resourceType", is: "MedicationAdministration") else {
            let found = node["resourceType"]?.stringValue.map { "a \($0)" } ?? node.kindName
            throw FHIRDecodingError(path: location.text, message: "expected a MedicationAdministration, found \(found)")
        }
        return try Administration(node: node, at: location)
    }
}
