import FHIRModel

/// The codes of a complete CodeSystem, each with its parent, so that a ValueSet can take the
/// whole system or a part of its hierarchy (`is-a`, `descendent-of`).
struct CodeSystemCodes: Sendable {
    /// Each code and the code it sits below (nil at the top).
    let parents: [String: String?]

    init(parents: [String: String?]) { self.parents = parents }

    /// Reads a CodeSystem resource; nil unless its content is complete (a fragment or an
    /// example lists only some codes, so nothing may be concluded from a code's absence).
    init?(json: JSONValue) {
        guard json["content"]?.stringValue == "complete" else { return nil }
        var parents: [String: String?] = [:]
        func walk(_ concepts: [JSONValue], below parent: String?) {
            for concept in concepts {
                guard let code = concept["code"]?.stringValue else { continue }
                // A flat list may give each concept's parent as a property instead of nesting it.
                let stated = concept["property"]?.arrayValue?.first { $0["code"]?.stringValue == "parent" }?[
                    "valueCode"]?
                    .stringValue
                parents.updateValue(parent ?? stated, forKey: code)
                walk(concept["concept"]?.arrayValue ?? [], below: code)
            }
        }
        walk(json["concept"]?.arrayValue ?? [], below: nil)
        self.parents = parents
    }

    var codes: Set<String> { Set(parents.keys) }

    /// The codes below `code`, at any depth, without `code` itself.
    func descendants(of code: String) -> Set<String> {
        Set(
            parents.keys.filter { candidate in
                var next = parents[candidate] ?? nil
                var steps = 0
                while let current = next, steps < 64 {
                    if current == code { return true }
                    next = parents[current] ?? nil
                    steps += 1
                }
                return false
            })
    }
}
