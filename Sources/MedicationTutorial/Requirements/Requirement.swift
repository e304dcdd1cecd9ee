import FHIRModel

/// One row of the tutorial's requirement tables (§9.3, Tables 1–4): what the app needs a
/// resource to have, as an expression, checked against real resources in either version.
public struct Requirement: Sendable {
    /// The tutorial's table, 1 to 4.
    public let table: Int
    /// The resource type in DSTU2 and in R4 (MedicationOrder became MedicationRequest).
    public let resourceType: [FHIRVersion: String]
    public let name: String
    /// The expression with the element names of each version.
    public let expression: [FHIRVersion: String]
    let holds: @Sendable (JSONValue, FHIRVersion) -> Bool

    /// Whether `resource` (in `version`'s JSON) meets the requirement.
    public func isMet(by resource: JSONValue, version: FHIRVersion) -> Bool { holds(resource, version) }
}

extension JSONValue {
    /// Whether any of `names` is a member with a value.
    func hasAny(_ names: String...) -> Bool {
        names.contains { self[$0].map { $0 != .null } ?? false }
    }
}
