/// The model's answers to "which element is `name` of `type`" met during one evaluation.
///
/// A path over a large collection asks the same few questions once per item
/// (`where(status = …)` asks for `MedicationAdministration.status` a hundred thousand times),
/// and the model answers by hashing both names. Comparing with the few questions already
/// asked is cheaper: the names are most often the very same strings (a tree shares its
/// resource types, the model its type names).
///
/// One evaluation runs on one thread and owns its lookups, so they are a plain class.
final class ElementLookups {
    private struct Entry {
        let type: String
        let name: String
        let element: FHIRPathModel.Element?
    }

    /// Enough for the distinct steps of any expression a person writes; the oldest goes first.
    private static let capacity = 16
    private var entries: [Entry] = []

    func element(_ name: String, of type: String, in model: FHIRPathModel) -> FHIRPathModel.Element? {
        for index in entries.indices where entries[index].name == name && entries[index].type == type {
            return entries[index].element
        }
        let element = model.element(name, of: type)
        if entries.count == Self.capacity { entries.removeFirst() }
        entries.append(Entry(type: type, name: name, element: element))
        return element
    }
}
