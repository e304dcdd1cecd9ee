/// The tokens a parse appends, in ``TapeMemory`` the tape then takes over without a copy.
///
/// A Swift array grew by copying and was copied once more into the tape: for a 35 MiB
/// Bundle, some 90 MB written for 40 MB of tokens.
struct TokenList {
    private var memory: TapeMemory?
    private var base: UnsafeMutablePointer<JSONToken>
    private var capacity = 0
    private(set) var count = 0

    /// A list with no room yet, as a parser that reads one string needs.
    init() {
        base = UnsafeMutablePointer(bitPattern: MemoryLayout<JSONToken>.alignment)!
    }

    /// Room for the tokens of a document of `byteCount` bytes. A token takes at least two of
    /// the document's bytes (`[1,2]` is three tokens in five bytes), so a large document's
    /// tokens fit in room for half of them, which costs nothing until it is touched; a small
    /// document starts with a guess and grows.
    init(forDocumentOf byteCount: Int) {
        self.init()
        let stride = MemoryLayout<JSONToken>.stride
        let mostTokens = byteCount / 2 + 2
        reserve(mostTokens * stride >= TapeMemory.mappedFrom ? mostTokens : byteCount / 8 + 16)
    }

    subscript(index: Int) -> JSONToken {
        get { base[index] }
        nonmutating set { base[index] = newValue }
    }

    mutating func append(_ token: JSONToken) {
        if count == capacity { reserve(max(capacity * 2, 16)) }
        (base + count).initialize(to: token)
        count += 1
    }

    /// The tokens, in memory cut to their size, which the caller now owns.
    consuming func finished() -> (memory: TapeMemory, tokens: UnsafeBufferPointer<JSONToken>) {
        if memory == nil { reserve(1) }
        let kept = memory!.trimmed(to: count * MemoryLayout<JSONToken>.stride)
        return (kept, UnsafeBufferPointer(start: kept.start.assumingMemoryBound(to: JSONToken.self), count: count))
    }

    /// Frees the memory of a parse that failed.
    consuming func discard() { memory?.free() }

    private mutating func reserve(_ tokens: Int) {
        let bytes = tokens * MemoryLayout<JSONToken>.stride
        let moved =
            memory?.moved(to: bytes, keeping: count * MemoryLayout<JSONToken>.stride) ?? TapeMemory(byteCount: bytes)
        memory = moved
        base = moved.start.bindMemory(to: JSONToken.self, capacity: tokens)
        capacity = moved.byteCount / MemoryLayout<JSONToken>.stride
    }
}
