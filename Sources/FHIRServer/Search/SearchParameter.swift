import FHIRModel

/// One search parameter of one resource type: its name, kind, and where its values live.
public struct SearchParameter: Sendable {
    public enum Kind: String, Sendable {
        case token, string, reference, date
    }

    public let name: String
    public let kind: Kind
    /// For references: the resource type a bare id refers to (`patient=f001` → `Patient/f001`).
    public let target: String?
    public let documentation: String
    /// Whether metadata lists it; aliases (`subject` on DSTU2 orders) are accepted but not advertised.
    public let isListed: Bool
    let values: @Sendable (JSONValue) -> [JSONValue]

    init(
        _ name: String, _ kind: Kind, target: String? = nil, listed: Bool = true, _ documentation: String,
        values: @escaping @Sendable (JSONValue) -> [JSONValue]
    ) {
        self.name = name
        self.kind = kind
        self.target = target
        self.isListed = listed
        self.documentation = documentation
        self.values = values
    }

    /// A parameter whose values are found by following member names through objects and arrays.
    init(
        _ name: String, _ kind: Kind, target: String? = nil, listed: Bool = true, _ documentation: String,
        paths: [String]...
    ) {
        self.init(name, kind, target: target, listed: listed, documentation) { resource in
            paths.flatMap { Self.follow($0[...], in: resource) }
        }
    }

    static func follow(_ path: ArraySlice<String>, in value: JSONValue) -> [JSONValue] {
        if case .array(let elements) = value { return elements.flatMap { follow(path, in: $0) } }
        guard let key = path.first else { return [value] }
        guard let member = value[key] else { return [] }
        return follow(path.dropFirst(), in: member)
    }

    /// The same parameter under another name, accepted but not listed in metadata.
    func alias(_ name: String) -> SearchParameter {
        SearchParameter(name, kind, target: target, listed: false, documentation, values: values)
    }
}
