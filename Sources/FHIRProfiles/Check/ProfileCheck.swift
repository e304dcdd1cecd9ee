import FHIRModel
import FHIRValidation
import Foundation

/// Checks values against profiles: each element's cardinality, types, fixed and pattern
/// values, bindings and rules, slice by slice, and the profiles of the types it takes
/// (an extension's definition, a contained resource's profile), recursively.
struct ProfileCheck {
    let resources: ConformanceResources
    let model: FHIRTypeModel
    var terminology: ValueSetCodes
    var issues: [ValidationIssue] = []
    private var trees: [String: Result<ProfileTree, ProfileError>] = [:]
    private var trials: [String: [ValidationIssue]] = [:]
    /// Whether a value fits a slice, by `slice id, path`: asked once per value and slice.
    var fitted: [String: Bool] = [:]
    var rules = ProfileRules()
    /// How deep profiles are nested (an extension's in a profile's): a guard against
    /// definitions that name each other for ever.
    private var depth = 0

    /// The moment a Duration bound on a date is measured from (``ValueBounds``).
    let now: Date

    init(resources: ConformanceResources, now: Date) {
        self.resources = resources
        self.now = now
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
        element(item.asProfileRoot, id: tree.type, in: tree)
    }

    /// The issues `item` would have against `url`, without keeping them: for telling slices
    /// apart by profile and for a type that allows more than one profile. Each value is tried
    /// against a profile once: profiles that name each other would otherwise try the same
    /// values again at every level.
    mutating func trial(_ item: InstanceValue, against url: String) -> [ValidationIssue]? {
        guard case .success(let tree) = tree(url) else { return nil }
        let key = "\(url)\u{0}\(item.path)"
        if let known = trials[key] { return known }
        let kept = issues
        issues = []
        check(item, against: tree)
        let found = issues
        issues = kept
        trials[key] = found
        return found
    }

    /// Every constraint on the element `id` applied to `item`, then its children's.
    mutating func element(_ item: InstanceValue, id: String, in tree: ProfileTree) {
        for constraint in tree.constraints(of: id) {
            apply(constraint, to: item, in: tree)
        }
        children(of: item, id: id, in: tree)
    }

    /// Whether the type of `item` has the element a profile names: a profile that names one
    /// it lacks (`Patient.dateOfBirth`) has no snapshot, as HL7's validator says, and cannot
    /// ask for it.
    private func defines(_ name: String, in item: InstanceValue) -> Bool {
        guard model.knows(item.type) else { return true }
        let stem = name.hasSuffix("[x]") ? String(name.dropLast(3)) : name
        return model.element(stem, of: item.type) != nil || model.member(name, of: item.type) != nil
    }

    private mutating func children(of item: InstanceValue, id: String, in tree: ProfileTree) {
        var names: [String] = []
        var groups: [String: [ProfileTree.Child]] = [:]
        for child in tree.children(of: id) {
            if groups[child.name] == nil { names.append(child.name) }
            groups[child.name, default: []].append(child)
        }
        for name in names {
            guard defines(name, in: item) else {
                issues.append(
                    ValidationIssue(
                        path: item.path,
                        message:
                            "\(tree.name) names \(item.type).\(name), which \(item.type) does not have; not checked",
                        severity: .warning))
                continue
            }
            let group = groups[name] ?? []
            let baseID = "\(id).\(name)"
            let values: [InstanceValue]
            if let stem = typedChoice(name, of: item) {
                // `valueQuantity` constrained by name: the choice may take that type alone.
                let all = item.members(named: stem + "[x]", model: model)
                for other in all where other.member != name {
                    issues.append(
                        ValidationIssue(
                            path: other.path,
                            message: "\(tree.name) does not allow \(other.type) here; it allows \(name)"))
                }
                values = all.filter { $0.member == name }
            } else {
                values = item.members(named: name, model: model)
            }
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

    /// The choice a name spells with a type (`value` for `valueQuantity`), where the name is not
    /// an element of its own.
    private func typedChoice(_ name: String, of item: InstanceValue) -> String? {
        guard !name.hasSuffix("[x]"), model.element(name, of: item.type) == nil else { return nil }
        return model.choice(spelled: name, in: item.type)
    }

    /// Sorts the values into slices by the discriminators, and checks each slice's count and
    /// each value against the slice it fits.
    private mutating func sort(
        _ values: [InstanceValue], into slices: [ProfileTree.Child], of baseID: String, below parent: InstanceValue,
        in tree: ProfileTree
    ) {
        let slicing = tree.slicing(of: baseID) ?? Self.defaultSlicing(baseID)
        var sorted: [String: [InstanceValue]] = [:]
        // The slice each value took, by its place among the slices; nil for none.
        var order: [Int?] = []
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
            // A value in a reslice (`a/b`) is in the slice it refines (`a`) too.
            for slice in fitting { sorted[slice.id, default: []].append(value) }
            order.append(fitting.first.flatMap { slices.firstIndex(of: $0) })
            if fitting.isEmpty, slicing?.isClosed == true {
                issues.append(
                    ValidationIssue(
                        path: value.path,
                        message: "fits none of the slices \(tree.name) allows here (its slicing is closed)"))
            }
        }
        if let slicing { ordering(values, order, slicing, in: tree) }
        for slice in slices {
            let matched = sorted[slice.id] ?? []
            count(
                matched.count, of: tree.constraints(of: slice.id), at: "\(parent.path).\(Self.plain(slice.name))",
                in: tree, slice: slice.sliceName)
            for value in matched { element(value, id: slice.id, in: tree) }
        }
    }

    /// An ordered slicing's values must come in the order of its slices; one open at the end
    /// takes values that fit no slice only after those that do.
    private mutating func ordering(
        _ values: [InstanceValue], _ order: [Int?], _ slicing: ElementConstraint.Slicing, in tree: ProfileTree
    ) {
        var last = -1
        var unsorted = false
        for (value, place) in zip(values, order) {
            guard let place else {
                unsorted = true
                continue
            }
            if slicing.isOrdered, place < last {
                issues.append(
                    ValidationIssue(
                        path: value.path, message: "\(tree.name) requires its slices in order: this one is out of it"))
            }
            if slicing.isOpenAtEnd, unsorted {
                issues.append(
                    ValidationIssue(
                        path: value.path,
                        message:
                            "\(tree.name) allows values that fit no slice only after all that do: one comes before this"
                    ))
            }
            last = max(last, place)
        }
    }

    /// Extensions are sliced by their url unless a profile says otherwise, as the core
    /// Extension definition slices them.
    private static func defaultSlicing(_ id: String) -> ElementConstraint.Slicing? {
        guard id.hasSuffix(".extension") || id.hasSuffix(".modifierExtension") else { return nil }
        return .init(
            discriminators: [.init(kind: .value, path: "url")], isClosed: false, isOpenAtEnd: false, isOrdered: false)
    }

    /// The most and fewest items each profile of the chain allows, checked on `found`.
    private mutating func count(
        _ found: Int, of constraints: [ElementConstraint], at path: String, in tree: ProfileTree, slice: String? = nil
    ) {
        let least = constraints.compactMap(\.min).max() ?? 0
        let most = constraints.compactMap(\.max).min()
        let what = slice.map { " in the slice \($0)" } ?? ""
        if found == 0, least == 0, slice == nil, constraints.contains(where: \.mustSupport) {
            issues.append(
                ValidationIssue(
                    path: path,
                    message: "\(tree.name) marks it must-support: absent, which is allowed, "
                        + "but a system claiming the profile must be able to hold it",
                    severity: .information))
        }
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
