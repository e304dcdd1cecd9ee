import FHIRModel

/// A reference search value as a FHIR server reads it: `f001`, `Patient/f001` and
/// `http://server/fhir/Patient/f001` name one patient, and so do `patient:Patient=f001` and
/// `patient=f001` where `patient` can only point at a Patient. A lesson that asks for
/// `patient=f001` takes each of them, as the server would answer each alike.
struct ReferenceQuery {
    var type: String?
    var id: String

    /// `value` of a parameter whose targets are `targets`, sent with `modifier` (`:Patient`).
    init(_ value: String, modifier: String?, targets: [String]) {
        let parts = value.split(separator: "/", omittingEmptySubsequences: false)
        id = String(parts.last ?? "")
        let named = parts.count > 1 ? String(parts[parts.count - 2]) : nil
        type = named ?? modifier ?? (targets.count == 1 ? targets[0] : nil)
    }

    /// Whether the two name one resource: the same id, and the same type or, where one gives
    /// none (a bare id of a parameter with several targets), a type the parameter can point at.
    func names(_ other: ReferenceQuery, targets: [String]) -> Bool {
        guard id == other.id else { return false }
        switch (type, other.type) {
        case (let one?, let two?): return one == two
        case (let one?, nil), (nil, let one?): return targets.contains(one)
        case (nil, nil): return true
        }
    }
}
