/// A tape's memory, read without holding the tape: what readers keep, since holding a
/// reference to the tape retained and released it at every member read.
///
/// Valid while the ``JSONTape`` it came from lives; whoever reads through it keeps the tape.
struct TapeView {
    let bytes: UnsafeBufferPointer<UInt8>
    let tokens: UnsafeBufferPointer<JSONToken>

    /// The index of the token after the value at `index` and everything inside it.
    func end(of index: Int) -> Int {
        let token = tokens[index]
        return token.isContainer ? Int(token.second) : index + 1
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
        return Self.bytes(bytes, at: start, are: prefix)
            && Self.bytes(bytes, at: start + prefix.utf8.count, are: suffix)
    }

    fileprivate static func bytes(_ all: UnsafeBufferPointer<UInt8>, at start: Int, are text: String) -> Bool {
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

extension TapeView {
    /// The member `key` of the object at `object`: its place among the members and the
    /// token index of its value.
    func member(_ key: String, of object: Int) -> (ordinal: Int, value: Int)? {
        member(key, "", of: object, from: (0, object + 1))
    }

    /// The member named `prefix` followed by `suffix`, looking first from the member at
    /// `start` (its place and its name's token index) and then from the first: models read
    /// members in about the order they are written, so the next one asked for is usually next.
    func member(_ prefix: String, _ suffix: String, of object: Int, from start: (ordinal: Int, name: Int))
        -> (ordinal: Int, value: Int)?
    {
        let count = Int(tokens[object].first)
        var (ordinal, name) = start
        for _ in 0..<count {
            if ordinal == count { (ordinal, name) = (0, object + 1) }
            if string(at: name, equals: prefix, suffix) { return (ordinal, name + 1) }
            name = end(of: name + 1)
            ordinal += 1
        }
        return nil
    }
}

extension TapeView {
    /// FHIR's element `name` of the object at `object` and its `_name` sibling, as token
    /// indices of their values, found in one pass over the members.
    ///
    /// Every step of a path asks this of every item, so names are told apart by their length
    /// and compared with `memcmp`, the name's bytes taken once.
    func element(_ name: String, of object: Int) -> (value: Int?, extensions: Int?) {
        var name = name
        return name.withUTF8 { name in
            var (value, extensions): (Int?, Int?) = (nil, nil)
            let length = name.count
            var key = object + 1
            for _ in 0..<Int(tokens[object].first) {
                let token = tokens[key]
                let start = Int(token.first)
                let count = Int(token.second) - start
                if !token.isPlainASCII {
                    let text = string(at: key)
                    if value == nil, text.utf8.elementsEqual(name) { value = key + 1 }
                    if extensions == nil, text.utf8.first == UInt8(ascii: "_"),
                        text.utf8.dropFirst().elementsEqual(name)
                    {
                        extensions = key + 1
                    }
                } else if count == length, value == nil, Self.same(bytes, at: start, as: name) {
                    value = key + 1
                } else if count == length + 1, extensions == nil, bytes[start] == UInt8(ascii: "_"),
                    Self.same(bytes, at: start + 1, as: name)
                {
                    extensions = key + 1
                }
                key = end(of: key + 1)
            }
            return (value, extensions)
        }
    }

    private static func same(_ all: UnsafeBufferPointer<UInt8>, at start: Int, as name: UnsafeBufferPointer<UInt8>)
        -> Bool
    {
        guard let tape = all.baseAddress, let base = name.baseAddress else { return name.isEmpty }
        return equal(UnsafeRawPointer(tape + start), UnsafeRawPointer(base), count: name.count)
    }

    /// Whether the string at `index` is `prefix` and at least one byte more.
    func string(at index: Int, startsWith prefix: String) -> Bool {
        let token = tokens[index]
        guard token.isPlainASCII else {
            let text = string(at: index)
            return text.utf8.count > prefix.utf8.count && text.hasPrefix(prefix)
        }
        return token.range.count > prefix.utf8.count && Self.bytes(bytes, at: Int(token.first), are: prefix)
    }
}
