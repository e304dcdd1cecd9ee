/// A concept given by codes and/or free text.
public struct CodeableConcept: FHIRElement {
    public var coding: [Coding]
    public var text: String?
    public var extra = JSONObject()

    public init(coding: [Coding] = [], text: String? = nil) {
        self.coding = coding
        self.text = text
    }

    public init(reading reader: inout ElementReader) throws(FHIRDecodingError) {
        coding = try reader.elements("coding")
        text = try reader.string("text")
        extra = reader.remainder()
    }

    public func write(to writer: inout ElementWriter) {
        writer.set("coding", coding)
        writer.set("text", text)
        writer.merge(extra)
    }

    /// What a person should read: the first coding's display, else the text, else a code.
    public var displayText: String? {
        coding.lazy.compactMap(\.display).first ?? text ?? coding.lazy.compactMap(\.code).first
    }
}
