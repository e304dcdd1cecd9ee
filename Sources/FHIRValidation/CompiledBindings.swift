import FHIRModel

/// A release's bindings laid out by the elements they hold for, and its ValueSets' codes ready
/// to look up, so that checking a node is one look-up.
struct CompiledBindings: Sendable {
    /// A ValueSet's codes as a check needs them: with their systems, and the codes alone (an
    /// element of type `code` carries no system).
    enum Codes: Sendable {
        case codes(Set<FHIRBindings.SystemCode>, codes: Set<String>)
        case notCheckable(String)
    }

    /// The binding of an element by `Type.name`, for the type that declares it and every type
    /// derived from it (`Observation.value` for `value[x]`).
    private let byElement: [String: FHIRBindings.Binding]
    private let valueSets: [String: Codes]

    static let releases = PerRelease { CompiledBindings(version: $0) }

    init(version: FHIRVersion) {
        let model = version.release.model
        let bindings = version.release.bindings
        var declared: [String: [(name: String, binding: FHIRBindings.Binding)]] = [:]
        var valueSets: [String: Codes] = [:]
        for binding in bindings.all {
            guard let dot = binding.context.lastIndex(of: ".") else { continue }
            let owner = String(binding.context[..<dot])
            let name = binding.context[binding.context.index(after: dot)...].replacingOccurrences(of: "[x]", with: "")
            declared[owner, default: []].append((name, binding))
            switch bindings.codes(of: binding.valueSet) {
            case .codes(let codes)?: valueSets[binding.valueSet] = .codes(codes, codes: Set(codes.map(\.code)))
            case .notCheckable(let why)?: valueSets[binding.valueSet] = .notCheckable(why)
            case nil: break
            }
        }
        var byElement: [String: FHIRBindings.Binding] = [:]
        for type in model.types.keys {
            var next: String? = type
            var steps = 0
            while let current = next, steps < 32 {
                for (name, binding) in declared[current] ?? [] where byElement["\(type).\(name)"] == nil {
                    byElement["\(type).\(name)"] = binding
                }
                next = model.types[current]?.base
                steps += 1
            }
        }
        (self.byElement, self.valueSets) = (byElement, valueSets)
    }

    /// Whether the release has any binding (STU3 and DSTU2 have no tables).
    var isEmpty: Bool { byElement.isEmpty }

    func binding(of element: String, in type: String) -> FHIRBindings.Binding? { byElement["\(type).\(element)"] }

    func codes(of valueSet: String) -> Codes? { valueSets[valueSet] }
}
