import FHIRModel

extension FHIRTypeModel {
    /// The element a JSON member of `type` is and the type it has there: an element's own
    /// type, or the type a choice's name ends in (`valueQuantity` is the element `value`, a
    /// Quantity, where `value[x]` allows one); nil when the type has no such element.
    public func member(_ key: String, of type: String) -> (element: String, type: String)? {
        if let element = element(key, of: type), !element.isChoice, let first = element.types.first {
            return (key, first)
        }
        guard let choice = choice(spelled: key, in: type), let element = element(choice, of: type),
            let spelled = element.type(spelledBy: key.dropFirst(choice.count))
        else { return nil }
        return (choice, spelled)
    }
}
