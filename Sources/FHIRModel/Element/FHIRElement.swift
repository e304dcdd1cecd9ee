/// A FHIR element or resource read from, and written back to, JSON without loss.
///
/// Members the type does not model are kept by ``ElementReader/remainder()`` and written
/// again after the modelled ones, so decode → encode is the identity (key order aside).
public protocol FHIRElement: Sendable, Equatable {
    init(reading reader: inout ElementReader) throws(FHIRDecodingError)
    func write(to writer: inout ElementWriter)
}

extension FHIRElement {
    /// Reads the element from a JSON object; `path` names it in error messages.
    public init(json: JSONValue, path: String) throws(FHIRDecodingError) {
        try self.init(json: json, at: .root(path))
    }

    /// Reads the element from a JSON object found at `location`.
    public init(json: JSONValue, at location: ElementPath) throws(FHIRDecodingError) {
        try self.init(node: .tree(json), at: location)
    }

    /// Reads the element from a JSON object in a tree or a tape, found at `location`.
    public init(node: JSONNode, at location: ElementPath) throws(FHIRDecodingError) {
        var reader = try ElementReader(node: node, at: location)
        self = try Self(reading: &reader)
    }

    /// The element as JSON.
    public var json: JSONValue {
        var writer = ElementWriter()
        write(to: &writer)
        return .object(writer.object)
    }
}
