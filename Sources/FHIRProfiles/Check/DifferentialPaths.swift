import FHIRModel
import FHIRValidation

/// A profile's differential, read against the type it constrains: each element's `path` walks
/// from the type through elements it has (`Observation.component.code`, a choice by its
/// name or one of its types, `Observation.valueQuantity`), or no snapshot could be made of it.
/// Beyond an element of several types the walk stops: which one the path means is a snapshot's
/// question, not the path's.
struct DifferentialPaths {
    let model: FHIRTypeModel

    func issues(in definition: JSONValue, at path: String) -> [ValidationIssue] {
        guard definition["derivation"]?.stringValue == "constraint",
            let type = definition["type"]?.stringValue, model.knows(type),
            let elements = definition["differential"]?["element"]?.arrayValue
        else { return [] }
        return elements.enumerated().compactMap { index, element in
            guard let elementPath = element["path"]?.stringValue, let problem = problem(elementPath, in: type) else {
                return nil
            }
            return ValidationIssue(
                path: "\(path).differential.element[\(index)].path",
                message: "\(elementPath) is not a path of \(type): \(problem)")
        }
    }

    /// Why `path` names no element of `type`, or nil when it does.
    func problem(_ path: String, in type: String) -> String? {
        let segments = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard segments.first == type else { return "a differential's paths start with the type it constrains" }
        var owner: String? = type
        for segment in segments.dropFirst() {
            guard let current = owner else { return nil }
            guard !segment.isEmpty else { return "a part of it is empty" }
            let name = segment.hasSuffix("[x]") ? String(segment.dropLast(3)) : segment
            if let element = model.element(name, of: current), element.isChoice == segment.hasSuffix("[x]") {
                owner = element.types.count == 1 ? element.types[0] : nil
            } else if let member = model.member(segment, of: current), member.element != segment {
                owner = member.type
            } else {
                return "\(current) has no element \(segment)"
            }
        }
        return nil
    }
}
