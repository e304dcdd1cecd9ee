import FHIRModel

/// The specification's rules written in its prose rather than as invariants (``DatatypeRules``,
/// ``ContainedRules``, ``BundleEntryRules``, ``BundleReferences``, ``SearchSetRules``,
/// ``BundleLinkRules``, ``SearchParameterRules``, ``CapabilityStatementRules``), checked on one walk of the resource.
struct WrittenRules {
    let model: FHIRTypeModel
    let searchParameters: SearchParameterURLs

    init(version: FHIRVersion) {
        model = version.release.model
        searchParameters = version.release.searchParameterURLs
    }

    func issues(in resource: JSONValue, type: String) -> [ValidationIssue] {
        let datatypes = DatatypeRules(model: model)
        let bundles = BundleEntryRules(model: model)
        var found: [ValidationIssue] = []
        ElementWalk(model: model).visit(resource, type: type) { node in
            found += datatypes.issues(at: node)
            guard model.isResource(node.type), case .object = node.value else { return }
            found += ContainedRules().issues(at: node) + bundles.issues(at: node)
            found += BundleReferences().issues(at: node) + SearchSetRules(model: model).issues(at: node)
            found += BundleLinkRules().issues(at: node)
            found += SearchParameterRules(urls: searchParameters).issues(at: node)
            found += CapabilityStatementRules(urls: searchParameters).issues(at: node)
        }
        return found
    }
}
