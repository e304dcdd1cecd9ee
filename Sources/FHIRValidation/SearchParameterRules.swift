import FHIRModel

/// What the specification says of a SearchParameter beyond its invariants: a composite
/// parameter combines two or more values, so it names at least two components; and one that
/// says it is derived from another (`derivedFrom`) stays consistent with it, so where that is
/// one of the specification's own it keeps its type and searches no resource it does not.
struct SearchParameterRules {
    let urls: SearchParameterURLs

    func issues(at node: ElementWalk.Node) -> [ValidationIssue] {
        guard node.type == "SearchParameter" else { return [] }
        return composite(node) + derived(node)
    }

    private func composite(_ node: ElementWalk.Node) -> [ValidationIssue] {
        guard node.value["type"]?.stringValue == "composite" else { return [] }
        let count = node.value["component"]?.arrayValue?.count ?? 0
        guard count < 2 else { return [] }
        return [
            ValidationIssue(
                path: node.path,
                message:
                    "a composite search parameter combines two or more values, and this one has \(count) components")
        ]
    }

    private func derived(_ node: ElementWalk.Node) -> [ValidationIssue] {
        guard let url = node.value["derivedFrom"]?.stringValue, let original = urls[url] else { return [] }
        var found: [ValidationIssue] = []
        if let type = node.value["type"]?.stringValue, type != original.type {
            found.append(
                ValidationIssue(
                    path: "\(node.path).type",
                    message: "it is derived from \(url), a \(original.type) parameter, so it is one too, not \(type)"))
        }
        let bases = node.value["base"]?.arrayValue?.compactMap(\.stringValue) ?? []
        for (index, base) in bases.enumerated()
        where !original.bases.contains(base) && !original.bases.contains("Resource") {
            found.append(
                ValidationIssue(
                    path: "\(node.path).base[\(index)]",
                    message:
                        "it is derived from \(url), which searches \(original.bases.joined(separator: ", ")), not \(base)"
                ))
        }
        return found
    }
}
