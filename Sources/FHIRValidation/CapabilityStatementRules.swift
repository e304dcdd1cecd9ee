import FHIRModel

/// A CapabilityStatement's search parameters read against their definitions: a `searchParam`
/// whose `definition` is one of the specification's own SearchParameters has that one's type.
struct CapabilityStatementRules {
    let urls: SearchParameterURLs

    func issues(at node: ElementWalk.Node) -> [ValidationIssue] {
        guard node.type == "CapabilityStatement" else { return [] }
        var found: [ValidationIssue] = []
        for (r, rest) in (node.value["rest"]?.arrayValue ?? []).enumerated() {
            for (t, resource) in (rest["resource"]?.arrayValue ?? []).enumerated() {
                for (p, parameter) in (resource["searchParam"]?.arrayValue ?? []).enumerated() {
                    guard let url = parameter["definition"]?.stringValue, let definition = urls[url],
                        let type = parameter["type"]?.stringValue, type != definition.type
                    else { continue }
                    found.append(
                        ValidationIssue(
                            path: "\(node.path).rest[\(r)].resource[\(t)].searchParam[\(p)].type",
                            message: "its definition \(url) is a \(definition.type) parameter, not \(type)"))
                }
            }
        }
        return found
    }
}
