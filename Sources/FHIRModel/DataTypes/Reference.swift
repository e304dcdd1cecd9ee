/// A reference from one resource to another, e.g. `Patient/f001`.
public struct Reference: FHIRElement {
    public var reference: String?
    public var display: String?
    public var extra = JSONObject()

    public init(reference: String? = nil, display: String? = nil) {
        self.reference = reference
        self.display = display
    }

    public init(reading reader: inout ElementReader) throws(FHIRDecodingError) {
        reference = try reader.string("reference")
        display = try reader.string("display")
        extra = reader.remainder()
    }

    public func write(to writer: inout ElementWriter) {
        writer.set("reference", reference)
        writer.set("display", display)
        writer.merge(extra)
    }

    /// The type and id of a relative (`Type/id`) or absolute (`…/Type/id`) literal reference.
    public var target: (type: String, id: String)? {
        guard let reference, !reference.hasPrefix("#") else { return nil }
        // A server asks this of every resource a search looks at: the last two parts are read
        // in place, and only a reference that may name a version (`_history`) is split.
        let parts =
            reference.utf8.contains(UInt8(ascii: "_"))
            ? Self.versionedParts(reference) : Self.lastTwoParts(Substring(reference))
        guard let (type, id) = parts, !type.isEmpty, !id.isEmpty, type.first!.isUppercase else { return nil }
        return (String(type), String(id))
    }

    private static func lastTwoParts(_ path: Substring) -> (Substring, Substring)? {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return nil }
        let head = path[..<slash]
        let typeStart = head.utf8.lastIndex(of: UInt8(ascii: "/")).map { head.utf8.index(after: $0) } ?? head.startIndex
        return (path[typeStart..<slash], path[path.utf8.index(after: slash)...])
    }

    private static func versionedParts(_ reference: String) -> (Substring, Substring)? {
        var parts = reference.split(separator: "/", omittingEmptySubsequences: false)
        if let history = parts.firstIndex(of: "_history") { parts.removeSubrange(history...) }
        guard parts.count >= 2 else { return nil }
        return (parts[parts.count - 2], parts[parts.count - 1])
    }
}
