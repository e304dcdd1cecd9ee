import FHIRModel

/// What the Bundle's definition says of `entry.fullUrl`: the absolute URL of the entry's
/// resource (`urn:uuid:…` where it has none on a server yet), which does not disagree with the
/// resource's id: a RESTful URL ends in the resource's own type and id.
struct BundleEntryRules {
    let model: FHIRTypeModel

    func issues(at node: ElementWalk.Node) -> [ValidationIssue] {
        guard node.type == "Bundle", let entries = node.value["entry"]?.arrayValue else { return [] }
        var found: [ValidationIssue] = []
        for (index, entry) in entries.enumerated() {
            guard let fullURL = entry["fullUrl"]?.stringValue, !fullURL.isEmpty else { continue }
            let path = "\(node.path).entry[\(index)].fullUrl"
            guard DatatypeRules.isAbsolute(fullURL) else {
                found.append(
                    ValidationIssue(
                        path: path,
                        message:
                            "'\(fullURL)' is not an absolute URL; a fullUrl is one (http://…/\(fullURL), urn:uuid:…)"))
                continue
            }
            if let issue = disagreement(fullURL, with: entry["resource"], at: path) { found.append(issue) }
        }
        return found
    }

    /// A RESTful fullUrl (`…/Patient/123`) whose type and id are not the resource's.
    private func disagreement(_ fullURL: String, with resource: JSONValue?, at path: String) -> ValidationIssue? {
        guard BundleReferences.restfulBase(of: fullURL) != nil,
            let type = resource?["resourceType"]?.stringValue, let id = resource?["id"]?.stringValue,
            let (urlType, urlID) = Reference(reference: fullURL).target, model.isResource(urlType),
            urlType != type || urlID != id
        else { return nil }
        return ValidationIssue(
            path: path, message: "'\(fullURL)' names \(urlType)/\(urlID), but the entry's resource is \(type)/\(id)")
    }
}
