import FHIRModel

/// A profile together with every profile it derives from, laid out by element id: what a
/// snapshot says beyond the core type, without copying the core type's elements.
///
/// A derived profile may only narrow what its base allows, so an instance conforms when it
/// keeps every constraint of every profile in the chain: each element's constraints are kept
/// side by side (the most general first) and all are checked. The core type's own elements,
/// cardinality, bindings and invariants are checked by the release's validation.
struct ProfileTree: Sendable {
    /// A child of an element: the element it names (`category`, `value[x]`) and, for a slice,
    /// the slice's name.
    struct Child: Sendable, Hashable {
        let id: String
        let name: String
        let sliceName: String?
    }

    let url: String
    /// The profile's own name, for messages.
    let name: String
    /// The core type it constrains: the id of its root element.
    let type: String
    private let constraints: [String: [ElementConstraint]]
    private let children: [String: [Child]]

    /// The chain of `url` and its bases, down to a core type; fails when a base is unknown or
    /// the chain goes round.
    init(url: String, resources: ConformanceResources) throws(ProfileError) {
        guard let profile = resources.profile(url) else { throw ProfileError("the profile \(url) is not known") }
        let model = resources.version.release.model
        var chain = [profile]
        var base = profile.baseDefinition
        while let next = base, ProfileDefinition.coreType(next, in: model) == nil {
            guard let found = resources.profile(next) else {
                throw ProfileError("\(profile.url) derives from \(next), which is not known")
            }
            guard chain.count < 16, !chain.contains(where: { $0.url == found.url }) else {
                throw ProfileError("\(profile.url) derives from itself through \(next)")
            }
            chain.append(found)
            base = found.baseDefinition
        }
        guard model.knows(profile.type) else {
            throw ProfileError(
                "\(profile.url) constrains \(profile.type), which \(resources.version.displayName) does not define")
        }
        var constraints: [String: [ElementConstraint]] = [:]
        var children: [String: [Child]] = [:]
        var seen: Set<String> = []
        for definition in chain.reversed() {
            for element in definition.elements {
                constraints[element.id, default: []].append(element)
                // A differential may name `Bundle.entry.resource` without `Bundle.entry`: the
                // elements between are there all the same.
                var id = element.id
                while let child = Self.child(id), seen.insert(id).inserted {
                    children[child.parent, default: []].append(child.child)
                    id = child.parent
                }
            }
        }
        (self.url, name, type) = (profile.url, profile.name, profile.type)
        (self.constraints, self.children) = (constraints, children)
    }

    /// Every constraint on the element `id`, the most general profile's first.
    func constraints(of id: String) -> [ElementConstraint] { constraints[id] ?? [] }

    /// The elements the profiles constrain directly below `id`.
    func children(of id: String) -> [Child] { children[id] ?? [] }

    /// Whether anything is said of `id` or below it.
    func constrains(_ id: String) -> Bool { constraints[id] != nil || children[id] != nil }

    /// How the element `id` is sliced: the most specific profile's word.
    func slicing(of id: String) -> ElementConstraint.Slicing? {
        constraints(of: id).last(where: { $0.slicing != nil })?.slicing
    }

    /// The parent of an element id and the child it names: `Observation.component:systolic.code`
    /// is `code` below `Observation.component:systolic`; a slice (`Observation.category:VSCat`)
    /// sits below the element that holds the sliced one (`Observation`).
    private static func child(_ id: String) -> (parent: String, child: Child)? {
        guard let dot = id.lastIndex(of: ".") else { return nil }
        let parent = String(id[..<dot])
        let segment = id[id.index(after: dot)...]
        let parts = segment.split(separator: ":", maxSplits: 1)
        guard let name = parts.first else { return nil }
        return (parent, Child(id: id, name: String(name), sliceName: parts.count > 1 ? String(parts[1]) : nil))
    }
}
