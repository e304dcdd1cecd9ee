import FHIRModel

/// A literal reference a resource makes (a `reference` string), with the element that holds it.
///
/// Both sides of the server's reference rule read references through here: a write may not name
/// a resource that is not there, and a delete may not leave a resource naming one that was.
public struct LiteralReference: Sendable, Equatable {
    /// The element holding the reference, such as `Observation.subject` or `Patient.link[0].other`.
    public let path: String
    /// The reference as written: `Patient/f001`, an absolute URL, `urn:uuid:…`.
    public let text: String

    public init(path: String, text: String) {
        self.path = path
        self.text = text
    }

    /// Every literal reference in `value`, whose element is `path`, in document order. A
    /// contained resource's references are skipped: they belong to the resource that contains
    /// it only through `#id`, which names no resource on the server.
    public static func all(in value: JSONValue, path: String) -> [LiteralReference] {
        var found: [LiteralReference] = []
        collect(value, path: path, into: &found)
        return found
    }

    /// The type and id a relative reference (`Patient/f001`, `Patient/f001/_history/2`) names;
    /// nil for an absolute URL, a contained `#id`, a `urn:`. The reading of a reference for a
    /// store that knows no name of its own.
    public static func relative(_ text: String) -> (type: String, id: String)? {
        guard !text.contains("://") else { return nil }
        return Reference(reference: text).target
    }

    private static func collect(_ value: JSONValue, path: String, into found: inout [LiteralReference]) {
        switch value {
        case .object(let object):
            if let text = object["reference"]?.stringValue { found.append(LiteralReference(path: path, text: text)) }
            for (key, member) in object.members where key != "contained" {
                collect(member, path: "\(path).\(key)", into: &found)
            }
        case .array(let elements):
            for (index, element) in elements.enumerated() { collect(element, path: "\(path)[\(index)]", into: &found) }
        default:
            break
        }
    }
}
