import FHIRModel

/// A contained resource is found by its id (`#med1`), so each has one, and no two of one
/// container share it: a reference to a duplicated id would name either.
struct ContainedRules {
    func issues(at node: ElementWalk.Node) -> [ValidationIssue] {
        guard let contained = node.value["contained"]?.arrayValue else { return [] }
        var found: [ValidationIssue] = []
        var seen: Set<String> = []
        for (index, resource) in contained.enumerated() {
            let path = "\(node.path).contained[\(index)]"
            guard let id = resource["id"]?.stringValue else {
                found.append(ValidationIssue(path: path, message: "a contained resource needs an id to be referred to"))
                continue
            }
            if !seen.insert(id).inserted {
                found.append(
                    ValidationIssue(path: path, message: "another contained resource already has the id '\(id)'"))
            }
        }
        return found
    }
}
