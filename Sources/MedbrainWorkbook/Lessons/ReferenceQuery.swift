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

    /// The parameter `name` of `type` in `version`, when it is a reference parameter.
    static func definition(_ name: String, of type: String, in version: FHIRVersion?)
        -> SearchParameterDefinition?
    {
        guard let version else { return nil }
        return version.searchParameters.parameters(of: type).first { $0.code == name && $0.kind == .reference }
    }

    /// Whether a parameter sent as `sentName=sentValue` is the one a lesson wrote as
    /// `wantedName=wantedValue` (the value nil for any), for a search of `type`.
    static func matches(
        sentName: String, sentValue: String, wantedName: String, wantedValue: String?, type: String,
        version: FHIRVersion?
    ) -> Bool {
        if sentName == wantedName, wantedValue == nil || sentValue == wantedValue { return true }
        let (name, modifier) = split(sentName)
        guard name == wantedName, let definition = definition(name, of: type, in: version) else { return false }
        if let modifier, !definition.targets.contains(modifier) { return false }
        guard let wantedValue else { return true }
        let wanted = ReferenceQuery(wantedValue, modifier: nil, targets: definition.targets)
        return ReferenceQuery(sentValue, modifier: modifier, targets: definition.targets)
            .names(wanted, targets: definition.targets)
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

    /// `patient:Patient` as the name and the modifier.
    private static func split(_ name: String) -> (String, String?) {
        let parts = name.split(separator: ":", maxSplits: 1)
        return (String(parts.first ?? ""), parts.count > 1 ? String(parts[1]) : nil)
    }
}
