/// Reads the members of one JSON object into a model type, remembering which it used.
///
/// Every accessor checks the JSON kind and reports the element path on a mismatch. The
/// object is a tree's or a tape's (``JSONNode``); a tape's members become Swift values only
/// as they are read.
///
/// A reader of a tape does not keep the tape alive: whoever makes the reader holds the tape
/// (a node passed in, a tape parameter) for as long as the reader reads, and readers never
/// outlive the initializer they are made in. Retaining and releasing the tape and its arrays
/// at every member and element read was about a seventh of the time it took to decode an
/// administration.
public struct ElementReader {
    /// Where the object being read sits, spelled out only for error messages.
    public let location: ElementPath
    private let object: Members
    /// Which members were read: one bit each, since FHIR objects rarely have more than 64
    /// members (an array only for those that do), so reading allocates nothing for it.
    private var used: UsedMembers
    /// Where the member after the last one found starts, to look there first.
    private var nextMember: (ordinal: Int, name: Int)
    /// Which names a tape object's members may have, so most absent members take no search.
    private let names: MemberNames

    public init(object: JSONObject, location: ElementPath) {
        self.init(.tree(object), location: location)
    }

    /// Reads the object at `index` of `tape`, which the caller keeps alive while reading.
    init(tape: JSONTape, object index: Int, location: ElementPath) {
        self.init(.tape(BorrowedTape(tape: tape), index), location: location)
    }

    /// Reads `node`, which must be an object.
    init(node: JSONNode, at location: ElementPath) throws(FHIRDecodingError) {
        switch node {
        case .tree(.object(let object)): self.init(object: object, location: location)
        case .tape(let tape, let index) where node.isObject: self.init(tape: tape, object: index, location: location)
        default:
            throw FHIRDecodingError(path: location.text, message: "expected an object, found \(node.kindName)")
        }
    }

    private init(_ object: Members, location: ElementPath) {
        self.object = object
        self.location = location
        self.used = UsedMembers(count: object.count)
        if case .tape(let borrowed, let index) = object {
            (nextMember, names) = ((0, index + 1), MemberNames(of: index, in: borrowed.view))
        } else {
            (nextMember, names) = ((0, 0), .unknown)
        }
    }

    /// The path of the object being read, e.g. `MedicationOrder.dosageInstruction[0]`.
    public var path: String { location.text }

    /// Whether the object has the member at all.
    public func has(_ key: String) -> Bool { has(key, "") }

    /// Whether the object has the member named `prefix` followed by `suffix`.
    func has(_ prefix: String, _ suffix: String) -> Bool {
        switch object {
        case .tree(let members):
            let count = prefix.utf8.count + suffix.utf8.count
            return members.members.contains {
                $0.key.utf8.count == count && $0.key.hasPrefix(prefix) && $0.key.hasSuffix(suffix)
            }
        case .tape(let borrowed, let index):
            return names.mayHave(prefix, suffix)
                && borrowed.view.member(prefix, suffix, of: index, from: nextMember) != nil
        }
    }

    /// The member, marked as used, without making it a tree.
    public mutating func node(_ key: String) -> JSONNode? { node(key, "") }

    /// The member named `prefix` followed by `suffix`, marked as used.
    mutating func node(_ prefix: String, _ suffix: String) -> JSONNode? {
        switch value(prefix, suffix) {
        case .tree(let value): .tree(value)
        case .token(let borrowed, let index): .tape(borrowed.tape, index)
        case nil: nil
        }
    }

    /// The member named `prefix` followed by `suffix`, marked as used: a tree's value, or
    /// the index of a tape's token, which costs no reference to the tape.
    private mutating func value(_ prefix: String, _ suffix: String) -> MemberValue? {
        switch object {
        case .tree(let members):
            guard let index = members.index(of: suffix.isEmpty ? prefix : prefix + suffix) else { return nil }
            used.mark(index)
            return .tree(members.value(at: index))
        case .tape(let borrowed, let index):
            guard names.mayHave(prefix, suffix),
                let (ordinal, value) = borrowed.view.member(prefix, suffix, of: index, from: nextMember)
            else { return nil }
            used.mark(ordinal)
            nextMember = (ordinal + 1, borrowed.view.end(of: value))
            return .token(borrowed, value)
        }
    }

    /// The raw member, marked as used.
    public mutating func raw(_ key: String) -> JSONValue? {
        node(key)?.json
    }

    /// The members nobody asked for, in their original order.
    public func remainder() -> JSONObject {
        // Most objects are read whole: then no member need be looked at again.
        guard !used.containsAll(object.count) else { return JSONObject() }
        var rest = JSONObject()
        object.forEach { index, key, value in
            if !used.contains(index) { rest.append(key(), value.json) }
        }
        return rest
    }

    /// An error about the member `key` (about the object itself when `key` is empty).
    public func error(_ key: String, _ message: String) -> FHIRDecodingError {
        FHIRDecodingError(path: ElementPath.joined(path, key), message: message)
    }

    public mutating func string(_ key: String) throws(FHIRDecodingError) -> String? {
        try string(key, "")
    }

    mutating func string(_ prefix: String, _ suffix: String) throws(FHIRDecodingError) -> String? {
        switch value(prefix, suffix) {
        case nil: return nil
        case .tree(let value):
            guard let text = value.stringValue else { throw mismatch(prefix + suffix, "a string", value.kindName) }
            return text
        case .token(let borrowed, let index):
            let kind = borrowed.view.tokens[index].kind
            guard kind == .string else { throw mismatch(prefix + suffix, "a string", kind.name) }
            return borrowed.view.string(at: index)
        }
    }

    public mutating func bool(_ key: String) throws(FHIRDecodingError) -> Bool? {
        try bool(key, "")
    }

    mutating func bool(_ prefix: String, _ suffix: String) throws(FHIRDecodingError) -> Bool? {
        guard let value = node(prefix, suffix) else { return nil }
        guard let flag = value.boolValue else { throw mismatch(prefix + suffix, "a boolean", value) }
        return flag
    }

    public mutating func integer(_ key: String) throws(FHIRDecodingError) -> Int? {
        guard let value = node(key) else { return nil }
        guard let number = value.numberText.flatMap({ Int($0) }) else { throw mismatch(key, "an integer", value) }
        return number
    }

    /// A FHIR `positiveInt`: 1 or more.
    public mutating func positiveInt(_ key: String) throws(FHIRDecodingError) -> Int? {
        guard let number = try integer(key) else { return nil }
        guard number >= 1 else { throw error(key, "expected a positive integer, found \(number)") }
        return number
    }

    /// A FHIR `unsignedInt`: 0 or more.
    public mutating func unsignedInt(_ key: String) throws(FHIRDecodingError) -> Int? {
        guard let number = try integer(key) else { return nil }
        guard number >= 0 else { throw error(key, "expected an unsigned integer, found \(number)") }
        return number
    }

    /// A decimal that an invariant keeps from being negative (Timing's tim-4 and tim-5).
    public mutating func nonNegativeDecimal(_ key: String) throws(FHIRDecodingError) -> FHIRDecimal? {
        guard let number = try decimal(key) else { return nil }
        guard !number.text.hasPrefix("-") || number.doubleValue == 0 else {
            throw error(key, "must not be negative, found \(number.text)")
        }
        return number
    }

    public mutating func decimal(_ key: String) throws(FHIRDecodingError) -> FHIRDecimal? {
        guard let value = node(key) else { return nil }
        guard let text = value.numberText else { throw mismatch(key, "a decimal number", value) }
        return FHIRDecimal(text: text)
    }

    /// A `date`, `dateTime` or `instant` string, checked against FHIR's formats.
    public mutating func dateTime(_ key: String) throws(FHIRDecodingError) -> String? {
        try dateTime(key, "")
    }

    mutating func dateTime(_ prefix: String, _ suffix: String) throws(FHIRDecodingError) -> String? {
        guard let text = try string(prefix, suffix) else { return nil }
        guard FHIRDateTime(text) != nil else {
            throw error(prefix + suffix, "expected a FHIR date or dateTime, found \"\(text)\"")
        }
        return text
    }

    public mutating func element<T: FHIRElement>(_ key: String) throws(FHIRDecodingError) -> T? {
        try element(key, "")
    }

    /// The member read at a path relative to this object, so that reading it allocates no
    /// path; an error gets this object's path in front on its way out.
    mutating func element<T: FHIRElement>(_ prefix: String, _ suffix: String) throws(FHIRDecodingError) -> T? {
        guard let value = value(prefix, suffix) else { return nil }
        do { return try read(value) } catch {
            throw ElementPath.member(location, prefix + suffix).placing(error)
        }
    }

    /// The element at `value`, read at a path relative to this object; a tape's object is
    /// read by a reader that borrows the tape as this one does.
    private func read<T: FHIRElement>(_ value: MemberValue) throws(FHIRDecodingError) -> T {
        switch value {
        case .tree(let value): return try T(node: .tree(value), at: .relative)
        case .token(let borrowed, let index):
            let kind = borrowed.view.tokens[index].kind
            guard kind == .object else {
                throw FHIRDecodingError(
                    path: ElementPath.relative.text, message: "expected an object, found \(kind.name)")
            }
            var reader = ElementReader(.tape(borrowed, index), location: .relative)
            return try T(reading: &reader)
        }
    }

    public mutating func elements<T: FHIRElement>(_ key: String) throws(FHIRDecodingError) -> [T] {
        guard let value = node(key) else { return [] }
        guard let items = value.items else { throw mismatch(key, "an array", value) }
        var result: [T] = []
        result.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            do { result.append(try T(node: item, at: .relative)) } catch {
                throw ElementPath.item(location, key, index).placing(error)
            }
        }
        return result
    }

    public mutating func strings(_ key: String) throws(FHIRDecodingError) -> [String] {
        guard let value = node(key) else { return [] }
        guard let items = value.items else { throw mismatch(key, "an array", value) }
        var result: [String] = []
        for (index, item) in items.enumerated() {
            guard let text = item.stringValue else { throw mismatch("\(key)[\(index)]", "a string", item) }
            result.append(text)
        }
        return result
    }

    private func mismatch(_ key: String, _ expected: String, _ found: JSONNode) -> FHIRDecodingError {
        mismatch(key, expected, found.kindName)
    }

    private func mismatch(_ key: String, _ expected: String, _ found: String) -> FHIRDecodingError {
        error(key, "expected \(expected), found \(found)")
    }
}

/// A set of member indices, in one word for objects of up to 64 members.
struct UsedMembers {
    private var bits: UInt64 = 0
    private var more: [Bool]

    init(count: Int) {
        more = count > 64 ? Array(repeating: false, count: count) : []
    }

    mutating func mark(_ index: Int) {
        if more.isEmpty { bits |= 1 << UInt64(index) } else { more[index] = true }
    }

    func contains(_ index: Int) -> Bool {
        more.isEmpty ? bits & (1 << UInt64(index)) != 0 : more[index]
    }

    /// Whether every index below `count` is in the set.
    func containsAll(_ count: Int) -> Bool {
        guard more.isEmpty else { return !more.contains(false) }
        return count == 64 ? bits == .max : bits == (1 << UInt64(count)) &- 1
    }
}

extension ElementReader {
    /// The object's members, from a tree or a tape.
    fileprivate enum Members {
        case tree(JSONObject)
        case tape(BorrowedTape, Int)

        var count: Int {
            switch self {
            case .tree(let object): object.count
            case .tape(let borrowed, let index): Int(borrowed.view.tokens[index].first)
            }
        }

        /// Every member in order: its place, its name (made only when asked) and its value.
        func forEach(_ body: (Int, () -> String, JSONNode) -> Void) {
            switch self {
            case .tree(let object):
                for index in 0..<object.count {
                    body(index, { object.key(at: index) }, .tree(object.value(at: index)))
                }
            case .tape(let borrowed, let index):
                let tape = borrowed.tape
                tape.view.forEachMember(of: index) { ordinal, name in
                    body(ordinal, { tape.view.string(at: name) }, .tape(tape, name + 1))
                }
            }
        }
    }

    /// A member's value as found: a tree's, or a token of the tape being read.
    fileprivate enum MemberValue {
        case tree(JSONValue)
        case token(BorrowedTape, Int)
    }

    /// A tape held without a reference count, and its memory, read without touching the
    /// tape at all: see ``ElementReader`` for who keeps it alive.
    fileprivate struct BorrowedTape {
        unowned(unsafe) let tape: JSONTape
        let view: TapeView

        init(tape: JSONTape) {
            self.tape = tape
            view = tape.view
        }
    }
}
