import FHIRModel
import FHIRProfiles

/// One row of the tutorial's requirement tables (§9.3, Tables 1–4), as the tutorial's profile
/// of its resource states it (``TutorialProfiles``): an element of the profile, whose `short`
/// is the row's name and whose mapping `tutorial` is the row as the tutorial writes it.
public struct Requirement: Sendable {
    /// The tutorial's table, 1 to 4.
    public let table: Int
    /// The type the row is about in its release (MedicationOrder became MedicationRequest).
    public let resourceType: String
    public let name: String
    /// The row in the tutorial's notation, with the release's element names (`patient.id != null`).
    public let expression: String
    /// What the profile says of the element: its cardinality, its rules' FHIRPath.
    public let rule: String
    /// The profile of this row alone (the table's profile cut to this element), which a
    /// resource meets the row by conforming to.
    let profile: String

    /// The row an element of a table's profile states, or nil for an element that states
    /// none (the root): one with no mapping to the tutorial.
    init?(element: JSONValue, table: Int, type: String, profile: String) {
        guard let path = element["path"]?.stringValue,
            let mapping = element["mapping"]?.arrayValue?.first(where: { $0["identity"] == "tutorial" }),
            let expression = mapping["map"]?.stringValue
        else { return nil }
        (self.table, resourceType, self.expression, self.profile) = (table, type, expression, profile)
        name = element["short"]?.stringValue ?? path
        rule = Self.rule(of: element, at: path)
    }

    /// `MedicationRequest.subject: min 1`, `Medication.code: min 1, tut-2: coding.first()…`.
    private static func rule(of element: JSONValue, at path: String) -> String {
        var parts: [String] = []
        if case .number(let min) = element["min"], min != "0" { parts.append("min \(min)") }
        if let max = element["max"]?.stringValue { parts.append("max \(max)") }
        for constraint in element["constraint"]?.arrayValue ?? [] {
            let expression = ElementConstraint.expression(of: constraint) ?? ""
            parts.append("\(constraint["key"]?.stringValue ?? "rule"): \(expression)")
        }
        return "\(path): \(parts.joined(separator: ", "))"
    }
}
