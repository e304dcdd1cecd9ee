/// The elements every resource starts with: `resourceType`, `id`, `meta` and `text`.
public struct ResourceHeader: Sendable, Equatable {
    public var resourceType: String
    public var id: String?
    @Indirect public var meta: Meta?
    @Indirect public var text: Narrative?

    public init(resourceType: String, id: String? = nil) {
        self.resourceType = resourceType
        self.id = id
    }

    /// Reads the header, insisting on one of the `accepted` resource types.
    public init(reading reader: inout ElementReader, accepting accepted: [String]) throws(FHIRDecodingError) {
        guard let type = reader.node("resourceType") else { throw reader.error("resourceType", "required") }
        // The accepted name rather than the one read: a literal, which a million resources share
        // instead of each holding its own copy of "MedicationAdministration"; compared in place,
        // so reading it makes no String at all.
        guard let known = type.string(among: accepted) else {
            guard let found = type.stringValue else {
                throw reader.error("resourceType", "expected a string, found \(type.kindName)")
            }
            throw reader.error("resourceType", "expected \(accepted.joined(separator: " or ")), found \(found)")
        }
        resourceType = known
        id = try reader.string("id")
        meta = try reader.element("meta")
        text = try reader.element("text")
    }

    public func write(to writer: inout ElementWriter) {
        writer.set("resourceType", resourceType)
        writer.set("id", id)
        writer.set("meta", meta)
        writer.set("text", text)
    }
}
