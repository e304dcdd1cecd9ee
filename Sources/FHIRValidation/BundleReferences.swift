import FHIRModel

/// A document or a message is read as a whole: the references its Composition or MessageHeader
/// makes are to the resources in the Bundle, found by the specification's rules for resolving
/// references in a Bundle (the entry's fullUrl; a relative reference taken against the base of
/// the fullUrl of the entry that makes it; a version by `meta.versionId`). A reference that
/// none matches, or more than one, is an error.
struct BundleReferences {
    struct Entry {
        let fullURL: String?
        let type: String?
        let id: String?
        let versionID: String?
    }

    func issues(at node: ElementWalk.Node) -> [ValidationIssue] {
        guard node.type == "Bundle", let kind = node.value["type"]?.stringValue,
            let first = node.value["entry"]?.arrayValue?.first, let resource = first["resource"]
        else { return [] }
        let expected = ["document": "Composition", "message": "MessageHeader"][kind]
        guard let expected, resource["resourceType"]?.stringValue == expected else { return [] }
        let entries = (node.value["entry"]?.arrayValue ?? []).map { entry in
            Entry(
                fullURL: entry["fullUrl"]?.stringValue, type: entry["resource"]?["resourceType"]?.stringValue,
                id: entry["resource"]?["id"]?.stringValue,
                versionID: entry["resource"]?["meta"]?["versionId"]?.stringValue)
        }
        let path = "\(node.path).entry[0].resource"
        return LiteralReference.all(in: resource, path: path).compactMap { reference in
            guard !reference.text.hasPrefix("#") else { return nil }
            let found = matches(reference.text, from: first["fullUrl"]?.stringValue, in: entries)
            if found == 1 { return nil }
            return ValidationIssue(
                path: reference.path,
                message: found == 0
                    ? "\(reference.text) is not in the \(kind): a \(kind)'s references are to its own entries"
                    : "\(reference.text) matches \(found) entries of the \(kind); it must name one")
        }
    }

    /// How many entries `reference`, made by the entry whose fullUrl is `base`, resolves to.
    func matches(_ reference: String, from base: String?, in entries: [Entry]) -> Int {
        var target = reference
        var version: String?
        if let range = reference.range(of: "/_history/") {
            target = String(reference[..<range.lowerBound])
            version = String(reference[range.upperBound...])
        }
        let absolute: String
        if DatatypeRules.isAbsolute(target) {
            absolute = target
        } else if let base, let root = Self.restfulBase(of: base) {
            absolute = "\(root)/\(target)"
        } else {
            let parts = target.split(separator: "/").map(String.init)
            guard parts.count == 2 else { return 0 }
            return entries.filter { $0.type == parts[0] && $0.id == parts[1] && fits($0, version) }.count
        }
        return entries.filter { $0.fullURL == absolute && fits($0, version) }.count
    }

    private func fits(_ entry: Entry, _ version: String?) -> Bool { version == nil || entry.versionID == version }

    /// The server base of a RESTful URL (`http://example.org/fhir` of
    /// `http://example.org/fhir/Patient/1`); nil for a `urn:`.
    static func restfulBase(of url: String) -> String? {
        guard url.hasPrefix("http://") || url.hasPrefix("https://"), let target = Reference(reference: url).target
        else { return nil }
        let unversioned = url.components(separatedBy: "/_history/")[0]
        let suffix = "/\(target.type)/\(target.id)"
        guard unversioned.hasSuffix(suffix), unversioned.count > suffix.count + "https://".count else { return nil }
        return String(unversioned.dropLast(suffix.count))
    }
}
