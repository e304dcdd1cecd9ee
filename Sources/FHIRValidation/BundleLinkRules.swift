import FHIRModel

/// A Bundle's navigation links, as the specification's paging describes them: the page itself
/// (`self`) and the pages around it (`first`, `previous`, `next`, `last`) are each one page, so
/// each relation names one link at most. Other relations (`alternate`, …) may repeat.
struct BundleLinkRules {
    static let navigation: Set<String> = ["self", "first", "previous", "prev", "next", "last"]

    func issues(at node: ElementWalk.Node) -> [ValidationIssue] {
        guard node.type == "Bundle", let links = node.value["link"]?.arrayValue else { return [] }
        var seen: Set<String> = []
        var found: [ValidationIssue] = []
        for (index, link) in links.enumerated() {
            guard let relation = link["relation"]?.stringValue, Self.navigation.contains(relation) else { continue }
            if !seen.insert(relation).inserted {
                found.append(
                    ValidationIssue(
                        path: "\(node.path).link[\(index)]",
                        message: "a second '\(relation)' link: a Bundle has one page of each navigation relation"))
            }
        }
        return found
    }
}
