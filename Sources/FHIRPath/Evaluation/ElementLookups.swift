import FHIRModel

/// The model's answers to "which element is `name` of `type`" met during one evaluation, and
/// the resource types read so far.
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
        let element: FHIRTypeModel.Element?
    }

    /// Enough for the distinct steps of any expression a person writes; the oldest goes first.
    private static let capacity = 16
    private var entries: [Entry] = []
    private var latest = 0

    func element(_ name: String, of type: String, in model: FHIRTypeModel) -> FHIRTypeModel.Element? {
        // The last answer first: a step over many items asks the same question in a row, and
        // strings that differ cost a call to compare where equal ones are told by their bits.
        if latest < entries.count, entries[latest].name == name, entries[latest].type == type {
            return entries[latest].element
        }
        for index in entries.indices where entries[index].name == name && entries[index].type == type {
            latest = index
            return entries[index].element
        }
        let element = model.element(name, of: type)
        if entries.count == Self.capacity { entries.removeFirst() }
        entries.append(Entry(type: type, name: name, element: element))
        latest = entries.count - 1
        return element
    }

    private var resourceTypes: [String] = []

    /// The `resourceType` of an object, as the same String each time it is spelled the same:
    /// a hundred thousand resources of a tape then share one, and the element lookups above
    /// compare them at a glance.
    func resourceType(of node: JSONNode) -> String? {
        guard let member = node["resourceType"] else { return nil }
        if let known = member.string(among: resourceTypes) { return known }
        guard let text = member.stringValue else { return nil }
        if resourceTypes.count == Self.capacity { resourceTypes.removeFirst() }
        resourceTypes.append(text)
        return text
    }
}
