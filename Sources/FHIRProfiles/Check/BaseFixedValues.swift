import FHIRModel
import FHIRValidation

/// A profile read against the profile it derives from: that is another profile, and a derived
/// profile only narrows its base, so an element its base fixes to a value (an extension's
/// `url`) keeps that value.
struct BaseFixedValues {
    let resources: ConformanceResources

    func issues(in definition: JSONValue, at path: String) -> [ValidationIssue] {
        guard definition["derivation"]?.stringValue == "constraint",
            let base = definition["baseDefinition"]?.stringValue
        else { return [] }
        if let url = definition["url"]?.stringValue, Self.canonical(base) == Self.canonical(url) {
            return [
                ValidationIssue(
                    path: "\(path).baseDefinition", message: "\(url) derives from itself: a profile's base is another")
            ]
        }
        guard resources.profile(base) != nil,
            let tree = try? ProfileTree(url: base, resources: resources),
            let elements = definition["differential"]?["element"]?.arrayValue
        else { return [] }
        var found: [ValidationIssue] = []
        for (index, json) in elements.enumerated() {
            guard let element = ElementConstraint(json: json, id: nil), let fixed = element.fixed else { continue }
            for inherited in tree.constraints(of: element.id).compactMap(\.fixed) where inherited != fixed {
                found.append(
                    ValidationIssue(
                        path: "\(path).differential.element[\(index)]",
                        message:
                            "\(element.id) is fixed to \(Self.shown(inherited)) by \(base), which a profile derived from it cannot change to \(Self.shown(fixed))"
                    ))
            }
        }
        return found
    }

    private static func canonical(_ url: String) -> Substring {
        url.split(separator: "|", maxSplits: 1).first ?? ""
    }

    private static func shown(_ value: JSONValue) -> String {
        value.stringValue.map { "'\($0)'" } ?? "another value"
    }
}
