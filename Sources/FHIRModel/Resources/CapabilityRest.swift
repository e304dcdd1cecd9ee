/// The REST interface of a server: its resource types and system-wide interactions.
public struct CapabilityRest: FHIRElement {
    public var mode: String?
    public var resource: [CapabilityResource] = []
    public var interaction: [CapabilityInteraction] = []
    public var extra = JSONObject()

    public init(mode: String) { self.mode = mode }

    public init(reading reader: inout ElementReader) throws(FHIRDecodingError) {
        mode = try reader.string("mode")
        resource = try reader.elements("resource")
        interaction = try reader.elements("interaction")
        extra = reader.remainder()
    }

    public func write(to writer: inout ElementWriter) {
        writer.set("mode", mode)
        writer.set("resource", resource)
        writer.set("interaction", interaction)
        writer.merge(extra)
    }
}

/// One resource type a server supports, with its interactions and search parameters.
public struct CapabilityResource: FHIRElement {
    public var type: String?
    public var interaction: [CapabilityInteraction] = []
    public var searchParam: [CapabilitySearchParam] = []
    public var searchInclude: [String] = []
    public var extra = JSONObject()

    public init(type: String) { self.type = type }

    public init(reading reader: inout ElementReader) throws(FHIRDecodingError) {
        type = try reader.string("type")
        interaction = try reader.elements("interaction")
        searchInclude = try reader.strings("searchInclude")
        searchParam = try reader.elements("searchParam")
        extra = reader.remainder()
    }

    public func write(to writer: inout ElementWriter) {
        writer.set("type", type)
        writer.set("interaction", interaction)
        writer.set("searchInclude", searchInclude)
        writer.set("searchParam", searchParam)
        writer.merge(extra)
    }
}

/// An interaction code such as `read`, `search-type` or `transaction`.
public struct CapabilityInteraction: FHIRElement {
    public var code: String?
    public var extra = JSONObject()

    public init(code: String) { self.code = code }

    public init(reading reader: inout ElementReader) throws(FHIRDecodingError) {
        code = try reader.string("code")
        extra = reader.remainder()
    }

    public func write(to writer: inout ElementWriter) {
        writer.set("code", code)
        writer.merge(extra)
    }
}

/// A search parameter a server supports for one resource type.
public struct CapabilitySearchParam: FHIRElement {
    public var name: String?
    public var type: String?
    public var documentation: String?
    public var extra = JSONObject()

    public init(name: String, type: String, documentation: String? = nil) {
        self.name = name
        self.type = type
        self.documentation = documentation
    }

    public init(reading reader: inout ElementReader) throws(FHIRDecodingError) {
        name = try reader.string("name")
        type = try reader.string("type")
        documentation = try reader.string("documentation")
        extra = reader.remainder()
    }

    public func write(to writer: inout ElementWriter) {
        writer.set("name", name)
        writer.set("type", type)
        writer.set("documentation", documentation)
        writer.merge(extra)
    }
}
