import FHIRModel
import FHIRValidation

/// Checks values against profiles: each element's cardinality, types, fixed and pattern
/// values, bindings and rules, slice by slice, and the profiles of the types it takes
/// (an extension's definition, a contained resource's profile), recursively.
struct ProfileCheck {
    let resources: ConformanceResources
    let model: FHIRTypeModel
    var terminology: ValueSetCodes
    var issues: [ValidationIssue] = []
    private var trees: [String: Result<ProfileTree, ProfileError>] = [:]
    var rules = ProfileRules()
    /// How deep profiles are nested (an extension's in a profile's): a guard against
    /// definitions that name each other for ever.
    private var depth = 0

    init(resources: ConformanceResources) {
        self.resources = resources
        model = resources.version.release.model
        terminology = ValueSetCodes(resources: resources)
    }

    /// The tree of a profile, made once per check.
    mutating func tree(_ url: String) -> Result<ProfileTree, ProfileError> {
        if let made = trees[url] { return made }
        let made = Result<ProfileTree, ProfileError> { () throws(ProfileError) -> ProfileTree in
            try ProfileTree(url: url, resources: resources)
        }
        trees[url] = made
        return made
    }

    /// Checks `item` against the profile `tree`, from its root element down.
    mutating func check(_ item: InstanceValue, against tree: ProfileTree) {
        guard depth < 12 else { return }
        depth += 1
        defer { depth -= 1 }
        element(item, id: tree.type, in: tree)
    }

    /// The issues `item` would have against `url`, without keeping them: for telling slices
    /// apart by profile and for a type that allows more than one profile.
    mutating func trial(_ item: InstanceValue, against url: String) -> [ValidationIssue]? {
        guard case .success(let tree) = tree(url) else { return nil }
        let kept = issues
        issues = []
        check(item, against: tree)
        let found = issues
        issues = kept
        return found
    }

    /// Every constraint on the element `id` applied to `item`, then its children's.
    mutating func element(_ item: InstanceValue, id: String, in tree: ProfileTree) {
        for constraint in tree.constraints(of: id) {
            apply(constraint, to: item, in: tree)
        }
        children(of: item, id: id, in: tree)
    }

    private mutating func children(of item: InstanceValue, id: String, in tree: ProfileTree) {
        var names: [String] = []
        for child in tree.children(of: id) where !names.contains(child.name) { names.append(child.name) }
        for name in names {
            let group = tree.children(of: id).filter { $0.name == name }
            let values = item.members(named: name, model: model)
            let baseID = "\(id).\(name)"
            count(values.count, of: tree.constraints(of: baseID), at: "\(item.path).\(Self.plain(name))", in: tree)
            if tree.constrains(baseID) {
                for value in values { element(value, id: baseID, in: tree) }
            }
            let slices = group.filter { $0.sliceName != nil }
            if !slices.isEmpty {
                sort(values, into: slices, of: baseID, below: item, in: tree)
            }
        }
    }

    /// Sorts the values into slices by the discriminators, and checks each slice's count and
    /// each value against the slice it fits.
    private mutating func sort(
        _ values: [InstanceValue], into slices: [ProfileTree.Child], of baseID: String, below parent: InstanceValue,
        in tree: ProfileTree
    ) {
        let slicing = tree.slicing(of: baseID) ?? Self.defaultSlicing(baseID)
        var sorted: [String: [InstanceValue]] = [:]
        for value in values {
            var fitting: [ProfileTree.Child] = []
            for candidate in slices where fits(value, candidate, slicing, in: tree) { fitting.append(candidate) }
            // A value may fit a slice and its reslices (`npi` and `npi/alt`), never two slices.
            let distinct = fitting.filter { !($0.sliceName ?? "").contains("/") }
            if distinct.count > 1 {
                issues.append(
                    ValidationIssue(
                        path: value.path,
                        message:
                            "fits more than one slice of \(tree.name): \(distinct.compactMap(\.sliceName).joined(separator: ", "))"
                    ))
            }
            if let slice = fitting.first {
                sorted[slice.id, default: []].append(value)
            } else if slicing?.isClosed == true {
                issues.append(
                    ValidationIssue(
                        path: value.path,
                        message: "fits none of the slices \(tree.name) allows here (its slicing is closed)"))
            }
        }
        for slice in slices {
            let matched = sorted[slice.id] ?? []
            count(
                matched.count, of: tree.constraints(of: slice.id), at: "\(parent.path).\(Self.plain(slice.name))",
                in: tree, slice: slice.sliceName)
            for value in matched { element(value, id: slice.id, in: tree) }
        }
    }

    /// Extensions are sliced by their url unless a profile says otherwise, as the core
    /// Extension definition slices them.
    private static func defaultSlicing(_ id: String) -> ElementConstraint.Slicing? {
        guard id.hasSuffix(".extension") || id.hasSuffix(".modifierExtension") else { return nil }
        return .init(discriminators: [.init(kind: .value, path: "url")], isClosed: false, isOrdered: false)
    }

    /// The most and fewest items each profile of the chain allows, checked on `found`.
    private mutating func count(
        _ found: Int, of constraints: [ElementConstraint], at path: String, in tree: ProfileTree, slice: String? = nil
    ) {
        let least = constraints.compactMap(\.min).max() ?? 0
        let most = constraints.compactMap(\.max).min()
        let what = slice.map { " in the slice \($0)" } ?? ""
        if found < least {
            issues.append(
                ValidationIssue(
                    path: path, message: "\(tree.name) requires at least \(least)\(what), found \(found)"))
        }
        if let most, found > most {
            issues.append(
                ValidationIssue(
                    path: path,
                    message: most == 0
                        ? "\(tree.name) does not allow \(slice.map { "the slice \($0)" } ?? "this element")"
                        : "\(tree.name) allows at most \(most)\(what), found \(found)"))
        }
    }

    /// `value[x]` as a location: `value`.
    private static func plain(_ name: String) -> String {
        name.hasSuffix("[x]") ? String(name.dropLast(3)) : name
    }
}
