import FHIRModel
import FHIRValidation

extension ProfileCheck {
    /// Whether `value` belongs to `slice` by every discriminator of the slicing. A slicing
    /// without discriminators, or one whose discriminator cannot be read here (`resolve()`),
    /// sorts by whether the value conforms to the slice, as HL7's validator does.
    mutating func fits(
        _ value: InstanceValue, _ slice: ProfileTree.Child, _ slicing: ElementConstraint.Slicing?,
        in tree: ProfileTree
    ) -> Bool {
        // A choice's slice by type (`value[x]:valueQuantity`) is named after the member.
        if slice.name.hasSuffix("[x]"), let name = slice.sliceName, name.hasPrefix(slice.name.dropLast(3)),
            name.dropFirst(slice.name.count - 3).first?.isUppercase == true
        {
            return value.member == name
        }
        let key = "\(tree.url)\u{0}\(slice.id)\u{0}\(value.path)"
        if let known = fitted[key] { return known }
        let fits = decide(value, slice, slicing, in: tree)
        fitted[key] = fits
        return fits
    }

    private mutating func decide(
        _ value: InstanceValue, _ slice: ProfileTree.Child, _ slicing: ElementConstraint.Slicing?,
        in tree: ProfileTree
    ) -> Bool {
        guard let slicing, !slicing.discriminators.isEmpty else { return conforms(value, to: slice, in: tree) }
        for discriminator in slicing.discriminators {
            guard let holds = holds(discriminator, on: value, for: slice, in: tree) else {
                return conforms(value, to: slice, in: tree)
            }
            if !holds { return false }
        }
        return true
    }

    /// Whether `item` is of the type and conforms to one of its profiles; where none of them is
    /// known here, the type alone tells (and the profiles are said to be not checked where
    /// the slice's type is applied).
    private mutating func conforms(_ item: InstanceValue, to choice: ElementConstraint.TypeChoice) -> Bool {
        guard model.type(item.type, isA: choice.code) else { return false }
        let known = (choice.profiles.isEmpty ? choice.targetProfiles : choice.profiles)
            .filter { resources.profile($0) != nil }
        guard !known.isEmpty else { return true }
        return known.contains { url in trial(item, against: url).map { !$0.contains(where: \.isError) } ?? false }
    }

    /// Whether `value` has no error against what the slice says.
    private mutating func conforms(_ value: InstanceValue, to slice: ProfileTree.Child, in tree: ProfileTree) -> Bool {
        let kept = issues
        issues = []
        element(value, id: slice.id, in: tree)
        let conforms = !issues.contains(where: \.isError)
        issues = kept
        return conforms
    }

    /// One discriminator on one value: nil when its path is not one read here.
    private mutating func holds(
        _ discriminator: ElementConstraint.Discriminator, on value: InstanceValue, for slice: ProfileTree.Child,
        in tree: ProfileTree
    ) -> Bool? {
        guard let steps = Self.steps(discriminator.path) else { return nil }
        let found = values(at: steps, in: value)
        let ids = Self.ids(slice.id, steps)
        let said = ids.flatMap { tree.constraints(of: $0) }
        switch discriminator.kind {
        case .value, .pattern:
            guard let expected = expected(at: steps, in: slice, tree) else { return nil }
            return expected.values.allSatisfy { wanted in
                found.contains {
                    expected.isFixed ? PatternMatch.isExactly(wanted, $0.value) : PatternMatch.matches(wanted, $0.value)
                }
            }
        case .type:
            guard let codes = said.last(where: { !$0.types.isEmpty })?.types.map(\.code) else { return nil }
            return found.contains { item in codes.contains { model.type(item.type, isA: $0) } }
        case .profile:
            let types = said.last(where: { !$0.types.isEmpty })?.types ?? []
            guard !types.isEmpty else { return nil }
            return found.contains { item in types.contains { conforms(item, to: $0) } }
        case .exists:
            if said.compactMap(\.min).max() ?? 0 >= 1 { return !found.isEmpty }
            if said.compactMap(\.max).min() == 0 { return found.isEmpty }
            return nil
        }
    }

    /// The value or values the slice fixes at the discriminator's path: a fixed or pattern
    /// value at the path or at an element above it, or, for an extension's `url`, the
    /// profile its type names.
    private func expected(at steps: [String], in slice: ProfileTree.Child, _ tree: ProfileTree)
        -> (values: [JSONValue], isFixed: Bool)?
    {
        for depth in stride(from: steps.count, through: 0, by: -1) {
            let rest = Array(steps[depth...])
            for id in Self.ids(slice.id, Array(steps[..<depth])) {
                for constraint in tree.constraints(of: id).reversed() {
                    if let fixed = constraint.fixed { return (PatternMatch.values(at: rest, in: fixed), true) }
                    if let pattern = constraint.pattern { return (PatternMatch.values(at: rest, in: pattern), false) }
                }
            }
        }
        if steps == ["url"],
            let url = tree.constraints(of: slice.id).flatMap(\.types).flatMap(\.profiles).first
        {
            // A canonical may name its version (`…|4.0.1`); the extension's url does not.
            return ([.string(String(url.split(separator: "|", maxSplits: 1)[0]))], true)
        }
        return nil
    }

    /// The values at a path below `value`, with their types.
    private func values(at steps: [String], in value: InstanceValue) -> [InstanceValue] {
        var current = [value]
        for step in steps {
            current = current.flatMap { item in
                let plain = item.members(named: step, model: model)
                return plain.isEmpty ? item.members(named: step + "[x]", model: model) : plain
            }
        }
        return current
    }

    /// The element ids a path below `id` may be written as (`value` or `value[x]`).
    private static func ids(_ id: String, _ steps: [String]) -> [String] {
        steps.reduce([id]) { ids, step in ids.flatMap { ["\($0).\(step)", "\($0).\(step)[x]"] } }
    }

    /// A discriminator's path as member names: `$this` is none; `ofType(X)` narrows the step
    /// before it, which the type of each value says anyway; nil for `resolve()`, `extension('…')`
    /// and anything else not read here.
    private static func steps(_ path: String) -> [String]? {
        guard path != "$this" else { return [] }
        var steps: [String] = []
        for part in path.split(separator: ".") {
            if part.hasPrefix("ofType(") { continue }
            guard part.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return nil }
            steps.append(String(part))
        }
        return steps
    }
}
