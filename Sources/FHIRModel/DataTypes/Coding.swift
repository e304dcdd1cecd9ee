/// A code from a code system, e.g. a medication code with its display text.
public struct Coding: FHIRElement {
    public var system: String?
    public var version: String?
    public var code: String?
    public var display: String?
    public var userSelected: Bool?
    public var extra = JSONObject()

    public init(system: String? = nil, code: String? = nil, display: String? = nil) {
        self.system = system
        self.code = code
        self.display = display
    }

    public init(reading reader: inout ElementReader) throws(FHIRDecodingError) {
        system = try reader.string("system")
        version = try reader.string("version")
        code = try reader.string("code")
        display = try reader.string("display")
        userSelected = try reader.bool("userSelected")
        extra = reader.remainder()
    }

    public func write(to writer: inout ElementWriter) {
        writer.set("system", system)
        writer.set("version", version)
        writer.set("code", code)
        writer.set("display", display)
        writer.set("userSelected", userSelected)
        writer.merge(extra)
    }
}
