import FHIRModel

/// The codes of the ValueSets profiles bind to: expanded from the packages' own ValueSets
/// (listed codes, whole CodeSystems at hand, `is-a` filters, imports, excludes), or the
/// release's own expansions; a ValueSet that needs a terminology server is not checkable.
struct ValueSetCodes {
    enum Codes: Equatable {
        case codes(Set<FHIRBindings.SystemCode>)
        case notCheckable(String)
    }

    let resources: ConformanceResources
    private var expanded: [String: Codes?] = [:]

    init(resources: ConformanceResources) { self.resources = resources }

    /// The codes of `url`; nil when the ValueSet is not known here at all.
    mutating func codes(of url: String) -> Codes? { look(url, depth: 0) }

    /// Each ValueSet is expanded once, however many others import it.
    private mutating func look(_ url: String, depth: Int) -> Codes? {
        if let known = expanded[url] { return known }
        let result: Codes?
        if let valueSet = resources.valueSet(url) {
            result = expand(valueSet, depth: depth)
        } else {
            // The release's tables name some ValueSets with their version and some without.
            let bindings = resources.version.release.bindings
            let plain = String(url.split(separator: "|", maxSplits: 1).first ?? "")
            switch bindings.codes(of: url) ?? bindings.codes(of: plain) {
            case .codes(let codes)?: result = .codes(codes)
            case .notCheckable(let why)?: result = .notCheckable(why)
            case nil: result = nil
            }
        }
        expanded.updateValue(result, forKey: url)
        return result
    }

    private mutating func expand(_ valueSet: JSONValue, depth: Int) -> Codes {
        let url = valueSet["url"]?.stringValue ?? "a ValueSet"
        guard depth < 8 else { return .notCheckable("\(url) imports itself") }
        guard let compose = valueSet["compose"] else {
            let listed = (valueSet["expansion"]?["contains"]?.arrayValue ?? []).compactMap(Self.pair)
            return listed.isEmpty ? .notCheckable("\(url) has neither a compose nor an expansion") : .codes(Set(listed))
        }
        var codes: Set<FHIRBindings.SystemCode> = []
        for part in compose["include"]?.arrayValue ?? [] {
            switch include(part, depth: depth) {
            case .codes(let more): codes.formUnion(more)
            case let other: return other
            }
        }
        for part in compose["exclude"]?.arrayValue ?? [] {
            switch include(part, depth: depth) {
            case .codes(let less): codes.subtract(less)
            case let other: return other
            }
        }
        return .codes(codes)
    }

    /// The codes one `include` (or `exclude`) names: its listed concepts or its system's codes
    /// through its filters, and the codes of each ValueSet it imports, all at once.
    private mutating func include(_ part: JSONValue, depth: Int) -> Codes {
        var result: Set<FHIRBindings.SystemCode>?
        if let system = part["system"]?.stringValue {
            if let listed = part["concept"]?.arrayValue {
                result = Set(
                    listed.compactMap { concept in
                        concept["code"]?.stringValue.map { FHIRBindings.SystemCode(system: system, code: $0) }
                    })
            } else {
                guard let codeSystem = resources.codeSystem(system) else {
                    return .notCheckable("the codes of \(system) are not at hand")
                }
                var codes = codeSystem.codes
                for filter in part["filter"]?.arrayValue ?? [] {
                    guard let kept = Self.filtered(codeSystem, filter) else {
                        return .notCheckable("a filter on \(system) that is not read here")
                    }
                    codes.formIntersection(kept)
                }
                result = Set(codes.map { FHIRBindings.SystemCode(system: system, code: $0) })
            }
        }
        for imported in part["valueSet"]?.arrayValue?.compactMap(\.stringValue) ?? [] {
            switch look(imported, depth: depth + 1) {
            case .codes(let codes)?: result = result.map { $0.intersection(codes) } ?? codes
            case .notCheckable(let why)?: return .notCheckable(why)
            case nil: return .notCheckable("\(imported) is not known here")
            }
        }
        return result.map(Codes.codes) ?? .notCheckable("an include with neither a system nor a ValueSet")
    }

    /// The codes a hierarchy filter keeps; nil for a filter on anything else.
    private static func filtered(_ system: CodeSystemCodes, _ filter: JSONValue) -> Set<String>? {
        guard filter["property"]?.stringValue == "concept", let code = filter["value"]?.stringValue else { return nil }
        let below = system.descendants(of: code)
        switch filter["op"]?.stringValue {
        case "is-a": return below.union([code])
        case "descendent-of": return below
        case "is-not-a": return system.codes.subtracting(below).subtracting([code])
        default: return nil
        }
    }

    private static func pair(_ json: JSONValue) -> FHIRBindings.SystemCode? {
        guard let system = json["system"]?.stringValue, let code = json["code"]?.stringValue else { return nil }
        return FHIRBindings.SystemCode(system: system, code: code)
    }
}
