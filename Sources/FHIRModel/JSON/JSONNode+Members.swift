extension JSONNode {
    /// JSON's `null`, as a node.
    public static let null = JSONNode.tree(.null)

    /// Whether this is `null`.
    public var isNull: Bool {
        switch self {
        case .tree(let value): value == .null
        case .tape(let tape, let index): tape.tokens[index].kind == .null
        }
    }

    /// Whether this is an array or an object.
    public var isContainer: Bool {
        switch self {
        case .tree(let value): value.objectValue != nil || value.arrayValue != nil
        case .tape(let tape, let index): tape.tokens[index].isContainer
        }
    }

    /// Whether this is the string `text`, compared without making a String from a tape; nil
    /// when it is not a string.
    public func isString(_ text: String) -> Bool? {
        switch self {
        case .tree(let value): value.stringValue.map { $0 == text }
        case .tape(let tape, let index):
            tape.tokens[index].kind == .string ? tape.view.string(at: index, equals: text) : nil
        }
    }

    /// The member names of an object, in order; none for anything else.
    public var keys: [String] {
        switch self {
        case .tree(let value): return value.objectValue?.keys ?? []
        case .tape(let tape, let index):
            guard tape.tokens[index].kind == .object else { return [] }
            var keys: [String] = []
            tape.view.forEachMember(of: index) { _, name in keys.append(tape.view.string(at: name)) }
            return keys
        }
    }

    /// The member names that are `prefix` and more (`valueQuantity` for `value`), made into
    /// strings only when they match: a choice element is looked for once per item of a path.
    public func keys(extending prefix: String) -> [String] {
        switch self {
        case .tree(let value):
            return value.objectValue?.keys.filter { $0.utf8.count > prefix.utf8.count && $0.hasPrefix(prefix) } ?? []
        case .tape(let tape, let index):
            guard tape.tokens[index].kind == .object else { return [] }
            var keys: [String] = []
            tape.view.forEachMember(of: index) { _, name in
                if tape.view.string(at: name, startsWith: prefix) { keys.append(tape.view.string(at: name)) }
            }
            return keys
        }
    }

    /// FHIR's element `name` of an object and its `_name` sibling, where FHIR's JSON keeps a
    /// primitive's `id` and extensions.
    public func element(_ name: String) -> (value: JSONNode?, extensions: JSONNode?) {
        switch self {
        case .tree(let value):
            guard let object = value.objectValue else { return (nil, nil) }
            let (found, extensions) = object.element(name)
            return (found.map(JSONNode.tree), extensions.map(JSONNode.tree))
        case .tape(let tape, let index):
            guard tape.tokens[index].kind == .object else { return (nil, nil) }
            let (value, extensions) = tape.view.element(name, of: index)
            return (value.map { .tape(tape, $0) }, extensions.map { .tape(tape, $0) })
        }
    }
}
