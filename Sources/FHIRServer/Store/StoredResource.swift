import FHIRModel

/// One version of a resource as the server holds it, `meta` already filled in.
public struct StoredResource: Sendable, Equatable {
    public let type: String
    public let id: String
    public let versionId: Int
    public let lastUpdated: String
    /// The resource JSON, or nil for a deletion.
    public let json: JSONValue?
    /// The resource's compact JSON, written once when it is stored, so that reads and searches
    /// send it as it is instead of writing it again for every request; empty for a deletion.
    public let body: [UInt8]

    public var isDeleted: Bool { json == nil }

    /// The weak ETag real clients send back in `If-Match`: `W/"3"`.
    public var etag: String { "W/\"\(versionId)\"" }

    /// Stamps `id` and `meta.versionId`/`meta.lastUpdated` onto the resource.
    init(type: String, id: String, versionId: Int, lastUpdated: String, resource: JSONValue?) {
        self.type = type
        self.id = id
        self.versionId = versionId
        self.lastUpdated = lastUpdated
        guard case .object(var object) = resource else {
            json = nil
            body = []
            return
        }
        var meta = object["meta"]?.objectValue ?? JSONObject()
        meta["versionId"] = .string(String(versionId))
        meta["lastUpdated"] = .string(lastUpdated)
        object["id"] = .string(id)
        object["meta"] = .object(meta)
        let stamped = JSONValue.object(Self.headerFirst(object))
        json = stamped
        body = stamped.compactBytes
    }

    /// `resourceType`, `id`, `meta` lead, as FHIR servers conventionally write them.
    private static func headerFirst(_ object: JSONObject) -> JSONObject {
        var ordered = JSONObject()
        for key in ["resourceType", "id", "meta"] {
            if let value = object[key] { ordered.append(key, value) }
        }
        for (key, value) in object.members where !["resourceType", "id", "meta"].contains(key) {
            ordered.append(key, value)
        }
        return ordered
    }
}
