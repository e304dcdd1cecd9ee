import FHIRModel

/// What a search's results are, by the Bundle's definition of `entry.search.mode`: a `match` is
/// a resource the search found, so one of the type searched (the `self` link's) with the id the
/// server gave it; an `outcome` is an OperationOutcome.
struct SearchSetRules {
    let model: FHIRTypeModel

    func issues(at node: ElementWalk.Node) -> [ValidationIssue] {
        guard node.type == "Bundle", node.value["type"]?.stringValue == "searchset",
            let entries = node.value["entry"]?.arrayValue
        else { return [] }
        let searched = searchedType(node.value)
        var found: [ValidationIssue] = []
        for (index, entry) in entries.enumerated() {
            guard let resource = entry["resource"], let type = resource["resourceType"]?.stringValue else { continue }
            let path = "\(node.path).entry[\(index)].resource"
            switch entry["search"]?["mode"]?.stringValue {
            case "outcome" where type != "OperationOutcome":
                found.append(
                    ValidationIssue(path: path, message: "an outcome entry is an OperationOutcome, not a \(type)"))
            case "match":
                if resource["id"] == nil {
                    found.append(ValidationIssue(path: path, message: "a search's match has the id its server gave it"))
                }
                if let searched, type != searched {
                    found.append(
                        ValidationIssue(path: path, message: "a \(type) cannot match a search of \(searched)"))
                }
            default: break
            }
        }
        return found
    }

    /// The type the `self` link searched (`Patient` of `…/Patient?name=test`); nil when it does
    /// not say, or names more than one (`_type`, a search of the whole server or a compartment).
    private func searchedType(_ bundle: JSONValue) -> String? {
        let link = bundle["link"]?.arrayValue?.first { $0["relation"]?.stringValue == "self" }
        guard let url = link?["url"]?.stringValue, let question = url.firstIndex(of: "?"),
            !url[question...].contains("_type=")
        else { return nil }
        let type = url[..<question].split(separator: "/").last.map(String.init)
        return type.flatMap { model.isResource($0) ? $0 : nil }
    }
}
