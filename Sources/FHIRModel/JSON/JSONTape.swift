/// A parsed JSON document kept as its bytes and one flat list of tokens, one per value and
/// member name, in document order.
///
/// Models are read straight from it (``JSONNode``): a page of a thousand administrations
/// becomes two blocks of memory rather than tens of thousands of small allocations, and
/// strings are made only for the members a model keeps. ``value(at:)`` builds a ``JSONValue``
/// tree for the parts that need one.
public final class JSONTape: @unchecked Sendable {
    // Unchecked: the memory behind `bytes` and `tokens` is written once, in the initializer,
    // and only read after that, from any thread; it is freed with the tape.
    /// The document's bytes and its tokens, in memory of the tape's own, read through
    /// pointers: reading an element from arrays retained and released them at every member.
    let view: TapeView
    private let byteMemory: TapeMemory
    private let tokenMemory: TapeMemory

    var bytes: UnsafeBufferPointer<UInt8> { view.bytes }
    var tokens: UnsafeBufferPointer<JSONToken> { view.tokens }

    /// Parses a whole document; anything but white space after the value is an error.
    public convenience init(parsing bytes: some Sequence<UInt8>) throws(JSONSyntaxError) {
        let copied =
            bytes.withContiguousStorageIfAvailable { Self.copy($0) }
            ?? Array(bytes).withUnsafeBufferPointer { Self.copy($0) }
        try self.init(adopting: copied.memory, count: copied.count)
    }

    /// Parses the first `count` bytes of `memory`, which the tape takes over: it frees it,
    /// also when the parse fails.
    init(adopting memory: TapeMemory, count: Int) throws(JSONSyntaxError) {
        let bytes = UnsafeBufferPointer(start: memory.start.assumingMemoryBound(to: UInt8.self), count: count)
        var parser = JSONParser(bytes: bytes)
        do { try parser.parseDocument() } catch {
            parser.tokens.discard()
            memory.free()
            throw error
        }
        let (tokenMemory, tokens) = parser.tokens.finished()
        (byteMemory, self.tokenMemory) = (memory, tokenMemory)
        view = TapeView(bytes: bytes, tokens: tokens)
    }

    deinit {
        byteMemory.free()
        tokenMemory.free()
    }

    /// The bytes in memory of their own, for the tape to take over.
    private static func copy(_ bytes: UnsafeBufferPointer<UInt8>) -> (memory: TapeMemory, count: Int) {
        let memory = TapeMemory(byteCount: bytes.count)
        if let base = bytes.baseAddress { memory.start.copyMemory(from: base, byteCount: bytes.count) }
        return (memory, bytes.count)
    }

    /// The document's top-level value.
    public var root: JSONNode { .tape(self, 0) }

    /// The value at `index` as a tree.
    public func value(at index: Int) -> JSONValue {
        var strings = TapeStrings(view: view)
        return value(at: index, strings: &strings)
    }

    private func value(at index: Int, strings: inout TapeStrings) -> JSONValue {
        let token = tokens[index]
        switch token.kind {
        case .null: return .null
        case .true: return .bool(true)
        case .false: return .bool(false)
        case .number: return .number(String(decoding: bytes[token.range], as: UTF8.self))
        case .string: return .string(view.string(at: index))
        case .array:
            var items: [JSONValue] = []
            items.reserveCapacity(Int(token.first))
            var item = index + 1
            for _ in 0..<token.first {
                items.append(value(at: item, strings: &strings))
                item = view.end(of: item)
            }
            return .array(items)
        case .object:
            var object = JSONObject(capacity: Int(token.first))
            view.forEachMember(of: index) { _, name in
                let key = strings.string(at: name)
                let isType = key == "resourceType" && tokens[name + 1].kind == .string
                object.append(
                    key, isType ? .string(strings.string(at: name + 1)) : value(at: name + 1, strings: &strings))
            }
            return .object(object)
        }
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
