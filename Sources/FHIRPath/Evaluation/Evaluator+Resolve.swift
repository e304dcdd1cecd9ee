import FHIRModel

extension Evaluator {
    /// `resolve()`: each reference (a Reference's `reference`, or a uri string) to its resource:
    /// a contained one (`#id`), an entry of the Bundle being evaluated, or the environment's resolver.
    func resolve(_ items: [FHIRPathValue]) -> [FHIRPathValue] {
        items.compactMap { item in
            guard let reference = referenceText(item) else { return nil }
            return find(reference).map { .element(FHIRPathElement(resource: $0)) }
        }
    }

    private func referenceText(_ item: FHIRPathValue) -> String? {
        if case .element(let element) = item, element.node.isObject {
            return element.node["reference"]?.stringValue
        }
        if case .string(let text) = item.systemValue { return text }
        return nil
    }

    private func find(_ reference: String) -> JSONNode? {
        if reference.hasPrefix("#") {
            let id = String(reference.dropFirst())
            return resource?["contained"]?.items?.first { $0.member("id", is: id) }
        }
        for entry in resource?["entry"]?.items ?? [] {
            guard let found = entry["resource"], let type = found["resourceType"]?.stringValue,
                let id = found["id"]?.stringValue
            else { continue }
            let fullURL = entry["fullUrl"]?.stringValue
            if reference == fullURL || reference == "\(type)/\(id)" || reference.hasSuffix("/\(type)/\(id)") {
                return found
            }
        }
        return environment.resolver?(reference).map(JSONNode.tree)
    }
}
