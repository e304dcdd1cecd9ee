/// Where an element sits in a resource (`Bundle.entry[3].resource.dosage`), recorded as
/// decoding descends and spelled out only when an error message needs it: writing the text of
/// every element's path was a third of the time it took to decode a page of administrations.
///
/// Members are read at `.root("")`, a path relative to their parent, which costs no
/// allocation; the parent puts its own path in front of an error's on the way out.
public enum ElementPath: Sendable {
    case root(String)
    /// An item of a list read on its own, `[3]`: numbered without writing the number down
    /// until an error needs it.
    case position(Int)
    indirect case member(ElementPath, String)
    indirect case item(ElementPath, String, Int)

    /// Where a member's reading starts: its parent adds its own path to errors.
    static var relative: ElementPath { .root("") }

    /// The path as FHIR writes it, e.g. `MedicationOrder.dosageInstruction[0].timing`.
    public var text: String {
        switch self {
        case .root(let name): name
        case .position(let index): "[\(index)]"
        case .member(let parent, let key): Self.joined(parent.text, key)
        case .item(let parent, let key, let index): Self.joined(parent.text, key) + "[\(index)]"
        }
    }

    /// `error` from inside the element here, its path made whole.
    func placing(_ error: FHIRDecodingError) -> FHIRDecodingError {
        FHIRDecodingError(path: Self.joined(text, error.path), message: error.message)
    }

    /// `parent.key`, or either alone when the other is empty.
    static func joined(_ parent: String, _ key: String) -> String {
        parent.isEmpty ? key : key.isEmpty ? parent : "\(parent).\(key)"
    }
}
