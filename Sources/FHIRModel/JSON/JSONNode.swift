/// A JSON value in a ``JSONValue`` tree or in a ``JSONTape``: models read either the same way,
/// and a tape's values are made into Swift values only when asked for.
public enum JSONNode: Sendable {
    case tree(JSONValue)
    /// The value at a token index of a tape.
    case tape(JSONTape, Int)

    /// The value as a tree.
    public var json: JSONValue {
        switch self {
        case .tree(let value): value
        case .tape(let tape, let index): tape.value(at: index)
        }
    }

    /// A short name for the kind of value, used in error messages.
    public var kindName: String {
        switch self {
        case .tree(let value): value.kindName
        case .tape(let tape, let index): tape.tokens[index].kind.name
        }
    }

    /// The string, if this is a string.
    public var stringValue: String? {
        switch self {
        case .tree(let value): return value.stringValue
        case .tape(let tape, let index):
            return tape.tokens[index].kind == .string ? tape.view.string(at: index) : nil
        }
    }

    /// The flag, if this is `true` or `false`.
    public var boolValue: Bool? {
        switch self {
        case .tree(let value):
            if case .bool(let flag) = value { return flag }
            return nil
        case .tape(let tape, let index):
            let kind = tape.tokens[index].kind
            return kind == .true ? true : kind == .false ? false : nil
        }
    }

    /// A number's literal text, if this is a number.
    public var numberText: String? {
        switch self {
        case .tree(let value):
            if case .number(let text) = value { return text }
            return nil
        case .tape(let tape, let index):
            let token = tape.tokens[index]
            return token.kind == .number ? String(decoding: tape.bytes[token.range], as: UTF8.self) : nil
        }
    }

    /// Whether this is an object.
    public var isObject: Bool {
        switch self {
        case .tree(let value): value.objectValue != nil
        case .tape(let tape, let index): tape.tokens[index].kind == .object
        }
    }

    /// The items, if this is an array.
    public var items: [JSONNode]? {
        switch self {
        case .tree(let value): return value.arrayValue?.map(JSONNode.tree)
        case .tape(let tape, let index):
            let token = tape.tokens[index]
            guard token.kind == .array else { return nil }
            var items: [JSONNode] = []
            items.reserveCapacity(Int(token.first))
            var item = index + 1
            for _ in 0..<token.first {
                items.append(.tape(tape, item))
                item = tape.view.end(of: item)
            }
            return items
        }
    }

    /// The member `key`, if this is an object that has it.
    public subscript(key: String) -> JSONNode? {
        switch self {
        case .tree(let value): return value[key].map(JSONNode.tree)
        case .tape(let tape, let index):
            guard tape.tokens[index].kind == .object else { return nil }
            return tape.view.member(key, of: index).map { .tape(tape, $0.value) }
        }
    }

    /// Whether this is an object with at least one of the members `keys`, its names read
    /// once however many keys are asked for.
    public func hasMember(anyOf keys: [String]) -> Bool {
        switch self {
        case .tree(let value): return keys.contains { value[$0] != nil }
        case .tape(let tape, let index):
            guard tape.tokens[index].kind == .object else { return false }
            let names = MemberNames(of: index, in: tape.view)
            return keys.contains { names.mayHave($0, "") && tape.view.member($0, of: index) != nil }
        }
    }

    /// The one of `texts` that this string is, compared without making a String from a tape;
    /// nil when it is none of them or not a string.
    public func string(among texts: [String]) -> String? {
        switch self {
        case .tree(let value):
            guard let text = value.stringValue else { return nil }
            return texts.first { $0 == text }
        case .tape(let tape, let index):
            guard tape.tokens[index].kind == .string else { return nil }
            return texts.first { tape.view.string(at: index, equals: $0) }
        }
    }

    /// Whether this is an object whose member `key` is the string `text`, asked without
    /// making a String from a tape.
    public func member(_ key: String, is text: String) -> Bool {
        switch self {
        case .tree(let value): return value[key]?.stringValue == text
        case .tape(let tape, let index):
            guard tape.tokens[index].kind == .object, let value = tape.view.member(key, of: index)?.value else {
                return false
            }
            return tape.tokens[value].kind == .string && tape.view.string(at: value, equals: text)
        }
    }
}

extension JSONToken.Kind {
    /// As ``JSONValue/kindName`` says it.
    var name: String {
        switch self {
        case .null: "null"
        case .true, .false: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
