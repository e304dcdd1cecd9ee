import FHIRModel

/// Takes out the element a decoding error names, so that decoding can go on and find the next
/// problem: a validator that stops at the first wrong type makes a student fix one at a time.
///
/// An error inside an array takes out the whole array member (`when` for `when[1]`): taking out
/// one item would shift the indexes of the next errors, and a wrong path is worse than one
/// problem found later.
enum ElementPruning {
    /// `resource` without the element at `path` (`MedicationOrder.dosageInstruction[0].timing.repeat.frequency`);
    /// nil when the path does not lead to a member (the error was about the whole resource).
    static func removing(_ path: String, from resource: JSONValue) -> JSONValue? {
        let steps = path.split(separator: ".").dropFirst().map(Step.init)
        guard let last = steps.last, last.key != "resourceType" else { return nil }
        return remove(steps[...], from: resource)
    }

    private struct Step {
        let key: String
        let index: Int?

        init(_ text: Substring) {
            guard let open = text.firstIndex(of: "["), text.hasSuffix("]"),
                let index = Int(text[text.index(after: open)..<text.index(before: text.endIndex)])
            else {
                (key, index) = (String(text), nil)
                return
            }
            (key, self.index) = (String(text[..<open]), index)
        }
    }

    private static func remove(_ steps: ArraySlice<Step>, from value: JSONValue) -> JSONValue? {
        guard case .object(var object) = value, let step = steps.first, let member = object[step.key] else {
            return nil
        }
        if steps.count == 1 {
            object[step.key] = nil
            return .object(object)
        }
        guard let index = step.index else {
            guard let inner = remove(steps.dropFirst(), from: member) else { return nil }
            object[step.key] = inner
            return .object(object)
        }
        guard case .array(var items) = member, items.indices.contains(index),
            let inner = remove(steps.dropFirst(), from: items[index])
        else { return nil }
        items[index] = inner
        object[step.key] = .array(items)
        return .object(object)
    }
}
