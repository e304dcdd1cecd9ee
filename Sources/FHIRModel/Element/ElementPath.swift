/// Where an element sits in a resource (`Bundle.entry[3].resource.dosage`), recorded as
/// decoding descends and spelled out only when an error message needs it: writing the text of
/// every element's path was a third of the time it took to decode a page of administrations.
public indirect enum ElementPath: Sendable {
    case root(String)
    case member(ElementPath, String)
    case item(ElementPath, String, Int)

    /// The path as FHIR writes it, e.g. `MedicationOrder.dosageInstruction[0].timing`.
    public var text: String {
        switch self {
        case .root(let name): name
        case .member(let parent, let key): Self.joined(parent.text, key)
        case .item(let parent, let key, let index): Self.joined(parent.text, key) + "[\(index)]"
        }
    }

    private static func joined(_ parent: String, _ key: String) -> String {
        parent.isEmpty ? key : "\(parent).\(key)"
    }
}
