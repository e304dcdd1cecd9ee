/// A parsed JSON document kept as its bytes and one flat list of tokens, one per value and
/// member name, in document order.
///
/// Models are read straight from it (``JSONNode``): a page of a thousand administrations
/// becomes two arrays rather than tens of thousands of small allocations, and strings are
/// made only for the members a model keeps. ``value(at:)`` builds a ``JSONValue`` tree for
/// the parts that need one.
public final class JSONTape: Sendable {
    let bytes: [UInt8]
    let tokens: [JSONToken]

    /// Parses a whole document; anything but white space after the value is an error.
    public convenience init(parsing bytes: some Sequence<UInt8>) throws(JSONSyntaxError) {
        var parser = JSONParser(bytes: Array(bytes))
        try parser.parseDocument()
        self.init(bytes: parser.bytes, tokens: parser.tokens)
    }

    init(bytes: [UInt8], tokens: [JSONToken]) {
        self.bytes = bytes
        self.tokens = tokens
    }

    /// The document's top-level value.
    public var root: JSONNode { .tape(self, 0) }

    /// The index of the token after the value at `index` and everything inside it.
    func end(of index: Int) -> Int {
        let token = tokens[index]
        return token.isContainer ? Int(token.second) : index + 1
    }

    /// The value at `index` as a tree.
    public func value(at index: Int) -> JSONValue {
        let token = tokens[index]
        switch token.kind {
        case .null: return .null
        case .true: return .bool(true)
        case .false: return .bool(false)
        case .number: return .number(String(decoding: bytes[token.range], as: UTF8.self))
        case .string: return .string(string(at: index))
        case .array:
            var items: [JSONValue] = []
            items.reserveCapacity(Int(token.first))
            var item = index + 1
            for _ in 0..<token.first {
                items.append(value(at: item))
                item = end(of: item)
            }
            return .array(items)
        case .object:
            var object = JSONObject(capacity: Int(token.first))
            forEachMember(of: index) { _, name in object.append(string(at: name), value(at: name + 1)) }
            return .object(object)
        }
    }

    /// Each member of the object at `object`, in order: its place and its name's token index
    /// (the value's is the next).
    func forEachMember(of object: Int, _ body: (_ ordinal: Int, _ name: Int) -> Void) {
        var name = object + 1
        for ordinal in 0..<Int(tokens[object].first) {
            body(ordinal, name)
            name = end(of: name + 1)
        }
    }

    /// The string (or member name) at `index`, its escapes resolved.
    func string(at index: Int) -> String {
        let token = tokens[index]
        if token.isPlainASCII { return String(decoding: bytes[token.range], as: UTF8.self) }
        // Checked when the document was parsed, so reading it again cannot fail.
        var parser = JSONParser(bytes: bytes)
        parser.position = Int(token.first) - 1
        return (try? parser.parseString()) ?? ""
    }

    /// Whether the string at `index` is exactly `text`, compared without making a String
    /// when both are plain ASCII (as FHIR's member names are).
    func string(at index: Int, equals text: String) -> Bool {
        string(at: index, equals: text, "")
    }

    /// Whether the string at `index` is `prefix` followed by `suffix` (a choice element's name).
    func string(at index: Int, equals prefix: String, _ suffix: String) -> Bool {
        let token = tokens[index]
        guard token.isPlainASCII else { return string(at: index) == prefix + suffix }
        let start = Int(token.first)
        let count = Int(token.second) - start
        // Names of other lengths, most of those compared, are told apart without a loop.
        guard prefix.utf8.count + suffix.utf8.count == count else { return false }
        return bytes.withUnsafeBufferPointer { all in
            Self.bytes(all, at: start, are: prefix) && Self.bytes(all, at: start + prefix.utf8.count, are: suffix)
        }
    }

    private static func bytes(_ all: UnsafeBufferPointer<UInt8>, at start: Int, are text: String) -> Bool {
        let fast = text.utf8.withContiguousStorageIfAvailable { utf8 in
            guard let tape = all.baseAddress.map(UnsafeRawPointer.init), let name = utf8.baseAddress else {
                return utf8.isEmpty
            }
            return equal(tape + start, UnsafeRawPointer(name), count: utf8.count)
        }
        return fast ?? all[start..<start + text.utf8.count].elementsEqual(text.utf8)
    }

    /// Compares eight bytes a step: member names are compared many times per resource read.
    private static func equal(_ left: UnsafeRawPointer, _ right: UnsafeRawPointer, count: Int) -> Bool {
        var offset = 0
        while offset + 8 <= count {
            guard
                left.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                    == right.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            else { return false }
            offset += 8
        }
        while offset < count {
            guard
                left.load(fromByteOffset: offset, as: UInt8.self) == right.load(fromByteOffset: offset, as: UInt8.self)
            else { return false }
            offset += 1
        }
        return true
    }
}

/// One value or member name of a ``JSONTape``, in 12 bytes.
///
/// Strings and numbers keep their byte range (a string's without its quotes); arrays and
/// objects keep how many items or members they have and where the value after them starts.
struct JSONToken: Sendable {
    enum Kind: UInt8 { case null, `true`, `false`, number, string, array, object }

    var kind: Kind
    /// A string without escapes or bytes above 0x7F: its bytes are its characters.
    var isPlainASCII = false
    /// A string's or number's first byte; a container's count.
    var first: UInt32
    /// A string's or number's end; the index of the token after a container.
    var second: UInt32

    var isContainer: Bool { kind == .array || kind == .object }
    var range: Swift.Range<Int> { Int(first)..<Int(second) }
}
