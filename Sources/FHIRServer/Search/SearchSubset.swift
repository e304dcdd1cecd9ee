import FHIRModel

/// A match as `_elements` or `_summary` asks to see it: only some of its elements, marked
/// SUBSETTED in `meta.tag` so that no client takes it for the whole resource.
enum SearchSubset {
    /// The tag the specification gives a resource that is not all there.
    static let tag: JSONValue = .object(
        JSONObject([
            ("system", .string("http://terminology.hl7.org/CodeSystem/v3-ObservationValue")),
            ("code", .string("SUBSETTED")),
        ]))

    /// `stored` as the plan shows it: itself unless `_elements`, `_summary=data` or
    /// `_summary=text` leave elements out.
    static func shown(_ stored: StoredResource, plan: SearchPlan, model: FHIRTypeModel) -> StoredResource {
        guard case .object(let object) = stored.json ?? .null else { return stored }
        let kept: Set<String>
        let required = model.elements(of: stored.type).filter { $0.value.min > 0 }.map(\.key)
        switch (plan.summary, plan.elements) {
        case (.data, _): kept = Set(object.members.map(\.0).filter { $0 != "text" })
        case (.text, _): kept = Set(["text", "id", "meta", "resourceType"] + required)
        case (_, let elements?): kept = Set(["id", "meta", "resourceType"] + elements + required)
        default: return stored
        }
        var subset = JSONObject()
        for (key, value) in object.members where kept.contains(elementName(of: key, type: stored.type, model: model)) {
            subset.append(key, value)
        }
        var meta = subset["meta"]?.objectValue ?? JSONObject()
        meta["tag"] = .array((meta["tag"]?.arrayValue ?? []) + [tag])
        subset["meta"] = .object(meta)
        return StoredResource(
            type: stored.type, id: stored.id, versionId: stored.versionId, lastUpdated: stored.lastUpdated,
            resource: .object(subset))
    }

    /// The element a JSON key holds: itself, or the choice it is one type of
    /// (`effectiveDateTime` is `effective`). The key's `_` twin (a primitive's extensions) too.
    private static func elementName(of key: String, type: String, model: FHIRTypeModel) -> String {
        let name = key.hasPrefix("_") ? String(key.dropFirst()) : key
        guard model.element(name, of: type) == nil else { return name }
        for index in name.indices where name[index].isUppercase {
            let choice = String(name[..<index])
            if model.element(choice, of: type)?.isChoice == true { return choice }
        }
        return name
    }
}
