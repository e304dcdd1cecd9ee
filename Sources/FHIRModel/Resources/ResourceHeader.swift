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
        guard let type = try reader.string("resourceType") else {
            throw reader.error("resourceType", "required")
        }
        // The accepted name rather than the one read: a literal, which a million resources share
        // instead of each holding its own copy of "MedicationAdministration".
        guard let known = accepted.first(where: { $0 == type }) else {
            throw reader.error("resourceType", "expected \(accepted.joined(separator: " or ")), found \(type)")
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
