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
        var parts = reference.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        if let history = parts.firstIndex(of: "_history") { parts.removeSubrange(history...) }
        guard parts.count >= 2, let type = parts.dropLast().last, let id = parts.last,
            !type.isEmpty, !id.isEmpty, type.first!.isUppercase
        else { return nil }
        return (type, id)
    }
}
