/// A release's Patient compartment: which resource types hold a patient's data, and by which
/// search parameters a resource of one names its patient. Read from a Bundled/ table
/// (`compartment-r4.txt` and one per release, written by `scripts/fhir-definitions` from the
/// specification's CompartmentDefinition `patient`).
///
/// The table lists the CompartmentDefinition's types and then every other type with a search
/// parameter that targets Patient, and Binary by its `securityContext`, so that no type holding a
/// patient's data is taken for one that holds none.
///
/// A SMART token for one patient reaches, of a type the compartment holds, only the resources
/// that name the patient through one of the type's parameters; of a type it does not hold
/// (Medication, Practitioner), those that name no other patient.
public struct PatientCompartment: Sendable {
    /// The parameters of each type the compartment holds; empty when the release's search
    /// table cannot tell whose a resource of the type is.
    private let parameters: [String: [String]]
    /// Reference elements (`@securityContext`) through which a resource shares the compartment
    /// of the resource they name.
    private let elements: [String: [String]]

    /// Reads the table: a line per type, the type and then its parameters (or `@element`),
    /// separated by spaces; `#` starts a comment line.
    public init(table: String) {
        var parameters: [String: [String]] = [:]
        var elements: [String: [String]] = [:]
        for line in table.split(separator: "\n") where !line.hasPrefix("#") {
            let words = line.split(separator: " ").map(String.init)
            guard let type = words.first else { continue }
            let rest = words.dropFirst()
            parameters[type] = rest.filter { !$0.hasPrefix("@") }
            elements[type] = rest.filter { $0.hasPrefix("@") }.map { String($0.dropFirst()) }
        }
        self.parameters = parameters
        self.elements = elements
    }

    /// The parameters through which a resource of `type` names its patient, or nil when the
    /// type holds no patient's data. Empty: the type does, but none can be told whose.
    public func parameters(of type: String) -> [String]? {
        parameters[type]
    }

    /// The reference elements through which a resource of `type` shares the compartment of
    /// the resource they name (a Binary its `securityContext`'s).
    public func sharingElements(of type: String) -> [String] {
        elements[type] ?? []
    }

    /// The types the compartment holds.
    public var types: Dictionary<String, [String]>.Keys { parameters.keys }
}
